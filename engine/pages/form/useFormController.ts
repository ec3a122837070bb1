import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import type { NormalisedScreen } from '../../screens/types';
import { pageCache } from '../../tabs/pageCache';
import {
  createFormController,
  type FormController,
  type FormDeps,
  type FormSnapshot,
  type FormState,
} from './formController';

/** What a form page leaves in the page cache: its state, for the very same screen and record only. */
interface KeptForm {
  screen: NormalisedScreen;
  id?: string;
  state: FormSnapshot;
}

/**
 * One controller per mounted form page (remount it for another id or language). A page mounted again
 * while its tab stayed open (the shell unmounts the least recently used pages) takes back the record
 * and the unsaved values it left in the page cache instead of loading.
 */
export function useFormController(
  screen: NormalisedScreen,
  deps: FormDeps,
  params: { id?: string },
): [FormState, FormController] {
  // The tab's own path (the shell renders each tab's page at its own location).
  const { pathname } = useLocation();
  const [{ controller, restored, epoch, page }] = useState(() => {
    const controller = createFormController(screen, deps, params);
    const kept = pageCache.get<KeptForm>(pathname);
    const restored = kept !== undefined && kept.screen === screen && kept.id === params.id;
    if (restored) controller.restore(kept.state);
    return {
      controller,
      restored,
      epoch: pageCache.epoch(pathname),
      page: { screen, path: pathname, id: params.id },
    };
  });
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => {
    // Taken back (or never kept): nothing stale stays in the cache while the page is mounted (a page
    // built again, for another language, loads afresh rather than from an older state).
    pageCache.remove(page.path);
    if (!restored) void controller.load();
    return () => {
      // A tab closed (after a save too) or refreshed meanwhile has a new epoch: the write is ignored.
      const saved = controller.snapshot();
      if (saved)
        pageCache.set(page.path, { screen: page.screen, id: page.id, state: saved } satisfies KeptForm, {
          epoch,
        });
    };
  }, [controller, restored, epoch, page]);
  return [state, controller];
}
