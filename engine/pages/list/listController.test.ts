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
function setup(
  opts: { screen?: typeof screen; views?: SavedView[]; tags?: SearchTag[]; pageSize?: unknown } = {},
) {
  const request = vi.fn(async (call: string, payload?: unknown): Promise<unknown> => {
    switch (call.split('/')[1]) {
      case 'getViewList':
        return { records: opts.views ?? [] };
      case 'getCurrentUserSysTagListByModule':
        return { records: opts.tags ?? [] };
      case 'getColumnSetting':
        return { columns: null, adminColumns: null, pageSize: opts.pageSize ?? null };
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

  it('keeps the page size the user picks with the column settings, and starts with it next time', async () => {
    const first = setup();
    await first.controller.init();
    expect(first.lastSearch()).toMatchObject({ size: 20 });
    await first.controller.changePage(1, 50);
    expect(first.calls('savePageSize').map(([, p]) => p)).toEqual([{ module: 'T.Menu', pageSize: 50 }]);
    // the same size again (another page) saves nothing
    await first.controller.changePage(2, 50);
    expect(first.calls('savePageSize')).toHaveLength(1);

    const reload = setup({ pageSize: 50 });
    await reload.controller.init();
    expect(reload.calls('getlist')).toHaveLength(1);
    expect(reload.lastSearch()).toMatchObject({ current: 1, size: 50 });
    // a size that is no choice of the screen (an old setting) is not taken
    const odd = setup({ pageSize: 7 });
    await odd.controller.init();
    expect(odd.lastSearch()).toMatchObject({ size: 20 });
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

describe('list controller: snapshot and restore (a tab unmounted past the cap and shown again)', () => {
  /** A page left on the 'valid' tab, page 2, sorted, with a keyword, a row selected and columns set. */
  async function leftPage() {
    const first = setup({ screen: tabbed, tags: [tag('t1', { kind: 'A' })] });
    await first.controller.init();
    await first.controller.selectTab('1');
    await first.controller.search({ keyword: 'abc', filters: { kind: 'A' } });
    await first.controller.changeSort('no', 'desc');
    await first.controller.changePage(2, 20);
    first.controller.setSelection(['1-2']);
    await first.controller.saveColumnSettings(
      first.controller.getState().columnSettings.map((c) => ({ ...c, width: 222 })),
    );
    await vi.waitFor(() => expect(first.controller.getState().tags).toHaveLength(1));
    return first;
  }

  it('gives a new controller the same state without asking the server anything', async () => {
    const first = await leftPage();
    const left = first.controller.getState();
    const saved = first.controller.snapshot();

    const again = setup({ screen: tabbed });
    again.controller.restore(saved);
    await again.controller.resume(false);
    expect(again.request).not.toHaveBeenCalled();
    const state = again.controller.getState();
    expect(state).toMatchObject({
      keyword: 'abc',
      filters: { statusCode: '1', kind: 'A' },
      tab: '1',
      chips: left.chips,
      sort: { field: 'no', order: 'desc' },
      current: 2,
      size: 20,
      selectedKeys: ['1-2'],
      status: 'ready',
      total: 15,
      tags: left.tags,
    });
    expect(state.records).toEqual(left.records);
    expect(state.columnSettings.every((c) => c.width === 222)).toBe(true);
    expect(state.toolbar.buttons.find((b) => b.action.kind === 'physicalDelete')?.disabled).toBe(false);
  });

  it("keeps the tabs' cached answers: going back to a tab answered before asks nothing", async () => {
    const first = setup({ screen: tabbed });
    await first.controller.init();
    await first.controller.selectTab('1');
    const again = setup({ screen: tabbed });
    again.controller.restore(first.controller.snapshot());
    await again.controller.selectTab('');
    expect(again.calls('getlist')).toHaveLength(0);
    expect(again.controller.getState().records).toEqual([{ id: 'all-1', version: 1, no: 'all' }]);
  });

  it('marked changed meanwhile: searches again with the same search, page and sort', async () => {
    const first = await leftPage();
    const again = setup({ screen: tabbed });
    again.controller.restore(first.controller.snapshot());
    await again.controller.resume(true);
    expect(again.calls('getlist')).toHaveLength(1);
    expect(again.lastSearch()).toMatchObject({
      current: 2,
      condition: { statusCode: '1', kind: 'A', keyword: 'abc', field: 'no', order: 'desc' },
    });
    // The row selected is still shown: it stays selected.
    expect(again.controller.getState().selectedKeys).toEqual(['1-2']);
    // The tab caches were dropped: going back to 'all' searches.
    await again.controller.selectTab('');
    expect(again.calls('getlist')).toHaveLength(2);
  });

  it('left while its search was under way: searches again on resume', async () => {
    const first = setup({ screen: tabbed });
    let saved: ReturnType<typeof first.controller.snapshot> | undefined;
    const off = first.controller.subscribe(() => {
      if (!saved && first.controller.getState().status === 'loading') saved = first.controller.snapshot();
    });
    await first.controller.init();
    off();
    if (!saved) throw new Error('never loading');
    expect(saved.query.status).toBe('loading');
    const again = setup({ screen: tabbed });
    again.controller.restore(saved);
    await again.controller.resume(false);
    expect(again.calls('getlist')).toHaveLength(1);
    expect(again.controller.getState().status).toBe('ready');
  });

  it('a restored applied tag ends with the next change of the search, as before', async () => {
    const first = setup({ screen: tabbed });
    await first.controller.applyTag(tag('t1', { kind: 'A' }));
    const again = setup({ screen: tabbed });
    again.controller.restore(first.controller.snapshot());
    expect(again.controller.getState().activeTagId).toBe('t1');
    await again.controller.selectTab('0');
    expect(again.controller.getState().activeTagId).toBeUndefined();
  });
});
