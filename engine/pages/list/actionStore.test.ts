import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/types';
import { FLAG_ORDER, type MenuFlags } from '../../screens/flags';
import type { NormalisedScreen } from '../../screens/types';
import { ACTION_KINDS, computeToolbar, type EnableRule, kindOf } from './actionKinds';
import { createActionStore } from './actionStore';
import { listContext, type Row } from './listContext';
import { createQueryStore } from './queryStore';
import { buildScreen, fakeDeps } from './testing';
import { reasonLines } from './toolbar';

const build = buildScreen;

const screen = build({
  name: 'T.List',
  kind: 'list',
  path: '/t/list',
  menuNo: 'T.Menu',
  titleKey: 'title.t',
  service: 'ITService',
  calls: { list: 'getlist', delete: 'deletebyids' },
  list: {
    keyword: {},
    searchFields: [{ prop: 'nameIndistinct' }, { prop: 'statusCode', widget: 'select', options: 'status' }],
    columns: [{ prop: 'no' }, { prop: 'updateDate', type: 'datetime', sortField: 't1.updateDate' }],
    actions: [
      { flag: 'isPhysicalDelete', kind: 'physicalDelete' },
      { flag: 'isEnd', kind: 'end', call: 'endbyids' },
      { flag: 'isModify', kind: 'modify', target: '/t/modify/:id' },
      { flag: 'isDelete', kind: 'delete', confirmKey: 'list.confirmVoid' },
      { flag: 'isAdd', kind: 'add', target: '/t/add' },
    ],
  },
});

const dialogScreen = build({
  name: 'T.List',
  kind: 'list',
  path: '/t/list',
  menuNo: 'T.Menu',
  titleKey: 'title.t',
  service: 'ITService',
  calls: { list: 'getlist' },
  list: {
    keyword: {},
    searchFields: [{ prop: 'statusCode', widget: 'select', options: 'status' }],
    columns: [{ prop: 'no' }, { prop: 'updateDate', type: 'datetime', sortField: 't1.updateDate' }],
    actions: [
      { flag: 'isExport', kind: 'export' },
      { flag: 'isImport', kind: 'import' },
      { flag: 'isAdd', kind: 'add', target: '/t/add' },
    ],
  },
});

/** Print is held back when the selection mixes organisations or customers (spec 000 section 5). */
const docsScreen = build({
  name: 'T.Docs',
  kind: 'list',
  path: '/t/docs',
  menuNo: 'T.Docs',
  titleKey: 'title.t',
  service: 'ITService',
  calls: { list: 'getlist' },
  list: {
    columns: [{ prop: 'docNo' }, { prop: 'orgNo', labelKey: 'field.docOrg' }, { prop: 'customerNo' }],
    actions: [
      { flag: 'isPrint', kind: 'print', sameValues: ['orgNo', 'customerNo'] },
      { flag: 'isExport', kind: 'export' },
    ],
  },
});

const flags = (...granted: (keyof MenuFlags)[]): MenuFlags =>
  Object.fromEntries(FLAG_ORDER.map((f) => [f, granted.includes(f) ? 'Y' : 'N'])) as MenuFlags;

const MENU = flags('isSearch', 'isPrint', 'isExport');
const ROWS: Row[] = [
  { id: 'a', docNo: 'D1', orgNo: 'SH01', customerNo: 'C1' },
  { id: 'b', docNo: 'D2', orgNo: 'SH01', customerNo: 'C1' },
  { id: 'c', docNo: 'D3', orgNo: 'HN01', customerNo: 'C1' },
];

const rows = (n: number, from = 1): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `id${from + i}`, version: from + i, no: `N${from + i}` }));

/** The query and action stores over `answer`; `refresh` is the list controller's (here: search again). */
function stores(
  s: NormalisedScreen,
  menu: MenuFlags,
  answer: (call: string, payload?: unknown) => Promise<unknown>,
) {
  const { request, deps } = fakeDeps(answer);
  const ctx = listContext(s, menu, deps);
  const query = createQueryStore(ctx);
  const refresh = vi.fn(() => query.load());
  const actions = createActionStore(ctx, query, refresh);
  const state = () => ({ ...query.getState(), ...actions.getState() });
  return { query, actions, state, request, deps, refresh };
}

function setup(menu = flags('isSearch', 'isAdd', 'isModify', 'isDelete', 'isPhysicalDelete', 'isEnd')) {
  return stores(screen, menu, async () => ({ records: rows(3), total: 45 }));
}

function dialogs(menu = flags('isSearch', 'isAdd', 'isImport', 'isExport')) {
  return stores(dialogScreen, menu, async () => ({ records: [{ id: 'a', version: 1 }], total: 1 }));
}

describe('action store: toolbar and selection rules', () => {
  it('shows only granted buttons, in the fixed flag order', () => {
    const { state } = setup(flags('isSearch', 'isEnd', 'isAdd', 'isPhysicalDelete'));
    const t = state().toolbar;
    expect(t.visible).toBe(true);
    expect(t.buttons.map((b) => b.action.kind)).toEqual(['add', 'physicalDelete', 'end']);
  });

  it('shows no toolbar when search is the only permission', () => {
    expect(setup(flags('isSearch')).state().toolbar).toEqual({ visible: false, buttons: [] });
    // Granted flags without a matching action on the screen show nothing either.
    expect(setup(flags('isSearch', 'isExport')).state().toolbar.visible).toBe(false);
  });

  it('enables buttons by their selection rule and says why when not', async () => {
    const { state, actions, query } = setup();
    await query.load();
    const reasons = () =>
      Object.fromEntries(state().toolbar.buttons.map((b) => [b.action.kind, b.reasonKey ?? 'enabled']));
    expect(reasons()).toEqual({
      add: 'enabled',
      modify: 'list.reason.exactlyOne',
      delete: 'list.reason.exactlyOne',
      physicalDelete: 'list.reason.atLeastOne',
      end: 'list.reason.atLeastOne',
    });
    actions.setSelection(['id1']);
    expect(reasons()).toEqual({
      add: 'enabled',
      modify: 'enabled',
      delete: 'enabled',
      physicalDelete: 'enabled',
      end: 'enabled',
    });
    actions.setSelection(['id1', 'id2']);
    expect(reasons()).toMatchObject({
      modify: 'list.reason.exactlyOne',
      delete: 'list.reason.exactlyOne',
      physicalDelete: 'enabled',
      end: 'enabled',
    });
  });

  it('opens add, and modify with the selected row id', async () => {
    const { state, actions, query, deps } = setup();
    await query.load();
    const button = (kind: string) => state().toolbar.buttons.find((b) => b.action.kind === kind)!.action;
    await actions.runAction(button('add'));
    expect(deps.navigate).toHaveBeenLastCalledWith('/t/add');
    await actions.runAction(button('modify'));
    expect(deps.navigate).toHaveBeenCalledTimes(1);
    actions.setSelection(['id2']);
    await actions.runAction(button('modify'));
    expect(deps.navigate).toHaveBeenLastCalledWith('/t/modify/id2');
  });

  it('deletes after confirmation with the ids and versions of the selection, then reloads', async () => {
    const { state, actions, query, deps, request } = setup();
    await query.load();
    actions.setSelection(['id1', 'id3']);
    const del = state().toolbar.buttons.find((b) => b.action.kind === 'physicalDelete')!.action;
    request.mockClear();
    await actions.runAction(del);
    expect(deps.confirm).toHaveBeenCalledWith('list.confirmDelete', { count: 2 });
    expect(request.mock.calls[0]).toEqual([
      'ITService/deletebyids',
      {
        delList: [
          { id: 'id1', version: 1 },
          { id: 'id3', version: 3 },
        ],
      },
      { moduleNumber: 'T.Menu' },
    ]);
    expect(request.mock.calls[1][0]).toBe('ITService/getlist');
    expect(state().selectedKeys).toEqual([]);
    expect(deps.success).toHaveBeenCalled();
  });

  it('does nothing when the user declines, and keeps the selection when the delete fails', async () => {
    const { state, actions, query, deps, request } = setup();
    await query.load();
    actions.setSelection(['id1']);
    const del = state().toolbar.buttons.find((b) => b.action.kind === 'delete')!.action;
    deps.confirm.mockResolvedValueOnce(false);
    request.mockClear();
    await actions.runAction(del);
    expect(deps.confirm).toHaveBeenCalledWith('list.confirmVoid', { count: 1 });
    expect(request).not.toHaveBeenCalled();
    request.mockRejectedValueOnce(new RequestError('10007', 'stale'));
    await actions.runAction(del);
    expect(request).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ selectedKeys: ['id1'], running: undefined });
  });

  it('refuses to run a disabled action', async () => {
    const { state, actions, query, request, deps } = setup();
    await query.load();
    request.mockClear();
    const end = state().toolbar.buttons.find((b) => b.action.kind === 'end')!.action;
    await actions.runAction(end);
    expect(deps.confirm).not.toHaveBeenCalled();
    expect(request).not.toHaveBeenCalled();
  });

  it('drops selected keys that are no longer on the page after a reload', async () => {
    const { state, actions, query, request } = setup();
    await query.load();
    actions.setSelection(['id1', 'id2']);
    request.mockResolvedValueOnce({ records: rows(3, 2), total: 3 });
    await query.load();
    expect(state().selectedKeys).toEqual(['id2']);
  });
});

describe('action store: import and export', () => {
  it('shows them in the fixed flag order, enabled with nothing selected, only when granted', async () => {
    const { state, query } = dialogs();
    await query.load();
    const buttons = state().toolbar.buttons;
    expect(buttons.map((b) => [b.action.kind, b.disabled])).toEqual([
      ['add', false],
      ['import', false],
      ['export', false],
    ]);
    const bare = dialogs(flags('isSearch', 'isAdd', 'isExport'));
    expect(bare.state().toolbar.buttons.map((b) => b.action.kind)).toEqual(['add', 'export']);
  });

  it('opens the dialog of the button, calling nothing, and closes it', async () => {
    const { state, actions, query, request } = dialogs();
    await query.load();
    const calls = request.mock.calls.length;
    const [, importButton, exportButton] = state().toolbar.buttons;
    await actions.runAction(importButton.action);
    expect(state().dialog).toBe('import');
    actions.closeDialog();
    expect(state().dialog).toBeUndefined();
    await actions.runAction(exportButton.action);
    expect(state().dialog).toBe('export');
    actions.closeDialog();
    expect(request.mock.calls.length).toBe(calls);
  });

  it('searches again after an import that wrote rows, not after one that did not', async () => {
    const { actions, query, request } = dialogs();
    await query.load();
    const calls = request.mock.calls.length;
    actions.closeDialog(false);
    expect(request.mock.calls.length).toBe(calls);
    actions.closeDialog(true);
    await vi.waitFor(() => expect(request.mock.calls.length).toBe(calls + 1));
  });
});

describe('action store: the same-values rule on the selection', () => {
  it("follows the list's selection, names fields by their column labels and opens the print dialog only when allowed", async () => {
    const { query, actions, state } = stores(docsScreen, MENU, async () => ({
      records: ROWS,
      total: ROWS.length,
    }));
    await query.load();
    const print = () => state().toolbar.buttons.find((b) => b.action.kind === 'print')!;
    actions.setSelection(['a', 'c']);
    expect(print()).toMatchObject({ disabled: true, reasonFields: ['field.docOrg'] });
    await actions.runAction(print().action);
    expect(state().dialog).toBeUndefined();
    actions.setSelection(['a', 'b']);
    expect(print().disabled).toBe(false);
    await actions.runAction(print().action);
    expect(state().dialog).toBe('print');
    expect(actions.selectedRows().map((r) => r.docNo)).toEqual(['D1', 'D2']);
    actions.closeDialog();
    expect(state().dialog).toBeUndefined();
  });
});

describe('action kinds: shown, enabled, run', () => {
  const check = screen.list!.actions.find((a) => a.kind === 'end')!;
  const runner = () => ({
    navigate: vi.fn(),
    open: vi.fn(),
    call: vi.fn(async () => undefined),
    refresh: vi.fn(async () => undefined),
    transition: vi.fn(),
    dialog: vi.fn(),
  });

  it('the dialog kinds open their dialog; the others open their target or call their service', async () => {
    const dialogKinds = ['import', 'export', 'print', 'upload'];
    const kinds = (Object.keys(ACTION_KINDS) as (keyof typeof ACTION_KINDS)[]).filter(
      (k) => k !== 'transition' && k !== 'dialog',
    );
    for (const kind of kinds) {
      const r = runner();
      await ACTION_KINDS[kind].run({ key: kind, target: '/t/:id', call: 'ITService/x' }, [{ id: 1 }], r);
      if (dialogKinds.includes(kind)) expect([kind, r.open.mock.calls]).toEqual([kind, [[kind]]]);
      else expect([kind, r.navigate.mock.calls]).toEqual([kind, [['/t/:id', { id: 1 }]]]);
      const called = runner();
      await ACTION_KINDS[kind].run({ key: kind, call: 'ITService/x' }, [{ id: 1 }], called);
      expect([kind, called.call.mock.calls.length]).toEqual([kind, dialogKinds.includes(kind) ? 0 : 1]);
    }
    const r = runner();
    await kindOf({ kind: 'upload' }).run({ key: 'u' }, [], r);
    expect(r.open).toHaveBeenCalledWith('upload');
    await kindOf({ kind: 'modify' }).run({ key: 'm', target: '/t/:id' }, [{ id: 1 }], r);
    expect(r.navigate).toHaveBeenCalledWith('/t/:id', { id: 1 });
    // A row button's own call (a custom one, without kind) runs as declared.
    await kindOf({}).run({ key: 'c', call: 'ITService/recheck' }, [{ id: 2 }], r);
    expect(r.call).toHaveBeenCalledWith({ key: 'c', call: 'ITService/recheck' }, [{ id: 2 }]);
    // Neither target nor call: nothing.
    const idle = runner();
    await kindOf({ kind: 'submit' }).run({ key: 's' }, [{ id: 3 }], idle);
    expect([idle.navigate, idle.open, idle.call, idle.refresh].map((f) => f.mock.calls.length)).toEqual([
      0, 0, 0, 0,
    ]);
    // A transition asks for its reason or a confirmation first (the actions store's runner).
    await kindOf({ kind: 'transition' }).run({ key: 't', transition: 'publish' }, [{ id: 4 }], r);
    expect(r.transition).toHaveBeenCalledWith({ key: 't', transition: 'publish' }, [{ id: 4 }]);
    // A dialog action asks for its fields first (the actions store's runner), never calls at once.
    const asked = runner();
    await kindOf({ kind: 'dialog' }).run({ key: 'd', call: 'ITService/x' }, [{ id: 5 }], asked);
    expect(asked.dialog).toHaveBeenCalledWith({ key: 'd', call: 'ITService/x' }, [{ id: 5 }]);
    expect(asked.call).not.toHaveBeenCalled();
  });

  it("tries a kind's rules in order; a refusal naming rows reaches the button and its tip, one line a row", () => {
    const declared = ACTION_KINDS.end;
    const onlyValid: EnableRule = (_action, { rows }, { rowKey }) => {
      const refused = rows.filter((r) => r.statusCode !== '1');
      return refused.length
        ? {
            reasonKey: 'list.reason.state',
            rows: refused.map((r) => ({
              key: String(r[rowKey]),
              label: String(r.no),
              reasonKey: 'state.closed',
            })),
          }
        : undefined;
    };
    ACTION_KINDS.end = { ...declared, enabled: [...declared.enabled, onlyValid] };
    try {
      const menu = flags('isSearch', 'isEnd');
      const valid = { id: 'a', no: 'N1', statusCode: '1' };
      const closed = { id: 'b', no: 'N2', statusCode: '0' };
      const end = (selected: Row[]) =>
        computeToolbar([check], menu, selected.length, selected).buttons.find(
          (b) => b.action.kind === 'end',
        )!;
      // The selection rule comes first: nothing selected says so, not the state.
      expect(end([])).toMatchObject({ disabled: true, reasonKey: 'list.reason.atLeastOne' });
      expect(end([valid])).toEqual({ action: check, disabled: false });
      const refused = end([valid, closed]);
      expect(refused).toMatchObject({
        disabled: true,
        reasonKey: 'list.reason.state',
        refusedRows: [{ key: 'b', label: 'N2', reasonKey: 'state.closed' }],
      });
      const t = (key: string) => `<${key}>`;
      expect(reasonLines(refused, t)).toEqual(['<list.reason.state>', 'N2: <state.closed>']);
      expect(reasonLines(end([valid]), t)).toEqual([]);
    } finally {
      ACTION_KINDS.end = declared;
    }
  });

  it("answers the refusal for any rows, as a row button's own row would ask", async () => {
    const { actions } = setup();
    const modify = screen.list!.actions.find((a) => a.kind === 'modify')!;
    expect(actions.refusal(modify, rows(2))).toEqual({ reasonKey: 'list.reason.exactlyOne' });
    expect(actions.refusal(modify, rows(1))).toBeUndefined();
  });

  it('marks the action running while its call is under way, and runs nothing else meanwhile', async () => {
    const { query, actions, state, request, deps } = setup();
    await query.load();
    actions.setSelection(['id1']);
    const end = state().toolbar.buttons.find((b) => b.action.kind === 'end')!.action;
    const del = state().toolbar.buttons.find((b) => b.action.kind === 'delete')!.action;
    let answer: (v: unknown) => void = () => undefined;
    request.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const pending = actions.runAction(end);
    await vi.waitFor(() => expect(state().running).toBe(end.key));
    await actions.runAction(del);
    await actions.runOnRows(del, rows(1));
    expect(deps.confirm).not.toHaveBeenCalled();
    answer(null);
    await pending;
    expect(state().running).toBeUndefined();
  });
});
