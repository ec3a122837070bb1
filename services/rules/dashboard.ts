// What the dashboard shows (ISupSrmIndexService): the caller's pending work ("my schedule"), the orders
// and lines a month, and the figures of its order lines and delivery notices. Everything is read through
// the data scope and audience of the resource that owns the rows (applyScope), so a supplier's user
// counts its own supplier's work only and a purchaser that of its organisations. The formulas are in
// services/README.md ("The dashboard").
// hand-written SQL: the schedule is a union over four tables, and the figures read the summary tables
// of migration 098, which no resource serves
import { sql } from 'kysely';
import { addDays, localToday } from '../../engine/core/dates.js';
import { sideOf } from '../document/transition.js';
import type { PageData } from '../http/envelope.js';
import { page } from '../http/envelope.js';
import { ASN, asnHeadResource } from '../modules/ISrmAsnHeadService.js';
import { newsResource } from '../modules/ISrmSysNewsService.js';
import { ANSWER_CHANGE, answerChangeResource } from '../modules/ISupSrmPurchaseAnswerChangeService.js';
import { DATE_CHANGE, dateChangeResource } from '../modules/ISupSrmPurchaseDateChangeService.js';
import { ANSWER, OPEN_ANSWERS, purchaseLineResource } from '../modules/ISupSrmPurchaseService.js';
import type { CallContext } from '../registry.js';
import type { ResourceDef } from '../resource/define.js';
import { applyScope } from '../resource/resource.js';

// biome-ignore lint/suspicious/noExplicitAny: the sources are tables of different shapes, joined as one.
type AnyQuery = any;

/** The kinds of pending work, in the order equal dates are listed. */
export const SCHEDULE_TYPES = {
  supplier: ['orderToConfirm', 'orderChanged', 'asnRejected', 'asnDraft', 'newsUnread'],
  purchaser: ['answerOverdue', 'dateChangePending', 'answerChangePending', 'asnPending'],
} as const;
export type ScheduleType =
  | (typeof SCHEDULE_TYPES.supplier)[number]
  | (typeof SCHEDULE_TYPES.purchaser)[number];

/** One piece of pending work; `keyword` is what its page is searched by when it is opened. */
export interface ScheduleItem {
  type: ScheduleType;
  id: string;
  docNo: string;
  keyword: string;
  orgNo: string;
  supplierNo: string | null;
  /** The day it is due (or arrived, for a notice or an announcement), 'yyyy-MM-dd'. */
  scheduleDate: string | null;
  note: string | null;
}

export interface ScheduleCondition {
  keyword?: string | null;
  scheduleDate?: string | null;
}

/** The 90 days before today, today left out (a line due today is not late yet): [from, to]. */
export function figureWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -90), to: addDays(today, -1) };
}

/** The first days of the last 12 months, oldest first, this month last. */
export function lastMonths(today: string, count = 12): string[] {
  const [y, m] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 10);
  });
}

const scoped = (def: ResourceDef, ctx: CallContext, q: AnyQuery): AnyQuery => applyScope(def, ctx, q);
/** The scope of the order line tables (the summary tables have the same columns). */
const LINE_SCOPE = { scope: purchaseLineResource.scope } as ResourceDef;
/** The per-organisation counts (migration 112) are scoped by the organisation alone. */
const ORG_SCOPE = { scope: { org: purchaseLineResource.scope?.org } } as ResourceDef;

/**
 * Where the caller's order line counts are (by due day or by month): a supplier's user reads its
 * supplier's rows of the per-supplier tables; a purchaser, who sees every supplier of its
 * organisations, the organisations' sums, a twentieth of the rows at a million lines.
 */
const COUNT_TABLES = {
  supplier: { day: 'srmPurchaseDayStat', month: 'srmPurchaseMonthStat' },
  org: { day: 'srmPurchaseOrgDayStat', month: 'srmPurchaseOrgMonthStat' },
} as const;

function counts(ctx: CallContext, by: 'day' | 'month'): AnyQuery {
  const perSupplier = Boolean(ctx.user?.scope.supplierNo);
  const table = COUNT_TABLES[perSupplier ? 'supplier' : 'org'][by];
  return scoped(perSupplier ? LINE_SCOPE : ORG_SCOPE, ctx, ctx.db.selectFrom(`${table} as t1` as const));
}

/**
 * An order line, or a request on one, named as the line's document names it (documentName,
 * engine/core/documents.ts): a batch above 1 after a dot, the phase too where it is above 1.
 */
const lineNo = sql<string>`t1.purchase_no || '/' || t1.purchase_seq || case
  when t1.phase_seq > 1 then '.' || t1.phase_seq || '.' || t1.batch_seq
  when t1.batch_seq > 1 then '.' || t1.batch_seq else '' end`;

type Source = (ctx: CallContext, today: string) => AnyQuery;

/** Each kind of work: its rows, scoped, with the item's columns. */
const SOURCES: Record<ScheduleType, Source> = {
  // Lines whose answer a rule asks for (they have a due date), still to confirm or changed by the buyer.
  orderToConfirm: (ctx) => lineSource(ctx, 'orderToConfirm', [ANSWER.toConfirm]),
  orderChanged: (ctx) => lineSource(ctx, 'orderChanged', [ANSWER.changed]),
  answerOverdue: (ctx, today) =>
    lineSource(ctx, 'answerOverdue', OPEN_ANSWERS).where('t1.answerDueDate', '<', today),
  asnRejected: (ctx) => asnSource(ctx, 'asnRejected', ASN.rejected, 't1.expectedArrivalDate'),
  asnDraft: (ctx) => asnSource(ctx, 'asnDraft', ASN.draft, 't1.deliveryDate'),
  asnPending: (ctx) => asnSource(ctx, 'asnPending', ASN.pending, 't1.expectedArrivalDate'),
  dateChangePending: (ctx) =>
    scoped(dateChangeResource, ctx, ctx.db.selectFrom('srmPurchaseDateChange as t1'))
      .where('t1.status', '=', DATE_CHANGE.pending)
      .select([
        sql.lit('dateChangePending').as('type'),
        't1.id',
        lineNo.as('docNo'),
        't1.purchaseNo as keyword',
        't1.orgNo',
        't1.supplierNo',
        sql<string>`t1.request_date::date`.as('scheduleDate'),
        sql<string>`t1.item_no || ': ' || t1.old_date || ' → ' || t1.new_date`.as('note'),
      ]),
  // Answer changes to decide: the promise before and the one asked for.
  answerChangePending: (ctx) =>
    scoped(answerChangeResource, ctx, ctx.db.selectFrom('srmPurchaseAnswerChange as t1'))
      .where('t1.status', '=', ANSWER_CHANGE.pending)
      .select([
        sql.lit('answerChangePending').as('type'),
        't1.id',
        lineNo.as('docNo'),
        't1.purchaseNo as keyword',
        't1.orgNo',
        't1.supplierNo',
        sql<string>`t1.request_date::date`.as('scheduleDate'),
        sql<string>`t1.item_no || ': ' || trim_scale(t1.old_qty) || ' → ' || trim_scale(t1.new_qty) || ', ' || t1.old_date || ' → ' || t1.new_date`.as(
          'note',
        ),
      ]),
  // Published announcements meant for the caller (the announcements' own audience) it has not opened.
  newsUnread: (ctx, today) =>
    scoped(newsResource, ctx, ctx.db.selectFrom('srmSysNews as t1'))
      .where('t1.status', '=', '1')
      .where((eb: AnyQuery) => eb.or([eb('t1.validTo', 'is', null), eb('t1.validTo', '>=', today)]))
      .where((eb: AnyQuery) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('srmSysNewsRead as r')
              .select(sql.lit(1).as('one'))
              .whereRef('r.newsId', '=', 't1.id')
              .where('r.userNo', '=', ctx.user?.userNo ?? ''),
          ),
        ),
      )
      .select([
        sql.lit('newsUnread').as('type'),
        't1.id',
        't1.newsNo as docNo',
        't1.title as keyword',
        't1.orgNo',
        sql<null>`null::text`.as('supplierNo'),
        sql<string>`t1.publish_date::date`.as('scheduleDate'),
        't1.title as note',
      ]),
};

function lineSource(ctx: CallContext, type: ScheduleType, states: readonly string[]): AnyQuery {
  return scoped(purchaseLineResource, ctx, ctx.db.selectFrom('srmPurchase as t1'))
    .where('t1.answerStatus', 'in', states)
    .where('t1.answerDueDate', 'is not', null)
    .select([
      sql.lit(type).as('type'),
      't1.id',
      lineNo.as('docNo'),
      't1.purchaseNo as keyword',
      't1.orgNo',
      't1.supplierNo',
      sql<string>`t1.answer_due_date`.as('scheduleDate'),
      sql<string>`t1.item_no || coalesce(' ' || t1.item_name, '')`.as('note'),
    ]);
}

function asnSource(ctx: CallContext, type: ScheduleType, status: string, date: string): AnyQuery {
  return scoped(asnHeadResource, ctx, ctx.db.selectFrom('srmAsnHead as t1'))
    .where('t1.status', '=', status)
    .select([
      sql.lit(type).as('type'),
      't1.id',
      't1.asnNo as docNo',
      't1.asnNo as keyword',
      't1.orgNo',
      't1.supplierNo',
      sql<string>`${sql.ref(date)}`.as('scheduleDate'),
      't1.lastReason as note',
    ]);
}

/** The caller's kinds of work: a supplier's user answers and ships, a purchaser decides. */
export function scheduleTypes(ctx: CallContext): readonly ScheduleType[] {
  return sideOf(ctx) === 'supplier' ? SCHEDULE_TYPES.supplier : SCHEDULE_TYPES.purchaser;
}

/**
 * The caller's pending work, most urgent first (by date, undated last, then kind and number), a page
 * of it, with how many of each kind there are (`typeCounts`, of the same search).
 */
export async function mySchedule(
  ctx: CallContext,
  condition: ScheduleCondition,
  current: number,
  size: number,
): Promise<PageData<ScheduleItem> & { typeCounts: Record<string, number> }> {
  const today = localToday();
  const types = scheduleTypes(ctx);
  const keyword = condition.keyword?.trim();
  // The search applies to the item's columns, so each source is wrapped once and filtered outside.
  const wrap = (type: ScheduleType, q: AnyQuery): AnyQuery => {
    let out = ctx.db.selectFrom(q.as(`s_${type}`)).selectAll();
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      out = out.where((eb: AnyQuery) => eb.or([eb('docNo', 'ilike', like), eb('note', 'ilike', like)]));
    }
    if (condition.scheduleDate) out = out.where('scheduleDate', '=', condition.scheduleDate);
    return out;
  };
  const sources = types.map((type) => ({ type, q: wrap(type, SOURCES[type](ctx, today)) }));

  // One statement counts every kind.
  const counts = sql.join(
    sources.map(
      ({ type, q }) =>
        sql`(${ctx.db.selectFrom(q.as('c')).select(sql`count(*)`.as('n'))}) as ${sql.ref(type)}`,
    ),
  );
  const countRow = (await sql<Record<string, string | number>>`select ${counts}`.execute(ctx.db)).rows[0];
  const typeCounts = Object.fromEntries(types.map((t) => [t, Number(countRow[t] ?? 0)]));
  const total = Object.values(typeCounts).reduce((a, b) => a + b, 0);

  const order = (q: AnyQuery) =>
    q
      .orderBy(sql`${sql.ref('scheduleDate')} asc nulls last`)
      .orderBy(sql`array_position(${sql.val(types)}::text[], ${sql.ref('type')}::text)`)
      .orderBy('docNo')
      .orderBy('id');
  const reach = current * size;
  // Each source gives at most what the page can reach, in the page's order, so its index stops early.
  const [first, ...rest] = sources
    .filter(({ type }) => typeCounts[type] > 0)
    .map(({ type, q }) => ctx.db.selectFrom(order(q).limit(reach).as(`p_${type}`)).selectAll());
  const records: ScheduleItem[] = first
    ? ((await order(
        ctx.db.selectFrom(rest.reduce((u: AnyQuery, b) => u.unionAll(b), first).as('u')).selectAll(),
      )
        .offset((current - 1) * size)
        .limit(size)
        .execute()) as ScheduleItem[])
    : [];
  return { ...page(records, total, current, size), typeCounts };
}

/** Orders and order lines of each of the last 12 months (by order date), zero for a month without. */
export async function purchaseCountsByMonth(ctx: CallContext) {
  const months = lastMonths(localToday());
  const rows = await counts(ctx, 'month')
    .where('t1.month', '>=', months[0])
    .select([
      sql<string>`to_char(t1.month, 'YYYY-MM')`.as('month'),
      sql<string>`sum(t1.order_count)`.as('orderCount'),
      sql<string>`sum(t1.line_count)`.as('lineCount'),
    ])
    .groupBy('t1.month')
    .execute();
  const byMonth = new Map(
    (rows as { month: string; orderCount: string; lineCount: string }[]).map((r) => [r.month, r]),
  );
  return {
    records: months.map((m) => {
      const month = m.slice(0, 7);
      const r = byMonth.get(month);
      return { month, orderCount: Number(r?.orderCount ?? 0), lineCount: Number(r?.lineCount ?? 0) };
    }),
  };
}

/** A share in per cent as exact decimal text, rounded half away from zero to 2 places; null of nothing. */
const percent = (part: string, whole: string) =>
  sql<string | null>`round(${part}::numeric * 100 / nullif(${whole}::numeric, 0), 2)`;

/** The figures of the caller's order lines and delivery notices (formulas: services/README.md). */
export async function keyFigures(ctx: CallContext) {
  const today = localToday();
  const { from, to } = figureWindow(today);
  const lines = (await counts(ctx, 'day')
    .select([
      sql<string>`coalesce(sum(t1.open_count), 0)`.as('openLines'),
      sql<string>`coalesce(sum(t1.open_count) filter (where t1.due_date < ${today}::date), 0)`.as(
        'overdueLines',
      ),
      sql<string>`coalesce(sum(t1.line_count) filter (where t1.due_date between ${from}::date and ${to}::date), 0)`.as(
        'dueLines',
      ),
      sql<string>`coalesce(sum(t1.full_count) filter (where t1.due_date between ${from}::date and ${to}::date), 0)`.as(
        'fullLines',
      ),
    ])
    .executeTakeFirstOrThrow()) as Record<string, string>;
  // The notices in scope first (their scope columns are the lines' too), then their lines.
  const heads = scoped(asnHeadResource, ctx, ctx.db.selectFrom('srmAsnHead as t1'))
    .where('t1.status', 'in', [ASN.pending, ASN.shipped, ASN.partlyReceived, ASN.received])
    .where('t1.expectedArrivalDate', '>=', from)
    .where('t1.expectedArrivalDate', '<=', to)
    .select('t1.id');
  const asn = (await ctx.db
    .selectFrom('srmAsnLine as l')
    .innerJoin(heads.as('h'), 'h.id', 'l.headId')
    .where('l.lineStatus', '<>', 'X')
    .select([
      sql<string>`count(*)`.as('shippedLines'),
      sql<string>`count(*) filter (where l.delivery_timing = '1')`.as('onTimeLines'),
      sql<string>`coalesce(sum(l.receive_qty), 0)`.as('receivedQty'),
      sql<string>`coalesce(sum(l.reject_qty), 0)`.as('rejectedQty'),
    ])
    .executeTakeFirstOrThrow()) as Record<string, string>;
  const inspectedQty = sql`${asn.receivedQty}::numeric + ${asn.rejectedQty}::numeric`;
  const rates = (
    await sql<Record<string, string | null>>`select
      ${percent(String(asn.onTimeLines), String(asn.shippedLines))} as on_time_rate,
      ${percent(String(lines.fullLines), String(lines.dueLines))} as fill_rate,
      round(${asn.rejectedQty}::numeric * 100 / nullif(${inspectedQty}, 0), 2) as rejection_rate`.execute(
      ctx.db,
    )
  ).rows[0];
  return {
    from,
    to,
    openLines: Number(lines.openLines),
    overdueLines: Number(lines.overdueLines),
    onTimeRate: rates.onTimeRate ?? null,
    onTimeLines: Number(asn.onTimeLines),
    shippedLines: Number(asn.shippedLines),
    fillRate: rates.fillRate ?? null,
    fullLines: Number(lines.fullLines),
    dueLines: Number(lines.dueLines),
    rejectionRate: rates.rejectionRate ?? null,
    rejectedQty: asn.rejectedQty,
    receivedQty: asn.receivedQty,
  };
}
