// Column settings (spec 000 section 3: label, prop, fixed, sort, isShow) against the screen's columns.
// A saved setting outlives screen changes: a column the screen no longer has is dropped, a column the
// screen gained appears where the screen puts it.
import type { ColumnSetting } from '@schemas/generated/list-view';

/** What the merge reads of a screen's column; the browser's normalised columns carry more. */
export interface ColumnLike {
  prop: string;
  /** Frozen by the screen itself ('none' or absent: not frozen). */
  fixed?: 'left' | 'right' | 'none';
  width?: number;
}

/** The screen's own layout: every column shown, in screen order, frozen as the screen says. */
export function defaultColumnSettings(columns: readonly ColumnLike[]): ColumnSetting[] {
  return columns.map((c, i) => ({
    prop: c.prop,
    fixed: c.fixed === 'left' ? 'left' : 'none',
    isShow: true,
    sort: i,
  }));
}

const validWidth = (w: unknown): w is number =>
  typeof w === 'number' && Number.isInteger(w) && w >= 40 && w <= 2000;

/**
 * The settings a list starts from: the user's own saved ones, else the administrator's layout of the
 * screen (table management), else the screen's own; each merged with the screen's current columns.
 */
export function effectiveColumnSettings(
  columns: readonly ColumnLike[],
  own: readonly ColumnSetting[] | null | undefined,
  admin: readonly ColumnSetting[] | null | undefined,
): ColumnSetting[] {
  return mergeColumnSettings(columns, own?.length ? own : admin);
}

/**
 * Merges saved settings into the screen's columns. Saved order wins for columns both know; a new
 * screen column is placed right after the column that precedes it on the screen (or first).
 */
export function mergeColumnSettings(
  columns: readonly ColumnLike[],
  saved: readonly ColumnSetting[] | null | undefined,
): ColumnSetting[] {
  const defaults = defaultColumnSettings(columns);
  if (!saved || saved.length === 0) return defaults;
  const known = new Map(defaults.map((d) => [d.prop, d]));
  const seen = new Set<string>();
  const result: ColumnSetting[] = [];
  for (const s of saved) {
    if (!known.has(s.prop) || seen.has(s.prop)) continue;
    seen.add(s.prop);
    result.push({
      prop: s.prop,
      fixed: s.fixed === 'left' ? 'left' : 'none',
      isShow: s.isShow !== false,
      ...(validWidth(s.width) ? { width: s.width } : {}),
    });
  }
  defaults.forEach((d, i) => {
    if (seen.has(d.prop)) return;
    const before = i === 0 ? -1 : result.findIndex((r) => r.prop === defaults[i - 1].prop);
    result.splice(before + 1, 0, { prop: d.prop, fixed: d.fixed, isShow: true });
    seen.add(d.prop);
  });
  return result.map((r, i) => ({ ...r, sort: i }));
}

/** Moves the item at `from` to `to` and renumbers. */
export function moveColumn(settings: ColumnSetting[], from: number, to: number): ColumnSetting[] {
  const next = [...settings];
  const [item] = next.splice(from, 1);
  if (!item) return settings;
  next.splice(to, 0, item);
  return next.map((r, i) => ({ ...r, sort: i }));
}

/**
 * The table's columns under the settings: shown ones only, in the settings' order, frozen-left ones
 * first (a table can only freeze a leading block). A right-frozen screen column stays right.
 */
export function visibleColumns<C extends ColumnLike>(columns: readonly C[], settings: ColumnSetting[]): C[] {
  const byProp = new Map(columns.map((c) => [c.prop, c]));
  const shown = settings
    .filter((s) => s.isShow && byProp.has(s.prop))
    .map((s) => {
      const c = byProp.get(s.prop)!;
      const fixed: 'left' | 'right' | undefined =
        s.fixed === 'left' ? 'left' : c.fixed === 'right' ? 'right' : undefined;
      return validWidth(s.width) ? { ...c, fixed, width: s.width } : { ...c, fixed };
    });
  return [...shown.filter((c) => c.fixed === 'left'), ...shown.filter((c) => c.fixed !== 'left')];
}

/**
 * The page size a list starts with: the user's saved one (kept with the column settings) when it is
 * one of the screen's choices, else the screen's own.
 */
export function effectivePageSize(saved: unknown, choices: readonly number[], screenDefault: number): number {
  return typeof saved === 'number' && choices.includes(saved) ? saved : screenDefault;
}
