// The announcement list and detail every logged-in user has (/newsnotice-list, /newsnotice-list-detail,
// menus Index.NewsNotice.List and .Detail): what is published to the user today (ISrmSysNewsAudience.ts),
// newest first with the top ones first, each marked read or not for this user. Read-only: the
// announcements are managed on Offsite.Announcement.News; opening one records the read
// (ISrmSysNewsRead.ts, addNewsReadingRecord).
// hand-written SQL: read and unread are conditions on the user's read records
import { sql } from 'kysely';
import { defineMethod, type MethodDef } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { get, type ListBody, list, type Row } from '../resource/resource.js';
import { getBody, listBody } from '../resource/schemas.js';
import { publishedTo } from './ISrmSysNewsAudience.js';
import { newsPlainText } from './ISrmSysNewsContent.js';

export const NOTICE_MENUS = ['Index.NewsNotice.List', 'Index.NewsNotice.Detail', 'Index.Dashboard'] as const;

const readByMe = (userNo: string) =>
  sql<boolean>`exists (select 1 from srm_sys_news_read r where r.news_id = t1.id and r.user_no = ${userNo})`;

export const newsNoticeResource = defineResource({
  table: 'srmSysNews',
  menus: NOTICE_MENUS,
  // Read-only: nothing here is written.
  fields: {
    newsNo: { type: 'string', keyword: true, sortable: true },
    orgNo: { type: 'string', sortable: true },
    title: { type: 'string', keyword: true, sortable: true },
    content: { type: 'string' },
    isTop: { type: 'string', enum: ['Y', 'N'], sortable: true },
    publishTarget: { type: 'string', sortable: true, dictionary: 'NEWS_PUBLISH_TARGET' },
    validFrom: { type: 'date', sortable: true },
    validTo: { type: 'date', sortable: true },
    publishDate: { type: 'datetime', sortable: true },
    publishName: { type: 'string', sortable: true },
    fileIds: { type: 'string' },
  },
  filters: {
    title: { field: 'title', op: 'contains' },
    isTop: { field: 'isTop', op: 'eq' },
    orgNo: { field: 'orgNo', op: 'eq' },
    publishDateFrom: { field: 'publishDate', op: 'gte' },
    publishDateTo: { field: 'publishDate', op: 'lte' },
  },
  namedFilters: {
    unread: { where: (_eb, ctx) => sql<boolean>`not ${readByMe(ctx.user?.userNo ?? '')}` },
    read: { where: (_eb, ctx) => readByMe(ctx.user?.userNo ?? '') },
  },
  // Top announcements first, then the newest.
  defaultSort: { field: 'isTop', order: 'desc', thenBy: [{ field: 'publishDate', order: 'desc' }] },
  audience: (ctx, q) => q.where((eb) => publishedTo(eb, ctx.user, 't1')),
});

/** Marks each row read (isRead Y/N, readDate) for the calling user, in one query for the page. */
async function withReads(ctx: Parameters<MethodDef['handler']>[0], rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => String(r.id));
  const reads = ids.length
    ? await ctx.db
        .selectFrom('srmSysNewsRead')
        .select(['newsId', 'readDate'])
        .where('userNo', '=', ctx.user?.userNo ?? '')
        .where('newsId', 'in', ids)
        .execute()
    : [];
  const at = new Map(reads.map((r) => [r.newsId, r.readDate]));
  return rows.map((r) => {
    const readDate = at.get(String(r.id));
    return {
      ...r,
      isRead: readDate ? 'Y' : 'N',
      readDate: readDate ? new Date(readDate).toISOString() : null,
    };
  });
}

const access = { kind: 'menu', menus: NOTICE_MENUS, flag: 'isSearch', lookup: true } as const;

export const newsNoticeMethods: Record<string, MethodDef> = {
  // The list: a plain-text summary instead of the whole text.
  getNewsNoticeList: defineMethod<ListBody>({
    body: listBody(newsNoticeResource),
    resource: newsNoticeResource,
    access,
    handler: async (ctx, body) => {
      const page = await list(newsNoticeResource, ctx, body);
      const records = page.records.map(({ content, ...r }) => ({
        ...r,
        summary: newsPlainText(content as string),
      }));
      return { ...page, records: await withReads(ctx, records) };
    },
  }),
  getNewsNoticeById: defineMethod<{ condition: { id: string } }>({
    body: getBody(),
    resource: newsNoticeResource,
    access,
    handler: async (ctx, body) =>
      (await withReads(ctx, [await get(newsNoticeResource, ctx, body.condition.id)]))[0],
  }),
};
