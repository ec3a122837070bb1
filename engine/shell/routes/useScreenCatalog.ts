import { useEffect, useState } from 'react';
import { loadScreenCatalog, type ScreenCatalog } from './screenCatalog';

let cached: ScreenCatalog | undefined;

/** The screen engine's catalog, loaded once; undefined while loading. */
export function useScreenCatalog(): ScreenCatalog | undefined {
  const [catalog, setCatalog] = useState(cached);
  useEffect(() => {
    if (cached) return;
    let alive = true;
    loadScreenCatalog()
      .catch((error) => {
        console.error('screen catalog failed to load', error);
        return { screenRoutes: [], ScreenHost: null } satisfies ScreenCatalog;
      })
      .then((loaded) => {
        cached = loaded;
        if (alive) setCatalog(loaded);
      });
    return () => {
      alive = false;
    };
  }, []);
  return catalog;
}
