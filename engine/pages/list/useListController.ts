import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { onChanged, takeChanged } from '../../screens/changes';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedScreen } from '../../screens/types';
import { userStore } from '../../session/userStore';
import { pageCache } from '../../tabs/pageCache';
import type { PageDeps } from '../types';
import { createListController, type ListController, type ListState } from './listController';
import { type ListSnapshot, worthKeeping } from './snapshot';

/** What a list page leaves in the page cache: its state, for the very same screen only. */
interface KeptList {
  screen: NormalisedScreen;
  state: ListSnapshot;
}

/**
 * One controller per mounted list page. It searches on mount and again when a form marks it changed;
 * a page mounted again while its tab stayed open (the shell unmounts the least recently used pages)
 * takes back the state it left in the page cache instead, and searches only if that answer is no
 * longer valid (resumeAction).
 */
export function useListController(
  screen: NormalisedScreen,
  menu: MenuFlags,
  deps: PageDeps,
): [ListState, ListController] {
  // The tab's own path (the shell renders each tab's page at its own location).
  const { pathname, search } = useLocation();
  const [{ controller, restored, epoch, page }] = useState(() => {
    const controller = createListController(screen, menu, deps, {
      limitCount: userStore.get().info?.limitCount,
    });
    const kept = pageCache.get<KeptList>(pathname);
    // A new screen (custom fields changed meanwhile) starts afresh, as a new page would.
    const restored = kept?.screen === screen;
    if (restored) controller.restore(kept.state);
    // A search the page was opened with (a dashboard item's link), taken when it is first mounted.
    const params = new URLSearchParams(search);
    const opening = { keyword: params.get('keyword') ?? undefined, tab: params.get('tab') ?? undefined };
    return {
      controller,
      restored,
      epoch: pageCache.epoch(pathname),
      page: { screen, path: pathname, opening },
    };
  });
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => {
    const { screen, path: tabPath } = page;
    // Taken back (or never kept): nothing stale stays in the cache while the page is mounted.
    pageCache.remove(tabPath);
    const changed = takeChanged(screen.path);
    void (restored ? controller.resume(changed) : controller.init(page.opening));
    const off = onChanged((path) => {
      if (path === screen.path && takeChanged(path)) void controller.reload();
    });
    return () => {
      off();
      // Unmounted with its tab still open: keep the state for when the tab is shown again. A tab
      // closed or refreshed meanwhile has a new epoch, and the write is ignored.
      const saved = controller.snapshot();
      if (worthKeeping(saved)) pageCache.set(tabPath, { screen, state: saved } satisfies KeptList, { epoch });
    };
  }, [controller, page, restored, epoch]);
  return [state, controller];
}
