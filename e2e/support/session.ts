// What e2e files need beside the portal (portal.ts): the build to serve, a browser's session cookies,
// the service calls a page sends, in-app navigation, and a click that opens another page.
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '../../engine/core/sessionCookie.js';

/** The production build the e2e servers serve; E2E_DIST points elsewhere (a second build of a branch). */
export const distDir = process.env.E2E_DIST ?? fileURLToPath(new URL('../../dist', import.meta.url));

/**
 * The cookies a browser holds after logging in with `token` on a plain-HTTP portal at `host`: the
 * HttpOnly session cookie and the marker the page reads (services/http/session-cookie.ts).
 */
export function sessionCookies(host: string, token: string) {
  const common = { domain: host, path: '/', sameSite: 'Strict' as const };
  return [
    { ...common, name: SESSION_COOKIE, value: token, httpOnly: true },
    { ...common, name: SIGNED_IN_COOKIE, value: '1' },
  ];
}

/**
 * Opens `path` in the running app as a menu entry or a link does: the router's history, no page load.
 * A page load costs the browser the whole app again (about 2.5 s of CPU here); this costs the page.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export interface RecordedCall {
  /** `Service/method`, e.g. `IBmOrgService/addbmorg`. */
  call: string;
  body: unknown;
}

/** Records the service calls the page sends (those whose `Service/method` passes `keep`), in order. */
export function recordCalls(page: Page, keep: (call: string) => boolean = () => true): RecordedCall[] {
  const calls: RecordedCall[] = [];
  page.on('request', (r) => {
    const call = r.url().split('/ilcwmsplus/')[1];
    if (call && keep(call)) calls.push({ call, body: r.postDataJSON() });
  });
  return calls;
}

/**
 * Clicks a list's Add button until the page at `target` opens: on a loaded machine the toolbar can
 * still move under the pointer and a click misses. A click whose page is merely slow to come is not
 * repeated: the list is hidden by then, and a second click would wait for a button that no longer shows.
 */
export async function openByClick(page: Page, button: Locator, target: RegExp): Promise<void> {
  const arrived = () => target.test(new URL(page.url()).pathname);
  for (let attempt = 0; !arrived(); attempt++) {
    await button.click();
    try {
      await page.waitForURL(target, { timeout: 10_000 });
    } catch (e) {
      if (attempt === 2) throw e;
    }
  }
}
