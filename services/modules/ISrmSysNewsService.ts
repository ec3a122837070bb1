// Announcements (spec 001 sections 3 and 4; `ISrmSysNewsService` of section 7): a document with a
// number, a title, a text, a top flag, a publish target and a validity period. Draft (0) → published
// (1) → cancelled (2, with a reason); only drafts can be modified or deleted. Purchasers manage them
// on Offsite.Announcement.News; a supplier's user sees only published announcements meant for it
// (everyone, all suppliers, or its own supplier among the chosen ones), through every call.
// hand-written SQL: the audience and the publish guard read the chosen suppliers of an announcement
import { sql } from 'kysely';
import type { Guard } from '../document/define.js';
import { documentMethods } from '../document/methods.js';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { dictionary, ORG_NO, refCode, text, yesNo } from '../resource/field-kinds.js';
import { linesListMethod, standardMethods } from '../resource/methods.js';

export const NEWS_MENU = 'Offsite.Announcement.News';
export const NEWS_TARGET = { everyone: '1', suppliers: '2', chosen: '3', internal: '4' } as const;

export const newsSupplierResource = defineResource({
  table: 'srmSysNewsSupplier',
  menus: [NEWS_MENU],
  defaultSort: { field: 'seqNo', order: 'asc' },
  fields: {
    newsId: { type: 'string' },
    seqNo: { type: 'integer', sortable: true },
    supplierNo: refCode(true),
  },
  // A chosen supplier exists and is valid (checked when its line is new or changed).
  references: { supplierNo: { table: 'bmSupplier', column: 'supplierNo' } },
  // A supplier's user sees its own line only: which other suppliers were chosen is not its business.
  audience: (ctx, q) => {
    const supplierNo = ctx.user?.scope.supplierNo;
    return supplierNo ? q.where('t1.supplierNo', '=', supplierNo) : q;
  },
});

/** Publishing needs a text, a validity that has not ended and, for chosen suppliers, at least one. */
const publishable: Guard = {
  name: 'publishable',
  problems: ['newsNoContent', 'newsExpired', 'newsNoSuppliers'],
  async check(ctx, rows) {
    const today = new Date().toISOString().slice(0, 10);
    const chosen = rows.filter((r) => r.publishTarget === NEWS_TARGET.chosen).map((r) => r.id as string);
    const withSuppliers = new Set(
      chosen.length
        ? (
            await ctx.db
              .selectFrom('srmSysNewsSupplier')
              .select('newsId')
              .distinct()
              .where('newsId', 'in', chosen)
              .execute()
          ).map((r) => r.newsId)
        : [],
    );
    return rows.flatMap((row) => {
      const id = row.id as string;
      if (!String(row.content ?? '').trim()) return [{ id, problem: 'newsNoContent' }];
      if (row.validTo && String(row.validTo) < today)
        return [{ id, problem: 'newsExpired', params: { date: String(row.validTo) } }];
      if (row.publishTarget === NEWS_TARGET.chosen && !withSuppliers.has(id))
        return [{ id, problem: 'newsNoSuppliers' }];
      return [];
    });
  },
};

export const newsResource = defineResource({
  table: 'srmSysNews',
  menus: [NEWS_MENU],
  fields: {
    newsNo: { type: 'string', keyword: true, sortable: true },
    orgNo: ORG_NO,
    title: text(100, { required: true, keyword: true }),
    content: { type: 'string', write: 'always', maxLength: 20000 },
    isTop: yesNo('N'),
    publishTarget: dictionary('NEWS_PUBLISH_TARGET', NEWS_TARGET.suppliers),
    validFrom: { type: 'date', write: 'always', sortable: true },
    validTo: { type: 'date', write: 'always', sortable: true },
    status: { type: 'string', enum: ['0', '1', '2'], sortable: true, dictionary: 'NEWS_STATUS' },
    lastReason: { type: 'string', sortable: true },
    publishDate: { type: 'datetime', sortable: true },
    publishName: { type: 'string', sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    newsNo: { field: 'newsNo', op: 'contains' },
    title: { field: 'title', op: 'contains' },
    status: { field: 'status', op: 'eq' },
    publishTarget: { field: 'publishTarget', op: 'eq' },
    isTop: { field: 'isTop', op: 'eq' },
    publishDateFrom: { field: 'publishDate', op: 'gte' },
    publishDateTo: { field: 'publishDate', op: 'lte' },
  },
  ordered: [['validFrom', 'validTo']],
  scope: { org: 'orgNo' },
  customFields: true,
  // A supplier's user: published announcements for everyone, for all suppliers, or naming its supplier.
  audience: (ctx, q) => {
    const supplierNo = ctx.user?.scope.supplierNo;
    if (!supplierNo) return q;
    return q
      .where('t1.status', '=', '1')
      .where((eb) =>
        eb.or([
          eb('t1.publishTarget', 'in', [NEWS_TARGET.everyone, NEWS_TARGET.suppliers]),
          eb.and([
            eb('t1.publishTarget', '=', NEWS_TARGET.chosen),
            eb.exists(
              eb
                .selectFrom('srmSysNewsSupplier as ns')
                .select(sql`1`.as('one'))
                .whereRef('ns.newsId', '=', 't1.id')
                .where('ns.supplierNo', '=', supplierNo),
            ),
          ]),
        ]),
      );
  },
  lines: {
    supplierList: {
      resource: newsSupplierResource,
      parentField: 'newsId',
      maxRows: 500,
      unique: ['supplierNo'],
    },
  },
  defaultSort: { field: 'updateDate', order: 'desc' },
  hooks: { beforeSave: (_ctx, row, _current, payload) => onlyChosenSuppliers(row, payload) },
  document: {
    kind: 'news',
    label: 'document.news',
    statusField: 'status',
    initial: '0',
    numberField: 'newsNo',
    numberRule: { prefix: 'NT', datePart: 'yyyyMMdd', seqLength: 4 },
    reasonField: 'lastReason',
    editableIn: ['0'],
    states: {
      '0': { label: 'enum.NEWS_STATUS.0', color: 'default' },
      '1': { label: 'enum.NEWS_STATUS.1', color: 'success' },
      '2': { label: 'enum.NEWS_STATUS.2', color: 'error' },
    },
    transitions: {
      publish: {
        method: 'publishSysNews',
        from: ['0'],
        to: '1',
        flag: 'isRelease',
        sides: ['purchaser'],
        guards: [publishable],
        agree: ['orgNo'],
        stamp: { publishDate: 'now', publishName: 'user' },
      },
      cancel: {
        method: 'cancelSysNews',
        from: ['1'],
        to: '2',
        flag: 'isClose',
        sides: ['purchaser'],
        reason: 'required',
        agree: ['orgNo'],
      },
    },
  },
});

/** Any target but chosen suppliers keeps no supplier list. */
function onlyChosenSuppliers(row: Record<string, unknown>, payload: Record<string, unknown>) {
  if (row.publishTarget === NEWS_TARGET.chosen) return;
  if (Array.isArray(payload.supplierList) && payload.supplierList.length) payload.supplierList = [];
}

export const ISrmSysNewsService = defineService('ISrmSysNewsService', {
  ...standardMethods(newsResource, {
    list: 'getSysNewsList',
    get: 'getSysNewsById',
    add: 'addSysNews',
    update: 'updateSysNewsById',
    delete: { name: 'deleteSysNewsByIds', flag: 'isDelete' },
  }),
  getSysNewsSupplierList: linesListMethod(newsResource, 'supplierList'),
  ...documentMethods(newsResource, { history: 'getSysNewsHistory', define: 'getSysNewsDefine' }),
  ...exportMethods(newsResource),
});
