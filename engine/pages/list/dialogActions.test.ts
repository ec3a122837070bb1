// Dialog and open actions on a list, headless: a dialog action is enabled by its selection, sameValues
// and declared states (the tip names each row out of state), asks for its fields, then calls its method
// (of any service) with the rows and the values; done, it moves on; a refused row keeps the dialog open
// with the server's message; a refused batch sums up the refused rows. An open action needs no rows.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/types';
import type { DocumentDefine } from '../../screens/documentDefine';
import { actionDialogSchema, actionDialogValues } from './actionDialog';
import { createActionStore } from './actionStore';
import { listContext, type Row } from './listContext';
import { createQueryStore } from './queryStore';
import { buildScreen, fakeDeps, grant } from './testing';

const screen = buildScreen({
  name: 'T.Lines',
  kind: 'list',
  path: '/t/lines',
  menuNo: 'T.Lines',
  titleKey: 'title.t',
  service: 'ILineService',
  calls: { list: 'getlist', define: 'getdefine' },
  list: {
    columns: [{ prop: 'lineNo' }, { prop: 'status', type: 'state' }, { prop: 'orgNo' }],
    actions: [
      {
        flag: 'isSubmit',
        kind: 'dialog',
        labelKey: 'transition.requestDateChange',
        call: 'IChangeService/requestChange',
        states: ['1'],
        sameValues: ['orgNo'],
        fields: [
          { prop: 'newDate', widget: 'date', required: true },
          { prop: 'reason', widget: 'textarea', required: true, maxLength: 500 },
        ],
      },
      { flag: 'isSearch', kind: 'open', labelKey: 'dateChange.requests', target: '/t/changes' },
    ],
  },
} satisfies Screen);

const DEFINE: DocumentDefine = {
  kind: 'line',
  statusField: 'status',
  numberField: 'lineNo',
  editableIn: null,
  side: 'supplier',
  states: [
    { code: '0', label: 'To confirm', labelKey: 'enum.S.0', color: 'processing' },
    { code: '1', label: 'Accepted', labelKey: 'enum.S.1', color: 'success' },
  ],
  transitions: [],
};

const ROWS: Row[] = [
  { id: 'a', version: 1, lineNo: 'L1', status: '1', orgNo: 'SH01' },
  { id: 'b', version: 4, lineNo: 'L2', status: '1', orgNo: 'SH01' },
  { id: 'c', version: 2, lineNo: 'L3', status: '0', orgNo: 'SH01' },
  { id: 'd', version: 1, lineNo: 'L4', status: '1', orgNo: 'HN01' },
];

async function loaded(answer?: (call: string, payload?: unknown) => Promise<unknown>) {
  const { request, deps } = fakeDeps(
    answer ?? (async (call) => (call.endsWith('/getlist') ? { records: ROWS, total: ROWS.length } : {})),
  );
  const ctx = listContext(screen, grant('isSearch', 'isSubmit'), deps);
  const query = createQueryStore(ctx);
  const refresh = vi.fn(async () => undefined);
  const actions = createActionStore(ctx, query, refresh);
  await query.load();
  actions.setDocument(DEFINE);
  return { query, actions, request, deps, refresh };
}

const dialogButton = (s: Awaited<ReturnType<typeof loaded>>) =>
  s.actions.getState().toolbar.buttons.find((b) => b.action.kind === 'dialog')!;

describe('dialog actions', () => {
  it('normalise their fields, title and call of another service', () => {
    const action = screen.list!.actions.find((a) => a.kind === 'dialog')!;
    expect(action).toMatchObject({
      call: 'IChangeService/requestChange',
      selection: 'atLeastOne',
      titleKey: 'transition.requestDateChange',
      states: ['1'],
    });
    expect(action.fields!.map((f) => [f.prop, f.widget, f.required])).toEqual([
      ['newDate', 'date', true],
      ['reason', 'textarea', true],
    ]);
    const open = screen.list!.actions.find((a) => a.kind === 'open')!;
    expect(open).toMatchObject({ selection: 'none', target: '/t/changes', states: [] });
  });

  it('are enabled only for rows in the declared states that agree, the tip naming each other row', async () => {
    const s = await loaded();
    expect(dialogButton(s)).toMatchObject({ disabled: true, reasonKey: 'list.reason.atLeastOne' });
    s.actions.setSelection(['a', 'b']);
    expect(dialogButton(s).disabled).toBe(false);
    s.actions.setSelection(['a', 'c']);
    expect(dialogButton(s)).toMatchObject({
      disabled: true,
      reasonKey: 'document.reason.state',
      refusedRows: [{ key: 'c', label: 'L3', params: { state: { localeKey: 'enum.S.0' } } }],
    });
    s.actions.setSelection(['a', 'd']);
    expect(dialogButton(s)).toMatchObject({ disabled: true, reasonFields: ['field.orgNo'] });
  });

  it('wait for the declaration before judging states', async () => {
    const { deps } = fakeDeps(async () => ({ records: ROWS, total: ROWS.length }));
    const ctx = listContext(screen, grant('isSearch', 'isSubmit'), deps);
    const query = createQueryStore(ctx);
    const actions = createActionStore(ctx, query, async () => undefined);
    await query.load();
    actions.setSelection(['a']);
    const button = actions.getState().toolbar.buttons.find((b) => b.action.kind === 'dialog');
    expect(button).toMatchObject({ disabled: true, reasonKey: 'document.reason.loading' });
  });

  it('ask for the fields, then call with the rows and the values; done, the rows leave the selection', async () => {
    const s = await loaded(async (call) =>
      call.endsWith('/getlist') ? { records: ROWS, total: 4 } : { count: 2 },
    );
    s.actions.setSelection(['a', 'b', 'c']);
    s.actions.setSelection(['a', 'b']);
    await s.actions.runAction(dialogButton(s).action);
    expect(s.actions.getState().pendingDialog).toMatchObject({ labels: ['L1', 'L2'] });
    // A document without a number of its own is named by its name fields.
    s.actions.setDocument({ ...DEFINE, numberField: null, nameFields: ['orgNo', 'lineNo'] });
    s.actions.cancelDialog();
    await s.actions.runAction(dialogButton(s).action);
    expect(s.actions.getState().pendingDialog).toMatchObject({ labels: ['SH01/L1', 'SH01/L2'] });
    // Nothing is called before the values are given.
    expect(s.request.mock.calls.filter(([c]) => c === 'IChangeService/requestChange')).toEqual([]);
    await s.actions.submitDialog({ newDate: '2026-12-01', reason: 'Late steel' });
    expect(s.request).toHaveBeenCalledWith(
      'IChangeService/requestChange',
      {
        newDate: '2026-12-01',
        reason: 'Late steel',
        rows: [
          { id: 'a', version: 1 },
          { id: 'b', version: 4 },
        ],
      },
      expect.anything(),
    );
    expect(s.deps.success).toHaveBeenCalledWith('list.dialogDone', { count: 2 });
    expect(s.actions.getState()).toMatchObject({
      pendingDialog: undefined,
      selectedKeys: [],
      running: undefined,
    });
    expect(s.refresh).toHaveBeenCalledTimes(1);
  });

  it("keep the dialog open with the server's message when one row is refused", async () => {
    const s = await loaded(async (call) => {
      if (call.endsWith('/getlist')) return { records: ROWS, total: 4 };
      throw new RequestError('10146', 'the new date is before the order date', undefined, 409);
    });
    s.actions.setSelection(['a']);
    await s.actions.runAction(dialogButton(s).action);
    await s.actions.submitDialog({ newDate: '2020-01-01', reason: 'x' });
    expect(s.actions.getState()).toMatchObject({
      running: undefined,
      selectedKeys: ['a'],
      pendingDialog: { labels: ['L1'], errorMessage: 'the new date is before the order date' },
    });
    expect(s.refresh).not.toHaveBeenCalled();
    s.actions.cancelDialog();
    expect(s.actions.getState().pendingDialog).toBeUndefined();
  });

  it('sum up a refused batch row by row, under the action label', async () => {
    const refused = [{ id: 'b', docNo: 'L2', message: 'already pending' }];
    const s = await loaded(async (call) => {
      if (call.endsWith('/getlist')) return { records: ROWS, total: 4 };
      throw new RequestError('10141', '1 of 2 refused', undefined, 409, { refused });
    });
    s.actions.setSelection(['a', 'b']);
    await s.actions.runAction(dialogButton(s).action);
    await s.actions.submitDialog({ newDate: '2026-12-01', reason: 'x' });
    expect(s.actions.getState()).toMatchObject({
      pendingDialog: undefined,
      transitionSummary: { labelKey: 'transition.requestDateChange', total: 2, refused },
    });
    expect(s.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('open actions', () => {
  it('need no selection and open their target', async () => {
    const s = await loaded();
    const open = s.actions.getState().toolbar.buttons.find((b) => b.action.kind === 'open')!;
    expect(open.disabled).toBe(false);
    await s.actions.runAction(open.action);
    expect(s.deps.navigate).toHaveBeenCalledWith('/t/changes');
  });
});

describe('the action dialog form', () => {
  const t = (key: string, params?: Record<string, unknown>) =>
    params && Object.keys(params).length ? `${key}${JSON.stringify(params)}` : key;
  const fields = screen.list!.actions.find((a) => a.kind === 'dialog')!.fields!;

  it('gives each field its widget and the form rules', () => {
    const schema = actionDialogSchema(fields, t) as {
      properties: { grid: { properties: Record<string, Record<string, unknown>> } };
    };
    const props = schema.properties.grid.properties;
    expect(Object.keys(props)).toEqual(['newDate', 'reason']);
    expect(props.newDate['x-component']).toBe('date');
    expect(props.reason['x-validator']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ required: true }),
        expect.objectContaining({ maxLength: 500 }),
      ]),
    );
  });

  it('sends every field, trimmed, an empty one as null', () => {
    expect(actionDialogValues(fields, { newDate: '2026-12-01', reason: '  late  ' })).toEqual({
      newDate: '2026-12-01',
      reason: 'late',
    });
    expect(actionDialogValues(fields, { reason: '   ' })).toEqual({ newDate: null, reason: null });
  });
});
