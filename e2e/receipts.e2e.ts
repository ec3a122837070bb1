// Receipt tracking in the browser. The warehouse reports, through the integration API, what it did with
// a notice supplier1 shipped: goods accepted, some refused at inspection, some sent back, the rest put
// away. The buyer finds each on its receipt-tracking list and exports the rejections; supplier1 sees its
// own receipts and the notice's receiving details; supplier2 sees none of them.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

let portal: Portal;
let asnNo = '';

async function workbookRows(path: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path) as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  portal = await startPortal();
  const s = portal.server;
  const [admin, buyer, supplier1] = await Promise.all(
    ['admin', 'buyer', 'supplier1'].map((u) => portal.token(u)),
  );
  const call = async (method: string, condition: unknown, token: string, menu: string) => {
    const r = await s.call(method, { condition }, { token, menu });
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data;
  };
  const key = (
    await call(
      'ISysApiKeyService/addSysApiKey',
      { keyName: 'wms e2e', entities: 'receipt', orgNos: 'SH01' },
      admin,
      'BaseManage.Config.ApiKey',
    )
  ).apiKey as string;
  // Supplier1 accepts the demo's bolts and ships 500 of them; the buyer approves the notice.
  const lines = await call(
    'ISupSrmPurchaseService/getSrmPurchasePage',
    { purchaseNo: 'PO-SH01-260001' },
    supplier1,
    'Offsite.User.Order',
  );
  const bolt = lines.records.find((l: { purchaseSeq: number }) => l.purchaseSeq === 10);
  await call(
    'ISupSrmPurchaseService/acceptSrmPurchase',
    { rows: [{ id: bolt.id, version: bolt.version }] },
    supplier1,
    'Offsite.User.Order',
  );
  const menu = 'Offsite.Delivery.OrderDelivery.Detail';
  const { id } = await call(
    'ISrmAsnHeadService/addSrmAsnHead',
    {
      orgNo: 'SH01',
      orderType: '1',
      deliveryDate: '2026-12-01',
      expectedArrivalDate: '2026-12-03',
      warehouseNo: 'SH01-RM',
      shipAddress: 'No. 8 Acme Road, Kunshan',
      deliveryAddress: 'Shanghai, gate 2',
      sender: 'Li Wei',
      senderContact: '13800000001',
      lineList: [{ purchaseId: bolt.id, deliveryQty: '500' }],
    },
    supplier1,
    menu,
  );
  const get = (token: string, m: string) => call('ISrmAsnHeadService/getSrmAsnHeadById', { id }, token, m);
  const draft = await get(supplier1, 'Offsite.Delivery.AsnTracking');
  await call(
    'ISrmAsnHeadService/submitSrmAsnHead',
    { rows: [{ id, version: draft.version }] },
    supplier1,
    menu,
  );
  const pending = await get(buyer, 'Offsite.Delivery.AsnList');
  await call(
    'ISrmAsnHeadService/approveSrmAsnHead',
    { rows: [{ id, version: pending.version }] },
    buyer,
    'Offsite.Delivery.AsnList',
  );
  asnNo = pending.asnNo;
  const receipt = (type: string, docNo: string, qty: string, extra: Record<string, unknown> = {}) => ({
    externalId: docNo,
    externalVersion: 1,
    type,
    asnNo,
    lineSeq: 1,
    qty,
    docNo,
    operator: 'Zhou Min',
    ...extra,
  });
  const pushed = await s.server.app.inject({
    method: 'POST',
    url: '/integration/v1/receipts',
    headers: { authorization: `Bearer ${key}` },
    payload: {
      receipts: [
        receipt('acceptance', 'GR-E2E-1', '400.5'),
        receipt('rejection', 'QC-E2E-1', '25', { reason: 'Bent threads' }),
        receipt('return', 'RT-E2E-1', '10', { reason: 'Wrong coating' }),
        receipt('warehousing', 'PA-E2E-1', '390.5', { cellNo: 'RM-A-02-01' }),
      ],
    },
  });
  expect(pushed.json()).toMatchObject({ created: 4 });
});

afterAll(async () => {
  await portal?.close();
});

describe('receipt tracking', () => {
  it('shows the buyer each kind on its list, and exports the rejections', async () => {
    const { context, page } = await portal.signIn('buyer', '/receipt-tracking/acceptance-details');
    const acceptance = await ListPage.of(page, 'ReceiptTracking.Acceptance.Details');
    await poll(async () => (await acceptance.row('GR-E2E-1').textContent()) ?? '').toContain('400.5');
    expect(await acceptance.row('GR-E2E-1').textContent()).toContain(asnNo);
    await shot(page, 'receipts-acceptance');

    await page.goto(`${portal.server.url}/receipt-tracking/rejection-details`);
    const rejection = await ListPage.of(page, 'ReceiptTracking.Rejection.Details');
    await poll(async () => (await rejection.row('QC-E2E-1').textContent()) ?? '').toContain('Bent threads');
    await rejection.search('QC-E2E');
    await poll(() => rejection.rows().count()).toBe(1);
    await rejection.action('export').click();
    const modal = dialogs.modal(page);
    await poll(() => modal.count()).toBe(1);
    const download = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Export' }).click();
    const rows = await workbookRows((await (await download).path())!);
    expect(rows[0].slice(0, 3)).toEqual(['Document no.', 'Status', 'Receipt time']);
    // Each code is followed by the name of what it names (columns 4, 6, 8: organisation, supplier,
    // warehouse).
    expect(rows.slice(1).map((r) => [r[0], r[1], r[8], r[18], r[19]])).toEqual([
      ['QC-E2E-1', 'Reviewed', 'Shanghai raw materials', 25, 'Bent threads'],
    ]);

    // The notice list opens the notice's receipts from its row.
    await page.goto(`${portal.server.url}/delivery/asn-list`);
    const asns = await ListPage.of(page, 'Offsite.Delivery.AsnList');
    await poll(() => asns.row(asnNo).count()).toBe(1);
    // In the row, or under its More when the row's actions do not fit.
    const direct = asns.row(asnNo).locator('[data-row-action="rows"]', { hasText: 'Receipts' });
    if (await direct.isVisible()) await direct.click();
    else {
      await asns.rowMore(asnNo).click();
      await dialogs.dropdown(page).locator('[data-row-action="rows"]', { hasText: 'Receipts' }).click();
    }
    const receipts = dialogs.modal(page);
    await poll(() => receipts.locator('tbody tr.ant-table-row').count()).toBe(4);
    expect(await receipts.locator('tbody').textContent()).toContain('RM-A-02-01');
    await shot(page, 'receipts-asn-dialog');
    await context.close();
  });

  it('shows supplier1 its own receipts and the notice receiving details, supplier2 none', async () => {
    const { context, page } = await portal.signIn('supplier1', '/receipt-tracking/warehousing-details');
    const warehousing = await ListPage.of(page, 'ReceiptTracking.Warehousing.Details');
    await poll(async () => (await warehousing.row('PA-E2E-1').textContent()) ?? '').toContain('RM-A-02-01');
    await shot(page, 'receipts-warehousing');

    await page.goto(`${portal.server.url}/delivery/receivingDetails`);
    const details = await ListPage.of(page, 'Offsite.Delivery.ReceivingDetails');
    await details.waitForRows();
    await details.search(asnNo);
    await poll(async () => (await details.rows().allTextContents()).length).toBe(4);
    const text = (await details.rows().allTextContents()).join(' ');
    for (const kind of ['Acceptance', 'Rejection', 'Return', 'Warehousing']) expect(text).toContain(kind);
    await shot(page, 'receipts-receiving-details');
    await context.close();

    const other = await portal.signIn('supplier2', '/receipt-tracking/acceptance-details');
    const theirs = await ListPage.of(other.page, 'ReceiptTracking.Acceptance.Details');
    await poll(() => theirs.root.locator('.ant-empty').count()).toBeGreaterThan(0);
    expect(await theirs.rows().count()).toBe(0);
    await other.context.close();
  });
});
