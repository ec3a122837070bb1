// Date presets (spec 000: "Order-date filter options: 7, 30, 90, 180, 365 days, or all"): a search field
// whose value is a number of days counted back from today, or 'all'. The value stays relative (a saved
// tag or view of "the last 30 days" keeps meaning that), and becomes the start day of a date-from
// condition only when a search is sent. N days include today: 7 is today and the 6 days before, as a
// date range's defaultDays counts them.
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT } from '../format';

/** The choice without a condition. */
export const PRESET_ALL = 'all';

/** The days a preset value stands for: a positive whole number ("30" or 30), else undefined ('all'). */
export function presetDays(value: unknown): number | undefined {
  const days =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  return Number.isInteger(days) && days >= 1 && days <= 3660 ? days : undefined;
}

/** The first day of the last `days` days, today included, as the server's date filters take it. */
export function presetStart(days: number, today: Dayjs = dayjs(), format = DATE_FORMAT): string {
  return today.subtract(days - 1, 'day').format(format);
}

/**
 * A search condition with every date preset of `fields` turned into its start day (the preset's prop
 * is the server's date-from filter); 'all', an empty value or anything else leaves no condition.
 */
export function applyDatePresets(
  fields: readonly { prop: string; widget: string }[],
  condition: Record<string, unknown>,
  today: Dayjs = dayjs(),
): Record<string, unknown> {
  const out = { ...condition };
  for (const f of fields) {
    if (f.widget !== 'datePreset' || !(f.prop in out)) continue;
    const days = presetDays(out[f.prop]);
    if (days === undefined) delete out[f.prop];
    else out[f.prop] = presetStart(days, today);
  }
  return out;
}

/** The preset choices of a field in display order: each of its days, then 'all'. */
export function presetChoices(days: readonly number[]): { value: string; days?: number }[] {
  return [...days.map((d) => ({ value: String(d), days: d })), { value: PRESET_ALL }];
}
