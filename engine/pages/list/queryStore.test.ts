// The query store: the request built from search, paging and sort, the answer shown, a failed or
// overtaken search, and the events the other stores hear.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/types';
import { FLAG_ORDER, type MenuFlags } from '../../screens/flags';
import type { PageDeps } from '../types';
import { listContext, type Row } from './listContext';
import { createQueryStore } from './queryStore';
import { buildScreen } from './testing';

const screen = buildScreen({
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
  },
} satisfies Screen);

const flags = (...granted: (keyof MenuFlags)[]): MenuFlags =>
  Object.fromEntries(FLAG_ORDER.map((f) => [f, granted.includes(f) ? 'Y' : 'N'])) as MenuFlags;

const rows = (n: number, from = 1): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `id${from + i}`, version: from + i, no: `N${from + i}` }));

function setup(menu = flags('isSearch', 'isAdd')) {
  const request = vi.fn(
    async (_call: string, _payload?: unknown): Promise<unknown> => ({ records: rows(3), total: 45 }),
  );
  const deps = {
    request: request as unknown as PageDeps['request'],
    navigate: vi.fn(),
    confirm: vi.fn(async () => true),
    success: vi.fn(),
  };
  const query = createQueryStore(listContext(screen, menu, deps));
  const lastPayload = () =>
    request.mock.calls.at(-1)?.[1] as { current: number; size: number; condition: Record<string, unknown> };
  return { query, request, deps, lastPayload };
}

describe('query store: searching and paging', () => {
  it('loads page 1 of 20 sorted by t1.updateDate desc, under the screen menu', async () => {
    const { query, request } = setup();
    expect(query.getState().status).toBe('idle');
    await query.load();
    expect(request).toHaveBeenCalledWith(
      'ITService/getlist',
      { current: 1, size: 20, condition: { field: 't1.updateDate', order: 'desc' } },
      { moduleNumber: 'T.Menu' },
    );
    expect(query.getState()).toMatchObject({ total: 45, status: 'ready' });
    expect(query.getState().records).toHaveLength(3);
  });

  it('sends the trimmed keyword and non-empty filters, and any search goes back to page 1', async () => {
    const { query, lastPayload } = setup();
    await query.changePage(3, 20);
    expect(lastPayload().current).toBe(3);
    await query.search({ keyword: '  acme ' });
    expect(lastPayload()).toEqual({
      current: 1,
      size: 20,
      condition: { keyword: 'acme', field: 't1.updateDate', order: 'desc' },
    });
    await query.changePage(2, 20);
    await query.search({ filters: { nameIndistinct: 'x', statusCode: '', other: null } });
    expect(lastPayload()).toEqual({
      current: 1,
      size: 20,
      condition: { nameIndistinct: 'x', keyword: 'acme', field: 't1.updateDate', order: 'desc' },
    });
    await query.resetFilters();
    expect(lastPayload().condition).toEqual({ field: 't1.updateDate', order: 'desc' });
  });

  it('changes page and page size; a new size starts at page 1', async () => {
    const { query, lastPayload } = setup();
    await query.changePage(2, 20);
    expect(lastPayload()).toMatchObject({ current: 2, size: 20 });
    await query.changePage(2, 1000);
    expect(lastPayload()).toMatchObject({ current: 1, size: 1000 });
  });

  it('sorts on the server by the column field and direction, and falls back to the default', async () => {
    const { query, lastPayload } = setup();
    await query.changePage(4, 20);
    await query.changeSort('no', 'asc');
    expect(lastPayload()).toMatchObject({ current: 1, condition: { field: 'no', order: 'asc' } });
    await query.changeSort('t1.updateDate', 'desc');
    expect(lastPayload().condition).toMatchObject({ field: 't1.updateDate', order: 'desc' });
    await query.changeSort(undefined, undefined);
    expect(lastPayload().condition).toMatchObject({ field: 't1.updateDate', order: 'desc' });
  });

  it('stops loading and keeps the rows when a search fails', async () => {
    const { query, request } = setup();
    await query.load();
    const before = query.getState().records;
    request.mockRejectedValueOnce(new RequestError('10006', 'Cannot sort'));
    const pending = query.changeSort('no', 'desc');
    expect(query.getState().status).toBe('loading');
    await pending;
    expect(query.getState().status).toBe('error');
    expect(query.getState().records).toBe(before);
    expect(query.getState().total).toBe(45);
    // The next search that answers is ready again.
    await query.changeSort('no', 'asc');
    expect(query.getState().status).toBe('ready');
  });

  it('ignores an answer that a newer search overtook', async () => {
    const { query, request } = setup();
    let answerFirst: (v: unknown) => void = () => undefined;
    request.mockImplementationOnce(() => new Promise((r) => (answerFirst = r)));
    request.mockResolvedValueOnce({ records: rows(1, 50), total: 1 });
    const first = query.search({ keyword: 'a' });
    await query.search({ keyword: 'ab' });
    answerFirst({ records: rows(5), total: 5 });
    await first;
    expect(query.getState().records.map((r) => r.id)).toEqual(['id50']);
    expect(query.getState().status).toBe('ready');
  });

  it('a page shown from a cache drops the search under way', async () => {
    const { query, request } = setup();
    let answer: (v: unknown) => void = () => undefined;
    request.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const pending = query.load();
    query.showCached(rows(1, 70), 1);
    answer({ records: rows(5), total: 5 });
    await pending;
    expect(query.getState()).toMatchObject({ status: 'ready', total: 1, records: [{ id: 'id70' }] });
  });

  it('does not search without isSearch', async () => {
    const { query, request } = setup(flags('isAdd'));
    await query.load();
    expect(request).not.toHaveBeenCalled();
    expect(query.getState()).toMatchObject({ forbidden: true, status: 'idle' });
  });
});

describe('query store: what the other stores hear and add', () => {
  it('exports the list search as it stands: filters, keyword and sort, without paging or limits', async () => {
    const { query } = setup();
    await query.search({ keyword: ' acme ', filters: { statusCode: '1' } });
    expect(query.exportCondition()).toEqual({
      keyword: 'acme',
      statusCode: '1',
      field: 't1.updateDate',
      order: 'desc',
    });
  });

  it('adds the parts of other stores to the request, not to the export', async () => {
    const { query, lastPayload } = setup();
    let lifted = false;
    query.addCondition(() => (lifted ? { limitCount: 0 } : undefined));
    await query.load();
    expect(lastPayload().condition).not.toHaveProperty('limitCount');
    lifted = true;
    await query.load();
    expect(lastPayload().condition).toMatchObject({ limitCount: 0 });
    expect(query.exportCondition()).toEqual({ field: 't1.updateDate', order: 'desc' });
  });

  it('tells a change of the search (keyword, values, sort) from paging, and the user edits from the rest', async () => {
    const { query } = setup();
    const changes = vi.fn();
    const edits = vi.fn();
    query.onSearchChange(changes);
    query.onEdit(edits);
    await query.changePage(2, 20);
    expect(changes).not.toHaveBeenCalled();
    await query.changeSort('no', 'asc');
    expect([changes.mock.calls.length, edits.mock.calls.length]).toEqual([1, 0]);
    query.setKeyword('x');
    query.setKeyword('x');
    expect([changes.mock.calls.length, edits.mock.calls.length]).toEqual([2, 1]);
    await query.search();
    // A search without params is the user's, but changes no condition.
    expect([changes.mock.calls.length, edits.mock.calls.length]).toEqual([2, 2]);
  });

  it('tells every page shown, with the answer only when the server gave it', async () => {
    const { query } = setup();
    const shown = vi.fn();
    query.onShown(shown);
    await query.load();
    expect(shown).toHaveBeenLastCalledWith(
      rows(3),
      expect.objectContaining({ total: 45, sent: query.payload() }),
    );
    query.showCached(rows(1), 1);
    expect(shown).toHaveBeenLastCalledWith(rows(1), undefined);
  });

  it('keeps as params only the non-empty values and the trimmed keyword', async () => {
    const { query } = setup();
    await query.search({ keyword: ' bolt ', filters: { nameIndistinct: 'acme', statusCode: '' } });
    expect(query.params()).toEqual({ nameIndistinct: 'acme', keyword: 'bolt' });
  });
});
