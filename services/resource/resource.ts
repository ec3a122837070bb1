// The generic resource layer: list, get, add, update and delete of any declared resource, with data
// scope, whitelisted sorting, bound parameters, optimistic locking and a writable-field allowlist.
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { DATA_TYPE } from '../access/scope.js';
import { keepPrepared } from '../db/database.js';
import { checkEditable, newDocumentValues } from '../document/lifecycle.js';
import { AppError } from '../errors.js';
import { type PageData, page } from '../http/envelope.js';
import type { CallContext } from '../registry.js';
import { controlValue, PHYSICAL_DELETE } from '../system/business-control.js';
import {
  activeCustomFields,
  type CustomField,
  checkCustomValue,
  customCondition,
  customRef,
} from './custom-fields.js';
import { checkDecimals } from './decimals.js';
import { type FieldDef, type ResourceDef, SYSTEM_FIELDS } from './define.js';
import {
  checkReferences,
  checkUsage,
  namedReference,
  namedReferences,
  referenceNameMatches,
  referenceNameSelections,
  referenceNameSql,
} from './references.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './schemas.js';
import { insertRows } from './unnest.js';

// The resource layer works on tables named at run time; the declarations are its type system.
// biome-ignore lint/suspicious/noExplicitAny: dynamic tables.
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: dynamic tables.
type AnyQuery = SelectQueryBuilder<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: dynamic tables.
type AnyEb = ExpressionBuilder<any, any>;
export type Row = Record<string, unknown>;

export interface ListBody {
  current?: number;
  size?: number;
  condition?: Record<string, unknown> & {
    keyword?: string | null;
    field?: string | null;
    order?: string | null;
    /** Exact match on any of the values of a declared field. */
    in?: Record<string, unknown[]> | null;
  };
}

export interface ListOptions {
  /** Extra conditions a service adds (for example a lookup's valid-only rule). */
  where?: (q: AnyQuery) => AnyQuery;
  /** Project the records to these fields only. */
  fields?: readonly string[];
  /** The search's total where the caller has counted it already (tabTotal): not counted again. */
  total?: number;
}

const dyn = (ctx: CallContext) => ctx.db as unknown as AnyDb;

const fieldsOf = new WeakMap<ResourceDef, Record<string, FieldDef>>();
function allFields(def: ResourceDef): Record<string, FieldDef> {
  let fields = fieldsOf.get(def);
  if (!fields) {
    fields = { ...SYSTEM_FIELDS, ...def.fields };
    fieldsOf.set(def, fields);
  }
  return fields;
}

/** Restricts a query to the caller's data scope. */
export function applyScope(def: ResourceDef, ctx: CallContext, q: AnyQuery): AnyQuery {
  let out = q;
  // A resource that is one part of a shared table sees only its part, whoever asks.
  for (const [field, value] of Object.entries(def.fixed ?? {})) out = out.where(`t1.${field}`, '=', value);
  if (def.audience) out = def.audience(ctx, out);
  const scope = ctx.user?.scope;
  if (!scope || !def.scope) return out;
  const limit = (column: string | undefined, values: string[]) => {
    if (!column) return;
    out = values.length ? out.where(column, 'in', values) : out.where(sql<boolean>`false`);
  };
  if (!scope.all) {
    limit(def.scope.org, scope.orgs);
    limit(def.scope.warehouse, scope.warehouses);
    limit(def.scope.classifyType, scope.classifyTypes);
  }
  // A supplier's user is limited to its supplier whatever else it may see.
  if (scope.supplierNo && def.scope.supplier) out = out.where(def.scope.supplier, '=', scope.supplierNo);
  return out;
}

const SCOPE_LIST = { org: 'orgs', warehouse: 'warehouses', classifyType: 'classifyTypes' } as const;

/** Grants a new scope value (the record just created) to its creator, for this call and after. */
async function grantScopeValue(def: ResourceDef, ctx: CallContext, values: Row): Promise<void> {
  const kind = def.scopeValue;
  const column = kind && def.scope?.[kind];
  if (!kind || !column || !ctx.user || ctx.user.scope.all) return;
  const value = String(values[column]);
  await ctx.db
    .insertInto('sysUserData')
    .values({ userId: ctx.user.id, dataType: DATA_TYPE[kind], dataValue: value })
    .onConflict((oc) => oc.doNothing())
    .execute();
  ctx.user.scope[SCOPE_LIST[kind]].push(value);
}

/** Throws outOfScope when a written value falls outside the caller's data scope. */
export function checkScopeOfValues(def: ResourceDef, ctx: CallContext, values: Row, isNew = false): void {
  const scope = ctx.user?.scope;
  if (!scope || !def.scope) return;
  // A new scope value (the organisation being created) is in no one's scope yet.
  const skip = isNew && def.scopeValue ? def.scope[def.scopeValue] : undefined;
  const check = (column: string | undefined, allowed: string[]) => {
    if (!column || column === skip || !(column in values) || values[column] == null) return;
    if (!allowed.includes(String(values[column])))
      throw new AppError('outOfScope', { field: ctx.t(`field.${column}`), value: String(values[column]) });
  };
  if (!scope.all) {
    check(def.scope.org, scope.orgs);
    check(def.scope.warehouse, scope.warehouses);
    check(def.scope.classifyType, scope.classifyTypes);
  }
  if (scope.supplierNo && def.scope.supplier) check(def.scope.supplier, [scope.supplierNo]);
}

function present(def: ResourceDef, ctx: CallContext, row: Row): Row {
  return def.present ? def.present(row, ctx.t, ctx.lang) : row;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Resolves condition.field against the declared sortable fields (and the names of sortable reference
 * fields, ReferenceSpec.name); anything else is refused before SQL.
 */
export function resolveSort(
  def: ResourceDef,
  field: string | null | undefined,
  order: string | null | undefined,
  custom: CustomField[] = [],
) {
  const fields = allFields(def);
  const fallback = def.defaultSort ?? { field: 'updateDate', order: 'desc' as const };
  const wanted = field ? field.replace(/^t1\./, '') : '';
  const customField = wanted ? custom.find((f) => f.fieldNo === wanted) : undefined;
  const named = wanted && !fields[wanted] ? namedReference(def, wanted) : undefined;
  const byName = named && fields[named.field]?.sortable ? named : undefined;
  if (wanted && !fields[wanted]?.sortable && !customField && !byName)
    throw new AppError('invalidSort', { field: field!.slice(0, 60) });
  const dir = order ? (/^asc/i.test(order) ? 'asc' : 'desc') : wanted ? 'asc' : fallback.order;
  return { field: wanted || fallback.field, order: dir as 'asc' | 'desc', custom: customField, name: byName };
}

/** Custom fields of the resource, when it takes them. */
async function customOf(def: ResourceDef, ctx: CallContext): Promise<CustomField[]> {
  return def.customFields ? activeCustomFields(ctx.db, def.menus, def.fields) : [];
}

/**
 * The columns of the rows' query (`only`: these props), with the names of the named references
 * (ReferenceSpec.name) read by subqueries in the same statement.
 */
function selection(def: ResourceDef, ctx: CallContext, only?: readonly string[], withNames = true) {
  const names = only
    ? only.filter((n) => !namedReference(def, n) || def.fields[n])
    : [...Object.keys(allFields(def)), ...(def.customFields ? ['ext'] : [])];
  return [...names.map((n) => `t1.${n}`), ...(withNames ? referenceNameSelections(ctx, def, only) : [])];
}

/** Lifts the active custom values out of `ext` into the record, beside the built-in fields. */
function withCustom(row: Row, custom: CustomField[]): Row {
  if (!('ext' in row)) return row;
  const { ext, ...rest } = row;
  const values = (ext ?? {}) as Record<string, unknown>;
  for (const f of custom) rest[f.fieldNo] = values[f.fieldNo] ?? null;
  return rest;
}

/** The filtered, scoped query of a list, its sort and the custom fields in play. */
async function listQuery(
  def: ResourceDef,
  ctx: CallContext,
  cond: NonNullable<ListBody['condition']>,
  opts: ListOptions,
) {
  const custom = await customOf(def, ctx);
  const sort = resolveSort(def, cond.field, cond.order, custom);
  let q: AnyQuery = dyn(ctx).selectFrom(`${def.table} as t1`);
  q = applyScope(def, ctx, q);
  for (const [name, filter] of Object.entries(def.filters ?? {})) {
    const value = cond[name];
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
      continue;
    const col = `t1.${filter.field}`;
    if (filter.op === 'eq') q = q.where(col, '=', value);
    else if (filter.op === 'in') q = q.where(col, 'in', value as unknown[]);
    else if (filter.op === 'gte') q = q.where(col, '>=', value);
    else if (filter.op === 'lte') q = q.where(col, '<=', value);
    else q = q.where(col, 'ilike', `%${escapeLike(String(value))}%`);
  }
  // The body schema admits only declared fields here; the check guards direct callers.
  const valueIn = (cond.in ?? {}) as Record<string, unknown>;
  for (const [name, values] of Object.entries(valueIn)) {
    if (!def.fields[name] || !Array.isArray(values)) continue;
    q = values.length ? q.where(`t1.${name}`, 'in', values) : q.where(sql<boolean>`false`);
  }
  const keyword = typeof cond.keyword === 'string' ? cond.keyword.trim() : '';
  if (keyword) {
    const keywordFields = Object.entries(def.fields).filter(([, f]) => f.keyword);
    const pattern = `%${escapeLike(keyword)}%`;
    // A keyword field naming a record is also found by that record's name.
    const names = namedReferences(def).filter((n) => def.fields[n.field]?.keyword);
    q = q.where((eb: AnyEb) =>
      eb.or([
        ...(def.keywordColumn && !keyword.includes('\n')
          ? [sql<boolean>`${sql.ref(`t1.${def.keywordColumn}`)} like lower(${pattern})`]
          : keywordFields.map(([n]) => eb(`t1.${n}`, 'ilike', pattern))),
        ...names.map((n) => referenceNameMatches(ctx, n, pattern, keyword)),
      ]),
    );
  }
  for (const f of custom) {
    const condition = customCondition(f, cond[f.fieldNo], ctx.t);
    if (condition) q = q.where(condition);
  }
  const named = typeof cond.namedFilter === 'string' && cond.namedFilter ? cond.namedFilter : undefined;
  if (named) q = q.where((eb: AnyEb) => namedFilterOf(def, ctx, named).where(eb, ctx));
  if (opts.where) q = opts.where(q);
  const ordered = (query: AnyQuery) => {
    const by = sort.custom
      ? customRef(sort.custom)
      : sort.name
        ? referenceNameSql(ctx, sort.name)
        : `t1.${sort.field}`;
    let out = query.orderBy(by, sort.order);
    for (const then of def.defaultSort?.thenBy ?? [])
      if (then.field !== sort.field) out = out.orderBy(`t1.${then.field}`, then.order);
    return out.orderBy('t1.id', 'asc');
  };
  return { q, ordered, custom };
}

export async function list(
  def: ResourceDef,
  ctx: CallContext,
  body: ListBody,
  opts: ListOptions = {},
): Promise<PageData<Row>> {
  const size = Math.min(body.size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const current = body.current ?? 1;
  const { q, ordered, custom } = await listQuery(def, ctx, body.condition ?? {}, opts);
  // Spec 000 section 4: limitCount caps the result; the client shows 'more' at the cap and asks
  // before loading all (limitCount 0). Counting only up to the cap also keeps large tables cheap.
  const limitCount = Number(body.condition?.limitCount ?? 0);
  const counted =
    limitCount > 0 ? dyn(ctx).selectFrom(q.select(sql`1`.as('one')).limit(limitCount).as('capped')) : q;
  const total =
    limitCount <= 0 && opts.total !== undefined
      ? opts.total
      : Number(
          (await counted.select((eb: AnyEb) => eb.fn.countAll().as('total')).executeTakeFirst())?.total ?? 0,
        );
  const reachable = limitCount > 0 ? Math.min(size, Math.max(0, limitCount - (current - 1) * size)) : size;
  // The page's ids first, then their records: the search, its order and the page's bounds read only
  // what an index holds where one does (the filters' columns, the sort), and only the page's rows are
  // read whole with their names, never every row the filters test.
  const pageIds = ordered(q.select('t1.id'))
    .limit(reachable)
    .offset((current - 1) * size);
  const rows = (await ordered(
    dyn(ctx)
      .selectFrom(`${def.table} as t1`)
      .where('t1.id', 'in', pageIds)
      .select(selection(def, ctx, opts.fields)),
  ).execute()) as Row[];
  return page(
    rows.map((r) => present(def, ctx, withCustom(r, custom))),
    total,
    current,
    size,
  );
}

/** A declared named filter; the body schema refuses any other name, this guards direct callers. */
function namedFilterOf(def: ResourceDef, ctx: CallContext, name: string) {
  const found = Object.hasOwn(def.namedFilters ?? {}, name) ? def.namedFilters![name] : undefined;
  if (!found) throw new AppError('invalidValue', { field: 'namedFilter', problem: ctx.t('problem.invalid') });
  return found;
}

export interface TabCounts {
  /** Records of the search by the value of the `by` filter's field (a null value under ''). */
  counts?: Record<string, number>;
  /** Records of the search that each named filter holds, by name. */
  filterCounts?: Record<string, number>;
  /** Records of the search the counts were taken over (the 'all' tab). */
  countTotal?: number;
}

/**
 * Tab counts (spec 000 section 2) in one query over the list's own search, scope and extra conditions:
 * by the values of the eq filter `by` (the tabs that are one column's values) and by named filter
 * (`filters`: the tabs that are conditions of their own). The tabs' own conditions are left out (the
 * `by` filter's and the active named filter when it is one of `filters`), so every tab's count shows
 * whichever tab is active.
 */
export async function tabCounts(
  def: ResourceDef,
  ctx: CallContext,
  condition: NonNullable<ListBody['condition']>,
  ask: { by?: string; filters?: readonly string[] },
  opts: ListOptions = {},
): Promise<TabCounts> {
  const filter = ask.by ? def.filters?.[ask.by] : undefined;
  // The body schema already refuses other names; this guards direct callers.
  if (ask.by && filter?.op !== 'eq')
    throw new AppError('invalidValue', { field: 'countBy', problem: ctx.t('problem.invalid') });
  const named = (ask.filters ?? []).map((name) => [name, namedFilterOf(def, ctx, name)] as const);
  const rest: Record<string, unknown> = { ...condition };
  if (ask.by) delete rest[ask.by];
  if (named.some(([name]) => name === rest.namedFilter)) delete rest.namedFilter;
  const { q } = await listQuery(def, ctx, rest, opts);
  const col = filter ? `t1.${filter.field}` : undefined;
  let counted = q.select((eb: AnyEb) => [
    eb.fn.countAll().as('n'),
    ...named.map(([, f], i) => eb.fn.countAll().filterWhere(f.where(eb, ctx)).as(`f${i}`)),
  ]);
  if (col) counted = counted.select(sql<string | null>`${sql.ref(col)}::text`.as('value')).groupBy(col);
  const rows = (await counted.execute()) as Record<string, string | number | null>[];
  const out: TabCounts = {};
  if (col) {
    const counts: Record<string, number> = {};
    for (const r of rows) {
      const value = (r.value as string | null) ?? '';
      counts[value] = (counts[value] ?? 0) + Number(r.n);
    }
    out.counts = counts;
  }
  if (named.length) {
    out.filterCounts = Object.fromEntries(
      named.map(([name], i) => [name, rows.reduce((sum, r) => sum + Number(r[`f${i}`] ?? 0), 0)]),
    );
    out.countTotal = rows.reduce((sum, r) => sum + Number(r.n), 0);
  }
  return out;
}

/**
 * The total of a list's search read off its tab counts, where the search is one tab of them: the tab
 * of the `by` value it asks for or of its named filter (not both), or all of them when it asks for
 * neither. Undefined where the counts do not tell it (a value and a named filter together).
 */
export function tabTotal(
  condition: NonNullable<ListBody['condition']>,
  ask: { by?: string; filters?: readonly string[] },
  tabs: TabCounts,
): number | undefined {
  const value = ask.by ? condition[ask.by] : undefined;
  const byValue = value !== undefined && value !== null && value !== '';
  const named =
    typeof condition.namedFilter === 'string' && ask.filters?.includes(condition.namedFilter)
      ? condition.namedFilter
      : undefined;
  if (byValue && named) return undefined;
  if (byValue)
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? (tabs.counts?.[String(value)] ?? 0)
      : undefined;
  if (named) return tabs.filterCounts?.[named] ?? 0;
  return tabs.countTotal ?? Object.values(tabs.counts ?? {}).reduce((a, b) => a + b, 0);
}

/**
 * Tab counts (spec 000 section 2): how many records of the same search have each value of the filter
 * `name`, that filter's own condition left out (so every tab gets its count from one query). The same
 * query as the list's, so data scope and the service's extra conditions apply exactly as to the rows.
 * A null value is counted under ''.
 */
export async function countBy(
  def: ResourceDef,
  ctx: CallContext,
  condition: NonNullable<ListBody['condition']>,
  name: string,
  opts: ListOptions = {},
): Promise<Record<string, number>> {
  return (await tabCounts(def, ctx, condition, { by: name }, opts)).counts ?? {};
}

/**
 * Every matching record in list order, in chunks, for exports: one ordered query of ids (in scope),
 * then rows by primary key, so no page re-reads the rows before it and only the ids stay in memory.
 */
export async function* listAll(
  def: ResourceDef,
  ctx: CallContext,
  condition: NonNullable<ListBody['condition']>,
  chunk = 1000,
  opts: ListOptions = {},
  props?: readonly string[],
) {
  const { q, ordered, custom } = await listQuery(def, ctx, condition, opts);
  // Only the columns the caller writes (an export's template), unless the resource derives values
  // from others; custom values travel in ext.
  const fields = allFields(def);
  const isName = (p: string) => !(p in fields) && Boolean(namedReference(def, p));
  const only =
    props && !def.present
      ? [
          'id',
          ...new Set(props.filter((p) => p !== 'id' && (p in fields || isName(p)))),
          ...(def.customFields && props.some((p) => !(p in fields) && !isName(p)) ? ['ext'] : []),
        ]
      : undefined;
  const ids = ((await ordered(q.select('t1.id')).execute()) as { id: string }[]).map((r) => r.id);
  yield { total: ids.length, records: [] as Row[] };
  const read = (from: number) => {
    const slice = ids.slice(from, from + chunk);
    const rows = dyn(ctx)
      .selectFrom(`${def.table} as t1`)
      .select(selection(def, ctx, only))
      // One array parameter rather than a thousand: far less to parse and plan, on PGlite above all.
      .where(sql<boolean>`t1.id = any(${slice})`)
      .execute() as Promise<Row[]>;
    // Awaited in turn below; a reader that stops early must not leave it unhandled.
    rows.catch(() => {});
    return { slice, rows };
  };
  // The next chunk is asked for while the caller writes this one.
  let next = ids.length ? read(0) : undefined;
  for (let i = 0; next; i += chunk) {
    const { slice, rows } = next;
    const byId = new Map((await rows).map((r) => [r.id as string, r]));
    next = i + chunk < ids.length ? read(i + chunk) : undefined;
    yield {
      total: ids.length,
      records: slice.flatMap((id) => {
        const row = byId.get(id);
        return row ? [present(def, ctx, withCustom(row, custom))] : [];
      }),
    };
  }
}

/**
 * The record by id in the caller's scope, else notFound; `forWrite`: only one the caller may change;
 * `lock`: locked until the caller's transaction ends.
 */
export async function get(
  def: ResourceDef,
  ctx: CallContext,
  id: string,
  forWrite = false,
  lock = false,
): Promise<Row> {
  let q: AnyQuery = dyn(ctx).selectFrom(`${def.table} as t1`).where('t1.id', '=', id);
  q = applyScope(def, ctx, q);
  if (forWrite && def.mayChange) q = def.mayChange(ctx, q);
  if (lock) q = q.forUpdate();
  const row = (await q.select(selection(def, ctx)).executeTakeFirst()) as Row | undefined;
  if (!row) throw new AppError('notFound');
  return present(def, ctx, withCustom(row, await customOf(def, ctx)));
}

/**
 * The records of `ids` in the caller's data scope, in the order of `ids` (prints). An id that is unknown
 * or out of scope is simply absent: the caller compares counts and refuses.
 */
export async function getMany(
  def: ResourceDef,
  ctx: CallContext,
  ids: readonly string[],
  /**
   * lock: locked until the caller's transaction ends (a transition reads the states it then writes);
   * stored: the rows as stored, without custom fields merged in or the resource's present;
   * fields: only these fields (and reference names), where a caller reads many rows for a few;
   * names: false leaves the reference names out (a transition checks and writes stored values only);
   * prepared: the statement is kept prepared (keepPrepared), for a fixed read a frequent call makes.
   */
  opts: {
    lock?: boolean;
    stored?: boolean;
    fields?: readonly string[];
    names?: false;
    prepared?: boolean;
  } = {},
): Promise<Row[]> {
  if (!ids.length) return [];
  let q: AnyQuery = dyn(ctx)
    .selectFrom(`${def.table} as t1`)
    // One array parameter, typed by the column (uuid, or a number for a settings row), not one a row.
    .where(sql<boolean>`t1.id = any(${[...ids]})`);
  q = applyScope(def, ctx, q);
  if (opts.lock) q = q.forUpdate();
  q = q.select(selection(def, ctx, opts.fields && ['id', ...opts.fields], opts.names ?? true));
  const rows = (
    opts.prepared ? (await ctx.db.executeQuery(keepPrepared(q.compile()))).rows : await q.execute()
  ) as Row[];
  // By the id as text: a table keyed by a number (a single settings row) answers it as one.
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  if (opts.stored)
    return ids.flatMap((id): Row[] => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  const custom = await customOf(def, ctx);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [present(def, ctx, withCustom(row, custom))] : [];
  });
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The declared writable fields of the payload, nothing else; '' becomes null for non-text fields. On
 * add, an absent field takes its default, and an empty one what its `fill` answers for the caller.
 */
function writableValues(def: ResourceDef, ctx: CallContext, payload: Row, mode: 'add' | 'update'): Row {
  const values: Row = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (!f.write || (mode === 'update' && f.write === 'create')) continue;
    const filled = mode === 'add' && f.fill && isEmpty(payload[name]) ? f.fill(ctx) : undefined;
    if (filled !== undefined && filled !== null) {
      values[name] = filled;
      continue;
    }
    if (!(name in payload)) {
      if (mode === 'add' && f.default !== undefined) values[name] = f.default;
      continue;
    }
    const v = payload[name];
    values[name] =
      v === '' && (f.type !== 'string' || f.format)
        ? null
        : typeof v === 'string' && f.type === 'string'
          ? v.trim()
          : v;
  }
  return values;
}

/**
 * Work a save does in its transaction once the record is checked (fields, scope, references) and
 * before it is written: the resource's beforeSave hook (save.ts), with the record as it will be stored.
 * The values it answers (a checked or computed column, a cleared field) are written with the record,
 * over the sent ones, like `own`.
 */
export type BeforeWrite = (
  txCtx: CallContext,
  row: Row,
  current: Row | undefined,
  // biome-ignore lint/suspicious/noConfusingVoidType: a hook setting nothing is an async function returning Promise<void>.
) => Promise<Row | undefined | void> | Row | undefined | void;

/** How an update treats the version (UpdateOptions.version). */
export interface UpdateOptions {
  /**
   * 'sent' (the default): the update is made at the caller's version, which must be the stored one (a
   * stale one is refused with 10007, a missing one with 10017). 'ifSent': at the caller's version when
   * it sends one, else at the stored one, read with a row lock so no other write comes between: for a
   * write the server makes on a record no client read (a user's own password change) or a call whose
   * version is optional (a licence activation).
   */
  version?: 'sent' | 'ifSent';
}

/** The refusal of an update without a version. */
function versionRequired(ctx: CallContext): AppError {
  return new AppError('invalidValue', { field: ctx.t('field.version'), problem: ctx.t('problem.required') });
}

/** Patterns that carry their own problem text (FieldDef.patternProblem), which the payload schema leaves out. */
function checkPatterns(def: ResourceDef, ctx: CallContext, values: Row): void {
  for (const [name, f] of Object.entries(def.fields)) {
    const v = values[name];
    if (!f.patternProblem || !f.pattern || typeof v !== 'string' || v === '') continue;
    if (!new RegExp(f.pattern).test(v))
      throw new AppError('invalidValue', { field: ctx.t(`field.${name}`), problem: ctx.t(f.patternProblem) });
  }
}

function checkOrder(def: ResourceDef, ctx: CallContext, values: Row): void {
  for (const [from, to] of def.ordered ?? []) {
    const a = values[from];
    const b = values[to];
    if (a != null && b != null && a !== '' && b !== '' && String(a) > String(b)) {
      throw new AppError('invalidValue', {
        field: ctx.t(`field.${to}`),
        problem: ctx.t('problem.dateOrder', { other: ctx.t(`field.${from}`) }),
      });
    }
  }
}

/** The name written as createName/updateName: the user's, or 'system' for the server's own work. */
export function auditName(ctx: CallContext): string {
  return ctx.user?.userName ?? 'system';
}

/** The custom values the payload carries, checked by type, merged over what the record had. */
async function customValues(
  def: ResourceDef,
  ctx: CallContext,
  payload: Row,
  current: Record<string, unknown> = {},
) {
  const custom = await customOf(def, ctx);
  const ext = { ...current };
  let touched = false;
  for (const f of custom) {
    if (!(f.fieldNo in payload)) continue;
    const value = await checkCustomValue(ctx.db, f, payload[f.fieldNo], ctx.t);
    if (value === null) delete ext[f.fieldNo];
    else ext[f.fieldNo] = value;
    touched = true;
  }
  return touched ? { ext: JSON.stringify(ext) } : {};
}

/**
 * Runs `work` in the caller's transaction when it has one, otherwise in a new one. A service that
 * writes more than the resource row (a role's menus, a rule's detail lines) opens one transaction and
 * calls add/update/remove inside it, so the row and the rest are written together or not at all.
 */
export function inTransaction<T>(ctx: CallContext, work: (txCtx: CallContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  return ctx.db.transaction().execute((tx) => work({ ...ctx, db: tx }));
}

/**
 * `own` holds values the service itself sets beside the client's writable fields (a password hash,
 * a computed total): never read from the payload, so no client can send them. The resource's hooks
 * and lines are save.ts's: this writes the record alone.
 */
export async function add(
  def: ResourceDef,
  ctx: CallContext,
  payload: Row,
  own: Row = {},
  before?: BeforeWrite,
): Promise<Row> {
  const values = { ...writableValues(def, ctx, payload, 'add'), ...(await customValues(def, ctx, payload)) };
  checkDecimals(def, ctx, values);
  checkPatterns(def, ctx, values);
  checkOrder(def, ctx, values);
  checkScopeOfValues(def, ctx, values, true);
  const now = new Date();
  const name = auditName(ctx);
  return inTransaction(ctx, async (txCtx) => {
    const row = { ...values, ...own, ...def.fixed };
    await checkReferences(def, txCtx, row);
    const set = (await before?.(txCtx, row, undefined)) ?? {};
    const document = def.document ? await newDocumentValues(def.document, txCtx, values, def.scope?.org) : {};
    const inserted = (await dyn(txCtx)
      .insertInto(def.table)
      .values({
        ...values,
        ...own,
        ...set,
        ...document,
        ...def.fixed,
        version: 1,
        createName: name,
        createDate: now,
        updateName: name,
        updateDate: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: string };
    await grantScopeValue(def, txCtx, values);
    return get(def, txCtx, inserted.id);
  });
}

/**
 * Adds several records of one resource (a document's new lines) in one statement (insertRows): each
 * checked as `add` checks one (writable fields, custom values, decimals, patterns, order, scope,
 * references, the document's initial values), none read back. A refusal is passed through `named` with
 * the row's index, so the caller names the row.
 */
export async function addMany(
  def: ResourceDef,
  ctx: CallContext,
  rows: { payload: Row; own: Row; index: number }[],
  named: (error: unknown, index: number) => unknown = (e) => e,
): Promise<void> {
  if (!rows.length) return;
  const now = new Date();
  const name = auditName(ctx);
  await inTransaction(ctx, async (txCtx) => {
    const records: Row[] = [];
    for (const { payload, own, index } of rows) {
      try {
        const values = {
          ...writableValues(def, ctx, payload, 'add'),
          ...(await customValues(def, txCtx, payload)),
        };
        checkDecimals(def, ctx, values);
        checkPatterns(def, ctx, values);
        checkOrder(def, ctx, values);
        checkScopeOfValues(def, ctx, values, true);
        const row = { ...values, ...own, ...def.fixed };
        await checkReferences(def, txCtx, row);
        const document = def.document
          ? await newDocumentValues(def.document, txCtx, values, def.scope?.org)
          : {};
        records.push({
          ...row,
          ...document,
          ...def.fixed,
          version: 1,
          createName: name,
          createDate: now,
          updateName: name,
          updateDate: now,
        });
        await grantScopeValue(def, txCtx, values);
      } catch (e) {
        throw named(e, index);
      }
    }
    await insertRows(txCtx.db, def.table, records);
  });
}

/**
 * Updates a record at its version (UpdateOptions): a stale version is refused before anything else of
 * the save runs (checks, references, the hook), and the write itself is guarded by it, so a change
 * made in between is refused too and nothing of the save is kept.
 */
export async function update(
  def: ResourceDef,
  ctx: CallContext,
  payload: Row & { id: string; version?: number | null },
  own: Row = {},
  before?: BeforeWrite,
  opts: UpdateOptions = {},
): Promise<Row> {
  const sent = payload.version ?? undefined;
  if (sent === undefined && opts.version !== 'ifSent') throw versionRequired(ctx);
  const values = writableValues(def, ctx, payload, 'update');
  checkDecimals(def, ctx, values);
  checkPatterns(def, ctx, values);
  return inTransaction(ctx, async (txCtx) => {
    // Reading through the scope first: a row outside it is 'not found', never 'stale'.
    const current = await get(def, txCtx, payload.id, true, sent === undefined);
    const version = Number(sent ?? current.version);
    if (Number(current.version) !== version) throw new AppError('staleVersion');
    checkEditable(def.document, ctx, current);
    checkOrder(def, ctx, { ...current, ...values });
    checkScopeOfValues(def, ctx, values);
    const row = { ...current, ...values, ...own, ...def.fixed };
    await checkReferences(def, txCtx, row, current);
    const set = (await before?.(txCtx, row, current)) ?? {};
    const stored = def.customFields
      ? ((await dyn(txCtx)
          .selectFrom(def.table)
          .select('ext')
          .where('id', '=', payload.id)
          .executeTakeFirst()) as { ext: Row } | undefined)
      : undefined;
    const ext = def.customFields ? await customValues(def, txCtx, payload, stored?.ext) : {};
    const result = await dyn(txCtx)
      .updateTable(def.table)
      .set({
        ...values,
        ...ext,
        ...own,
        ...set,
        version: sql`version + 1`,
        updateName: auditName(ctx),
        updateDate: new Date(),
      })
      .where('id', '=', payload.id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('staleVersion');
    return get(def, txCtx, payload.id);
  });
}

/**
 * Base data of an organisation whose business control BASE_DATA_PHYSICAL_DELETE is N is not deleted:
 * the user is told to set the record invalid instead. Base data: a resource of the Base menus with an
 * organisation scope column.
 */
async function checkPhysicalDelete(def: ResourceDef, ctx: CallContext, row: Row): Promise<void> {
  const column = def.scope?.org;
  if (!column || !def.menus.some((m) => m.startsWith('Base.'))) return;
  const orgNo = row[column.replace(/^t1\./, '')];
  if (typeof orgNo !== 'string' || !orgNo) return;
  const control = await controlValue(ctx.db, orgNo, PHYSICAL_DELETE);
  if (control?.value === 'N') throw new AppError('physicalDeleteOff', { orgNo });
}

/**
 * Deletes all listed rows or none: one stale version, one row out of scope or one still used
 * (ResourceDef.usedBy) changes nothing.
 */
export async function remove(
  def: ResourceDef,
  ctx: CallContext,
  delList: { id: string; version: number }[],
): Promise<{ deleted: number }> {
  const ids = new Set<string>();
  await inTransaction(ctx, async (txCtx) => {
    for (const { id, version } of delList) {
      if (ids.has(id)) continue;
      ids.add(id);
      const existing = await get(def, txCtx, id, true);
      await checkUsage(def, txCtx, { ...existing, ...def.fixed });
      if (existing.version !== version) throw new AppError('staleVersion');
      checkEditable(def.document, ctx, existing);
      await checkPhysicalDelete(def, txCtx, existing);
      const result = await dyn(txCtx)
        .deleteFrom(def.table)
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) throw new AppError('staleVersion');
    }
  });
  return { deleted: ids.size };
}
