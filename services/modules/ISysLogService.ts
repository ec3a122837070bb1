// Operation and abnormal logs (spec 001 sections 2 and 9; BaseManage.Monitor.OperationLog and
// .AbnormalLog): read-only lists with search by user, date range, service, result or error type. The
// rows are written by the dispatch layer (services/system/audit.ts), never by a service. A stack is
// kept in the table for whoever reads the database; no answer carries it.
// hand-written SQL: two log tables of one shape, searched by date range as calendar days
import { type SelectQueryBuilder, sql } from 'kysely';
import { adminOnly } from '../access/admin-only.js';
import type { DB } from '../db/types.js';
import { AppError } from '../errors.js';
import { page } from '../http/envelope.js';
import { type CallContext, defineMethod, defineService, type JsonSchema } from '../registry.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resource/schemas.js';

export const OPERATION_LOG_MENU = 'BaseManage.Monitor.OperationLog';
export const ABNORMAL_LOG_MENU = 'BaseManage.Monitor.AbnormalLog';

const TEXT = { type: ['string', 'null'], maxLength: 100 };
const DAY = {
  anyOf: [
    { type: 'string', format: 'date' },
    { type: 'string', format: 'date-time' },
    { type: 'null' },
    { const: '' },
  ],
};

function listBody(extra: Record<string, JsonSchema>, sortable: string[]): JsonSchema {
  return {
    type: 'object',
    properties: {
      current: { type: 'integer', minimum: 1, default: 1 },
      size: { type: 'integer', minimum: 1, default: DEFAULT_PAGE_SIZE },
      condition: {
        type: 'object',
        default: {},
        properties: {
          keyword: TEXT,
          field: {
            type: ['string', 'null'],
            enum: [...sortable, ...sortable.map((f) => `t1.${f}`), '', null],
          },
          order: {
            type: ['string', 'null'],
            enum: ['asc', 'desc', 'ascend', 'descend', 'ASC', 'DESC', '', null],
          },
          limitCount: { type: ['integer', 'null'], minimum: 0 },
          userNo: TEXT,
          service: TEXT,
          method: TEXT,
          dateFrom: DAY,
          dateTo: DAY,
          operationType: { type: ['string', 'null'], enum: ['0', '1', '2', '', null] },
          ...extra,
        },
      },
    },
  };
}

type Cond = Record<string, string | number | null | undefined>;
interface Body {
  current?: number;
  size?: number;
  condition?: Cond;
}

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const has = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

async function listLog<T extends 'sysOperationLog' | 'sysAbnormalLog'>(
  ctx: CallContext,
  body: Body,
  table: T,
  dateColumn: 'operateDate' | 'occurDate',
  columns: string[],
  filter: (q: SelectQueryBuilder<DB, T, object>, c: Cond) => SelectQueryBuilder<DB, T, object>,
) {
  const c = body.condition ?? {};
  const size = Math.min(body.size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const current = body.current ?? 1;
  // biome-ignore lint/suspicious/noExplicitAny: two log tables share these columns.
  let q = ctx.db.selectFrom(table) as SelectQueryBuilder<any, any, object>;
  if (has(c.userNo)) q = q.where('userNo', 'ilike', like(c.userNo.trim()));
  if (has(c.service)) q = q.where('service', 'ilike', like(c.service.trim()));
  if (has(c.method)) q = q.where('method', 'ilike', like(c.method.trim()));
  if (has(c.operationType)) q = q.where('operationType', '=', c.operationType);
  if (has(c.dateFrom)) q = q.where(dateColumn, '>=', sql<Date>`${c.dateFrom.slice(0, 10)}::date`);
  if (has(c.dateTo)) q = q.where(dateColumn, '<', sql<Date>`${c.dateTo.slice(0, 10)}::date + 1`);
  if (has(c.keyword)) {
    const k = like(c.keyword.trim());
    q = q.where((eb) =>
      eb.or([
        eb('userNo', 'ilike', k),
        eb('userName', 'ilike', k),
        eb('service', 'ilike', k),
        eb('method', 'ilike', k),
      ]),
    );
  }
  q = filter(q as SelectQueryBuilder<DB, T, object>, c) as typeof q;
  const limitCount = Number(c.limitCount ?? 0);
  const countQ =
    limitCount > 0 ? ctx.db.selectFrom(q.select(sql`1`.as('one')).limit(limitCount).as('capped')) : q;
  const total = Number(
    ((await countQ.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number } | undefined)
      ?.n ?? 0,
  );
  const field = has(c.field) ? c.field.replace(/^t1\./, '') : dateColumn;
  if (!columns.includes(field)) throw new AppError('invalidSort', { field });
  const order = has(c.order) ? (/^asc/i.test(c.order) ? 'asc' : 'desc') : has(c.field) ? 'asc' : 'desc';
  const reachable = limitCount > 0 ? Math.min(size, Math.max(0, limitCount - (current - 1) * size)) : size;
  const records = await q
    .select(columns)
    .orderBy(field, order)
    .orderBy('id')
    .limit(reachable)
    .offset((current - 1) * size)
    .execute();
  const titles = await menuTitles(
    ctx,
    (records as { menuNo?: string | null }[]).flatMap((r) => (r.menuNo ? [r.menuNo] : [])),
  );
  const named = (records as { menuNo?: string | null }[]).map((r) => ({
    ...r,
    menuName: r.menuNo ? (titles.get(r.menuNo) ?? r.menuNo) : null,
  }));
  return page(named, total, current, size);
}

/**
 * The calling menus named in the caller's language, as the menus show them (MENU_NAME_REFERENCE): the
 * administrator's own title, else its English one, else the locale's; one query for the page.
 */
async function menuTitles(ctx: CallContext, menuNos: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(menuNos)];
  if (!unique.length) return new Map();
  const own = await ctx.db
    .selectFrom('sysMenu')
    .select(['menuNo', 'titleI18n'])
    .where('menuNo', 'in', unique)
    .execute();
  const custom = new Map(
    own.map((m) => {
      const texts = (m.titleI18n ?? {}) as Record<string, string | undefined>;
      return [m.menuNo, texts[ctx.lang] || texts['en-US'] || undefined] as const;
    }),
  );
  return new Map(
    unique.map((no) => [no, custom.get(no) ?? ctx.t(`menu.${no}`, { defaultValue: no })] as const),
  );
}

const COMMON = ['id', 'userNo', 'userName', 'service', 'method', 'menuNo', 'clientIp', 'operationType'];
const OPERATION_COLUMNS = [
  ...COMMON,
  'operateDate',
  'result',
  'resultCode',
  'message',
  'durationMs',
  'rowsAffected',
];
const ABNORMAL_COLUMNS = [...COMMON, 'occurDate', 'errorType', 'errorCode', 'message'];

export const ISysLogService = defineService(
  'ISysLogService',
  adminOnly({
    getsysoperationloglist: defineMethod<Body>({
      body: listBody(
        { result: { type: ['string', 'null'], enum: ['success', 'failure', '', null] } },
        OPERATION_COLUMNS,
      ),
      access: { kind: 'menu', menus: [OPERATION_LOG_MENU], flag: 'isSearch' },
      handler: (ctx, body) =>
        listLog(ctx, body, 'sysOperationLog', 'operateDate', OPERATION_COLUMNS, (q, c) =>
          has(c.result) ? q.where('result', '=', c.result as 'success') : q,
        ),
    }),
    getsysabnormalloglist: defineMethod<Body>({
      body: listBody(
        {
          errorType: { type: ['string', 'null'], enum: ['system', 'operation', 'integration', '', null] },
          errorCode: TEXT,
        },
        ABNORMAL_COLUMNS,
      ),
      access: { kind: 'menu', menus: [ABNORMAL_LOG_MENU], flag: 'isSearch' },
      handler: (ctx, body) =>
        listLog(ctx, body, 'sysAbnormalLog', 'occurDate', ABNORMAL_COLUMNS, (q, c) => {
          let out = q;
          if (has(c.errorType)) out = out.where('errorType', '=', c.errorType as 'system');
          if (has(c.errorCode)) out = out.where('errorCode', '=', c.errorCode.trim());
          return out;
        }),
    }),
  }),
);
