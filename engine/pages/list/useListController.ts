import { useEffect, useState, useSyncExternalStore } from 'react';
import { onChanged, takeChanged } from '../../screens/changes';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedScreen } from '../../screens/types';
import { userStore } from '../../session/userStore';
import type { PageDeps } from '../types';
import { createListController, type ListController, type ListState } from './listController';

/** One controller per mounted list page; it searches on mount and again when a form marks it changed. */
export function useListController(
  screen: NormalisedScreen,
  menu: MenuFlags,
  deps: PageDeps,
): [ListState, ListController] {
  const [controller] = useState(() =>
    createListController(screen, menu, deps, { limitCount: userStore.get().info?.limitCount }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => {
    takeChanged(screen.path);
    void controller.init();
    return onChanged((path) => {
      if (path === screen.path && takeChanged(path)) void controller.reload();
    });
  }, [controller, screen.path]);
  return [state, controller];
}
