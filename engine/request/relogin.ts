import type { Notifier } from './notifier';
import { SESSION_END_TEXTS, type SessionEndReason } from './sessionEnd';

export const LOGIN_PATH = '/login';

export function isLoginPath(fullPath: string): boolean {
  const path = fullPath.split(/[?#]/)[0];
  return path === LOGIN_PATH || path === `${LOGIN_PATH}/`;
}

/** `/login?redirect=<full path>`; the redirect is dropped when it would point back at login. */
export function loginRedirect(fullPath: string): string {
  if (!fullPath || fullPath === '/' || isLoginPath(fullPath)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

interface ReloginDeps {
  notifier: () => Notifier;
  translate: (key: string) => string;
  currentPath: () => string;
  clearSession: () => void;
}

/**
 * The session-expired confirm of spec 000 section 8, worded for what ended the session. Many calls
 * fail at once when a session ends, so only one dialog may be open; none opens on the login page
 * itself.
 */
export function createRelogin(deps: ReloginDeps) {
  let open = false;
  return {
    get open() {
      return open;
    },
    /** `reason`: what ended the session, worded in the dialog (the first failing call's). */
    async prompt(reason: SessionEndReason = 'ended'): Promise<void> {
      if (open || isLoginPath(deps.currentPath())) return;
      open = true;
      try {
        const texts = SESSION_END_TEXTS[reason];
        const confirmed = await deps.notifier().confirmRelogin({
          title: deps.translate(texts.title),
          content: deps.translate(texts.text),
          okText: deps.translate('login.confirmBtn1'),
          cancelText: deps.translate('login.confirmBtn2'),
        });
        if (confirmed) {
          const target = loginRedirect(deps.currentPath());
          deps.clearSession();
          deps.notifier().navigate(target);
        }
      } finally {
        open = false;
      }
    },
  };
}
