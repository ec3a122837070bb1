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

interface Made {
  holder: { deps: FormDeps };
  controller: FormController;
  restored: boolean;
  epoch: number;
  page: { screen: NormalisedScreen; path: string; id?: string };
}

/** Deps that always call the latest render's functions and read its values. */
function latestOf(holder: { deps: FormDeps }): FormDeps {
  return new Proxy({} as FormDeps, {
    get(_target, key) {
      const value = holder.deps[key as keyof FormDeps];
      return typeof value === 'function'
        ? (...args: unknown[]) =>
            (holder.deps[key as keyof FormDeps] as (...a: unknown[]) => unknown)(...args)
        : value;
    },
  });
}

/** The controller a form page's first render made, by path, until that page is mounted. */
const starting = new Map<string, Made>();

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
  const [made] = useState(() => {
    // The controller asks for its selectors' names as it is made. A first render React throws away
    // and starts again (another component updated meanwhile) must take the controller that render
    // made, not make another whose requests would update the page again, render after render.
    const started = starting.get(pathname);
    if (started && started.page.screen === screen && started.page.id === params.id) return started;
    const holder = { deps };
    const controller = createFormController(screen, latestOf(holder), params);
    const kept = pageCache.get<KeptForm>(pathname);
    const restored = kept !== undefined && kept.screen === screen && kept.id === params.id;
    if (restored) controller.restore(kept.state);
    const fresh: Made = {
      holder,
      controller,
      restored,
      epoch: pageCache.epoch(pathname),
      page: { screen, path: pathname, id: params.id },
    };
    starting.set(pathname, fresh);
    return fresh;
  });
  // The page's own navigate, confirm and the rest, from this render: a render thrown away took its
  // functions with it (React Router ignores a navigate of a component that never mounted).
  made.holder.deps = deps;
  const { controller, restored, epoch, page } = made;
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => {
    // Mounted: the next page on this path makes its own controller.
    if (starting.get(page.path) === made) starting.delete(page.path);
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
  }, [made, controller, restored, epoch, page]);
  return [state, controller];
}
