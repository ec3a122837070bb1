// Loading past the user's limitCount (user info): from that total on, the 'more' icon offers to load
// all; once the user confirms, the search asks with limitCount 0, until the search changes.
import { createStore } from '../../store/createStore';
import type { ListContext } from './listContext';
import { memo } from './listContext';
import type { QueryStore } from './queryStore';

export interface LoadAllState {
  /** The user confirmed loading all data past their limitCount for the current search. */
  allData: boolean;
  /** The total reached the user's limitCount: the 'more' icon offers to load all. */
  limited: boolean;
}

export function createLoadAllStore(ctx: ListContext, query: QueryStore, limitCount = 0) {
  const store = createStore(() => ({ allData: false }));
  // 0 lifts the user's limit for this search, once they confirmed confirm.allData.
  query.addCondition(() => (store.get().allData ? { limitCount: 0 } : undefined));
  // A new search (page 1 again, other params) applies the limit again.
  query.onSearchChange(() => {
    if (store.get().allData) store.set({ allData: false });
  });

  const state = memo(
    (own: { allData: boolean }, total: number): LoadAllState => ({
      allData: own.allData,
      limited: limitCount > 0 && !own.allData && total >= limitCount,
    }),
  );
  const getState = () => state(store.get(), query.getState().total);

  return {
    getState,
    subscribe: store.subscribe,
    snapshot: () => ({ allData: store.get().allData }),
    restore(saved: { allData: boolean }): void {
      store.set({ allData: saved.allData });
    },
    /** The 'more' icon: asks confirm.allData, then searches again from page 1 without the user's limit. */
    async loadAll(): Promise<void> {
      if (!getState().limited) return;
      if (!(await ctx.deps.confirm('confirm.allData'))) return;
      store.set({ allData: true });
      query.update({ current: 1 });
      return query.load();
    },
  };
}

export type LoadAllStore = ReturnType<typeof createLoadAllStore>;
