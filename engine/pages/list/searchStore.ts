// The controls around the search: tabs with their counts and their cached answers, the type filter,
// the page-mode switch, the screening-condition chips, and the search rules' verdict on the advanced
// form. Tab, type value and chips follow the query's search values; the counts come with its answers.
import { tabCountCondition, tabCountsOf, tabKeyOf, withTab } from '../../screens/searchExtras';
import type { NormalisedList } from '../../screens/types';
import { createStore } from '../../store/createStore';
import { type SearchChip, searchChips } from './chips';
import { isEmpty, type ListContext, memo, type Row } from './listContext';
import type { QueryState, QueryStore } from './queryStore';
import { checkSearchRules, type SearchRefusal } from './searchRules';

export interface SearchState {
  /** Key of the active tab (its value under the tabs' prop, or its named filter); undefined without tabs or when no tab matches. */
  tab?: string;
  /** Each tab's count by tab key, from the last list answer that had counts. */
  tabCounts: Record<string, number>;
  /** Value of the type-filter button group; undefined is 'all'. */
  typeValue?: string;
  /** The current screening conditions as removable chips. */
  chips: SearchChip[];
}

/**
 * The tab of some search values: the tab of their named filter, else the tab whose value is under the
 * tabs' prop ('' when nothing is).
 */
export function tabOf(
  list: Pick<NormalisedList, 'tabs'>,
  filters: Record<string, unknown>,
): string | undefined {
  return list.tabs ? tabKeyOf(list.tabs, filters) : undefined;
}

/** The search controls' own part of a list snapshot: the tab counts and each tab's cached answer. */
export interface SearchSnapshot {
  tabCounts: Record<string, number>;
  cache: [string, { key: string; records: Row[]; total: number }][];
}

export function createSearchStore(ctx: ListContext, query: QueryStore) {
  const { list } = ctx;
  const { tabs, typeFilter, pageMode: pageModes } = list;
  const store = createStore(() => ({ tabCounts: {} as Record<string, number> }));
  /**
   * Per-tab result cache (spec 000 section 4): the last answer of each tab with the payload it
   * answered. Going back to a tab reuses it when the payload is the same; invalidate() clears it.
   */
  let cache = new Map<string, { key: string; records: Row[]; total: number }>();

  const follow = memo(
    (filters: QueryState['filters'], keyword: string): Omit<SearchState, 'tabCounts'> => ({
      tab: tabOf(list, filters),
      typeValue:
        typeFilter && !isEmpty(filters[typeFilter.prop]) ? String(filters[typeFilter.prop]) : undefined,
      chips: searchChips(list, keyword, filters),
    }),
  );
  const state = memo(
    (own: { tabCounts: Record<string, number> }, filters: QueryState['filters'], keyword: string) => ({
      ...follow(filters, keyword),
      tabCounts: own.tabCounts,
    }),
  );
  const getState = (): SearchState => {
    const q = query.getState();
    return state(store.get(), q.filters, q.keyword);
  };

  // Tab counts come with the answer: the server counts the same search by the tabs' prop and by the
  // tabs' named filters.
  if (tabs?.counts) query.addCondition(() => tabCountCondition(tabs));

  query.onShown((_records, answer) => {
    if (!answer || !tabs) return;
    cache.set(getState().tab ?? '', {
      key: JSON.stringify(answer.sent),
      records: answer.records,
      total: answer.total,
    });
    const counts = tabCountsOf(tabs, answer);
    if (counts) store.set({ tabCounts: counts });
  });

  /** Searches, or shows the cached answer of the tab when it answered this very search. */
  function loadOrReuse(): Promise<void> {
    const hit = cache.get(getState().tab ?? '');
    if (hit && hit.key === JSON.stringify(query.payload())) {
      query.showCached(hit.records, hit.total);
      return Promise.resolve();
    }
    return query.load();
  }

  return {
    getState,
    subscribe: store.subscribe,
    snapshot: (): SearchSnapshot => ({ tabCounts: store.get().tabCounts, cache: [...cache] }),
    restore(saved: SearchSnapshot): void {
      cache = new Map(saved.cache);
      store.set({ tabCounts: saved.tabCounts });
    },
    /** Drops every cached answer: the data changed. */
    invalidate(): void {
      cache.clear();
    },
    /**
     * Changes the tab (by its key): its value goes under the tabs' prop, or its named filter under
     * namedFilter, the other tab conditions go; page 1; the tab's cached answer if still valid.
     */
    selectTab(key: string): Promise<void> {
      if (!tabs?.items.some((i) => i.key === key)) return Promise.resolve();
      query.edit({ filters: withTab(tabs, query.getState().filters, key), current: 1 });
      return loadOrReuse();
    },
    /** The type-filter button group: one option, or undefined for 'all'; searches from page 1. */
    setTypeFilter(value: string | undefined): Promise<void> {
      if (!typeFilter) return Promise.resolve();
      if (value !== undefined && !typeFilter.options.some((o) => o.value === value)) return Promise.resolve();
      const filters = { ...query.getState().filters };
      if (value === undefined) delete filters[typeFilter.prop];
      else filters[typeFilter.prop] = value;
      query.edit({ filters, current: 1 });
      return query.load();
    },
    /** The page-mode switch: searches from page 1 in the other mode. */
    setPageMode(mode: 0 | 1): Promise<void> {
      if (!pageModes || mode === query.getState().pageMode || (mode !== 0 && mode !== 1))
        return Promise.resolve();
      query.update({ pageMode: mode, current: 1 });
      return query.load();
    },
    /** Removes a screening-condition chip: its condition is cleared and the list searches from page 1. */
    removeChip(prop: string): Promise<void> {
      if (!getState().chips.some((c) => c.prop === prop)) return Promise.resolve();
      if (prop === 'keyword') {
        query.edit({ keyword: '', current: 1 });
        return query.load();
      }
      const filters = { ...query.getState().filters };
      delete filters[prop];
      const endProp = list.searchFields.find((f) => f.prop === prop)?.endProp;
      if (endProp) delete filters[endProp];
      query.edit({ filters, current: 1 });
      return query.load();
    },
    /**
     * The refusal the advanced form's values would meet (checked on Query, so the form stays open and
     * says why); the keyword, tab and page mode in force count too.
     */
    refusalFor(filters: Record<string, unknown>): SearchRefusal | undefined {
      const condition = query.searchCondition({
        ...query.getState(),
        filters: { ...query.outsideForm(), ...filters },
      });
      return checkSearchRules(list.searchRules, condition);
    },
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;
