// Sending messages (Base.Message.*): an event of an organisation sends, through every valid policy of
// that event, the policy's template (placeholders {{name}} filled from the event's values) to each of
// the policy's receivers: the users named, the users of the roles named, the users of the organisations
// named and, when the policy says so, the users of the document's supplier. An event with an audience of
// its own (an announcement's target) goes to that audience instead, through the policy's template.
//
// A supplier's user only ever receives messages about its own supplier's documents: whoever a policy
// names, a user of another supplier is left out (and an event without a supplier reaches no supplier's
// user unless its audience names that supplier). Disabled users get nothing. One message per receiver
// and policy, in the receiver's language (a template whose title or text is a `notify.` locale key is
// translated; any other text is sent as written), with the document and the page that opens it for the
// receiver's side. A policy whose template is an e-mail (noticeType 2) also queues the message for the
// mail worker (services/notify/mail.ts). Other services call sendNotice inside their own transaction.
import type { Db } from '../db/database.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, translator } from '../i18n.js';

export interface NoticeDoc {
  /** The document kind of the platform (asn, purchaseOrder, purchaseDateChange, news, ...). */
  kind: string;
  id: string;
  no?: string | null;
  /** The page that opens it, per side of the receiver; absent: no link. */
  link?: { supplier?: string | null; purchaser?: string | null };
}

export interface NoticeAudience {
  /** The purchaser side's users (users without a supplier) of the event's organisation. */
  internal: boolean;
  /** Suppliers whose users receive: all of them, or the ones named. */
  suppliers: 'all' | readonly string[];
}

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
  doc?: NoticeDoc;
  /** The receivers, instead of the policy's (an announcement's target). */
  audience?: NoticeAudience;
  /** The outbox event the message comes from. */
  eventId?: string | number;
}

/** A user a message was written for. */
export interface NoticeReceiver {
  userId: string;
  userNo: string;
}

/** The template type whose messages are also e-mailed. */
export const EMAIL_NOTICE_TYPE = '2';
/** Seeded templates name locale keys with this prefix; their text is the receiver's language's. */
export const TEMPLATE_KEY_PREFIX = 'notify.';

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

const languageOf = (value: string | null | undefined): Language =>
  LANGUAGES.includes(value as Language) ? (value as Language) : DEFAULT_LANGUAGE;

/** A template text in a language: a `notify.` key is looked up, anything else is the text itself. */
export function templateText(text: string, lang: Language): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith(TEMPLATE_KEY_PREFIX) || /\s/.test(trimmed)) return text;
  const found = translator(lang)(trimmed, { skipInterpolation: true, defaultValue: '' });
  return found || text;
}

/** Sends the event's messages; answers how many were written. */
export async function sendNotice(db: Db, event: NoticeEvent): Promise<number> {
  return (await deliverNotice(db, event)).length;
}

/** Sends the event's messages; answers one entry per message written (a user may have several). */
export async function deliverNotice(db: Db, event: NoticeEvent): Promise<NoticeReceiver[]> {
  const config = await db
    .selectFrom('bmNoticeConfig')
    .select('noticeConfigNo')
    .where('noticeConfigNo', '=', event.noticeConfigNo)
    .where('statusCode', '=', '1')
    .executeTakeFirst();
  if (!config) return [];
  let policies = db
    .selectFrom('bmNoticePolicy as p')
    .innerJoin('bmNoticeTemplate as t', (j) =>
      j.onRef('t.noticeTemplateNo', '=', 'p.noticeTemplateNo').onRef('t.orgNo', '=', 'p.orgNo'),
    )
    .select([
      'p.policyNo',
      'p.receiverUsers',
      'p.receiverRoles',
      'p.receiverOrgs',
      'p.toSupplier',
      't.noticeTemplateNo',
      't.noticeType',
      't.noticeTitle',
      't.content',
    ])
    .where('p.orgNo', '=', event.orgNo)
    .where('p.noticeConfigNo', '=', event.noticeConfigNo)
    .where('p.statusCode', '=', '1')
    .where('t.statusCode', '=', '1')
    .orderBy('p.policyNo');
  if (event.policyNo) policies = policies.where('p.policyNo', '=', event.policyNo);
  const sent: NoticeReceiver[] = [];
  for (const p of await policies.execute()) {
    const userNos = splitCodes(p.receiverUsers);
    const roles = splitCodes(p.receiverRoles);
    const orgs = splitCodes(p.receiverOrgs);
    const audience = event.audience;
    const receivers = await db
      .selectFrom('sysUser as u')
      .select(['u.id', 'u.userNo', 'u.userName', 'u.supplierNo', 'u.email', 'u.language'])
      .where('u.statusCode', '=', '1')
      .where((eb) => {
        if (audience) {
          const any = [];
          if (audience.internal)
            any.push(
              eb.and([
                eb('u.supplierNo', 'is', null),
                eb.or([
                  eb('u.orgNo', '=', event.orgNo),
                  eb('u.scopeAll', '=', true),
                  eb.exists(
                    eb
                      .selectFrom('sysUserData as d')
                      .select('d.userId')
                      .whereRef('d.userId', '=', 'u.id')
                      .where('d.dataType', '=', 1)
                      .where('d.dataValue', '=', event.orgNo),
                  ),
                ]),
              ]),
            );
          if (audience.suppliers === 'all') any.push(eb('u.supplierNo', 'is not', null));
          else if (audience.suppliers.length) any.push(eb('u.supplierNo', 'in', [...audience.suppliers]));
          return any.length ? eb.or(any) : eb.val(false);
        }
        const any = [];
        if (userNos.length) any.push(eb('u.userNo', 'in', userNos));
        if (orgs.length) any.push(eb('u.orgNo', 'in', orgs));
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
        if (!any.length) return eb.val(false);
        // Never a user of another supplier, whoever the policy names.
        const ownSide = event.supplierNo
          ? eb.or([eb('u.supplierNo', 'is', null), eb('u.supplierNo', '=', event.supplierNo)])
          : eb('u.supplierNo', 'is', null);
        return eb.and([eb.or(any), ownSide]);
      })
      .orderBy('u.userNo')
      .execute();
    if (!receivers.length) continue;
    const now = new Date();
    const sender = event.sender ?? 'system';
    const byEmail = p.noticeType === EMAIL_NOTICE_TYPE;
    const rendered = new Map<Language, { title: string; content: string }>();
    const textIn = (lang: Language) => {
      let r = rendered.get(lang);
      if (!r) {
        r = {
          title: renderTemplate(templateText(p.noticeTitle, lang), event.params),
          content: renderTemplate(templateText(p.content, lang), event.params),
        };
        rendered.set(lang, r);
      }
      return r;
    };
    await db
      .insertInto('bmNotice')
      .values(
        receivers.map((u) => {
          const text = textIn(languageOf(u.language));
          const link = u.supplierNo ? event.doc?.link?.supplier : event.doc?.link?.purchaser;
          const email = u.email?.trim();
          return {
            orgNo: event.orgNo,
            supplierNo: u.supplierNo,
            noticeConfigNo: event.noticeConfigNo,
            noticeTemplateNo: p.noticeTemplateNo,
            policyNo: p.policyNo,
            noticeType: p.noticeType,
            noticeTitle: text.title.slice(0, 500),
            content: text.content,
            receiverUserNo: u.userNo,
            receiverName: u.userName,
            sendDate: now,
            docKind: event.doc?.kind ?? null,
            docId: event.doc?.id ?? null,
            docNo: event.doc?.no ?? null,
            link: link ?? null,
            eventId: event.eventId === undefined ? null : Number(event.eventId),
            ...(byEmail
              ? email
                ? { mailTo: email, mailStatus: 'queued', mailNextAt: now }
                : { mailStatus: 'failed', mailError: 'The receiver has no e-mail address.' }
              : {}),
            createName: sender,
            createDate: now,
            updateName: sender,
            updateDate: now,
          };
        }),
      )
      .execute();
    for (const u of receivers) sent.push({ userId: u.id, userNo: u.userNo });
  }
  return sent;
}
