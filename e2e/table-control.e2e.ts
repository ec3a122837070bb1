// Table management and business control in Chromium against the real server: the
// administrator hides and moves a column of the unit list; the buyer, without settings of his own,
// sees that layout, his own change wins over it, and his reset returns to it. Then the business control
// BASE_DATA_PHYSICAL_DELETE switched to N for HN01 refuses the delete of an HN01 unit with its message.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal({ config: { scheduler: false } });
});

afterAll(async () => {
  await portal?.close();
});

const UNIT_LIST = '/base/unit';
const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });

/** Opens the list's column settings popover. */
async function columnSettings(list: ListPage) {
  await list.root.getByRole('button', { name: 'Column settings' }).click();
  const popover = dialogs.popover(list.page);
  await popover.locator('.column-settings').waitFor();
  return popover;
}

describe('table management', () => {
  it('the administrator’s layout is what a user without settings sees; his own wins; reset returns to it', async () => {
    const { page: admin } = await portal.signIn('admin', '/baseManage/table-management');
    const a = await ListPage.of(admin);
    await a.search('Base.Material.Unit');
    await poll(() => a.row('Base.Material.Unit').count()).toBeGreaterThan(0);
    const unitRow = a.rows().filter({ has: admin.locator('td', { hasText: /^Base\.Material\.Unit$/ }) });
    await unitRow.locator('.ant-checkbox-input').check();
    await a.action('modify').click();
    await admin.waitForURL(/\/baseManage\/modify-table-management\/Base\.Material\.Unit$/);
    const form = await FormPage.of(admin);
    const table = form.root.locator('.editable-table');
    const layoutRow = (prop: string) =>
      table
        .locator('tbody tr.ant-table-row')
        .filter({ has: admin.locator('[data-prop="prop"]').getByText(prop, { exact: true }) });
    await poll(() => table.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(5);
    await shot(admin, 'table-management-modify');
    // Hide the unit name: open its row and choose No under Shown.
    await layoutRow('unitName').click();
    await layoutRow('unitName').locator('[data-prop="isShow"] .ant-select-selector').click();
    await option(admin, 'No').click();
    // Freeze the organisation and move it to the top.
    await layoutRow('orgNo').click();
    await layoutRow('orgNo').locator('[data-prop="fixed"] .ant-select-selector').click();
    await option(admin, 'Frozen left').click();
    await layoutRow('orgNo').locator('[data-action="moveRowUp"]').click();
    await layoutRow('orgNo').locator('[data-action="moveRowUp"]').click();
    await poll(
      async () => (await table.locator('tbody tr.ant-table-row').first().textContent()) ?? '',
    ).toMatch(/^orgNo/);
    await form.save();
    await admin.waitForURL(/\/baseManage\/table-management$/);
    await poll(async () => (await unitRow.textContent()) ?? '').toContain('Yes');

    const { page: buyer } = await portal.signIn('buyer', UNIT_LIST);
    const b = await ListPage.of(buyer);
    await b.waitForRows();
    await poll(() => b.headers()).toContain('Organization code');
    const headers = await b.headers();
    expect(headers).not.toContain('Unit name');
    expect(headers.indexOf('Organization code')).toBeLessThan(headers.indexOf('Unit'));
    await shot(buyer, 'table-management-buyer');

    // The buyer shows the unit name again for himself: his setting wins over the layout.
    let settings = await columnSettings(b);
    // The table follows at once; the server has it once the save is answered.
    const saved = buyer.waitForResponse((r) => r.url().endsWith('/ISysViewService/saveColumnSetting'));
    await settings.locator('.column-settings__row[data-prop="unitName"] .column-settings__show').click();
    await poll(() => b.headers()).toContain('Unit name');
    await saved;
    // Still his after a reload (kept on the server).
    await buyer.reload();
    await b.waitForRows();
    await poll(() => b.headers()).toContain('Unit name');
    // Reset returns to the administrator's layout, not to the screen's.
    settings = await columnSettings(b);
    await settings.getByRole('button', { name: 'Reset to default' }).click();
    await poll(async () => (await b.headers()).includes('Unit name')).toBe(false);
    const after = await b.headers();
    expect(after.indexOf('Organization code')).toBeLessThan(after.indexOf('Unit'));
    await buyer.context().close();
    await admin.context().close();
  });
});

describe('business control', () => {
  it('BASE_DATA_PHYSICAL_DELETE N for HN01 makes the delete of an HN01 unit fail with its message', async () => {
    const { page } = await portal.signIn('admin', '/baseManage/business-control');
    const controls = await ListPage.of(page);
    await poll(() => controls.row('BASE_DATA_PHYSICAL_DELETE').count()).toBe(1);
    await controls.select('BASE_DATA_PHYSICAL_DELETE');
    await controls.action('modify').click();
    await page.waitForURL(/\/baseManage\/modify-business-control\/[0-9a-f-]{36}$/);
    const form = await FormPage.of(page);
    const table = form.root.locator('.editable-table');
    await form.root.locator('[data-action="addRow"]').click();
    const row = table.locator('tbody tr.ant-table-row').last();
    await row.locator('[data-prop="orgNo"] .ant-select-selector').click();
    await option(page, 'Hanoi').first().click();
    await row.locator('[data-prop="controlValue"] input').fill('N');
    await shot(page, 'business-control-modify');
    const saved = page.waitForResponse((r) => r.url().endsWith('/updatebmbusinesscontrolbyid'));
    await form.save();
    const answer = await (await saved).json();
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: '0' });
    await page.waitForURL(/\/baseManage\/business-control$/);

    // An HN01 unit to delete.
    const token = await portal.token('admin');
    const added = await portal.server.call(
      'IBmUnitService/addbmunit',
      { condition: { orgNo: 'HN01', unitNo: 'E2EDEL', unitName: 'To delete', unitType: '1' } },
      { token, menu: 'Base.Material.Unit' },
    );
    expect(added.body.code).toBe('0');
    await page.goto(`${portal.server.url}${UNIT_LIST}`);
    const units = await ListPage.of(page);
    await units.waitForRows();
    await units.search('E2EDEL');
    await poll(() => units.rows().count()).toBe(1);
    await units.select('E2EDEL');
    await units.action('physicalDelete').click();
    await dialogs.accept(page);
    const lastMessage = async () => (await dialogs.messages(page)).at(-1);
    await poll(lastMessage).toContain('Organization HN01 does not allow base data to be deleted');
    expect(await lastMessage()).toContain('Set the record invalid instead');
    await shot(page, 'business-control-refused');
    await poll(() => units.row('E2EDEL').count()).toBe(1);
    await page.context().close();
  });
});
