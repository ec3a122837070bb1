// Loads the route's screen (validated and normalised once) and renders its page kind, each kind a
// lazy chunk of its own, loaded together with the built-in widgets its forms render (widgets.ts).
import type { Menu } from '@schemas/generated/menu';
import { Result, Spin } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { ScreenRouteInfo } from '../screens/catalog';
import type { MenuFlags } from '../screens/flags';
import { loadScreen, prefetchScreen, screenRevision, useDefinitionsVersion } from '../screens/load';
import { ScreenValidationError } from '../screens/screenErrors';
import type { NormalisedScreen } from '../screens/types';

type PageProps = { screen: NormalisedScreen; menu: MenuFlags };

/** A page kind's module, once the widget registry is filled: SchemaField reads it on its first render. */
const withWidgets = <T,>(page: Promise<T>): Promise<T> =>
  Promise.all([import('./widgets'), page]).then(([, module]) => module);

type Kind = NormalisedScreen['kind'];

const PAGE_MODULES: Record<Kind, () => Promise<{ default: ComponentType<PageProps> }>> = {
  list: () => withWidgets(import('../pages/list/ListPage')),
  form: () => withWidgets(import('../pages/form/FormPage')),
  detail: () => withWidgets(import('../pages/detail/DetailPage')),
  dashboard: () => import('../pages/dashboard/DashboardPage'),
};

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
  // Custom fields changed in this tab (the frame-define forms saved): load again, kept-alive tabs too.
  const definitions = useDefinitionsVersion();
  // Each visit of the route (a kept-alive tab shown again too) loads it again: the file is cached, the
  // custom fields are fetched anew, and unchanged ones give the very same screen (nothing re-renders).
  const visit = useLocation().key;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new visit or definitions version loads the screen again.
  useEffect(() => {
    let alive = true;
    loadScreen(route.path).then(
      (screen) => alive && setLoaded({ screen }),
      (error: unknown) => alive && setLoaded({ error }),
    );
    return () => {
      alive = false;
    };
  }, [route.path, definitions, visit]);

  if (loaded.error) {
    const detail =
      loaded.error instanceof ScreenValidationError
        ? loaded.error.message
        : loaded.error instanceof Error
          ? loaded.error.message
          : String(loaded.error);
    return (
      <div className="page-card">
        <Result
          status="error"
          title={t('screen.loadFailed')}
          subTitle={<pre className="screen-error">{detail}</pre>}
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
