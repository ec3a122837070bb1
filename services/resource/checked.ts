// Standard methods with a resource's own write rules: references that must name an existing, valid
// record (in the same organisation or warehouse), checks of the record as it will be stored, and work
// that belongs in the same transaction as the write (clearing another default address). The rules
// see the whole record: on update, the stored row with the payload's writable values over it.
import { type Kysely, sql } from 'kysely';
import { compareDecimals, type DecimalInput } from '../../engine/core/decimal.js';
import type { DB } from '../db/types.js';
import { AppError } from '../errors.js';
import type { CallContext, MethodDef } from '../registry.js';
import { checkDecimals } from './decimals.js';
import type { ResourceDef } from './define.js';
import { type StandardNames, standardMethods } from './methods.js';
import { add, checkScopeOfValues, get, inTransaction, type Row, update } from './resource.js';

/**
 * `field` must name a valid record of `table`: every column of `match` equals the record's field it
 * names (`{orgNo: 'orgNo', unitNo: 'fromUnitNo'}`). An empty field is no reference.
 */
export interface Reference {
  field: string;
  table: keyof DB & string;
  match: Record<string, string>;
}

export interface WriteRules {
  references?: readonly Reference[];
  /** Values the server takes from the caller when the payload has none (a supplier user's supplier). */
  fill?: (ctx: CallContext, payload: Row) => void;
  /** Refuses a record (throws AppError); `current` is the stored row on update. */
  check?: (ctx: CallContext, row: Row, current?: Row) => void | Promise<void>;
  /** Runs inside the write's transaction, before the row is written. */
  before?: (ctx: CallContext, row: Row, current?: Row) => Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: tables named by the declarations.
const dyn = (ctx: CallContext) => ctx.db as unknown as Kysely<any>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The payload's writable values over the stored row, the way the resource layer will store them. */
function recordAfter(def: ResourceDef, payload: Row, current?: Row): Row {
  const row: Row = { ...(current ?? {}) };
  for (const [name, f] of Object.entries(def.fields)) {
    if (!f.write || (current && f.write === 'create')) continue;
    if (!(name in payload)) {
      if (!current && f.default !== undefined) row[name] = f.default;
      continue;
    }
    const v = payload[name];
    row[name] = v === '' && f.type !== 'string' ? null : typeof v === 'string' ? v.trim() : v;
  }
  return row;
}

export const invalid = (
  ctx: CallContext,
  field: string,
  problem: string,
  params: Record<string, unknown> = {},
) => new AppError('invalidValue', { field: ctx.t(`field.${field}`), problem: ctx.t(problem, params) });

/** The references whose fields are new or changed name existing, valid records. */
async function checkReferences(ctx: CallContext, refs: readonly Reference[], row: Row, current?: Row) {
  for (const ref of refs) {
    const fields = Object.values(ref.match);
    if (fields.some((f) => isEmpty(row[f]))) continue;
    if (current && fields.every((f) => row[f] === current[f])) continue;
    let q = dyn(ctx).selectFrom(ref.table).select(sql<number>`1`.as('one')).where('statusCode', '=', '1');
    for (const [column, field] of Object.entries(ref.match)) q = q.where(column, '=', String(row[field]));
    const found = await q.executeTakeFirst();
    if (!found) throw invalid(ctx, ref.field, 'problem.notExisting', { value: String(row[ref.field]) });
  }
}

/** standardMethods whose add and update apply `rules` first. */
export function checkedMethods(
  def: ResourceDef,
  names: StandardNames,
  rules: WriteRules,
): Record<string, MethodDef> {
  const methods = standardMethods(def, names);
  const prepare = async (ctx: CallContext, payload: Row, current?: Row) => {
    const row = recordAfter(def, payload, current);
    // Scope first: a value outside it is refused as such, before a reference could tell it exists.
    const written = current ? Object.fromEntries(Object.keys(payload).map((k) => [k, row[k]])) : row;
    checkScopeOfValues(def, ctx, written, !current);
    // The rules compare decimals as the exact canonical text the write will store (only the values
    // written are checked: a stored value is not refused for the limits of today).
    checkDecimals(def, ctx, written);
    for (const [name, f] of Object.entries(def.fields))
      if (f.type === 'decimal' && name in written) row[name] = written[name];
    await checkReferences(ctx, rules.references ?? [], row, current);
    await rules.check?.(ctx, row, current);
    return row;
  };
  if (names.add) {
    methods[names.add] = {
      ...methods[names.add],
      handler: async (ctx, body: { condition: Row }) => {
        const payload = { ...body.condition };
        rules.fill?.(ctx, payload);
        const row = await prepare(ctx, payload);
        return inTransaction(ctx, async (tx) => {
          await rules.before?.(tx, row);
          return add(def, tx, payload);
        });
      },
    };
  }
  if (names.update) {
    methods[names.update] = {
      ...methods[names.update],
      handler: async (ctx, body: { condition: Row & { id: string; version: number } }) =>
        inTransaction(ctx, async (tx) => {
          // Read through the scope: a record outside it is 'not found' before any rule speaks.
          const current = await get(def, tx, body.condition.id);
          const row = await prepare(tx, body.condition, current);
          await rules.before?.(tx, row, current);
          return update(def, tx, body.condition);
        }),
    };
  }
  return methods;
}

/**
 * Keeps one default per owner: when `row` is the default, the owner's other defaults stop being one
 * (their version moves on, so a screen holding one of them sees the change).
 */
export function oneDefault(
  table: keyof DB & string,
  flag: string,
  owner: readonly string[],
): NonNullable<WriteRules['before']> {
  return async (ctx, row, current) => {
    if (row[flag] !== 'Y') return;
    let q = dyn(ctx)
      .updateTable(table)
      .set({
        [flag]: 'N',
        version: sql`version + 1`,
        updateName: ctx.user?.userName ?? 'system',
        updateDate: new Date(),
      })
      .where(flag, '=', 'Y');
    for (const o of owner) q = q.where(o, '=', String(row[o]));
    if (current) q = q.where('id', '<>', String(current.id));
    await q.execute();
  };
}

/** A net weight above the gross weight is a typing mistake. */
export function weightsInOrder(ctx: CallContext, row: Row): void {
  const net = row.netWeight;
  const gross = row.grossWeight;
  if (isEmpty(net) || isEmpty(gross)) return;
  if (compareDecimals(net as DecimalInput, gross as DecimalInput) > 0)
    throw invalid(ctx, 'grossWeight', 'problem.notBelow', { other: ctx.t('field.netWeight') });
}
