// Announcements (spec 001 sections 3 and 4; `ISrmSysNewsService` of section 7): a document with a
// number, a title, a text, a top flag, a publish target and a validity period. Draft (0) → published
// (1) → cancelled (2, with a reason); only drafts can be modified or deleted. Purchasers manage them
// on Offsite.Announcement.News; a supplier's user sees only published announcements meant for it
// (everyone, all suppliers, or its own supplier among the chosen ones), through every call
// (ISrmSysNewsAudience.ts). The text is rich text cleaned on the server (ISrmSysNewsContent.ts); the
// attachments are news files of the file store whose ref_id names the announcement. Publishing writes
// the business event news.published. The notice list of every logged-in user, read records and the
// public pages are in ISrmSysNewsNotice.ts, ISrmSysNewsRead.ts and ISrmSysNewsPublic.ts.
// hand-written SQL: the chosen suppliers' organisations
import type { Guard } from '../document/define.js';
import { documentMethods } from '../document/methods.js';
import { AppError } from '../errors.js';
import { checkListedFiles, fileIdsOf, linkListedFiles } from '../files/listed.js';
import type { MethodDef } from '../registry.js';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { dictionary, ORG_NAMED, ORG_NO, refCode, text, yesNo } from '../resource/field-kinds.js';
import { inOrder, invalid } from '../resource/hooks.js';
import { linesListMethod, standardMethods } from '../resource/methods.js';
import type { Row } from '../resource/resource.js';
import { NEWS_TARGET, publishedTo } from './ISrmSysNewsAudience.js';
import { cleanNewsContent, newsImageIds } from './ISrmSysNewsContent.js';
import { newsNoticeMethods } from './ISrmSysNewsNotice.js';
import { newsPublicMethods } from './ISrmSysNewsPublic.js';
import { newsReadMethods, supplierReads } from './ISrmSysNewsRead.js';

export { NEWS_TARGET };
export const NEWS_MENU = 'Offsite.Announcement.News';
/** Attachments an announcement may carry. */
export const NEWS_MAX_FILES = 20;
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
  fields: ['content', 'validTo', 'publishTarget'],
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
    // Comma-joined ids of news files (the upload field's value).
    fileIds: { type: 'string', write: 'always', maxLength: 800 },
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
  references: { orgNo: ORG_NAMED },
  customFields: true,
  // A supplier's user: what is published to it today (everyone, all suppliers, or naming its supplier).
  audience: (ctx, q) => (ctx.user?.scope.supplierNo ? q.where((eb) => publishedTo(eb, ctx.user, 't1')) : q),
  lines: {
    supplierList: {
      resource: newsSupplierResource,
      parentField: 'newsId',
      maxRows: 500,
      unique: ['supplierNo'],
    },
  },
  defaultSort: { field: 'updateDate', order: 'desc' },
  hooks: {
    beforeSave: inOrder(
      (_ctx, row, _current, payload) => onlyChosenSuppliers(row, payload),
      (_ctx, row) => (row.content == null ? undefined : { content: cleanNewsContent(String(row.content)) }),
      (ctx, _row, _current, payload) => chosenInOwnOrgs(ctx, payload),
      (ctx, row, current) => attachableFiles(ctx, row, current),
    ),
    // Each listed file names the announcement; a file taken off it names none again.
    afterSave: (ctx, saved) => linkListedFiles(ctx, 'news', String(saved.id), saved.fileIds),
    // A deleted draft's files are free to be attached again (they stay in file management).
    beforeDelete: async (ctx, rows) => {
      await ctx.db
        .updateTable('sysFile')
        .set({ refId: null })
        .where('module', '=', 'news')
        .where(
          'refId',
          'in',
          rows.map((r) => String(r.id)),
        )
        .execute();
    },
  },
  document: {
    kind: 'news',
    label: 'document.news',
    statusField: 'status',
    initial: '0',
    numberField: 'newsNo',
    numberRule: { prefix: 'NT', datePart: 'yyyyMMdd', seqLength: 4 },
    reasonField: 'lastReason',
    eventFields: ['title', 'publishTarget', 'isTop', 'validFrom', 'validTo'],
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
        // Turned into notifications for the announcement's audience elsewhere (the message centre).
        event: 'news.published',
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

/** A chosen supplier belongs to one of the purchaser's organisations (its data scope). */
async function chosenInOwnOrgs(ctx: Parameters<typeof invalid>[0], payload: Row) {
  const lines = Array.isArray(payload.supplierList) ? (payload.supplierList as Row[]) : [];
  const codes = [...new Set(lines.map((l) => String(l?.supplierNo ?? '')).filter(Boolean))];
  const scope = ctx.user?.scope;
  if (!codes.length || !scope || scope.all) return;
  const rows = await ctx.db
    .selectFrom('bmSupplier')
    .select(['supplierNo', 'orgNo'])
    .where('supplierNo', 'in', codes)
    .execute();
  const outside = rows.find((r) => !scope.orgs.includes(r.orgNo));
  if (outside)
    throw invalid(ctx, 'supplierNo', 'problem.newsSupplierOutside', { supplier: outside.supplierNo });
}

/**
 * The attachments (and the images of the text) are news files the caller may see, not attached to
 * another announcement, at most NEWS_MAX_FILES; kept as a clean comma-joined list.
 */
async function attachableFiles(ctx: Parameters<typeof invalid>[0], row: Row, current: Row | undefined) {
  // Images in the text are files of the announcement too, so they reach exactly its audience.
  const ids = [...new Set([...fileIdsOf(row.fileIds), ...newsImageIds(String(row.content ?? ''))])];
  const fileIds = await checkListedFiles(ctx, ids, {
    field: 'fileIds',
    module: 'news',
    max: NEWS_MAX_FILES,
    tooMany: 'problem.newsTooManyFiles',
    unknown: 'problem.newsFileUnknown',
    owned: { ownId: current?.id ? String(current.id) : null },
  });
  return { fileIds };
}

/** Spec 001 section 4: a notice outside draft cannot be modified or deleted, said in the spec's words. */
function draftOnly(method: MethodDef): MethodDef {
  return {
    ...method,
    handler: async (ctx, body) => {
      try {
        return await method.handler(ctx, body);
      } catch (e) {
        if (e instanceof AppError && e.kind === 'documentLocked')
          throw new AppError('newsNotDraft', e.params);
        throw e;
      }
    },
  };
}

const manage = standardMethods(newsResource, {
  list: 'getSysNewsList',
  get: 'getSysNewsById',
  add: 'addSysNews',
  update: 'updateSysNewsById',
  delete: { name: 'deleteSysNewsByIds', flag: 'isDelete' },
});

/** The purchaser's record carries which targeted suppliers have read it (a supplier's user's does not). */
function withSupplierReads(method: MethodDef): MethodDef {
  return {
    ...method,
    handler: async (ctx, body) => {
      const row = (await method.handler(ctx, body)) as Row;
      if (ctx.user?.scope.supplierNo) return row;
      return { ...row, readSuppliers: await supplierReads(ctx, row) };
    },
  };
}

export const ISrmSysNewsService = defineService('ISrmSysNewsService', {
  ...manage,
  getSysNewsById: withSupplierReads(manage.getSysNewsById!),
  updateSysNewsById: draftOnly(manage.updateSysNewsById!),
  deleteSysNewsByIds: draftOnly(manage.deleteSysNewsByIds!),
  getSysNewsSupplierList: linesListMethod(newsResource, 'supplierList'),
  ...documentMethods(newsResource, { history: 'getSysNewsHistory', define: 'getSysNewsDefine' }),
  ...exportMethods(newsResource),
  ...newsNoticeMethods,
  ...newsReadMethods(newsResource, NEWS_MENU),
  ...newsPublicMethods,
});
