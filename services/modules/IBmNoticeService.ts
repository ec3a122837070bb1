// Message query (Base.Message.Query): the messages sent, read or unread, in the caller's organisations
// (a supplier's user: its own supplier's). Page mode 0 shows the caller's own messages, 1 everything in
// scope; tabs count unread and read. readnotice marks the caller's own messages read (someone else's
// message is "not found"); a stale version changes nothing.
import { AppError } from '../errors.js';
import { defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { standardMethods } from '../resource/methods.js';
import { get, inTransaction } from '../resource/resource.js';
import { updateRecord } from '../resource/save.js';
import { deleteBody } from '../resource/schemas.js';
import { DATE_RANGE_CONDITION, dateRangeWhere } from '../rules/query-rules.js';

export const NOTICE_QUERY_MENU = 'Base.Message.Query';

const text = { type: 'string', sortable: true } as const;

export const noticeResource = defineResource({
  table: 'bmNotice',
  menus: [NOTICE_QUERY_MENU],
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
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    noticeConfigNo: { field: 'noticeConfigNo', op: 'eq' },
    noticeType: { field: 'noticeType', op: 'eq' },
    receiverUserNo: { field: 'receiverUserNo', op: 'eq' },
    readStatus: { field: 'readStatus', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  defaultSort: { field: 'sendDate', order: 'desc' },
});

export const IBmNoticeService = defineService('IBmNoticeService', {
  ...standardMethods(noticeResource, {
    list: 'getbmnoticelistbyparams',
    get: 'getbmnoticebyid',
    listExtra: { ...DATE_RANGE_CONDITION, mine: { type: ['string', 'null'], enum: ['Y', 'N', '', null] } },
    listOptions: (body, ctx) => {
      const range = dateRangeWhere('t1.sendDate', body.condition);
      const mine = body.condition?.mine === 'Y';
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
    access: { kind: 'menu', menus: [NOTICE_QUERY_MENU], flag: 'isSearch' },
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
});
