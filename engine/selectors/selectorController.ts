// Headless remote select: pages of options from the selector's lookup, searched by keyword with a
// 300 ms debounce, the next page on demand, only valid records. A failed lookup stops loading and
// leaves the options as they were (spec 000 section 8). No React here.
import type { RequestFn } from '../request/types';
import type { SelectorDefinition } from './definitions';
import { isEmptyValue, splitValues } from './dependency';

export const SEARCH_DEBOUNCE_MS = 300;

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectorState {
  options: SelectOption[];
  loading: boolean;
  page: number;
  hasMore: boolean;
  keyword: string;
}

export interface SelectorControllerOptions {
  def: SelectorDefinition;
  request: RequestFn;
  moduleNumber?: string;
  /** The parent's value, read at each lookup. */
  parentValue?: () => unknown;
  /** Extra condition from the screen (lookupCondition, the dictionary's enumMid), read at each lookup. */
  condition?: Record<string, unknown> | (() => Record<string, unknown>);
  /** Options of a selector without a lookup (the session's organisations). */
  local?: () => Record<string, unknown>[];
}

type Row = Record<string, unknown>;

export function toOption(def: SelectorDefinition, row: Row): SelectOption {
  const own = row[def.labelField];
  const label = isEmptyValue(own) && def.fallbackLabelField ? row[def.fallbackLabelField] : own;
  const value = String(row[def.valueField] ?? '');
  return { value, label: isEmptyValue(label) ? value : String(label) };
}

/**
 * The body a lookup sends: {current, size, condition{keyword, ...extra, ...condition, parent}}. A parent
 * holding several values (a multi-select) is sent as condition.in {parentKey: [values]}.
 */
export function lookupBody(
  def: SelectorDefinition,
  page: number,
  keyword: string,
  parentValue: unknown,
  condition: Record<string, unknown> = {},
) {
  const c: Row = { ...def.extra, ...condition };
  if (keyword) c.keyword = keyword;
  const parents = splitValues(parentValue);
  if (def.parentKey && parents.length === 1) c[def.parentKey] = parents[0];
  else if (def.parentKey && parents.length > 1) c.in = { [def.parentKey]: parents };
  return def.flat ? c : { current: page, size: def.pageSize, condition: c };
}

export function createSelectorController(o: SelectorControllerOptions) {
  const { def } = o;
  let state: SelectorState = { options: [], loading: false, page: 0, hasMore: true, keyword: '' };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<SelectorState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ticket = 0;

  async function fetchPage(page: number, keyword: string): Promise<void> {
    if (o.local) {
      const rows = o.local().map((r) => toOption(def, r));
      const kw = keyword.toLowerCase();
      set({
        options: kw ? rows.filter((r) => `${r.value} ${r.label}`.toLowerCase().includes(kw)) : rows,
        page: 1,
        hasMore: false,
        keyword,
        loading: false,
      });
      return;
    }
    if (!def.call) return;
    const mine = ++ticket;
    set({ loading: true, keyword });
    try {
      const condition = typeof o.condition === 'function' ? o.condition() : o.condition;
      const body = lookupBody(def, page, keyword, o.parentValue?.(), condition);
      const data = await o.request<Row[] | { records?: Row[]; total?: number }>(def.call, body, {
        moduleNumber: o.moduleNumber,
      });
      if (mine !== ticket) return; // a newer search has started
      const records = Array.isArray(data) ? data : (data?.records ?? []);
      const total = Array.isArray(data) ? records.length : (data?.total ?? records.length);
      const incoming = records.map((r) => toOption(def, r));
      const options = page === 1 ? incoming : [...state.options, ...incoming];
      const unique = [...new Map(options.map((x) => [x.value, x])).values()];
      set({
        options: unique,
        page,
        hasMore: !def.flat && unique.length < total && incoming.length > 0,
        loading: false,
      });
    } catch {
      if (mine === ticket) set({ loading: false });
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
    /** First page, now (when the dropdown opens or the parent changes). */
    load: () => fetchPage(1, state.keyword),
    /** A typed keyword: searched from page 1 after 300 ms without typing. */
    search(keyword: string): void {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void fetchPage(1, keyword), SEARCH_DEBOUNCE_MS);
    },
    /** The next page, when there is one and nothing is loading. */
    loadMore: () =>
      state.hasMore && !state.loading ? fetchPage(state.page + 1, state.keyword) : Promise.resolve(),
    /** Forget the options (the parent changed). */
    reset(): void {
      ticket++;
      set({ options: [], page: 0, hasMore: true, keyword: '', loading: false });
    },
    dispose(): void {
      if (timer) clearTimeout(timer);
    },
  };
}

export type SelectorController = ReturnType<typeof createSelectorController>;
