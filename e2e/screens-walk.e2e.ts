// The rule of check:screens held in Chromium: a screen that passes the check opens and works for a user
// with its menu's flags. As the administrator (every menu) and as a supplier's user: every list screen
// the role's menus hold is opened in the running app as a menu click opens it (no page load), and its
// list call must answer; then add pages enough to show every widget, selector and field type any add
// page uses (the selectors' lookups of every screen are asked without a browser in
// tests/integration/screen-lookups.test.ts). Fails on a console error, a call that answers an error,
// an error message on screen, or a page that is not available. The portal runs with the live preview
// on (services/http/screen-preview.ts), serving a copy of screens/, so the walk also loads every screen
// as `npm start` does outside production; then the pages new:screen writes are opened through it, and
// a saved screen file shows in the open page.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaffold } from '../scripts/new-screen';
import { jsonFiles } from '../scripts/tooling/screens';
import { SERVICES } from '../services/modules/index';
import { MENUS } from '../services/seed/menus';
import { poll } from './pages';
import { type Portal, startPortal } from './support/portal';
import { openInApp } from './support/session';

interface ScreenFile {
  name: string;
  kind: string;
  path: string;
  menuNo: string;
  service: string;
  calls: Record<string, string>;
  form?: { mode?: string };
  list?: { searchRules?: unknown[]; searchFields?: { defaultDays?: number }[] };
}

const SCREENS: ScreenFile[] = jsonFiles(join(import.meta.dirname, '../screens')).map((f) =>
  JSON.parse(readFileSync(f, 'utf8')),
);
const SEEDED = new Set(MENUS.map((m) => m.menuNo));
const TIMEOUT = 20_000;

let portal: Portal;
const root = join(import.meta.dirname, '..');
/** The screens the preview serves: a copy of screens/, which the last test changes. */
const previewDir = mkdtempSync(join(tmpdir(), 'srm-preview-'));

beforeAll(async () => {
  cpSync(join(root, 'screens'), previewDir, { recursive: true });
  const saved = { on: process.env.SCREEN_PREVIEW, dir: process.env.SCREEN_PREVIEW_DIR };
  process.env.SCREEN_PREVIEW = 'on';
  process.env.SCREEN_PREVIEW_DIR = previewDir;
  try {
    portal = await startPortal();
  } finally {
    for (const [key, value] of [
      ['SCREEN_PREVIEW', saved.on],
      ['SCREEN_PREVIEW_DIR', saved.dir],
    ] as const)
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  }
});

afterAll(async () => {
  await portal?.close();
  rmSync(previewDir, { recursive: true, force: true });
});

/** The menus the user's roles open, as the side menu gets them. */
async function menusOf(user: string): Promise<Set<string>> {
  const r = await portal.server.call(
    'ISysMenuService/getsysmenulist',
    { condition: { appNo: 'PC' } },
    { token: await portal.token(user) },
  );
  const out = new Set<string>();
  const visit = (menus: { menuNo: string; children?: unknown[] }[]) => {
    for (const m of menus) {
      out.add(m.menuNo);
      visit((m.children ?? []) as typeof menus);
    }
  };
  visit((r.body as { response: { data: { allMenuList: [] } } }).response.data.allMenuList);
  return out;
}

/** What went wrong on the page since the last look: console errors and calls that answered an error. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', async (r) => {
    const call = r.url().split('/ilcwmsplus/')[1];
    if (!call) return;
    if (r.status() >= 400) problems.push(`${call}: HTTP ${r.status()}`);
    else if ((r.headers()['content-type'] ?? '').includes('json')) {
      const body = (await r.json().catch(() => undefined)) as { code?: string; msg?: string } | undefined;
      if (body && body.code !== undefined && body.code !== '0')
        problems.push(`${call}: ${body.code} ${body.msg}`);
    }
  });
  return problems;
}

/** An error on screen: a toast, a broken screen, a page refused or not available. */
async function shownErrors(page: Page): Promise<string[]> {
  const texts = await page
    .locator(
      '.ant-message-error:visible, .ant-notification-notice-error:visible, .ant-result:visible, [data-page="route-denied"]:visible',
    )
    .allTextContents();
  return texts.map((t) => `shown: ${t.slice(0, 200)}`);
}

/** The screens `user` has: list screens with a list call, then add pages, none with a route parameter. */
async function screensOf(user: string): Promise<ScreenFile[]> {
  const menus = await menusOf(user);
  const mine = SCREENS.filter((s) => menus.has(s.menuNo) && !s.path.includes(':'));
  const lists = mine.filter((s) => s.kind === 'list' && s.calls.list);
  // An add page that is a menu of its own (Base.Basic.Organizational.Add) opens for the roles granted it.
  const adds = mine.filter(
    (s) => s.kind === 'form' && s.form?.mode === 'add' && (menus.has(s.name) || !SEEDED.has(s.name)),
  );
  expect(lists.length).toBeGreaterThan(user === 'admin' ? 60 : 5);
  return [...lists, ...coveringAdds(adds)];
}

/** The widgets, selectors and field types a form uses, as "widget:date", "selector:warehouse", .... */
function formFeatures(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) formFeatures(item, found);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'widget' || key === 'selector' || key === 'type') && typeof value === 'string')
        found.add(`${key}:${value}`);
      formFeatures(value, found);
    }
  return found;
}

/**
 * Add pages enough to show every feature any of them uses (greedy: the page showing most of what is
 * not shown yet, first by name on a tie). Forty-odd add pages repeat a dozen kinds of field; opening
 * each kind once holds the rule at a third of the time.
 */
function coveringAdds(adds: ScreenFile[]): ScreenFile[] {
  const features = new Map(
    [...adds].sort((a, b) => a.name.localeCompare(b.name)).map((s) => [s, formFeatures(s.form)]),
  );
  const left = new Set([...features.values()].flatMap((f) => [...f]));
  const chosen: ScreenFile[] = [];
  while (left.size > 0) {
    let best: ScreenFile | undefined;
    let most = 0;
    for (const [s, f] of features) {
      const count = [...f].filter((x) => left.has(x)).length;
      if (count > most) [best, most] = [s, count];
    }
    if (!best) break;
    chosen.push(best);
    for (const x of features.get(best) ?? []) left.delete(x);
  }
  return chosen;
}

/**
 * A query screen whose search rules want a condition and whose fields fill none by default sends no
 * list call when it opens (it asks for the condition instead).
 */
const loadsOnOpen = (s: ScreenFile) =>
  !s.list?.searchRules?.length || (s.list.searchFields ?? []).some((f) => f.defaultDays !== undefined);

/** Walks `screens` as `user` in one browser page; answers what failed. */
async function walk(user: string, screens: ScreenFile[]): Promise<string[]> {
  const { page } = await portal.signIn(user, '/dashboard', { width: 1280, height: 720 });
  const problems = watch(page);
  const failures: string[] = [];
  for (const s of screens) {
    problems.length = 0;
    try {
      const answered =
        s.kind === 'list' && loadsOnOpen(s)
          ? page.waitForResponse((r) => r.url().endsWith(`/${s.service}/${s.calls.list}`), {
              timeout: TIMEOUT,
            })
          : undefined;
      // Awaited below; a failure before then is this screen's, not an unhandled rejection.
      answered?.catch(() => undefined);
      await openInApp(page, s.path);
      // The page itself, or what shows instead of it (a refused or unbuilt route, a broken screen).
      await page
        .locator(
          `.screen-${s.kind}[data-screen="${s.name}"]:visible, .ant-result:visible, [data-page="route-denied"]`,
        )
        .first()
        .waitFor({ timeout: TIMEOUT });
      if (answered) await answered;
      problems.push(...(await shownErrors(page)));
    } catch (e) {
      problems.push((e as Error).message.split('\n')[0]);
    }
    if (problems.length) {
      failures.push(`${user} ${s.path} (${s.name}): ${[...new Set(problems)].join('; ')}`);
      console.log(failures.at(-1));
    }
  }
  return failures;
}

describe('every screen a role has', () => {
  it('opens as the administrator and as a supplier: every list answers, add pages of every field kind open, no error', async () => {
    const started = Date.now();
    const [admin, supplier] = await Promise.all([screensOf('admin'), screensOf('supplier1')]);
    // Three browser pages side by side (the administrator's screens split in two): a page mostly waits
    // for its calls, so the walks overlap.
    const half = Math.ceil(admin.length / 2);
    const failures = await Promise.all([
      walk('admin', admin.slice(0, half)),
      walk('admin', admin.slice(half)),
      walk('supplier1', supplier),
    ]);
    console.log(
      `walked ${admin.length} screens as admin and ${supplier.length} as supplier1 in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(failures.flat()).toEqual([]);
  }, 400_000);
});

describe('the pages new:screen writes, through the live preview', () => {
  it('open in Chromium, and a saved screen file shows in the open page in place within two seconds', async () => {
    // The organisation's pages as the scaffold writes them, at the paths the build knows.
    const made = scaffold({
      root,
      services: SERVICES,
      service: 'IBmOrgService',
      area: 'base',
      name: 'organizational',
      out: previewDir,
    });
    expect(made.localeKeys).toEqual({});
    for (const f of made.files) writeFileSync(f.path, `${JSON.stringify(f.screen, null, 2)}\n`);
    const [list] = made.files.map((f) => f.screen);
    const { page } = await portal.session('admin');
    const problems = watch(page);
    const fetched = page.waitForResponse((r) =>
      r.url().includes('/screen-preview/file?file=screens%2Fbase%2Forganizational.json'),
    );
    const answered = page.waitForResponse((r) => r.url().endsWith('/IBmOrgService/getbmorglistbyparams'));
    await page.goto(`${portal.server.url}/base/organizational`);
    expect(await (await fetched).json()).toEqual(list);
    await answered;
    const headers = page.locator('.screen-list:visible thead th');
    await page.locator('.screen-list:visible tbody tr.ant-table-row').first().waitFor();
    const columns = await headers.count();
    // The View row action opens the scaffolded detail page's record in the drawer.
    await page.locator('.screen-list:visible [data-row-action="view"]').first().click();
    await page.locator('.ant-drawer:visible [data-prop="orgNo"]').first().waitFor();
    await page.keyboard.press('Escape');
    await openInApp(page, '/base/add-organizational');
    await page.locator('.screen-form:visible [data-prop="orgNo"]').waitFor();

    // Saved on disk: the list with two columns fewer shows within two seconds, in the same page (no
    // page load: what the page holds in memory is still there).
    await openInApp(page, '/base/organizational');
    await headers.first().waitFor();
    await page.evaluate(() => {
      (window as { keptThroughSave?: boolean }).keptThroughSave = true;
    });
    const saved = structuredClone(list);
    saved.list!.columns = [saved.list!.columns[0], ...saved.list!.columns.slice(3)];
    const started = Date.now();
    writeFileSync(made.files[0].path, `${JSON.stringify(saved, null, 2)}\n`);
    await poll(() => headers.count()).toBe(columns - 2);
    const seconds = (Date.now() - started) / 1000;
    // Measured, not asserted (a loaded machine takes longer): the goal is two seconds.
    console.log(`a saved screen file showed in the open page after ${seconds.toFixed(1)} s`);
    expect(await page.evaluate(() => (window as { keptThroughSave?: boolean }).keptThroughSave)).toBe(true);
    expect(problems).toEqual([]);
  });
});
