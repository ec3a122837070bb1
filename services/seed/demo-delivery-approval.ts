// Demo delivery approvals, once (own marker, so a database seeded before they existed gets them at its
// next start): supplier1's steel bracket M-2001 in SH01 needs delivery approval (a delivery rule of the
// item), and its lots stand in every state, each with a test report in the file store: approved (the lot
// its shipped notice carries), approved but expired, pending (the lot of its pending notice), rejected
// with the purchaser's reason, voided, and a draft; supplier2 has one approved and one pending in HN01.
// The approved lot is valid over a wide period, so notices of the bracket without a lot ship as before.
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import { documentNumber } from '../document/lifecycle.js';
import { ContentWriter } from '../files/store.js';
import { DELIVERY_APPROVAL, deliveryApprovalResource } from '../modules/ISrmDeliveryApprovalService.js';
import { seedOnce } from './once.js';

type Step = { name: 'submit' | 'approve' | 'reject' | 'void'; reason?: string };

interface DemoApproval {
  supplierNo: 'SUP001' | 'SUP002';
  orgNo: string;
  itemNo: string;
  lotNo: string | null;
  validFrom: string;
  validTo: string;
  path: Step[];
  remark?: string;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
/** The widest demo period starts well before any date the demo's notices carry. */
const longAgo = [day(-400), '2026-01-01'].sort()[0];

const BUYER = { userNo: 'buyer', userName: 'Wang Li (purchasing)' };
const USERS = {
  SUP001: { userNo: 'supplier1', userName: 'Acme sales desk' },
  SUP002: { userNo: 'supplier2', userName: 'Delta sales desk' },
};

const DEMO: DemoApproval[] = [
  {
    supplierNo: 'SUP001',
    orgNo: 'SH01',
    itemNo: 'M-2001',
    lotNo: 'L2611-07',
    validFrom: longAgo,
    validTo: day(365),
    path: [{ name: 'submit' }, { name: 'approve' }],
    remark: 'Salt-spray test 480 h passed.',
  },
  {
    supplierNo: 'SUP001',
    orgNo: 'SH01',
    itemNo: 'M-2001',
    lotNo: 'L2605-02',
    validFrom: day(-200),
    validTo: day(-10),
    path: [{ name: 'submit' }, { name: 'approve' }],
  },
  {
    supplierNo: 'SUP001',
    orgNo: 'SH01',
    itemNo: 'M-2001',
    lotNo: 'L2611-12',
    validFrom: day(-5),
    validTo: day(180),
    path: [{ name: 'submit' }],
  },
  {
    supplierNo: 'SUP001',
    orgNo: 'SH01',
    itemNo: 'M-2001',
    lotNo: 'L2610-30',
    validFrom: day(-30),
    validTo: day(150),
    path: [
      { name: 'submit' },
      { name: 'reject', reason: 'The salt-spray report is older than six months: test the lot again.' },
    ],
  },
  {
    supplierNo: 'SUP001',
    orgNo: 'SH01',
    itemNo: 'M-2001',
    lotNo: 'L2609-15',
    validFrom: day(-60),
    validTo: day(120),
    path: [
      { name: 'submit' },
      { name: 'approve' },
      { name: 'void', reason: 'Corrosion found on lot L2609-15 at incoming inspection.' },
    ],
  },
  {
    supplierNo: 'SUP001',
    orgNo: 'SH01',
    itemNo: 'M-2001',
    lotNo: 'L2612-01',
    validFrom: day(3),
    validTo: day(200),
    path: [],
  },
  {
    supplierNo: 'SUP002',
    orgNo: 'HN01',
    itemNo: 'H-3002',
    lotNo: 'HN-0311',
    validFrom: day(-20),
    validTo: day(340),
    path: [{ name: 'submit' }, { name: 'approve' }],
  },
  {
    supplierNo: 'SUP002',
    orgNo: 'HN01',
    itemNo: 'H-3002',
    lotNo: null,
    validFrom: day(0),
    validTo: day(365),
    path: [{ name: 'submit' }],
  },
];

/** A short test report in the file store, the supplier's user's own file (as an upload leaves it). */
async function report(tx: Db, a: DemoApproval, userId: string | null, userOrg: string): Promise<string> {
  const text = `Test report\nItem ${a.itemNo}${a.lotNo ? `, lot ${a.lotNo}` : ''}\nResult: conforming\n`;
  const bytes = Buffer.from(text, 'utf8');
  const writer = new ContentWriter(tx);
  await writer.write(bytes);
  const written = await writer.finish();
  await tx
    .updateTable('sysFileContent')
    .set({ status: 'ready' })
    .where('id', '=', written.contentId)
    .execute();
  const { userName } = USERS[a.supplierNo];
  const { id } = await tx
    .insertInto('sysFile')
    .values({
      contentId: written.contentId,
      originalName: `report-${a.itemNo}${a.lotNo ? `-${a.lotNo}` : ''}.txt`,
      fileExt: 'txt',
      contentType: 'text/plain; charset=utf-8',
      sizeBytes: written.size,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      module: 'attachment',
      ownerUserId: userId,
      orgNo: userOrg,
      supplierNo: a.supplierNo,
      createName: userName,
      updateName: userName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The demo delivery approvals and the rule that asks for them, once (marker demo-delivery-approval). */
export async function seedDeliveryApprovalDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await seedOnce(tx, 'demo-delivery-approval'))) return false;
    const items = await tx
      .selectFrom('bmItem')
      .select(['orgNo', 'itemNo'])
      .where('itemNo', 'in', [...new Set(DEMO.map((a) => a.itemNo))])
      .execute();
    const known = new Set(items.map((i) => `${i.orgNo}/${i.itemNo}`));
    // The bracket of SH01 ships only under an approved delivery approval.
    if (known.has('SH01/M-2001'))
      await tx
        .insertInto('srmDeliveryRule')
        .values({
          orgNo: 'SH01',
          itemNo: 'M-2001',
          needDeliveryApproval: 'Y',
          remark: 'Lot-controlled: every lot qualified before it ships.',
          createName: BUYER.userName,
          updateName: BUYER.userName,
        })
        .onConflict((oc) => oc.column('ruleKey').doNothing())
        .execute();
    const users = new Map(
      (
        await tx
          .selectFrom('sysUser')
          .select(['id', 'userNo', 'orgNo'])
          .where('userNo', 'in', ['supplier1', 'supplier2'])
          .execute()
      ).map((u) => [u.userNo, u]),
    );
    const doc = deliveryApprovalResource.document!;
    for (const [n, a] of DEMO.entries()) {
      if (!known.has(`${a.orgNo}/${a.itemNo}`)) continue;
      const supplier = USERS[a.supplierNo];
      const user = users.get(supplier.userNo);
      const reportId = await report(tx, a, user?.id ?? null, user?.orgNo ?? a.orgNo);
      const last = a.path.at(-1);
      const status = last ? doc.transitions[last.name].to : DELIVERY_APPROVAL.draft;
      const approved = a.path.some((p) => p.name === 'approve');
      const approvalNo = await documentNumber(tx, doc, a.orgNo);
      const { id } = await tx
        .insertInto('srmDeliveryApproval')
        .values({
          approvalNo,
          orgNo: a.orgNo,
          supplierNo: a.supplierNo,
          itemNo: a.itemNo,
          lotNo: a.lotNo,
          validFrom: a.validFrom,
          validTo: a.validTo,
          status,
          reportIds: reportId,
          remark: a.remark ?? null,
          lastReason: last?.reason ?? null,
          submitName: a.path.length ? supplier.userName : null,
          submitDate: a.path.length ? at(10 - n) : null,
          approveName: approved ? BUYER.userName : null,
          approveDate: approved ? at(8 - n) : null,
          version: 1 + a.path.length,
          createName: supplier.userName,
          updateName: last && last.name !== 'submit' ? BUYER.userName : supplier.userName,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let from: string = DELIVERY_APPROVAL.draft;
      for (const [step, p] of a.path.entries()) {
        const to = doc.transitions[p.name].to;
        const who = p.name === 'submit' ? supplier : BUYER;
        await tx
          .insertInto('sysDocHistory')
          .values({
            docKind: doc.kind,
            docId: id,
            docNo: approvalNo,
            transition: p.name,
            fromStatus: from,
            toStatus: to,
            reason: p.reason ?? null,
            userNo: who.userNo,
            userName: who.userName,
            createDate: at(10 - n - step),
          })
          .execute();
        from = to;
      }
    }
    return true;
  });
}
