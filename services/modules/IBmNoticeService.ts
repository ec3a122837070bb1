// Message query (Base.Message.Query): the messages sent, read or unread, in the caller's organisations;
// a supplier's user sees only the messages sent to itself, through every call. Page mode 0 shows the
// caller's own messages, 1 everything in scope; tabs count unread and read; the e-mail delivery state
// (queued, sent, failed with its error and attempts) is shown beside each message. readnotice marks the
// caller's own messages read (someone else's message is "not found"); a stale version changes nothing.
//
// The inbox (the bell of the top bar, any logged-in user, own messages only): getmynoticesummary
// answers the unread count and the latest messages (and records the language the caller uses, the one
// its messages are written in from then on); readmynotice marks own messages read, some or all. The
// "all messages" page (Index.Message.List) is the message query limited to the caller's own.
// hand-written SQL: marking some or all of the caller's own messages read is one set-based update
import { sql } from 'kysely';
import { AppError } from '../errors.js';
import type { Language } from '../i18n.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { ORG_NAMED, SUPPLIER_REFERENCE } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { get, inTransaction } from '../resource/resource.js';
import { updateRecord } from '../resource/save.js';
import { deleteBody } from '../resource/schemas.js';
import { DATE_RANGE_CONDITION, dateRangeWhere } from '../rules/query-rules.js';

export const NOTICE_QUERY_MENU = 'Base.Message.Query';
/** Every user's own messages: the bell's "all messages". */
export const MY_NOTICE_MENU = 'Index.Message.List';
/** How many of the latest messages the bell shows. */
export const INBOX_LATEST = 8;

const text = { type: 'string', sortable: true } as const;

export const noticeResource = defineResource({
  table: 'bmNotice',
  menus: [NOTICE_QUERY_MENU, MY_NOTICE_MENU],
  fields: {
    orgNo: text,
    supplierNo: text,
    noticeConfigNo: text,
    noticeTemplateNo: text,
    policyNo: text,
    noticeType: { type: 'string', sortable: true, enum: ['1', '2', '3'], dictionary: 'NOTICE_TYPE' },
    noticeTitle: { type: 'string', sortable: true, keyword: true },
    content: { type: 'string', keyword: true },
    receiverUserNo: { type: 'string', sortable: true, keyword: true },
    receiverName: text,
    sendDate: { type: 'datetime', sortable: true },
    readStatus: { type: 'string', sortable: true, enum: ['0', '1'], dictionary: 'READ_STATUS' },
    readDate: { type: 'datetime', sortable: true },
    docKind: text,
    docNo: { type: 'string', sortable: true, keyword: true },
    docId: { type: 'string' },
    link: { type: 'string' },
    mailTo: text,
    mailStatus: { type: 'string', sortable: true, enum: ['queued', 'sent', 'failed'] },
    mailAttempts: { type: 'integer', sortable: true },
    mailError: { type: 'string' },
    mailSentAt: { type: 'datetime', sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    noticeConfigNo: { field: 'noticeConfigNo', op: 'eq' },
    noticeType: { field: 'noticeType', op: 'eq' },
    receiverUserNo: { field: 'receiverUserNo', op: 'eq' },
    readStatus: { field: 'readStatus', op: 'eq' },
    mailStatus: { field: 'mailStatus', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  references: { orgNo: ORG_NAMED, supplierNo: { ...SUPPLIER_REFERENCE, checked: false } },
  // A supplier's user: only the messages sent to itself, not its colleagues'.
  audience: (ctx, q) => (ctx.user?.scope.supplierNo ? q.where('t1.receiverUserNo', '=', ctx.user.userNo) : q),
  defaultSort: { field: 'sendDate', order: 'desc' },
});

const IDS = {
  type: 'array',
  minItems: 1,
  maxItems: 200,
  items: { type: 'string', format: 'uuid' },
} as const;

/** The caller's unread count and latest messages: what the bell shows. */
export async function inboxSummary(ctx: Pick<CallContext, 'db'>, userNo: string) {
  const [count, latest] = await Promise.all([
    ctx.db
      .selectFrom('bmNotice')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('receiverUserNo', '=', userNo)
      .where('readStatus', '=', '0')
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('bmNotice')
      .select([
        'id',
        'version',
        'noticeTitle',
        'content',
        'sendDate',
        'readStatus',
        'noticeConfigNo',
        'docKind',
        'docNo',
        'link',
      ])
      .where('receiverUserNo', '=', userNo)
      .orderBy('sendDate', 'desc')
      .orderBy('id', 'desc')
      .limit(INBOX_LATEST)
      .execute(),
  ]);
  return { unread: Number(count.n), latest };
}

export const IBmNoticeService = defineService('IBmNoticeService', {
  ...standardMethods(noticeResource, {
    list: 'getbmnoticelistbyparams',
    get: 'getbmnoticebyid',
    listExtra: {
      ...DATE_RANGE_CONDITION,
      mine: { type: ['string', 'null'], enum: ['Y', 'N', '', null] },
    },
    listOptions: (body, ctx) => {
      const range = dateRangeWhere('t1.sendDate', body.condition);
      const mine = body.condition?.mine === 'Y' || ctx.menuNo === MY_NOTICE_MENU;
      return {
        where: (q) => {
          const out = range ? range(q) : q;
          return mine ? out.where('t1.receiverUserNo', '=', ctx.user?.userNo ?? '') : out;
        },
      };
    },
  }),

  /** Marks the caller's own messages read, all or none. */
  readnotice: defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
    body: deleteBody(),
    resource: noticeResource,
    access: { kind: 'menu', menus: [NOTICE_QUERY_MENU, MY_NOTICE_MENU], flag: 'isSearch' },
    handler: (ctx, body) =>
      inTransaction(ctx, async (txCtx) => {
        let read = 0;
        for (const { id, version } of body.condition.delList) {
          const notice = await get(noticeResource, txCtx, id);
          if (notice.receiverUserNo !== ctx.user?.userNo) throw new AppError('notFound');
          if (notice.readStatus === '1') continue;
          await updateRecord(
            noticeResource,
            txCtx,
            { id, version },
            { readStatus: '1', readDate: new Date() },
          );
          read++;
        }
        return { read };
      }),
  }),

  /** The bell: the caller's unread count and latest messages; records the caller's language. */
  getmynoticesummary: defineMethod<Record<string, never>>({
    body: { type: 'object', properties: { condition: { type: ['object', 'null'] } } },
    access: { kind: 'user' },
    handler: async (ctx) => {
      const user = ctx.user!;
      await rememberLanguage(ctx, user.id, ctx.lang);
      return inboxSummary(ctx, user.userNo);
    },
  }),

  /**
   * Marks the caller's own messages read: the ones named (ids of anyone else's change nothing) or, with
   * all Y, every unread one. Reading is the receiver's own mark, so no version is asked for.
   */
  readmynotice: defineMethod<{ condition: { ids?: string[]; all?: 'Y' } }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          additionalProperties: false,
          properties: { ids: IDS, all: { type: 'string', enum: ['Y'] } },
          anyOf: [{ required: ['ids'] }, { required: ['all'] }],
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const user = ctx.user!;
      let q = ctx.db
        .updateTable('bmNotice')
        .set({
          readStatus: '1',
          readDate: new Date(),
          version: sql`version + 1`,
          updateName: user.userName,
          updateDate: new Date(),
        })
        .where('receiverUserNo', '=', user.userNo)
        .where('readStatus', '=', '0');
      if (body.condition.all !== 'Y') q = q.where('id', 'in', body.condition.ids ?? []);
      const result = await q.executeTakeFirst();
      const read = Number(result.numUpdatedRows);
      const inbox = await inboxSummary(ctx, user.userNo);
      // The user's other tabs (and other browsers) show the new count too, not only this one.
      if (read > 0) ctx.live?.inboxChanged(user.id, inbox);
      return { read, ...inbox };
    },
  }),
});

async function rememberLanguage(ctx: CallContext, userId: string, lang: Language): Promise<void> {
  await ctx.db
    .updateTable('sysUser')
    .set({ language: lang })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('language', 'is', null), eb('language', '<>', lang)]))
    .execute();
}
