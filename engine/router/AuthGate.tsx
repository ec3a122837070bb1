import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSessionGate } from '../session/useSessionGate';

const Shell = lazy(() => import('../shell/Shell'));
const LicensePage = lazy(() => import('../app/pages/license/LicensePage'));

export const LICENSE_PATH = '/license';

function Loading() {
  return (
    // A CSS spinner: antd's Spin would add its code to the login route for a moment's use.
    <div className="page-fill">
      <span className="boot-spinner" role="progressbar" aria-busy="true" />
    </div>
  );
}

/** Everything behind the login: guard first, then the shell (or the licence page). */
export function AuthGate() {
  const location = useLocation();
  const fullPath = location.pathname + location.search + location.hash;
  const gate = useSessionGate(fullPath);

  if (gate.kind === 'redirect') return <Navigate replace to={gate.to} />;
  if (gate.kind === 'checking') return <Loading />;
  if (gate.kind === 'unlicensed' && location.pathname !== LICENSE_PATH)
    return <Navigate replace to={LICENSE_PATH} />;
  if (location.pathname === LICENSE_PATH) {
    return (
      <Suspense fallback={<Loading />}>
        <LicensePage />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <Shell />
    </Suspense>
  );
}
