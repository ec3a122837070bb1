import type { Menu } from '@schemas/generated/menu';
import type { ComponentType } from 'react';

/**
 * The agreed interface of engine/screens/catalog.ts (owned by the screen engine). Declared here
 * only because that module may not exist yet; once it lands this should become
 * `import type { ScreenRouteInfo } from '../screens/catalog'`.
 */
export interface ScreenRouteInfo {
  path: string;
  name: string;
  menuNo: string;
  titleKey: string;
  parentPath?: string;
}

export interface ScreenCatalog {
  screenRoutes: ScreenRouteInfo[];
  ScreenHost: ComponentType<{ route: ScreenRouteInfo; menu: Menu }> | null;
}

// A glob instead of an import: it resolves to nothing while the catalog does not exist, and it keeps
// the catalog (and whatever it pulls in) out of the login chunk.
const modules = import.meta.glob<Partial<ScreenCatalog>>('../screens/catalog.ts');

export async function loadScreenCatalog(): Promise<ScreenCatalog> {
  const load = modules['../screens/catalog.ts'];
  if (!load) return { screenRoutes: [], ScreenHost: null };
  const mod = await load();
  return { screenRoutes: mod.screenRoutes ?? [], ScreenHost: mod.ScreenHost ?? null };
}
