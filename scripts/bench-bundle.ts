// `npm run bench:bundle [-- --db pglite|postgres --path /base/organizational --user admin --no-build --list]`
// What the browser downloads: the bytes over the wire, as the server sends them (compressed where it
// compresses, headers included), for two cold loads in Chromium, each in a new profile with an empty
// cache:
//   - /login, signed out, until the login form shows and the network is quiet;
//   - a list route (/base/organizational by default) signed in as the administrator (the session
//     cookie of an API login, so nothing of the login page is in the cache), until its rows show and
//     the network is quiet: the page, every script, style and font, and the API calls.
// Each is counted from CDP's Network events: `loadingFinished.encodedDataLength` per request (the bytes
// the network stack received), by resource type, beside the bytes they decode to. The same two loads
// are made again with `Accept-Encoding: identity` as the reference in the same run: what they would
// cost uncompressed. Prints each load against its goal (login at most 180 kB, the list route at most
// 450 kB; 1 kB = 1,000 bytes, as Vite prints sizes; --list names every file), and ends with the larger of the two ratios of bytes
// to goal on its own line (at most 1: both goals are met).
// The app is built into dist/ first (`vite build`, with its precompressed files), unless --no-build or
// E2E_DIST names a build (E2E_DIST=/tmp/other-build measures another one, an older commit's for instance).
import { spawnSync } from 'node:child_process';
import type { Browser, CDPSession } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { distDir, sessionCookies } from '../e2e/support/session.js';
import { startTestServer } from '../tests/support/server.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const LIST_PATH = arg('path', '/base/organizational');
const USER = arg('user', 'admin');
const GOALS = { login: 180_000, list: 450_000 };
/** The network counts as quiet after this long without a request in flight. */
const QUIET_MS = 700;
const TIMEOUT = 120_000;

// As production serves it: no development channel for saved screen files.
process.env.SCREEN_PREVIEW ??= 'off';

if (!process.argv.includes('--no-build') && !process.env.E2E_DIST) {
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

interface Load {
  /** Bytes over the wire by CDP resource type (Script, Stylesheet, Document, Fetch, Font, ...). */
  wire: Map<string, number>;
  /** The bytes they decode to, by the same types. */
  decoded: Map<string, number>;
  requests: number;
  /** Requests answered with each content-encoding ('identity' for none). */
  encodings: Map<string, number>;
  /** Each request's address and bytes over the wire, for --list. */
  files: { url: string; bytes: number }[];
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const add = (m: Map<string, number>, key: string, n: number) => m.set(key, (m.get(key) ?? 0) + n);

/** Counts every request of the page from now on, and answers once the network has been quiet. */
async function record(cdp: CDPSession): Promise<{ quiet(): Promise<Load> }> {
  const load: Load = { wire: new Map(), decoded: new Map(), requests: 0, encodings: new Map(), files: [] };
  const pending = new Map<string, string>();
  const urls = new Map<string, string>();
  const decoded = new Map<string, number>();
  let lastChange = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    // A live channel never ends: it is no part of what a page downloads.
    if (e.type === 'EventSource' || e.type === 'WebSocket') return;
    // A redirect reuses the request id: the earlier answer is done (its bytes come with the last one).
    pending.set(e.requestId, e.type ?? 'Other');
    urls.set(e.requestId, e.request.url);
    lastChange = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    add(load.encodings, headers['content-encoding'] || 'identity', 1);
  });
  cdp.on('Network.dataReceived', (e) => {
    decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength);
  });
  const finish = (requestId: string, bytes: number) => {
    const type = pending.get(requestId);
    if (type === undefined) return;
    pending.delete(requestId);
    load.requests += 1;
    add(load.wire, type, bytes);
    add(load.decoded, type, decoded.get(requestId) ?? 0);
    load.files.push({ url: urls.get(requestId) ?? '', bytes });
    lastChange = Date.now();
  };
  cdp.on('Network.loadingFinished', (e) => finish(e.requestId, e.encodedDataLength));
  cdp.on('Network.loadingFailed', (e) => finish(e.requestId, 0));
  await cdp.send('Network.enable');
  return {
    async quiet() {
      const started = Date.now();
      while (pending.size > 0 || Date.now() - lastChange < QUIET_MS) {
        if (Date.now() - started > TIMEOUT) throw new Error(`still loading: ${[...pending.values()]}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return load;
    },
  };
}

interface Visit {
  url: string;
  /** What shows when the page is there. */
  ready: string;
  token?: string;
  identity?: boolean;
}

async function measure(browser: Browser, host: string, visit: Visit): Promise<Load> {
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
    const recorder = await record(cdp);
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

function report(name: string, load: Load, reference: Load, goal: number): number {
  const wire = total(load.wire);
  const ratio = wire / goal;
  console.log(
    `\n${name}: ${kB(wire)} over the wire in ${load.requests} requests (goal: at most ${kB(goal)}), ` +
      `${kB(total(load.decoded))} decoded; uncompressed reference ${kB(total(reference.wire))}`,
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
  if (process.argv.includes('--list'))
    for (const f of load.files.sort((a, b) => b.bytes - a.bytes))
      console.log(`    ${kB(f.bytes).padStart(10)}  ${new URL(f.url).pathname}`);
  console.log(`  ${ratio <= 1 ? 'meets' : 'MISSES'} its goal: ${ratio.toFixed(2)} of it`);
  return ratio;
}

const s = await startTestServer({ database: DB, staticDir: distDir, config: { scheduler: false } });
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
  console.log(`build: ${distDir}; database: ${DB}; list route: ${LIST_PATH} as ${USER}`);
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
