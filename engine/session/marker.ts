// Whether the browser holds a session. The session itself is an HttpOnly cookie no script can read
// (services/http/session-cookie.ts); beside it the server sets a non-secret marker, which is all the
// browser needs to decide between the login page and loading the user. The marker may outlive the
// session (a session that timed out): the first call then fails and the session end is handled as ever.
import Cookies from 'js-cookie';
import { SIGNED_IN_COOKIE } from '../core/sessionCookie';

export function hasSession(): boolean {
  return Cookies.get(SIGNED_IN_COOKIE) === '1';
}

/**
 * Forgets the marker (the server clears it, with the session cookie, at logout and when a call finds
 * the session ended; this covers a logout whose call never reached the server).
 */
export function forgetSession(): void {
  Cookies.remove(SIGNED_IN_COOKIE, { path: '/' });
}
