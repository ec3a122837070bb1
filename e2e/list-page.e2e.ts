// The standard list page on the organisation screen, in Chromium against the real server: saved search
// tags, column settings kept on the server across logins and browser profiles, and the selection rules.
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, logIn, openPage, poll, type RecordedCall, recordCalls, SHOTS } from './support/session';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let calls: RecordedCall[] = [];

async function openContext(): Promise<void> {
  ({ context, page } = await openPage(browser, server));
  calls = recordCalls(page);
}

/** Logs in through the login page, which brings the user back to the organisation list. */
async function loginToList(user: string): Promise<void> {
  await logIn(page, server, user);
  await poll(() => rows().count()).toBeGreaterThan(0);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir });
  // The administrator also holds the purchaser role, so he can share a view with the purchasers.
  const db = server.server.database.db;
  const admin = await db
    .selectFrom('sysUser')
    .select('id')
    .where('userNo', '=', 'admin')
    .executeTakeFirstOrThrow();
  const buyer = await db
    .selectFrom('sysRole')
    .select('id')
    .where('roleNo', '=', 'buyer')
    .executeTakeFirstOrThrow();
  await db.insertInto('sysUserRole').values({ userId: admin.id, roleId: buyer.id }).execute();
  browser = await launchBrowser();
  await openContext();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const list = () => page.locator('.screen-list:visible');
const rows = () => list().locator('.ant-table-row');
const popover = () => page.locator('.ant-popover:visible');
const callsOf = (method: string) => calls.filter((c) => c.call.endsWith(`/${method}`));
const lastSearch = () =>
  callsOf('getbmorglistbyparams').at(-1)?.body as { current: number; condition: Record<string, unknown> };
const headers = async () =>
  (await list().locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
const tagButton = () => list().locator('button.screen-tags');
const tagItem = (name: string) => page.locator('.ant-dropdown:visible .screen-tags__item', { hasText: name });

async function chooseTag(name: string) {
  await tagButton().click();
  await tagItem(name).click();
}

describe('list page: saved search tags', () => {
  it('saves the advanced search as a tag named in every language, each name required on blur', async () => {
    await loginToList('admin');
    await poll(() => callsOf('getCurrentUserSysTagListByModule').length).toBeGreaterThan(0);
    expect(callsOf('getCurrentUserSysTagListByModule')[0].body).toEqual({
      condition: { module: 'Base.Basic.Organizational' },
    });
    await list().getByRole('button', { name: 'Advanced search' }).click();
    await popover().locator('[data-prop="orgNameIndistinct"] input').fill('Hanoi');
    await popover().getByRole('button', { name: 'Add to favourite tags' }).click();
    const dialog = page.locator('.screen-tag-dialog .ant-modal-content');
    await dialog.waitFor();
    expect(await dialog.evaluate((e) => (e as HTMLElement).offsetWidth)).toBe(500);
    const inputs = dialog.locator('input');
    expect(await inputs.count()).toBe(4);
    // Checked on blur: leaving the user's own language empty names the rule.
    await inputs.nth(0).focus();
    await inputs.nth(1).focus();
    await poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents()).toEqual([
      'Please enter the tag name',
    ]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents()).toContain(
      'Please enter the name in every language',
    );
    expect(callsOf('addSysTag')).toHaveLength(0);
    await page.screenshot({ path: `${SHOTS}/list-tag-dialog.png` });
    const names = ['Hanoi only', '仅河内', '僅河內', 'Chỉ Hà Nội'];
    for (const [i, name] of names.entries()) await inputs.nth(i).fill(name);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await poll(() => callsOf('addSysTag').length).toBe(1);
    await dialog.waitFor({ state: 'hidden' });
    const body = callsOf('addSysTag')[0].body as { condition: Record<string, unknown> };
    expect(body.condition).toMatchObject({ module: 'Base.Basic.Organizational', tagOwnType: 2 });
    expect(JSON.parse(body.condition.tagContent as string).params).toEqual({ orgNameIndistinct: 'Hanoi' });
    expect((body.condition.zlI18nList as { description: string }[]).map((n) => n.description).sort()).toEqual(
      [...names].sort(),
    );
  });

  it('choosing a tag searches with it and marks it; choosing it again resets; a search change clears it', async () => {
    await poll(() => rows().count()).toBe(2);
    await chooseTag('Hanoi only');
    await poll(() => rows().count()).toBe(1);
    expect(lastSearch()).toMatchObject({ current: 1, condition: { orgNameIndistinct: 'Hanoi' } });
    await poll(() => tagButton().textContent()).toContain('Hanoi only');
    await tagButton().click();
    await poll(() =>
      page.locator('.ant-dropdown:visible .ant-dropdown-menu-item-selected').textContent(),
    ).toContain('Hanoi only');
    await page.screenshot({ path: `${SHOTS}/list-tag-active.png` });
    await tagItem('Hanoi only').click();
    await poll(() => rows().count()).toBe(2);
    expect(lastSearch().condition).not.toHaveProperty('orgNameIndistinct');
    await poll(() => tagButton().textContent()).toContain('Saved tags');

    await chooseTag('Hanoi only');
    await poll(() => tagButton().textContent()).toContain('Hanoi only');
    await list().locator('.screen-list__keyword input').fill('H');
    await poll(() => tagButton().textContent()).toContain('Saved tags');
  });

  it('deletes a tag with its id and version and reloads the tag list', async () => {
    const loadsBefore = callsOf('getCurrentUserSysTagListByModule').length;
    await tagButton().click();
    await tagItem('Hanoi only').locator('.screen-tags__delete').click();
    await poll(() => callsOf('deleteSysTagById').length).toBe(1);
    const del = callsOf('deleteSysTagById')[0].body as { condition: { delList: unknown[] } };
    expect(del.condition.delList).toEqual([{ id: expect.any(String), version: 1 }]);
    await poll(() => callsOf('getCurrentUserSysTagListByModule').length).toBe(loadsBefore + 1);
    await poll(() => page.locator('.ant-dropdown:visible').textContent()).toContain('No saved tags');
    await page.keyboard.press('Escape');
    await list().locator('.screen-list__keyword input').fill('');
  });
});

const DEFAULT_HEADERS = [
  'Organization code',
  'Organization name',
  'Short name',
  'Status',
  'Remark',
  'Created by',
  'Created at',
  'Updated by',
  'Updated at',
  'Operation',
];
const CHANGED_HEADERS = [
  'Organization code',
  'Remark',
  'Created by',
  'Organization name',
  'Status',
  'Created at',
  'Updated by',
  'Updated at',
  'Operation',
];

describe('list page: column settings', () => {
  const setting = (prop: string) => popover().locator(`.column-settings__row[data-prop="${prop}"]`);

  it('hides, freezes and moves columns from the 380 x 393 popover', async () => {
    expect(await headers()).toEqual(DEFAULT_HEADERS);
    await list().getByRole('button', { name: 'Column settings' }).click();
    // Layout size, not the box on screen: the popover zooms in while it opens.
    const size = await popover()
      .locator('.column-settings')
      .evaluate((e) => [(e as HTMLElement).offsetWidth, (e as HTMLElement).offsetHeight]);
    expect(size).toEqual([380, 393]);
    await page.waitForTimeout(300);
    await setting('orgShortName').locator('.column-settings__show').click();
    await poll(() => callsOf('saveColumnSetting').length).toBe(1);
    await setting('remark').locator('.column-settings__fixed').click();
    await poll(() => callsOf('saveColumnSetting').length).toBe(2);
    // Drag "Created by" above "Organization name" by its handle.
    const handle = await setting('createName').locator('.column-settings__handle').boundingBox();
    const target = await setting('orgName').boundingBox();
    if (!handle || !target) throw new Error('no handle');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y - 10, { steps: 5 });
    await page.mouse.move(handle.x + handle.width / 2, target.y + 2, { steps: 10 });
    await page.mouse.up();
    await poll(() => callsOf('saveColumnSetting').length).toBe(3);
    await page.screenshot({ path: `${SHOTS}/list-column-settings.png` });
    await poll(headers).toEqual(CHANGED_HEADERS);
    const saved = callsOf('saveColumnSetting')[2].body as { condition: { columns: { prop: string }[] } };
    expect(saved.condition.columns.map((c) => c.prop)).toEqual([
      'orgNo',
      'createName',
      'orgName',
      'orgShortName',
      'statusCode',
      'remark',
      'createDate',
      'updateName',
      'updateDate',
    ]);
    await poll(() => list().locator('thead th', { hasText: 'Remark' }).getAttribute('class')).toContain(
      'ant-table-cell-fix-left',
    );
    await page.keyboard.press('Escape');
  });

  it('keeps them after logout, a new browser profile and a new login; reset brings the default back', async () => {
    await page.keyboard.press('Control+Shift+KeyQ');
    await page.waitForURL(/\/login\?redirect=/);
    await context.close();
    calls.length = 0;
    await openContext();
    await loginToList('admin');
    await poll(headers).toEqual(CHANGED_HEADERS);
    await poll(() => list().locator('thead th', { hasText: 'Remark' }).getAttribute('class')).toContain(
      'ant-table-cell-fix-left',
    );
    await page.screenshot({ path: `${SHOTS}/list-columns-after-login.png` });
    await list().getByRole('button', { name: 'Column settings' }).click();
    await popover().getByRole('button', { name: 'Reset to default' }).click();
    await poll(() => callsOf('resetColumnSetting').length).toBe(1);
    await poll(headers).toEqual(DEFAULT_HEADERS);
    await page.keyboard.press('Escape');
    await page.reload();
    await poll(() => rows().count()).toBeGreaterThan(0);
    await poll(headers).toEqual(DEFAULT_HEADERS);
  });
});

describe('list page: selection rules', () => {
  it('enables and disables the toolbar by the selection, and the tooltip names the reason', async () => {
    const modify = list().locator('[data-action="modify"]');
    const del = list().locator('[data-action="physicalDelete"]');
    await poll(() => modify.isDisabled()).toBe(true);
    await poll(() => del.isDisabled()).toBe(true);
    await del.locator('..').hover();
    await poll(() => page.locator('.ant-tooltip:visible').textContent()).toBe('Select at least one row');
    const boxes = rows().locator('.ant-checkbox-input');
    await boxes.nth(0).check();
    await poll(() => modify.isDisabled()).toBe(false);
    await poll(() => del.isDisabled()).toBe(false);
    await boxes.nth(1).check();
    await poll(() => modify.isDisabled()).toBe(true);
    await poll(() => del.isDisabled()).toBe(false);
    await modify.locator('..').hover();
    await poll(() => page.locator('.ant-tooltip:visible').textContent()).toBe('Select exactly one row');
    await page.screenshot({ path: `${SHOTS}/list-selection-rules.png` });
  });
});

describe('list page: saved views', () => {
  const viewButton = () => list().locator('button.screen-views');
  const viewItem = (name: string) =>
    page.locator('.ant-dropdown:visible .screen-views__item', { hasText: name });

  it('saves the current search, sort and page size as a view shared with a role', async () => {
    await list().locator('.screen-list__keyword input').fill('Hanoi');
    await list().locator('.screen-list__keyword input').press('Enter');
    await poll(() => rows().count()).toBe(1);
    await list().locator('thead th', { hasText: 'Organization code' }).click();
    await poll(() => lastSearch().condition.order).toBe('asc');
    await viewButton().click();
    await page.locator('.ant-dropdown:visible .screen-views__save').click();
    const dialog = page.locator('.screen-view-dialog .ant-modal-content');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents()).toEqual([
      'Please enter the view name',
    ]);
    await dialog.locator('input#viewName').fill('Hanoi for buyers');
    await dialog.locator('.screen-view-dialog__share').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Role buyer' })
      .click();
    await page.screenshot({ path: `${SHOTS}/list-save-view.png` });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await poll(() => callsOf('saveView').length).toBe(1);
    await dialog.waitFor({ state: 'hidden' });
    expect((callsOf('saveView')[0].body as { condition: unknown }).condition).toMatchObject({
      module: 'Base.Basic.Organizational',
      viewName: 'Hanoi for buyers',
      sharedRoleNo: 'buyer',
      content: { params: { keyword: 'Hanoi' }, sort: { field: 'orgNo', order: 'asc' }, pageSize: 20 },
    });
    await poll(() => viewButton().textContent()).toContain('Hanoi for buyers');
  });

  it('another user of the role sees it, applies it and makes it the default applied on load', async () => {
    await page.keyboard.press('Control+Shift+KeyQ');
    await page.waitForURL(/\/login\?redirect=/);
    await context.close();
    calls.length = 0;
    await openContext();
    await loginToList('buyer');
    await poll(() => rows().count()).toBe(2);
    await viewButton().click();
    await poll(() => viewItem('Hanoi for buyers').textContent()).toContain('Role buyer');
    // Not the buyer's own: no delete.
    expect(await viewItem('Hanoi for buyers').locator('.screen-views__delete').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/list-shared-view.png` });
    await viewItem('Hanoi for buyers').locator('.screen-views__name').click();
    await poll(() => rows().count()).toBe(1);
    expect(lastSearch()).toMatchObject({
      current: 1,
      condition: { keyword: 'Hanoi', field: 'orgNo', order: 'asc' },
    });
    await viewButton().click();
    await viewItem('Hanoi for buyers').locator('.screen-views__default').click();
    await poll(() => callsOf('setDefaultView').length).toBe(1);
    await page.keyboard.press('Escape');
    calls.length = 0;
    await page.reload();
    await poll(() => callsOf('getbmorglistbyparams').length).toBe(1);
    expect(lastSearch().condition).toMatchObject({ keyword: 'Hanoi', field: 'orgNo', order: 'asc' });
    await poll(() => rows().count()).toBe(1);
    await poll(() => list().locator('.screen-list__keyword input').inputValue()).toBe('Hanoi');
    await poll(() => viewButton().textContent()).toContain('Hanoi for buyers');
  });
});
