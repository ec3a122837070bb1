// Values a screen computes from other values of the same record or row (a field's `compute`): a line
// amount, its tax, a sum. Exact (./decimal.ts): the browser shows what the server derives the same
// way (migration 090 rounds a line's amount and tax as lineAmount and taxAmount do). An input that is
// empty or no decimal leaves the result empty, so a half-filled row never shows a wrong figure.
import { isDecimal, lineAmount, sumDecimals, taxAmount } from './decimal';

/** One computation: exactly one of its keys. */
export interface Compute {
  /** [quantity, price]: their product rounded half-up to 2 places. */
  amount?: readonly string[];
  /** [amount, rate]: the amount times the rate (a percentage) divided by 100, rounded to 2 places. */
  tax?: readonly string[];
  /** Props added up exactly. */
  sum?: readonly string[];
}

/** The props a computation reads. */
export function computeInputs(spec: Compute): string[] {
  return [...(spec.amount ?? spec.tax ?? spec.sum ?? [])];
}

/** The computed value as canonical decimal text, or undefined when an input is empty or no decimal. */
export function computeValue(spec: Compute, values: Record<string, unknown>): string | undefined {
  const inputs = computeInputs(spec).map((prop) => values[prop]);
  if (!inputs.every(isDecimal)) return undefined;
  const [a, b] = inputs as (string | number)[];
  if (spec.amount) return lineAmount(a, b);
  if (spec.tax) return taxAmount(a, b);
  return sumDecimals(inputs);
}

/**
 * A record's values with every computed prop set, in the order declared, so a computation may read one
 * declared before it (an amount, then its tax, then the two added up).
 */
export function applyComputes(
  computes: readonly { prop: string; compute: Compute }[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...values };
  for (const { prop, compute } of computes) out[prop] = computeValue(compute, out) ?? null;
  return out;
}
