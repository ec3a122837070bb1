// Which toolbar buttons show and which are enabled: pure rules over the menu flags and the selection.
import type { MenuFlags, SelectionRule } from '../../screens/flags';
import type { NormalisedAction } from '../../screens/types';

export interface ToolbarButton {
  action: NormalisedAction;
  disabled: boolean;
  /** Locale key saying why the button is disabled. */
  reasonKey?: string;
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

/** `actions` are already in the fixed flag order (the normaliser sorts them). */
export function computeToolbar(actions: NormalisedAction[], menu: MenuFlags, selectedCount: number): Toolbar {
  const onlySearch = (Object.keys(menu) as (keyof MenuFlags)[]).every(
    (f) => f === 'isSearch' || menu[f] !== 'Y',
  );
  if (onlySearch) return { visible: false, buttons: [] };
  const buttons = actions
    .filter((a) => menu[a.flag] === 'Y')
    .map((action) => {
      const ok = selectionAllows(action.selection, selectedCount);
      return ok || action.selection === 'none'
        ? { action, disabled: false }
        : { action, disabled: true, reasonKey: SELECTION_REASON[action.selection] };
    });
  return { visible: buttons.length > 0, buttons };
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
