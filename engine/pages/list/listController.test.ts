import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/types';
import { FLAG_ORDER, type MenuFlags } from '../../screens/flags';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen } from '../../screens/validate';
import type { PageDeps } from '../types';
import { createListController, type Row } from './listController';

const screen = normaliseScreen(
  assertScreen(
    {
      name: 'T.List',
      kind: 'list',
      path: '/t/list',
      menuNo: 'T.Menu',
      titleKey: 'title.t',
      service: 'ITService',
      calls: { list: 'getlist', delete: 'deletebyids' },
      list: {
        keyword: {},
        searchFields: [
          { prop: 'nameIndistinct' },
          { prop: 'statusCode', widget: 'select', options: 'status' },
        ],
        columns: [{ prop: 'no' }, { prop: 'updateDate', type: 'datetime', sortField: 't1.updateDate' }],
        actions: [
          { flag: 'isPhysicalDelete', kind: 'physicalDelete' },
          { flag: 'isEnd', kind: 'end', call: 'endbyids' },
          { flag: 'isModify', kind: 'modify', target: '/t/modify/:id' },
          { flag: 'isDelete', kind: 'delete', confirmKey: 'list.confirmVoid' },
          { flag: 'isAdd', kind: 'add', target: '/t/add' },
        ],
      },
    } satisfies Screen,
    't.json',
  ),
  't.json',
);

const flags = (...granted: (keyof MenuFlags)[]): MenuFlags =>
  Object.fromEntries(FLAG_ORDER.map((f) => [f, granted.includes(f) ? 'Y' : 'N'])) as MenuFlags;

const rows = (n: number, from = 1): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `id${from + i}`, version: from + i, no: `N${from + i}` }));

function setup(menu = flags('isSearch', 'isAdd', 'isModify', 'isDelete', 'isPhysicalDelete', 'isEnd')) {
  const request = vi.fn(
    async (_call: string, _payload?: unknown): Promise<unknown> => ({ records: rows(3), total: 45 }),
  );
  const deps = {
    request: request as unknown as PageDeps['request'],
    navigate: vi.fn(),
    confirm: vi.fn(async () => true),
    success: vi.fn(),
  };
  const controller = createListController(screen, menu, deps);
  const lastPayload = () =>
    request.mock.calls.at(-1)?.[1] as { current: number; size: number; condition: Record<string, unknown> };
  return { controller, request, deps, lastPayload };
}

describe('list controller: searching and paging', () => {
  it('loads page 1 of 20 sorted by t1.updateDate desc, under the screen menu', async () => {
    const { controller, request } = setup();
    await controller.reload();
    expect(request).toHaveBeenCalledWith(
      'ITService/getlist',
      { current: 1, size: 20, condition: { field: 't1.updateDate', order: 'desc' } },
      { moduleNumber: 'T.Menu' },
    );
    expect(controller.getState()).toMatchObject({ total: 45, loading: false, loaded: true });
    expect(controller.getState().records).toHaveLength(3);
  });

  it('sends the trimmed keyword and non-empty filters, and any search goes back to page 1', async () => {
    const { controller, lastPayload } = setup();
    await controller.changePage(3, 20);
    expect(lastPayload().current).toBe(3);
    await controller.search({ keyword: '  acme ' });
    expect(lastPayload()).toEqual({
      current: 1,
      size: 20,
      condition: { keyword: 'acme', field: 't1.updateDate', order: 'desc' },
    });
    await controller.changePage(2, 20);
    await controller.search({ filters: { nameIndistinct: 'x', statusCode: '', other: null } });
    expect(lastPayload()).toEqual({
      current: 1,
      size: 20,
      condition: { nameIndistinct: 'x', keyword: 'acme', field: 't1.updateDate', order: 'desc' },
    });
    await controller.resetFilters();
    expect(lastPayload().condition).toEqual({ field: 't1.updateDate', order: 'desc' });
  });

  it('changes page and page size; a new size starts at page 1', async () => {
    const { controller, lastPayload } = setup();
    await controller.changePage(2, 20);
    expect(lastPayload()).toMatchObject({ current: 2, size: 20 });
    await controller.changePage(2, 1000);
    expect(lastPayload()).toMatchObject({ current: 1, size: 1000 });
  });

  it('sorts on the server by the column field and direction, and falls back to the default', async () => {
    const { controller, lastPayload } = setup();
    await controller.changePage(4, 20);
    await controller.changeSort('no', 'asc');
    expect(lastPayload()).toMatchObject({ current: 1, condition: { field: 'no', order: 'asc' } });
    await controller.changeSort('t1.updateDate', 'desc');
    expect(lastPayload().condition).toMatchObject({ field: 't1.updateDate', order: 'desc' });
    await controller.changeSort(undefined, undefined);
    expect(lastPayload().condition).toMatchObject({ field: 't1.updateDate', order: 'desc' });
  });

  it('stops loading and keeps the rows when a search fails', async () => {
    const { controller, request } = setup();
    await controller.reload();
    const before = controller.getState().records;
    request.mockRejectedValueOnce(new RequestError('10006', 'Cannot sort'));
    const pending = controller.changeSort('no', 'desc');
    expect(controller.getState().loading).toBe(true);
    await pending;
    expect(controller.getState().loading).toBe(false);
    expect(controller.getState().records).toBe(before);
    expect(controller.getState().total).toBe(45);
  });

  it('ignores an answer that a newer search overtook', async () => {
    const { controller, request } = setup();
    let answerFirst: (v: unknown) => void = () => undefined;
    request.mockImplementationOnce(() => new Promise((r) => (answerFirst = r)));
    request.mockResolvedValueOnce({ records: rows(1, 50), total: 1 });
    const first = controller.search({ keyword: 'a' });
    await controller.search({ keyword: 'ab' });
    answerFirst({ records: rows(5), total: 5 });
    await first;
    expect(controller.getState().records.map((r) => r.id)).toEqual(['id50']);
    expect(controller.getState().loading).toBe(false);
  });

  it('does not search without isSearch', async () => {
    const { controller, request } = setup(flags('isAdd'));
    await controller.reload();
    expect(request).not.toHaveBeenCalled();
    expect(controller.getState().forbidden).toBe(true);
  });
});

describe('list controller: toolbar and selection rules', () => {
  it('shows only granted buttons, in the fixed flag order', () => {
    const { controller } = setup(flags('isSearch', 'isEnd', 'isAdd', 'isPhysicalDelete'));
    const t = controller.getState().toolbar;
    expect(t.visible).toBe(true);
    expect(t.buttons.map((b) => b.action.kind)).toEqual(['add', 'physicalDelete', 'end']);
  });

  it('shows no toolbar when search is the only permission', () => {
    expect(setup(flags('isSearch')).controller.getState().toolbar).toEqual({ visible: false, buttons: [] });
    // Granted flags without a matching action on the screen show nothing either.
    expect(setup(flags('isSearch', 'isExport')).controller.getState().toolbar.visible).toBe(false);
  });

  it('enables buttons by their selection rule and says why when not', async () => {
    const { controller } = setup();
    await controller.reload();
    const state = () =>
      Object.fromEntries(
        controller.getState().toolbar.buttons.map((b) => [b.action.kind, b.reasonKey ?? 'enabled']),
      );
    expect(state()).toEqual({
      add: 'enabled',
      modify: 'list.reason.exactlyOne',
      delete: 'list.reason.exactlyOne',
      physicalDelete: 'list.reason.atLeastOne',
      end: 'list.reason.atLeastOne',
    });
    controller.setSelection(['id1']);
    expect(state()).toEqual({
      add: 'enabled',
      modify: 'enabled',
      delete: 'enabled',
      physicalDelete: 'enabled',
      end: 'enabled',
    });
    controller.setSelection(['id1', 'id2']);
    expect(state()).toMatchObject({
      modify: 'list.reason.exactlyOne',
      delete: 'list.reason.exactlyOne',
      physicalDelete: 'enabled',
      end: 'enabled',
    });
  });

  it('opens add, and modify with the selected row id', async () => {
    const { controller, deps } = setup();
    await controller.reload();
    const button = (kind: string) =>
      controller.getState().toolbar.buttons.find((b) => b.action.kind === kind)!.action;
    await controller.runAction(button('add'));
    expect(deps.navigate).toHaveBeenLastCalledWith('/t/add');
    await controller.runAction(button('modify'));
    expect(deps.navigate).toHaveBeenCalledTimes(1);
    controller.setSelection(['id2']);
    await controller.runAction(button('modify'));
    expect(deps.navigate).toHaveBeenLastCalledWith('/t/modify/id2');
  });

  it('deletes after confirmation with the ids and versions of the selection, then reloads', async () => {
    const { controller, deps, request } = setup();
    await controller.reload();
    controller.setSelection(['id1', 'id3']);
    const del = controller.getState().toolbar.buttons.find((b) => b.action.kind === 'physicalDelete')!.action;
    request.mockClear();
    await controller.runAction(del);
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
    expect(controller.getState().selectedKeys).toEqual([]);
    expect(deps.success).toHaveBeenCalled();
  });

  it('does nothing when the user declines, and keeps the selection when the delete fails', async () => {
    const { controller, deps, request } = setup();
    await controller.reload();
    controller.setSelection(['id1']);
    const del = controller.getState().toolbar.buttons.find((b) => b.action.kind === 'delete')!.action;
    deps.confirm.mockResolvedValueOnce(false);
    request.mockClear();
    await controller.runAction(del);
    expect(deps.confirm).toHaveBeenCalledWith('list.confirmVoid', { count: 1 });
    expect(request).not.toHaveBeenCalled();
    request.mockRejectedValueOnce(new RequestError('10007', 'stale'));
    await controller.runAction(del);
    expect(request).toHaveBeenCalledTimes(1);
    expect(controller.getState()).toMatchObject({ selectedKeys: ['id1'], running: undefined });
  });

  it('refuses to run a disabled action', async () => {
    const { controller, request, deps } = setup();
    await controller.reload();
    request.mockClear();
    const end = controller.getState().toolbar.buttons.find((b) => b.action.kind === 'end')!.action;
    await controller.runAction(end);
    expect(deps.confirm).not.toHaveBeenCalled();
    expect(request).not.toHaveBeenCalled();
  });

  it('drops selected keys that are no longer on the page after a reload', async () => {
    const { controller, request } = setup();
    await controller.reload();
    controller.setSelection(['id1', 'id2']);
    request.mockResolvedValueOnce({ records: rows(3, 2), total: 3 });
    await controller.reload();
    expect(controller.getState().selectedKeys).toEqual(['id2']);
  });
});
