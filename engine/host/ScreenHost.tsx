// Loads the route's screen (validated and normalised once) and renders its page kind, each kind a
// lazy chunk of its own. The widget registry is filled when this file loads (widgets.ts), each widget a
// lazy chunk too: a form or detail page renders once the widgets its screen names are loaded, so it
// shows whole; a list page renders at once (its search fields show in a popover, on demand).
import type { Menu } from '@schemas/generated/menu';
import { Spin } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { ScreenRouteInfo } from '../screens/catalog';
import type { MenuFlags } from '../screens/flags';
import { loadScreen, prefetchScreen, screenRevision, useScreensVersion } from '../screens/load';
import { ScreenValidationError } from '../screens/screenErrors';
import type { NormalisedScreen } from '../screens/types';
import { LoadFailed } from '../widgets/LoadFailed';
import { preloadWidgets, screenWidgets } from './widgets';

type PageProps = { screen: NormalisedScreen; menu: MenuFlags };

type Kind = NormalisedScreen['kind'];

const PAGE_MODULES: Record<Kind, () => Promise<{ default: ComponentType<PageProps> }>> = {
  list: () => import('../pages/list/ListPage'),
  form: () => import('../pages/form/FormPage'),
  detail: () => import('../pages/detail/DetailPage'),
  dashboard: () => import('../pages/dashboard/DashboardPage'),
};

/** The page kinds that render their screen's widgets on their first render. */
const RENDERS_WIDGETS: ReadonlySet<Kind> = new Set<Kind>(['form', 'detail']);

/** The screen, once the widgets its page renders first are loaded. */
function withItsWidgets(screen: NormalisedScreen): Promise<NormalisedScreen> {
  if (!RENDERS_WIDGETS.has(screen.kind)) return Promise.resolve(screen);
  return preloadWidgets(screenWidgets(screen)).then(() => screen);
}

const PAGE_KINDS = Object.fromEntries(
  Object.entries(PAGE_MODULES).map(([kind, load]) => [kind, lazy(load)]),
) as Record<Kind, LazyExoticComponent<ComponentType<PageProps>>>;

/**
 * Starts loading what a route's page needs, before the shell has rendered it: its page kind with the
 * widgets, and its screen file. Loading twice costs nothing: the browser keeps each module once.
 */
export function prefetchPage(kind: Kind, path: string): void {
  PAGE_MODULES[kind]().catch(() => undefined);
  prefetchScreen(path);
}

const spinner = (
  <div className="page-fill">
    <Spin />
  </div>
);

export default function ScreenHost({ route, menu }: { route: ScreenRouteInfo; menu: Menu }) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<{ screen?: NormalisedScreen; error?: unknown }>({});
  // Custom fields changed in this tab (the frame-define forms saved), or a screen file was saved under
  // the live preview: load again, kept-alive tabs too.
  const screens = useScreensVersion();
  // Each visit of the route (a kept-alive tab shown again too) loads it again: the file is cached, the
  // custom fields are fetched anew, and unchanged ones give the very same screen (nothing re-renders).
  const visit = useLocation().key;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new visit or screens version loads the screen again.
  useEffect(() => {
    let alive = true;
    loadScreen(route.path)
      .then(withItsWidgets)
      .then(
        (screen) => alive && setLoaded({ screen }),
        (error: unknown) => alive && setLoaded({ error }),
      );
    return () => {
      alive = false;
    };
  }, [route.path, screens, visit]);

  if (loaded.error) {
    const detail =
      loaded.error instanceof ScreenValidationError
        ? loaded.error.message
        : loaded.error instanceof Error
          ? loaded.error.message
          : String(loaded.error);
    return (
      <div className="page-card">
        <LoadFailed
          status="error"
          title={t('screen.loadFailed')}
          detail={<pre className="screen-error">{detail}</pre>}
        />
      </div>
    );
  }
  if (!loaded.screen) return spinner;
  const Page = PAGE_KINDS[loaded.screen.kind];
  return (
    <Suspense fallback={spinner}>
      {/* A form's messages are translated when it is built, so a new language builds it again. */}
      {/* A merge with new custom fields is a new screen: its page is built again. */}
      <Page
        key={`${loaded.screen.kind === 'list' ? 'page' : i18n.language}:${screenRevision(loaded.screen)}`}
        screen={loaded.screen}
        menu={menu}
      />
    </Suspense>
  );
}
