// The toolbar's action kinds. Each kind of the screen schema declares when its button shows (the
// menu's flag), when it is enabled for the selected rows (rules, each refusal with its reason, per row
// when the rows are refused one by one) and what a click runs (a page, a dialog, a call and a refresh).
// A new kind is one entry of ACTION_KINDS; the actions store (actionStore.ts) runs it.
import {
  type DocumentDefine,
  rowsOutOf,
  sideAllows,
  stateKeys,
  transitionOf,
} from '../../screens/documentDefine';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedAction, RunnableAction } from '../../screens/types';
import type { Row } from './listContext';
import { mixedProps, SELECTION_REASON, selectionAllows, type Toolbar, type ToolbarButton } from './toolbar';

/** The dialogs a toolbar button opens over the list. */
export type ListDialog = 'import' | 'export' | 'print' | 'upload';

/** A selected row an action refuses, and why: the disabled button's tip lists them. */
export interface RowRefusal {
  /** The row's key (the list's rowKey). */
  key: string;
  /** What names the row to the user (a document number); its key when absent. */
  label?: string;
  /** Locale key of the row's reason. */
  reasonKey: string;
  params?: Record<string, unknown>;
}

/** Why a button is disabled. */
export interface Refusal {
  /** Locale key of the reason. */
  reasonKey: string;
  /** Its parameters beyond {{fields}}. */
  reasonParams?: Record<string, unknown>;
  /** Label keys of the fields the reason names ({{fields}}). */
  reasonFields?: string[];
  /** The rows refused one by one, when the reason is about some rows rather than the selection. */
  rows?: RowRefusal[];
}

/** The rows an action would act on. */
export interface ActionSelection {
  count: number;
  rows: readonly Row[];
}

/** What the rules need of the list. */
export interface RuleContext {
  /** The list's row key, which names a refused row. */
  rowKey: string;
  /** Names a prop in a reason (its column's label key). */
  labelKeyOf: (prop: string) => string;
  /** The screen's document declaration (calls.define), once loaded. */
  document?: DocumentDefine;
}

/** One rule of enabling: the refusal, or undefined when the selection passes it. */
export type EnableRule = (
  action: NormalisedAction,
  selection: ActionSelection,
  context: RuleContext,
) => Refusal | undefined;

/** What a run may do; the actions store gives it. */
export interface ActionRunner {
  /** Opens the target path, each `:name` filled from the row. */
  navigate(target: string, row: Row | undefined): void;
  /** Opens a dialog over the list; closed with a change, the list searches again. */
  open(dialog: ListDialog): void;
  /**
   * Asks the action's question (confirmKey), calls it with the rows as {delList: [{id, version}]}, says
   * it is done, drops the rows from the selection and refreshes the list.
   */
  call(action: RunnableAction, rows: Row[]): Promise<void>;
  /** Searches again, the cached tab answers dropped: the data changed. */
  refresh(): Promise<void>;
  /** Asks for the transition's reason or a confirmation, then runs it on the rows (actionStore.ts). */
  transition(action: RunnableAction, rows: Row[]): void;
  /** Asks for the action's fields in a dialog, then calls it with the rows and the values (actionStore.ts). */
  dialog(action: NormalisedAction, rows: Row[]): void;
}

export interface ActionKind {
  /** Whether the button shows for the menu (and, for a transition, the user's side). */
  shown: (action: NormalisedAction, menu: MenuFlags, context?: Pick<RuleContext, 'document'>) => boolean;
  /** Whether it is enabled for the selection: the first refusal of these rules disables it. */
  enabled: readonly EnableRule[];
  /** What a click runs: on the selected rows (toolbar) or on its own row (operation column). */
  run: (action: RunnableAction, rows: Row[], runner: ActionRunner) => void | Promise<void>;
}

/** Shown when the menu grants the action's flag. */
export const byFlag = (action: NormalisedAction, menu: MenuFlags) => menu[action.flag] === 'Y';

/** The action's selection rule: none, exactly one or at least one row. */
export const bySelection: EnableRule = (action, { count }) =>
  action.selection === 'none' || selectionAllows(action.selection, count)
    ? undefined
    : { reasonKey: SELECTION_REASON[action.selection] };

/** The action's sameValues: props that must hold one value across the rows (spec 000 section 5). */
export const bySameValues: EnableRule = (action, { rows }, { labelKeyOf }) => {
  const mixed = action.sameValues.length ? mixedProps(rows, action.sameValues) : [];
  return mixed.length
    ? { reasonKey: action.sameValuesReasonKey, reasonFields: mixed.map(labelKeyOf) }
    : undefined;
};

/** Opens the action's target from the first row, else calls its service; with neither, nothing. */
export const runDeclared: ActionKind['run'] = (action, rows, runner) => {
  if (action.target) return runner.navigate(action.target, rows[0]);
  if (action.call) return runner.call(action, rows);
};

/**
 * The action's declared states (`states`): every row in one of them, the tip naming each other row and
 * its state; an action without states passes.
 */
export const byDeclaredStates: EnableRule = (action, { rows }, { document, rowKey }) => {
  if (!action.states.length) return undefined;
  if (!document) return { reasonKey: 'document.reason.loading' };
  return stateRefusal(document, action.states, rows, rowKey);
};

/** The schema's kinds that navigate or call, by what the screen declares (target, call). */
const DECLARED: ActionKind = {
  shown: byFlag,
  enabled: [bySelection, bySameValues, byDeclaredStates],
  run: runDeclared,
};

/** Asks for its fields in a dialog over the list, then calls its method with the rows and the values. */
const DIALOG: ActionKind = {
  ...DECLARED,
  run: (action, rows, runner) => runner.dialog(action as NormalisedAction, rows),
};

/** A refusal naming each row not in one of the states `codes`: the tip gives each one's state. */
function stateRefusal(
  document: DocumentDefine,
  codes: readonly string[],
  rows: readonly Row[],
  rowKey: string,
): Refusal | undefined {
  const out = rowsOutOf(document, codes, rows, rowKey);
  if (!out.length) return undefined;
  return {
    reasonKey: 'document.reason.state',
    reasonParams: { states: stateKeys(document, codes).map((localeKey) => ({ localeKey })) },
    rows: out.map((r) => ({
      key: r.key,
      label: r.label,
      reasonKey: 'document.reason.rowState',
      params: { state: { localeKey: r.state } },
    })),
  };
}

/** Every row in one of the transition's from-states; the tip names each other row and its state. */
export const byFromState: EnableRule = (action, { rows }, { document, rowKey }) => {
  const transition = transitionOf(document, action.transition);
  if (!document || !transition) return { reasonKey: 'document.reason.loading' };
  return stateRefusal(document, transition.from, rows, rowKey);
};

/**
 * A document is modified or deleted only in its editable states (the declaration's editableIn, which
 * the server enforces too); a list without a document declaration passes.
 */
export const byEditableState: EnableRule = (_action, { rows }, { document, rowKey }) =>
  document?.editableIn ? stateRefusal(document, document.editableIn, rows, rowKey) : undefined;

/** The rows agree on the transition's agree fields (spec 001: no batch across organisations, ...). */
export const byAgreement: EnableRule = (action, { rows }, context) => {
  const agree = transitionOf(context.document, action.transition)?.agree ?? [];
  return bySameValues(
    { ...action, sameValues: [...new Set([...action.sameValues, ...agree])] },
    { count: rows.length, rows },
    context,
  );
};

/** A document transition: shown to its sides, enabled on rows it may move, run with a reason dialog. */
const TRANSITION: ActionKind = {
  shown: (action, menu, context) => byFlag(action, menu) && sideAllows(context?.document, action.transition),
  enabled: [bySelection, byFromState, byAgreement],
  run: (action, rows, runner) => runner.transition(action, rows),
};

/** Modify and delete: as declared, and on a document only in its editable states. */
const EDITS: ActionKind = { ...DECLARED, enabled: [...DECLARED.enabled, byEditableState] };

const dialog = (which: ListDialog): ActionKind => ({
  ...DECLARED,
  run: (_action, _rows, runner) => runner.open(which),
});

export const ACTION_KINDS: Record<NormalisedAction['kind'], ActionKind> = {
  add: DECLARED,
  modify: EDITS,
  delete: EDITS,
  physicalDelete: EDITS,
  cancelDelete: DECLARED,
  submit: DECLARED,
  close: DECLARED,
  check: DECLARED,
  end: DECLARED,
  transition: TRANSITION,
  dialog: DIALOG,
  open: DECLARED,
  import: dialog('import'),
  export: dialog('export'),
  print: dialog('print'),
  upload: dialog('upload'),
};

/** The kind of an action; a row button's own call or target (a custom one, without kind) runs as declared. */
export const kindOf = (action: { kind?: NormalisedAction['kind'] }): ActionKind =>
  action.kind ? ACTION_KINDS[action.kind] : DECLARED;

/** The first refusal of the action's rules for the selection; undefined when it is enabled. */
export function refusalOf(
  action: NormalisedAction,
  selection: ActionSelection,
  context: RuleContext,
): Refusal | undefined {
  for (const rule of kindOf(action).enabled) {
    const refusal = rule(action, selection, context);
    if (refusal) return refusal;
  }
  return undefined;
}

/**
 * `actions` are already in the fixed flag order (the normaliser sorts them). `rows` are the selected
 * rows, for rules that need their values; `labelKeyOf` names a prop in a reason.
 */
export function computeToolbar(
  actions: NormalisedAction[],
  menu: MenuFlags,
  selectedCount: number,
  rows: readonly Row[] = [],
  labelKeyOf: (prop: string) => string = (prop) => `field.${prop}`,
  rowKey = 'id',
  document?: DocumentDefine,
): Toolbar {
  const onlySearch = (Object.keys(menu) as (keyof MenuFlags)[]).every(
    (f) => f === 'isSearch' || menu[f] !== 'Y',
  );
  if (onlySearch) return { visible: false, buttons: [] };
  const selection = { count: selectedCount, rows };
  const buttons = actions
    .filter((action) => kindOf(action).shown(action, menu, { document }))
    .map((action): ToolbarButton => {
      const refusal = refusalOf(action, selection, { rowKey, labelKeyOf, document });
      if (!refusal) return { action, disabled: false };
      return {
        action,
        disabled: true,
        reasonKey: refusal.reasonKey,
        ...(refusal.reasonParams ? { reasonParams: refusal.reasonParams } : {}),
        ...(refusal.reasonFields ? { reasonFields: refusal.reasonFields } : {}),
        ...(refusal.rows ? { refusedRows: refusal.rows } : {}),
      };
    });
  return { visible: buttons.length > 0, buttons };
}
