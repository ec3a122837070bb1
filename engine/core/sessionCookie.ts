// How the browser's session travels, shared by the server (services/http/session-cookie.ts) and the
// browser (engine/session/marker.ts, the request layer): the session in a cookie script cannot read,
// a marker cookie script can read (it says a session exists, nothing more), and the headers a
// browser's call carries.

/** The session cookie over plain HTTP (development, tests). */
export const SESSION_COOKIE = 'SRM-Session';
/**
 * The session cookie over HTTPS: the `__Host-` prefix makes the browser refuse it unless it is Secure,
 * for the whole host (Path=/) and set by the host itself (no Domain), so no sibling subdomain can
 * plant or shadow it.
 */
export const SECURE_SESSION_COOKIE = '__Host-SRM-Session';
/** Non-secret marker beside the session cookie ("1"): the browser knows it is signed in without the token. */
export const SIGNED_IN_COOKIE = 'SRM-Signed-In';

/**
 * The header every call authenticated by the cookie must carry (with CSRF_VALUE). A page of another
 * site cannot send a custom header to the portal: a cross-origin request with one needs a CORS
 * preflight the portal never grants, and a form post cannot carry one at all.
 */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_VALUE = 'XMLHttpRequest';

/** A session-opening call (login) with this header set to "cookie" answers with the cookie, not the token. */
export const SESSION_TRANSPORT_HEADER = 'X-Session-Transport';
export const COOKIE_TRANSPORT = 'cookie';
