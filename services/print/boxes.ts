// How a delivery notice line is cut into boxes, exactly (decimals, never floats): by a container rule's
// quantity per box (full boxes, and the last box holds the rest), or by quantities the supplier enters
// (split printing: each above 0, with at most 5 decimals, adding up to the line's quantity).
import Decimal from 'decimal.js';
import { checkDecimal, sumDecimals } from '../../engine/core/decimal.js';

/** The box quantities of `qty` in boxes of `packQty`: full boxes and a last one with the rest. */
export function boxesByRule(qty: string, packQty: string): string[] {
  const total = new Decimal(qty);
  const pack = new Decimal(packQty);
  if (!pack.gt(0)) throw new RangeError('a box holds more than 0');
  if (!total.gt(0)) return [];
  const full = total.dividedToIntegerBy(pack).toNumber();
  const rest = total.minus(pack.times(full));
  const boxes = Array.from({ length: full }, () => pack.toFixed());
  if (rest.gt(0)) boxes.push(rest.toFixed());
  return boxes.map((b) => checkDecimal(b).value ?? b);
}

/** How many boxes `qty` makes in boxes of `packQty`, without listing them. */
export function boxCountByRule(qty: string, packQty: string): number {
  return new Decimal(qty).dividedBy(new Decimal(packQty)).ceil().toNumber();
}

export type SplitProblem =
  | { problem: 'notPositive'; box: number }
  | { problem: 'sum'; total: string }
  | { problem: 'none' };

/** Why entered box quantities do not cut the line's quantity, or undefined when they do. */
export function splitProblem(qty: string, quantities: readonly string[]): SplitProblem | undefined {
  if (!quantities.length) return { problem: 'none' };
  for (const [i, q] of quantities.entries()) {
    const checked = checkDecimal(q, { minimum: '0.00001' });
    if (checked.refusal) return { problem: 'notPositive', box: i + 1 };
  }
  const total = sumDecimals(quantities);
  if (!new Decimal(total).eq(new Decimal(qty))) return { problem: 'sum', total };
  return undefined;
}
