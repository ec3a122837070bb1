// The list page's grid for large pages (more than 100 rows): only the cells in view are in the page.
//
// antd's virtual table virtualises rows only and renders every row in view again on every scroll
// frame (rc-virtual-list hands each row a new style object): with 30 columns that is ~25 rows x 32
// cells of rc-table components a frame, and it moves its rows itself instead of letting the browser
// scroll. This grid lets the browser scroll: one native scroll container holds the header (sticky on
// top) and three panes, the fixed-left columns (sticky left), the scrolling columns and the
// fixed-right columns (sticky right). It renders only when the scroll crosses a row or a column:
// - rows are memoised and recycled by slot, so crossing a row renders just the rows entering, into
//   the elements of the rows leaving (no element added, removed or moved);
// - the scrolling pane renders only its columns in view, so a row costs ~12 cells, not 30;
// - a pane is one sticky box rather than a sticky cell per row, so the compositor keeps a handful of
//   layers (sticky cells made ~65, re-created as rows came and went, and committing those cost more
//   than the rows themselves).
// It looks like the antd table (the same theme tokens) and keeps its behaviour: sorting by header,
// fixed columns with their shadows, checkbox or radio selection with select-all, row hover.
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Checkbox, Radio, theme } from 'antd';
import {
  type CSSProperties,
  memo,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import {
  columnWindow,
  layoutColumns,
  nextSortOrder,
  paneOrder,
  type RowWindow,
  rowSlots,
  rowWindow,
  windowSize,
} from './gridLayout';
import type { Row } from './listController';
import './grid.css';

export interface GridColumn {
  key: string;
  /** Header content; a th holds it, so the developer flag finds its data-prop. */
  title: ReactNode;
  /** The header's text, its tooltip when cut short. */
  label: string;
  width: number;
  fixed?: 'left' | 'right';
  align?: 'left' | 'center' | 'right';
  /** The column's sort; undefined when it cannot be sorted. */
  sortOrder?: 'asc' | 'desc' | null;
  /** Content that fills the cell's height (buttons) rather than a line of text. */
  compact?: boolean;
  render(record: Row, index: number): ReactNode;
}

export interface VirtualGridProps {
  columns: GridColumn[];
  records: Row[];
  rowKey(record: Row): string;
  /** Most height the rows may take; the grid scrolls past it. */
  height: number;
  selection?: 'checkbox' | 'radio';
  selectedKeys: readonly string[];
  onSelectionChange(keys: string[]): void;
  onSort(key: string, order: 'asc' | 'desc' | undefined): void;
  /** Shown instead of rows when there are none. */
  empty?: ReactNode;
  selectAllLabel?: string;
  /** The accessible name of a row's checkbox or radio ("Select row: T01"). */
  selectRowLabel?(record: Row): string;
  /** The summary row's content by column key (engine/pages/list/summary.tsx), kept in view at the bottom. */
  summary?: Record<string, ReactNode>;
}

/** Rows rendered beyond each edge of the view: a fast wheel (3 rows a frame) never shows a gap. */
const OVERSCAN = 5;
/** Scrolling columns rendered beyond each side of the view. */
const COLUMN_OVERSCAN = 1;
const SELECTION_KEY = '__selection';
const SELECTION_WIDTH = 48;

interface Cell {
  key: string;
  /** The column's place among all the grid's columns, from 1 (aria-colindex). */
  colIndex: number;
  className: string;
  style: CSSProperties;
  /** Undefined for the selection cell. */
  column?: GridColumn;
  /** A compact column's key, on its cells, so the grid can measure their content. */
  measure?: string;
}

/** One pane's cells and width. */
interface Pane {
  cells: Cell[];
  width: number;
  widths: number[];
  /** Each cell's left edge in the pane. */
  offsets: number[];
}

/** The scrolling pane's columns in view: only those are rendered in each row. */
interface ColumnRange extends RowWindow {
  /** Stands for the columns before `start`. */
  gap: CSSProperties;
}

/** What every row shares; a new one renders every row again (columns, widths or selection changed). */
interface RowLayout {
  /** All cells in pane order, for the header. */
  cells: Cell[];
  left: Pane;
  middle: Pane;
  right: Pane;
  total: number;
  rowHeight: number;
  selection?: 'checkbox' | 'radio';
}

function cellClass(prefix: string, column: GridColumn, i: number, lastLeft: number, firstRight: number) {
  const classes = [prefix];
  if (column.fixed) classes.push(`${prefix}--fixed`);
  if (i === lastLeft) classes.push(`${prefix}--last-left`);
  if (i === firstRight) classes.push(`${prefix}--first-right`);
  if (column.sortOrder) classes.push(`${prefix}--sorted`);
  if (column.compact) classes.push(`${prefix}--compact`);
  return classes.join(' ');
}

function pane(cells: Cell[]): Pane {
  const widths = cells.map((c) => Number(c.style.width));
  const offsets: number[] = [];
  let width = 0;
  for (const w of widths) {
    offsets.push(width);
    width += w;
  }
  return { cells, width, widths, offsets };
}

/**
 * Row hover across the three panes: a row's parts share a data-row-index, and the hovered ones carry
 * data-hover. Outside React, so a hover renders nothing.
 */
function hover(body: HTMLElement, index: string | undefined): void {
  if (body.dataset.hover === index) return;
  for (const el of body.querySelectorAll('[data-hover]')) el.removeAttribute('data-hover');
  if (index === undefined) {
    delete body.dataset.hover;
    return;
  }
  body.dataset.hover = index;
  for (const el of body.querySelectorAll(`[data-row-index="${index}"]`)) el.setAttribute('data-hover', '');
}

const onPointerOver = (e: PointerEvent<HTMLElement>) =>
  hover(e.currentTarget, (e.target as Element).closest<HTMLElement>('[data-row-index]')?.dataset.rowIndex);
const onPointerLeave = (e: PointerEvent<HTMLElement>) => hover(e.currentTarget, undefined);

/** The scrolling columns in view at `scrollLeft` in a scroller `clientWidth` wide. */
function columnsInView(layout: RowLayout, scrollLeft: number, clientWidth: number): RowWindow {
  const { middle, left, right } = layout;
  return columnWindow(middle.widths, scrollLeft, clientWidth - left.width - right.width, COLUMN_OVERSCAN);
}

export function VirtualGrid({
  columns,
  records,
  rowKey,
  height,
  selection,
  selectedKeys,
  onSelectionChange,
  onSort,
  empty,
  selectAllLabel,
  selectRowLabel,
  summary,
}: VirtualGridProps) {
  const { token } = theme.useToken();
  const rowHeight = Math.ceil(token.fontSize * token.lineHeight) + 2 * token.paddingXS + token.lineWidth;
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  /** First row in view; the only scroll state, so scrolling within a row renders nothing. */
  const [first, setFirst] = useState(0);
  /** The horizontal scroll position the rendered columns were chosen for. */
  const [scrollLeft, setScrollLeft] = useState(0);
  /** The scroller's inner width, for columns narrower than the grid. */
  const [available, setAvailable] = useState(0);
  /** Compact columns (buttons) widened to their content, measured for these columns. */
  const [natural, setNatural] = useState<{ of: GridColumn[]; widths: Record<string, number> }>();

  const all = useMemo<GridColumn[]>(
    () =>
      paneOrder(
        selection
          ? [
              {
                key: SELECTION_KEY,
                title: null,
                label: '',
                width: SELECTION_WIDTH,
                fixed: 'left',
                align: 'center',
                render: () => null,
              },
              ...columns,
            ]
          : columns,
      ),
    [columns, selection],
  );
  const sized = useMemo(() => {
    const widths = natural?.of === columns ? natural.widths : {};
    return all.map((c) => (widths[c.key] > c.width ? { ...c, width: widths[c.key] } : c));
  }, [all, columns, natural]);
  const geometry = useMemo(() => layoutColumns(sized, available), [sized, available]);
  const layout = useMemo<RowLayout>(() => {
    const cells = all.map((column, i) => {
      const style: CSSProperties = { width: geometry.widths[i] };
      if (column.align) style.textAlign = column.align;
      return {
        key: column.key,
        colIndex: i + 1,
        className: cellClass('screen-grid__cell', column, i, geometry.lastLeft, geometry.firstRight),
        style,
        column: column.key === SELECTION_KEY ? undefined : column,
        measure: column.compact ? column.key : undefined,
      };
    });
    return {
      cells,
      left: pane(cells.filter((_, i) => all[i].fixed === 'left')),
      middle: pane(cells.filter((_, i) => !all[i].fixed)),
      right: pane(cells.filter((_, i) => all[i].fixed === 'right')),
      total: geometry.total,
      rowHeight,
      selection,
    };
  }, [all, geometry, rowHeight, selection]);
  /** Header cells: sticky offsets for the fixed ones. */
  const headCells = useMemo(
    () =>
      layout.cells.map((cell, i) => {
        const style: CSSProperties = { ...cell.style };
        if (geometry.left[i] !== undefined) style.left = geometry.left[i];
        if (geometry.right[i] !== undefined) style.right = geometry.right[i];
        return {
          ...cell,
          className: cell.className.replaceAll('screen-grid__cell', 'screen-grid__th'),
          style,
        };
      }),
    [layout, geometry],
  );

  // The latest selection for the row checkboxes' one stable handler (rows are memoised on it).
  const selectedRef = useRef(selectedKeys);
  selectedRef.current = selectedKeys;
  const changeRef = useRef(onSelectionChange);
  changeRef.current = onSelectionChange;
  const onToggle = useCallback(
    (key: string, on: boolean) => {
      const current = selectedRef.current;
      if (selection === 'radio') changeRef.current(on ? [key] : []);
      else
        changeRef.current(on ? [...current.filter((k) => k !== key), key] : current.filter((k) => k !== key));
    },
    [selection],
  );
  const selected = useMemo(() => new Set(selectedKeys), [selectedKeys]);

  /** Shadows under the fixed columns while scrolling columns pass beneath them. */
  const updatePing = useCallback(() => {
    const scroller = scrollerRef.current;
    const root = rootRef.current;
    if (!scroller || !root) return;
    const left = scroller.scrollLeft > 0;
    const right = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    if (root.classList.contains('screen-grid--ping-left') !== left)
      root.classList.toggle('screen-grid--ping-left', left);
    if (root.classList.contains('screen-grid--ping-right') !== right)
      root.classList.toggle('screen-grid--ping-right', right);
  }, []);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current!;
    const measure = () => setAvailable(scroller.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current!;
    // Passive and outside React's event system: a scroll never waits for script. A scroll that stays
    // within a row and a column renders nothing; one that crosses a row (or a column) renders the rows
    // (or cells) entering at once, in this very frame (flushSync), so the layout the frame does anyway
    // lays them out: no frame shows a row late, and no later task makes the next frame lay out again
    // before it can read scrollTop.
    let shown = Math.floor(scroller.scrollTop / rowHeight);
    const onScroll = () => {
      // Read before rendering: the page is laid out now, so reading forces no layout.
      updatePing();
      const next = Math.floor(scroller.scrollTop / rowHeight);
      const x = scroller.scrollLeft;
      const inView = columnsInView(layoutRef.current, x, scroller.clientWidth);
      const across = inView.start !== colsRef.current.start || inView.end !== colsRef.current.end;
      if (next !== shown || across) {
        // A recycled row keeps its element: the mark goes, the pointer's next move sets it again.
        if (next !== shown && bodyRef.current) hover(bodyRef.current, undefined);
        shown = next;
        flushSync(() => {
          setFirst(next);
          if (across) setScrollLeft(x);
        });
      }
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [rowHeight, updatePing]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new widths move the scroll range.
  useLayoutEffect(updatePing, [layout, updatePing]);

  // A compact column's content (the operation buttons, their labels in the user's language) sets its
  // width, as the small table's auto layout does: measured once on a rendered row, never while scrolling.
  const hasRows = records.length > 0;
  useLayoutEffect(() => {
    if (!hasRows) return;
    const body = scrollerRef.current!;
    const wider: Record<string, number> = {};
    for (const cell of layout.cells) {
      if (!cell.measure) continue;
      const el = body.querySelector<HTMLElement>(`[data-measure="${cell.measure}"]`);
      const content = el?.firstElementChild as HTMLElement | null;
      if (!el || !content) continue;
      const style = getComputedStyle(el);
      const needed = Math.ceil(
        content.offsetWidth +
          Number.parseFloat(style.paddingLeft) +
          Number.parseFloat(style.paddingRight) +
          Number.parseFloat(style.borderRightWidth),
      );
      if (needed > Number(cell.style.width)) wider[cell.measure] = needed;
    }
    if (Object.keys(wider).length > 0)
      setNatural((prev) => ({
        of: columns,
        widths: { ...(prev?.of === columns ? prev.widths : {}), ...wider },
      }));
  }, [layout, columns, hasRows]);

  // Another page, search or sort starts at the top; a reload of the same rows keeps the place.
  const firstKey = records.length > 0 ? rowKey(records[0]) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new first row is another page of rows.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current!;
    scroller.scrollTop = 0;
    setFirst(0);
  }, [firstKey]);

  const cols = useMemo<ColumnRange>(() => {
    const inView = columnsInView(layout, scrollLeft, available);
    return { ...inView, gap: { width: layout.middle.offsets[inView.start] ?? 0 } };
  }, [layout, scrollLeft, available]);
  // The scroll handler's view of what is rendered.
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const colsRef = useRef<RowWindow>(cols);
  colsRef.current = cols;

  const range = rowWindow(first * rowHeight, height, rowHeight, records.length, OVERSCAN);
  const slots = rowSlots(range, windowSize(height, rowHeight, OVERSCAN));
  const parts = (which: 'left' | 'middle' | 'right') => {
    const paneLayout = layout[which];
    const rows: ReactNode[] = [];
    slots.forEach((i, slot) => {
      if (i === undefined) return;
      const record = records[i];
      const key = rowKey(record);
      rows.push(
        <GridRow
          // biome-ignore lint/suspicious/noArrayIndexKey: by slot, not by row: a row scrolled out hands its element to the row scrolled in.
          key={slot}
          rowKey={key}
          record={record}
          index={i}
          pane={paneLayout}
          cols={which === 'middle' ? cols : undefined}
          layout={layout}
          selected={selected.has(key)}
          selectLabel={which === 'left' && selectRowLabel ? selectRowLabel(record) : undefined}
          onToggle={onToggle}
        />,
      );
    });
    return (
      <div className={`screen-grid__pane screen-grid__pane--${which}`} style={{ width: paneLayout.width }}>
        {rows}
      </div>
    );
  };

  const style = useMemo(
    () =>
      ({
        '--sg-bg': token.colorBgContainer,
        '--sg-text': token.colorText,
        '--sg-border': token.colorBorderSecondary,
        '--sg-head-bg': token.colorFillAlter,
        '--sg-head-text': token.colorTextHeading,
        '--sg-head-hover': token.colorFillSecondary,
        '--sg-hover': token.colorFillAlter,
        '--sg-sorted': token.colorFillAlter,
        '--sg-selected': token.controlItemBgActive,
        '--sg-selected-hover': token.controlItemBgActiveHover,
        '--sg-sorter': token.colorTextQuaternary,
        '--sg-sorter-on': token.colorPrimary,
        '--sg-shadow': token.colorSplit,
        '--sg-radius': `${token.borderRadiusLG}px`,
        '--sg-pad-block': `${token.paddingXS}px`,
        '--sg-pad-inline': `${token.paddingXS}px`,
        '--sg-row': `${rowHeight}px`,
        '--sg-font': `${token.fontSize}px`,
        '--sg-line': `${rowHeight - 2 * token.paddingXS - token.lineWidth}px`,
      }) as CSSProperties,
    [token, rowHeight],
  );

  const allOn = useMemo(
    () => records.length > 0 && records.every((r) => selected.has(rowKey(r))),
    [records, selected, rowKey],
  );
  const someOn = useMemo(
    () => !allOn && records.some((r) => selected.has(rowKey(r))),
    [allOn, records, selected, rowKey],
  );
  // The header is memoised, so it gets handlers that never change and reads the latest props.
  const latest = useRef({ onSort, onSelectionChange, records, rowKey });
  latest.current = { onSort, onSelectionChange, records, rowKey };
  const sortBy = useCallback((key: string, order: 'asc' | 'desc' | undefined) => {
    latest.current.onSort(key, order);
  }, []);
  const selectAll = useCallback((on: boolean) => {
    const { onSelectionChange: change, records: all, rowKey: keyOf } = latest.current;
    change(on ? all.map(keyOf) : []);
  }, []);

  return (
    // biome-ignore lint/a11y/useSemanticElements: virtual rows are positioned divs (no table layout can hold them), so the table's roles are given
    <div
      ref={rootRef}
      className="screen-grid"
      style={style}
      role="table"
      aria-rowcount={records.length + 1 + (summary ? 1 : 0)}
      aria-colcount={all.length}
    >
      <div
        ref={scrollerRef}
        className="screen-grid__scroller"
        style={{ maxHeight: height + rowHeight * (summary ? 2 : 1) }}
      >
        <GridHeader
          columns={all}
          cells={headCells}
          total={layout.total}
          onSort={sortBy}
          selection={selection}
          allOn={allOn}
          someOn={someOn}
          canSelect={records.length > 0}
          selectAllLabel={selectAllLabel}
          onSelectAll={selectAll}
        />
        {/* biome-ignore lint/a11y/useSemanticElements: virtual rows are positioned divs (no table layout can hold them), so the table's roles are given */}
        <div
          ref={bodyRef}
          role="rowgroup"
          className="screen-grid__body"
          style={{ height: records.length * rowHeight, width: layout.total }}
          onPointerOver={onPointerOver}
          onPointerLeave={onPointerLeave}
        >
          {layout.left.cells.length > 0 && parts('left')}
          {parts('middle')}
          {layout.right.cells.length > 0 && parts('right')}
        </div>
        {records.length === 0 && <div className="screen-grid__empty">{empty}</div>}
        {summary && (
          <GridSummary
            columns={all}
            cells={headCells}
            total={layout.total}
            summary={summary}
            rowIndex={records.length + 2}
          />
        )}
      </div>
    </div>
  );
}

/** The summary row: the header's cells (widths, fixed offsets) at the bottom of the view. */
function GridSummary({
  columns,
  cells,
  total,
  summary,
  rowIndex,
}: {
  columns: GridColumn[];
  cells: Cell[];
  total: number;
  summary: Record<string, ReactNode>;
  /** Its place among the grid's rows (aria-rowindex): after the header and every record. */
  rowIndex: number;
}) {
  return (
    <div className="screen-grid__foot" style={{ width: total }}>
      {/* Laid out as a table; for assistive technology a row of the grid's table (role on the root). */}
      <table role="presentation" style={{ width: total }}>
        <colgroup>
          {cells.map((cell) => (
            <col key={cell.key} style={{ width: cell.style.width }} />
          ))}
        </colgroup>
        {/* biome-ignore lint/a11y/noRedundantRoles: the table is presentational (laid out as a table, read as a row of the grid's table), so its parts name their roles */}
        <tbody role="rowgroup">
          {/* biome-ignore lint/a11y/noRedundantRoles: the table is presentational (laid out as a table, read as a row of the grid's table), so its parts name their roles */}
          <tr className="screen-list__summary" role="row" aria-rowindex={rowIndex}>
            {columns.map((column, i) => (
              <td
                key={column.key}
                // biome-ignore lint/a11y/noRedundantRoles: the table is presentational (laid out as a table, read as a row of the grid's table), so its parts name their roles
                role="cell"
                aria-colindex={cells[i].colIndex}
                className={cells[i].className.replaceAll('screen-grid__th', 'screen-grid__tf')}
                style={cells[i].style}
              >
                <span data-summary={column.key}>{summary[column.key]}</span>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

const GridHeader = memo(function GridHeader({
  columns,
  cells,
  total,
  onSort,
  selection,
  allOn,
  someOn,
  canSelect,
  selectAllLabel,
  onSelectAll,
}: {
  columns: GridColumn[];
  cells: Cell[];
  total: number;
  onSort: VirtualGridProps['onSort'];
  selection?: 'checkbox' | 'radio';
  allOn: boolean;
  someOn: boolean;
  canSelect: boolean;
  selectAllLabel?: string;
  onSelectAll(on: boolean): void;
}) {
  return (
    <div className="screen-grid__head" style={{ width: total }}>
      {/* Laid out as a table; for assistive technology the header row of the grid's table. */}
      <table role="presentation" style={{ width: total }}>
        <colgroup>
          {cells.map((cell) => (
            <col key={cell.key} style={{ width: cell.style.width }} />
          ))}
        </colgroup>
        {/* biome-ignore lint/a11y/noRedundantRoles: the table is presentational (laid out as a table, read as a row of the grid's table), so its parts name their roles */}
        <thead role="rowgroup">
          {/* biome-ignore lint/a11y/noRedundantRoles: the table is presentational (laid out as a table, read as a row of the grid's table), so its parts name their roles */}
          <tr role="row" aria-rowindex={1}>
            {columns.map((column, i) => {
              const cell = cells[i];
              const sortable = column.sortOrder !== undefined;
              const sort = () => onSort(column.key, nextSortOrder(column.sortOrder));
              return (
                <th
                  key={column.key}
                  // biome-ignore lint/a11y/noRedundantRoles: the table is presentational (laid out as a table, read as a row of the grid's table), so its parts name their roles
                  role="columnheader"
                  aria-colindex={cell.colIndex}
                  scope="col"
                  className={cell.className}
                  style={cell.style}
                  title={column.label || undefined}
                  aria-sort={
                    column.sortOrder === 'asc'
                      ? 'ascending'
                      : column.sortOrder === 'desc'
                        ? 'descending'
                        : undefined
                  }
                  tabIndex={sortable ? 0 : undefined}
                  onClick={sortable ? sort : undefined}
                  onKeyDown={
                    sortable
                      ? (e) => {
                          if (e.key === 'Enter') sort();
                        }
                      : undefined
                  }
                >
                  {column.key === SELECTION_KEY ? (
                    selection === 'checkbox' && (
                      <Checkbox
                        checked={allOn}
                        indeterminate={someOn}
                        disabled={!canSelect}
                        aria-label={selectAllLabel}
                        onChange={(e) => onSelectAll(e.target.checked)}
                      />
                    )
                  ) : sortable ? (
                    <span className="screen-grid__sorters">
                      <span className="screen-grid__title">{column.title}</span>
                      <span className="screen-grid__sorter" aria-hidden>
                        <CaretUpOutlined className={column.sortOrder === 'asc' ? 'is-on' : undefined} />
                        <CaretDownOutlined className={column.sortOrder === 'desc' ? 'is-on' : undefined} />
                      </span>
                    </span>
                  ) : (
                    column.title
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
      </table>
    </div>
  );
});

/** One row's part in one pane; renders again only when its record, its selection or the layout changes. */
const GridRow = memo(function GridRow({
  rowKey,
  record,
  index,
  pane,
  cols,
  layout,
  selected,
  selectLabel,
  onToggle,
}: {
  rowKey: string;
  record: Row;
  index: number;
  pane: Pane;
  /** The scrolling pane's columns in view; every column of the fixed panes. */
  cols?: ColumnRange;
  layout: RowLayout;
  selected: boolean;
  selectLabel?: string;
  onToggle(key: string, on: boolean): void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: virtual rows are positioned divs (no table layout can hold them), so the table's roles are given
    // biome-ignore lint/a11y/useFocusableInteractive: a row of a table (not of a grid widget) takes no focus; its controls do
    <div
      data-row-key={rowKey}
      data-row-index={index}
      className={selected ? 'screen-grid__row screen-grid__row--selected' : 'screen-grid__row'}
      style={{ top: index * layout.rowHeight, width: pane.width }}
      // Each pane's part of a record is a row at the record's place (as the pinned containers of other
      // virtual grids do); its cells carry their column's place, so each is read with its header.
      role="row"
      aria-rowindex={index + 2}
    >
      {cols && cols.start > 0 && <div className="screen-grid__gap" style={cols.gap} />}
      {(cols ? pane.cells.slice(cols.start, cols.end) : pane.cells).map((cell) => {
        const aria = { role: 'cell', 'aria-colindex': cell.colIndex };
        if (!cell.column) {
          const Box = layout.selection === 'radio' ? Radio : Checkbox;
          return (
            <div key={cell.key} className={cell.className} style={cell.style} {...aria}>
              <Box
                checked={selected}
                aria-label={selectLabel}
                onChange={(e) => onToggle(rowKey, e.target.checked)}
              />
            </div>
          );
        }
        const content = cell.column.render(record, index);
        return (
          <div
            key={cell.key}
            className={cell.className}
            style={cell.style}
            {...aria}
            data-measure={cell.measure}
            title={typeof content === 'string' || typeof content === 'number' ? String(content) : undefined}
          >
            {content}
          </div>
        );
      })}
    </div>
  );
});
