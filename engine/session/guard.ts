import { loginRedirect } from '../request/relogin';

export const PUBLIC_PATHS = ['/login', '/announcement', '/announcement-detail'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Signed in but no user loaded yet: load the user before showing anything. */
  | { kind: 'loadUser' };

export interface GuardInput {
  /** pathname + search + hash */
  fullPath: string;
  hasSession: boolean;
  hasUserName: boolean;
  /** Where the next login returns to when the browser ended the session itself (session.logout). */
  returnTo?: string;
}

/** Spec 000 sections 2 and 4: public paths, the login redirect, and the start-up user load. */
export function decideAccess({ fullPath, hasSession, hasUserName, returnTo }: GuardInput): GuardDecision {
  const pathname = fullPath.split(/[?#]/)[0] || '/';
  if (isPublicPath(pathname)) {
    if (hasSession && pathname.replace(/\/+$/, '') === '/login') return { kind: 'redirect', to: '/' };
    return { kind: 'allow' };
  }
  if (!hasSession) return { kind: 'redirect', to: loginRedirect(returnTo ?? fullPath) };
  if (!hasUserName) return { kind: 'loadUser' };
  return { kind: 'allow' };
}

/**
 * Where to go after login. Only same-site paths are accepted, so a crafted link cannot send the
 * user to another site with the redirect parameter.
 */
export function safeRedirect(redirect: string | null | undefined): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  if (redirect.split(/[?#]/)[0] === '/login') return '/';
  return redirect;
}
