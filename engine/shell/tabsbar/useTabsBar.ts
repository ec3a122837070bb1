import { useDebounceFn } from 'ahooks';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { routeNameOf } from '../../dev/developerFlag';
import { menuStore } from '../../menu/menuStore';
import { useStore } from '../../store/createStore';
import type { VisitedTab } from '../../tabs/tabsModel';
import { type CloseKind, closeTabs, refreshTab, tabsStore } from '../../tabs/tabsStore';
import { buildAppRoutes, resolveRoute } from '../routes/appRoutes';
import { useScreenCatalog } from '../routes/useScreenCatalog';

export const REFRESH_DEBOUNCE_MS = 300;

/** The visited-tabs bar: which tabs, which is active, and what its menu items do. */
export function useTabsBar(currentTab: VisitedTab | undefined) {
  const navigate = useNavigate();
  const location = useLocation();
  const { tabs: stored } = useStore(tabsStore);
  const tabs =
    currentTab && !stored.some((t) => t.path === currentTab.path) ? [...stored, currentTab] : stored;
  const activePath = location.pathname;
  const { tree } = useStore(menuStore);
  const catalog = useScreenCatalog();
  const routes = useMemo(() => buildAppRoutes(tree, catalog?.screenRoutes ?? []), [tree, catalog]);
  /** What the developer flag copies: the active route's name. */
  const routeName = routeNameOf(resolveRoute(routes, activePath), activePath);

  function close(kind: CloseKind, path: string) {
    const next = closeTabs(kind, path, activePath);
    if (next) navigate(next);
  }

  // Repeated clicks within 300 ms refresh once (spec 000 section 2).
  const { run: refresh } = useDebounceFn((path: string) => refreshTab(path), { wait: REFRESH_DEBOUNCE_MS });

  function open(path: string) {
    const tab = tabs.find((t) => t.path === path);
    if (tab && path !== activePath) navigate(tab.fullPath);
  }

  function canClose(kind: CloseKind, path: string): boolean {
    const index = tabs.findIndex((t) => t.path === path);
    const closable = (t: VisitedTab, i: number) => !t.affix && i !== index;
    switch (kind) {
      case 'close':
        return index !== -1 && !tabs[index].affix;
      case 'others':
        return tabs.some(closable);
      case 'left':
        return tabs.some((t, i) => i < index && !t.affix);
      case 'right':
        return tabs.some((t, i) => i > index && !t.affix);
      case 'all':
        return tabs.some((t) => !t.affix);
    }
  }

  return { tabs, activePath, routeName, open, close, refresh, canClose };
}
