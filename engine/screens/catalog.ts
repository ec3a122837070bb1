// What the router needs from the screens: their route metadata now, everything else on demand.
import type { Menu } from '@schemas/generated/menu';
import { type ComponentType, lazy } from 'react';
import { screenMetas } from './meta';

export interface ScreenRouteInfo {
  path: string;
  name: string;
  menuNo: string;
  titleKey: string;
  parentPath?: string;
}

export const screenRoutes: ScreenRouteInfo[] = screenMetas
  .map(({ meta: { path, name, menuNo, titleKey, parentPath } }) => ({
    path,
    name,
    menuNo,
    titleKey,
    parentPath,
  }))
  .sort((a, b) => a.path.localeCompare(b.path));

/** Loads the route's screen and its page kind lazily; `menu` carries the permission flags. */
export const ScreenHost: ComponentType<{ route: ScreenRouteInfo; menu: Menu }> = lazy(
  () => import('./ScreenHost'),
);
