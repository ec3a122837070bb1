import { describe, expect, it, vi } from 'vitest';
import { FLAG_ORDER, type MenuFlags } from '../../screens/flags';
import type { PageDeps } from '../types';
import { createListController, type Row } from './listController';
import type { SearchTag } from './tags';
import { buildScreen } from './testing';
import type { SavedView } from './views';

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
    searchFields: [
      { prop: 'nameIndistinct' },
      { prop: 'statusCode', widget: 'select', options: 'status', default: '1' },
      { prop: 'kind', widget: 'select', options: [{ value: 'A', labelKey: 'kind.a' }] },
    ],
    columns: [{ prop: 'no', fixed: 'left' }, { prop: 'name' }, { prop: 'remark' }],
    actions: [
      { flag: 'isPhysicalDelete', kind: 'physicalDelete' },
      { flag: 'isImport', kind: 'import' },
    ],
  },
});

/** The same list with tabs on statusCode (first tab: all). */
const tabbed = (() => {
  const s = build({
    name: 'T.List',
    kind: 'list',
    path: '/t/list',
    menuNo: 'T.Menu',
    titleKey: 'title.t',
    service: 'ITService',
    calls: { list: 'getlist', delete: 'deletebyids' },
    list: {
      keyword: {},
      searchFields: [{ prop: 'kind', widget: 'select', options: [{ value: 'A', labelKey: 'kind.a' }] }],
      columns: [{ prop: 'no' }],
      tabs: {
        prop: 'statusCode',
        items: [
          { value: '', labelKey: 'list.all' },
          { value: '1', labelKey: 'option.status.valid' },
          { value: '0', labelKey: 'option.status.invalid' },
        ],
      },
      actions: [
        { flag: 'isPhysicalDelete', kind: 'physicalDelete' },
        { flag: 'isImport', kind: 'import' },
      ],
    },
  });
  return s;
})();

const menu = Object.fromEntries(
  FLAG_ORDER.map((f) => [f, ['isSearch', 'isPhysicalDelete', 'isImport'].includes(f) ? 'Y' : 'N']),
) as MenuFlags;

const view = (id: string, content: SavedView['content'], extra: Partial<SavedView> = {}): SavedView => ({
  id,
  version: 2,
  module: 'T.Menu',
  viewName: id,
  ownerName: 'Admin',
  mine: true,
  sharedRoleNo: null,
  isDefault: false,
  content,
  ...extra,
});

const tag = (id: string, params: Record<string, unknown>): SearchTag => ({
  id,
  version: 1,
  tagName: id,
  tagOwnType: 2,
  tagContent: JSON.stringify({ params, labelMapProp: {} }),
});

/** A fake server: the list answers one row named after the tab and page; views and tags as given. */
function setup(opts: { screen?: typeof screen; views?: SavedView[]; tags?: SearchTag[] } = {}) {
  const request = vi.fn(async (call: string, payload?: unknown): Promise<unknown> => {
    switch (call.split('/')[1]) {
      case 'getViewList':
        return { records: opts.views ?? [] };
      case 'getCurrentUserSysTagListByModule':
        return { records: opts.tags ?? [] };
      case 'getColumnSetting':
        return { columns: null, adminColumns: null };
      case 'getlist': {
        const p = payload as { current: number; condition: Record<string, unknown> };
        const tab = String(p.condition.statusCode ?? 'all');
        const records: Row[] = [{ id: `${tab}-${p.current}`, version: 1, no: tab }];
        return { records, total: 15 };
      }
      default:
        return null;
    }
  });
  const deps = {
    request: request as unknown as PageDeps['request'],
    navigate: vi.fn(),
    confirm: vi.fn(async () => true),
    success: vi.fn(),
  };
  const controller = createListController(opts.screen ?? screen, menu, deps);
  const calls = (method: string) => request.mock.calls.filter(([c]) => c.endsWith(`/${method}`));
  const lastSearch = () =>
    calls('getlist').at(-1)?.[1] as { current: number; condition: Record<string, unknown> } | undefined;
  return { controller, request, deps, calls, lastSearch };
}

describe('list controller: one state of every store', () => {
  it("holds each store's part side by side, idle before the first search", () => {
    const { controller } = setup();
    expect(controller.getState()).toMatchObject({
      status: 'idle',
      records: [],
      filters: { statusCode: '1' },
      chips: [{ prop: 'statusCode' }],
      tags: [],
      tagStatus: 'idle',
      views: [],
      viewStatus: 'idle',
      columnSettings: [{ prop: 'no' }, { prop: 'name' }, { prop: 'remark' }],
      selectedKeys: [],
      toolbar: { visible: true },
      allData: false,
      limited: false,
      forbidden: false,
    });
  });

  it('is the same object until a store changes, and every store change is heard', async () => {
    const { controller } = setup();
    const heard = vi.fn();
    const off = controller.subscribe(heard);
    const before = controller.getState();
    expect(controller.getState()).toBe(before);
    await controller.reload();
    const loaded = controller.getState();
    expect(loaded).not.toBe(before);
    expect(loaded.status).toBe('ready');
    const count = heard.mock.calls.length;
    expect(count).toBeGreaterThan(0);
    controller.setSelection([String(loaded.records[0].id)]);
    expect(heard.mock.calls.length).toBeGreaterThan(count);
    expect(controller.getState().toolbar.buttons[0].disabled).toBe(false);
    await controller.saveColumnSettings(loaded.columnSettings.map((c) => ({ ...c, isShow: false })));
    expect(controller.getState().columnSettings.every((c) => !c.isShow)).toBe(true);
    off();
    const after = heard.mock.calls.length;
    controller.setSelection([]);
    expect(heard.mock.calls.length).toBe(after);
  });
});

describe('list controller: the first load', () => {
  it('applies the default view on first load, with one search only', async () => {
    const { controller, calls, lastSearch } = setup({
      views: [
        view('a', { params: {} }),
        view('b', { params: { statusCode: '0' }, pageSize: 30 }, { isDefault: true }),
      ],
    });
    await controller.init();
    expect(calls('getlist')).toHaveLength(1);
    expect(calls('getColumnSetting')).toHaveLength(1);
    expect(lastSearch()?.condition).toMatchObject({ statusCode: '0' });
    expect(controller.getState()).toMatchObject({ activeViewId: 'b', size: 30 });
  });

  it('without a default view the first load is the plain search', async () => {
    const { controller, calls, lastSearch } = setup({ views: [view('a', { params: { statusCode: '0' } })] });
    await controller.init();
    expect(calls('getlist')).toHaveLength(1);
    expect(lastSearch()?.condition).toMatchObject({ statusCode: '1' });
    expect(controller.getState().activeViewId).toBeUndefined();
  });

  it('loads the tags with the first load', async () => {
    const { controller, calls } = setup({ tags: [tag('mine', { kind: 'A' })] });
    await controller.init();
    expect(calls('getCurrentUserSysTagListByModule')).toHaveLength(1);
    await vi.waitFor(() => expect(controller.getState().tags.map((t) => t.id)).toEqual(['mine']));
  });
});

describe('list controller: the tab cache across stores', () => {
  it('a page marked changed (reload) drops the cache: returning to a tab searches again', async () => {
    const { controller, request } = setup({ screen: tabbed });
    await controller.reload();
    await controller.selectTab('1');
    await controller.reload(); // what useListController does when a form marks the page changed
    const calls = request.mock.calls.length;
    await controller.selectTab('');
    expect(request.mock.calls.length).toBe(calls + 1);
  });

  it('a toolbar action that changed data, or an import that wrote rows, drops the cache too', async () => {
    const { controller, calls } = setup({ screen: tabbed });
    await controller.reload();
    await controller.selectTab('1');
    controller.setSelection(['1-1']);
    const del = controller.getState().toolbar.buttons.find((b) => b.action.kind === 'physicalDelete')!;
    await controller.runAction(del.action);
    expect(calls('deletebyids')).toHaveLength(1);
    let searches = calls('getlist').length;
    await controller.selectTab('');
    expect(calls('getlist')).toHaveLength(searches + 1);
    await controller.selectTab('1');
    searches = calls('getlist').length;
    controller.closeDialog(true);
    await vi.waitFor(() => expect(calls('getlist')).toHaveLength(searches + 1));
    await controller.selectTab('');
    expect(calls('getlist')).toHaveLength(searches + 2);
  });
});

describe('list controller: the applied tag ends with any change of the search', () => {
  it('removing a chip clears the active saved tag', async () => {
    const { controller } = setup({ screen: tabbed });
    await controller.applyTag({
      id: 't1',
      version: 1,
      tagName: 't',
      tagOwnType: 2,
      tagContent: JSON.stringify({ params: { kind: 'A' }, labelMapProp: {} }),
    });
    expect(controller.getState().activeTagId).toBe('t1');
    await controller.removeChip('kind');
    expect(controller.getState().activeTagId).toBeUndefined();
  });

  it('so do a tab, a view applied and a reset; paging, sorting and the page mode do not', async () => {
    const { controller } = setup({ screen: tabbed });
    const applied = tag('t1', { kind: 'A' });
    await controller.applyTag(applied);
    await controller.changePage(2, 20);
    await controller.changeSort('no', 'asc');
    expect(controller.getState().activeTagId).toBe('t1');
    await controller.selectTab('0');
    expect(controller.getState().activeTagId).toBeUndefined();
    await controller.applyTag(applied);
    await controller.applyView(view('v', { params: { kind: 'A' } }));
    expect(controller.getState()).toMatchObject({ activeTagId: undefined, activeViewId: 'v' });
    await controller.applyTag(applied);
    await controller.resetFilters();
    expect(controller.getState().activeTagId).toBeUndefined();
  });
});
