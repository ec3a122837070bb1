import { useKeyPress } from 'ahooks';
import { logout } from '../../session/session';

/**
 * Logout from the user menu or with Ctrl+Shift+Q; lands on /login?redirect=<this page>.
 * It ends with a full page load, not an in-app navigation: every kept-alive tab, cached list and
 * store of the previous user is dropped with the page, so nothing of theirs survives into the next
 * login on a shared machine, and no page still mounted can race the navigation to login.
 * The page to come back to is read from the address bar when the user logs out, not from the last
 * render: right after a redirect (home to the dashboard) the rendered location can still be the old one.
 */
export function useLogout() {
  const run = async () => {
    const { pathname, search, hash } = window.location;
    const target = await logout(pathname + search + hash);
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
