// Rules a list's search conditions must meet before anything is sent (spec 001 section 5: a label
// query needs a date range or an order, item or batch number; a container query needs a container
// number, a barcode or an item code; a long date range needs a narrowing condition). Pure functions:
// the list controller checks them on every search, the advanced form on Query.
import type { SearchRule } from '@schemas/generated/screen';

export interface SearchRefusal {
  /** Locale key of the message. */
  key: string;
  params: Record<string, unknown>;
}

const DAY_MS = 86_400_000;

const filled = (condition: Record<string, unknown>, prop: string) => {
  const v = condition[prop];
  return v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0) && String(v).trim() !== '';
};

/** Whole days from `from` to `to`, both counted; undefined when either is not a date. */
export function spanDays(from: unknown, to: unknown): number | undefined {
  const a = Date.parse(String(from).slice(0, 10));
  const b = Date.parse(String(to).slice(0, 10));
  if (!Number.isFinite(a) || !Number.isFinite(b)) return undefined;
  return Math.round((b - a) / DAY_MS) + 1;
}

/** The first rule the condition breaks, or undefined when it meets them all. */
export function checkSearchRules(
  rules: readonly SearchRule[],
  condition: Record<string, unknown>,
): SearchRefusal | undefined {
  for (const rule of rules) {
    if (rule.type === 'anyOf') {
      const met = (rule.groups ?? []).some((group) => group.every((prop) => filled(condition, prop)));
      if (!met) return { key: rule.messageKey, params: {} };
    } else if (rule.type === 'maxDays' && rule.from && rule.to && rule.days) {
      if (!filled(condition, rule.from) || !filled(condition, rule.to)) continue;
      const days = spanDays(condition[rule.from], condition[rule.to]);
      if (days !== undefined && days > rule.days && !(rule.unless ?? []).some((p) => filled(condition, p)))
        return { key: rule.messageKey, params: { days: rule.days } };
    }
  }
  return undefined;
}
