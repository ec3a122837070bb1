// The search store, rule by rule: tabs with counts, chips, the type filter, the page mode, the per-tab
// result cache and a failed search, over the query store they steer.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/types';
import { formatTabCount, normaliseSearchExtras } from '../../screens/searchExtras';
import type { PageDeps } from '../types';
import { listContext, type Row } from './listContext';
import { createQueryStore } from './queryStore';
import { createSearchStore } from './searchStore';
import { buildScreen, grant } from './testing';

const raw = (): Screen => ({
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
      { prop: 'nameIndistinct', labelKey: 'field.name' },
      { prop: 'statusCode', widget: 'select', options: 'status' },
      { prop: 'kind', widget: 'select', options: [{ value: 'A', labelKey: 'kind.a' }] },
      { prop: 'dateFrom', widget: 'dateRange', endProp: 'dateTo' },
    ],
    columns: [{ prop: 'no' }, { prop: 'updateDate', type: 'datetime', sortField: 't1.updateDate' }],
    tabs: {
      prop: 'statusCode',
      items: [
        { value: '', labelKey: 'list.all' },
        { value: '1', labelKey: 'option.status.valid' },
        { value: '0', labelKey: 'option.status.invalid' },
      ],
    },
    typeFilter: { prop: 'closeAcctFlag', options: 'yesNo' },
    pageMode: {
      modes: [
        { value: 1, labelKey: 'mode.all', icon: 'global', condition: { isControlSupplier: 'N' } },
        { value: 0, labelKey: 'mode.served', icon: 'apartment', condition: { isControlSupplier: 'Y' } },
      ],
    },
  },
});

const build = buildScreen;
const menu = grant('isSearch');

type Payload = { current: number; size: number; condition: Record<string, unknown> };

function setup(screen = build(raw())) {
  let fail = false;
  let counts: Record<string, number> | undefined = { '1': 12, '0': 3 };
  const request = vi.fn(async (_call: string, payload?: unknown): Promise<unknown> => {
    if (fail) throw new RequestError('10002', 'refused');
    const p = payload as Payload;
    const tab = String(p.condition.statusCode ?? 'all');
    const records: Row[] = [{ id: `${tab}-${p.current}`, version: 1, no: tab }];
    return { records, total: 15, counts };
  });
  const deps = {
    request: request as unknown as PageDeps['request'],
    navigate: vi.fn(),
    confirm: vi.fn(async () => true),
    success: vi.fn(),
  };
  const ctx = listContext(screen, menu, deps);
  const query = createQueryStore(ctx);
  const search = createSearchStore(ctx, query);
  // The list page's reload: the data changed, so the cached answers go.
  const reload = () => {
    search.invalidate();
    return query.load();
  };
  /** The query and search stores as the list controller exposes them. */
  const page = {
    getState: () => ({ ...query.getState(), ...search.getState() }),
    reload,
    search: query.search,
    changePage: query.changePage,
    resetFilters: query.resetFilters,
    selectTab: search.selectTab,
    setTypeFilter: search.setTypeFilter,
    setPageMode: search.setPageMode,
    removeChip: search.removeChip,
    invalidate: search.invalidate,
  };
  const last = () => request.mock.calls.at(-1)?.[1] as Payload;
  return {
    page,
    request,
    last,
    failNext: (v: boolean) => {
      fail = v;
    },
    setCounts: (c: Record<string, number> | undefined) => {
      counts = c;
    },
  };
}

describe('tabs', () => {
  it('starts on the first tab and asks the server for counts by the tabs prop', async () => {
    const { page, last } = setup();
    expect(page.getState().tab).toBe('');
    await page.reload();
    expect(last().condition).toMatchObject({ countBy: 'statusCode' });
    expect(last().condition).not.toHaveProperty('statusCode');
  });

  it('shows each tab its count; the all tab is the sum of every value', async () => {
    const { page, setCounts } = setup();
    await page.reload();
    expect(page.getState().tabCounts).toEqual({ '': 15, '1': 12, '0': 3 });
    setCounts({ '1': 4 });
    await page.reload();
    expect(page.getState().tabCounts).toEqual({ '': 4, '1': 4, '0': 0 });
  });

  it('keeps the last counts when an answer has none', async () => {
    const { page, setCounts } = setup();
    await page.reload();
    setCounts(undefined);
    await page.reload();
    expect(page.getState().tabCounts).toEqual({ '': 15, '1': 12, '0': 3 });
  });

  it('caps a shown count at 9999+', () => {
    expect(formatTabCount(9999)).toBe('9999');
    expect(formatTabCount(10000)).toBe('9999+');
    expect(formatTabCount(0)).toBe('0');
    expect(formatTabCount(undefined)).toBe('');
  });

  it("changing the tab sends its value under the prop and goes back to page 1; '' sends nothing", async () => {
    const { page, last } = setup();
    await page.reload();
    await page.changePage(3, 20);
    await page.selectTab('0');
    expect(last()).toMatchObject({ current: 1, condition: { statusCode: '0' } });
    expect(page.getState()).toMatchObject({ tab: '0', current: 1 });
    await page.selectTab('');
    expect(last().current).toBe(1);
    expect(last().condition).not.toHaveProperty('statusCode');
  });

  it('ignores a tab the screen does not have', async () => {
    const { page, request } = setup();
    await page.reload();
    const calls = request.mock.calls.length;
    await page.selectTab('9');
    expect(request.mock.calls.length).toBe(calls);
    expect(page.getState().tab).toBe('');
  });

  it('shares the condition with a search field of the same prop, both ways', async () => {
    const { page, last } = setup();
    await page.search({ filters: { statusCode: '1' } });
    expect(page.getState().tab).toBe('1');
    await page.selectTab('0');
    expect(page.getState().filters.statusCode).toBe('0');
    expect(last().condition.statusCode).toBe('0');
  });

  it('a non-empty first tab is the default condition, and Reset returns to it', async () => {
    const s = raw();
    s.list!.tabs!.items = [
      { value: '1', labelKey: 'option.status.valid' },
      { value: '0', labelKey: 'option.status.invalid' },
    ];
    const { page, last } = setup(build(s));
    await page.reload();
    expect(last().condition.statusCode).toBe('1');
    await page.selectTab('0');
    await page.resetFilters();
    expect(page.getState().tab).toBe('1');
  });

  it('asks no counts when the screen turns them off', async () => {
    const s = raw();
    s.list!.tabs!.counts = false;
    const { page, last } = setup(build(s));
    await page.reload();
    expect(last().condition).not.toHaveProperty('countBy');
  });

  it('refuses a screen whose tab values repeat', () => {
    const s = raw();
    s.list!.tabs!.items.push({ value: '1', labelKey: 'x' });
    expect(() => build(s)).toThrow(/unique/);
  });
});

describe('per-tab result cache', () => {
  it('returning to a tab reuses its result without a request', async () => {
    const { page, request } = setup();
    await page.reload();
    await page.selectTab('1');
    const calls = request.mock.calls.length;
    await page.selectTab('');
    expect(request.mock.calls.length).toBe(calls);
    expect(page.getState().records[0].id).toBe('all-1');
    await page.selectTab('1');
    expect(request.mock.calls.length).toBe(calls);
    expect(page.getState().records[0].id).toBe('1-1');
  });

  it('searches again when the search changed since the tab was cached', async () => {
    const { page, request, last } = setup();
    await page.reload();
    await page.selectTab('1');
    await page.search({ keyword: 'acme' });
    const calls = request.mock.calls.length;
    await page.selectTab('');
    expect(request.mock.calls.length).toBe(calls + 1);
    expect(last().condition.keyword).toBe('acme');
  });

  it('invalidate() alone also makes the next return search', async () => {
    const { page, request } = setup();
    await page.reload();
    await page.selectTab('1');
    page.invalidate();
    const calls = request.mock.calls.length;
    await page.selectTab('');
    expect(request.mock.calls.length).toBe(calls + 1);
  });
});

describe('a failed search', () => {
  it('stops loading and leaves the rows, total and counts as they were', async () => {
    const { page, failNext } = setup();
    await page.reload();
    const before = page.getState();
    failNext(true);
    const pending = page.selectTab('0');
    expect(page.getState().status).toBe('loading');
    await pending;
    const after = page.getState();
    expect(after.status).toBe('error');
    expect(after.records).toBe(before.records);
    expect(after.total).toBe(15);
    expect(after.tabCounts).toEqual(before.tabCounts);
  });

  it('caches nothing for the tab that failed', async () => {
    const { page, failNext, request } = setup();
    await page.reload();
    failNext(true);
    await page.selectTab('0');
    failNext(false);
    await page.selectTab('');
    const calls = request.mock.calls.length;
    await page.selectTab('0');
    expect(request.mock.calls.length).toBe(calls + 1);
    expect(page.getState().records[0].id).toBe('0-1');
  });
});

describe('screening-condition chips', () => {
  it('shows the applied keyword and search values, a select value by its option label', async () => {
    const { page } = setup();
    await page.search({
      keyword: ' acme ',
      filters: { nameIndistinct: 'Shang', kind: 'A', dateFrom: '2024-01-01', dateTo: '2024-02-01' },
    });
    expect(page.getState().chips).toEqual([
      { prop: 'keyword', labelKey: 'list.keyword', text: 'acme' },
      { prop: 'nameIndistinct', labelKey: 'field.name', text: 'Shang' },
      { prop: 'kind', labelKey: 'field.kind', valueKeys: ['kind.a'] },
      { prop: 'dateFrom', labelKey: 'field.dateFrom', text: '2024-01-01 ~ 2024-02-01' },
    ]);
  });

  it('gives the tab and type-filter conditions no chip: their own controls show them', async () => {
    const { page } = setup();
    await page.selectTab('1');
    await page.setTypeFilter('Y');
    expect(page.getState().chips).toEqual([]);
  });

  it('removing a chip clears its condition (both ends of a range) and searches from page 1', async () => {
    const { page, last } = setup();
    await page.search({ keyword: 'acme', filters: { kind: 'A', dateFrom: 'a', dateTo: 'b' } });
    await page.changePage(2, 20);
    await page.removeChip('dateFrom');
    expect(last().current).toBe(1);
    expect(last().condition).not.toHaveProperty('dateFrom');
    expect(last().condition).not.toHaveProperty('dateTo');
    expect(last().condition).toMatchObject({ kind: 'A', keyword: 'acme' });
    await page.removeChip('keyword');
    expect(last().condition).not.toHaveProperty('keyword');
    expect(page.getState().chips.map((c) => c.prop)).toEqual(['kind']);
  });
});

describe('type filter', () => {
  it("sends the chosen option under its prop from page 1; 'all' sends nothing", async () => {
    const { page, last } = setup();
    await page.changePage(4, 20);
    await page.setTypeFilter('Y');
    expect(last()).toMatchObject({ current: 1, condition: { closeAcctFlag: 'Y' } });
    expect(page.getState().typeValue).toBe('Y');
    await page.setTypeFilter('N');
    expect(last().condition.closeAcctFlag).toBe('N');
    await page.setTypeFilter(undefined);
    expect(last().condition).not.toHaveProperty('closeAcctFlag');
    expect(page.getState().typeValue).toBeUndefined();
  });

  it('ignores a value that is not one of its options', async () => {
    const { page, request } = setup();
    await page.setTypeFilter('Q');
    expect(request).not.toHaveBeenCalled();
  });

  it('survives a search from the advanced form, which does not hold it', async () => {
    const { page, last } = setup();
    await page.setTypeFilter('Y');
    await page.search({ filters: { nameIndistinct: 'x' } });
    expect(last().condition).toMatchObject({ closeAcctFlag: 'Y', nameIndistinct: 'x' });
  });
});

describe('page mode', () => {
  it("starts in mode 0 and sends that mode's conditions", async () => {
    const { page, last } = setup();
    await page.reload();
    expect(page.getState().pageMode).toBe(0);
    expect(last().condition.isControlSupplier).toBe('Y');
  });

  it("switching sends the other mode's conditions from page 1", async () => {
    const { page, last } = setup();
    await page.changePage(5, 20);
    await page.setPageMode(1);
    expect(last()).toMatchObject({ current: 1, condition: { isControlSupplier: 'N' } });
    expect(page.getState().pageMode).toBe(1);
  });

  it('a screen without the switch sends no mode conditions and ignores a switch', async () => {
    const s = raw();
    delete s.list!.pageMode;
    const { page, last, request } = setup(build(s));
    await page.reload();
    expect(last().condition).not.toHaveProperty('isControlSupplier');
    const calls = request.mock.calls.length;
    await page.setPageMode(1);
    expect(request.mock.calls.length).toBe(calls);
  });

  it('refuses two modes with the same value', () => {
    const s = raw();
    s.list!.pageMode!.modes[1].value = 1;
    expect(() => build(s)).toThrow(/mode 0 and one mode 1/);
  });
});

describe('normaliseSearchExtras', () => {
  it('resolves the defaults: counts on, list.all, mode 0 first, modes in value order', () => {
    const extras = normaliseSearchExtras(raw().list!, () => [{ value: 'Y', labelKey: 'option.yes' }]);
    expect(extras.tabs).toMatchObject({ prop: 'statusCode', defaultKey: '', counts: true });
    expect(extras.typeFilter).toMatchObject({ allLabelKey: 'list.all', options: [{ value: 'Y' }] });
    expect(extras.pageMode?.default).toBe(0);
    expect(extras.pageMode?.modes.map((m) => m.value)).toEqual([0, 1]);
  });

  it('refuses a type filter on the prop the tabs already set', () => {
    const s = raw();
    s.list!.typeFilter!.prop = 'statusCode';
    expect(() => build(s)).toThrow(/tabs already set/);
  });
});
