// The query rules of spec 001 section 5 for labels, containers and SN barcode transactions, enforced on
// the server (the screens declare the same rules and check them before sending):
// - a label query needs a date range, or at least one of order (source) number, item code, batch
//   number; a barcode or a container number also narrows it enough;
// - a container query needs a container number, a barcode or an item code;
// - a date range longer than MAX_QUERY_DAYS needs at least an item, barcode, batch or source number.
import { sql } from 'kysely';
import { AppError } from '../errors.js';
import type { CallContext, JsonSchema } from '../registry.js';
import type { ListOptions } from '../resource/resource.js';

/** The "too large" bound of a date range: a month and a day, so any calendar month fits. */
export const MAX_QUERY_DAYS = 31;

export const DATE_RANGE_CONDITION: Record<string, JsonSchema> = {
  beginDate: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }, { const: '' }] },
  endDate: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }, { const: '' }] },
};

type Condition = Record<string, unknown> | undefined;

const filled = (c: Condition, key: string) => {
  const v = c?.[key];
  return v !== undefined && v !== null && String(v).trim() !== '';
};

/** The narrowing conditions a long date range needs (spec: item, barcode, batch or source number). */
const NARROW = ['itemNo', 'barcode', 'combinationLotNo', 'sourceNo'];

function checkRange(ctx: CallContext, c: Condition): boolean {
  if (!filled(c, 'beginDate') || !filled(c, 'endDate')) return false;
  const begin = Date.parse(String(c!.beginDate));
  const end = Date.parse(String(c!.endDate));
  if (begin > end)
    throw new AppError('invalidValue', {
      field: ctx.t('field.endDate'),
      problem: ctx.t('problem.dateOrder', { other: ctx.t('field.beginDate') }),
    });
  const days = Math.round((end - begin) / 86_400_000) + 1;
  if (days > MAX_QUERY_DAYS && !NARROW.some((k) => filled(c, k)))
    throw new AppError('dateRangeTooLarge', { days: MAX_QUERY_DAYS });
  return true;
}

export function checkLabelQuery(ctx: CallContext, c: Condition): void {
  const range = checkRange(ctx, c);
  if (!range && ![...NARROW, 'boxNo'].some((k) => filled(c, k))) throw new AppError('labelQueryCriteria');
}

export function checkSnQuery(ctx: CallContext, c: Condition): void {
  const range = checkRange(ctx, c);
  if (!range && !NARROW.some((k) => filled(c, k))) throw new AppError('labelQueryCriteria');
}

export function checkContainerQuery(_ctx: CallContext, c: Condition): void {
  if (!['boxNo', 'barcode', 'itemNo'].some((k) => filled(c, k))) throw new AppError('containerQueryCriteria');
}

/** beginDate and endDate (whole days, either end open) on a timestamp column. */
export function dateRangeWhere(column: string, c: Condition): ListOptions['where'] {
  const begin = filled(c, 'beginDate') ? String(c!.beginDate) : undefined;
  const end = filled(c, 'endDate') ? String(c!.endDate) : undefined;
  if (!begin && !end) return undefined;
  return (q) => {
    let out = q;
    if (begin) out = out.where(column, '>=', sql`${begin}::date`);
    if (end) out = out.where(column, '<', sql`${end}::date + 1`);
    return out;
  };
}
