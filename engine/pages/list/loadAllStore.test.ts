// The load-all store: past the user's limitCount the 'more' icon offers to load all; confirmed, the
// search asks with limitCount 0 until the search changes.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import type { PageDeps } from '../types';
import { listContext } from './listContext';
import { createLoadAllStore } from './loadAllStore';
import { createQueryStore } from './queryStore';
import { buildScreen, grant } from './testing';

const screen = buildScreen({
  name: 'T.List',
  kind: 'list',
  path: '/t/list',
  menuNo: 'T.Menu',
  titleKey: 'title.t',
  service: 'ITService',
  calls: { list: 'getlist' },
  list: { keyword: {}, columns: [{ prop: 'no' }] },
} satisfies Screen);

const menu = grant('isSearch');

describe('load-all store: the user limit', () => {
  function limited(total: number, confirm = true, limitCount = 1000) {
    const request = vi.fn(
      async (_call: string, _payload?: unknown): Promise<unknown> => ({ records: [], total }),
    );
    const deps = {
      request: request as unknown as PageDeps['request'],
      navigate: vi.fn(),
      confirm: vi.fn(async () => confirm),
      success: vi.fn(),
    };
    const ctx = listContext(screen, menu, deps);
    const query = createQueryStore(ctx);
    const loadAll = createLoadAllStore(ctx, query, limitCount);
    const state = () => ({ ...query.getState(), ...loadAll.getState() });
    const last = () =>
      request.mock.calls.at(-1)?.[1] as { current: number; condition: Record<string, unknown> };
    return { query, loadAll, state, request, deps, last };
  }

  it('offers the more icon only when the total reaches limitCount', async () => {
    const under = limited(999);
    await under.query.load();
    expect(under.state().limited).toBe(false);
    const at = limited(1000);
    await at.query.load();
    expect(at.state().limited).toBe(true);
    expect(at.last().condition).not.toHaveProperty('limitCount');
  });

  it('asks confirm.allData, then searches from page 1 without the limit; a new search applies it again', async () => {
    const { query, loadAll, state, deps, last, request } = limited(1000);
    await query.changePage(3, 20);
    await loadAll.loadAll();
    expect(deps.confirm).toHaveBeenCalledWith('confirm.allData');
    expect(last()).toMatchObject({ current: 1, condition: { limitCount: 0 } });
    expect(state()).toMatchObject({ allData: true, limited: false });
    await query.changePage(2, 20);
    expect(last().condition).toMatchObject({ limitCount: 0 });
    await query.search({ keyword: 'x' });
    expect(last().condition).not.toHaveProperty('limitCount');
    expect(state()).toMatchObject({ allData: false, limited: true });
    const calls = request.mock.calls.length;
    deps.confirm.mockImplementation(async () => false);
    await loadAll.loadAll();
    expect(request.mock.calls.length).toBe(calls);
  });

  it('a sort is a new search too; paging and the page size are not', async () => {
    const { query, loadAll, state, last } = limited(1000);
    await query.load();
    await loadAll.loadAll();
    await query.changePage(1, 50);
    expect(state().allData).toBe(true);
    await query.changeSort('no', 'asc');
    expect(state()).toMatchObject({ allData: false, limited: true });
    expect(last().condition).not.toHaveProperty('limitCount');
  });

  it('a user without a limitCount is never limited and never asked', async () => {
    const { query, loadAll, state, deps } = limited(5000, true, 0);
    await query.load();
    expect(state().limited).toBe(false);
    await loadAll.loadAll();
    expect(deps.confirm).not.toHaveBeenCalled();
  });
});
