// What the router needs from the screens: their route metadata now, everything else on demand (the
// host, host/ScreenHost.tsx, loads a route's screen when it is opened).
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
