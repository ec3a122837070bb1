import type { Menu } from '@schemas/generated/menu';
import { type ComponentType, lazy } from 'react';
import type { ScreenRouteInfo } from '../../screens/catalog';

export type { ScreenRouteInfo } from '../../screens/catalog';

export interface ScreenCatalog {
  screenRoutes: ScreenRouteInfo[];
  ScreenHost: ComponentType<{ route: ScreenRouteInfo; menu: Menu }> | null;
}

/** Loads the route's screen and its page kind lazily; `menu` carries the permission flags. */
const ScreenHost: ComponentType<{ route: ScreenRouteInfo; menu: Menu }> = lazy(
  () => import('../../host/ScreenHost'),
);

/** The screen engine's catalog, imported lazily so it (and what it pulls in) stays out of the login route. */
export async function loadScreenCatalog(): Promise<ScreenCatalog> {
  const { screenRoutes } = await import('../../screens/catalog');
  return { screenRoutes, ScreenHost };
}
