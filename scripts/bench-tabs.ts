// `npm run bench:tabs [-- --db pglite|postgres --pages 40 --no-build]`
// What visited tabs cost the next page: after one administrator login in Chromium, 40 list pages of the
// side menu are opened in turn without closing a tab, then one more, five times over (41 to 45 tabs),
// each timed. Each "one more" page is timed against the same page opened with only one tab open (the
// dashboard, in a second profile warmed by one list page whose tab was closed again), the two
// alternating so both see the machine alike; the medians are compared. A page is open when its list
// call was answered and its rows are painted (the time is taken in the page, from the navigation to
// the frame after the rows). The JS heap (after a garbage collection through CDP) and the DOM are
// measured after 2 and after 40 pages. Prints the time to open the last page against one tab (goal:
// at most 1.5x), the main thread's CPU time for it (CDP's ThreadTime: the page's own work, which the
// load of a shared machine does not stretch), the heap after 40 against after 2 (goal: at most 3x),
// the DOM nodes and the list pages mounted, and ends with the time ratio on its own line.
// The pages are the list screens (no route parameters) of the administrator's menus that the build
// holds, in path order, opened as a menu entry opens them (no page load). The app is built into dist/
// first (`vite build`), unless --no-build or E2E_DIST names a build (E2E_DIST=/tmp/other-build
// measures another one, an older commit's for instance).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { distDir, sessionCookies } from '../e2e/support/session.js';
import { startTestServer } from '../tests/support/server.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const PAGES = Number(arg('pages', '40'));
/** The pages opened after PAGES, each timed as "one more". */
const MORE = 5;
const TIMEOUT = 120_000;

if (!process.argv.includes('--no-build') && !process.env.E2E_DIST) {
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

interface ListScreen {
  /** As the build names the file: ../screens/<folder>/<file>.json. */
  file: string;
  name: string;
  path: string;
  menuNo: string;
  /** Service/method of its list call. */
  call: string;
}

/** The text of the build's scripts: a screen file is in the build when its name is (screen loading). */
function builtScripts(): string {
  const assets = join(distDir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
}

/** The list screens of screens/ the build holds, by their files. */
function listScreens(): ListScreen[] {
  const built = builtScripts();
  const root = fileURLToPath(new URL('../screens', import.meta.url));
  const out: ListScreen[] = [];
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const file of readdirSync(join(root, dir.name))) {
      if (!file.endsWith('.json')) continue;
      const s = JSON.parse(readFileSync(join(root, dir.name, file), 'utf8'));
      if (s.kind !== 'list' || !s.calls?.list || String(s.path).includes(':')) continue;
      if (!built.includes(`"../screens/${dir.name}/${file}"`)) continue;
      const method = String(s.calls.list);
      out.push({
        file: `../screens/${dir.name}/${file}`,
        name: s.name,
        path: s.path,
        menuNo: s.menuNo,
        call: method.includes('/') ? method : `${s.service}/${method}`,
      });
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

interface MenuNode {
  menuNo?: string;
  children?: MenuNode[];
}
const menuNos = (nodes: MenuNode[] | undefined, into = new Set<string>()): Set<string> => {
  for (const n of nodes ?? []) {
    if (n.menuNo) into.add(n.menuNo);
    menuNos(n.children, into);
  }
  return into;
};

const s = await startTestServer({ database: DB, staticDir: distDir, config: { scheduler: false } });
const browser = await launchBrowser();
try {
  const token = await s.login('admin');
  const menu = await s.call('ISysMenuService/getsysmenulist', { condition: { appNo: 'PC' } }, { token });
  const granted = menuNos(menu.body?.response?.data?.allMenuList);
  const screens = listScreens().filter((x) => granted.has(x.menuNo));
  if (screens.length < PAGES + MORE)
    throw new Error(`the administrator has ${screens.length} list pages, ${PAGES + MORE} wanted`);
  const walk = screens.slice(0, PAGES);
  const more = screens.slice(PAGES, PAGES + MORE);
  const host = new URL(s.url).hostname;

  async function profile(): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
    const context = await browser.newContext({
      locale: 'en-US',
      reducedMotion: 'reduce',
      viewport: { width: 1440, height: 900 },
    });
    await context.addCookies([
      { name: 'language', value: 'en-US', domain: host, path: '/' },
      ...sessionCookies(host, token),
    ]);
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${s.url}/dashboard`);
    await page.locator('.shell .side-menu').waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    return { context, page, cdp };
  }

  /** The CPU time the page's main thread has spent so far, in ms (CDP Performance metrics). */
  async function threadMs(cdp: CDPSession): Promise<number> {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
  }

  /** Opens a page (open) and answers its time and the main thread's CPU time meanwhile. */
  async function openTimed(
    at: { page: Page; cdp: CDPSession },
    screen: ListScreen,
  ): Promise<{ ms: number; cpuMs: number }> {
    const before = await threadMs(at.cdp);
    const ms = await open(at.page, screen);
    return { ms, cpuMs: (await threadMs(at.cdp)) - before };
  }

  /**
   * Opens a list page as a link of the portal does (no page load) and answers the milliseconds from
   * the navigation to the frame after its rows (its list call answered, no spinner), or after the
   * refusal of a search rule when the page sends none.
   */
  async function open(page: Page, screen: ListScreen): Promise<number> {
    const answered = page
      .waitForResponse(
        (r) =>
          r.url().endsWith(`/${screen.call}`) && r.request().headers()['app-module-number'] === screen.menuNo,
        { timeout: TIMEOUT },
      )
      .then(() => undefined);
    await page.evaluate((to) => {
      const w = window as unknown as { __openedAt: number; __opening: number };
      w.__openedAt = performance.now();
      w.__opening = (w.__opening ?? 0) + 1;
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, screen.path);
    // Watched in the page, a native query a frame: Playwright's own polling of a locator walks the
    // whole DOM in script, which would cost the page with many tabs more than its own work.
    const refused = page.evaluate(`new Promise((resolve) => {
      const opening = window.__opening;
      const check = () => {
        if (window.__opening !== opening) return;
        if (document.querySelector('.screen-list[data-screen="${screen.name}"] .screen-list__refusal')) resolve();
        else requestAnimationFrame(check);
      };
      check();
    })`);
    try {
      await Promise.race([answered, refused]);
    } catch (e) {
      const shot = `/tmp/bench-tabs-${screen.name}.png`;
      await page.screenshot({ path: shot }).catch(() => undefined);
      throw new Error(`${screen.path} never searched (screenshot ${shot})`, { cause: e });
    } finally {
      answered.catch(() => undefined);
      refused.catch(() => undefined);
    }
    // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
    return page.evaluate(`new Promise((resolve) => {
      const check = () => {
        const list = document.querySelector('.screen-list[data-screen="${screen.name}"]');
        const shown = list && list.offsetParent !== null && !list.querySelector('.ant-spin-spinning');
        if (!shown) return requestAnimationFrame(check);
        // The frame that paints the rows, then the task after it.
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - window.__openedAt)));
      };
      check();
    })`) as Promise<number>;
  }

  async function closeTab(page: Page, path: string): Promise<void> {
    await page
      .locator('.shell__tabs .ant-tabs-tab')
      .filter({ has: page.locator(`[data-tab-path="${path}"]`) })
      .locator('.ant-tabs-tab-remove')
      .click();
    await page.waitForURL((u) => u.pathname !== path);
  }

  interface Memory {
    heapMb: number;
    elements: number;
    nodes: number;
    lists: number;
  }
  async function memory(page: Page, cdp: CDPSession): Promise<Memory> {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const counters = (await cdp.send('Memory.getDOMCounters')) as { nodes: number };
    const dom = await page.evaluate(() => ({
      elements: document.getElementsByTagName('*').length,
      lists: document.querySelectorAll('.screen-list').length,
    }));
    return { heapMb: heap.usedSize / 2 ** 20, nodes: counters.nodes, ...dom };
  }

  // One tab open: the dashboard, after a list page opened and closed again (the list's code loaded).
  const one = await profile();
  await open(one.page, walk[0]);
  await closeTab(one.page, walk[0].path);

  // The walk: PAGES list pages in turn, no tab closed.
  const main = await profile();
  const walkMs: number[] = [];
  let afterTwo: Memory | undefined;
  for (const screen of walk) {
    walkMs.push(await open(main.page, screen));
    if (walkMs.length === 2) afterTwo = await memory(main.page, main.cdp);
  }
  const afterAll = await memory(main.page, main.cdp);
  if (!afterTwo) throw new Error('fewer than 2 pages');

  // Then one more, MORE times: each page opened after the walk and, alternately before or after it,
  // the same page with one tab open (its tab closed again), so both see the machine alike.
  const lastRuns: { ms: number; cpuMs: number }[] = [];
  const aloneRuns: { ms: number; cpuMs: number }[] = [];
  for (const [i, screen] of more.entries()) {
    const withOne = async () => {
      aloneRuns.push(await openTimed(one, screen));
      await closeTab(one.page, screen.path);
    };
    if (i % 2) await withOne();
    lastRuns.push(await openTimed(main, screen));
    if (!(i % 2)) await withOne();
  }
  const last = lastRuns.map((r) => r.ms);
  const alone = aloneRuns.map((r) => r.ms);
  const tabs = await main.page.locator('.shell__tabs .ant-tabs-tab').count();
  await main.context.close();
  await one.context.close();

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const lastMs = median(last);
  const aloneMs = median(alone);
  const timeRatio = lastMs / aloneMs;
  const heapRatio = afterAll.heapMb / afterTwo.heapMb;
  const at = [1, 10, 20, 30, 40].filter((n) => n <= walkMs.length);
  console.log(
    `bench:tabs  db ${DB}, ${PAGES} list pages then ${MORE} more, Chromium, one admin login; load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log(`  walk, time to open page n: ${at.map((n) => `#${n} ${ms(walkMs[n - 1])}`).join(', ')}`);
  console.log(
    `  one more, ${MORE} times (up to ${tabs} tabs): ${last.map(ms).join(', ')}; median ${ms(lastMs)}`,
  );
  console.log(`  same pages, one tab open:  ${alone.map(ms).join(', ')}; median ${ms(aloneMs)}`);
  console.log(`  time ratio last / one tab: ${timeRatio.toFixed(2)} (goal: at most 1.5)`);
  const lastCpu = median(lastRuns.map((r) => r.cpuMs));
  const aloneCpu = median(aloneRuns.map((r) => r.cpuMs));
  console.log(
    `  main-thread CPU to open it: ${ms(lastCpu)} against ${ms(aloneCpu)} with one tab; ratio ${(lastCpu / aloneCpu).toFixed(2)} (the page's own work, whatever the machine's load)`,
  );
  console.log(
    `  JS heap after 2 pages: ${afterTwo.heapMb.toFixed(1)} MB; after ${PAGES}: ${afterAll.heapMb.toFixed(1)} MB; ratio ${heapRatio.toFixed(2)} (goal: at most 3)`,
  );
  console.log(
    `  DOM after 2 pages: ${afterTwo.elements} elements (${afterTwo.nodes} nodes); after ${PAGES}: ${afterAll.elements} elements (${afterAll.nodes} nodes)`,
  );
  console.log(`  list pages mounted after 2: ${afterTwo.lists}; after ${PAGES}: ${afterAll.lists}`);
  console.log(timeRatio.toFixed(2));
} finally {
  await browser.close();
  await s.close();
}
