// The large-page grid's geometry, headless: column widths and sticky offsets, and which rows are
// rendered for a scroll position. No React, no DOM: the view (VirtualGrid.tsx) reads these.

export interface GridColumnShape {
  width: number;
  fixed?: 'left' | 'right';
}

export interface ColumnLayout {
  /** Each column's width, stretched when the columns are narrower than the grid. */
  widths: number[];
  /** The columns' total width: the width of a row. */
  total: number;
  /** Sticky `left` of each left-fixed column; undefined for the others. */
  left: (number | undefined)[];
  /** Sticky `right` of each right-fixed column; undefined for the others. */
  right: (number | undefined)[];
  /** Index of the last left-fixed column (its edge casts the shadow while scrolled), or -1. */
  lastLeft: number;
  /** Index of the first right-fixed column, or -1. */
  firstRight: number;
}

/**
 * The columns in the grid's three panes' order: left-fixed, scrolling, right-fixed, each keeping its
 * own order. A right-fixed column the user's settings left among the others goes to the right edge.
 */
export function paneOrder<T extends GridColumnShape>(columns: readonly T[]): T[] {
  return [
    ...columns.filter((c) => c.fixed === 'left'),
    ...columns.filter((c) => !c.fixed),
    ...columns.filter((c) => c.fixed === 'right'),
  ];
}

/**
 * Lays the columns out across `available` pixels. Columns narrower in total than the grid share the
 * rest by their widths (scrolling ones only, as antd's table does), so the right-fixed operations
 * stay at the right edge. Sticky offsets add up the fixed columns before (left) or after (right).
 */
export function layoutColumns(columns: readonly GridColumnShape[], available: number): ColumnLayout {
  const widths = columns.map((c) => Math.max(0, Math.round(c.width)));
  const natural = widths.reduce((a, b) => a + b, 0);
  const extra = Math.floor(available) - natural;
  if (extra > 0 && widths.length > 0) {
    const scrolling = columns.map((c, i) => (c.fixed ? -1 : i)).filter((i) => i >= 0);
    const takers = scrolling.length > 0 ? scrolling : columns.map((_, i) => i);
    const base = takers.reduce((sum, i) => sum + widths[i], 0);
    let given = 0;
    takers.forEach((i, n) => {
      const share =
        n === takers.length - 1
          ? extra - given
          : Math.floor(base > 0 ? (extra * widths[i]) / base : extra / takers.length);
      widths[i] += share;
      given += share;
    });
  }
  const left: (number | undefined)[] = [];
  let offset = 0;
  columns.forEach((c, i) => {
    left.push(c.fixed === 'left' ? offset : undefined);
    if (c.fixed === 'left') offset += widths[i];
  });
  const right: (number | undefined)[] = new Array(columns.length).fill(undefined);
  offset = 0;
  for (let i = columns.length - 1; i >= 0; i--) {
    if (columns[i].fixed !== 'right') continue;
    right[i] = offset;
    offset += widths[i];
  }
  let lastLeft = -1;
  let firstRight = -1;
  columns.forEach((c, i) => {
    if (c.fixed === 'left') lastLeft = i;
    if (c.fixed === 'right' && firstRight < 0) firstRight = i;
  });
  // A shadow only where scrolling columns pass under the fixed ones.
  if (lastLeft === columns.length - 1) lastLeft = -1;
  if (firstRight === 0) firstRight = -1;
  return { widths, total: widths.reduce((a, b) => a + b, 0), left, right, lastLeft, firstRight };
}

export interface RowWindow {
  /** First rendered row. */
  start: number;
  /** One past the last rendered row. */
  end: number;
}

/**
 * The rows to render for a scroll position: those in view plus `overscan` rows either side, so a
 * fast scroll shows rows already laid out while the next window renders.
 */
export function rowWindow(
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  count: number,
  overscan: number,
): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.min(count - 1, Math.max(0, Math.floor(scrollTop / rowHeight)));
  const inView = rowsInView(viewport, rowHeight);
  return {
    start: Math.max(0, first - overscan),
    end: Math.min(count, first + inView + overscan),
  };
}

/** Rows a viewport can show at once: one more than fit, for the one cut at the top and bottom. */
function rowsInView(viewport: number, rowHeight: number): number {
  return Math.ceil(Math.max(0, viewport) / rowHeight) + 1;
}

/** The most rows a window holds (rowWindow's end - start): the size of the pool of row slots. */
export function windowSize(viewport: number, rowHeight: number, overscan: number): number {
  return rowHeight <= 0 ? 0 : rowsInView(viewport, rowHeight) + 2 * overscan;
}

/**
 * The rows of a window by slot: slot `i % size` holds row i. As the window moves, a row leaving
 * frees exactly the slot the row entering takes, so the row elements stay in place, in slot order,
 * and only their content changes (no element removed, added or moved while scrolling).
 */
export function rowSlots(window: RowWindow, size: number): (number | undefined)[] {
  const slots: (number | undefined)[] = new Array(size).fill(undefined);
  if (size <= 0) return slots;
  for (let i = window.start; i < window.end; i++) slots[i % size] = i;
  return slots;
}

/**
 * The scrolling columns to render for a horizontal position: those crossing the visible stretch
 * [scrollLeft, scrollLeft + viewport) of the scrolling pane, plus `overscan` columns either side.
 */
export function columnWindow(
  widths: readonly number[],
  scrollLeft: number,
  viewport: number,
  overscan: number,
): RowWindow {
  const count = widths.length;
  if (count === 0) return { start: 0, end: 0 };
  const from = Math.max(0, scrollLeft);
  const to = from + Math.max(0, viewport);
  let start = -1;
  let end = 0;
  let x = 0;
  for (let i = 0; i < count; i++) {
    const right = x + widths[i];
    if (start < 0 && right > from) start = i;
    if (x < to) end = i + 1;
    x = right;
  }
  // Scrolled past the end (the columns narrowed under the scroll position): the last column.
  if (start < 0) start = count - 1;
  end = Math.max(end, start + 1);
  return { start: Math.max(0, start - overscan), end: Math.min(count, end + overscan) };
}

/** The order a header click moves to: none, ascending, descending, none again (antd's cycle). */
export function nextSortOrder(current: 'asc' | 'desc' | null | undefined): 'asc' | 'desc' | undefined {
  if (current === 'asc') return 'desc';
  if (current === 'desc') return undefined;
  return 'asc';
}
