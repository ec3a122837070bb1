// `npm run bench:bundle [-- --db pglite|postgres --path /base/organizational --user admin --no-build --list]`
// What the browser downloads: the bytes over the wire, as the server sends them (compressed where it
// compresses, headers included), for two cold loads in Chromium, each in a new profile with an empty
// cache:
//   - /login, signed out, until the login form shows and the network is quiet;
//   - a list route (/base/organizational by default) signed in as the administrator (the session
//     cookie of an API login, so nothing of the login page is in the cache), until its rows show and
//     the network is quiet: the page, every script, style and font, and the API calls.
// Each is counted from CDP's Network events (e2e/support/wire.ts): `loadingFinished.encodedDataLength`
// per request (the bytes the network stack received), by resource type, beside the bytes they decode
// to. The same two loads are made again with `Accept-Encoding: identity` as the reference in the same
// run: what they would cost uncompressed. Prints each load against its goal (login at most 180 kB, the
// list route at most 450 kB; 1 kB = 1,000 bytes, as Vite prints sizes) with its scripts and styles
// file by file (--list names every request, the API calls too), and ends with the larger of the two
// ratios of bytes to goal on its own line (at most 1: both goals are met).
// The app is built first, as `npm run build` builds it (with its precompressed files), into a folder
// of the bench's own (the dist/ that e2e runs serve is left as it is); --no-build measures dist/, and
// E2E_DIST names another build (an older commit's, for instance).
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { distDir, sessionCookies } from '../e2e/support/session.js';
import { recordWire, type WireLoad, wireTotal } from '../e2e/support/wire.js';
import { startTestServer } from '../tests/support/server.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const LIST_PATH = arg('path', '/base/organizational');
const USER = arg('user', 'admin');
const GOALS = { login: 180_000, list: 450_000 };
const TIMEOUT = 120_000;

// As production serves it: no development channel for saved screen files.
process.env.SCREEN_PREVIEW ??= 'off';

const build =
  process.env.E2E_DIST || process.argv.includes('--no-build')
    ? undefined
    : join(tmpdir(), 'bench-bundle-dist');
if (build) {
  const built = spawnSync('npx', ['vite', 'build', '--outDir', build, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const dist = build ?? distDir;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

interface Visit {
  url: string;
  /** What shows when the page is there. */
  ready: string;
  token?: string;
  identity?: boolean;
}

async function measure(browser: Browser, host: string, visit: Visit): Promise<WireLoad> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  try {
    await context.addCookies([
      { name: 'language', value: 'en-US', domain: host, path: '/' },
      ...(visit.token ? sessionCookies(host, visit.token) : []),
    ]);
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    // A page that fails to start is reported, not waited for until the time-out.
    const failed = new Promise<never>((_, reject) =>
      page.on('pageerror', (error) => reject(new Error(`${visit.url}: ${error.message}`))),
    );
    failed.catch(() => undefined);
    const cdp = await context.newCDPSession(page);
    const recorder = await recordWire(cdp, TIMEOUT);
    // Chromium lets a page's extra headers replace its own Accept-Encoding: the uncompressed reference.
    if (visit.identity)
      await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    await page.goto(visit.url);
    await Promise.race([page.locator(visit.ready).first().waitFor(), failed]);
    return await recorder.quiet();
  } finally {
    await context.close();
  }
}

function report(name: string, load: WireLoad, reference: WireLoad, goal: number): number {
  const wire = wireTotal(load.wire);
  const ratio = wire / goal;
  console.log(
    `\n${name}: ${kB(wire)} over the wire in ${load.requests} requests (goal: at most ${kB(goal)}), ` +
      `${kB(wireTotal(load.decoded))} decoded; uncompressed reference ${kB(wireTotal(reference.wire))}`,
  );
  const types = [...new Set([...load.wire.keys(), ...reference.wire.keys()])].sort(
    (a, b) => (load.wire.get(b) ?? 0) - (load.wire.get(a) ?? 0),
  );
  for (const type of types)
    console.log(
      `  ${type.padEnd(12)} ${kB(load.wire.get(type) ?? 0).padStart(10)} over the wire` +
        `  ${kB(load.decoded.get(type) ?? 0).padStart(10)} decoded` +
        `  ${kB(reference.wire.get(type) ?? 0).padStart(10)} uncompressed`,
    );
  const encodings = [...load.encodings].map(([k, n]) => `${k} ${n}`).join(', ');
  console.log(`  answers by encoding: ${encodings}`);
  const all = process.argv.includes('--list');
  for (const f of load.files.sort((a, b) => b.bytes - a.bytes)) {
    const path = new URL(f.url).pathname;
    if (all || path.startsWith('/assets/')) console.log(`    ${kB(f.bytes).padStart(10)}  ${path}`);
  }
  console.log(`  ${ratio <= 1 ? 'meets' : 'MISSES'} its goal: ${ratio.toFixed(2)} of it`);
  return ratio;
}

const s = await startTestServer({ database: DB, staticDir: dist, config: { scheduler: false } });
const browser = await launchBrowser();
try {
  const host = new URL(s.url).hostname;
  const token = await s.login(USER);
  const login: Visit = { url: `${s.url}/login`, ready: 'input[name="userNo"]' };
  const list: Visit = {
    url: `${s.url}${LIST_PATH}`,
    ready: '.screen-list .ant-table-row, .screen-list .ant-empty',
    token,
  };
  console.log(`build: ${dist}; database: ${DB}; list route: ${LIST_PATH} as ${USER}`);
  const loginLoad = await measure(browser, host, login);
  const loginRef = await measure(browser, host, { ...login, identity: true });
  const listLoad = await measure(browser, host, list);
  const listRef = await measure(browser, host, { ...list, identity: true });
  const ratios = [
    report('/login, cold', loginLoad, loginRef, GOALS.login),
    report(`${LIST_PATH} signed in, cold`, listLoad, listRef, GOALS.list),
  ];
  console.log('\nbytes over the wire against the goal (the larger of the two):');
  console.log(Math.max(...ratios).toFixed(2));
} finally {
  await browser.close();
  await s.close();
}
