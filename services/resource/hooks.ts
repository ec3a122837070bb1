// Hooks resources share (ResourceDef.hooks): a refusal naming a field, one default per owner, several
// beforeSave rules in their order.
import { type Kysely, sql } from 'kysely';
import { compareDecimals, type DecimalInput } from '../../engine/core/decimal.js';
import type { DB } from '../db/types.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import type { ResourceHooks } from './define.js';
import type { Row } from './resource.js';

type BeforeSave = NonNullable<ResourceHooks['beforeSave']>;

// biome-ignore lint/suspicious/noExplicitAny: tables named by the declarations.
const dyn = (ctx: CallContext) => ctx.db as unknown as Kysely<any>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** 10017 naming the field and the problem (a locale key), in the caller's language. */
export const invalid = (
  ctx: CallContext,
  field: string,
  problem: string,
  params: Record<string, unknown> = {},
) => new AppError('invalidValue', { field: ctx.t(`field.${field}`), problem: ctx.t(problem, params) });

/**
 * Several beforeSave rules, run one after the other: each later one sees the values the earlier ones
 * set on the record, and the values of all are written.
 */
export function inOrder(...hooks: BeforeSave[]): BeforeSave {
  return async (ctx, row, current, payload) => {
    const set: Row = {};
    for (const hook of hooks) {
      const values = await hook(ctx, row, current, payload);
      if (values) Object.assign(row, Object.assign(set, values));
    }
    return set;
  };
}

export interface DefaultMark {
  /** The flag's value marking the default, and the one it takes when it stops being it: Y and N. */
  on?: string;
  off?: string;
  /** An added record becomes the default when its owner has none (a list without a choice needs one). */
  first?: boolean;
}

/**
 * Keeps one default per owner: when the saved record is the default, the owner's other defaults stop
 * being one (their version moves on, so a screen holding one of them sees the change).
 */
export function oneDefault(
  table: keyof DB & string,
  flag: string,
  owner: readonly string[],
  { on = 'Y', off = 'N', first = false }: DefaultMark = {},
): BeforeSave {
  const ofOwner = <Q extends { where: (c: string, op: '=', v: string) => Q }>(q: Q, row: Row) =>
    owner.reduce((out, o) => out.where(o, '=', String(row[o])), q);
  return async (ctx, row, current) => {
    if (first && !current && String(row[flag] ?? '') !== on) {
      const other = await ofOwner(
        dyn(ctx).selectFrom(table).select(sql<number>`1`.as('one')).where(flag, '=', on),
        row,
      ).executeTakeFirst();
      if (!other) return { [flag]: on };
    }
    if (String(row[flag] ?? '') !== on) return;
    let q = ofOwner(
      dyn(ctx)
        .updateTable(table)
        .set({
          [flag]: off,
          version: sql`version + 1`,
          updateName: ctx.user?.userName ?? 'system',
          updateDate: new Date(),
        })
        .where(flag, '=', on),
      row,
    );
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
