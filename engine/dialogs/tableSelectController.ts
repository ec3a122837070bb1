// Headless table-select dialog (spec 000 sections 2, 4 and 9): a paged table (20 a page) with an
// optional search form, single or multiple selection, and a confirm that refuses an empty choice.
// Also drives read-only table dialogs (the extra-rows dialog) with selection 'none'. No React, no antd.
import type { Page } from '../request/types';

export const TABLE_SELECT_PAGE_SIZE = 20;
/** The table's height stays between 250 px and 55vh. */
export const TABLE_MIN_HEIGHT = 250;
export const TABLE_MAX_VIEWPORT = 0.55;

/** Maximum height of the table body for a viewport: 55vh, never under 250 px. */
export function tableScrollHeight(viewportHeight: number): number {
  return Math.max(TABLE_MIN_HEIGHT, Math.floor(viewportHeight * TABLE_MAX_VIEWPORT));
}

export type SelectMode = 'single' | 'multiple' | 'none';
type Row = Record<string, unknown>;

export interface FetchBody {
  current: number;
  size: number;
  condition: Record<string, unknown>;
}

export interface TableSelectOptions<R extends Row> {
  /** One page of rows; a plain array counts as the whole result. Rejects when the call failed. */
  fetch: (body: FetchBody) => Promise<Page<R> | R[] | null | undefined>;
  rowKey: (row: R) => string;
  mode: SelectMode;
  /** Keys chosen when the dialog opens (the field's current value). */
  initialKeys?: string[];
  pageSize?: number;
}

export interface TableSelectState<R extends Row> {
  rows: R[];
  total: number;
  current: number;
  size: number;
  loading: boolean;
  /** The applied search form values. */
  filters: Record<string, unknown>;
  selectedKeys: string[];
}

export type ConfirmResult<R> = { ok: true; keys: string[]; rows: R[] } | { ok: false };

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function createTableSelectController<R extends Row>(o: TableSelectOptions<R>) {
  const size = o.pageSize ?? TABLE_SELECT_PAGE_SIZE;
  const initial = o.mode === 'single' ? (o.initialKeys ?? []).slice(0, 1) : [...(o.initialKeys ?? [])];
  let state: TableSelectState<R> = {
    rows: [],
    total: 0,
    current: 1,
    size,
    loading: false,
    filters: {},
    selectedKeys: o.mode === 'none' ? [] : initial,
  };
  /** Every chosen row seen so far, so a multi-select keeps rows chosen on other pages. */
  const seen = new Map<string, R>();
  const listeners = new Set<() => void>();
  let ticket = 0;
  const set = (patch: Partial<TableSelectState<R>>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  async function load(): Promise<void> {
    const mine = ++ticket;
    set({ loading: true });
    const condition: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(state.filters))
      if (!isBlank(v)) condition[k] = typeof v === 'string' ? v.trim() : v;
    try {
      const answer = await o.fetch({ current: state.current, size, condition });
      if (mine !== ticket) return;
      const rows = Array.isArray(answer) ? answer : Array.isArray(answer?.records) ? answer.records : [];
      const total = Array.isArray(answer) ? rows.length : Number(answer?.total) || rows.length;
      for (const r of rows) seen.set(o.rowKey(r), r);
      set({ rows, total, loading: false });
    } catch {
      // The request layer showed the error; the rows stay as they were.
      if (mine === ticket) set({ loading: false });
    }
  }

  /**
   * The table's new selection. Single-select keeps one row: the one just chosen, whatever the
   * table reports.
   */
  function select(keys: string[]): void {
    if (o.mode === 'none') return;
    if (o.mode === 'multiple') {
      set({ selectedKeys: [...new Set(keys)] });
      return;
    }
    const before = new Set(state.selectedKeys);
    const added = keys.filter((k) => !before.has(k));
    const keep = added.length > 0 ? added[added.length - 1] : keys[keys.length - 1];
    set({ selectedKeys: keep === undefined ? [] : [keep] });
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    load,
    /** The search form's values: searched from page 1. */
    search(filters: Record<string, unknown>): Promise<void> {
      set({ filters: { ...filters }, current: 1 });
      return load();
    },
    changePage(current: number): Promise<void> {
      set({ current });
      return load();
    },
    select,
    /** The chosen rows, or not ok when nothing is chosen (the dialog warns and stays open). */
    confirm(): ConfirmResult<R> {
      if (o.mode === 'none') return { ok: true, keys: [], rows: [] };
      if (state.selectedKeys.length === 0) return { ok: false };
      const rows = state.selectedKeys.map((k) => seen.get(k)).filter((r): r is R => r !== undefined);
      return { ok: true, keys: [...state.selectedKeys], rows };
    },
  };
}

export type TableSelectController<R extends Row = Row> = ReturnType<typeof createTableSelectController<R>>;
