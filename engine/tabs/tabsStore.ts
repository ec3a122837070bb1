import { createStore } from '../store/createStore';
import { pageCache } from './pageCache';
import {
  addTab,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  keepRecent,
  nextActive,
  removedPaths,
  touchRecent,
  type VisitedTab,
} from './tabsModel';

interface TabsState {
  tabs: VisitedTab[];
  /** The open tabs' paths in order of use, most recent first: which pages stay mounted (mountedPaths). */
  recent: string[];
  /** Bumped per path to remount that page (tab refresh). */
  refreshKeys: Record<string, number>;
}

export const tabsStore = createStore<TabsState>(() => ({ tabs: [], recent: [], refreshKeys: {} }));

/** The page at `tab` is shown: its tab is added (or its address updated) and becomes the most recent. */
export function visit(tab: VisitedTab): void {
  const { tabs, recent } = tabsStore.get();
  const next = addTab(tabs, tab);
  const order = touchRecent(recent, tab.path);
  if (next !== tabs || order !== recent) tabsStore.set({ tabs: next, recent: order });
}

export type CloseKind = 'close' | 'others' | 'left' | 'right' | 'all';

/** Applies a close operation; returns where to navigate when the active tab went away. */
export function closeTabs(kind: CloseKind, path: string, activePath: string): string | undefined {
  const before = tabsStore.get().tabs;
  const after =
    kind === 'close'
      ? closeTab(before, path)
      : kind === 'others'
        ? closeOthers(before, path)
        : kind === 'left'
          ? closeLeft(before, path)
          : kind === 'right'
            ? closeRight(before, path)
            : closeAll(before);
  for (const removed of removedPaths(before, after)) pageCache.drop(removed);
  tabsStore.set((s) => ({ tabs: after, recent: keepRecent(s.recent, after) }));
  return nextActive(before, after, activePath, kind === 'close' || kind === 'all' ? undefined : path);
}

export function refreshTab(path: string): void {
  pageCache.drop(path);
  tabsStore.set((s) => ({ refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } }));
}

export function clearTabs(): void {
  pageCache.clear();
  tabsStore.reset();
}
