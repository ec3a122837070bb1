import { useKeyPress } from 'ahooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { logout } from '../../session/session';

/** Logout from the user menu or with Ctrl+Shift+Q; lands on /login?redirect=<this page>. */
export function useLogout() {
  const navigate = useNavigate();
  const location = useLocation();
  const run = async () => {
    const target = await logout(location.pathname + location.search + location.hash);
    navigate(target, { replace: true });
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
