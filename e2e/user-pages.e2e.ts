// The user and role pages on tabs (issues 5 and 8) in Chromium against the real server: the modify-user
// page's three tabs, an error on a tab that is not shown marked on its tab and shown when saving, the
// user's data scope edited and saved and in force at that user's next login, and detail pages naming
// organisations, warehouses and suppliers instead of showing their codes (one lookup per selector).
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, logIn, openPage, poll, type RecordedCall, recordCalls, SHOTS } from './support/session';

let server: TestServer;
let browser: Browser;
let page: Page;
let calls: RecordedCall[];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir });
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server));
  calls = recordCalls(page);
  await logIn(page, server, 'admin', '/baseManage/user');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const userId = async (userNo: string) =>
  (
    await server.server.database.db
      .selectFrom('sysUser')
      .select('id')
      .where('userNo', '=', userNo)
      .executeTakeFirstOrThrow()
  ).id;

// Visited pages stay mounted (hidden), so locators are scoped to what is visible.
const form = () => page.locator('.screen-form:visible');
const item = (prop: string) => form().locator(`[data-prop="${prop}"]`);
const tabLabel = (key: string) => form().locator(`[data-tab="${key}"]`);
const activeTab = () => form().locator('.ant-tabs-tab-active [data-tab]').getAttribute('data-tab');
const tags = (prop: string) => item(prop).locator('.ant-select-selection-item').allTextContents();
const called = (call: string) => calls.filter((c) => c.call === call);

describe('user and role pages on tabs', () => {
  it('modify-user: basic info, role and menu permissions; an error on a tab not shown is marked and shown on save', async () => {
    await page.goto(`${server.url}/baseManage/modify-user/${await userId('buyer')}/buyer`);
    await poll(() => item('userName').locator('input').inputValue()).toBe('Wang Li (purchasing)');
    await expect(form().locator('[data-tab]').allTextContents()).resolves.toEqual([
      'Basic information',
      'Role permissions',
      'Menu permissions',
    ]);
    // The organisation and the data scope are named, not coded.
    await poll(() => tags('dataOrgNos')).toEqual(['Hanoi', 'Shanghai']);
    await expect(item('orgNo').locator('.ant-select-selection-item').textContent()).resolves.toBe('Shanghai');
    await page.screenshot({ path: `${SHOTS}/issue5-modify-user-basic.png`, fullPage: true });

    await item('userName').locator('input').fill('');
    await item('userName').locator('input').blur();
    await tabLabel('roles').click();
    await poll(activeTab).toBe('roles');
    await poll(() => tags('roleNos')).toEqual(['Purchaser']);
    // The basic tab, not shown, says it holds an error.
    await poll(() => tabLabel('basic').getAttribute('data-tab-errors')).toBe('1');
    await page.screenshot({ path: `${SHOTS}/issue5-modify-user-roles-marked.png`, fullPage: true });
    await tabLabel('menus').click();
    await poll(activeTab).toBe('menus');
    await item('menuList').locator('[data-action="expandAll"]').waitFor();
    await page.screenshot({ path: `${SHOTS}/issue5-modify-user-menus.png`, fullPage: true });

    const saves = called('ISupSrmSysUserService/saveorupdatesysuser').length;
    await form().getByRole('button', { name: 'Save', exact: true }).click();
    // Save switches to the first tab with an error, where the message is.
    await poll(activeTab).toBe('basic');
    await poll(() => item('userName').locator('.ant-formily-item-error-help').textContent()).toBe(
      'Please enter Full name',
    );
    expect(called('ISupSrmSysUserService/saveorupdatesysuser')).toHaveLength(saves);
    await page.screenshot({ path: `${SHOTS}/issue5-modify-user-error-shown.png`, fullPage: true });

    await item('userName').locator('input').fill('Wang Li (purchasing)');
    await poll(() => tabLabel('basic').getAttribute('data-tab-errors')).toBeNull();
  });

  it("edits the buyer's data scope (Hanoi taken away); the buyer's next login sees only Shanghai's rows", async () => {
    await poll(() => tags('dataWarehouseNos')).toEqual([
      'Hanoi raw materials',
      'Shanghai finished goods',
      'Shanghai raw materials',
    ]);
    await item('dataOrgNos')
      .locator('.ant-select-selection-item', { hasText: 'Hanoi' })
      .locator('.ant-select-selection-item-remove')
      .click();
    // Warehouses and classify types of the organisations left stay; Hanoi's go.
    await poll(() => tags('dataWarehouseNos')).toEqual(['Shanghai finished goods', 'Shanghai raw materials']);
    await poll(() => tags('dataClassifyTypes')).toEqual(['Shanghai purchase receipt']);
    // Shanghai's raw materials only.
    await item('dataWarehouseNos')
      .locator('.ant-select-selection-item', { hasText: 'Shanghai finished goods' })
      .locator('.ant-select-selection-item-remove')
      .click();
    await poll(() => tags('dataWarehouseNos')).toEqual(['Shanghai raw materials']);
    await page.screenshot({ path: `${SHOTS}/issue5-modify-user-scope-edited.png`, fullPage: true });
    await form().getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/baseManage\/user$/);
    expect(called('ISupSrmSysUserService/saveorupdatesysuser').at(-1)?.body).toMatchObject({
      condition: { dataOrgNos: 'SH01', dataWarehouseNos: 'SH01-RM', dataClassifyTypes: 'SH01-PO' },
    });

    const buyer = await openPage(browser, server);
    try {
      const bp = buyer.page;
      await logIn(bp, server, 'buyer', '/base/warehouse');
      const rows = () => bp.locator('.screen-list:visible tbody tr.ant-table-row');
      await poll(() => rows().count()).toBe(1);
      await expect(rows().first().textContent()).resolves.toContain('SH01-RM');
      await bp.screenshot({ path: `${SHOTS}/issue5-buyer-warehouses-after-scope.png` });
      await bp.goto(`${server.url}/base/organizational`);
      await poll(() => rows().count()).toBe(1);
      await expect(rows().first().textContent()).resolves.toContain('SH01');
    } finally {
      await buyer.context.close();
    }
  });

  it('a detail page and the detail drawer name the organisation, warehouses and supplier, one lookup per selector', async () => {
    const before = calls.length;
    await page.goto(`${server.url}/baseManage/user-detail/${await userId('supplier1')}`);
    const detail = page.locator('.screen-detail:visible');
    await poll(() => detail.locator('[data-prop="supplierNo"]').textContent()).toContain('Acme');
    await expect(detail.locator('[data-prop="orgNo"]').textContent()).resolves.toContain('Shanghai');
    await expect(detail.locator('[data-prop="dataWarehouseNos"]').textContent()).resolves.toContain(
      'Shanghai raw materials',
    );
    await expect(detail.locator('[data-prop="dataClassifyTypes"]').textContent()).resolves.toContain(
      'Shanghai purchase receipt',
    );
    await expect(detail.locator('[data-prop="roleNos"]').textContent()).resolves.toContain('Supplier');
    await page.screenshot({ path: `${SHOTS}/issue5-user-detail.png`, fullPage: true });
    // The page's shell loads (user info, menus) aside, the selectors asked once each.
    const lookups = calls
      .slice(before)
      .map((c) => c.call)
      .filter((c) => /ListByParams$|\/getsysrolelist$/.test(c));
    expect(lookups.sort()).toEqual([
      'IBmClassifyTypeService/getFullAuthorityClassifyTypeListByParams',
      'IBmSupplierService/getFullAuthoritySupListByParams',
      'IBmWarehouseService/getFullAuthorityWarehouseListByParams',
      'ISrmSysRoleService/getsysrolelist',
    ]);
    expect(calls.slice(before).find((c) => c.call.startsWith('IBmWarehouseService/'))?.body).toMatchObject({
      condition: { in: { warehouseNo: ['SH01-RM'] } },
    });

    await page.goto(`${server.url}/baseManage/user`);
    const list = page.locator('.screen-list:visible');
    const row = list.locator('tbody tr.ant-table-row', { hasText: 'supplier2' });
    await row.locator('[data-row-action="view"]').first().click();
    const drawer = page.locator('.ant-drawer-content-wrapper:visible');
    await poll(() => drawer.locator('[data-prop="supplierNo"]').textContent()).toContain('Delta');
    await expect(drawer.locator('[data-prop="orgNo"]').textContent()).resolves.toContain('Hanoi');
    await expect(drawer.locator('[data-prop="dataWarehouseNos"]').textContent()).resolves.toContain(
      'Hanoi raw materials',
    );
    await page.screenshot({ path: `${SHOTS}/issue5-user-drawer.png` });
    await page.keyboard.press('Escape');
  });

  it('the role pages have basic info and menu permission tabs', async () => {
    await page.goto(`${server.url}/baseManage/add-role`);
    await poll(() => form().locator('[data-tab]').allTextContents()).toEqual([
      'Basic information',
      'Menu permissions',
    ]);
    await item('roleNo').locator('input').fill('R-TABS');
    await tabLabel('menus').click();
    await item('menuList').locator('[data-action="expandAll"]').waitFor();
    // roleName is required and empty: the save shows the basic tab with its message.
    await form().getByRole('button', { name: 'Save', exact: true }).click();
    await poll(activeTab).toBe('basic');
    await poll(() => tabLabel('basic').getAttribute('data-tab-errors')).toBe('1');
    await page.screenshot({ path: `${SHOTS}/issue5-add-role.png`, fullPage: true });
  });
});
