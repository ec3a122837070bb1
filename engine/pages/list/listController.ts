// Headless list page: search params, paging, sort, selection, loading and toolbar actions. No React,
// no antd: the view subscribes to it and renders; the tests drive it directly.
import type { Page } from '../../request/types';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedAction, NormalisedScreen } from '../../screens/types';
import type { PageDeps } from '../types';
import { computeToolbar, fillTarget, type Toolbar } from './toolbar';

export type Row = Record<string, unknown>;

export interface ListState {
  keyword: string;
  /** Values of the search fields, applied. */
  filters: Record<string, unknown>;
  current: number;
  size: number;
  /** The user's column sort; null means the screen's default sort. */
  sort: { field: string; order: 'asc' | 'desc' } | null;
  records: Row[];
  total: number;
  loading: boolean;
  /** False until the first search answered. */
  loaded: boolean;
  /** The menu does not grant isSearch: nothing is requested. */
  forbidden: boolean;
  selectedKeys: string[];
  /** Key of the toolbar action being run. */
  running?: string;
  toolbar: Toolbar;
}

export interface ListPayload {
  current: number;
  size: number;
  condition: Record<string, unknown>;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function createListController(screen: NormalisedScreen, menu: MenuFlags, deps: PageDeps) {
  const list = screen.list;
  const call = screen.calls.list;
  if (!list || !call) throw new Error(`${screen.file}: not a list screen`);
  const rowKey = list.rowKey;
  const options = { moduleNumber: screen.menuNo };

  let state: ListState = {
    keyword: '',
    filters: {},
    current: 1,
    size: list.pageSize,
    sort: null,
    records: [],
    total: 0,
    loading: false,
    loaded: false,
    forbidden: menu.isSearch !== 'Y',
    selectedKeys: [],
    toolbar: computeToolbar(list.actions, menu, 0),
  };
  const listeners = new Set<() => void>();
  let searchSeq = 0;

  function set(patch: Partial<ListState>) {
    const next = { ...state, ...patch };
    if (patch.selectedKeys) next.toolbar = computeToolbar(list!.actions, menu, next.selectedKeys.length);
    state = next;
    for (const l of listeners) l();
  }

  function payload(): ListPayload {
    const condition: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(state.filters)) if (!isEmpty(v)) condition[k] = v;
    const keyword = state.keyword.trim();
    if (keyword) condition.keyword = keyword;
    const sort = state.sort ?? list!.defaultSort;
    condition.field = sort.field;
    condition.order = sort.order;
    return { current: state.current, size: state.size, condition };
  }

  /** Loads the current page. A failed search stops loading and leaves the rows as they were. */
  async function load(): Promise<void> {
    if (state.forbidden) return;
    const seq = ++searchSeq;
    set({ loading: true });
    try {
      const page = await deps.request<Page<Row>>(call!, payload(), options);
      if (seq !== searchSeq) return;
      const records = Array.isArray(page?.records) ? page.records : [];
      // Keep only selected rows that are still on the page: an action must never see a stale version.
      const keys = new Set(records.map((r) => String(r[rowKey])));
      set({
        records,
        total: Number(page?.total) || 0,
        loading: false,
        loaded: true,
        selectedKeys: state.selectedKeys.filter((k) => keys.has(k)),
      });
    } catch {
      // The request layer has already shown the error.
      if (seq === searchSeq) set({ loading: false });
    }
  }

  const selectedRows = () => {
    const keys = new Set(state.selectedKeys);
    return state.records.filter((r) => keys.has(String(r[rowKey])));
  };

  async function runAction(action: NormalisedAction): Promise<void> {
    const button = state.toolbar.buttons.find((b) => b.action.key === action.key);
    if (!button || button.disabled || state.running) return;
    const rows = selectedRows();
    if (action.target) {
      deps.navigate(fillTarget(action.target, rows[0]));
      return;
    }
    if (!action.call) return;
    if (action.confirmKey && !(await deps.confirm(action.confirmKey, { count: rows.length }))) return;
    set({ running: action.key });
    try {
      await deps.request(
        action.call,
        { delList: rows.map((r) => ({ id: r[rowKey], version: r.version })) },
        options,
      );
      deps.success('list.actionDone');
      set({ running: undefined, selectedKeys: [] });
      await load();
    } catch {
      set({ running: undefined });
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    payload,
    /** Reloads the current page with the current params. */
    reload: load,
    setKeyword(keyword: string) {
      set({ keyword });
    },
    /** Any search starts again from page 1 (spec 000 section 4). */
    search(params?: { keyword?: string; filters?: Record<string, unknown> }) {
      set({
        current: 1,
        ...(params?.keyword !== undefined ? { keyword: params.keyword } : {}),
        ...(params?.filters ? { filters: { ...params.filters } } : {}),
      });
      return load();
    },
    resetFilters() {
      set({ current: 1, filters: {}, keyword: '' });
      return load();
    },
    changePage(current: number, size: number) {
      set({ current: size !== state.size ? 1 : current, size });
      return load();
    },
    /** A column header sort; no order means back to the default sort. */
    changeSort(field: string | undefined, order: 'asc' | 'desc' | undefined) {
      set({ current: 1, sort: field && order ? { field, order } : null });
      return load();
    },
    setSelection(keys: string[]) {
      set({ selectedKeys: list.selection === 'single' ? keys.slice(-1) : keys });
    },
    selectedRows,
    runAction,
  };
}

export type ListController = ReturnType<typeof createListController>;
