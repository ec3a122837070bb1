// The material base-data screens in Chromium against the real server: the cell form's organisation →
// warehouse → zone selectors (disabled until chosen, cleared when the warehouse changes, disabled on
// the modify page) with add, modify and delete; a unit conversion with a quantity of 0 refused in the
// user's language; delivery addresses as supplier1, who sees and adds only its own; the item-code
// picker dialog with search.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, logIn, openPage, poll, type RecordedCall, recordCalls, SHOTS } from './support/session';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// Visited tabs stay mounted (hidden), so every locator is scoped to what is visible.
const scoped = (page: Page) => {
  const list = () => page.locator('.screen-list:visible');
  const form = () => page.locator('.screen-form:visible');
  const item = (prop: string) => form().locator(`[data-prop="${prop}"]`);
  const rows = () => list().locator('tbody tr.ant-table-row');
  const row = (text: string) => rows().filter({ hasText: text });
  /** Opens a remote select and picks the option whose label contains `label`. */
  const choose = async (prop: string, label: string) => {
    await item(prop).locator('.ant-select-selector').click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label });
    await option.first().waitFor();
    await option.first().click();
    await poll(() => item(prop).locator('.ant-select-selection-item').textContent()).toContain(label);
  };
  const selected = (prop: string) => item(prop).locator('.ant-select-selection-item').allTextContents();
  const disabled = (prop: string) => item(prop).locator('.ant-select-disabled').count();
  const errors = () => form().locator('.ant-formily-item-error-help').allTextContents();
  return { list, form, item, rows, row, choose, selected, disabled, errors };
};

const last = (calls: RecordedCall[], call: string) =>
  calls.filter((c) => c.call === call).at(-1)?.body as { condition: Record<string, unknown> } | undefined;

describe('storage cells', () => {
  it('picks organisation, warehouse, then zone; a new warehouse clears the zone; modify and delete', async () => {
    const { page } = await openPage(browser, server);
    const calls = recordCalls(page, (c) => c.startsWith('IBm'));
    const s = scoped(page);
    await logIn(page, server, 'admin', '/base/cell');
    await poll(() => s.rows().count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/material-cell-list.png` });

    await s.list().locator('[data-action="add"]').click();
    await page.waitForURL(/\/base\/add-cell$/);
    await s.form().waitFor();
    // The organisation starts at the user's own; the zone waits for a warehouse.
    await poll(() => s.selected('orgNo')).toEqual(['Shanghai']);
    await poll(() => s.disabled('warehouseNo')).toBe(0);
    await poll(() => s.disabled('zoneNo')).toBe(1);
    await s.choose('warehouseNo', 'Shanghai raw materials');
    await poll(() => s.disabled('zoneNo')).toBe(0);
    await s.choose('zoneNo', 'Picking');
    // The zone lookup asked for the zones of that warehouse, valid ones only.
    expect(last(calls, 'IBmZoneService/getbmzonelistbyparams')?.condition).toMatchObject({
      warehouseNo: 'SH01-RM',
      statusCode: '1',
    });
    await s.choose('warehouseNo', 'Shanghai finished goods');
    await poll(() => s.selected('zoneNo')).toEqual([]);
    await s.choose('zoneNo', 'Finished goods');
    await s.item('cellNo').locator('input').fill('F1-09-01');
    await s.item('cellName').locator('input').fill('E2E cell');
    await page.screenshot({ path: `${SHOTS}/material-cell-add.png`, fullPage: true });
    await s.form().getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/base\/cell$/);
    expect(last(calls, 'IBmWarehouseCellService/addbmwarehousecell')?.condition).toMatchObject({
      orgNo: 'SH01',
      warehouseNo: 'SH01-FG',
      zoneNo: 'F1',
      cellNo: 'F1-09-01',
      isBadCell: '0',
    });

    const keyword = s.list().locator('.screen-list__keyword input');
    await keyword.fill('F1-09-01');
    await keyword.press('Enter');
    await poll(() => s.rows().count()).toBe(1);
    await s.row('F1-09-01').locator('.ant-checkbox-input').check();
    await s.list().locator('[data-action="modify"]').click();
    await page.waitForURL(/\/base\/modify-cell\/[0-9a-f-]{36}$/);
    await poll(() => s.item('cellName').locator('input').inputValue()).toBe('E2E cell');
    // On the modify page the whole chain is fixed.
    for (const prop of ['orgNo', 'warehouseNo', 'zoneNo']) await poll(() => s.disabled(prop)).toBe(1);
    await s.item('cellName').locator('input').fill('E2E cell renamed');
    await s.form().getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/base\/cell$/);
    expect(last(calls, 'IBmWarehouseCellService/updatebmwarehousecellbyid')?.condition).toMatchObject({
      version: 1,
      cellName: 'E2E cell renamed',
    });
    await poll(async () => (await s.row('F1-09-01').textContent()) ?? '').toContain('E2E cell renamed');

    await s.row('F1-09-01').locator('.ant-checkbox-input').check();
    await s.list().locator('[data-action="physicalDelete"]').click();
    const dialog = page.locator('.ant-modal-confirm:visible');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await poll(() => s.rows().count()).toBe(0);
    expect(last(calls, 'IBmWarehouseCellService/deletebmwarehousecellbyids')?.condition.delList).toEqual([
      { id: expect.any(String), version: 2 },
    ]);
  });
});

describe('unit conversions', () => {
  it('refuses a quantity of 0 with the spec’s message in the user’s language, and sends nothing', async () => {
    const { page } = await openPage(browser, server, { language: 'zh-CN' });
    const calls = recordCalls(page, (c) => c.startsWith('IBmUnitConvertService'));
    const s = scoped(page);
    await logIn(page, server, 'admin', '/base/add-unit-conversion');
    await s.form().waitFor();
    await poll(() => s.selected('orgNo')).toEqual(['Shanghai']);
    await s.item('fromUnitPt').locator('input').fill('1');
    await s.choose('fromUnitNo', 'Carton');
    await s.item('toUnitPt').locator('input').fill('0');
    await s.choose('toUnitNo', 'Piece');
    await s
      .form()
      .getByRole('button', { name: /^保\s*存$/ })
      .click();
    await poll(() => s.errors()).toEqual(['单位换算：源数量或目标数量不能为0']);
    await page.screenshot({ path: `${SHOTS}/material-unit-conversion-zero.png` });
    expect(calls.filter((c) => c.call.endsWith('/addbmunitconvert'))).toEqual([]);
    await s.item('toUnitPt').locator('input').fill('24');
    await s
      .form()
      .getByRole('button', { name: /^保\s*存$/ })
      .click();
    await page.waitForURL(/\/base\/unit-conversion$/);
    expect(last(calls, 'IBmUnitConvertService/addbmunitconvert')?.condition).toMatchObject({
      fromUnitPt: 1,
      fromUnitNo: 'BOX',
      toUnitPt: 24,
      toUnitNo: 'PCS',
    });
  });
});

describe('delivery addresses', () => {
  it('supplier1 sees only its own addresses and adds one for its own supplier', async () => {
    const { page } = await openPage(browser, server);
    const calls = recordCalls(page, (c) => c.startsWith('IBmDeliveryAddressService'));
    const s = scoped(page);
    await logIn(page, server, 'supplier1', '/delivery/address');
    await poll(() => s.rows().count()).toBe(2);
    const supplierColumn = async () =>
      s.list().locator('tbody tr.ant-table-row td:nth-child(4)').allTextContents();
    await poll(supplierColumn).toEqual(['SUP001', 'SUP001']);
    await page.screenshot({ path: `${SHOTS}/material-delivery-supplier1.png` });

    await s.list().locator('[data-action="add"]').click();
    await page.waitForURL(/\/delivery\/add-address$/);
    await s.form().waitFor();
    // The supplier selector starts at the user's own supplier.
    await poll(() => s.selected('supplierNo')).toEqual([expect.stringMatching(/SUP001|Acme/)]);
    await s.item('officeName').locator('input').fill('Acme Ningbo port');
    await s.item('detailAddress').locator('textarea').fill('1 Harbour Road, Ningbo');
    await s.item('startTimeStr').locator('input').fill('8:00');
    await s.item('dueTimeStr').locator('input').fill('16:00');
    await s.form().getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => s.errors()).toEqual([expect.stringContaining('HH:mm')]);
    await s.item('startTimeStr').locator('input').fill('18:00');
    await s.form().getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => s.errors()).toEqual([expect.stringContaining('must not be after')]);
    await s.item('startTimeStr').locator('input').fill('08:00');
    await page.screenshot({ path: `${SHOTS}/material-delivery-add.png`, fullPage: true });
    await s.form().getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/delivery\/address$/);
    expect(last(calls, 'IBmDeliveryAddressService/addbmdeliveryaddress')?.condition).toMatchObject({
      orgNo: 'SH01',
      supplierNo: 'SUP001',
      officeName: 'Acme Ningbo port',
      startTimeStr: '08:00',
    });
    await poll(() => s.rows().count()).toBe(3);
    await poll(supplierColumn).toEqual(['SUP001', 'SUP001', 'SUP001']);
  });
});

describe('the item-code picker dialog', () => {
  it('searches valid items of the organisation, warns when nothing is chosen, and fills the code', async () => {
    const { page } = await openPage(browser, server);
    const calls = recordCalls(page, (c) => c.startsWith('IBm'));
    const s = scoped(page);
    await logIn(page, server, 'admin', '/base/add-supplier-item');
    await s.form().waitFor();
    await poll(() => s.selected('orgNo')).toEqual(['Shanghai']);
    await s.item('itemNo').locator('[data-action="pickItem"]').click();
    const dialog = page.locator('.table-select-dialog:visible');
    const dialogRows = dialog.locator('tbody tr.ant-table-row');
    await poll(() => dialogRows.count()).toBe(4);
    const codes = await dialog.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents();
    // Valid items of SH01 only: not the discontinued M-1999, not Hanoi's housings.
    expect(codes).toEqual(['M-1001', 'M-1002', 'M-2001', 'P-9001']);
    expect(last(calls, 'IBmItemService/getbmitemlistbyparamssearch')).toMatchObject({
      current: 1,
      size: 20,
      condition: { statusCode: '1', orgNo: 'SH01' },
    });
    await dialog.locator('[data-action="confirm"]').click();
    await poll(() => page.locator('.ant-message').textContent()).toContain('No item was chosen');
    await dialog.locator('.table-select-dialog__search input').fill('carton');
    await dialog.locator('[data-action="search"]').click();
    await poll(() => dialogRows.count()).toBe(1);
    expect(last(calls, 'IBmItemService/getbmitemlistbyparamssearch')?.condition).toMatchObject({
      keyword: 'carton',
      orgNo: 'SH01',
    });
    await dialogRows.first().click();
    await page.screenshot({ path: `${SHOTS}/material-item-picker.png` });
    await dialog.locator('[data-action="confirm"]').click();
    await poll(() => dialog.count()).toBe(0);
    await poll(() => s.item('itemNo').locator('input').inputValue()).toBe('P-9001');
    await poll(() => s.item('itemNo').textContent()).toContain('Shipping carton');

    await s.choose('merchantNo', 'Acme');
    await s.item('merchantItemNo').locator('input').fill('ACME-CTN-43');
    await s.form().getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/base\/supplier-item$/);
    expect(last(calls, 'IBmSupplierItemService/addbmsupplieritem')?.condition).toMatchObject({
      orgNo: 'SH01',
      merchantNo: 'SUP001',
      itemNo: 'P-9001',
      merchantItemNo: 'ACME-CTN-43',
    });
  });
});
