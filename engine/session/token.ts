import Cookies from 'js-cookie';

/** Cookie holding the session token; e2e tests set it directly to simulate a stale session. */
export const TOKEN_COOKIE = 'Admin-Token';

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
}
