import { type ComponentProps, memo, type RefObject, useLayoutEffect, useMemo, useRef } from 'react';
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  NavigationType,
  parsePath,
  UNSAFE_RouteContext as RouteContext,
  useLocation,
} from 'react-router-dom';
import { useStore } from '../../store/createStore';
import { addTab, MOUNTED_PAGES, mountedPaths, touchRecent, type VisitedTab } from '../../tabs/tabsModel';
import { tabsStore } from '../../tabs/tabsStore';
import { PageRoutes } from './PageRoutes';
import type { useShellRoutes } from './useShellRoutes';
import { useTabScroll } from './useTabScroll';

type ShellRoutes = ReturnType<typeof useShellRoutes>;

/**
 * What a page's routes stand under: the top, as the shell's own route (a splat at '/') is. Constant, so
 * the router's route context, new on every navigation, does not reach the pages.
 */
const PAGE_ROUTE_PARENT = { outlet: null, matches: [], isDataRoute: false };

function locationOf(tab: VisitedTab): Location {
  const { pathname = tab.path, search = '', hash = '' } = parsePath(tab.fullPath);
  return { pathname, search, hash, state: null, key: tab.path };
}

interface KeptPageProps {
  tab: VisitedTab;
  active: boolean;
  /** The router's location while the page is active; a hidden page keeps the one it was left at. */
  location: Location | undefined;
  refreshKey: number;
  routes: ShellRoutes['routes'];
  ScreenHost: ComponentProps<typeof PageRoutes>['ScreenHost'];
}

/**
 * One tab's page. A hidden page renders again only when it is shown, hidden, refreshed or its routes
 * change, not on every navigation of the shell; it keeps the location it was left at (the same object,
 * so the page sees no new visit while hidden). The page gets a location and a route context of its
 * own: `Routes` reads the router's (and so does every `useLocation` and `useNavigate` below it) even
 * when it is given a location, and both are new on every navigation; without them every mounted page
 * would render again on every navigation.
 */
const KeptPage = memo(function KeptPage({
  tab,
  active,
  location,
  refreshKey,
  routes,
  ScreenHost,
}: KeptPageProps) {
  const left = useRef<Location | undefined>(undefined);
  if (active && location) left.current = location;
  const shown = left.current ?? locationOf(tab);
  const context = useMemo(() => ({ location: shown, navigationType: NavigationType.Pop }), [shown]);
  const root = useRef<HTMLDivElement>(null);
  // A page shown in place of the one that held the focus takes it, so the keyboard goes on from the
  // top of the page the user now sees, not from a control hidden with the page it left. A focus
  // elsewhere (the side menu, the tabs) stays where it is.
  useLayoutEffect(() => {
    const focus = document.activeElement;
    if (active && (!focus || focus === document.body || focus.closest('.shell__page[hidden]')))
      root.current?.focus({ preventScroll: true });
  }, [active]);
  return (
    <div ref={root} className="shell__page" hidden={!active} data-page-path={tab.path} tabIndex={-1}>
      <RouteContext.Provider value={PAGE_ROUTE_PARENT}>
        <LocationContext.Provider value={context}>
          <PageRoutes key={refreshKey} routes={routes} location={shown} ScreenHost={ScreenHost} />
        </LocationContext.Provider>
      </RouteContext.Provider>
    </div>
  );
});

/**
 * The pages of the visited tabs: the active one and the most recently used others stay mounted, hidden
 * when not active (MOUNTED_PAGES in all), so going back to one of them shows it as the user left it.
 * Past the cap the least recently used page is unmounted while its tab stays in the bar: a page keeps
 * its state in the page cache when it unmounts and takes it back when it is shown again (a list's
 * search, paging, sort, selection and last answer; a form's unsaved values), and the shell keeps each
 * tab's scroll position (useTabScroll). Closing a tab unmounts its page and forgets its state; refresh
 * mounts it anew.
 */
export function KeepAlivePages({ shell, content }: { shell: ShellRoutes; content: RefObject<HTMLElement> }) {
  const location = useLocation();
  const { tabs, recent, refreshKeys } = useStore(tabsStore);
  const current = shell.currentTab;
  // The current page joins the list and the front of the order of use in this very render, so it is
  // not remounted once the tab is stored, and the page it pushes past the cap unmounts at once.
  const shown = current ? addTab(tabs, current) : tabs;
  const order = current ? touchRecent(recent, current.path) : recent;
  // The pages mounted as last committed: a hidden page is never mounted anew (closing a tab does not
  // bring an unmounted page back in the background).
  const before = useRef<ReadonlySet<string> | undefined>(undefined);
  const mounted = mountedPaths(shown, order, current?.path, MOUNTED_PAGES, before.current);
  useLayoutEffect(() => {
    before.current = mounted;
  });
  const ScreenHost = shell.catalog?.ScreenHost ?? null;
  useTabScroll(content, current?.path, current ? (refreshKeys[current.path] ?? 0) : 0);

  return (
    <>
      {shown.map((tab) => {
        if (!mounted.has(tab.path)) return null;
        const active = tab.path === current?.path;
        return (
          <KeptPage
            key={tab.path}
            tab={tab}
            active={active}
            location={active ? location : undefined}
            refreshKey={refreshKeys[tab.path] ?? 0}
            routes={shell.routes}
            ScreenHost={ScreenHost}
          />
        );
      })}
      {!current && (
        <div className="shell__page">
          <PageRoutes routes={shell.routes} location={location} ScreenHost={ScreenHost} />
        </div>
      )}
    </>
  );
}
