import type { Field as FormilyField } from '@formily/core';
import { Schema } from '@formily/json-schema';
import { describe, expect, it, vi } from 'vitest';
import { normaliseField, normaliseScreen } from '../../screens/normalise';
import { assertScreen, validateScreen } from '../../screens/validate';
import { createEditableTableController, type EditTrigger, type TableRow } from './editableTableController';

const columns = [
  normaliseField({ prop: 'lower', widget: 'number', required: true }),
  normaliseField({ prop: 'upper', widget: 'number', max: 100 }),
  normaliseField({ prop: 'note' }),
];
const t = (key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key;

function setup(
  editTrigger: EditTrigger,
  minRows = 1,
  initial: Record<string, unknown>[] = [{ lower: 1 }, { lower: 2 }],
) {
  const onChange = vi.fn();
  const c = createEditableTableController({ columns, editTrigger, minRows, t, initial, onChange });
  // The cells the view renders in each row, created without React.
  const mount = (row: TableRow) =>
    new Schema(c.cellSchema).mapProperties((s, name) => {
      if (!row.form.query(name).take()) row.form.createField({ ...s.toFieldProps(), name });
    });
  for (const r of c.rows()) mount(r);
  const cell = (row: TableRow, name: string) => row.form.query(name).take() as FormilyField;
  return { c, onChange, mount, cell, keys: () => c.rows().map((r) => r.key) };
}

describe('editable table controller', () => {
  it("a save's refusal of too few rows stands until a row comes, and a row's refusal goes with any change", async () => {
    const { c, mount } = setup('click', 1, []);
    const tooFew = await c.saveProblem();
    expect(tooFew).toBe('editableTable.minRows');
    expect(c.refusalStands(tooFew)).toBe(true);
    await c.add({});
    for (const r of c.rows()) mount(r);
    expect(c.refusalStands(tooFew)).toBe(false);
    const invalid = await c.saveProblem();
    expect(invalid).toBe('editableTable.rowInvalid');
    expect(c.refusalStands(invalid)).toBe(false);
    expect(c.refusalStands(undefined)).toBe(false);
  });

  it('opens the closed rows a save refuses, so that their cells say why, and leaves the valid ones closed', async () => {
    const { c, keys, cell } = setup('click', 0, [{ lower: 1 }, { upper: 5 }, { lower: 2, upper: 500 }]);
    const [good, missing, tooHigh] = keys();
    expect(c.getState().editing).toEqual([]);
    expect(await c.saveProblem()).toBe('editableTable.rowInvalid');
    expect(c.getState().editing).toEqual([missing, tooHigh]);
    const row = (key: string) => c.rows().find((r) => r.key === key)!;
    expect(row(good).form.readPretty).toBe(true);
    expect(row(missing).form.editable).toBe(true);
    expect(cell(row(missing), 'lower').selfErrors.length).toBe(1);
    expect(cell(row(tooHigh), 'upper').selfErrors.length).toBe(1);
    // Fixed, the rows pass the next check (validate, as the table's own save asks); a row already open
    // stays open.
    cell(row(missing), 'lower').setValue(3);
    cell(row(tooHigh), 'upper').setValue(50);
    expect(await c.validate()).toBe(true);
    expect(c.getState()).toMatchObject({ editing: [missing, tooHigh], refusal: undefined });
  });

  it('moves rows up and down, and reports the new order', () => {
    const { c, onChange, keys } = setup('click', 0, [{ lower: 1 }, { lower: 2 }, { lower: 3 }]);
    const [a, b, last] = keys();
    expect(c.move(a, -1)).toBe(false);
    expect(c.move(last, 1)).toBe(false);
    expect(c.move(a, 1)).toBe(true);
    expect(c.values().map((v) => v.lower)).toEqual([2, 1, 3]);
    expect(onChange).toHaveBeenLastCalledWith([{ lower: 2 }, { lower: 1 }, { lower: 3 }]);
    expect(c.move(last, -1)).toBe(true);
    expect(keys()).toEqual([b, last, a]);
  });

  it('gives every row the form values it borrows, without reporting them', async () => {
    const onChange = vi.fn();
    const c = createEditableTableController({
      columns,
      editTrigger: 'click',
      minRows: 0,
      t,
      initial: [{ lower: 1 }],
      onChange,
      context: ['module'],
    });
    c.setContext({ module: 'Base.Basic.Organizational', other: 'x' });
    expect(c.rows()[0].form.values.module).toBe('Base.Basic.Organizational');
    expect(c.rows()[0].form.values.other).toBeUndefined();
    await c.add({ lower: 2 });
    expect(c.rows()[1].form.values.module).toBe('Base.Basic.Organizational');
    c.setContext({ module: 'Base.Basic.Warehouse' });
    expect(c.rows().map((r) => r.form.values.module)).toEqual([
      'Base.Basic.Warehouse',
      'Base.Basic.Warehouse',
    ]);
    expect(c.values()).toEqual([{ lower: 1 }, { lower: 2 }]);
    expect(onChange).toHaveBeenLastCalledWith([{ lower: 1 }, { lower: 2 }]);
  });

  it('opens a row only on the configured trigger', async () => {
    const { c, keys } = setup('dblclick');
    expect(await c.enter(keys()[0], 'click')).toBe(false);
    expect(await c.enter(keys()[0], 'hover')).toBe(false);
    expect(c.getState().editing).toEqual([]);
    expect(await c.enter(keys()[0], 'dblclick')).toBe(true);
    expect(c.rows()[0].form.editable).toBe(true);
    expect(c.rows()[1].form.readPretty).toBe(true);
  });

  it('with click, one row edits at a time', async () => {
    const { c, keys } = setup('click');
    await c.enter(keys()[0], 'click');
    await c.enter(keys()[1], 'click');
    expect(c.getState().editing).toEqual([keys()[1]]);
    expect(c.rows()[0].form.readPretty).toBe(true);
  });

  it('with hover too; with double click several rows may be open', async () => {
    const hover = setup('hover');
    await hover.c.enter(hover.keys()[0], 'hover');
    await hover.c.enter(hover.keys()[1], 'hover');
    expect(hover.c.getState().editing).toEqual([hover.keys()[1]]);
    const dbl = setup('dblclick');
    await dbl.c.enter(dbl.keys()[0], 'dblclick');
    await dbl.c.enter(dbl.keys()[1], 'dblclick');
    expect(dbl.c.getState().editing).toEqual(dbl.keys());
  });

  it('validates a row before it leaves edit mode, with the form rules and messages', async () => {
    const { c, keys, cell } = setup('click');
    const [first] = c.rows();
    await c.enter(keys()[0], 'click');
    await cell(first, 'lower').onInput(undefined);
    await cell(first, 'upper').onInput(101);
    expect(await c.enter(keys()[1], 'click')).toBe(false);
    expect(c.getState()).toMatchObject({ editing: [keys()[0]], refusal: 'editableTable.rowInvalid' });
    expect(cell(first, 'lower').selfErrors).toEqual([
      'validation.select {"label":"field.lower"}'.replace('select', 'required'),
    ]);
    expect(cell(first, 'upper').selfErrors).toEqual(['validation.max {"label":"field.upper","max":100}']);
    await cell(first, 'lower').onInput(5);
    await cell(first, 'upper').onInput(50);
    expect(await c.enter(keys()[1], 'click')).toBe(true);
    expect(c.getState()).toMatchObject({ editing: [keys()[1]], refusal: undefined });
  });

  it('adds a row in edit mode and reports every change', async () => {
    const { c, onChange, mount, cell } = setup('click');
    const key = await c.add({ note: 'new' });
    expect(c.getState().editing).toEqual([key]);
    const row = c.rows()[2];
    mount(row);
    await cell(row, 'lower').onInput(7);
    expect(onChange).toHaveBeenLastCalledWith([{ lower: 1 }, { lower: 2 }, { note: 'new', lower: 7 }]);
  });

  it('refuses to remove the last rows the screen requires (minRows)', async () => {
    const { c, keys, onChange } = setup('click', 1);
    expect(c.remove(keys()[0])).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith([{ lower: 2 }]);
    expect(c.remove(keys()[0])).toBe(false);
    expect(c.getState().refusal).toBe('editableTable.minRows');
    expect(c.values()).toEqual([{ lower: 2 }]);
  });

  it("a refilled cell's required message goes when the number input commits the value on the same blur", async () => {
    const { c, keys, cell } = setup('click', 1, [{ lower: 1 }]);
    const [row] = c.rows();
    await c.enter(keys()[0], 'click');
    const lower = cell(row, 'lower');
    await lower.onFocus();
    await lower.onInput(undefined);
    await lower.onBlur();
    expect(lower.selfErrors).toEqual(['validation.required {"label":"field.lower"}']);
    // Refilled, then left: the browser gives the blur to the input first (the form's blur check reads
    // the value as it is), and only then to the number input's wrapper, which commits the typed text
    // (rc-input-number flushes on blur). The check of the old value answers after the commit.
    await lower.onFocus();
    await Promise.all([lower.onBlur(), lower.onInput(5)]);
    expect(lower.value).toBe(5);
    expect(lower.selfErrors).toEqual([]);
    expect(await c.enter(keys()[0], 'click')).toBe(true);
  });

  it('a row opened while the table is being checked for a save stays open', async () => {
    const { c, keys } = setup('click', 1, [{ lower: 1 }, { lower: 2 }]);
    const saving = c.validate();
    const opening = c.enter(keys()[0], 'click');
    expect(await saving).toBe(true);
    expect(await opening).toBe(true);
    expect(c.getState().editing).toEqual([keys()[0]]);
    expect(c.rows()[0].form.editable).toBe(true);
    expect(c.rows()[1].form.readPretty).toBe(true);
  });

  it('leaving a row answers for the values the row ends with, not those it had when asked', async () => {
    const { c, keys, cell } = setup('click', 1, [{ lower: 1 }]);
    const [row] = c.rows();
    await c.enter(keys()[0], 'click');
    await cell(row, 'lower').onInput(undefined);
    const leaving = c.leave(keys()[0]);
    await cell(row, 'lower').onInput(3);
    expect(await leaving).toBe(true);
    expect(cell(row, 'lower').selfErrors).toEqual([]);
    expect(c.getState()).toMatchObject({ editing: [], refusal: undefined });
  });

  it('a save needs every row valid and enough rows', async () => {
    const empty = setup('click', 1, []);
    expect(await empty.c.validate()).toBe(false);
    expect(empty.c.getState().refusal).toBe('editableTable.minRows');
    const { c, cell } = setup('click');
    expect(await c.validate()).toBe(true);
    await cell(c.rows()[1], 'upper').onInput(1000);
    expect(await c.validate()).toBe(false);
  });
});

describe('editable table rules of a rule screen', () => {
  const elementColumns = [
    normaliseField({ prop: 'codingId', required: true, pattern: '^[A-Z]$' }),
    normaliseField({
      prop: 'inputType',
      widget: 'select',
      options: [{ value: 'text', labelKey: 'x' }],
      default: 'text',
    }),
  ];
  function rules(initial: Record<string, unknown>[] = []) {
    const onChange = vi.fn();
    const c = createEditableTableController({
      columns: elementColumns,
      editTrigger: 'click',
      minRows: 1,
      minRowsMessageKey: 'rules.lotRule.minLines',
      unique: ['codingId'],
      t,
      initial,
      onChange,
    });
    const mount = (row: TableRow) =>
      new Schema(c.cellSchema).mapProperties((sch, name) => {
        if (!row.form.query(name).take()) row.form.createField({ ...sch.toFieldProps(), name });
      });
    for (const r of c.rows()) mount(r);
    const cell = (row: TableRow, name: string) => row.form.query(name).take() as FormilyField;
    return { c, onChange, mount, cell };
  }

  it('refuses a value another row already holds in a unique column, on the cell', async () => {
    const { c, mount, cell } = rules([{ codingId: 'A' }]);
    await c.add();
    const row = c.rows()[1];
    mount(row);
    await cell(row, 'codingId').onInput('A');
    expect(await c.validate()).toBe(false);
    expect(cell(row, 'codingId').selfErrors).toEqual([
      'editableTable.duplicate {"label":"field.codingId","value":"A"}',
    ]);
    await cell(row, 'codingId').onInput('B');
    expect(await c.validate()).toBe(true);
  });

  it("starts a new row at its columns' defaults", async () => {
    const { c, onChange } = rules([{ codingId: 'A' }]);
    await c.add();
    expect(onChange).toHaveBeenLastCalledWith([{ codingId: 'A' }, { inputType: 'text' }]);
  });

  it("says the screen's own message when too few rows remain", async () => {
    const { c } = rules([]);
    expect(await c.validate()).toBe(false);
    expect(c.getState().refusal).toBe('rules.lotRule.minLines');
    // For the form's save: the reason, with the table's own line cleared (the form shows it once).
    expect(await c.saveProblem()).toBe('rules.lotRule.minLines');
    expect(c.getState().refusal).toBeUndefined();
    const { c: ok } = rules([{ codingId: 'A' }]);
    expect(await ok.saveProblem()).toBeUndefined();
  });

  it('replaces its rows with rows set from outside (a loaded record), without reporting a change', async () => {
    const { c, onChange } = rules([{ codingId: 'A' }]);
    await c.enter(c.rows()[0].key, 'click');
    c.reset([
      { codingId: 'X', id: 'line-1' },
      { codingId: 'Y', id: 'line-2' },
    ]);
    expect(c.values()).toEqual([
      { codingId: 'X', id: 'line-1' },
      { codingId: 'Y', id: 'line-2' },
    ]);
    expect(c.getState()).toMatchObject({ editing: [], refusal: undefined });
    expect(c.rows().every((r) => r.form.readPretty)).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('editable table in the screen JSON', () => {
  const screen = (field: Record<string, unknown>) => ({
    name: 'T.Add',
    kind: 'form',
    path: '/t/add',
    menuNo: 'T.Menu',
    titleKey: 'title.t',
    parentPath: '/t/list',
    service: 'ITService',
    calls: { add: 'add' },
    form: { mode: 'add', groups: [{ fields: [field] }] },
  });

  it('normalises rowFields, editTrigger and minRows with their defaults; its group takes the whole width', () => {
    const form = normaliseScreen(
      assertScreen(
        screen({
          prop: 'lines',
          widget: 'editableTable',
          rowFields: [{ prop: 'lower', widget: 'number' }],
          minRows: 1,
        }),
        't.json',
      ),
      't.json',
    ).form;
    const field = form?.fields[0];
    expect(form?.groups[0].wide).toBe(true);
    expect(
      normaliseScreen(assertScreen(screen({ prop: 'note' }), 't.json'), 't.json').form?.groups[0].wide,
    ).toBe(false);
    expect(field?.span).toBe(4);
    expect(field?.table).toMatchObject({
      editTrigger: 'click',
      minRows: 1,
      rowFields: [{ prop: 'lower', min: 0 }],
    });
  });

  it('refuses a unique column the table does not have', () => {
    expect(
      validateScreen(
        screen({ prop: 'lines', widget: 'editableTable', rowFields: [{ prop: 'a' }], unique: ['b'] }),
        't.json',
      ).map((e) => `${e.pointer} ${e.message}`),
    ).toEqual(['/form/groups/0/fields/0/unique names "b", which is no column of the table (rowFields)']);
  });

  it('refuses an editable table without rowFields, or an unknown trigger', () => {
    expect(
      validateScreen(screen({ prop: 'lines', widget: 'editableTable' }), 't.json').map((e) => e.pointer),
    ).toEqual(['/form/groups/0/fields/0/rowFields']);
    expect(
      validateScreen(
        screen({ prop: 'lines', widget: 'editableTable', rowFields: [{ prop: 'a' }], editTrigger: 'tap' }),
        't.json',
      ).map((e) => e.pointer),
    ).toEqual(['/form/groups/0/fields/0/editTrigger']);
  });
});

describe('computed cells, totals and rows that may not be edited', () => {
  const lineColumns = [
    normaliseField({ prop: 'status', widget: 'state' }),
    normaliseField({ prop: 'qty', widget: 'decimal', required: true }),
    normaliseField({ prop: 'price', widget: 'decimal', readOnlyOnEdit: true }),
    normaliseField({ prop: 'rate', widget: 'decimal', readOnlyOnEdit: true }),
    normaliseField({ prop: 'amount', widget: 'decimal', compute: { amount: ['qty', 'price'] } }),
    normaliseField({ prop: 'tax', widget: 'decimal', compute: { tax: ['amount', 'rate'] } }),
    normaliseField({ prop: 'total', widget: 'decimal', compute: { sum: ['amount', 'tax'] } }),
  ];
  const make = () => {
    const onChange = vi.fn();
    const c = createEditableTableController({
      columns: lineColumns,
      editTrigger: 'click',
      minRows: 0,
      fixedRows: true,
      totals: ['qty', 'amount', 'total'],
      t,
      initial: [
        { id: 'a', status: '0', qty: '5000', price: '0.125', rate: '13' },
        { id: 'b', status: '1', qty: null, price: '3.45', rate: '13' },
      ],
      onChange,
    });
    for (const row of c.rows())
      new Schema(c.cellSchema).mapProperties((s, name) => {
        if (!row.form.query(name).take()) row.form.createField({ ...s.toFieldProps(), name });
      });
    return { c, onChange };
  };

  it('computes a row’s cells from its values, exactly, and follows a change of them', async () => {
    const { c, onChange } = make();
    const [first, second] = c.rows();
    expect(first.form.values).toMatchObject({ amount: '625', tax: '81.25', total: '706.25' });
    // A row without a quantity has no amount rather than a wrong one.
    expect(second.form.values).toMatchObject({ amount: null, tax: null, total: null });
    expect(c.getState().totals).toEqual({ qty: '5000', amount: '625', total: '706.25' });

    await c.enter(first.key, 'click');
    first.form.setValuesIn('qty', '4000');
    expect(first.form.values).toMatchObject({ amount: '500', tax: '65', total: '565' });
    expect(c.getState().totals).toEqual({ qty: '4000', amount: '500', total: '565' });
    // What the form saves: the row's own values, never the computed ones (the server derives its own).
    expect(onChange).toHaveBeenLastCalledWith([
      { id: 'a', status: '0', qty: '4000', price: '0.125', rate: '13' },
      { id: 'b', status: '1', qty: null, price: '3.45', rate: '13' },
    ]);
  });

  it('computed and state cells only show', () => {
    const { c } = make();
    const props = c.cellSchema.properties as Record<string, { 'x-read-pretty'?: boolean }>;
    expect(props.amount['x-read-pretty']).toBe(true);
    expect(props.status['x-read-pretty']).toBe(true);
    expect(props.qty['x-read-pretty']).toBeUndefined();
  });

  it('a row the rule says may not be edited is never opened and never checked', async () => {
    const { c } = make();
    const [first, second] = c.rows();
    c.setEditable((values) => values.status === '0');
    expect(c.isEditable(first.key)).toBe(true);
    expect(c.isEditable(second.key)).toBe(false);
    expect(await c.enter(second.key, 'click')).toBe(false);
    expect(c.getState().editing).toEqual([]);
    // Its empty quantity is required, but nothing of it is the user's to fix: the save is not refused.
    expect(await c.saveProblem()).toBeUndefined();
    // An open row that may no longer be edited is closed.
    await c.enter(first.key, 'click');
    c.setEditable(() => false);
    expect(c.getState().editing).toEqual([]);
  });
});
