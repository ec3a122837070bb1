// The list's actions: the selection, the toolbar it enables (actionKinds.ts: shown, enabled, run), the
// action running and the dialog open over the list. Toolbar buttons run on the selection, row buttons
// (rowActions.ts) on their own row, through the same runOnRows.

import type { RequestError } from '../../request/types';
import { type DocumentDefine, rowLabel, sideAllows, transitionOf } from '../../screens/documentDefine';
import type { NormalisedAction, RunnableAction } from '../../screens/types';
import { createStore } from '../../store/createStore';
import type { PendingTransition, TransitionSummary } from '../document/transitions';
import {
  type ActionRunner,
  computeToolbar,
  kindOf,
  type ListDialog,
  type Refusal,
  refusalOf,
} from './actionKinds';
import { type ListContext, memo, type Row } from './listContext';
import type { QueryStore } from './queryStore';
import { fillTarget, type Toolbar } from './toolbar';

export interface ActionState {
  selectedKeys: string[];
  /** Key of the action being run. */
  running?: string;
  /**
   * The toolbar dialog open over the list: import (upload with progress), export (template chooser),
   * print (document template, then the print of the selected rows) or upload (files).
   */
  dialog?: ListDialog;
  toolbar: Toolbar;
  /** The screen's document declaration (calls.define), once loaded: state tags and transitions. */
  document?: DocumentDefine;
  /** A transition waiting for its reason or confirmation (the transition dialog is open). */
  pendingTransition?: PendingTransition;
  /** The rows a batch transition (or a dialog action's call) refused, and why (the summary dialog is open). */
  transitionSummary?: TransitionSummary;
  /** A dialog action waiting for its values (the action dialog is open). */
  pendingDialog?: PendingDialog;
}

/** A dialog action (kind dialog) asking for its fields before it calls its method with the rows. */
export interface PendingDialog {
  action: NormalisedAction;
  rows: Row[];
  /** How each row is named (its document number, else its key). */
  labels: string[];
  /** The server's message when it refused one row: the dialog stays open with what was typed. */
  errorMessage?: string;
}

type Own = Omit<ActionState, 'toolbar'>;

/**
 * `refresh` searches again after an action changed data (the list controller drops the cached tab
 * answers first).
 */
export function createActionStore(ctx: ListContext, query: QueryStore, refresh: () => Promise<void>) {
  const { list, menu, deps, options } = ctx;
  const rowKey = list.rowKey;
  const store = createStore<Own>(() => ({ selectedKeys: [] }));
  /** A prop's label in a toolbar reason: its column's label, else field.<prop>. */
  const labelKeyOf = (prop: string) => list.columns.find((c) => c.prop === prop)?.labelKey ?? `field.${prop}`;
  const keyOf = (row: Row) => String(row[rowKey]);
  const rowsOf = (keys: string[], records: Row[]) => {
    const wanted = new Set(keys);
    return records.filter((r) => wanted.has(keyOf(r)));
  };

  const toolbarOf = memo((keys: string[], records: Row[], document: DocumentDefine | undefined) =>
    computeToolbar(list.actions, menu, keys.length, rowsOf(keys, records), labelKeyOf, rowKey, document),
  );
  const state = memo((own: Own, toolbar: Toolbar): ActionState => ({ ...own, toolbar }));
  const getState = (): ActionState => {
    const own = store.get();
    return state(own, toolbarOf(own.selectedKeys, query.getState().records, own.document));
  };

  // Selected rows no longer shown are dropped: an action must not see a stale version.
  query.onShown((records) => {
    const shown = new Set(records.map(keyOf));
    store.set({ selectedKeys: store.get().selectedKeys.filter((k) => shown.has(k)) });
  });

  const selectedRows = () => rowsOf(store.get().selectedKeys, query.getState().records);

  const runner: ActionRunner = {
    navigate(target, row) {
      deps.navigate(fillTarget(target, row));
    },
    open(dialog) {
      store.set({ dialog });
    },
    async call(action, rows) {
      if (!action.call) return;
      if (action.confirmKey && !(await deps.confirm(action.confirmKey, { count: rows.length }))) return;
      store.set({ running: action.key });
      try {
        await deps.request(
          action.call,
          { delList: rows.map((r) => ({ id: r[rowKey], version: r.version })) },
          options,
        );
        deps.success('list.actionDone');
        const done = new Set(rows.map(keyOf));
        store.set({ running: undefined, selectedKeys: store.get().selectedKeys.filter((k) => !done.has(k)) });
        await refresh();
      } catch {
        store.set({ running: undefined });
      }
    },
    refresh,
    transition(action, rows) {
      const document = store.get().document;
      const transition = transitionOf(document, action.transition);
      if (!document || !transition) return;
      const labels = rows.map((r) => rowLabel(document, r, keyOf(r)));
      store.set({ pendingTransition: { transition, action, rows, labels } });
    },
    dialog(action, rows) {
      const document = store.get().document;
      const labels = rows.map((r) => (document ? rowLabel(document, r, keyOf(r)) : keyOf(r)));
      store.set({ pendingDialog: { action, rows, labels } });
    },
  };

  /**
   * Calls the pending dialog action with its rows and the values typed: done, the dialog closes, the rows
   * leave the selection and the list searches again. A batch the server refused (nothing changed) closes
   * it and opens the summary of every refused row; a refusal of a single row or of the values keeps it
   * open with the values and the server's message, so the user can correct them.
   */
  async function submitDialog(values: Record<string, unknown>): Promise<void> {
    const pending = store.get().pendingDialog;
    if (!pending?.action.call || store.get().running) return;
    const { action, rows } = pending;
    store.set({ running: action.key, pendingDialog: { ...pending, errorMessage: undefined } });
    try {
      const file = action.answer === 'file';
      const answer = await deps.request<{ count?: number } | File>(
        action.call!,
        { ...values, rows: rows.map((r) => ({ id: r[rowKey], version: r.version })) },
        file ? { ...options, responseType: 'blob' } : options,
      );
      // A file (a PDF of labels) is shown; anything else says how many rows were done.
      if (answer instanceof File) {
        if (deps.openFile?.(answer) === 'download') deps.success('printDialog.downloaded');
      } else deps.success('list.dialogDone', { count: answer?.count ?? rows.length });
      const done = new Set(rows.map(keyOf));
      store.set({
        running: undefined,
        pendingDialog: undefined,
        selectedKeys: store.get().selectedKeys.filter((k) => !done.has(k)),
      });
      await refresh();
    } catch (e) {
      const error = e as RequestError;
      const refused = (error.data as { refused?: TransitionSummary['refused'] } | undefined)?.refused;
      if (!refused) {
        store.set({ running: undefined, pendingDialog: { ...pending, errorMessage: error.message } });
        return;
      }
      store.set({
        running: undefined,
        pendingDialog: undefined,
        transitionSummary: { label: '', labelKey: action.labelKey, total: rows.length, refused },
      });
      await refresh();
    }
  }

  /**
   * Runs the pending transition with the reason given: done, the rows leave the selection and the list
   * searches again; refused, nothing changed (all or nothing) and a batch's refused rows are summed
   * up. Either way the list shows the rows' states as they are now.
   */
  async function submitTransition(reason?: string): Promise<void> {
    const pending = store.get().pendingTransition;
    if (!pending || store.get().running) return;
    const { transition, action, rows } = pending;
    const text = reason?.trim() ?? '';
    if (transition.reason === 'required' && !text) return;
    store.set({ running: action.key });
    try {
      const answer = await deps.request<{ count: number }>(
        `${ctx.screen.service}/${transition.method}`,
        { rows: rows.map((r) => ({ id: r.id, version: r.version })), reason: text || null },
        options,
      );
      deps.success('document.done', { action: transition.label, count: answer?.count ?? rows.length });
      const done = new Set(rows.map(keyOf));
      store.set({
        running: undefined,
        pendingTransition: undefined,
        selectedKeys: store.get().selectedKeys.filter((k) => !done.has(k)),
      });
    } catch (e) {
      const refused = (e as RequestError).data as { refused?: TransitionSummary['refused'] } | undefined;
      store.set({
        running: undefined,
        pendingTransition: undefined,
        transitionSummary: refused?.refused
          ? { label: transition.label, total: rows.length, refused: refused.refused }
          : undefined,
      });
    }
    await refresh();
  }

  /**
   * Runs an action on the given rows: the toolbar on the selection, a row operation on its own row
   * (engine/pages/list/rowActions.ts). What it does is its kind's run; nothing while another runs.
   */
  async function runOnRows(action: RunnableAction, rows: Row[]): Promise<void> {
    if (store.get().running) return;
    return kindOf(action).run(action, rows, runner);
  }

  return {
    getState,
    subscribe: store.subscribe,
    /**
     * The selection and the document declaration, to be restored later; an action running, a dialog
     * or a transition waiting for its reason end with the page.
     */
    snapshot: (): Pick<ActionState, 'selectedKeys' | 'document'> => {
      const { selectedKeys, document } = store.get();
      return { selectedKeys, document };
    },
    restore(saved: Pick<ActionState, 'selectedKeys' | 'document'>): void {
      store.set({ selectedKeys: saved.selectedKeys, document: saved.document });
    },
    setSelection(keys: string[]): void {
      store.set({ selectedKeys: list.selection === 'single' ? keys.slice(-1) : keys });
    },
    selectedRows,
    /** Why the action is refused for these rows (the kind's enabling rules); undefined when it is not. */
    refusal(action: NormalisedAction, rows: readonly Row[]): Refusal | undefined {
      return refusalOf(
        action,
        { count: rows.length, rows },
        { rowKey, labelKeyOf, document: store.get().document },
      );
    },
    /** A toolbar button: runs on the selection when the button is shown and enabled. */
    async runAction(action: NormalisedAction): Promise<void> {
      const button = getState().toolbar.buttons.find((b) => b.action.key === action.key);
      if (!button || button.disabled || store.get().running) return;
      return runOnRows(action, selectedRows());
    },
    runOnRows,
    /**
     * Whether a row button runs on this row: its kind's rules for this one row (a transition only on
     * rows in one of its from-states, modify and delete of a document only in its editable states),
     * and a transition only for a user on its side. A row's own call or target (no kind) always runs.
     */
    rowAllows(action: RunnableAction, row: Row): boolean {
      if (!action.kind) return true;
      const document = store.get().document;
      if (action.kind === 'transition' && !sideAllows(document, action.transition)) return false;
      return !refusalOf(
        action as NormalisedAction,
        { count: 1, rows: [row] },
        { rowKey, labelKeyOf, document },
      );
    },
    /** The document declaration arrived (the list controller loads it with the page). */
    setDocument(document: DocumentDefine): void {
      store.set({ document });
    },
    submitTransition,
    submitDialog,
    /** The action dialog was closed without calling. */
    cancelDialog(): void {
      if (!store.get().running) store.set({ pendingDialog: undefined });
    },
    /** The transition dialog was closed without running it. */
    cancelTransition(): void {
      if (!store.get().running) store.set({ pendingTransition: undefined });
    },
    closeTransitionSummary(): void {
      store.set({ transitionSummary: undefined });
    },
    /** Closes the toolbar dialog; after an import or upload that wrote rows the list searches again. */
    closeDialog(changed = false): void {
      store.set({ dialog: undefined });
      if (changed) void refresh();
    },
  };
}

export type ActionStore = ReturnType<typeof createActionStore>;
