import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { FLAG_ORDER, type MenuFlags } from '../../screens/flags';
import { RowActionError, rowsCondition } from '../../screens/rowActions';
import type { PageDeps } from '../types';
import { createActionStore } from './actionStore';
import { listContext, type Row } from './listContext';
import { createQueryStore } from './queryStore';
import { grantedRowActions, routeParams, rowActionsOn, runRowAction, splitRowActions } from './rowActions';
import { buildScreen } from './testing';

const base = {
  name: 'T.List',
  kind: 'list',
  path: '/t/list',
  menuNo: 'T.Menu',
  titleKey: 'title.t',
  service: 'ITService',
  calls: { list: 'getlist', delete: 'deletebyids' },
} as const;

const toolbar: NonNullable<Screen['list']>['actions'] = [
  { flag: 'isPhysicalDelete', kind: 'physicalDelete' },
  { flag: 'isModify', kind: 'modify', target: '/t/modify/:id' },
  { flag: 'isEnd', kind: 'end', call: 'endbyids', confirmKey: 'list.confirmEnd' },
];

const rowActions: NonNullable<Screen['list']>['rowActions'] = [
  { kind: 'view', detail: '/t/detail/:id' },
  {
    kind: 'rows',
    labelKey: 'action.lines',
    call: 'ILineService/getlines',
    condition: { parentNo: ':no', status: '1' },
    columns: [{ prop: 'lineNo' }],
  },
  { kind: 'modify' },
  { kind: 'view', open: 'page', labelKey: 'action.openPage', detail: '/t/detail/:id' },
  { kind: 'physicalDelete' },
  { kind: 'end' },
  { kind: 'custom', flag: 'isCheck', labelKey: 'action.recheck', call: 'recheck', confirmKey: 'q.recheck' },
];

const normalise = (list: Record<string, unknown>) =>
  buildScreen({ ...base, list: { columns: [{ prop: 'no' }], ...list } } as Screen);

const screen = normalise({ actions: toolbar, rowActions });

const flags = (...granted: (keyof MenuFlags)[]): MenuFlags =>
  Object.fromEntries(FLAG_ORDER.map((f) => [f, granted.includes(f) ? 'Y' : 'N'])) as MenuFlags;
const ALL = flags(...FLAG_ORDER);

const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `id${i + 1}`, version: i + 1, no: `N${i + 1}` }));

function setup(menu = ALL) {
  const request = vi.fn(
    async (_call: string, _payload?: unknown): Promise<unknown> => ({ records: rows(3), total: 3 }),
  );
  const deps = {
    request: request as unknown as PageDeps['request'],
    navigate: vi.fn(),
    confirm: vi.fn(async () => true),
    success: vi.fn(),
  };
  const ctx = listContext(screen, menu, deps);
  const query = createQueryStore(ctx);
  const actions = createActionStore(ctx, query, () => query.load());
  const state = () => ({ ...query.getState(), ...actions.getState() });
  const handlers = {
    runOnRows: actions.runOnRows,
    navigate: deps.navigate,
    openDrawer: vi.fn(),
    openRows: vi.fn(),
    download: vi.fn(),
  };
  return { query, actions, state, request, deps, handlers };
}

const byName = (name: string) => screen.list!.rowActions.find((a) => a.name === name)!;

describe('row actions: normalised from the screen', () => {
  it('a toolbar kind takes the toolbar action itself: flag, call, target, confirmation', () => {
    const del = byName('physicalDelete');
    const tb = screen.list!.actions.find((a) => a.kind === 'physicalDelete')!;
    expect(del).toMatchObject({
      kind: 'run',
      flag: 'isPhysicalDelete',
      danger: true,
      labelKey: 'action.physicalDelete',
    });
    expect(del.kind === 'run' && del.action).toBe(tb);
    expect(tb.call).toBe('ITService/deletebyids');
    const modify = byName('modify');
    expect(modify.kind === 'run' && modify.action.target).toBe('/t/modify/:id');
  });

  it('view defaults to the drawer and isSearch; rows and custom calls are full Service/method', () => {
    expect(screen.list!.rowActions[0]).toMatchObject({ kind: 'view', open: 'drawer', flag: 'isSearch' });
    expect(byName('rows')).toMatchObject({
      call: 'ILineService/getlines',
      flag: 'isSearch',
      titleKey: 'action.lines',
    });
    expect(byName('custom')).toMatchObject({
      kind: 'run',
      flag: 'isCheck',
      action: { call: 'ITService/recheck', confirmKey: 'q.recheck' },
    });
  });

  it('a toolbar kind the toolbar lacks is refused, naming the kind', () => {
    expect(() => normalise({ actions: [], rowActions: [{ kind: 'modify' }] })).toThrow(RowActionError);
    expect(() => normalise({ actions: [], rowActions: [{ kind: 'modify' }] })).toThrow(/modify/);
  });

  it('the schema refuses a view without detail and a custom without flag', () => {
    expect(() => normalise({ rowActions: [{ kind: 'view' }] })).toThrow(/detail/);
    expect(() => normalise({ rowActions: [{ kind: 'custom', labelKey: 'x.y', call: 'a' }] })).toThrow(/flag/);
  });
});

describe('row actions: gating and folding', () => {
  it('only granted buttons show, in the screen order', () => {
    const names = (menu: MenuFlags) => grantedRowActions(screen.list!.rowActions, menu).map((a) => a.name);
    expect(names(flags('isSearch', 'isExport'))).toEqual(['view', 'rows', 'view']);
    expect(names(flags('isSearch', 'isModify'))).toEqual(['view', 'rows', 'modify', 'view']);
    expect(names(flags())).toEqual([]);
    expect(names(ALL)).toEqual(['view', 'rows', 'modify', 'view', 'physicalDelete', 'end', 'custom']);
  });

  it('at most 4 stay open; the rest fold into More', () => {
    const all = grantedRowActions(screen.list!.rowActions, ALL);
    const { open, folded } = splitRowActions(all);
    expect(open).toHaveLength(4);
    expect(folded.map((a) => a.name)).toEqual(['physicalDelete', 'end', 'custom']);
    expect(splitRowActions([1, 2, 3, 4])).toEqual({ open: [1, 2, 3, 4], folded: [] });
    expect(splitRowActions([1, 2])).toEqual({ open: [1, 2], folded: [] });
  });
});

describe('row actions: what a click does', () => {
  it('view opens the drawer with the row id, or the detail page', async () => {
    const { handlers } = setup();
    const row = { id: 'a/b', no: 'N1' };
    await runRowAction(screen.list!.rowActions[0], row, handlers);
    expect(handlers.openDrawer).toHaveBeenCalledWith('/t/detail/:id', { id: 'a/b' });
    await runRowAction(screen.list!.rowActions[3], row, handlers);
    expect(handlers.navigate).toHaveBeenCalledWith('/t/detail/a%2Fb');
  });

  it('a row without the id the detail needs is refused before anything opens', () => {
    expect(() => routeParams('/t/detail/:id', { no: 'x' })).toThrow(/id/);
  });

  it('rows opens the dialog; its condition fills :name from the row and keeps literals', async () => {
    const { handlers } = setup();
    const action = byName('rows');
    await runRowAction(action, { id: '1', no: 'N9' }, handlers);
    expect(handlers.openRows).toHaveBeenCalledWith(action, { id: '1', no: 'N9' });
    expect(action.kind === 'rows' && rowsCondition(action, { no: 'N9' })).toEqual({
      parentNo: 'N9',
      status: '1',
    });
  });

  it('delete from a row asks the toolbar question and deletes that row only, then reloads', async () => {
    const { state, actions, query, request, deps, handlers } = setup();
    await query.load();
    actions.setSelection(['id1', 'id3']);
    const row = state().records[1];
    await runRowAction(byName('physicalDelete'), row, handlers);
    expect(deps.confirm).toHaveBeenCalledWith('list.confirmDelete', { count: 1 });
    const del = request.mock.calls.find((c) => c[0] === 'ITService/deletebyids');
    expect(del?.[1]).toEqual({ delList: [{ id: 'id2', version: 2 }] });
    expect(request.mock.calls.at(-1)?.[0]).toBe('ITService/getlist');
    // The user's selection of other rows is left alone.
    expect(state().selectedKeys).toEqual(['id1', 'id3']);
  });

  it('a refused confirmation calls nothing', async () => {
    const { state, query, request, deps, handlers } = setup();
    await query.load();
    deps.confirm.mockResolvedValueOnce(false);
    const calls = request.mock.calls.length;
    await runRowAction(byName('end'), state().records[0], handlers);
    expect(deps.confirm).toHaveBeenCalledWith('list.confirmEnd', { count: 1 });
    expect(request.mock.calls.length).toBe(calls);
  });

  it('modify from a row opens that row, whatever is selected', async () => {
    const { state, actions, query, deps, handlers } = setup();
    await query.load();
    actions.setSelection(['id1']);
    await runRowAction(byName('modify'), state().records[2], handlers);
    expect(deps.navigate).toHaveBeenCalledWith('/t/modify/id3');
  });

  it('a custom call sends the row as delList with its version', async () => {
    const { state, query, request, handlers } = setup();
    await query.load();
    await runRowAction(byName('custom'), state().records[0], handlers);
    expect(request.mock.calls.find((c) => c[0] === 'ITService/recheck')?.[1]).toEqual({
      delList: [{ id: 'id1', version: 1 }],
    });
  });

  it('the toolbar still deletes the whole selection and clears it', async () => {
    const { state, actions, query, request } = setup();
    await query.load();
    actions.setSelection(['id1', 'id3']);
    const del = state().toolbar.buttons.find((b) => b.action.kind === 'physicalDelete')!;
    await actions.runAction(del.action);
    expect(request.mock.calls.find((c) => c[0] === 'ITService/deletebyids')?.[1]).toEqual({
      delList: [
        { id: 'id1', version: 1 },
        { id: 'id3', version: 3 },
      ],
    });
    expect(state().selectedKeys).toEqual([]);
  });
});

describe('row actions with a condition on the row', () => {
  it('show only on rows whose property has one of the values', () => {
    const actions = [
      { key: 'pause', showWhen: { prop: 'isStart', values: ['Y'] } },
      { key: 'start', showWhen: { prop: 'isStart', values: ['N'] } },
      { key: 'runs' },
      { key: 'level', showWhen: { prop: 'level', values: [2] } },
    ];
    expect(rowActionsOn(actions, { isStart: 'Y', level: 2 }).map((a) => a.key)).toEqual([
      'pause',
      'runs',
      'level',
    ]);
    expect(rowActionsOn(actions, { isStart: 'N', level: '3' }).map((a) => a.key)).toEqual(['start', 'runs']);
    expect(rowActionsOn(actions, {}).map((a) => a.key)).toEqual(['runs']);
  });
});

describe('row actions: download', () => {
  const files = normalise({
    rowActions: [{ kind: 'download', call: 'IFileService/downloadById', condition: { id: ':fileId' } }],
  });
  const download = files.list!.rowActions[0];

  it('defaults to isSearch and action.download, with the full call', () => {
    expect(download).toMatchObject({
      kind: 'download',
      flag: 'isSearch',
      labelKey: 'action.download',
      call: 'IFileService/downloadById',
    });
    expect(grantedRowActions(files.list!.rowActions, flags())).toEqual([]);
  });

  it("saves the row's file: the condition is filled from the row", async () => {
    const { handlers } = setup();
    await runRowAction(download, { id: 'r1', fileId: 'f-9' }, handlers);
    expect(handlers.download).toHaveBeenCalledWith('IFileService/downloadById', { id: 'f-9' });
  });

  it('the schema refuses a download without its call or condition', () => {
    expect(() => normalise({ rowActions: [{ kind: 'download', call: 'X/y' }] })).toThrow(/condition/);
    expect(() => normalise({ rowActions: [{ kind: 'download', condition: { id: ':id' } }] })).toThrow(/call/);
  });
});
