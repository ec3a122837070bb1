// The public announcement calls (no login; /announcement, /announcement-detail and the login page):
// announcements published to everyone (target 1), published (status 1) and valid today, and nothing
// but what a visitor needs (title, text, top flag, publish time, validity end). No number, organisation,
// author, target, attachment or reason leaves through them.
//   getOutDoorSysNews  the list, spec 001 section 7: {current, size, condition{publish 1, whereNews 1,
//                      newsBusiness 1, field adddate, order desc, outDoorType}}; whatever is sent, only
//                      public published valid ones are answered; at most 20 a page and 50 pages deep
//   getInfo            one of them by id (anything else is "not found")
//   getTopNews         the top ones for the login page, newest first, at most 10
// Each client address may make PUBLIC_BUDGET of each of these calls (throttled: counted in the database,
// so every instance shares the budget); beyond it the answer is 10302 (HTTP 429).
// hand-written SQL: the count of the public list
import { sql } from 'kysely';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, type MethodDef } from '../registry.js';
import { publishedTo } from './ISrmSysNewsAudience.js';
import { newsPlainText } from './ISrmSysNewsContent.js';

/** How often one client address may make each public call. */
export const PUBLIC_BUDGET = { max: 120, windowMinutes: 1 } as const;
export const PUBLIC_PAGE_SIZE = 20;
const PUBLIC_MAX_PAGE = 50;

const publicNews = (ctx: CallContext) =>
  ctx.db.selectFrom('srmSysNews as t1').where((eb) => publishedTo(eb, undefined, 't1'));

const iso = (d: unknown) => (d ? new Date(d as Date).toISOString() : null);
const day = (d: unknown) => (d ? String(d).slice(0, 10) : null);

const TOP_SIZE = { type: 'integer', minimum: 1, maximum: 10 };
const CODE = { anyOf: [{ type: 'string', maxLength: 20 }, { type: 'integer' }, { type: 'null' }] };

const listSchema = {
  type: 'object',
  properties: {
    current: { type: 'integer', minimum: 1, maximum: PUBLIC_MAX_PAGE },
    size: { type: 'integer', minimum: 1, maximum: PUBLIC_PAGE_SIZE },
    condition: {
      type: 'object',
      additionalProperties: false,
      properties: {
        publish: CODE,
        whereNews: CODE,
        newsBusiness: CODE,
        outDoorType: CODE,
        field: { type: 'string', enum: ['adddate', 'publishDate'] },
        order: { type: 'string', enum: ['asc', 'desc'] },
        keyword: { type: ['string', 'null'], maxLength: 100 },
      },
    },
  },
};

interface ListCondition {
  field?: string;
  order?: 'asc' | 'desc';
  keyword?: string | null;
}

export const newsPublicMethods: Record<string, MethodDef> = {
  getOutDoorSysNews: defineMethod<{ current?: number; size?: number; condition?: ListCondition }>({
    body: listSchema,
    access: { kind: 'public' },
    audit: 'read',
    throttled: PUBLIC_BUDGET,
    handler: async (ctx, body) => {
      const size = body.size ?? 10;
      const current = body.current ?? 1;
      const c = body.condition ?? {};
      let q = publicNews(ctx);
      const keyword = c.keyword?.trim();
      if (keyword)
        q = q.where((eb) => eb.or([eb('t1.title', 'ilike', `%${keyword.replace(/[\\%_]/g, '\\$&')}%`)]));
      const { total } = await q.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
      const order = c.order ?? 'desc';
      const rows = await q
        .select(['t1.id', 't1.title', 't1.content', 't1.isTop', 't1.publishDate', 't1.validTo'])
        .orderBy('t1.isTop', 'desc')
        .orderBy('t1.publishDate', order)
        .orderBy('t1.id')
        .limit(size)
        .offset((current - 1) * size)
        .execute();
      const count = Number(total);
      return {
        records: rows.map((r) => ({
          id: r.id,
          title: r.title,
          summary: newsPlainText(r.content),
          isTop: r.isTop,
          publishDate: iso(r.publishDate),
          validTo: day(r.validTo),
        })),
        total: count,
        current,
        size,
        pages: Math.ceil(count / size),
      };
    },
  }),
  getInfo: defineMethod<{ condition: { id: string } }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', format: 'uuid' } },
        },
      },
    },
    access: { kind: 'public' },
    audit: 'read',
    throttled: PUBLIC_BUDGET,
    handler: async (ctx, body) => {
      const r = await publicNews(ctx)
        .select(['t1.id', 't1.title', 't1.content', 't1.isTop', 't1.publishDate', 't1.validTo'])
        .where('t1.id', '=', body.condition.id)
        .executeTakeFirst();
      if (!r) throw new AppError('notFound');
      return {
        id: r.id,
        title: r.title,
        content: r.content ?? '',
        isTop: r.isTop,
        publishDate: iso(r.publishDate),
        validTo: day(r.validTo),
      };
    },
  }),
  getTopNews: defineMethod<{ size?: number; condition?: { size?: number } }>({
    body: {
      type: 'object',
      properties: {
        size: TOP_SIZE,
        condition: { type: 'object', additionalProperties: false, properties: { size: TOP_SIZE } },
      },
    },
    access: { kind: 'public' },
    audit: 'read',
    throttled: PUBLIC_BUDGET,
    handler: async (ctx, body) => {
      const rows = await publicNews(ctx)
        .select(['t1.id', 't1.title', 't1.publishDate'])
        .where('t1.isTop', '=', 'Y')
        .orderBy('t1.publishDate', 'desc')
        .orderBy('t1.id')
        .limit(body.size ?? body.condition?.size ?? 5)
        .execute();
      return { records: rows.map((r) => ({ id: r.id, title: r.title, publishDate: iso(r.publishDate) })) };
    },
  }),
};
