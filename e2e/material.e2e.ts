// The material base-data screens in Chromium against the real server: the cell form's organisation →
// warehouse → zone selectors (disabled until chosen, cleared when the warehouse changes, disabled on
// the modify page) with add, modify and delete; a unit conversion with a quantity of 0 refused in the
// user's language; delivery addresses as supplier1, who sees and adds only its own; the item-code
// picker dialog with search.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { type RecordedCall, recordCalls } from './support/session';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

/** The material screens' remote selects, whose option labels carry more than the name. */
const selects = (page: Page) => {
  const form = new FormPage(page);
  /** Opens a remote select and picks the option whose label contains `label`. */
  const choose = async (prop: string, label: string) => {
    await form.item(prop).locator('.ant-select-selector').click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label });
    await option.first().waitFor();
    await option.first().click();
    await poll(() => form.item(prop).locator('.ant-select-selection-item').textContent()).toContain(label);
  };
  const disabled = (prop: string) => form.item(prop).locator('.ant-select-disabled').count();
  return { form, choose, disabled };
};

const last = (calls: RecordedCall[], call: string) =>
  calls.filter((c) => c.call === call).at(-1)?.body as { condition: Record<string, unknown> } | undefined;

describe('storage cells', () => {
  it('picks organisation, warehouse, then zone; a new warehouse clears the zone; modify and delete', async () => {
    const { page } = await portal.signIn('admin', '/base/cell');
    const calls = recordCalls(page, (c) => c.startsWith('IBm'));
    const { form, choose, disabled } = selects(page);
    const list = await ListPage.of(page);
    await list.waitForRows();
    await shot(page, 'material-cell-list', false);

    await list.action('add').click();
    await page.waitForURL(/\/base\/add-cell$/);
    await FormPage.of(page);
    // The organisation starts at the user's own; the zone waits for a warehouse.
    await poll(() => form.selected('orgNo')).toEqual(['Shanghai']);
    await poll(() => disabled('warehouseNo')).toBe(0);
    await poll(() => disabled('zoneNo')).toBe(1);
    await choose('warehouseNo', 'Shanghai raw materials');
    await poll(() => disabled('zoneNo')).toBe(0);
    await choose('zoneNo', 'Picking');
    // The zone lookup asked for the zones of that warehouse, valid ones only.
    expect(last(calls, 'IBmZoneService/getbmzonelistbyparams')?.condition).toMatchObject({
      warehouseNo: 'SH01-RM',
      statusCode: '1',
    });
    await choose('warehouseNo', 'Shanghai finished goods');
    await poll(() => form.selected('zoneNo')).toEqual([]);
    await choose('zoneNo', 'Finished goods');
    await form.fill({ cellNo: 'F1-09-01', cellName: 'E2E cell' });
    await shot(page, 'material-cell-add');
    await form.save();
    await page.waitForURL(/\/base\/cell$/);
    expect(last(calls, 'IBmWarehouseCellService/addbmwarehousecell')?.condition).toMatchObject({
      orgNo: 'SH01',
      warehouseNo: 'SH01-FG',
      zoneNo: 'F1',
      cellNo: 'F1-09-01',
      isBadCell: '0',
    });

    await list.search('F1-09-01');
    await poll(() => list.rows().count()).toBe(1);
    await list.select('F1-09-01');
    await list.action('modify').click();
    await page.waitForURL(/\/base\/modify-cell\/[0-9a-f-]{36}$/);
    await poll(() => form.input('cellName').inputValue()).toBe('E2E cell');
    // On the modify page the whole chain is fixed.
    for (const prop of ['orgNo', 'warehouseNo', 'zoneNo']) await poll(() => disabled(prop)).toBe(1);
    await form.fill({ cellName: 'E2E cell renamed' });
    await form.save();
    await page.waitForURL(/\/base\/cell$/);
    expect(last(calls, 'IBmWarehouseCellService/updatebmwarehousecellbyid')?.condition).toMatchObject({
      version: 1,
      cellName: 'E2E cell renamed',
    });
    await poll(async () => (await list.row('F1-09-01').textContent()) ?? '').toContain('E2E cell renamed');

    await list.select('F1-09-01');
    await list.action('physicalDelete').click();
    await dialogs.confirm(page).waitFor();
    await dialogs.accept(page);
    await poll(() => list.rows().count()).toBe(0);
    expect(last(calls, 'IBmWarehouseCellService/deletebmwarehousecellbyids')?.condition.delList).toEqual([
      { id: expect.any(String), version: 2 },
    ]);
  });
});

describe('unit conversions', () => {
  it('refuses a quantity of 0 with the spec’s message in the user’s language, and sends nothing', async () => {
    const { page } = await portal.signIn('admin', '/base/add-unit-conversion', { language: 'zh-CN' });
    const calls = recordCalls(page, (c) => c.startsWith('IBmUnitConvertService'));
    const { form, choose } = selects(page);
    await FormPage.of(page);
    await poll(() => form.selected('orgNo')).toEqual(['Shanghai']);
    await form.fill({ fromUnitPt: '1' });
    await choose('fromUnitNo', 'Carton');
    await form.fill({ toUnitPt: '0' });
    await choose('toUnitNo', 'Piece');
    await form.save();
    await poll(() => form.errors()).toEqual(['单位换算：源数量或目标数量不能为0']);
    await shot(page, 'material-unit-conversion-zero', false);
    expect(calls.filter((c) => c.call.endsWith('/addbmunitconvert'))).toEqual([]);
    await form.fill({ toUnitPt: '24' });
    await form.save();
    await page.waitForURL(/\/base\/unit-conversion$/);
    expect(last(calls, 'IBmUnitConvertService/addbmunitconvert')?.condition).toMatchObject({
      // Quantities go to the server as decimal text, never as floats.
      fromUnitPt: '1',
      fromUnitNo: 'BOX',
      toUnitPt: '24',
      toUnitNo: 'PCS',
    });
  });
});

describe('delivery addresses', () => {
  it('supplier1 sees only its own addresses and adds one for its own supplier', async () => {
    const { page } = await portal.signIn('supplier1', '/delivery/address');
    const calls = recordCalls(page, (c) => c.startsWith('IBmDeliveryAddressService'));
    const { form } = selects(page);
    const list = await ListPage.of(page);
    await poll(() => list.rows().count()).toBe(2);
    const supplierColumn = () => list.cells(4);
    await poll(supplierColumn).toEqual(['SUP001', 'SUP001']);
    await shot(page, 'material-delivery-supplier1', false);

    await list.action('add').click();
    await page.waitForURL(/\/delivery\/add-address$/);
    await FormPage.of(page);
    // The supplier selector starts at the user's own supplier.
    await poll(() => form.selected('supplierNo')).toEqual([expect.stringMatching(/SUP001|Acme/)]);
    await form.fill({ officeName: 'Acme Ningbo port' });
    await form.item('detailAddress').locator('textarea').fill('1 Harbour Road, Ningbo');
    await form.fill({ startTimeStr: '8:00', dueTimeStr: '16:00' });
    await form.save();
    await poll(() => form.errors()).toEqual([expect.stringContaining('HH:mm')]);
    await form.fill({ startTimeStr: '18:00' });
    await form.save();
    await poll(() => form.errors()).toEqual([expect.stringContaining('must not be after')]);
    await form.fill({ startTimeStr: '08:00' });
    await shot(page, 'material-delivery-add');
    await form.save();
    await page.waitForURL(/\/delivery\/address$/);
    expect(last(calls, 'IBmDeliveryAddressService/addbmdeliveryaddress')?.condition).toMatchObject({
      orgNo: 'SH01',
      supplierNo: 'SUP001',
      officeName: 'Acme Ningbo port',
      startTimeStr: '08:00',
    });
    await poll(() => list.rows().count()).toBe(3);
    await poll(supplierColumn).toEqual(['SUP001', 'SUP001', 'SUP001']);
  });
});

describe('the item-code picker dialog', () => {
  it('searches valid items of the organisation, warns when nothing is chosen, and fills the code', async () => {
    const { page } = await portal.signIn('admin', '/base/add-supplier-item');
    const calls = recordCalls(page, (c) => c.startsWith('IBm'));
    const { form, choose } = selects(page);
    await FormPage.of(page);
    await poll(() => form.selected('orgNo')).toEqual(['Shanghai']);
    await form.item('itemNo').locator('[data-action="pickItem"]').click();
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
    await shot(page, 'material-item-picker', false);
    await dialog.locator('[data-action="confirm"]').click();
    await poll(() => dialog.count()).toBe(0);
    await poll(() => form.input('itemNo').inputValue()).toBe('P-9001');
    await poll(() => form.item('itemNo').textContent()).toContain('Shipping carton');

    await choose('merchantNo', 'Acme');
    await form.fill({ merchantItemNo: 'ACME-CTN-43' });
    await form.save();
    await page.waitForURL(/\/base\/supplier-item$/);
    expect(last(calls, 'IBmSupplierItemService/addbmsupplieritem')?.condition).toMatchObject({
      orgNo: 'SH01',
      merchantNo: 'SUP001',
      itemNo: 'P-9001',
      merchantItemNo: 'ACME-CTN-43',
    });
  });
});
