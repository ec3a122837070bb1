// `new:screen --menu-entry` as an implementer runs it, end to end: in a copy of the project the scaffold
// writes the pages of a service, their side-menu entry (services/seed/screen-menus.json) and their
// titles in the four languages; `npm run build` in the copy builds the app with them, and a server
// started from the copy as `npm start` starts it seeds the menu at its start. Then, in Chromium, with
// no line of TypeScript written: the administrator finds the entry in the side menu, the list answers,
// the add page opens, a row's modify page saves (the resource serves the new menu with its flags) and
// the detail opens; a buyer has the entry; a supplier's user has not, and the path is refused to it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startProcess } from '../tests/support/process';
import { API_PATH, DEMO_PASSWORD, templateCopy } from '../tests/support/server';
import { FormPage, ListPage, poll } from './pages';
import { launchBrowser } from './support/browser';
import { sessionCookies } from './support/session';

const root = join(import.meta.dirname, '..');
/** What a checkout holds beside the sources, left out of the copy (node_modules is linked instead). */
const NOT_COPIED = new Set(['node_modules', 'dist', 'data', '.git', 'coverage', 'test-results']);

const TITLES = ['Zone board', '库区看板', '庫區看板', 'Bảng khu kho'];

let copy: string;
let dataDir: string;
let dropDatabase: (() => Promise<void>) | undefined;
let server: ServerProcess | undefined;
let browser: Browser;

/** Runs a command in the copy as an implementer would; fails the test with its output if it fails. */
function run(command: string, args: string[]): void {
  const r = spawnSync(command, args, { cwd: copy, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
}

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'srm-scaffold-'));
  cpSync(root, copy, { recursive: true, filter: (src) => !NOT_COPIED.has(basename(src)) || src === root });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  run('npx', [
    'tsx',
    'scripts/new-screen.ts',
    '--service',
    'IBmZoneService',
    '--area',
    'base',
    '--name',
    'zone-board',
    '--menu-entry',
    '--parent',
    'Base.Material',
    '--title',
    TITLES.join('|'),
  ]);
  // The README's next step: the build checks the screens first, then bundles the new pages.
  run('npm', ['run', 'build']);
  dataDir = mkdtempSync(join(tmpdir(), 'srm-scaffold-data-'));
  const database = await templateCopy('postgres', dataDir);
  dropDatabase = database.drop;
  [server, browser] = await Promise.all([
    startProcess({ DATA_DIR: dataDir, DATABASE_URL: database.url ?? '' }, copy),
    launchBrowser({ suite: true }),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  await server?.exited;
  await dropDatabase?.();
  for (const dir of [copy, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A browser profile signed in as `userNo` on the copy's server, at `path`. */
async function signIn(userNo: string, path: string): Promise<Page> {
  const url = server!.url;
  const answer = await fetch(`${url}${API_PATH}/ISrmBmLoginService/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', invokerParam: '1' },
    body: JSON.stringify({ condition: { userNo, pwd: DEMO_PASSWORD } }),
  });
  const token = ((await answer.json()) as { response: { data: { token: string } } }).response.data.token;
  const context = await browser.newContext({ locale: 'en-US', reducedMotion: 'reduce' });
  await context.addCookies(sessionCookies(new URL(url).hostname, token));
  const page = await context.newPage();
  await page.goto(`${url}${path}`);
  await page.locator('.shell .side-menu').waitFor();
  return page;
}

/** Opens the side menu's groups down to `titles`' last entry and clicks it. */
async function openFromMenu(page: Page, titles: string[]): Promise<void> {
  const menu = page.locator('.side-menu');
  for (const title of titles) await menu.getByText(title, { exact: true }).click();
}

describe('a screen scaffolded with --menu-entry', () => {
  it('is in the side menu and works for the administrator and a buyer, and not for a supplier', async () => {
    const page = await signIn('admin', '/dashboard');
    await openFromMenu(page, ['Base data', 'Items and locations', TITLES[0]]);
    await page.waitForURL(/\/base\/zone-board$/);
    const list = await ListPage.of(page, 'Base.Material.ZoneBoard');
    await list.waitForRows();

    // The add page opens from the toolbar; Modify opens a row's record and saves it.
    await list.action('add').click();
    await (await FormPage.of(page)).item('zoneNo').waitFor();
    await openFromMenu(page, [TITLES[0]]);
    const first = list.rows().first();
    await first.locator('[data-row-action="modify"]').click();
    const form = await FormPage.of(page);
    await poll(() => form.input('zoneName').inputValue()).not.toBe('');
    const saved = page.waitForResponse((r) => r.url().endsWith('/IBmZoneService/updatebmzonebyid'));
    await form.save();
    expect(((await (await saved).json()) as { code: string }).code).toBe('0');
    // A saved modify tab closes and the list shows again; no error was shown on the way.
    await page.waitForURL(/\/base\/zone-board$/);
    expect(await page.locator('.ant-message-error').count()).toBe(0);
    await page.context().close();

    // The buyer role was given the entry with the pages' flags.
    const buyer = await signIn('buyer', '/base/zone-board');
    await (await ListPage.of(buyer, 'Base.Material.ZoneBoard')).waitForRows();
    await buyer.context().close();

    // Not given to the supplier role (no --supplier): not in its menu, and the path is refused.
    const supplier = await signIn('supplier1', '/base/zone-board');
    await supplier.locator('[data-page="route-denied"]').waitFor();
    expect(await supplier.locator('.side-menu').getByText(TITLES[0], { exact: true }).count()).toBe(0);
    await supplier.context().close();
  });
});
