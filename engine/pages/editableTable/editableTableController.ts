// Headless editable table (spec 000 section 4): rows that enter edit mode on click, double click or
// hover, one row at a time with click or hover; each row is a small Formily form with the same widgets
// and rules as a form page, validated before the row leaves edit mode; rows are added and removed, and
// a minimum row count ('at least one rule row must remain') is a rule from the screen. No antd here.
//
// Sequencing: the operations that validate (open, leave, add, validate for a save) run one
// after another, so none starts from a state another has half changed; a row's answer counts only for
// the values it was given (a row changed while it was checked is checked again); a blur rule is checked
// again when the value changes after the blur (engine/pages/form/recheck.ts); and checking a row that is
// not open never leaves it, or another, in the wrong mode.
import { createForm, type Form } from '@formily/core';
import type { ISchema } from '@formily/json-schema';
import { applyComputes, computeInputs } from '../../core/compute';
import { isDecimal, sumDecimals } from '../../core/decimal';
import type { NormalisedField } from '../../screens/types';
import { fieldName, showWhenReaction, widgetProps } from '../form/formController';
import { recheckBlurRules } from '../form/recheck';
import { fieldRules, isEmptyValue, type Translate, type ValidatorRule } from '../form/rules';

export type EditTrigger = 'click' | 'dblclick' | 'hover';
type Values = Record<string, unknown>;

export interface TableRow {
  key: string;
  form: Form;
}

export interface EditableTableOptions {
  columns: NormalisedField[];
  editTrigger: EditTrigger;
  /** Rows that must remain; removing below it is refused. */
  minRows: number;
  /** Locale key of that refusal; default editableTable.minRows. */
  minRowsMessageKey?: string;
  /** Row props whose values must differ between rows (a barcode rule's element codes). */
  unique?: string[];
  /** The record's own rows: none added or removed; readOnlyOnEdit cells are never edited. */
  fixedRows?: boolean;
  t: Translate;
  initial?: Values[];
  /** Called with every row's values after any change. */
  onChange?: (rows: Values[]) => void;
  /**
   * Props of the enclosing form every row holds as its own values (its selectors may depend on them),
   * set with setContext and never reported as part of a row.
   */
  context?: string[];
  /** Row props summed exactly in the totals row. */
  totals?: string[];
}

export interface EditableTableState {
  keys: string[];
  editing: string[];
  /** Locale key of the last refusal (a row could not be removed or left). */
  refusal?: string;
  /** The exact sum of each totals prop over the rows ('' when a value is no decimal). */
  totals: Record<string, string>;
}

let seq = 0;

export function createEditableTableController(o: EditableTableOptions) {
  const minRowsKey = o.minRowsMessageKey ?? 'editableTable.minRows';
  const rows: TableRow[] = [];
  const norm = (v: unknown) => (isEmptyValue(v) ? '' : String(v).trim());
  /** A unique column's rule: no other row holds the same value. */
  const uniqueRule = (f: NormalisedField): ValidatorRule[] => {
    if (!o.unique?.includes(f.prop)) return [];
    return [
      {
        triggerType: 'onInput',
        message: '',
        validator: (value, _rule, ctx) => {
          const mine = norm(value);
          if (!mine) return true;
          const clash = rows.some((r) => r.form !== ctx.form && norm(r.form.values[f.prop]) === mine);
          return clash ? o.t('editableTable.duplicate', { label: o.t(f.labelKey), value: mine }) : true;
        },
      },
    ];
  };
  /** The schema of one row's cells: one Formily field per column, with its rules. */
  const cellSchema: ISchema = {
    type: 'object',
    properties: Object.fromEntries(
      o.columns.map((f, i) => [
        fieldName(f),
        {
          type: f.widget === 'number' ? 'number' : 'string',
          title: o.t(f.labelKey),
          'x-index': i,
          'x-decorator': 'FormItem',
          'x-decorator-props': { 'data-prop': f.prop },
          'x-component': f.widget,
          // A computed cell and a state cell only show; a fixed row's readOnlyOnEdit cell too.
          ...((o.fixedRows && f.readOnlyOnEdit) || f.compute || f.widget === 'state'
            ? { 'x-read-pretty': true }
            : {}),
          'x-component-props': { ...widgetProps(f), style: { width: '100%' } },
          enum: f.options?.map((opt) => ({ label: o.t(opt.labelKey), value: opt.value })),
          'x-validator': [...fieldRules(f, o.t), ...uniqueRule(f)],
          'x-reactions': f.showWhen ? showWhenReaction(f.showWhen) : undefined,
        } satisfies ISchema,
      ]),
    ),
  };

  /** The computed cells, in the order declared: a later one may read an earlier one. */
  const computes = o.columns.flatMap((f) => (f.compute ? [{ prop: f.prop, compute: f.compute }] : []));
  const computedProps = new Set(computes.map((c) => c.prop));
  const computeInputsOf = new Set(computes.flatMap((c) => computeInputs(c.compute)));
  const totalProps = o.totals ?? [];
  const totals = (): Record<string, string> =>
    Object.fromEntries(
      totalProps.map((p) => {
        const cells = rows
          .map((r) => r.form.values[p])
          .filter((v) => v !== null && v !== undefined && v !== '');
        // A value that is no decimal: no total rather than a wrong one.
        return [p, cells.every(isDecimal) ? sumDecimals(cells) : ''];
      }),
    );

  let state: EditableTableState = { keys: [], editing: [], totals: {} };
  const listeners = new Set<() => void>();
  const emit = (patch: Partial<EditableTableState>) => {
    state = { ...state, keys: rows.map((r) => r.key), totals: totals(), ...patch };
    for (const l of listeners) l();
  };
  const contextProps = o.context ?? [];
  let context: Values = {};
  /**
   * A row's own values: what the form saves, without the values it borrows from the form or computes
   * (the server derives its own).
   */
  const own = (r: TableRow): Values => {
    const v: Values = { ...r.form.values };
    for (const p of contextProps) delete v[p];
    for (const p of computedProps) delete v[p];
    return v;
  };
  const values = (): Values[] => rows.map(own);
  const changed = () => {
    if (totalProps.length) emit({});
    o.onChange?.(values());
  };

  /** Sets the row's computed cells from its values, where they differ. */
  function recompute(form: Form): void {
    if (!computes.length) return;
    const next = applyComputes(computes, form.values);
    for (const { prop } of computes)
      if ((form.values[prop] ?? null) !== next[prop]) form.setValuesIn(prop, next[prop]);
  }

  /** Whether a row may be opened (a line document outside its editable states may not). */
  let editable: (values: Values) => boolean = () => true;

  function makeRow(initial: Values): TableRow {
    const key = `row${++seq}`;
    const form = createForm({
      initialValues: applyComputes(computes, { ...initial, ...context }),
      readPretty: true,
      effects: recheckBlurRules,
    });
    form.subscribe(({ type, payload }) => {
      if (type !== 'onFieldValueChange') return;
      // A borrowed value set from the form is no change of the row; a computed one follows its inputs.
      const prop = String((payload as { props?: { name?: unknown } } | undefined)?.props?.name);
      if (contextProps.includes(prop) || computedProps.has(prop)) return;
      if (computeInputsOf.has(prop)) recompute(form);
      changed();
    });
    return { key, form };
  }

  for (const v of o.initial ?? []) rows.push(makeRow(v));
  emit({});

  const find = (key: string) => rows.find((r) => r.key === key);

  /** Operations that validate run one after another (a later one starts from what the earlier left). */
  let queue: Promise<unknown> = Promise.resolve();
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  /**
   * The row's rules against its values; an answer about values the row no longer has is not an answer,
   * so a row changed while it was checked is checked again.
   */
  async function rowValid(row: TableRow): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      const asked = JSON.stringify(row.form.values);
      let ok = true;
      try {
        await row.form.validate();
      } catch {
        ok = false;
      }
      if (JSON.stringify(row.form.values) === asked || attempt >= 4) return ok;
    }
  }

  /**
   * Runs the rules of every row; false when one refuses. Formily skips read-pretty fields, so a row that
   * is not open is checked as editable: a valid one is put back to read-pretty after (unless it was
   * opened meanwhile), an invalid one is left open, so that its cells say what is wrong.
   */
  async function checkAll(): Promise<boolean> {
    let ok = true;
    const opened: string[] = [];
    for (const r of [...rows]) if (!(await check(r, opened))) ok = false;
    const editing = [...state.editing, ...opened.filter((k) => !state.editing.includes(k))];
    if (editing.length !== state.editing.length) emit({ editing });
    return ok;
  }

  /** One row's rules (checkAll); a closed row that refuses is left open and its key put in `opened`. */
  async function check(row: TableRow, opened: string[]): Promise<boolean> {
    // A row that may not be edited is what the server holds: nothing of it is the user's to fix.
    if (!editable(row.form.values)) return true;
    if (state.editing.includes(row.key)) return rowValid(row);
    row.form.setPattern('editable');
    const ok = await rowValid(row);
    if (!state.editing.includes(row.key)) {
      if (ok) row.form.setPattern('readPretty');
      else opened.push(row.key);
    }
    return ok;
  }

  /** Validates the row and takes it out of edit mode; false (and still editing) when it is invalid. */
  async function leaveNow(key: string): Promise<boolean> {
    const row = find(key);
    if (!row) return true;
    if (!(await rowValid(row))) {
      emit({ refusal: 'editableTable.rowInvalid' });
      return false;
    }
    // Removed meanwhile: nothing to close.
    if (!find(key)) return true;
    row.form.setPattern('readPretty');
    emit({ editing: state.editing.filter((k) => k !== key), refusal: undefined });
    return true;
  }

  /**
   * The user clicked, double clicked or hovered a row. Only the configured trigger opens it; with click
   * or hover the row being edited is validated and closed first, and stays open when it is invalid.
   */
  function enter(key: string, trigger: EditTrigger): Promise<boolean> {
    if (trigger !== o.editTrigger) return Promise.resolve(false);
    return serial(async () => {
      const row = find(key);
      if (!row || !editable(row.form.values)) return false;
      if (state.editing.includes(key)) return true;
      if (o.editTrigger !== 'dblclick') {
        for (const other of state.editing) if (!(await leaveNow(other))) return false;
      }
      if (!find(key)) return false;
      row.form.setPattern('editable');
      emit({ editing: [...state.editing, key], refusal: undefined });
      return true;
    });
  }

  /** A new row's values: each column's default (a select's usual choice, Y/N flags). */
  const rowDefaults = (): Values =>
    Object.fromEntries(
      o.columns.filter((f) => f.defaultValue !== undefined).map((f) => [f.prop, f.defaultValue]),
    );

  /** Adds a row at the end, in edit mode (after closing the open row when only one may be open). */
  function add(initial: Values = rowDefaults()): Promise<string | undefined> {
    return serial(async () => {
      if (o.fixedRows) return undefined;
      if (o.editTrigger !== 'dblclick') {
        for (const other of state.editing) if (!(await leaveNow(other))) return undefined;
      }
      const row = makeRow(initial);
      row.form.setPattern('editable');
      rows.push(row);
      emit({ editing: [...state.editing, row.key], refusal: undefined });
      changed();
      return row.key;
    });
  }

  /** Moves a row up (-1) or down (+1); false at either end. */
  function move(key: string, delta: -1 | 1): boolean {
    const i = rows.findIndex((r) => r.key === key);
    const j = i + delta;
    if (i < 0 || j < 0 || j >= rows.length) return false;
    const [row] = rows.splice(i, 1);
    rows.splice(j, 0, row);
    emit({ refusal: undefined });
    changed();
    return true;
  }

  /** Removes a row unless that would leave fewer than minRows (never in a table of fixed rows). */
  function remove(key: string): boolean {
    const i = rows.findIndex((r) => r.key === key);
    if (i < 0 || o.fixedRows) return false;
    if (rows.length <= o.minRows) {
      emit({ refusal: minRowsKey });
      return false;
    }
    rows.splice(i, 1);
    emit({ editing: state.editing.filter((k) => k !== key), refusal: undefined });
    changed();
    return true;
  }

  /** The enclosing form's values the rows borrow (context), given to every row, present and future. */
  function setContext(next: Values): void {
    context = Object.fromEntries(contextProps.map((p) => [p, next[p]]));
    for (const r of rows) for (const p of contextProps) r.form.setValuesIn(p, context[p]);
  }

  /** Every row valid and at least minRows of them: what a save needs. */
  function validate(): Promise<boolean> {
    return serial(async () => {
      if (rows.length < o.minRows) {
        emit({ refusal: minRowsKey });
        return false;
      }
      const ok = await checkAll();
      emit({ refusal: ok ? undefined : 'editableTable.rowInvalid' });
      return ok;
    });
  }

  /**
   * What a save of the form would be refused for (a locale key), or undefined: every row checked, the
   * cells showing their messages. The form shows the reason under the table, so the table's own line
   * (for a row it could not leave or remove) is cleared rather than repeating it.
   */
  async function saveProblem(): Promise<string | undefined> {
    const ok = await checkAll();
    emit({ refusal: undefined });
    if (rows.length < o.minRows) return minRowsKey;
    return ok ? undefined : 'editableTable.rowInvalid';
  }

  /**
   * Whether a save's refusal (saveProblem's key) still holds once the rows changed: too few rows, while
   * they still are too few. Any other refusal goes with the change: the rows' own problems show, and are
   * checked again, on their cells, and the next save asks afresh.
   */
  function refusalStands(problem: string | undefined): boolean {
    return problem === minRowsKey && rows.length < o.minRows;
  }

  /**
   * Replaces every row with `values` (the record a modify page loaded, a form reset): nothing is in
   * edit mode afterwards and no refusal stands. Does not report a change: the values came from outside.
   */
  function reset(values: Values[]): void {
    rows.splice(0, rows.length, ...values.map(makeRow));
    emit({ editing: [], refusal: undefined });
  }

  /**
   * Which rows may be opened, from now on (a line document's editable states, once its declaration has
   * loaded); an open row that may not be edited any more is closed.
   */
  function setEditable(rule: (values: Values) => boolean): void {
    editable = rule;
    const closing = rows.filter((r) => state.editing.includes(r.key) && !rule(r.form.values));
    for (const r of closing) r.form.setPattern('readPretty');
    if (closing.length) emit({ editing: state.editing.filter((k) => !closing.some((r) => r.key === k)) });
  }

  /** Whether a row may be opened now. */
  const isEditable = (key: string): boolean => {
    const row = find(key);
    return !!row && editable(row.form.values);
  };

  return {
    cellSchema,
    reset,
    setEditable,
    isEditable,
    rows: () => rows,
    values,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    enter,
    leave: (key: string) => serial(() => leaveNow(key)),
    add,
    remove,
    move,
    setContext,
    validate,
    saveProblem,
    refusalStands,
  };
}

export type EditableTableController = ReturnType<typeof createEditableTableController>;
