// The standard list page on the organisation screen, in Chromium against the real server: saved search
// tags, column settings kept on the server across browser profiles, the selection rules and saved
// views shared with a role.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { type RecordedCall, recordCalls } from './support/session';

const MODULE = 'Base.Basic.Organizational';
const PATH = '/base/organizational';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
  // The administrator also holds the purchaser role, so he can share a view with the purchasers.
  const db = portal.server.server.database.db;
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
});

afterAll(async () => {
  await portal?.close();
});

/**
 * The organisation list in a new profile of `user`, its rows shown, recording the service calls from
 * then on; with `fromStart`, from the page's first load on (it is loaded again with the recorder on).
 */
async function openList(user: string, fromStart = false) {
  const { context, page } = await portal.signIn(user, PATH);
  const calls = recordCalls(page);
  if (fromStart) await page.reload();
  const list = await ListPage.of(page);
  await list.waitForRows();
  return { context, page, list, calls, ...callReaders(calls) };
}

function callReaders(calls: RecordedCall[]) {
  const callsOf = (method: string) => calls.filter((c) => c.call.endsWith(`/${method}`));
  const lastSearch = () =>
    callsOf('getbmorglistbyparams').at(-1)?.body as { current: number; condition: Record<string, unknown> };
  return { callsOf, lastSearch };
}

/** A service call as `user`, which must succeed. */
async function call(user: string, path: string, condition: Record<string, unknown>) {
  const r = await portal.server.call(path, { condition }, { token: await portal.token(user), menu: MODULE });
  expect(r.body.code, JSON.stringify(r.body)).toBe('0');
}

/** A saved tag of `user` searching organisations by name, named alike in the four languages. */
const addTag = (user: string, name: string, orgNameIndistinct: string) =>
  call(user, 'ISysTagService/addSysTag', {
    module: MODULE,
    tagOwnType: 2,
    tagContent: JSON.stringify({ params: { orgNameIndistinct } }),
    zlI18nList: ['en-US', 'zh-CN', 'zh-TW', 'vi'].map((languageCode) => ({
      languageCode,
      description: name,
    })),
  });

const tagButton = (list: ListPage) => list.root.locator('button.screen-tags');
const tagItem = (page: Page, name: string) =>
  dialogs.dropdown(page).locator('.screen-tags__item', { hasText: name });

async function chooseTag(list: ListPage, name: string) {
  await tagButton(list).click();
  await tagItem(list.page, name).click();
}

describe('list page: saved search tags', () => {
  it('saves the advanced search as a tag named in every language, each name required on blur', async () => {
    const { context, page, list, callsOf } = await openList('admin', true);
    await poll(() => callsOf('getCurrentUserSysTagListByModule').length).toBeGreaterThan(0);
    expect(callsOf('getCurrentUserSysTagListByModule')[0].body).toEqual({
      condition: { module: MODULE },
    });
    await list.root.getByRole('button', { name: 'Advanced search' }).click();
    await dialogs.popover(page).locator('[data-prop="orgNameIndistinct"] input').fill('Hanoi');
    await dialogs.popover(page).getByRole('button', { name: 'Add to favorite tags' }).click();
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
    await shot(page, 'list-tag-dialog');
    const names = ['Hanoi only', '仅河内', '僅河內', 'Chỉ Hà Nội'];
    for (const [i, name] of names.entries()) await inputs.nth(i).fill(name);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await poll(() => callsOf('addSysTag').length).toBe(1);
    await dialog.waitFor({ state: 'hidden' });
    const body = callsOf('addSysTag')[0].body as { condition: Record<string, unknown> };
    expect(body.condition).toMatchObject({ module: MODULE, tagOwnType: 2 });
    expect(JSON.parse(body.condition.tagContent as string).params).toEqual({ orgNameIndistinct: 'Hanoi' });
    expect((body.condition.zlI18nList as { description: string }[]).map((n) => n.description).sort()).toEqual(
      [...names].sort(),
    );
    await context.close();
  });

  it('choosing a tag searches with it and marks it; choosing it again resets; a search change clears it', async () => {
    await addTag('admin', 'Hanoi tag', 'Hanoi');
    const { context, page, list, lastSearch } = await openList('admin');
    await poll(() => list.rows().count()).toBe(2);
    await chooseTag(list, 'Hanoi tag');
    await poll(() => list.rows().count()).toBe(1);
    expect(lastSearch()).toMatchObject({ current: 1, condition: { orgNameIndistinct: 'Hanoi' } });
    await poll(() => tagButton(list).textContent()).toContain('Hanoi tag');
    await tagButton(list).click();
    await poll(() =>
      dialogs.dropdown(page).locator('.ant-dropdown-menu-item-selected').textContent(),
    ).toContain('Hanoi tag');
    await shot(page, 'list-tag-active');
    await tagItem(page, 'Hanoi tag').click();
    await poll(() => list.rows().count()).toBe(2);
    expect(lastSearch().condition).not.toHaveProperty('orgNameIndistinct');
    await poll(() => tagButton(list).textContent()).toContain('Saved tags');

    await chooseTag(list, 'Hanoi tag');
    await poll(() => tagButton(list).textContent()).toContain('Hanoi tag');
    await list.keyword().fill('H');
    await poll(() => tagButton(list).textContent()).toContain('Saved tags');
    await context.close();
  });

  it('deletes a tag with its id and version and reloads the tag list', async () => {
    // The buyer's only tag: the other tests' tags are the administrator's.
    await addTag('buyer', 'Buyer tag', 'Hanoi');
    const { context, page, list, callsOf } = await openList('buyer');
    await tagButton(list).click();
    // Counted once the list holding the tag has come.
    await tagItem(page, 'Buyer tag').waitFor();
    const loadsBefore = callsOf('getCurrentUserSysTagListByModule').length;
    await tagItem(page, 'Buyer tag').locator('.screen-tags__delete').click();
    await poll(() => callsOf('deleteSysTagById').length).toBe(1);
    const del = callsOf('deleteSysTagById')[0].body as { condition: { delList: unknown[] } };
    expect(del.condition.delList).toEqual([{ id: expect.any(String), version: 1 }]);
    await poll(() => callsOf('getCurrentUserSysTagListByModule').length).toBe(loadsBefore + 1);
    await poll(() => dialogs.dropdown(page).textContent()).toContain('No saved tags');
    await context.close();
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
/** What the popover saves for CHANGED_HEADERS: short name hidden, remark frozen, created-by moved up. */
const CHANGED_SETTINGS = [
  ['orgNo', 'left'],
  ['createName'],
  ['orgName'],
  ['orgShortName', 'none', false],
  ['statusCode'],
  ['remark', 'left'],
  ['createDate'],
  ['updateName'],
  ['updateDate'],
].map(([prop, fixed = 'none', isShow = true], sort) => ({ prop, fixed, isShow, sort }));

describe('list page: column settings', () => {
  const setting = (page: Page, prop: string) =>
    dialogs.popover(page).locator(`.column-settings__row[data-prop="${prop}"]`);
  const remarkFrozen = (list: ListPage) =>
    poll(() => list.header('Remark').getAttribute('class')).toContain('ant-table-cell-fix-left');

  it('hides, freezes and moves columns from the 380 x 393 popover', async () => {
    const { context, page, list, callsOf } = await openList('admin');
    expect(await list.headers()).toEqual(DEFAULT_HEADERS);
    await list.root.getByRole('button', { name: 'Column settings' }).click();
    const popover = dialogs.popover(page).locator('.column-settings');
    // Layout size, not the box on screen: the popover zooms in while it opens.
    const size = await popover.evaluate((e) => [
      (e as HTMLElement).offsetWidth,
      (e as HTMLElement).offsetHeight,
    ]);
    expect(size).toEqual([380, 393]);
    // The rows are dragged by their place on screen: once the zoom has ended.
    await poll(async () => Math.round((await popover.boundingBox())?.width ?? 0)).toBe(380);
    await setting(page, 'orgShortName').locator('.column-settings__show').click();
    await poll(() => callsOf('saveColumnSetting').length).toBe(1);
    await setting(page, 'remark').locator('.column-settings__fixed').click();
    await poll(() => callsOf('saveColumnSetting').length).toBe(2);
    // Drag "Created by" above "Organization name" by its handle.
    const handle = await setting(page, 'createName').locator('.column-settings__handle').boundingBox();
    const target = await setting(page, 'orgName').boundingBox();
    if (!handle || !target) throw new Error('no handle');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y - 10, { steps: 5 });
    await page.mouse.move(handle.x + handle.width / 2, target.y + 2, { steps: 10 });
    await page.mouse.up();
    await poll(() => callsOf('saveColumnSetting').length).toBe(3);
    await shot(page, 'list-column-settings');
    await poll(() => list.headers()).toEqual(CHANGED_HEADERS);
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
    expect(saved.condition.columns).toEqual(CHANGED_SETTINGS);
    await remarkFrozen(list);
    await context.close();
  });

  it('keeps them in a new browser profile; reset brings the default back', async () => {
    await call('admin', 'ISysViewService/saveColumnSetting', { module: MODULE, columns: CHANGED_SETTINGS });
    const { context, page, list, callsOf } = await openList('admin');
    await poll(() => list.headers()).toEqual(CHANGED_HEADERS);
    await remarkFrozen(list);
    await shot(page, 'list-columns-after-login');
    await list.root.getByRole('button', { name: 'Column settings' }).click();
    await dialogs.popover(page).getByRole('button', { name: 'Reset to default' }).click();
    await poll(() => callsOf('resetColumnSetting').length).toBe(1);
    await poll(() => list.headers()).toEqual(DEFAULT_HEADERS);
    await page.keyboard.press('Escape');
    await page.reload();
    await list.waitForRows();
    await poll(() => list.headers()).toEqual(DEFAULT_HEADERS);
    await context.close();
  });
});

describe('list page: selection rules', () => {
  it('enables and disables the toolbar by the selection, and the tooltip names the reason', async () => {
    const { context, page, list } = await openList('admin');
    const modify = list.action('modify');
    const del = list.action('physicalDelete');
    await poll(() => modify.isDisabled()).toBe(true);
    await poll(() => del.isDisabled()).toBe(true);
    await del.locator('..').hover();
    await poll(() => dialogs.tooltip(page).textContent()).toBe('Select at least one row');
    const boxes = list.rows().locator('.ant-checkbox-input');
    await boxes.nth(0).check();
    await poll(() => modify.isDisabled()).toBe(false);
    await poll(() => del.isDisabled()).toBe(false);
    await boxes.nth(1).check();
    await poll(() => modify.isDisabled()).toBe(true);
    await poll(() => del.isDisabled()).toBe(false);
    await modify.locator('..').hover();
    await poll(() => dialogs.tooltip(page).textContent()).toBe('Select exactly one row');
    await shot(page, 'list-selection-rules');
    await context.close();
  });
});

describe('list page: saved views', () => {
  const viewButton = (list: ListPage) => list.root.locator('button.screen-views');
  const viewItem = (page: Page, name: string) =>
    dialogs.dropdown(page).locator('.screen-views__item', { hasText: name });
  const HANOI_VIEW = { params: { keyword: 'Hanoi' }, sort: { field: 'orgNo', order: 'asc' }, pageSize: 20 };

  it('saves the current search, sort and page size as a view shared with a role', async () => {
    const { context, page, list, callsOf, lastSearch } = await openList('admin');
    await list.search('Hanoi');
    await poll(() => list.rows().count()).toBe(1);
    await list.header('Organization code').click();
    await poll(() => lastSearch().condition.order).toBe('asc');
    await viewButton(list).click();
    await dialogs.dropdown(page).locator('.screen-views__save').click();
    const dialog = page.locator('.screen-view-dialog .ant-modal-content');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents()).toEqual([
      'Please enter the view name',
    ]);
    await dialog.locator('input#viewName').fill('Hanoi for buyers');
    await dialog.locator('.screen-view-dialog__share').click();
    await dialogs.options(page).filter({ hasText: 'Role buyer' }).click();
    await shot(page, 'list-save-view');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await poll(() => callsOf('saveView').length).toBe(1);
    await dialog.waitFor({ state: 'hidden' });
    expect((callsOf('saveView')[0].body as { condition: unknown }).condition).toMatchObject({
      module: MODULE,
      viewName: 'Hanoi for buyers',
      sharedRoleNo: 'buyer',
      content: HANOI_VIEW,
    });
    await poll(() => viewButton(list).textContent()).toContain('Hanoi for buyers');
    await context.close();
  });

  it('another user of the role sees it, applies it and makes it the default applied on load', async () => {
    // The view the test above saves, under a name of its own.
    await call('admin', 'ISysViewService/saveView', {
      module: MODULE,
      viewName: 'Shared Hanoi view',
      sharedRoleNo: 'buyer',
      content: HANOI_VIEW,
    });
    const { context, page, list, calls, callsOf, lastSearch } = await openList('buyer');
    await poll(() => list.rows().count()).toBe(2);
    await viewButton(list).click();
    await poll(() => viewItem(page, 'Shared Hanoi view').textContent()).toContain('Role buyer');
    // Not the buyer's own: no delete.
    expect(await viewItem(page, 'Shared Hanoi view').locator('.screen-views__delete').count()).toBe(0);
    await shot(page, 'list-shared-view');
    await viewItem(page, 'Shared Hanoi view').locator('.screen-views__name').click();
    await poll(() => list.rows().count()).toBe(1);
    expect(lastSearch()).toMatchObject({
      current: 1,
      condition: { keyword: 'Hanoi', field: 'orgNo', order: 'asc' },
    });
    await viewButton(list).click();
    await viewItem(page, 'Shared Hanoi view').locator('.screen-views__default').click();
    await poll(() => callsOf('setDefaultView').length).toBe(1);
    await page.keyboard.press('Escape');
    calls.length = 0;
    await page.reload();
    await poll(() => callsOf('getbmorglistbyparams').length).toBe(1);
    expect(lastSearch().condition).toMatchObject({ keyword: 'Hanoi', field: 'orgNo', order: 'asc' });
    await poll(() => list.rows().count()).toBe(1);
    await poll(() => list.keyword().inputValue()).toBe('Hanoi');
    await poll(() => viewButton(list).textContent()).toContain('Shared Hanoi view');
    await context.close();
  });
});
