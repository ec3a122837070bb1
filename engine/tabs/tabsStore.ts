import { createStore } from '../store/createStore';
import { pageCache } from './pageCache';
import {
  addTab,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  nextActive,
  removedPaths,
  type VisitedTab,
} from './tabsModel';

interface TabsState {
  tabs: VisitedTab[];
  /** Bumped per path to remount that page (tab refresh). */
  refreshKeys: Record<string, number>;
}

export const tabsStore = createStore<TabsState>(() => ({ tabs: [], refreshKeys: {} }));

export function visit(tab: VisitedTab): void {
  const { tabs } = tabsStore.get();
  const next = addTab(tabs, tab);
  if (next !== tabs) tabsStore.set({ tabs: next });
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
  tabsStore.set({ tabs: after });
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
