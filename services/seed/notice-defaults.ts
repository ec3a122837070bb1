// Default message templates and policies, so a new organisation sends messages from the start: once per
// organisation (a sys_seed marker), so what an administrator changes or deletes afterwards stays so.
// A template's title and text are locale keys (notify.text.<event>.title / .content): each receiver reads
// them in its own language. An event the organisation already has a policy for gets no default policy.
import type { Db } from '../db/database.js';
import { initCursor } from '../notify/dispatcher.js';
import { seedOnce } from './once.js';

interface DefaultPolicy {
  event: string;
  /** The template's title and text: locale keys, read in each receiver's language. */
  title: string;
  content: string;
  name: string;
  /** 1 site message, 2 e-mail (also e-mailed). */
  noticeType: '1' | '2';
  toSupplier?: boolean;
  roles?: string;
  remark?: string;
}

const BASE_POLICIES: DefaultPolicy[] = [
  {
    event: 'PO_PUBLISHED',
    title: 'notify.text.PO_PUBLISHED.title',
    content: 'notify.text.PO_PUBLISHED.content',
    name: 'New purchase order to its supplier',
    noticeType: '1',
    toSupplier: true,
  },
  {
    event: 'PO_CHANGED',
    title: 'notify.text.PO_CHANGED.title',
    content: 'notify.text.PO_CHANGED.content',
    name: 'Changed purchase order to its supplier',
    noticeType: '1',
    toSupplier: true,
  },
  {
    event: 'PO_ANSWER_OVERDUE',
    title: 'notify.text.PO_ANSWER_OVERDUE.title',
    content: 'notify.text.PO_ANSWER_OVERDUE.content',
    name: 'Overdue answer to the supplier and purchasing',
    noticeType: '1',
    toSupplier: true,
    roles: 'buyer',
  },
  {
    event: 'PO_DATE_CHANGE_REQUESTED',
    title: 'notify.text.PO_DATE_CHANGE_REQUESTED.title',
    content: 'notify.text.PO_DATE_CHANGE_REQUESTED.content',
    name: 'Date change request to purchasing',
    noticeType: '1',
    roles: 'buyer',
  },
  {
    event: 'PO_DATE_CHANGE_APPROVED',
    title: 'notify.text.PO_DATE_CHANGE_APPROVED.title',
    content: 'notify.text.PO_DATE_CHANGE_APPROVED.content',
    name: 'Date change approved to the supplier',
    noticeType: '1',
    toSupplier: true,
  },
  {
    event: 'PO_DATE_CHANGE_REJECTED',
    title: 'notify.text.PO_DATE_CHANGE_REJECTED.title',
    content: 'notify.text.PO_DATE_CHANGE_REJECTED.content',
    name: 'Date change rejected to the supplier',
    noticeType: '1',
    toSupplier: true,
  },
  {
    event: 'ASN_SUBMITTED',
    title: 'notify.text.ASN_SUBMITTED.title',
    content: 'notify.text.ASN_SUBMITTED.content',
    name: 'Delivery notice to approve to purchasing',
    noticeType: '1',
    roles: 'buyer',
  },
  {
    event: 'ASN_APPROVED',
    title: 'notify.text.ASN_APPROVED.title',
    content: 'notify.text.ASN_APPROVED.content',
    name: 'Delivery notice approved to the supplier',
    noticeType: '1',
    toSupplier: true,
  },
  {
    event: 'ASN_REJECTED',
    title: 'notify.text.ASN_REJECTED.title',
    content: 'notify.text.ASN_REJECTED.content',
    name: 'Delivery notice rejected to the supplier (e-mail)',
    noticeType: '2',
    toSupplier: true,
  },
  {
    event: 'RECEIPT_DONE',
    title: 'notify.text.RECEIPT_DONE.title',
    content: 'notify.text.RECEIPT_DONE.content',
    name: 'Goods received to the supplier',
    noticeType: '1',
    toSupplier: true,
  },
  {
    event: 'NEWS_PUBLISHED',
    title: 'notify.text.NEWS_PUBLISHED.title',
    content: 'notify.text.NEWS_PUBLISHED.content',
    name: 'Announcement to its readers',
    noticeType: '1',
    toSupplier: true,
    remark:
      "Receivers are the announcement's target: everyone, all suppliers, chosen suppliers or internal users.",
  },
];

/** A supplier's material and lot qualifications (delivery approvals): to purchasing, and decisions back. */
const QUALIFICATION_POLICIES: DefaultPolicy[] = [
  {
    event: 'DA_SUBMITTED',
    title: 'notify.text.DA_SUBMITTED.title',
    content: 'notify.text.DA_SUBMITTED.content',
    name: 'Delivery approval to decide to purchasing',
    noticeType: '1',
    roles: 'buyer',
  },
  {
    event: 'DA_APPROVED',
    title: 'notify.text.DA_APPROVED.title',
    content: 'notify.text.DA_APPROVED.content',
    name: 'Delivery approval approved to the supplier',
    noticeType: '1',
    toSupplier: true,
  },
  {
    event: 'DA_REJECTED',
    title: 'notify.text.DA_REJECTED.title',
    content: 'notify.text.DA_REJECTED.content',
    name: 'Delivery approval rejected to the supplier',
    noticeType: '1',
    toSupplier: true,
  },
  {
    event: 'DA_VOIDED',
    title: 'notify.text.DA_VOIDED.title',
    content: 'notify.text.DA_VOIDED.content',
    name: 'Delivery approval voided to the supplier',
    noticeType: '1',
    toSupplier: true,
  },
];

/** A supplier's answer change requests (after acceptance): to purchasing, and decisions back. */
const ANSWER_CHANGE_POLICIES: DefaultPolicy[] = [
  {
    event: 'PO_ANSWER_CHANGE_REQUESTED',
    title: 'notify.text.PO_ANSWER_CHANGE_REQUESTED.title',
    content: 'notify.text.PO_ANSWER_CHANGE_REQUESTED.content',
    name: 'Answer change request to purchasing',
    noticeType: '1',
    roles: 'buyer',
  },
  {
    event: 'PO_ANSWER_CHANGE_APPROVED',
    title: 'notify.text.PO_ANSWER_CHANGE_APPROVED.title',
    content: 'notify.text.PO_ANSWER_CHANGE_APPROVED.content',
    name: 'Answer change approved to the supplier',
    noticeType: '1',
    toSupplier: true,
  },
  {
    event: 'PO_ANSWER_CHANGE_REJECTED',
    title: 'notify.text.PO_ANSWER_CHANGE_REJECTED.title',
    content: 'notify.text.PO_ANSWER_CHANGE_REJECTED.content',
    name: 'Answer change rejected to the supplier',
    noticeType: '1',
    toSupplier: true,
  },
];

/**
 * The defaults by the seed that brings them: each set is added once per organisation (marker
 * `<set>:<orgNo>`), to organisations that predate it too, so a later set reaches existing sites.
 */
const POLICY_SETS: Record<string, DefaultPolicy[]> = {
  'notice-defaults': BASE_POLICIES,
  'notice-defaults-qualification': QUALIFICATION_POLICIES,
  'notice-defaults-answer-change': ANSWER_CHANGE_POLICIES,
};

export async function seedNoticeDefaults(db: Db): Promise<void> {
  const orgs = await db.selectFrom('bmOrg').select('orgNo').execute();
  for (const { orgNo } of orgs)
    for (const [set, policies] of Object.entries(POLICY_SETS))
      await db.transaction().execute(async (tx) => {
        if (!(await seedOnce(tx, `${set}:${orgNo}`))) return;
        const audit = { createName: 'system', updateName: 'system' };
        await tx
          .insertInto('bmNoticeTemplate')
          .values(
            policies.map((p) => ({
              orgNo,
              noticeTemplateNo: `SYS-${p.event}`,
              noticeTemplateName: p.name,
              noticeType: p.noticeType,
              noticeTitle: p.title,
              content: p.content,
              remark: 'Title and text are locale keys: each receiver reads them in its own language.',
              ...audit,
            })),
          )
          .onConflict((oc) => oc.columns(['noticeTemplateNo', 'orgNo']).doNothing())
          .execute();
        const covered = new Set(
          (
            await tx
              .selectFrom('bmNoticePolicy')
              .select('noticeConfigNo')
              .where('orgNo', '=', orgNo)
              .execute()
          ).map((r) => r.noticeConfigNo),
        );
        const missing = policies.filter((p) => !covered.has(p.event));
        if (missing.length)
          await tx
            .insertInto('bmNoticePolicy')
            .values(
              missing.map((p) => ({
                orgNo,
                policyNo: `SYS-${p.event}`,
                policyName: p.name,
                noticeConfigNo: p.event,
                noticeTemplateNo: `SYS-${p.event}`,
                receiverRoles: p.roles ?? null,
                toSupplier: p.toSupplier ? 'Y' : 'N',
                remark: p.remark ?? null,
                ...audit,
              })),
            )
            .onConflict((oc) => oc.columns(['policyNo', 'orgNo']).doNothing())
            .execute();
      });
  // Events written before the dispatcher first ran (the demo's own history) send nothing.
  await initCursor(db);
}
