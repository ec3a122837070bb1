// The current screening conditions as removable chips (spec 000 section 2): "label: value", a select's
// value shown by its option's label. Tabs and the type filter show their own condition, so they get none.
import { presetDays } from '../../screens/datePreset';
import type { NormalisedList } from '../../screens/types';

export interface SearchChip {
  /** The condition it stands for: 'keyword' or a search field's prop. */
  prop: string;
  labelKey: string;
  /** The value as text, when it has no option label. */
  text?: string;
  /** Locale keys of the option labels of the value (one per selected value). */
  valueKeys?: string[];
  /** Values the value keys are filled with (a date preset's number of days). */
  valueParams?: Record<string, unknown>;
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

export function searchChips(
  list: NormalisedList,
  keyword: string,
  filters: Record<string, unknown>,
): SearchChip[] {
  const chips: SearchChip[] = [];
  if (list.keyword && keyword.trim())
    chips.push({ prop: 'keyword', labelKey: 'list.keyword', text: keyword.trim() });
  const own = new Set([list.tabs?.prop, list.typeFilter?.prop]);
  for (const f of list.searchFields) {
    if (own.has(f.prop)) continue;
    const value = filters[f.prop];
    const end = f.endProp ? filters[f.endProp] : undefined;
    if (isEmpty(value) && isEmpty(end)) continue;
    const values = Array.isArray(value) ? value : [value];
    if (f.widget === 'datePreset') {
      // 'all' is no condition, so no chip.
      const days = presetDays(value);
      if (days !== undefined)
        chips.push({
          prop: f.prop,
          labelKey: f.labelKey,
          valueKeys: ['list.datePreset.days'],
          valueParams: { count: days },
        });
      continue;
    }
    if (f.options) {
      const keys = values.map((v) => f.options!.find((o) => o.value === String(v))?.labelKey);
      if (keys.every((k): k is string => k !== undefined)) {
        chips.push({ prop: f.prop, labelKey: f.labelKey, valueKeys: keys });
        continue;
      }
    }
    const text = f.endProp
      ? `${isEmpty(value) ? '' : String(value)} ~ ${isEmpty(end) ? '' : String(end)}`
      : values.map(String).join(', ');
    chips.push({ prop: f.prop, labelKey: f.labelKey, text });
  }
  return chips;
}
