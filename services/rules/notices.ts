// Sending messages (Base.Message.*): an event of an organisation sends, through every valid policy of
// that event, the policy's template (placeholders {{name}} filled from the event's values) to each of
// the policy's users: the users named, the users of the roles named, and, when the policy says so, the
// users of the document's supplier. One notice per user and policy; disabled users get nothing. Other
// services call sendNotice inside their own transaction when their event happens.
import type { Db } from '../db/database.js';

export interface NoticeEvent {
  orgNo: string;
  /** The event (bm_notice_config.notice_config_no), for example ASN_APPROVED. */
  noticeConfigNo: string;
  /** Values for the template's {{placeholders}}. */
  params?: Record<string, string | number>;
  /** The supplier the document belongs to: its users receive policies with toSupplier Y. */
  supplierNo?: string | null;
  /** Only this policy (the policy screen's test send). */
  policyNo?: string;
  /** Audit name of the sender. */
  sender?: string;
}

const splitCodes = (text: string | null | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Fills {{name}} from params; an unknown name stays as written, so a missing value is visible. */
export function renderTemplate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Sends the event's messages; answers how many notices were written. */
export async function sendNotice(db: Db, event: NoticeEvent): Promise<number> {
  const config = await db
    .selectFrom('bmNoticeConfig')
    .select('noticeConfigNo')
    .where('noticeConfigNo', '=', event.noticeConfigNo)
    .where('statusCode', '=', '1')
    .executeTakeFirst();
  if (!config) return 0;
  let policies = db
    .selectFrom('bmNoticePolicy as p')
    .innerJoin('bmNoticeTemplate as t', (j) =>
      j.onRef('t.noticeTemplateNo', '=', 'p.noticeTemplateNo').onRef('t.orgNo', '=', 'p.orgNo'),
    )
    .select([
      'p.policyNo',
      'p.receiverUsers',
      'p.receiverRoles',
      'p.toSupplier',
      't.noticeTemplateNo',
      't.noticeType',
      't.noticeTitle',
      't.content',
    ])
    .where('p.orgNo', '=', event.orgNo)
    .where('p.noticeConfigNo', '=', event.noticeConfigNo)
    .where('p.statusCode', '=', '1')
    .where('t.statusCode', '=', '1');
  if (event.policyNo) policies = policies.where('p.policyNo', '=', event.policyNo);
  let written = 0;
  for (const p of await policies.execute()) {
    const userNos = new Set(splitCodes(p.receiverUsers));
    const roles = splitCodes(p.receiverRoles);
    let users = db
      .selectFrom('sysUser as u')
      .select(['u.userNo', 'u.userName', 'u.supplierNo'])
      .where('u.statusCode', '=', '1')
      .where((eb) => {
        const any = [];
        if (userNos.size) any.push(eb('u.userNo', 'in', [...userNos]));
        if (roles.length)
          any.push(
            eb.exists(
              eb
                .selectFrom('sysUserRole as ur')
                .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
                .select('ur.userId')
                .whereRef('ur.userId', '=', 'u.id')
                .where('r.roleNo', 'in', roles)
                .where('r.statusCode', '=', '1'),
            ),
          );
        if (p.toSupplier === 'Y' && event.supplierNo) any.push(eb('u.supplierNo', '=', event.supplierNo));
        return any.length ? eb.or(any) : eb.val(false);
      });
    users = users.orderBy('u.userNo');
    const receivers = await users.execute();
    if (!receivers.length) continue;
    const noticeTitle = renderTemplate(p.noticeTitle, event.params);
    const content = renderTemplate(p.content, event.params);
    const now = new Date();
    const sender = event.sender ?? 'system';
    await db
      .insertInto('bmNotice')
      .values(
        receivers.map((u) => ({
          orgNo: event.orgNo,
          supplierNo: u.supplierNo,
          noticeConfigNo: event.noticeConfigNo,
          noticeTemplateNo: p.noticeTemplateNo,
          policyNo: p.policyNo,
          noticeType: p.noticeType,
          noticeTitle,
          content,
          receiverUserNo: u.userNo,
          receiverName: u.userName,
          sendDate: now,
          createName: sender,
          createDate: now,
          updateName: sender,
          updateDate: now,
        })),
      )
      .execute();
    written += receivers.length;
  }
  return written;
}
