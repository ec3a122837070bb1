import { useKeyPress } from 'ahooks';
import { useLocation } from 'react-router-dom';
import { logout } from '../../session/session';

/**
 * Logout from the user menu or with Ctrl+Shift+Q; lands on /login?redirect=<this page>.
 * It ends with a full page load, not an in-app navigation: every kept-alive tab, cached list and
 * store of the previous user is dropped with the page, so nothing of theirs survives into the next
 * login on a shared machine, and no page still mounted can race the navigation to login.
 */
export function useLogout() {
  const location = useLocation();
  const run = async () => {
    const target = await logout(location.pathname + location.search + location.hash);
    window.location.replace(target);
  };
  useKeyPress(
    'ctrl.shift.q',
    (event) => {
      event.preventDefault();
      run();
    },
    { exactMatch: true },
  );
  return run;
}
