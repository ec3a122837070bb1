import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/types';
import { FLAG_ORDER, type MenuFlags } from '../../screens/flags';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen } from '../../screens/validate';
import type { PageDeps } from '../types';
import { createListController } from './listController';
import type { SearchTag } from './tags';
import type { SavedView } from './views';

const screen = normaliseScreen(
  assertScreen(
    {
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
    } satisfies Screen,
    't.json',
  ),
  't.json',
);

const menu = Object.fromEntries(FLAG_ORDER.map((f) => [f, f === 'isSearch' ? 'Y' : 'N'])) as MenuFlags;

const tag = (id: string, params: Record<string, unknown>, tagOwnType = 2): SearchTag => ({
  id,
  version: 1,
  tagName: id,
  tagOwnType,
  tagContent: JSON.stringify({ params, labelMapProp: {} }),
});

/** A fake server answering by call; `fail` makes the named calls refuse. */
function setup(
  opts: {
    tags?: SearchTag[];
    columns?: unknown;
    /** The administrator's layout of the screen (table management). */
    adminColumns?: unknown;
    views?: SavedView[];
    fail?: string[];
  } = {},
) {
  let views = opts.views ?? [];
  let tags = opts.tags ?? [tag('mine', { nameIndistinct: 'acme' }), tag('fixed', { statusCode: '0' }, 1)];
  const request = vi.fn(async (call: string, payload?: unknown): Promise<unknown> => {
    const method = call.split('/')[1];
    if (opts.fail?.includes(method)) throw new RequestError('10002', 'refused');
    switch (method) {
      case 'getCurrentUserSysTagListByModule':
        return { records: tags };
      case 'addSysTag':
        return { id: 'new' };
      case 'deleteSysTagById': {
        const ids = (payload as { delList: { id: string }[] }).delList.map((d) => d.id);
        tags = tags.filter((t) => !ids.includes(t.id));
        return { deleted: ids.length };
      }
      case 'getColumnSetting':
        return { columns: opts.columns ?? null, adminColumns: opts.adminColumns ?? null };
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
      case 'resetColumnSetting':
        return { columns: null, adminColumns: opts.adminColumns ?? null };
      default:
        return { records: [], total: 0 };
    }
  });
  const deps = {
    request: request as unknown as PageDeps['request'],
    navigate: vi.fn(),
    confirm: vi.fn(async () => true),
    success: vi.fn(),
  };
  const controller = createListController(screen, menu, deps);
  const calls = (method: string) => request.mock.calls.filter(([c]) => c.endsWith(`/${method}`));
  const lastSearch = () =>
    calls('getlist').at(-1)?.[1] as { current: number; condition: Record<string, unknown> } | undefined;
  return { controller, request, deps, calls, lastSearch };
}

describe('list controller: saved search tags', () => {
  it('loads the tags of the screen module, fixed tags first', async () => {
    const { controller, request } = setup();
    await controller.loadTags();
    expect(request).toHaveBeenCalledWith(
      'ISysTagService/getCurrentUserSysTagListByModule',
      { module: 'T.Menu' },
      expect.objectContaining({ moduleNumber: 'T.Menu' }),
    );
    expect(controller.getState().tags.map((t) => t.id)).toEqual(['fixed', 'mine']);
  });

  it('selecting a tag loads its params over the defaults, searches from page 1 and marks it active', async () => {
    const { controller, lastSearch } = setup();
    await controller.loadTags();
    await controller.changePage(3, 20);
    await controller.applyTag(controller.getState().tags[1]);
    expect(lastSearch()?.current).toBe(1);
    expect(lastSearch()?.condition).toMatchObject({ nameIndistinct: 'acme', statusCode: '1' });
    expect(controller.getState().activeTagId).toBe('mine');
  });

  it('a tag keyword fills the keyword box', async () => {
    const { controller, lastSearch } = setup({ tags: [tag('k', { keyword: 'bolt', statusCode: '0' })] });
    await controller.loadTags();
    await controller.applyTag(controller.getState().tags[0]);
    expect(controller.getState().keyword).toBe('bolt');
    expect(lastSearch()?.condition).toMatchObject({ keyword: 'bolt', statusCode: '0' });
  });

  it('selecting the active tag again resets to the defaults and searches', async () => {
    const { controller, lastSearch, calls } = setup();
    await controller.loadTags();
    const mine = controller.getState().tags[1];
    await controller.applyTag(mine);
    const before = calls('getlist').length;
    await controller.applyTag(mine);
    expect(calls('getlist').length).toBe(before + 1);
    expect(controller.getState().activeTagId).toBeUndefined();
    expect(lastSearch()?.condition).not.toHaveProperty('nameIndistinct');
    expect(lastSearch()?.condition).toMatchObject({ statusCode: '1' });
  });

  it('any change of the search clears the active tag: keyword typing, a search, a reset', async () => {
    const { controller } = setup();
    await controller.loadTags();
    const mine = controller.getState().tags[1];
    await controller.applyTag(mine);
    controller.setKeyword('x');
    expect(controller.getState().activeTagId).toBeUndefined();
    await controller.applyTag(mine);
    await controller.search({ filters: { nameIndistinct: 'other' } });
    expect(controller.getState().activeTagId).toBeUndefined();
    await controller.applyTag(mine);
    await controller.resetFilters();
    expect(controller.getState().activeTagId).toBeUndefined();
    // Paging is not a search change.
    await controller.applyTag(mine);
    await controller.changePage(2, 20);
    expect(controller.getState().activeTagId).toBe('mine');
  });

  it('adds a personal tag with the params, their labels and a name per language, then reloads the tags', async () => {
    const { controller, calls, deps } = setup();
    await controller.search({ keyword: ' bolt ', filters: { nameIndistinct: 'acme', statusCode: '' } });
    const names = [
      { languageCode: 'en-US', description: ' Acme ' },
      { languageCode: 'zh-CN', description: '艾克米' },
    ];
    expect(await controller.addTag(names)).toBe(true);
    const body = calls('addSysTag')[0][1] as Record<string, unknown>;
    expect(body).toMatchObject({
      module: 'T.Menu',
      name: 'T.List',
      tagOwnType: 2,
      zlI18nList: [
        { languageCode: 'en-US', description: 'Acme' },
        { languageCode: 'zh-CN', description: '艾克米' },
      ],
    });
    expect(JSON.parse(body.tagContent as string)).toEqual({
      params: { nameIndistinct: 'acme', keyword: 'bolt' },
      labelMapProp: { nameIndistinct: 'field.nameIndistinct', keyword: 'list.keyword' },
    });
    expect(deps.success).toHaveBeenCalledWith('list.tag.added');
    expect(calls('getCurrentUserSysTagListByModule')).toHaveLength(1);
    expect(controller.getState().tagSaving).toBe(false);
  });

  it('a failed add stops saving and answers false (the dialog stays open)', async () => {
    const { controller, calls } = setup({ fail: ['addSysTag'] });
    const saving = controller.addTag([{ languageCode: 'en-US', description: 'x' }], { statusCode: '0' });
    expect(controller.getState().tagSaving).toBe(true);
    expect(await saving).toBe(false);
    expect(controller.getState().tagSaving).toBe(false);
    expect(calls('getCurrentUserSysTagListByModule')).toHaveLength(0);
  });

  it('deletes a tag with its id and version, then reloads the tag list', async () => {
    const { controller, calls } = setup();
    await controller.loadTags();
    const mine = controller.getState().tags[1];
    await controller.applyTag(mine);
    await controller.deleteTag(mine);
    expect(calls('deleteSysTagById')[0][1]).toEqual({ delList: [{ id: 'mine', version: 1 }] });
    expect(calls('getCurrentUserSysTagListByModule')).toHaveLength(2);
    expect(controller.getState().tags.map((t) => t.id)).toEqual(['fixed']);
    expect(controller.getState().activeTagId).toBeUndefined();
  });
});

describe("list controller: the administrator's table layout", () => {
  const admin = [
    { prop: 'name', isShow: true, fixed: 'left', width: 240 },
    { prop: 'gone', isShow: true, fixed: 'none' },
    { prop: 'no', isShow: false, fixed: 'none' },
  ];
  const shape = (c: { prop: string; isShow: boolean; fixed: string; width?: number }) =>
    [c.prop, c.isShow, c.fixed, c.width ?? null] as const;

  it('a user without settings of their own gets the layout, merged with the screen', async () => {
    const { controller } = setup({ adminColumns: admin });
    await controller.loadColumnSettings();
    // 'gone' is no column any more; 'remark', new to the layout, comes right after its screen
    // predecessor 'name'.
    expect(controller.getState().columnSettings.map(shape)).toEqual([
      ['name', true, 'left', 240],
      ['remark', true, 'none', null],
      ['no', false, 'none', null],
    ]);
  });

  it("the user's own settings win over the layout", async () => {
    const { controller } = setup({
      adminColumns: admin,
      columns: [{ prop: 'remark', isShow: false, fixed: 'none' }],
    });
    await controller.loadColumnSettings();
    // Nothing of the layout: the user's hidden remark, the rest as the screen has it.
    expect(controller.getState().columnSettings.map(shape)).toEqual([
      ['no', true, 'left', null],
      ['name', true, 'none', null],
      ['remark', false, 'none', null],
    ]);
  });

  it('reset returns to the layout, not to the screen', async () => {
    const { controller } = setup({
      adminColumns: admin,
      columns: [{ prop: 'remark', isShow: true, fixed: 'left' }],
    });
    await controller.loadColumnSettings();
    await controller.resetColumnSettings();
    expect(controller.getState().columnSettings.map((c) => [c.prop, c.isShow])).toEqual([
      ['name', true],
      ['remark', true],
      ['no', false],
    ]);
  });
});

describe('list controller: column settings', () => {
  it('starts with the screen layout and merges what the server keeps for the user', async () => {
    const { controller, request } = setup({
      columns: [
        { prop: 'remark', isShow: true, fixed: 'left' },
        { prop: 'gone', isShow: true, fixed: 'none' },
        { prop: 'no', isShow: false, fixed: 'none' },
      ],
    });
    expect(controller.getState().columnSettings.map((c) => c.prop)).toEqual(['no', 'name', 'remark']);
    await controller.loadColumnSettings();
    expect(request).toHaveBeenCalledWith(
      'ISysViewService/getColumnSetting',
      { module: 'T.Menu' },
      expect.objectContaining({ moduleNumber: 'T.Menu' }),
    );
    expect(controller.getState().columnSettings).toEqual([
      { prop: 'remark', isShow: true, fixed: 'left', sort: 0 },
      { prop: 'no', isShow: false, fixed: 'none', sort: 1 },
      { prop: 'name', isShow: true, fixed: 'none', sort: 2 },
    ]);
  });

  it('saves a change on the server at once; a refused save puts the old settings back', async () => {
    const ok = setup();
    const next = ok.controller
      .getState()
      .columnSettings.map((c) => (c.prop === 'name' ? { ...c, isShow: false } : c));
    await ok.controller.saveColumnSettings(next);
    expect(ok.calls('saveColumnSetting')[0][1]).toEqual({ module: 'T.Menu', columns: next });
    expect(ok.controller.getState().columnSettings).toEqual(next);

    const bad = setup({ fail: ['saveColumnSetting'] });
    const before = bad.controller.getState().columnSettings;
    await bad.controller.saveColumnSettings(next);
    expect(bad.controller.getState().columnSettings).toEqual(before);
  });

  it('reset asks the server to forget and shows the screen default', async () => {
    const { controller, calls } = setup({ columns: [{ prop: 'name', isShow: false, fixed: 'left' }] });
    await controller.loadColumnSettings();
    expect(controller.getState().columnSettings.find((c) => c.prop === 'name')).toMatchObject({
      isShow: false,
      fixed: 'left',
    });
    await controller.resetColumnSettings();
    expect(calls('resetColumnSetting')[0][1]).toEqual({ module: 'T.Menu' });
    expect(controller.getState().columnSettings.map((c) => [c.prop, c.isShow, c.fixed])).toEqual([
      ['no', true, 'left'],
      ['name', true, 'none'],
      ['remark', true, 'none'],
    ]);
  });
});

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

describe('list controller: saved views', () => {
  it('saves the current params, sort, page size and columns as a view, shared with a role', async () => {
    const { controller, calls, deps } = setup();
    await controller.search({ keyword: 'bolt', filters: { nameIndistinct: 'acme' } });
    await controller.changeSort('name', 'asc');
    await controller.changePage(1, 100);
    const hidden = controller
      .getState()
      .columnSettings.map((c) => (c.prop === 'remark' ? { ...c, isShow: false } : c));
    await controller.saveColumnSettings(hidden);
    expect(await controller.saveView({ viewName: ' Mine ', sharedRoleNo: 'buyer', isDefault: true })).toBe(
      true,
    );
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
    expect(controller.getState()).toMatchObject({ viewSaving: false, activeViewId: 'saved' });
    expect(deps.success).toHaveBeenCalledWith('list.view.saved');
    expect(calls('getViewList')).toHaveLength(1);
  });

  it('a personal view sends sharedRoleNo null; a refused save answers false and stops saving', async () => {
    const bad = setup({ fail: ['saveView'] });
    expect(await bad.controller.saveView({ viewName: 'x', sharedRoleNo: '' })).toBe(false);
    expect(bad.calls('saveView')[0][1]).toMatchObject({ sharedRoleNo: null, isDefault: false });
    expect(bad.controller.getState().viewSaving).toBe(false);
  });

  it('applying a view drops what the screen no longer has and searches from page 1', async () => {
    const { controller, lastSearch } = setup();
    await controller.changePage(4, 20);
    await controller.applyView(
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
    const state = controller.getState();
    expect(state).toMatchObject({ activeViewId: 'v', current: 1, size: 50, sort: null, keyword: 'k' });
    expect(state.filters).toEqual({ statusCode: '1', nameIndistinct: 'acme' });
    // "name" is new to the view: it takes its screen place, after "no".
    expect(state.columnSettings.map((c) => [c.prop, c.isShow, c.fixed])).toEqual([
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

  it('sets and clears the default, deletes with id and version, reloading the list of views each time', async () => {
    const { controller, calls } = setup({ views: [view('a', {}), view('b', {})] });
    await controller.loadViews();
    await controller.setDefaultView(controller.getState().views[1]);
    expect(calls('setDefaultView')[0][1]).toEqual({ module: 'T.Menu', id: 'b' });
    expect(controller.getState().views.find((v) => v.isDefault)?.id).toBe('b');
    await controller.setDefaultView(null);
    expect(calls('setDefaultView')[1][1]).toEqual({ module: 'T.Menu', id: null });
    expect(controller.getState().views.some((v) => v.isDefault)).toBe(false);
    await controller.deleteView(controller.getState().views[0]);
    expect(calls('deleteView')[0][1]).toEqual({ delList: [{ id: 'a', version: 2 }] });
    expect(controller.getState().views.map((v) => v.id)).toEqual(['b']);
    expect(calls('getViewList')).toHaveLength(4);
  });
});

describe('list controller: the user limit', () => {
  function limited(total: number, confirm = true) {
    const request = vi.fn(
      async (_call: string, _payload?: unknown): Promise<unknown> => ({ records: [], total }),
    );
    const deps = {
      request: request as unknown as PageDeps['request'],
      navigate: vi.fn(),
      confirm: vi.fn(async () => confirm),
      success: vi.fn(),
    };
    const controller = createListController(screen, menu, deps, { limitCount: 1000 });
    const last = () =>
      request.mock.calls.at(-1)?.[1] as { current: number; condition: Record<string, unknown> };
    return { controller, request, deps, last };
  }

  it('offers the more icon only when the total reaches limitCount', async () => {
    const under = limited(999);
    await under.controller.reload();
    expect(under.controller.getState().limited).toBe(false);
    const at = limited(1000);
    await at.controller.reload();
    expect(at.controller.getState().limited).toBe(true);
    expect(at.last().condition).not.toHaveProperty('limitCount');
  });

  it('asks confirm.allData, then searches from page 1 without the limit; a new search applies it again', async () => {
    const { controller, deps, last, request } = limited(1000);
    await controller.changePage(3, 20);
    await controller.loadAll();
    expect(deps.confirm).toHaveBeenCalledWith('confirm.allData');
    expect(last()).toMatchObject({ current: 1, condition: { limitCount: 0 } });
    expect(controller.getState()).toMatchObject({ allData: true, limited: false });
    await controller.changePage(2, 20);
    expect(last().condition).toMatchObject({ limitCount: 0 });
    await controller.search({ keyword: 'x' });
    expect(last().condition).not.toHaveProperty('limitCount');
    expect(controller.getState()).toMatchObject({ allData: false, limited: true });
    const calls = request.mock.calls.length;
    deps.confirm.mockImplementation(async () => false);
    await controller.loadAll();
    expect(request.mock.calls.length).toBe(calls);
  });
});
