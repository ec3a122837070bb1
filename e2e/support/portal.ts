// One e2e file's portal: a real server on a database of its own (a copy of the run's template), the
// built app, and Debian's Chromium. Each role logs in once, through the API, and every browser profile
// opened for that role starts from the stored session cookies instead of typing into the login form
// again (the login form itself is the subject of shell.e2e.ts).
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Config } from '../../services/config.js';
import { type DbKind, startTestServer, type TestServer } from '../../tests/support/server.js';
import { launchBrowser } from './browser.js';
import { distDir, sessionCookies } from './session.js';

export interface PortalOptions {
  config?: Partial<Config>;
  database?: DbKind;
  /** Serve this build instead of dist/ (the widget harness). */
  staticDir?: string;
}

export interface ProfileOptions {
  /** The user's password, for a user the test made (the demo users' is the default). */
  password?: string;
  /** A session of its own instead of the role's stored one: for a test that ends it (logs out). */
  freshSession?: boolean;
  /** Where the page must arrive instead of the shell (an unlicensed installation shows /license). */
  until?: RegExp;
  language?: string;
  width?: number;
  height?: number;
}

export interface Portal {
  server: TestServer;
  browser: Browser;
  /** A new browser profile in `language` (en-US by default), signed out. */
  profile(options?: ProfileOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** A new browser profile carrying a session of `userNo`, not opened anywhere yet (a page with no shell). */
  session(userNo: string, options?: ProfileOptions): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * A new browser profile signed in as `userNo` (the stored session of the role), opened at `path`.
   * Waits until the portal's shell shows.
   */
  signIn(
    userNo: string,
    path?: string,
    options?: ProfileOptions,
  ): Promise<{ context: BrowserContext; page: Page }>;
  /** The session token of `userNo`, logged in once for the file. */
  token(userNo: string, password?: string): Promise<string>;
  /**
   * Every Content-Security-Policy violation any page of this portal reported ("path: directive
   * blocked source sample"). Closing the portal fails while it holds one, so every e2e file checks
   * that the screens it opens run under the policy.
   */
  cspViolations: string[];
  close(): Promise<void>;
}

export async function startPortal(options: PortalOptions = {}): Promise<Portal> {
  const [server, browser] = await Promise.all([
    startTestServer({
      staticDir: options.staticDir ?? distDir,
      database: options.database,
      config: options.config,
    }),
    launchBrowser({ suite: true }),
  ]);
  const tokens = new Map<string, Promise<string>>();
  const host = new URL(server.url).hostname;
  const cspViolations: string[] = [];
  const portal: Portal = {
    server,
    browser,
    cspViolations,
    async profile(o = {}) {
      const language = o.language ?? 'en-US';
      const context = await browser.newContext({
        locale: language,
        // No animations (the portal honours prefers-reduced-motion): nothing moves under a click.
        reducedMotion: 'reduce',
        viewport: { width: o.width ?? 1440, height: o.height ?? 900 },
      });
      await context.addCookies([{ name: 'language', value: language, domain: host, path: '/' }]);
      await context.exposeBinding('__cspViolation', (_source, v: string) => cspViolations.push(v));
      await context.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
            `${location.pathname}: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
          ),
        ),
      );
      return { context, page: await context.newPage() };
    },
    token(userNo, password) {
      let token = tokens.get(userNo);
      if (!token) {
        token = server.login(userNo, password);
        tokens.set(userNo, token);
      }
      return token;
    },
    async session(userNo, o = {}) {
      const opened = await portal.profile(o);
      const value = o.freshSession
        ? await server.login(userNo, o.password)
        : await portal.token(userNo, o.password);
      await opened.context.addCookies(sessionCookies(host, value));
      return opened;
    },
    async signIn(userNo, path = '/dashboard', o = {}) {
      const opened = await portal.session(userNo, o);
      await opened.page.goto(`${server.url}${path}`);
      if (o.until) await opened.page.waitForURL(o.until);
      else await opened.page.locator('.shell .side-menu').waitFor();
      return opened;
    },
    async close() {
      await browser.close();
      await server.close();
      if (cspViolations.length)
        throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
    },
  };
  return portal;
}

/**
 * Screenshots for people to look at, never compared: taken only by `npm run shots` (SHOTS names the
 * folder), so the test suite spends no time on them.
 */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  const dir = process.env.SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}
