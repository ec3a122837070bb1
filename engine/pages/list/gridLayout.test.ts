import { describe, expect, it } from 'vitest';
import {
  columnWindow,
  layoutColumns,
  nextSortOrder,
  paneOrder,
  rowSlots,
  rowWindow,
  windowSize,
} from './gridLayout';

describe('large-page grid: columns', () => {
  it('puts left-fixed columns first and right-fixed last, each keeping its order', () => {
    const columns = [
      { key: 'a', width: 100 },
      { key: 'op', width: 80, fixed: 'right' as const },
      { key: 'b', width: 100, fixed: 'left' as const },
      { key: 'c', width: 100 },
      { key: 'sel', width: 48, fixed: 'left' as const },
    ];
    expect(paneOrder(columns).map((c) => c.key)).toEqual(['b', 'sel', 'a', 'c', 'op']);
  });

  it('keeps the widths when the columns are wider than the grid, with sticky offsets of the fixed ones', () => {
    const layout = layoutColumns(
      [
        { width: 48, fixed: 'left' },
        { width: 130, fixed: 'left' },
        { width: 130 },
        { width: 130 },
        { width: 90, fixed: 'right' },
        { width: 60, fixed: 'right' },
      ],
      400,
    );
    expect(layout.widths).toEqual([48, 130, 130, 130, 90, 60]);
    expect(layout.total).toBe(588);
    expect(layout.left).toEqual([0, 48, undefined, undefined, undefined, undefined]);
    expect(layout.right).toEqual([undefined, undefined, undefined, undefined, 60, 0]);
    expect(layout.lastLeft).toBe(1);
    expect(layout.firstRight).toBe(4);
  });

  it('stretches the scrolling columns by their widths to fill a wider grid, the fixed ones keep theirs', () => {
    const layout = layoutColumns(
      [{ width: 48, fixed: 'left' }, { width: 100 }, { width: 300 }, { width: 80, fixed: 'right' }],
      1029,
    );
    expect(layout.widths).toEqual([48, 100 + 125, 300 + 376, 80]);
    expect(layout.total).toBe(1029);
  });

  it('stretches every column when all are fixed, and casts no shadow where nothing scrolls under', () => {
    const layout = layoutColumns(
      [
        { width: 100, fixed: 'left' },
        { width: 100, fixed: 'left' },
      ],
      300,
    );
    expect(layout.widths).toEqual([150, 150]);
    expect(layout.lastLeft).toBe(-1);
    expect(layoutColumns([{ width: 100, fixed: 'right' }, { width: 100 }], 0).firstRight).toBe(-1);
    expect(layoutColumns([], 500)).toMatchObject({ widths: [], total: 0, lastLeft: -1, firstRight: -1 });
  });
});

describe('large-page grid: scrolling columns', () => {
  const widths = [100, 100, 200, 100, 100];
  it('renders the columns crossing the visible stretch, and the overscan either side', () => {
    expect(columnWindow(widths, 0, 150, 0)).toEqual({ start: 0, end: 2 });
    expect(columnWindow(widths, 0, 200, 0)).toEqual({ start: 0, end: 2 });
    expect(columnWindow(widths, 100, 101, 0)).toEqual({ start: 1, end: 3 });
    expect(columnWindow(widths, 250, 100, 0)).toEqual({ start: 2, end: 3 });
    expect(columnWindow(widths, 250, 100, 1)).toEqual({ start: 1, end: 4 });
    expect(columnWindow(widths, 0, 10_000, 1)).toEqual({ start: 0, end: 5 });
  });

  it('keeps a column when the position is past the end, and renders nothing without columns', () => {
    expect(columnWindow(widths, 5000, 300, 0)).toEqual({ start: 4, end: 5 });
    expect(columnWindow(widths, 0, 0, 0)).toEqual({ start: 0, end: 1 });
    expect(columnWindow([], 0, 500, 2)).toEqual({ start: 0, end: 0 });
  });
});

describe('large-page grid: rows', () => {
  it('renders the rows in view and the overscan either side, within the data', () => {
    // 40 px rows, a 400 px view: 11 rows can show at once (one cut at the top, one at the bottom).
    expect(rowWindow(0, 400, 40, 1000, 5)).toEqual({ start: 0, end: 16 });
    expect(rowWindow(4000, 400, 40, 1000, 5)).toEqual({ start: 95, end: 116 });
    expect(rowWindow(4039, 400, 40, 1000, 5)).toEqual({ start: 95, end: 116 });
    expect(rowWindow(4040, 400, 40, 1000, 5)).toEqual({ start: 96, end: 117 });
    expect(rowWindow(39_600, 400, 40, 1000, 5)).toEqual({ start: 985, end: 1000 });
    // Past the end (the data shrank under the scroll position): the last rows, not nothing.
    expect(rowWindow(99_999, 400, 40, 1000, 5)).toEqual({ start: 994, end: 1000 });
    expect(rowWindow(0, 400, 40, 3, 5)).toEqual({ start: 0, end: 3 });
    expect(rowWindow(0, 400, 40, 0, 5)).toEqual({ start: 0, end: 0 });
  });

  it('never holds more rows than its pool of slots', () => {
    const size = windowSize(400, 40, 5);
    for (let top = 0; top < 40_000; top += 37) {
      const { start, end } = rowWindow(top, 400, 40, 1000, 5);
      expect(end - start).toBeLessThanOrEqual(size);
    }
  });

  it('keeps each row in its slot while the window moves, so rows moving in take the slots of rows moving out', () => {
    const size = windowSize(400, 40, 5);
    const before = rowSlots(rowWindow(4000, 400, 40, 1000, 5), size);
    const after = rowSlots(rowWindow(4120, 400, 40, 1000, 5), size);
    const stayed = before.filter((row) => row !== undefined && after.includes(row));
    for (const row of stayed) expect(after.indexOf(row)).toBe(before.indexOf(row));
    const entered = after.filter((row) => row !== undefined && !before.includes(row));
    const left = before.filter((row) => row !== undefined && !after.includes(row));
    expect(entered).toHaveLength(3);
    expect(entered.map((row) => after.indexOf(row)).sort()).toEqual(
      left.map((row) => before.indexOf(row)).sort(),
    );
    // Every row of the window has a slot, and no slot holds two rows.
    const { start, end } = rowWindow(4120, 400, 40, 1000, 5);
    expect(after.filter((row) => row !== undefined).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: end - start }, (_, i) => start + i),
    );
  });
});

describe('large-page grid: sorting', () => {
  it('cycles a header through ascending, descending and back to the default sort', () => {
    expect(nextSortOrder(null)).toBe('asc');
    expect(nextSortOrder(undefined)).toBe('asc');
    expect(nextSortOrder('asc')).toBe('desc');
    expect(nextSortOrder('desc')).toBeUndefined();
  });
});
