// Row operations of a list screen, normalised: a toolbar kind becomes the toolbar's own action (same
// flag, call, target and confirmation), so a row and the toolbar can never disagree on what modify or
// delete does.
import type { Column, FlagName, RowAction } from '@schemas/generated/screen';
import type { NormalisedAction, NormalisedColumn } from './types';

/** A row button that runs a toolbar-style action (a toolbar kind or a custom call/target) on its row. */
export interface NormalisedRowRun {
  key: string;
  /** The screen's kind for the button (view, rows, modify, custom, ...), for tests and styling. */
  name: RowAction['kind'];
  kind: 'run';
  flag: FlagName;
  labelKey: string;
  danger: boolean;
  action: Pick<NormalisedAction, 'key' | 'target' | 'call' | 'confirmKey'> &
    Partial<Pick<NormalisedAction, 'kind' | 'transition'>>;
}

/** Opens the row's detail screen in the drawer or on its page. */
export interface NormalisedRowView {
  key: string;
  /** The screen's kind for the button (view, rows, modify, custom, ...), for tests and styling. */
  name: RowAction['kind'];
  kind: 'view';
  flag: FlagName;
  labelKey: string;
  danger: false;
  open: 'drawer' | 'page';
  /** Route path of the detail screen, `:name` filled from the row. */
  detail: string;
}

/** Opens the extra-rows dialog: the row's child rows from a declared call. */
export interface NormalisedRowRows {
  key: string;
  /** The screen's kind for the button (view, rows, modify, custom, ...), for tests and styling. */
  name: RowAction['kind'];
  kind: 'rows';
  flag: FlagName;
  labelKey: string;
  danger: false;
  titleKey: string;
  /** Full call, Service/method. */
  call: string;
  /** Sent as the condition; ':name' strings are filled from the row. */
  condition: Record<string, string | number | boolean>;
  columns: NormalisedColumn[];
  rowKey: string;
}

/** Saves the row's file: `call` answers it (a blob) for `condition` filled from the row. */
export interface NormalisedRowDownload {
  key: string;
  /** The screen's kind for the button (view, rows, modify, custom, ...), for tests and styling. */
  name: RowAction['kind'];
  kind: 'download';
  flag: FlagName;
  labelKey: string;
  danger: false;
  /** Full call, Service/method. */
  call: string;
  /** Sent as the condition; ':name' strings are filled from the row. */
  condition: Record<string, string | number | boolean>;
}

export type NormalisedRowAction = (
  | NormalisedRowRun
  | NormalisedRowView
  | NormalisedRowRows
  | NormalisedRowDownload
) & {
  /** Shown only on rows whose `prop` holds one of `values`. */
  showWhen?: { prop: string; values: (string | number)[] };
};

export class RowActionError extends Error {}

/**
 * `toolbar` are the list's normalised toolbar actions; `service` is the screen's service. Throws
 * RowActionError when a toolbar kind has no toolbar action to take its call from.
 */
export function normaliseRowActions(
  raw: RowAction[] | undefined,
  toolbar: NormalisedAction[],
  service: string,
  normaliseColumn: (c: Column) => NormalisedColumn,
): NormalisedRowAction[] {
  return (raw ?? []).map((a, i): NormalisedRowAction => {
    const normalised = normaliseOne(a, i);
    return a.showWhen ? { ...normalised, showWhen: a.showWhen } : normalised;
  });

  function normaliseOne(a: RowAction, i: number): NormalisedRowAction {
    const key = `row-${a.kind}-${i}`;
    const labelKey = a.labelKey ?? `action.${a.kind}`;
    const name = a.kind;
    switch (a.kind) {
      case 'view':
        return {
          key,
          name,
          kind: 'view',
          flag: a.flag ?? 'isSearch',
          labelKey,
          danger: false,
          open: a.open ?? 'drawer',
          detail: a.detail!,
        };
      case 'rows':
        return {
          key,
          name,
          kind: 'rows',
          flag: a.flag ?? 'isSearch',
          labelKey,
          danger: false,
          titleKey: a.titleKey ?? labelKey,
          call: a.call!.includes('/') ? a.call! : `${service}/${a.call}`,
          condition: Object.fromEntries(
            Object.entries(a.condition ?? {}).filter(
              (e): e is [string, string | number | boolean] => e[1] !== undefined,
            ),
          ),
          columns: (a.columns ?? []).map(normaliseColumn),
          rowKey: a.rowKey ?? 'id',
        };
      case 'download':
        return {
          key,
          name,
          kind: 'download',
          flag: a.flag ?? 'isSearch',
          labelKey,
          danger: false,
          call: a.call!.includes('/') ? a.call! : `${service}/${a.call}`,
          condition: Object.fromEntries(
            Object.entries(a.condition ?? {}).filter(
              (e): e is [string, string | number | boolean] => e[1] !== undefined,
            ),
          ),
        };
      case 'custom':
        return {
          key,
          name,
          kind: 'run',
          flag: a.flag!,
          labelKey,
          danger: a.danger ?? false,
          action: {
            key,
            target: a.target,
            call: a.call ? (a.call.includes('/') ? a.call : `${service}/${a.call}`) : undefined,
            confirmKey: a.confirmKey,
          },
        };
      default: {
        const base = toolbar.find(
          (t) => t.kind === a.kind && (a.kind !== 'transition' || t.transition === a.transition),
        );
        if (!base)
          throw new RowActionError(
            a.kind === 'transition'
              ? `row action transition ${a.transition} needs a toolbar transition action of that name`
              : `row action ${a.kind} needs a toolbar action of kind ${a.kind}`,
          );
        return {
          key,
          name,
          kind: 'run',
          flag: a.flag ?? base.flag,
          labelKey: a.labelKey ?? base.labelKey,
          danger: base.danger,
          action: base,
        };
      }
    }
  }
}

/** The extra-rows (or download) condition: each ':name' string taken from the row, other values as declared. */
export function rowsCondition(
  action: { condition: NormalisedRowRows['condition'] },
  row: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(action.condition).map(([k, v]) => {
      const m = typeof v === 'string' ? /^:([A-Za-z][A-Za-z0-9]*)$/.exec(v) : null;
      return [k, m ? row[m[1]] : v];
    }),
  );
}

/**
 * The record a form or detail page opens: its path's `:id`, or the one parameter the path names when
 * the row it is opened from holds the record's id under another name (an order line's `:headId`).
 */
export function recordIdOf(params: Readonly<Record<string, string | undefined>>): string | undefined {
  if (params.id !== undefined) return params.id;
  // '*' is the rest of the path a catch-all route above the page matched, no parameter of the page's.
  const values = Object.entries(params)
    .filter(([name, v]) => name !== '*' && v !== undefined && v !== '')
    .map(([, v]) => v as string);
  return values.length === 1 ? values[0] : undefined;
}
