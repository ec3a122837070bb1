import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/i18n';
import { loadMenus, menuStore } from '../menu/menuStore';
import { getNotifier, loginRedirect } from '../request';
import { ERROR_TOAST_SECONDS } from '../request/requester';
import { useStore } from '../store/createStore';
import { decideAccess } from './guard';
import { hasSession } from './marker';
import { notePage } from './pageTrail';
import { checkLicense, loadUser, loginReturnPath, resetSession } from './session';
import { noteSessionEnd } from './sessionEnd';
import { userStore } from './userStore';

export type GateState =
  | { kind: 'checking' }
  | { kind: 'ready' }
  | { kind: 'unlicensed' }
  | { kind: 'redirect'; to: string };

/**
 * The start-up login guard (spec 000 section 4): signed in but no user, load the user, check
 * the licence and load the menus; on failure reset the session, say why and go to login.
 */
export function useSessionGate(fullPath: string): GateState {
  const user = useStore(userStore);
  const menus = useStore(menuStore);
  const [failedTo, setFailedTo] = useState<string>();
  const [licensed, setLicensed] = useState(true);
  const running = useRef(false);
  const decision = decideAccess({
    fullPath,
    hasSession: hasSession(),
    hasUserName: !!user.name,
    returnTo: loginReturnPath(),
  });
  const needsLoad = decision.kind === 'loadUser' || (decision.kind === 'allow' && !menus.loaded);

  useEffect(() => {
    if (!needsLoad || running.current) return;
    running.current = true;
    (async () => {
      try {
        // The three answers do not depend on each other: asked together, not one after another.
        const [info, licensed] = await Promise.all([
          user.name ? user.info : loadUser(),
          checkLicense(),
          loadMenus({ showError: false }),
        ]);
        setLicensed(licensed && info?.isLicense !== 0);
        setFailedTo(undefined);
      } catch (error) {
        resetSession();
        // A session that ended is said on the login page in words for what happened; other failures
        // (the server unreachable, say) are the error they are.
        if (!noteSessionEnd(error)) {
          const message = error instanceof Error && error.message ? error.message : t('session.hasError');
          getNotifier().error(message, ERROR_TOAST_SECONDS);
        }
        setFailedTo(loginRedirect(fullPath));
      } finally {
        running.current = false;
      }
    })();
  }, [needsLoad, fullPath, user.name, user.info]);

  const shown = !failedTo && decision.kind === 'allow' && !needsLoad;
  // The pages the user opens, so that a page ending the session can send the next login back.
  useEffect(() => {
    if (shown) notePage(fullPath);
  }, [shown, fullPath]);

  if (failedTo) return { kind: 'redirect', to: failedTo };
  if (decision.kind === 'redirect') return decision;
  if (needsLoad) return { kind: 'checking' };
  if (!licensed) return { kind: 'unlicensed' };
  return { kind: 'ready' };
}
