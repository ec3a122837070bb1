// The tag store: the screen's saved search tags, applying one over the defaults, adding one named in
// every language, deleting one, and the applied tag ending when the user changes the search.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/types';
import type { PageDeps } from '../types';
import { listContext } from './listContext';
import { createQueryStore } from './queryStore';
import { createTagStore } from './tagStore';
import type { SearchTag } from './tags';
import { buildScreen, grant } from './testing';

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

const menu = grant('isSearch');

const tag = (id: string, params: Record<string, unknown>, tagOwnType = 2): SearchTag => ({
  id,
  version: 1,
  tagName: id,
  tagOwnType,
  tagContent: JSON.stringify({ params, labelMapProp: {} }),
});

/** A fake tag service and list; `fail` makes the named calls refuse. */
function setup(opts: { tags?: SearchTag[]; fail?: string[] } = {}) {
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
  const ctx = listContext(screen, menu, deps);
  const query = createQueryStore(ctx);
  const store = createTagStore(ctx, query);
  const state = () => ({ ...query.getState(), ...store.getState() });
  const calls = (method: string) => request.mock.calls.filter(([c]) => c.endsWith(`/${method}`));
  const lastSearch = () =>
    calls('getlist').at(-1)?.[1] as { current: number; condition: Record<string, unknown> } | undefined;
  return { query, tags: store, state, request, deps, calls, lastSearch };
}

describe('tag store: saved search tags', () => {
  it('loads the tags of the screen module, fixed tags first', async () => {
    const { state, tags, request } = setup();
    await tags.loadTags();
    expect(request).toHaveBeenCalledWith(
      'ISysTagService/getCurrentUserSysTagListByModule',
      { module: 'T.Menu' },
      expect.objectContaining({ moduleNumber: 'T.Menu' }),
    );
    expect(state().tags.map((t) => t.id)).toEqual(['fixed', 'mine']);
  });

  it('selecting a tag loads its params over the defaults, searches from page 1 and marks it active', async () => {
    const { state, query, tags, lastSearch } = setup();
    await tags.loadTags();
    await query.changePage(3, 20);
    await tags.applyTag(state().tags[1]);
    expect(lastSearch()?.current).toBe(1);
    expect(lastSearch()?.condition).toMatchObject({ nameIndistinct: 'acme', statusCode: '1' });
    expect(state().activeTagId).toBe('mine');
  });

  it('a tag keyword fills the keyword box', async () => {
    const { state, tags, lastSearch } = setup({ tags: [tag('k', { keyword: 'bolt', statusCode: '0' })] });
    await tags.loadTags();
    await tags.applyTag(state().tags[0]);
    expect(state().keyword).toBe('bolt');
    expect(lastSearch()?.condition).toMatchObject({ keyword: 'bolt', statusCode: '0' });
  });

  it('selecting the active tag again resets to the defaults and searches', async () => {
    const { state, tags, lastSearch, calls } = setup();
    await tags.loadTags();
    const mine = state().tags[1];
    await tags.applyTag(mine);
    const before = calls('getlist').length;
    await tags.applyTag(mine);
    expect(calls('getlist').length).toBe(before + 1);
    expect(state().activeTagId).toBeUndefined();
    expect(lastSearch()?.condition).not.toHaveProperty('nameIndistinct');
    expect(lastSearch()?.condition).toMatchObject({ statusCode: '1' });
  });

  it('any change of the search clears the active tag: keyword typing, a search, a reset', async () => {
    const { state, query, tags } = setup();
    await tags.loadTags();
    const mine = state().tags[1];
    await tags.applyTag(mine);
    query.setKeyword('x');
    expect(state().activeTagId).toBeUndefined();
    await tags.applyTag(mine);
    await query.search({ filters: { nameIndistinct: 'other' } });
    expect(state().activeTagId).toBeUndefined();
    await tags.applyTag(mine);
    await query.resetFilters();
    expect(state().activeTagId).toBeUndefined();
    // Paging is not a search change.
    await tags.applyTag(mine);
    await query.changePage(2, 20);
    expect(state().activeTagId).toBe('mine');
  });

  it('adds a personal tag with the params, their labels and a name per language, then reloads the tags', async () => {
    const { state, query, tags, calls, deps } = setup();
    await query.search({ keyword: ' bolt ', filters: { nameIndistinct: 'acme', statusCode: '' } });
    const names = [
      { languageCode: 'en-US', description: ' Acme ' },
      { languageCode: 'zh-CN', description: '艾克米' },
    ];
    expect(await tags.addTag(names)).toBe(true);
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
    expect(state().tagStatus).toBe('idle');
  });

  it('a failed add stops saving and answers false (the dialog stays open)', async () => {
    const { state, tags, calls } = setup({ fail: ['addSysTag'] });
    const saving = tags.addTag([{ languageCode: 'en-US', description: 'x' }], { statusCode: '0' });
    expect(state().tagStatus).toBe('saving');
    expect(await saving).toBe(false);
    expect(state().tagStatus).toBe('idle');
    expect(calls('getCurrentUserSysTagListByModule')).toHaveLength(0);
  });

  it('deletes a tag with its id and version, then reloads the tag list', async () => {
    const { state, tags, calls } = setup();
    await tags.loadTags();
    const mine = state().tags[1];
    await tags.applyTag(mine);
    await tags.deleteTag(mine);
    expect(calls('deleteSysTagById')[0][1]).toEqual({ delList: [{ id: 'mine', version: 1 }] });
    expect(calls('getCurrentUserSysTagListByModule')).toHaveLength(2);
    expect(state().tags.map((t) => t.id)).toEqual(['fixed']);
    expect(state().activeTagId).toBeUndefined();
  });
});
