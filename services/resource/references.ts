// A resource's references (ResourceDef.references) on save: every field naming a record of another
// table names an existing one (valid, unless the reference says any will do) that shares the columns
// the reference lists with the row. Checked when the field, or a column it is matched with, is new or
// changed, after the data scope (so no one learns what exists outside it). The import checks the same
// declaration in bulk (import.ts). The other way round (ResourceDef.usedBy): a record another table
// still names is not deleted. A reference that declares a name (ReferenceSpec.name) is answered with the
// referenced record's name beside the code, read in the very query of the rows (a correlated subquery
// per name, one statement per page), sorted and searched by that name.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { AppError } from '../errors.js';
import { textsByPrefix } from '../i18n.js';
import type { CallContext } from '../registry.js';
import { type ReferenceName, type ReferenceSpec, type ResourceDef, SYSTEM_FIELDS } from './define.js';

type Row = Record<string, unknown>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The refusal of a value naming nothing: 10017, "<field> "<value>" does not exist or is not valid". */
export function notExisting(ctx: CallContext, field: string, value: unknown): AppError {
  return new AppError('invalidValue', {
    field: ctx.t(`field.${field}`),
    problem: ctx.t('problem.notExisting', { value: String(value) }),
  });
}

/**
 * A value a declaration cannot name as one reference (one code of a comma-separated list): `found`
 * looks it up; refused with 10017 like a reference.
 */
export async function mustExist(
  ctx: CallContext,
  field: string,
  value: unknown,
  found: (value: string) => Promise<unknown>,
): Promise<void> {
  if (isEmpty(value)) return;
  if (!(await found(String(value)))) throw notExisting(ctx, field, value);
}

/** The fields whose values the reference compares: the field itself and its `with` fields. */
const comparedFields = (field: string, ref: ReferenceSpec) => [field, ...Object.values(ref.with ?? {})];

/** Whether the record `ref` points at from `row` exists. */
export async function referenceExists(
  ctx: CallContext,
  field: string,
  ref: ReferenceSpec,
  row: Row,
): Promise<boolean> {
  // biome-ignore lint/suspicious/noExplicitAny: the referenced table is named by the declaration.
  let q = (ctx.db as unknown as Kysely<any>)
    .selectFrom(ref.table)
    .select(sql<number>`1`.as('one'))
    .where(ref.column, '=', String(row[field]));
  const valid = ref.valid ?? 'statusCode';
  if (valid) q = q.where(valid, '=', '1');
  for (const [column, other] of Object.entries(ref.with ?? {}))
    if (!isEmpty(row[other])) q = q.where(column, '=', String(row[other]));
  for (const [column, value] of Object.entries(ref.where ?? {})) q = q.where(column, '=', value);
  return Boolean(await q.executeTakeFirst());
}

/**
 * Refuses `row` (the record as it will be stored) when one of its references names nothing. On update
 * (`current` given) only references whose fields changed are looked up: a record keeps naming a record
 * that became invalid since until that field is changed.
 */
export async function checkReferences(
  def: ResourceDef,
  ctx: CallContext,
  row: Row,
  current?: Row,
): Promise<void> {
  for (const [field, ref] of Object.entries(def.references ?? {})) {
    const value = row[field];
    if (ref.checked === false || isEmpty(value) || ref.except?.includes(String(value))) continue;
    if (current && comparedFields(field, ref).every((f) => String(row[f] ?? '') === String(current[f] ?? '')))
      continue;
    if (!(await referenceExists(ctx, field, ref, row))) throw notExisting(ctx, field, value);
  }
}

/** Refuses the delete of `row` (inUse, 10016) while another table names it. */
export async function checkUsage(def: ResourceDef, ctx: CallContext, row: Row): Promise<void> {
  for (const usage of def.usedBy ?? []) {
    if (isEmpty(row[usage.field])) continue;
    // biome-ignore lint/suspicious/noExplicitAny: the other table is named by the declaration.
    let q = (ctx.db as unknown as Kysely<any>)
      .selectFrom(usage.table)
      .select(sql<number>`1`.as('one'))
      .where(usage.column, '=', String(row[usage.field]));
    for (const [column, field] of Object.entries(usage.with ?? {}))
      q = q.where(column, '=', String(row[field]));
    if (await q.executeTakeFirst()) throw new AppError('inUse');
  }
}

/** A reference whose name the resource answers, as `name.as`. */
export interface NamedReference {
  field: string;
  ref: ReferenceSpec;
  name: ReferenceName;
}

/**
 * The references whose names the resource answers: those declaring a name, unless the resource has a
 * field of that name itself (its own column wins) or another reference answers it first.
 */
export function namedReferences(def: ResourceDef): NamedReference[] {
  const out: NamedReference[] = [];
  for (const [field, ref] of Object.entries(def.references ?? {})) {
    const name = ref.name;
    if (!name || def.fields[name.as] || SYSTEM_FIELDS[name.as] || out.some((n) => n.name.as === name.as))
      continue;
    out.push({ field, ref, name });
  }
  return out;
}

/** The named reference answered as `prop`, if any. */
export function namedReference(def: ResourceDef, prop: string): NamedReference | undefined {
  return namedReferences(def).find((n) => n.name.as === prop);
}

// biome-ignore lint/suspicious/noExplicitAny: the referenced table is named by the declaration.
const dynDb = (ctx: CallContext) => ctx.db as unknown as Kysely<any>;

/** The referenced record's name column, in the caller's language when it holds one per language. */
function nameColumn(ctx: CallContext, name: ReferenceName): RawBuilder<string | null> {
  const column = sql.ref(`rn.${name.column}`);
  if (!name.i18n) return sql<string | null>`${column}`;
  return sql<string | null>`coalesce(nullif(${column}->>${ctx.lang}, ''), nullif(${column}->>'en-US', ''))`;
}

/**
 * The name of the record `field` of the row `t1` names, as one SQL expression: a correlated subquery
 * on the referenced table (its code column, the `with` columns matched with the row's and the `where`
 * values; at most one record), else, for a reference with a `localeKey`, the code's text in the
 * caller's language (bound as one JSON parameter). Valid or not: a code keeps its record's name.
 */
export function referenceNameSql(ctx: CallContext, n: NamedReference): RawBuilder<string | null> {
  let q = dynDb(ctx)
    .selectFrom(`${n.ref.table} as rn`)
    .select(nameColumn(ctx, n.name).as('name'))
    .whereRef(`rn.${n.ref.column}`, '=', `t1.${n.field}`);
  for (const [column, other] of Object.entries(n.ref.with ?? {}))
    q = q.whereRef(`rn.${column}`, '=', `t1.${other}`);
  for (const [column, value] of Object.entries(n.ref.where ?? {})) q = q.where(`rn.${column}`, '=', value);
  const found = sql<string | null>`(${q.limit(1)})`;
  const own = n.name.orCode ? sql<string | null>`coalesce(${found}, ${sql.ref(`t1.${n.field}`)})` : found;
  if (!n.name.localeKey) return own;
  const texts = JSON.stringify(textsByPrefix(ctx.lang, n.name.localeKey));
  return sql<string | null>`coalesce(${own}, ${texts}::jsonb ->> ${sql.ref(`t1.${n.field}`)})`;
}

/**
 * The rows whose `field` names a record whose name contains `pattern` (an ILIKE pattern; `text` is the
 * keyword itself, for names from the locale texts): a subquery that does not depend on the row, so the
 * keyword costs one lookup of the referenced table, not one per row.
 */
export function referenceNameMatches(
  ctx: CallContext,
  n: NamedReference,
  pattern: string,
  text: string,
): RawBuilder<boolean> {
  let q = dynDb(ctx)
    .selectFrom(`${n.ref.table} as rn`)
    .select(`rn.${n.ref.column}`)
    .where(sql<boolean>`${nameColumn(ctx, n.name)} ilike ${pattern}`);
  for (const [column, value] of Object.entries(n.ref.where ?? {})) q = q.where(`rn.${column}`, '=', value);
  const field = sql.ref(`t1.${n.field}`);
  const found = sql<boolean>`${field} in (${q})`;
  if (!n.name.localeKey) return found;
  const wanted = text.toLowerCase();
  const codes = Object.entries(textsByPrefix(ctx.lang, n.name.localeKey))
    .filter(([, title]) => title.toLowerCase().includes(wanted))
    .map(([code]) => code);
  return codes.length ? sql<boolean>`(${found} or ${field} = any(${codes}))` : found;
}

/** The names of the resource's named references, as selections of the rows' query (`only`: those). */
export function referenceNameSelections(ctx: CallContext, def: ResourceDef, only?: readonly string[]) {
  return namedReferences(def)
    .filter((n) => !only || only.includes(n.name.as))
    .map((n) => referenceNameSql(ctx, n).as(n.name.as));
}
