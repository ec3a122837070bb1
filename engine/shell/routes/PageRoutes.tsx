import type { Menu } from '@schemas/generated/menu';
import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { type Location, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { RouteDeniedState } from '../../app/pages/routeDenied/RouteDeniedPage';
import type { AppRoute } from './appRoutes';
import type { ScreenRouteInfo } from './screenCatalog';
import { HOME_PATH } from './useShellRoutes';

const DashboardPage = lazy(() => import('../../app/pages/dashboard/DashboardPage'));
const UserInfoPage = lazy(() => import('../../app/pages/setting/UserInfoPage'));
const PasswordPage = lazy(() => import('../../app/pages/setting/PasswordPage'));
const RouteDeniedPage = lazy(() => import('../../app/pages/routeDenied/RouteDeniedPage'));
const NotBuiltPage = lazy(() => import('../../app/pages/notBuilt/NotBuiltPage'));
const NewsNoticeListPage = lazy(() => import('../../app/pages/announcement/NewsNoticeListPage'));
const NewsNoticeDetailPage = lazy(() => import('../../app/pages/announcement/NewsNoticeDetailPage'));

const SHELL_COMPONENTS: Record<string, ComponentType> = {
  '/dashboard': DashboardPage,
  '/setting/user-info': UserInfoPage,
  '/setting/password': PasswordPage,
  '/newsnotice-list': NewsNoticeListPage,
  '/newsnotice-list-detail': NewsNoticeDetailPage,
};

interface Props {
  routes: readonly AppRoute[];
  location: Location;
  ScreenHost: ComponentType<{ route: ScreenRouteInfo; menu: Menu }> | null;
}

/**
 * An address the user may not open: unknown, of the other side, or a screen whose menu the user lacks.
 * All go the same way, to /404 (spec 000 section 2), naming the address asked for.
 */
function Denied() {
  const { pathname, search } = useLocation();
  const state: RouteDeniedState = { from: pathname + search };
  return <Navigate replace to="/404" state={state} />;
}

function element(route: AppRoute, ScreenHost: Props['ScreenHost']) {
  switch (route.kind) {
    case 'shell': {
      const Page = SHELL_COMPONENTS[route.path];
      return Page ? <Page /> : <RouteDeniedPage />;
    }
    case 'screen':
      return ScreenHost ? <ScreenHost route={route.screen} menu={route.menu} /> : <NotBuiltPage />;
    case 'menu':
      return <NotBuiltPage title={route.title} />;
    case 'redirect':
      return <Navigate replace to={route.to} />;
    case 'forbidden':
      return <Denied />;
  }
}

/** The pages of the shell for one location (each visited tab renders its own). */
export function PageRoutes({ routes, location, ScreenHost }: Props) {
  return (
    <Suspense
      fallback={
        <div className="page-fill">
          <Spin />
        </div>
      }
    >
      <Routes location={location}>
        <Route path="/" element={<Navigate replace to={HOME_PATH} />} />
        <Route path="/setting" element={<Navigate replace to="/setting/user-info" />} />
        <Route path="/404" element={<RouteDeniedPage />} />
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={element(route, ScreenHost)} />
        ))}
        <Route path="*" element={<Denied />} />
      </Routes>
    </Suspense>
  );
}
