// The operation column's rules, pure: which row buttons a menu grants, which stay open (at most 4,
// spec 000 sections 6 and 9) and what a click does. No React, no antd.
import type { MenuFlags } from '../../screens/flags';
import {
  type NormalisedRowAction,
  type NormalisedRowRows,
  type NormalisedRowRun,
  rowsCondition,
} from '../../screens/rowActions';
import type { Row } from './listController';
import { fillTarget } from './toolbar';

/** Table row operations show at most 4 buttons; the rest fold into More. */
export const MAX_ROW_ACTIONS = 4;

/** The row buttons the menu grants, in the screen's order. */
export function grantedRowActions(actions: NormalisedRowAction[], menu: MenuFlags): NormalisedRowAction[] {
  return actions.filter((a) => menu[a.flag] === 'Y');
}

/** The buttons a row shows: those without a condition and those whose condition the row meets. */
export function rowActionsOn<T extends Pick<NormalisedRowAction, 'showWhen'>>(actions: T[], row: Row): T[] {
  return actions.filter(
    (a) => !a.showWhen || a.showWhen.values.some((v) => String(v) === String(row[a.showWhen!.prop] ?? '')),
  );
}

/** The first `max` stay open, the rest go under More. */
export function splitRowActions<T>(actions: T[], max = MAX_ROW_ACTIONS): { open: T[]; folded: T[] } {
  return { open: actions.slice(0, max), folded: actions.slice(max) };
}

/** The route parameters a path names, filled from the row (`/x/:id` → {id: row.id}). */
export function routeParams(path: string, row: Row): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name] of path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)) {
    const value = row[name];
    if (value === undefined || value === null || value === '') throw new Error(`the row has no ${name}`);
    params[name] = String(value);
  }
  return params;
}

export interface RowActionHandlers {
  /** The list controller's runOnRows: the toolbar's own navigation, confirmation, call and reload. */
  runOnRows: (action: NormalisedRowRun['action'], rows: Row[]) => Promise<void>;
  navigate: (path: string) => void;
  /** Opens the detail drawer on the detail screen at `path` with these route parameters. */
  openDrawer: (path: string, params: Record<string, string>) => void;
  /** Opens the extra-rows dialog for the row. */
  openRows: (action: NormalisedRowRows, row: Row) => void;
  /** Saves the file a blob call answers. */
  download: (call: string, condition: Record<string, unknown>) => void;
}

/** What a click on a row button does; the row is the only row it acts on. */
export async function runRowAction(
  action: NormalisedRowAction,
  row: Row,
  h: RowActionHandlers,
): Promise<void> {
  switch (action.kind) {
    case 'view':
      if (action.open === 'page') h.navigate(fillTarget(action.detail, row));
      else h.openDrawer(action.detail, routeParams(action.detail, row));
      return;
    case 'rows':
      h.openRows(action, row);
      return;
    case 'run':
      return h.runOnRows(action.action, [row]);
    case 'download':
      h.download(action.call, rowsCondition(action, row));
      return;
  }
}
