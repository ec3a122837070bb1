import { describe, expect, it, vi } from 'vitest';
import { createTableSelectController, type FetchBody, tableScrollHeight } from './tableSelectController';

type R = { id: string; name: string };
const page = (from: number, n: number, total = 45) => ({
  records: Array.from({ length: n }, (_, i) => ({ id: `u${from + i}`, name: `User ${from + i}` })),
  total,
  current: 1,
  pages: 3,
  size: 20,
});

function setup(mode: 'single' | 'multiple' | 'none', initialKeys?: string[]) {
  const fetch = vi.fn(async (body: FetchBody) => page((body.current - 1) * 20 + 1, 20));
  const c = createTableSelectController<R>({ fetch, rowKey: (r) => r.id, mode, initialKeys });
  return { c, fetch };
}

describe('table-select dialog controller', () => {
  it('pages at 20 and sends the trimmed, non-empty search values from page 1', async () => {
    const { c, fetch } = setup('single');
    await c.load();
    expect(fetch).toHaveBeenLastCalledWith({ current: 1, size: 20, condition: {} });
    await c.changePage(3);
    expect(fetch).toHaveBeenLastCalledWith({ current: 3, size: 20, condition: {} });
    await c.search({ keyword: '  ann ', orgNo: '' });
    expect(fetch).toHaveBeenLastCalledWith({ current: 1, size: 20, condition: { keyword: 'ann' } });
    expect(c.getState()).toMatchObject({ total: 45, current: 1, loading: false });
  });

  it('single-select keeps one row: the one just chosen', async () => {
    const { c } = setup('single');
    await c.load();
    c.select(['u1']);
    c.select(['u1', 'u2']);
    expect(c.getState().selectedKeys).toEqual(['u2']);
    c.select(['u3', 'u2']);
    expect(c.getState().selectedKeys).toEqual(['u3']);
    c.select([]);
    expect(c.getState().selectedKeys).toEqual([]);
  });

  it('single-select opens with at most one of the current values', () => {
    const { c } = setup('single', ['a', 'b']);
    expect(c.getState().selectedKeys).toEqual(['a']);
  });

  it('confirm with nothing chosen is refused; with a choice it returns the rows, across pages', async () => {
    const { c } = setup('multiple');
    await c.load();
    expect(c.confirm()).toEqual({ ok: false });
    c.select(['u2']);
    await c.changePage(2);
    c.select(['u2', 'u21']);
    const result = c.confirm();
    expect(result).toEqual({
      ok: true,
      keys: ['u2', 'u21'],
      rows: [
        { id: 'u2', name: 'User 2' },
        { id: 'u21', name: 'User 21' },
      ],
    });
  });

  it('a failed page stops loading and keeps the rows', async () => {
    const { c, fetch } = setup('single');
    await c.load();
    fetch.mockRejectedValueOnce(new Error('boom'));
    await c.changePage(2);
    expect(c.getState().loading).toBe(false);
    expect(c.getState().rows[0].id).toBe('u1');
  });

  it('an older answer arriving late does not overwrite a newer one', async () => {
    let release!: (v: ReturnType<typeof page>) => void;
    const fetch = vi
      .fn<(b: FetchBody) => Promise<ReturnType<typeof page>>>()
      .mockImplementationOnce(() => new Promise((r) => (release = r)))
      .mockImplementationOnce(async () => page(100, 1, 1));
    const c = createTableSelectController<R>({ fetch, rowKey: (r) => r.id, mode: 'single' });
    const first = c.load();
    await c.search({ keyword: 'x' });
    release(page(1, 20));
    await first;
    expect(c.getState().rows.map((r) => r.id)).toEqual(['u100']);
  });

  it('a plain array answer is the whole result; selection none always confirms and never selects', async () => {
    const fetch = vi.fn(async () => [{ id: 'w1', name: 'W' }]);
    const c = createTableSelectController<R>({ fetch, rowKey: (r) => r.id, mode: 'none' });
    await c.load();
    c.select(['w1']);
    expect(c.getState()).toMatchObject({ total: 1, selectedKeys: [] });
    expect(c.confirm()).toEqual({ ok: true, keys: [], rows: [] });
  });

  it('the table height stays between 250 px and 55vh', () => {
    expect(tableScrollHeight(1000)).toBe(550);
    expect(tableScrollHeight(400)).toBe(250);
    expect(tableScrollHeight(455)).toBe(250);
    expect(tableScrollHeight(800)).toBe(440);
  });
});
