// Loads the route's screen (validated and normalised once) and renders its page kind, each kind a
// lazy chunk of its own.
import type { Menu } from '@schemas/generated/menu';
import { Result, Spin } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenRouteInfo } from './catalog';
import type { MenuFlags } from './flags';
import { loadScreen } from './load';
import type { NormalisedScreen } from './types';
import { ScreenValidationError } from './validate';

type PageProps = { screen: NormalisedScreen; menu: MenuFlags };

const PAGE_KINDS: Record<NormalisedScreen['kind'], LazyExoticComponent<ComponentType<PageProps>>> = {
  list: lazy(() => import('../pages/list/ListPage')),
  form: lazy(() => import('../pages/form/FormPage')),
  detail: lazy(() => import('../pages/detail/DetailPage')),
};

const spinner = (
  <div className="page-fill">
    <Spin />
  </div>
);

export default function ScreenHost({ route, menu }: { route: ScreenRouteInfo; menu: Menu }) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<{ screen?: NormalisedScreen; error?: unknown }>({});

  useEffect(() => {
    let alive = true;
    loadScreen(route.path).then(
      (screen) => alive && setLoaded({ screen }),
      (error: unknown) => alive && setLoaded({ error }),
    );
    return () => {
      alive = false;
    };
  }, [route.path]);

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
      <Page key={loaded.screen.kind === 'list' ? 'page' : i18n.language} screen={loaded.screen} menu={menu} />
    </Suspense>
  );
}
