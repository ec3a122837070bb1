// The parts of an order line (migration 110): the parts of a split answer (what the supplier promises,
// as several quantities on several dates) and the components of a subcontract line (what the buyer
// provides to make it). Both are read with their order line, through its scope; the answer parts are
// the line's own lines (`answerList`), written with its answer and judged here.
// hand-written SQL: an acceptance's event reads its lines' parts in one query (answerPartsOf)
import { checkDecimal, compareDecimals, sumDecimals } from '../../engine/core/decimal.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import { decimalLimits, decimalProblem } from '../resource/decimals.js';
import { defineResource, type FieldDef } from '../resource/define.js';
import { measure } from '../resource/field-kinds.js';
import type { Row } from '../resource/resource.js';

/** The order menus (ISupSrmPurchaseService's ORDER_MENUS), named here so this file imports no module. */
const ORDER_MENUS = ['Offsite.User.Order', 'Offsite.User.Order.Acceptance', 'Offsite.Outsourced.Order'];

/** The most parts one line's answer may have. */
export const MAX_ANSWER_PARTS = 20;

const shown = (type: FieldDef['type'] = 'string'): FieldDef => ({ type, sortable: true });

/** One promised part of an order line: a quantity on a date. */
export const purchaseAnswerResource = defineResource({
  table: 'srmPurchaseAnswer',
  menus: ORDER_MENUS,
  fields: {
    lineId: { ...shown(), format: 'uuid' },
    partSeq: shown('integer'),
    promiseQty: { ...measure(), minimum: 0.00001, required: true },
    promiseDate: { type: 'date', write: 'always', required: true, sortable: true },
    remark: { type: 'string', write: 'always', maxLength: 100, sortable: true },
  },
  defaultSort: { field: 'partSeq', order: 'asc' },
});

/** A component the supplier receives for a subcontract line, as the ERP sent it. */
export const purchaseComponentResource = defineResource({
  table: 'srmPurchaseComponent',
  menus: ORDER_MENUS,
  fields: {
    lineId: { ...shown(), format: 'uuid' },
    headId: { ...shown(), format: 'uuid' },
    purchaseNo: { type: 'string', keyword: true, sortable: true },
    purchaseSeq: shown('integer'),
    orgNo: shown(),
    supplierNo: shown(),
    componentSeq: shown('integer'),
    itemNo: { type: 'string', keyword: true, sortable: true },
    itemName: { type: 'string', keyword: true, sortable: true },
    qty: { type: 'decimal', scale: 5, sortable: true },
    unitNo: shown(),
  },
  filters: {
    lineId: { field: 'lineId', op: 'eq' },
    headId: { field: 'headId', op: 'eq' },
    purchaseNo: { field: 'purchaseNo', op: 'contains' },
    itemNo: { field: 'itemNo', op: 'contains' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  defaultSort: {
    field: 'purchaseNo',
    order: 'asc',
    thenBy: [
      { field: 'purchaseSeq', order: 'asc' },
      { field: 'componentSeq', order: 'asc' },
    ],
  },
});

const partError = (ctx: CallContext, part: number, field: string, problem: string) =>
  new AppError('lineInvalid', { line: part, field: ctx.t(`field.${field}`), problem });

/**
 * Judges the parts of a split answer of `line` before any is written: each a positive quantity of at
 * most 5 decimals on a date not before the order date, together no more than the ordered quantity (a
 * partial promise is allowed: the rest stays unpromised, as a backorder does). Answers the line's
 * promise they make: the sum, and the last part's date. No parts: no split (the line's own promise).
 */
export function splitPromise(
  ctx: CallContext,
  line: Row,
  parts: Row[],
): { promiseQty: string; promiseDate: string } | null {
  if (!parts.length) return null;
  const ordered = String(line.batchPurQty);
  const orderDate = String(line.purchaseDate);
  const limits = decimalLimits(purchaseAnswerResource.fields.promiseQty);
  const qtys: string[] = [];
  let last = '';
  parts.forEach((part, i) => {
    const n = i + 1;
    const qty = part.promiseQty;
    if (qty === null || qty === undefined || qty === '')
      throw partError(ctx, n, 'promiseQty', ctx.t('problem.required'));
    const checked = checkDecimal(qty, { ...limits, minimum: undefined });
    if (checked.refusal) throw partError(ctx, n, 'promiseQty', decimalProblem(ctx.t, checked.refusal));
    if (compareDecimals(checked.value, '0') <= 0)
      throw partError(ctx, n, 'promiseQty', ctx.t('problem.positive'));
    const date = typeof part.promiseDate === 'string' ? part.promiseDate : '';
    if (!date) throw partError(ctx, n, 'promiseDate', ctx.t('problem.required'));
    if (date < orderDate)
      throw partError(ctx, n, 'promiseDate', ctx.t('problem.beforeOrderDate', { date: orderDate }));
    qtys.push(checked.value);
    if (date > last) last = date;
  });
  const sum = sumDecimals(qtys);
  if (compareDecimals(sum, ordered) > 0)
    throw new AppError('invalidValue', {
      field: ctx.t('field.answerList'),
      problem: ctx.t('problem.splitOver', { qty: sum, ordered }),
    });
  return { promiseQty: sum, promiseDate: last };
}

/** The parts of these lines' answers, by line, in order (decimals as canonical text). */
export async function answerPartsOf(
  ctx: CallContext,
  lineIds: readonly string[],
): Promise<
  Map<string, { partSeq: number; promiseQty: string; promiseDate: string; remark: string | null }[]>
> {
  const byLine = new Map<
    string,
    { partSeq: number; promiseQty: string; promiseDate: string; remark: string | null }[]
  >();
  if (!lineIds.length) return byLine;
  const rows = await ctx.db
    .selectFrom('srmPurchaseAnswer')
    .select(['lineId', 'partSeq', 'promiseQty', 'promiseDate', 'remark'])
    .where('lineId', 'in', [...lineIds])
    .orderBy('lineId')
    .orderBy('partSeq')
    .execute();
  for (const r of rows) {
    const list = byLine.get(r.lineId) ?? [];
    list.push({
      partSeq: r.partSeq,
      promiseQty: sumDecimals([r.promiseQty]),
      promiseDate: String(r.promiseDate),
      remark: r.remark,
    });
    byLine.set(r.lineId, list);
  }
  return byLine;
}
