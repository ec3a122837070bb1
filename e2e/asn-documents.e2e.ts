// The papers of a delivery notice in the browser, one story: supplier1 adds an invoice that travels with
// the goods to its draft notice (the tax computed by the server from the amount and the rate), sees it
// on the notice's detail page, and prints the delivery note from there: a PDF with the notice's number,
// its lines and the invoice.

import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePdf } from '../tests/support/pdf';
import { dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

const TRACKING = 'Offsite.Delivery.AsnTracking';
let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

describe('delivery notice papers (one story)', () => {
  it('adds an invoice to a draft notice and prints its delivery note', async () => {
    const { page } = await portal.signIn('supplier1', '/delivery/asnTracking');
    const tracking = await ListPage.of(page, TRACKING);
    await tracking.waitForRows();
    const draft = tracking.row('Draft');
    const asnNo = ((await draft.locator('td').nth(1).textContent()) ?? '').trim();
    expect(asnNo).toMatch(/^ASN\d{12}$/);
    await tracking.rowAction(asnNo, 'modify').click();
    await page.waitForURL(/\/delivery\/addAsn\/add\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;

    // A new invoice row: type and form keep their defaults; number, date and amount typed.
    const form = await FormPage.of(page);
    const invoices = form.root.locator('.editable-table').last();
    await invoices.locator('[data-action="addRow"]').click();
    const row = invoices.locator('tbody tr.ant-table-row').first();
    await row.click();
    await row.locator('[data-prop="invoiceNo"] input').fill('FP-2611-0042');
    await row.locator('[data-prop="invoiceDate"] input').click();
    await page.keyboard.type('2026-11-26');
    await page.keyboard.press('Enter');
    await row.locator('[data-prop="invoiceAmount"] input').fill('12500.5');
    await shot(page, 'asn-invoice-edit', true);
    const saved = page.waitForResponse((r) => r.url().endsWith('/updateSrmAsnHeadById'));
    await form.save();
    const answer = await (await saved).json();
    expect(answer.code, answer.msg).toBe('0');
    // 12500.5 × 13 % = 1625.065, half-up to cents.
    expect(answer.response.data.invoiceList).toEqual([
      expect.objectContaining({ invoiceNo: 'FP-2611-0042', invoiceAmount: '12500.5', taxAmount: '1625.07' }),
    ]);

    // The detail page shows the invoice and prints the delivery note.
    await page.goto(`${portal.server.url}/delivery/asnTracking/detail/${id}`);
    const detail = page.locator(`.screen-detail[data-record-id="${id}"]`);
    await poll(async () => (await detail.textContent()) ?? '').toContain('FP-2611-0042');
    await shot(page, 'asn-detail-invoices', true);
    await detail.locator('[data-action="print"]').click();
    const printDialog = page.locator('.ant-modal.print-dialog:visible');
    const chosen = printDialog.locator('.print-dialog__template .ant-select-selection-item');
    await poll(() => chosen.textContent()).toContain('Delivery note');
    await shot(page, 'asn-print-dialog', false);
    const printed = page.waitForResponse((r) => r.url().endsWith('/IReportPrintService/print'));
    await printDialog.getByRole('button', { name: 'Print' }).click();
    const response = await printed;
    expect(response.headers()['content-type']).toBe('application/pdf');
    const pdf = await response.body();
    const text = parsePdf(pdf)
      .pages.map((p) => p.text)
      .join('\n');
    for (const part of ['Delivery note', asnNo, 'FP-2611-0042', '12,500.50', '1,625.07'])
      expect(text).toContain(part);
    const shots = process.env.SHOTS;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      writeFileSync(`${shots}/asn-delivery-note.pdf`, pdf);
    }
    expect(await dialogs.messages(page)).not.toContainEqual(expect.stringContaining('failed'));
  });
});
