import type { Menu } from '@schemas/generated/menu';
import { matchPath } from 'react-router-dom';
import { SHELL_PAGES } from '../../core/shellPages';
import { firstVisibleRoute, flattenMenus, moduleNumberOf } from '../../menu/menuTree';
import type { ScreenRouteInfo } from './screenCatalog';

export { SHELL_PAGES };

export type AppRoute =
  | { kind: 'shell'; path: string; titleKey: string; moduleNo?: string }
  /** A screen of the screen engine that this user's menus grant. */
  | {
      kind: 'screen';
      path: string;
      screen: ScreenRouteInfo;
      menu: Menu;
      title: string;
      titleKey: string;
      moduleNo: string;
    }
  /** A route menu the server lists but no screen implements yet. */
  | { kind: 'menu'; path: string; menu: Menu; title: string; moduleNo: string }
  /** A group's own path opens its first visible child. */
  | { kind: 'redirect'; path: string; to: string }
  /** A screen of the app whose menu this user does not have: 'menu not found'. */
  | { kind: 'forbidden'; path: string };

/**
 * A group has no address of its own in the menu data; its area is the first path segment its
 * routes share (/base for /base/organizational, /base/warehouse, ...), if they share one.
 */
export function groupPath(group: Menu): string | undefined {
  if (group.url) return group.url;
  const urls = flattenMenus(group.children ?? [])
    .filter((m) => m.menuType === 'route' && m.url.startsWith('/'))
    .map((m) => `/${m.url.split('/')[1]}`);
  if (!urls.length || urls.some((u) => u !== urls[0])) return undefined;
  return urls[0];
}

export function buildAppRoutes(tree: readonly Menu[], screens: readonly ScreenRouteInfo[]): AppRoute[] {
  const menus = flattenMenus(tree);
  const byNo = new Map(menus.map((m) => [m.menuNo, m]));
  const byUrl = new Map(menus.filter((m) => m.menuType === 'route').map((m) => [m.url, m]));
  const routes: AppRoute[] = [];
  const taken = new Set<string>();
  const add = (route: AppRoute) => {
    if (taken.has(route.path)) return;
    taken.add(route.path);
    routes.push(route);
  };

  for (const page of SHELL_PAGES) {
    const menu = byUrl.get(page.path);
    add({
      kind: 'shell',
      path: page.path,
      titleKey: page.titleKey,
      moduleNo: menu && moduleNumberOf(menu, byNo),
    });
  }
  for (const screen of screens) {
    const menu = byNo.get(screen.menuNo);
    if (!menu) {
      add({ kind: 'forbidden', path: screen.path });
      continue;
    }
    const own = byUrl.get(screen.path);
    add({
      kind: 'screen',
      path: screen.path,
      screen,
      menu,
      title: own && !screen.parentPath ? own.menuName : '',
      titleKey: screen.titleKey,
      moduleNo: screen.menuNo,
    });
  }
  for (const menu of menus) {
    if (menu.menuType === 'route' && menu.url.startsWith('/')) {
      add({ kind: 'menu', path: menu.url, menu, title: menu.menuName, moduleNo: moduleNumberOf(menu, byNo) });
    } else if (menu.menuType === 'group') {
      const path = groupPath(menu);
      const to = firstVisibleRoute(menu);
      if (path && to && path !== to) add({ kind: 'redirect', path, to });
    }
  }
  return routes;
}

/** The route a pathname opens, in the order buildAppRoutes gave them (more specific first). */
export function resolveRoute(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  return (
    routes.find((r) => r.path === pathname) ??
    routes.find((r) => matchPath({ path: r.path, end: true }, pathname))
  );
}
