import { Navigate, useLocation } from 'react-router-dom';
import { redirectTarget } from './redirectTarget';

/** /redirect/{path} re-routes to /{path}, query and hash kept (used to remount a page). */
export function RedirectPage() {
  const { pathname, search, hash } = useLocation();
  return <Navigate replace to={redirectTarget(pathname, search, hash)} />;
}
