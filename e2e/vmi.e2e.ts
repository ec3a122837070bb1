// Inventory synergy in the browser: the warehouse's VMI stock of two suppliers. Supplier1 opens the VMI
// query from the side menu and reads its stock with the warehouse's, the unit's and its own names,
// the quantity right-aligned and exact; supplier2's item is not there (not even the one in supplier1's
// organisation); supplier2 sees its own; the buyer sees both. Stock sync asks the ERP for fresh stock.
// The period movements show the month's movements, voided ones on their own tab.
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

let portal: Portal;
const DAY = 86_400_000;

beforeAll(async () => {
  portal = await startPortal();
  const db = portal.server.server.database.db;
  const now = Date.now();
  const stock = (
    orgNo: string,
    warehouseNo: string,
    supplierNo: string,
    itemNo: string,
    itemName: string,
    stockKind: string,
    qty: string,
  ) => ({
    orgNo,
    warehouseNo,
    supplierNo,
    itemNo,
    itemName,
    unitNo: 'PCS',
    stockKind,
    qty,
    snapshotQty: '1000',
    asOf: new Date(now - 3 * DAY),
    lastMoveAt: new Date(now - DAY),
  });
  await db
    .insertInto('srmVmiStock')
    .values([
      stock('SH01', 'SH01-RM', 'SUP001', 'VMI-E2E-BOLT', 'Hex bolt M8', '1', '1234.5'),
      stock('SH01', 'SH01-FG', 'SUP001', 'VMI-E2E-NUT', 'Hex nut M8', '2', '75.25'),
      stock('SH01', 'SH01-RM', 'SUP002', 'VMI-E2E-WASHER', 'Nylon washer', '1', '50'),
      stock('HN01', 'HN01-RM', 'SUP002', 'VMI-E2E-CAP', 'Plastic cap', '1', '300'),
    ])
    .execute();
  const move = (externalId: string, moveType: string, qty: string, daysAgo: number, extra = {}) => ({
    externalId,
    externalVersion: 1,
    orgNo: 'SH01',
    warehouseNo: 'SH01-RM',
    supplierNo: 'SUP001',
    itemNo: 'VMI-E2E-BOLT',
    itemName: 'Hex bolt M8',
    unitNo: 'PCS',
    stockKind: '1',
    moveType,
    qty,
    moveDate: new Date(now - daysAgo * DAY),
    ...extra,
  });
  await db
    .insertInto('srmVmiMove')
    .values([
      move('WMS-E2E-1', '1', '300', 3, { docNo: 'GR-E2E-VMI-1' }),
      move('WMS-E2E-2', '2', '-65.5', 1, { docNo: 'ISS-E2E-VMI-1', remark: 'to line 3' }),
      move('WMS-E2E-3', '3', '-1', 1, { docNo: 'ADJ-E2E-VMI-1', voided: 'Y' }),
      move('WMS-E2E-OLD', '1', '10', 90, { docNo: 'GR-E2E-VMI-OLD' }),
    ])
    .execute();
});

afterAll(async () => {
  await portal?.close();
});

const sideMenu = (page: Page) => page.locator('.shell__sider');

describe('VMI stock', () => {
  it("shows supplier1 its own stock from the side menu, with names, and none of supplier2's", async () => {
    const { context, page } = await portal.signIn('supplier1');
    await sideMenu(page).getByText('Inventory collaboration', { exact: true }).click();
    await sideMenu(page).getByText('VMI stock query', { exact: true }).click();
    await page.waitForURL(/\/inventorySynergy\/vmi\/query$/);
    const list = await ListPage.of(page, 'Offsite.Vmi.Query');
    await poll(async () => (await list.row('VMI-E2E-BOLT').textContent()) ?? '').toContain('Hex bolt M8');
    const bolt = (await list.row('VMI-E2E-BOLT').textContent()) ?? '';
    for (const text of ['Shanghai raw materials', 'Piece', '1,234.500', 'VMI', 'Acme Precision Components'])
      expect(bolt).toContain(text);
    expect(await list.row('VMI-E2E-NUT').textContent()).toContain('Escrow');
    expect(await list.row('VMI-E2E-WASHER').count()).toBe(0);
    expect(await list.row('VMI-E2E-CAP').count()).toBe(0);
    // The stock now is a number column: right-aligned.
    const headers = await list.headers();
    const qty = list
      .row('VMI-E2E-BOLT')
      .locator('td')
      .nth(headers.indexOf('Stock now') + 1);
    expect(await qty.textContent()).toBe('1,234.500');
    expect(await qty.evaluate((td) => getComputedStyle(td).textAlign)).toBe('right');
    // Tabs by kind, each with its count of the search.
    await list.search('VMI-E2E');
    const count = (value: string) =>
      list.root.locator(`.screen-list__tab[data-tab="${value}"] .screen-list__tab-count`).textContent();
    await poll(() => count('')).toBe('2');
    expect([await count('1'), await count('2')]).toEqual(['1', '1']);
    await shot(page, 'vmi-query');

    // Stock sync asks the ERP for fresh stock of supplier1's organisation.
    await list.runAction('dialog', 'Stock sync');
    const dialog = dialogs.modal(page);
    await poll(() => dialog.count()).toBe(1);
    const asked = page.waitForResponse((r) => r.url().endsWith('/ISupSrmVmiService/syncLatestInfo'));
    await dialog.locator('.ant-btn-primary').click();
    expect((await (await asked).json()).response.data).toMatchObject({ requested: ['SH01'], count: 1 });
    await poll(() => dialogs.modal(page).count()).toBe(0);

    // The period movements: this month's, voided ones on their own tab.
    await sideMenu(page).getByText('VMI period movements', { exact: true }).click();
    const moves = await ListPage.of(page, 'Offsite.Vmi.PeriodMovement');
    await poll(async () => (await moves.rows().allTextContents()).join(' ')).toContain('ISS-E2E-VMI-1');
    const shown = (await moves.rows().allTextContents()).join(' ');
    expect(shown).toContain('-65.500');
    expect(shown).toContain('GR-E2E-VMI-1');
    expect(shown).not.toContain('ADJ-E2E-VMI-1');
    expect(shown).not.toContain('GR-E2E-VMI-OLD');
    await shot(page, 'vmi-period-movement');
    await context.close();
  });

  it('shows supplier2 its own stock only, and the buyer both', async () => {
    const other = await portal.signIn('supplier2', '/inventorySynergy/vmi/query');
    const theirs = await ListPage.of(other.page, 'Offsite.Vmi.Query');
    await poll(async () => (await theirs.row('VMI-E2E-CAP').textContent()) ?? '').toContain('Plastic cap');
    expect(await theirs.row('VMI-E2E-CAP').textContent()).toContain('Hanoi raw materials');
    expect(await theirs.row('VMI-E2E-BOLT').count()).toBe(0);
    // Its export goes through the spec's exportWarehouseEnd and holds its own stock only.
    await theirs.action('export').click();
    const modal = dialogs.modal(other.page);
    await modal.waitFor();
    const exported = other.page.waitForResponse((r) =>
      r.url().endsWith('/ISupSrmVmiService/exportWarehouseEnd'),
    );
    const download = other.page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Export' }).click();
    expect((await exported).status()).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await (await download).path())!);
    const cells = JSON.stringify(book.worksheets[0].getSheetValues());
    expect(cells).toContain('VMI-E2E-CAP');
    expect(cells).not.toContain('VMI-E2E-BOLT');
    await other.context.close();

    const { context, page } = await portal.signIn('buyer', '/inventorySynergy/vmi/query');
    const list = await ListPage.of(page, 'Offsite.Vmi.Query');
    await list.search('VMI-E2E');
    await poll(async () => (await list.rows().allTextContents()).join(' ')).toContain('VMI-E2E-CAP');
    const all = (await list.rows().allTextContents()).join(' ');
    for (const item of ['VMI-E2E-BOLT', 'VMI-E2E-NUT', 'VMI-E2E-WASHER', 'VMI-E2E-CAP'])
      expect(all).toContain(item);
    expect(all).toContain('Delta Plastics Vietnam');
    await shot(page, 'vmi-query-buyer');
    await context.close();
  });
});
