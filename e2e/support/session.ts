// What every e2e file needs around the browser: the built portal to serve, a fresh context in one
// language, and a login through the real login page.
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer } from '../../tests/support/server';

/** The production build the e2e servers serve; E2E_DIST points elsewhere (a second build of a branch). */
export const distDir = process.env.E2E_DIST ?? fileURLToPath(new URL('../../dist', import.meta.url));

/** Screenshots for a human to look at; never compared. */
export const SHOTS = '/tmp/shots';

/** The first load of a page takes longer than vitest's 1 s poll default. */
export const poll = <T>(fn: () => T | Promise<T>, timeout = 10_000) => expect.poll(fn, { timeout });

export const DEMO_PASSWORD = 'demo1234';

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
}

/** A new browser profile (no cookies, no storage) with the language cookie set. */
export async function openPage(
  browser: Browser,
  server: TestServer,
  options: { language?: string; width?: number; height?: number } = {},
): Promise<OpenedPage> {
  const language = options.language ?? 'en-US';
  const context = await browser.newContext({
    locale: language,
    // No animations (the portal honours prefers-reduced-motion): nothing moves under a click.
    reducedMotion: 'reduce',
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
  });
  await context.addCookies([
    { name: 'language', value: language, domain: new URL(server.url).hostname, path: '/' },
  ]);
  return { context, page: await context.newPage() };
}

/**
 * Opens `path`, which sends a signed-out user to the login page, logs in there and waits until the
 * portal has brought the user back to `path`.
 */
export async function logIn(page: Page, server: TestServer, userNo: string, path = '/base/organizational') {
  await page.goto(`${server.url}${path}`);
  await page.waitForURL(/\/login/);
  await page.locator('input[name="userNo"]').fill(userNo);
  await page.locator('input[name="pwd"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.waitForURL(new RegExp(`${escaped}$`));
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
