// A resource's references (ResourceDef.references) on save: every field naming a record of another
// table names an existing one (valid, unless the reference says any will do) that shares the columns
// the reference lists with the row. Checked when the field, or a column it is matched with, is new or
// changed, after the data scope (so no one learns what exists outside it). The import checks the same
// declaration in bulk (import.ts). The other way round (ResourceDef.usedBy): a record another table
// still names is not deleted.
import { type Kysely, sql } from 'kysely';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import type { ReferenceSpec, ResourceDef } from './define.js';

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
    if (isEmpty(value) || ref.except?.includes(String(value))) continue;
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
