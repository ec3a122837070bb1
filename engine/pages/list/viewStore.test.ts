// The view store: saving the page as a view (params, sort, page size, tab, page mode, columns),
// applying one (what the screen no longer has is dropped), deleting, and the user's default.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/types';
import type { NormalisedScreen } from '../../screens/types';
import type { PageDeps } from '../types';
import { createColumnStore } from './columnStore';
import { listContext, type Row } from './listContext';
import { createQueryStore } from './queryStore';
import { createSearchStore } from './searchStore';
import { buildScreen, grant } from './testing';
import { createViewStore } from './viewStore';
import type { SavedView } from './views';

const screen = buildScreen({
  name: 'T.List',
  kind: 'list',
  path: '/t/list',
  menuNo: 'T.Menu',
  titleKey: 'title.t',
  service: 'ITService',
  calls: { list: 'getlist' },
  list: {
    keyword: {},
    searchFields: [
      { prop: 'nameIndistinct' },
      { prop: 'statusCode', widget: 'select', options: 'status', default: '1' },
    ],
    columns: [{ prop: 'no', fixed: 'left' }, { prop: 'name' }, { prop: 'remark' }],
  },
} satisfies Screen);

/** A screen with tabs and the page-mode switch. */
const tabbedScreen = buildScreen({
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
    columns: [{ prop: 'no' }],
    tabs: {
      prop: 'statusCode',
      items: [
        { value: '', labelKey: 'list.all' },
        { value: '1', labelKey: 'option.status.valid' },
        { value: '0', labelKey: 'option.status.invalid' },
      ],
    },
    pageMode: {
      modes: [
        { value: 1, labelKey: 'mode.all', icon: 'global', condition: { isControlSupplier: 'N' } },
        { value: 0, labelKey: 'mode.served', icon: 'apartment', condition: { isControlSupplier: 'Y' } },
      ],
    },
  },
} satisfies Screen);

const menu = grant('isSearch');

function stores(s: NormalisedScreen, request: PageDeps['request']) {
  const deps = { request, navigate: vi.fn(), confirm: vi.fn(async () => true), success: vi.fn() };
  const ctx = listContext(s, menu, deps);
  const query = createQueryStore(ctx);
  const search = createSearchStore(ctx, query);
  const columns = createColumnStore(ctx);
  const views = createViewStore(ctx, query, columns);
  const state = () => ({
    ...query.getState(),
    ...search.getState(),
    ...columns.getState(),
    ...views.getState(),
  });
  return { deps, query, search, columns, views, state };
}

/** A fake view service and list; `fail` makes the named calls refuse. */
function setup(opts: { views?: SavedView[]; fail?: string[] } = {}) {
  let views = opts.views ?? [];
  const request = vi.fn(async (call: string, payload?: unknown): Promise<unknown> => {
    const method = call.split('/')[1];
    if (opts.fail?.includes(method)) throw new RequestError('10002', 'refused');
    switch (method) {
      case 'getViewList':
        return { records: views };
      case 'saveView': {
        const saved = view('saved', (payload as { content: SavedView['content'] }).content);
        views = [...views, saved];
        return saved;
      }
      case 'deleteView': {
        const ids = (payload as { delList: { id: string }[] }).delList.map((d) => d.id);
        views = views.filter((v) => !ids.includes(v.id));
        return { deleted: ids.length };
      }
      case 'setDefaultView': {
        const id = (payload as { id: string | null }).id;
        views = views.map((v) => ({ ...v, isDefault: v.id === id }));
        return null;
      }
      case 'saveColumnSetting':
        return null;
      default:
        return { records: [], total: 0 };
    }
  });
  const calls = (method: string) => request.mock.calls.filter(([c]) => c.endsWith(`/${method}`));
  const lastSearch = () =>
    calls('getlist').at(-1)?.[1] as { current: number; condition: Record<string, unknown> } | undefined;
  return { ...stores(screen, request as unknown as PageDeps['request']), request, calls, lastSearch };
}

/** The tabbed screen over a list that answers one row named after the tab. */
function tabbed() {
  const request = vi.fn(async (_call: string, payload?: unknown): Promise<unknown> => {
    const p = payload as { current: number; condition: Record<string, unknown> };
    const tab = String(p.condition.statusCode ?? 'all');
    const records: Row[] = [{ id: `${tab}-${p.current}`, version: 1, no: tab }];
    return { records, total: 15 };
  });
  const last = () =>
    request.mock.calls.at(-1)?.[1] as { current: number; condition: Record<string, unknown> };
  return { ...stores(tabbedScreen, request as unknown as PageDeps['request']), last };
}

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

describe('view store: saved views', () => {
  it('saves the current params, sort, page size and columns as a view, shared with a role', async () => {
    const { state, columns, query, views, calls, deps } = setup();
    await query.search({ keyword: 'bolt', filters: { nameIndistinct: 'acme' } });
    await query.changeSort('name', 'asc');
    await query.changePage(1, 100);
    const hidden = state().columnSettings.map((c) => (c.prop === 'remark' ? { ...c, isShow: false } : c));
    await columns.saveColumnSettings(hidden);
    expect(await views.saveView({ viewName: ' Mine ', sharedRoleNo: 'buyer', isDefault: true })).toBe(true);
    expect(calls('saveView')[0][1]).toEqual({
      module: 'T.Menu',
      viewName: 'Mine',
      sharedRoleNo: 'buyer',
      isDefault: true,
      content: {
        params: { nameIndistinct: 'acme', keyword: 'bolt' },
        sort: { field: 'name', order: 'asc' },
        pageSize: 100,
        tab: null,
        columns: hidden,
      },
    });
    expect(state()).toMatchObject({ viewStatus: 'idle', activeViewId: 'saved' });
    expect(deps.success).toHaveBeenCalledWith('list.view.saved');
    expect(calls('getViewList')).toHaveLength(1);
  });

  it('a personal view sends sharedRoleNo null; a refused save answers false and stops saving', async () => {
    const bad = setup({ fail: ['saveView'] });
    expect(await bad.views.saveView({ viewName: 'x', sharedRoleNo: '' })).toBe(false);
    expect(bad.calls('saveView')[0][1]).toMatchObject({ sharedRoleNo: null, isDefault: false });
    expect(bad.state().viewStatus).toBe('idle');
  });

  it('applying a view drops what the screen no longer has and searches from page 1', async () => {
    const { state, query, views, lastSearch } = setup();
    await query.changePage(4, 20);
    await views.applyView(
      view('v', {
        params: { nameIndistinct: 'acme', goneField: 'x', keyword: 'k' },
        sort: { field: 'goneSort', order: 'asc' },
        pageSize: 50,
        columns: [
          { prop: 'remark', isShow: true, fixed: 'left' },
          { prop: 'goneColumn', isShow: true, fixed: 'none' },
          { prop: 'no', isShow: false, fixed: 'none' },
        ],
      }),
    );
    const after = state();
    expect(after).toMatchObject({ activeViewId: 'v', current: 1, size: 50, sort: null, keyword: 'k' });
    expect(after.filters).toEqual({ statusCode: '1', nameIndistinct: 'acme' });
    // "name" is new to the view: it takes its screen place, after "no".
    expect(after.columnSettings.map((c) => [c.prop, c.isShow, c.fixed])).toEqual([
      ['remark', true, 'left'],
      ['no', false, 'none'],
      ['name', true, 'none'],
    ]);
    expect(lastSearch()).toMatchObject({
      current: 1,
      condition: { nameIndistinct: 'acme', keyword: 'k', field: 't1.updateDate', order: 'desc' },
    });
    expect(lastSearch()?.condition).not.toHaveProperty('goneField');
  });

  it('sets and clears the default, deletes with id and version, reloading the list of views each time', async () => {
    const { state, views, calls } = setup({ views: [view('a', {}), view('b', {})] });
    await views.loadViews();
    await views.setDefaultView(state().views[1]);
    expect(calls('setDefaultView')[0][1]).toEqual({ module: 'T.Menu', id: 'b' });
    expect(state().views.find((v) => v.isDefault)?.id).toBe('b');
    await views.setDefaultView(null);
    expect(calls('setDefaultView')[1][1]).toEqual({ module: 'T.Menu', id: null });
    expect(state().views.some((v) => v.isDefault)).toBe(false);
    await views.deleteView(state().views[0]);
    expect(calls('deleteView')[0][1]).toEqual({ delList: [{ id: 'a', version: 2 }] });
    expect(state().views.map((v) => v.id)).toEqual(['b']);
    expect(calls('getViewList')).toHaveLength(4);
  });
});

describe('view store: views carry the tab and the page mode', () => {
  const viewOf = (content: SavedView['content']): SavedView => ({
    id: 'v',
    version: 1,
    module: 'T.Menu',
    viewName: 'v',
    ownerName: null,
    mine: true,
    sharedRoleNo: null,
    isDefault: false,
    content,
  });

  it('the current view holds the tab and the mode', async () => {
    const { search, views } = tabbed();
    await search.selectTab('0');
    await search.setPageMode(1);
    expect(views.currentView()).toMatchObject({ tab: '0', pageMode: 1 });
  });

  it('applying a view selects its tab and mode and searches page 1', async () => {
    const { state, views, last } = tabbed();
    await views.applyView(viewOf({ tab: '0', pageMode: 1 }));
    expect(state()).toMatchObject({ tab: '0', pageMode: 1, current: 1 });
    expect(last().condition).toMatchObject({ statusCode: '0', isControlSupplier: 'N' });
  });

  it('a tab that no longer exists falls back to the default tab', async () => {
    const { state, search, views, last } = tabbed();
    await search.selectTab('1');
    await views.applyView(viewOf({ tab: 'gone', pageMode: 0 }));
    expect(state().tab).toBe('');
    expect(last().condition).not.toHaveProperty('statusCode');
  });

  it('a view saved before tabs existed (tab null, no mode) gets the defaults', async () => {
    const { state, views } = tabbed();
    await views.applyView(viewOf({ tab: null }));
    expect(state()).toMatchObject({ tab: '', pageMode: 0 });
  });
});
