import { useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { pageTitle } from '../../app/usePageTitle';
import { menuStore } from '../../menu/menuStore';
import { setCurrentModuleNumber } from '../../request';
import { useStore } from '../../store/createStore';
import { FIXED_TITLE_KEYS, type VisitedTab } from '../../tabs/tabsModel';
import { visit } from '../../tabs/tabsStore';
import { type AppRoute, buildAppRoutes, resolveRoute } from './appRoutes';
import { useScreenCatalog } from './useScreenCatalog';

export const HOME_PATH = '/dashboard';

/** Title of a route as the tab and the document title show it. */
export function routeTitle(
  route: AppRoute | undefined,
  pathname: string,
  t: (key: string) => string,
): string {
  const fixed = FIXED_TITLE_KEYS[pathname];
  if (fixed) return t(fixed);
  if (!route) return '';
  switch (route.kind) {
    case 'shell':
      return t(route.titleKey);
    case 'screen':
      return route.title || t(route.titleKey);
    case 'menu':
      return route.title;
    default:
      return '';
  }
}

/**
 * Routes of this user (menus x screens), the route of the current location, and the effects a
 * route has outside its page: title, App-Module-Number and the visited tab.
 */
export function useShellRoutes() {
  const { t } = useTranslation();
  const location = useLocation();
  const { tree } = useStore(menuStore);
  const catalog = useScreenCatalog();
  const routes = useMemo(() => buildAppRoutes(tree, catalog?.screenRoutes ?? []), [tree, catalog]);
  const current = resolveRoute(routes, location.pathname);
  const title = routeTitle(current, location.pathname, t);
  const tabbable =
    current && (current.kind === 'shell' || current.kind === 'screen' || current.kind === 'menu');
  const fullPath = location.pathname + location.search;
  const currentTab = useMemo<VisitedTab | undefined>(
    () =>
      tabbable
        ? { path: location.pathname, fullPath, title, affix: location.pathname === HOME_PATH }
        : undefined,
    [tabbable, location.pathname, fullPath, title],
  );
  const moduleNo = current && 'moduleNo' in current ? current.moduleNo : undefined;

  // Layout effects run before the page's own effects, so its first request already carries the
  // menu number of this route.
  useLayoutEffect(() => {
    setCurrentModuleNumber(moduleNo);
  }, [moduleNo]);

  useLayoutEffect(() => {
    if (title) document.title = pageTitle(title);
  }, [title]);

  useLayoutEffect(() => {
    if (currentTab) visit(currentTab);
  }, [currentTab]);

  return { routes, current, currentTab, catalog, ready: catalog !== undefined };
}
