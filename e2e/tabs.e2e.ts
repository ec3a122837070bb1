// Visited tabs in Chromium against the real server: only the most recently used pages stay mounted
// (MOUNTED_PAGES), a list whose page was unmounted comes back exactly as it was left without searching
// again, and an add or modify form's tab closes after a successful save (a refused one stays).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOUNTED_PAGES } from '../engine/tabs/tabsModel';
import { FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { openInApp } from './support/session';

const MENU = 'Base.Basic.Organizational';
const LIST = '/base/organizational';
/** Other list pages of the administrator's menu, more than the cap. */
const OTHERS: [path: string, screen: string][] = [
  ['/base/warehouse', 'Base.Basic.Warehouse'],
  ['/base/supplier', 'Base.Basic.Supplier'],
  ['/base/customer', 'Base.Basic.Customer'],
  ['/base/address', 'Base.Basic.Address'],
  ['/base/unit', 'Base.Material.Unit'],
  ['/base/category', 'Base.Material.Category'],
  ['/base/label', 'Base.Barcode.Label'],
  ['/base/container', 'Base.Barcode.Container'],
  ['/baseManage/user', 'BaseManage.Base.User'],
  ['/baseManage/role', 'BaseManage.Base.Role'],
];

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
  // 45 organisations found by the keyword KEPT: a second page of 20 rows, taller than the window.
  const token = await portal.token('admin');
  for (let i = 0; i < 45; i++) {
    const r = await portal.server.call(
      'IBmOrgService/addbmorg',
      { condition: { orgNo: `KEPT-${String(i).padStart(2, '0')}`, orgName: `Kept ${i}`, statusCode: '1' } },
      { token, menu: MENU },
    );
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
  }
});

afterAll(async () => {
  await portal?.close();
});

const tabOf = (page: Page, path: string) => page.locator(`.shell__tabs [data-tab-path="${path}"]`);
/** The list pages in the DOM, shown or hidden. */
const mountedLists = (page: Page) => page.locator('.screen-list').count();
const content = (page: Page) => page.locator('.shell__content');

describe('visited tabs', () => {
  it(`keeps ${MOUNTED_PAGES} pages mounted, and a list shown again is exactly as it was left, unasked`, async () => {
    const { page } = await portal.signIn('admin', LIST, { height: 700 });
    const searches: { current: number; condition: Record<string, unknown> }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/getbmorglistbyparams')) searches.push(r.postDataJSON());
    });
    const list = await ListPage.of(page, MENU);
    await list.waitForRows();
    await list.search('KEPT');
    const page2 = page.waitForResponse(
      (r) => r.url().endsWith('/getbmorglistbyparams') && r.request().postDataJSON()?.current === 2,
    );
    await list.root.locator('.ant-pagination-item-2').click();
    await page2;
    await poll(() => list.root.locator('.ant-spin-spinning').count()).toBe(0);
    const chosen = (await list.rows().nth(3).locator('td').nth(1).textContent()) ?? '';
    expect(chosen).toMatch(/^KEPT-/);
    await list.select(chosen);
    // Scrolled down the page, as the user left it.
    const top = await content(page).evaluate(async (el) => {
      el.scrollTop = 240;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return el.scrollTop;
    });
    expect(top).toBeGreaterThan(100);
    const asked = searches.length;

    for (const [path, screen] of OTHERS) {
      await openInApp(page, path);
      await page.locator(`.screen-list[data-screen="${screen}"]:visible`).waitFor();
      expect(await mountedLists(page)).toBeLessThanOrEqual(MOUNTED_PAGES);
    }
    // Every tab is still in the bar; the organisation list, the least recently used, is unmounted.
    await poll(() => page.locator('.shell__tabs .ant-tabs-tab').count()).toBe(OTHERS.length + 1);
    expect(await mountedLists(page)).toBe(MOUNTED_PAGES);
    expect(await page.locator(`.screen-list[data-screen="${MENU}"]`).count()).toBe(0);
    await shot(page, 'tabs-many', false);

    // Back from the menu (its tab is scrolled out of the crowded tab bar).
    await openInApp(page, LIST);
    const back = await ListPage.of(page, MENU);
    await expect(back.keyword().inputValue()).resolves.toBe('KEPT');
    await poll(() => back.root.locator('.ant-pagination-item-active').textContent()).toBe('2');
    await expect(back.row(chosen).locator('.ant-checkbox-input').isChecked()).resolves.toBe(true);
    await expect(back.rows().count()).resolves.toBe(20);
    await poll(() => content(page).evaluate((el) => el.scrollTop)).toBe(top);
    // Its answer was still valid: nothing was searched again.
    expect(searches.length).toBe(asked);
    expect(await mountedLists(page)).toBe(MOUNTED_PAGES);
    await shot(page, 'tabs-restored', false);

    // The page it pushed out comes back too, at the top, as it was left.
    await openInApp(page, OTHERS[0][0]);
    await page.locator(`.screen-list[data-screen="${OTHERS[0][1]}"]:visible`).waitFor();
    await poll(() => content(page).evaluate((el) => el.scrollTop)).toBe(0);
    expect(await mountedLists(page)).toBe(MOUNTED_PAGES);
  });

  it("closes a modify form's tab after a save and shows the list; a refused save keeps the tab", async () => {
    const { page } = await portal.signIn('admin', LIST);
    const list = await ListPage.of(page, MENU);
    await list.waitForRows();
    await list.search('KEPT-07');
    await poll(() => list.rows().count()).toBe(1);
    await list.select('KEPT-07');
    await list.action('modify').click();
    await page.waitForURL(/\/base\/modify-organizational\/[0-9a-f-]{36}$/);
    const modifyPath = new URL(page.url()).pathname;
    const form = await FormPage.of(page);
    await poll(() => form.input('orgName').inputValue()).toBe('Kept 7');
    await poll(() => tabOf(page, modifyPath).count()).toBe(1);
    await form.fill({ orgName: 'Kept seven' });
    await form.save();

    await page.waitForURL((u) => u.pathname === LIST);
    await poll(() => tabOf(page, modifyPath).count()).toBe(0);
    await poll(() => page.locator('.screen-form').count()).toBe(0);
    await poll(async () => (await list.row('KEPT-07').textContent()) ?? '').toContain('Kept seven');

    // Opened again and saved stale: the server refuses, and the tab stays with what was typed.
    await list.select('KEPT-07');
    await list.action('modify').click();
    await page.waitForURL((u) => u.pathname === modifyPath);
    const again = await FormPage.of(page);
    await poll(() => again.input('orgName').inputValue()).toBe('Kept seven');
    const token = await portal.token('admin');
    const id = modifyPath.split('/').at(-1);
    const current = await portal.server.call(
      'IBmOrgService/getbmorgbyid',
      { condition: { id } },
      { token, menu: MENU },
    );
    const changed = await portal.server.call(
      'IBmOrgService/updatebmorgbyid',
      { condition: { id, version: current.body.response.data.version, orgName: 'Changed elsewhere' } },
      { token, menu: MENU },
    );
    expect(changed.body.code).toBe('0');
    await again.fill({ orgName: 'Typed by me' });
    await again.save();
    await poll(() => again.alert().textContent()).toMatch(/changed by someone else/i);
    expect(new URL(page.url()).pathname).toBe(modifyPath);
    expect(await tabOf(page, modifyPath).count()).toBe(1);
    await expect(again.input('orgName').inputValue()).resolves.toBe('Typed by me');
  });

  it("closes an add form's tab after a save", async () => {
    const { page } = await portal.signIn('admin', LIST);
    const list = await ListPage.of(page, MENU);
    await list.waitForRows();
    await list.action('add').click();
    await page.waitForURL(/\/base\/add-organizational$/);
    const form = await FormPage.of(page);
    await form.fill({ orgNo: 'ADDED-1', orgName: 'Added one' });
    await form.save();
    await page.waitForURL((u) => u.pathname === LIST);
    await poll(() => tabOf(page, '/base/add-organizational').count()).toBe(0);
    await poll(() => page.locator('.screen-form').count()).toBe(0);
    await list.search('ADDED-1');
    await poll(() => list.rows().count()).toBe(1);
  });
});
