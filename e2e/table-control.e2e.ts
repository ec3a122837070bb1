// Table management and business control (issue 8) in Chromium against the real server: the
// administrator hides and moves a column of the unit list; the buyer, without settings of his own,
// sees that layout, his own change wins over it, and his reset returns to it. Then the business control
// BASE_DATA_PHYSICAL_DELETE switched to N for HN01 refuses the delete of an HN01 unit with its message.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, logIn, openPage, poll, SHOTS } from './support/session';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir, config: { scheduler: false } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const UNIT_LIST = '/base/unit';
const on = (page: Page) => {
  const list = () => page.locator('.screen-list:visible');
  const form = () => page.locator('.screen-form:visible');
  return {
    list,
    form,
    rows: () => list().locator('tbody tr.ant-table-row'),
    row: (text: string) => list().locator('tbody tr.ant-table-row').filter({ hasText: text }),
    headers: async () =>
      (await list().locator('thead th').allTextContents()).map((t) => t.trim()).filter((t) => t !== ''),
    option: (text: string) =>
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }),
    popover: () => page.locator('.ant-popover:visible'),
  };
};

describe('table management', () => {
  it('the administrator’s layout is what a user without settings sees; his own wins; reset returns to it', async () => {
    const { page: admin } = await openPage(browser, server);
    await logIn(admin, server, 'admin', '/baseManage/table-management');
    const a = on(admin);
    await a.list().locator('.screen-list__keyword input').first().fill('Base.Material.Unit');
    await admin.keyboard.press('Enter');
    await poll(() => a.rows().filter({ hasText: 'Base.Material.Unit' }).count()).toBeGreaterThan(0);
    const unitRow = a.rows().filter({ has: admin.locator('td', { hasText: /^Base\.Material\.Unit$/ }) });
    await unitRow.locator('.ant-checkbox-input').check();
    await a.list().locator('[data-action="modify"]').click();
    await admin.waitForURL(/\/baseManage\/modify-table-management\/Base\.Material\.Unit$/);
    const table = a.form().locator('.editable-table');
    const layoutRow = (prop: string) =>
      table
        .locator('tbody tr.ant-table-row')
        .filter({ has: admin.locator('[data-prop="prop"]').getByText(prop, { exact: true }) });
    await poll(() => table.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(5);
    await admin.screenshot({ path: `${SHOTS}/table-management-modify.png`, fullPage: true });
    // Hide the unit name: open its row and choose No under Shown.
    await layoutRow('unitName').click();
    await layoutRow('unitName').locator('[data-prop="isShow"] .ant-select-selector').click();
    await a.option('No').click();
    // Freeze the organisation and move it to the top.
    await layoutRow('orgNo').click();
    await layoutRow('orgNo').locator('[data-prop="fixed"] .ant-select-selector').click();
    await a.option('Frozen left').click();
    await layoutRow('orgNo').locator('[data-action="moveRowUp"]').click();
    await layoutRow('orgNo').locator('[data-action="moveRowUp"]').click();
    await poll(
      async () => (await table.locator('tbody tr.ant-table-row').first().textContent()) ?? '',
    ).toMatch(/^orgNo/);
    await a.form().getByRole('button', { name: 'Save', exact: true }).click();
    await admin.waitForURL(/\/baseManage\/table-management$/);
    await poll(async () => (await unitRow.textContent()) ?? '').toContain('Yes');

    const { page: buyer } = await openPage(browser, server);
    await logIn(buyer, server, 'buyer', UNIT_LIST);
    const b = on(buyer);
    await poll(() => b.rows().count()).toBeGreaterThan(0);
    await poll(b.headers).toContain('Organization code');
    const headers = await b.headers();
    expect(headers).not.toContain('Unit name');
    expect(headers.indexOf('Organization code')).toBeLessThan(headers.indexOf('Unit'));
    await buyer.screenshot({ path: `${SHOTS}/table-management-buyer.png` });

    // The buyer shows the unit name again for himself: his setting wins over the layout.
    await b.list().getByRole('button', { name: 'Column settings' }).click();
    await buyer.waitForTimeout(300);
    await b.popover().locator('.column-settings__row[data-prop="unitName"] .column-settings__show').click();
    await poll(b.headers).toContain('Unit name');
    // Still his after a reload (kept on the server).
    await buyer.reload();
    await poll(() => b.rows().count()).toBeGreaterThan(0);
    await poll(b.headers).toContain('Unit name');
    // Reset returns to the administrator's layout, not to the screen's.
    await b.list().getByRole('button', { name: 'Column settings' }).click();
    await buyer.waitForTimeout(300);
    await b.popover().getByRole('button', { name: 'Reset to default' }).click();
    await poll(async () => (await b.headers()).includes('Unit name')).toBe(false);
    const after = await b.headers();
    expect(after.indexOf('Organization code')).toBeLessThan(after.indexOf('Unit'));
    await buyer.context().close();
    await admin.context().close();
  });
});

describe('business control', () => {
  it('BASE_DATA_PHYSICAL_DELETE N for HN01 makes the delete of an HN01 unit fail with its message', async () => {
    const { page } = await openPage(browser, server);
    await logIn(page, server, 'admin', '/baseManage/business-control');
    const s = on(page);
    await poll(() => s.row('BASE_DATA_PHYSICAL_DELETE').count()).toBe(1);
    await s.row('BASE_DATA_PHYSICAL_DELETE').locator('.ant-checkbox-input').check();
    await s.list().locator('[data-action="modify"]').click();
    await page.waitForURL(/\/baseManage\/modify-business-control\/[0-9a-f-]{36}$/);
    const table = s.form().locator('.editable-table');
    await s.form().locator('[data-action="addRow"]').click();
    const row = table.locator('tbody tr.ant-table-row').last();
    await row.locator('[data-prop="orgNo"] .ant-select-selector').click();
    await s.option('Hanoi').first().click();
    await row.locator('[data-prop="controlValue"] input').fill('N');
    await page.screenshot({ path: `${SHOTS}/business-control-modify.png`, fullPage: true });
    const saved = page.waitForResponse((r) => r.url().endsWith('/updatebmbusinesscontrolbyid'));
    await s.form().getByRole('button', { name: 'Save', exact: true }).click();
    const answer = await (await saved).json();
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: '0' });
    await page.waitForURL(/\/baseManage\/business-control$/);

    // An HN01 unit to delete.
    const token = await server.login('admin');
    const added = await server.call(
      'IBmUnitService/addbmunit',
      { condition: { orgNo: 'HN01', unitNo: 'E2EDEL', unitName: 'To delete', unitType: '1' } },
      { token, menu: 'Base.Material.Unit' },
    );
    expect(added.body.code).toBe('0');
    await page.goto(`${server.url}${UNIT_LIST}`);
    await poll(() => s.rows().count()).toBeGreaterThan(0);
    await s.list().locator('.screen-list__keyword input').first().fill('E2EDEL');
    await page.keyboard.press('Enter');
    await poll(() => s.rows().count()).toBe(1);
    await s.row('E2EDEL').locator('.ant-checkbox-input').check();
    await s.list().locator('[data-action="physicalDelete"]').click();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'OK' }).click();
    await poll(() => page.locator('.ant-message-notice').last().textContent()).toContain(
      'Organization HN01 does not allow base data to be deleted',
    );
    expect(await page.locator('.ant-message-notice').last().textContent()).toContain(
      'Set the record invalid instead',
    );
    await page.screenshot({ path: `${SHOTS}/business-control-refused.png` });
    await poll(() => s.row('E2EDEL').count()).toBe(1);
    await page.context().close();
  });
});
