// Read records of announcements (srm_sys_news_read, migration 096): addNewsReadingRecord notes that the
// calling user opened an announcement published to it (once: the first read stays); the purchaser's
// detail asks which targeted suppliers have read it (a supplier has when any of its users has).
// A supplier's user never sees read records of others: the only call answering them is refused to it.
// hand-written SQL: the targeted suppliers and their first read are one grouped query
import { sql } from 'kysely';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, type MethodDef } from '../registry.js';
import type { ResourceDef } from '../resource/define.js';
import { get } from '../resource/resource.js';
import { getBody } from '../resource/schemas.js';
import { NEWS_TARGET, publishedTo } from './ISrmSysNewsAudience.js';

/** Records the read, or answers the first one; an announcement not published to the user is not found. */
export async function recordRead(ctx: CallContext, newsId: string) {
  const user = ctx.user!;
  const visible = await ctx.db
    .selectFrom('srmSysNews as t1')
    .select('t1.id')
    .where('t1.id', '=', newsId)
    .where((eb) => publishedTo(eb, user, 't1'))
    .executeTakeFirst();
  if (!visible) throw new AppError('notFound');
  await ctx.db
    .insertInto('srmSysNewsRead')
    .values({ newsId, userNo: user.userNo, supplierNo: user.scope.supplierNo })
    .onConflict((oc) => oc.columns(['newsId', 'userNo']).doNothing())
    .execute();
  const row = await ctx.db
    .selectFrom('srmSysNewsRead')
    .select('readDate')
    .where('newsId', '=', newsId)
    .where('userNo', '=', user.userNo)
    .executeTakeFirstOrThrow();
  return { newsId, isRead: 'Y', readDate: new Date(row.readDate).toISOString() };
}

interface SupplierRead {
  supplierNo: string;
  supplierShortName: string | null;
  supplierName: string;
  isRead: 'Y' | 'N';
  readDate: string | null;
  readUserNo: string | null;
}

/**
 * The suppliers an announcement is published to, each with its first read: the chosen ones (target 3),
 * or the valid suppliers of its organisation (targets 1 and 2); none for internal users (4). Unread first.
 */
export async function supplierReads(ctx: CallContext, news: Record<string, unknown>) {
  const target = String(news.publishTarget);
  if (target === NEWS_TARGET.internal) return [];
  let q = ctx.db
    .selectFrom('bmSupplier as s')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('srmSysNewsRead as r')
          .select(['r.readDate', 'r.userNo'])
          .where('r.newsId', '=', String(news.id))
          .whereRef('r.supplierNo', '=', 's.supplierNo')
          .orderBy('r.readDate')
          .limit(1)
          .as('first'),
      (join) => join.onTrue(),
    )
    .select(['s.supplierNo', 's.supplierShortName', 's.supplierName', 'first.readDate', 'first.userNo']);
  q =
    target === NEWS_TARGET.chosen
      ? q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('srmSysNewsSupplier as c')
              .select(sql`1`.as('one'))
              .whereRef('c.supplierNo', '=', 's.supplierNo')
              .where('c.newsId', '=', String(news.id)),
          ),
        )
      : q.where('s.orgNo', '=', String(news.orgNo)).where('s.statusCode', '=', '1');
  const rows = await q.orderBy(sql`first.read_date is not null`).orderBy('s.supplierNo').execute();
  return rows.map(
    (r): SupplierRead => ({
      supplierNo: r.supplierNo,
      supplierShortName: r.supplierShortName,
      supplierName: r.supplierName,
      isRead: r.readDate ? 'Y' : 'N',
      readDate: r.readDate ? new Date(r.readDate).toISOString() : null,
      readUserNo: r.userNo ?? null,
    }),
  );
}

export function newsReadMethods(news: ResourceDef, menu: string): Record<string, MethodDef> {
  return {
    // Spec 001 section 7. Any logged-in user, for itself; idempotent.
    addNewsReadingRecord: defineMethod<{ condition: { newsId?: string; id?: string } }>({
      body: {
        type: 'object',
        required: ['condition'],
        properties: {
          condition: {
            type: 'object',
            anyOf: [{ required: ['newsId'] }, { required: ['id'] }],
            properties: {
              newsId: { type: 'string', format: 'uuid' },
              id: { type: 'string', format: 'uuid' },
            },
          },
        },
      },
      access: { kind: 'user' },
      audit: 'read',
      handler: (ctx, body) => recordRead(ctx, (body.condition.newsId ?? body.condition.id)!),
    }),
    // The purchaser's detail: which targeted suppliers have read it, and which not yet.
    getSysNewsReadSuppliers: defineMethod<{ condition: { id: string } }>({
      body: getBody(),
      resource: news,
      access: { kind: 'menu', menus: [menu], flag: 'isSearch' },
      handler: async (ctx, body) => {
        if (ctx.user?.scope.supplierNo) throw new AppError('forbidden');
        const row = await get(news, ctx, body.condition.id);
        const records = await supplierReads(ctx, row);
        const read = records.filter((r) => r.isRead === 'Y').length;
        return { records, total: records.length, read, unread: records.length - read };
      },
    }),
  };
}
