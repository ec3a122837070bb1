// The toolbar's pure parts: the selection rules the action kinds build on (actionKinds.ts decides
// which buttons show and which are enabled), a disabled button's tip, a target filled from a row, and
// which buttons fold into More.
import type { SelectionRule } from '../../screens/flags';
import type { NormalisedAction } from '../../screens/types';
import type { RowRefusal } from './actionKinds';

export interface ToolbarButton {
  action: NormalisedAction;
  disabled: boolean;
  /** Locale key saying why the button is disabled. */
  reasonKey?: string;
  /** Its parameters beyond {{fields}}. */
  reasonParams?: Record<string, unknown>;
  /** Label keys of the fields the reason names ({{fields}}), when the selection mixes their values. */
  reasonFields?: string[];
  /** The selected rows the action refuses one by one, each with its reason. */
  refusedRows?: RowRefusal[];
}

export interface Toolbar {
  /** No toolbar when search is the only permission (spec 000 section 6) or nothing is granted. */
  visible: boolean;
  buttons: ToolbarButton[];
}

export const SELECTION_REASON: Record<Exclude<SelectionRule, 'none'>, string> = {
  exactlyOne: 'list.reason.exactlyOne',
  atLeastOne: 'list.reason.atLeastOne',
};

export function selectionAllows(rule: SelectionRule, count: number): boolean {
  if (rule === 'exactlyOne') return count === 1;
  if (rule === 'atLeastOne') return count >= 1;
  return true;
}

/** One value, however it is spelled empty: null, undefined and '' are the same (no value). */
const valueKey = (v: unknown) => (v === undefined || v === null || v === '' ? '' : JSON.stringify(v));

/**
 * The props whose values differ across the rows (spec 000 section 5: a print of rows that mix
 * organisation and customer combinations is refused), in the order asked.
 */
export function mixedProps(rows: readonly Record<string, unknown>[], props: readonly string[]): string[] {
  return props.filter((p) => new Set(rows.map((r) => valueKey(r[p]))).size > 1);
}

/** A reason's parameter that is itself a locale key (a state's name), said in the user's language. */
export interface LocaleRef {
  localeKey: string;
}

const isRef = (v: unknown): v is LocaleRef =>
  !!v && typeof v === 'object' && typeof (v as LocaleRef).localeKey === 'string';

/** A reason's parameters with every LocaleRef (or list of them) translated. */
export function translateParams(
  params: Record<string, unknown> | undefined,
  t: (key: string, params?: Record<string, unknown>) => string,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([k, v]) => [
      k,
      isRef(v)
        ? t(v.localeKey)
        : Array.isArray(v) && v.every(isRef)
          ? v.map((r) => t(r.localeKey)).join(', ')
          : v,
    ]),
  );
}

/** The tip of a disabled button in the user's language. */
export function reasonText(
  button: Pick<ToolbarButton, 'reasonKey' | 'reasonFields' | 'reasonParams'>,
  t: (key: string, params?: Record<string, unknown>) => string,
): string | undefined {
  if (!button.reasonKey) return undefined;
  return t(button.reasonKey, {
    ...translateParams(button.reasonParams, t),
    fields: (button.reasonFields ?? []).map((k) => t(k)).join(', '),
  });
}

/** The tip of a disabled button, one line each: the reason, then every refused row with its own. */
export function reasonLines(
  button: Pick<ToolbarButton, 'reasonKey' | 'reasonFields' | 'reasonParams' | 'refusedRows'>,
  t: (key: string, params?: Record<string, unknown>) => string,
): string[] {
  const reason = reasonText(button, t);
  if (reason === undefined) return [];
  return [
    reason,
    ...(button.refusedRows ?? []).map(
      (r) => `${r.label ?? r.key}: ${t(r.reasonKey, translateParams(r.params, t))}`,
    ),
  ];
}

/** Fills each `:name` of a target path from the row (`:id` → the row's id). */
export function fillTarget(target: string, row: Record<string, unknown> | undefined): string {
  return target.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_m, name: string) => {
    const value = row?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`the selected row has no ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Which buttons stay open and which fold into More (spec 000 section 6): a button marked `more` always
 * folds; of the others, the first `fit` stay open and the rest fold too, so the toolbar never grows
 * past its room. Folded buttons keep the screen's order.
 */
export function splitToolbar(
  buttons: ToolbarButton[],
  fit: number,
): { open: ToolbarButton[]; folded: ToolbarButton[] } {
  const open = buttons.filter((b) => !b.action.more).slice(0, Math.max(0, fit));
  return { open, folded: buttons.filter((b) => !open.includes(b)) };
}

/**
 * How many buttons fit in `available` pixels, given each button's width and the gap between them;
 * when not all fit, or when More is there anyway (`more` buttons of the screen), room is kept for it.
 */
export function fitCount(
  widths: number[],
  available: number,
  gap: number,
  moreWidth: number,
  withMore = false,
): number {
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
  if (!withMore && total <= available) return widths.length;
  let used = moreWidth;
  for (let i = 0; i < widths.length; i++) {
    used += widths[i] + gap;
    if (used > available) return i;
  }
  return widths.length;
}
