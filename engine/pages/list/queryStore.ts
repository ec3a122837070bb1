// The list's query: the search (keyword, search values, page mode), paging and sort, the request built
// from them and the answer shown. Other stores change the search through update/edit, add parts of
// their own to the condition (the tabs' countBy, load-all's limitCount) and hear every page shown.
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../format';
import type { Page } from '../../request/types';
import { applyDatePresets } from '../../screens/datePreset';
import { NAMED_FILTER, withTab } from '../../screens/searchExtras';
import type { NormalisedList } from '../../screens/types';
import { createStore } from '../../store/createStore';
import { isEmpty, type ListContext, type Row } from './listContext';
import { checkSearchRules, type SearchRefusal } from './searchRules';

/**
 * idle: nothing asked yet (or the menu forbids searching); loading: a search is under way; ready: the
 * last search was answered, or refused by a search rule before it was sent; error: the last search
 * failed, and the rows of the one before stay.
 */
export type QueryStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface QueryState {
  keyword: string;
  /** Values of the search fields, applied. */
  filters: Record<string, unknown>;
  /** The page-mode switch (spec 000 section 2), 0 without one. */
  pageMode: 0 | 1;
  /** The user's column sort; null means the screen's default sort. */
  sort: { field: string; order: 'asc' | 'desc' } | null;
  current: number;
  size: number;
  records: Row[];
  total: number;
  status: QueryStatus;
  /** The menu does not grant isSearch: nothing is requested. */
  forbidden: boolean;
  /** The search broke one of the screen's search rules: nothing was sent (engine/pages/list/searchRules.ts). */
  searchRefusal?: SearchRefusal;
}

export interface ListPayload {
  current: number;
  size: number;
  condition: Record<string, unknown>;
}

/** A page the server answered, with the payload it answered. */
export interface ListAnswer {
  sent: ListPayload;
  records: Row[];
  total: number;
  /** Counts by the value of the condition's countBy prop. */
  counts?: Record<string, number>;
  /** Counts by the named filters of the condition's countFilters, and the total they were taken over. */
  filterCounts?: Record<string, number>;
  countTotal?: number;
}

/** The page's default search values: each search field's default, the first tab's value. */
export function defaultFilters(list: NormalisedList): Record<string, unknown> {
  const filters: Record<string, unknown> = Object.fromEntries(
    list.searchFields.filter((f) => f.defaultValue !== undefined).map((f) => [f.prop, f.defaultValue]),
  );
  // A date range that starts as the last N days (today included), in the range's own format.
  for (const f of list.searchFields) {
    if (!f.defaultDays || !f.endProp) continue;
    const format = f.dateFormat ?? DATE_FORMAT;
    filters[f.prop] = dayjs()
      .subtract(f.defaultDays - 1, 'day')
      .format(format);
    filters[f.endProp] = dayjs().format(format);
  }
  // The first tab is the default one: its value or its named filter ('' is the tab without a condition).
  return list.tabs ? withTab(list.tabs, filters, list.tabs.defaultKey) : filters;
}

export function createQueryStore(ctx: ListContext) {
  const { list, deps } = ctx;
  const defaults = defaultFilters(list);
  const store = createStore<QueryState>(() => ({
    keyword: '',
    filters: { ...defaults },
    pageMode: list.pageMode?.default ?? 0,
    sort: null,
    current: 1,
    size: list.pageSize,
    records: [],
    total: 0,
    status: 'idle',
    forbidden: ctx.forbidden,
  }));
  const parts: (() => Record<string, unknown> | undefined)[] = [];
  const changeListeners = new Set<() => void>();
  const editListeners = new Set<() => void>();
  const shownListeners = new Set<(records: Row[], answer?: ListAnswer) => void>();
  /** Numbers the searches: an answer a newer search overtook is dropped. */
  let seq = 0;

  const listen = <L>(set: Set<L>, listener: L) => {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };

  /** Changes the query; a change of keyword, search values or sort is a new search (onSearchChange). */
  function update(patch: Partial<QueryState>): void {
    store.set(patch);
    if ('keyword' in patch || 'filters' in patch || 'sort' in patch) for (const l of changeListeners) l();
  }

  /** A change of the search the user made (onEdit: the saved tag applied is no longer what is shown). */
  function edit(patch: Partial<QueryState>): void {
    for (const l of editListeners) l();
    update(patch);
  }

  /** The search the user asked for: the page mode's conditions, the search values set, the keyword. */
  function searchCondition(state: Pick<QueryState, 'filters' | 'keyword' | 'pageMode'> = store.get()) {
    // The page mode's conditions first: a search value the user set wins over them.
    const condition: Record<string, unknown> = { ...(list.pageMode?.modes[state.pageMode].condition ?? {}) };
    for (const [k, v] of Object.entries(state.filters)) if (!isEmpty(v)) condition[k] = v;
    const keyword = state.keyword.trim();
    if (keyword) condition.keyword = keyword;
    // A date preset's relative value ("30") becomes its start day when the search is sent.
    return applyDatePresets(list.searchFields, condition);
  }

  /** What an export sends: the list's own search and sort, without paging and the other stores' parts. */
  function exportCondition(): Record<string, unknown> {
    const sort = store.get().sort ?? list.defaultSort;
    return { ...searchCondition(), field: sort.field, order: sort.order };
  }

  function payload(): ListPayload {
    const state = store.get();
    const condition = exportCondition();
    for (const part of parts) Object.assign(condition, part());
    return { current: state.current, size: state.size, condition };
  }

  /** The applied search as a tag or a view stores it: keyword and non-empty search values by prop. */
  function params(): Record<string, unknown> {
    const { filters, keyword } = store.get();
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(filters)) if (!isEmpty(v)) out[k] = v;
    if (keyword.trim()) out.keyword = keyword.trim();
    return out;
  }

  /**
   * Conditions the advanced form does not hold (a tab or type filter that is no search field): a search
   * from the form keeps them.
   */
  function outsideForm(): Record<string, unknown> {
    const fields = new Set(list.searchFields.map((f) => f.prop));
    const { filters } = store.get();
    const kept: Record<string, unknown> = {};
    for (const prop of [list.tabs?.prop, list.tabs ? NAMED_FILTER : undefined, list.typeFilter?.prop])
      if (prop && !fields.has(prop) && !isEmpty(filters[prop])) kept[prop] = filters[prop];
    return kept;
  }

  /** Shows a page of rows; every onShown listener hears it (the selection drops rows no longer shown). */
  function show(records: Row[], total: number, patch: Partial<QueryState>, answer?: ListAnswer): void {
    store.set({ ...patch, records, total });
    for (const l of shownListeners) l(records, answer);
  }

  /** Loads the current page. A failed search leaves the rows as they were. */
  async function load(): Promise<void> {
    if (ctx.forbidden) return;
    const mine = ++seq;
    const sent = payload();
    const refusal = checkSearchRules(list.searchRules, sent.condition);
    if (refusal) {
      // The server would refuse it too: say why here and ask nothing.
      show([], 0, { status: 'ready', searchRefusal: refusal });
      return;
    }
    store.set({ status: 'loading', searchRefusal: undefined });
    try {
      const page = await deps.request<Page<Row> & Pick<ListAnswer, 'counts' | 'filterCounts' | 'countTotal'>>(
        ctx.call,
        sent,
        ctx.options,
      );
      if (mine !== seq) return;
      const records = Array.isArray(page?.records) ? page.records : [];
      const total = Number(page?.total) || 0;
      show(
        records,
        total,
        { status: 'ready' },
        {
          sent,
          records,
          total,
          counts: page?.counts,
          filterCounts: page?.filterCounts,
          countTotal: page?.countTotal,
        },
      );
    } catch {
      // The request layer has already shown the error.
      if (mine === seq) store.set({ status: 'error' });
    }
  }

  /** Shows a page answered before (a tab's cached answer); a search still under way is dropped. */
  function showCached(records: Row[], total: number): void {
    seq++;
    show(records, total, { status: 'ready' });
  }

  return {
    getState: store.get,
    subscribe: store.subscribe,
    /** The query as it stands (search, paging, sort and the answer shown), to be restored later. */
    snapshot: (): QueryState => store.get(),
    /**
     * Takes a snapshot's query back, telling no one (no search change, no edit, no page shown): the
     * page is as it was left, with the same rows. A search answered meanwhile would be stale: dropped.
     */
    restore(saved: QueryState): void {
      seq++;
      store.set({ ...saved, forbidden: ctx.forbidden });
    },
    /** The search values the page starts with and a reset returns to. */
    defaults,
    update,
    edit,
    /** Adds a part to every request's condition (read when the request is built). */
    addCondition(part: () => Record<string, unknown> | undefined): void {
      parts.push(part);
    },
    /** Hears every change of keyword, search values or sort. */
    onSearchChange: (listener: () => void) => listen(changeListeners, listener),
    /** Hears every change of the search the user made (edit). */
    onEdit: (listener: () => void) => listen(editListeners, listener),
    /** Hears every page shown, with the server's answer when it is one (not a cached page or a refusal). */
    onShown: (listener: (records: Row[], answer?: ListAnswer) => void) => listen(shownListeners, listener),
    searchCondition,
    exportCondition,
    payload,
    params,
    outsideForm,
    load,
    showCached,
    /** Any search starts again from page 1 (spec 000 section 4); the form's search keeps tab and type. */
    search(given?: { keyword?: string; filters?: Record<string, unknown> }): Promise<void> {
      edit({
        current: 1,
        ...(given?.keyword !== undefined ? { keyword: given.keyword } : {}),
        ...(given?.filters ? { filters: { ...outsideForm(), ...given.filters } } : {}),
      });
      return load();
    },
    setKeyword(keyword: string): void {
      if (keyword !== store.get().keyword) edit({ keyword });
    },
    resetFilters(): Promise<void> {
      edit({ current: 1, filters: { ...defaults }, keyword: '' });
      return load();
    },
    changePage(current: number, size: number): Promise<void> {
      update({ current: size !== store.get().size ? 1 : current, size });
      return load();
    },
    /** A column header sort; no order means back to the default sort. */
    changeSort(field: string | undefined, order: 'asc' | 'desc' | undefined): Promise<void> {
      update({ current: 1, sort: field && order ? { field, order } : null });
      return load();
    },
  };
}

export type QueryStore = ReturnType<typeof createQueryStore>;
