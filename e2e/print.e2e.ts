// Printing on the warehouse list in Chromium against the real server: the print button says why it is
// disabled (nothing selected, organisations mixed), the print dialog lists the templates with the spec's
// call and the default chosen, warns when none is chosen, and prints the selected rows to a PDF that
// opens in a new window.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, logIn, openPage, poll, recordCalls, SHOTS } from './support/session';

const PATH = '/base/warehouse';
const MODULE = 'Base.Basic.Warehouse';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir });
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server));
  await logIn(page, server, 'admin', PATH);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const list = () => page.locator('.screen-list:visible');
const row = (warehouseNo: string) => list().locator('tbody tr.ant-table-row', { hasText: warehouseNo });
const printButton = () => list().locator('[data-action="print"]');
const tooltip = () => page.locator('.ant-tooltip:visible');
const dialog = () => page.locator('.ant-modal.print-dialog:visible');

describe('printing from the warehouse list', () => {
  it('keeps print disabled with a tip until rows of one organisation are selected', async () => {
    await poll(() => list().locator('tbody tr.ant-table-row').count()).toBe(3);
    await poll(() => printButton().isDisabled()).toBe(true);
    await printButton().locator('..').hover();
    await poll(() => tooltip().textContent()).toBe('Select at least one row');

    await row('SH01-RM').locator('.ant-checkbox-input').check();
    await poll(() => printButton().isDisabled()).toBe(false);
    await row('HN01-RM').locator('.ant-checkbox-input').check();
    await poll(() => printButton().isDisabled()).toBe(true);
    await page.mouse.move(0, 0);
    await printButton().locator('..').hover();
    await poll(() => tooltip().textContent()).toBe(
      'Selected rows differ in Organization code: select rows with the same Organization code',
    );
    await page.screenshot({ path: `${SHOTS}/print-mixed-tip.png` });

    await row('HN01-RM').locator('.ant-checkbox-input').uncheck();
    await row('SH01-FG').locator('.ant-checkbox-input').check();
    await poll(() => printButton().isDisabled()).toBe(false);
  });

  it('asks for a template, warns without one, and opens the PDF of the selected rows', async () => {
    const calls = recordCalls(
      page,
      (c) => c.startsWith('ISupBmDocTemplateManageService/') || c.startsWith('IReportPrintService/'),
    );
    const ids = (await server.server.database.db
      .selectFrom('bmWarehouse')
      .select(['id', 'warehouseNo'])
      .where('warehouseNo', 'in', ['SH01-RM', 'SH01-FG'])
      .execute()) as { id: string; warehouseNo: string }[];
    await printButton().click();
    await poll(() => dialog().count()).toBe(1);
    // The spec's call: size 10, the selection's organisation, documents (templateType '4').
    expect(calls[0]).toEqual({
      call: 'ISupBmDocTemplateManageService/getReportTemplateListWithDefault',
      body: {
        current: 1,
        size: 10,
        condition: { module: MODULE, orgNo: 'SH01', templateType: '4' },
      },
    });
    // The default is chosen and marked.
    const chosen = dialog().locator('.print-dialog__template .ant-select-selection-item');
    await poll(() => chosen.textContent()).toBe('Warehouse labels (A4, 2 × 4)Default');
    expect(await dialog().textContent()).toContain('2 selected rows will be printed.');
    await page.screenshot({ path: `${SHOTS}/print-dialog.png` });

    // None chosen: a warning, and the dialog stays.
    await dialog().locator('.print-dialog__template').hover();
    await dialog().locator('.print-dialog__template .ant-select-clear').click();
    await poll(() => chosen.count()).toBe(0);
    await dialog().getByRole('button', { name: 'Print' }).click();
    await poll(() => page.locator('.ant-message-notice').last().textContent()).toContain(
      'please select the document template',
    );
    expect(await dialog().count()).toBe(1);
    expect(calls.filter((c) => c.call === 'IReportPrintService/print')).toEqual([]);

    // Choose it from the list (a search narrows the list on the server), then print.
    await dialog().locator('.print-dialog__template input').fill('labels');
    await poll(() => calls.at(-1)?.body).toMatchObject({ condition: { keyword: 'labels' } });
    const option = page.locator('.ant-select-dropdown:visible [data-report-key="warehouseLabels"]');
    await poll(() => option.count()).toBe(1);
    await option.click();
    await poll(() => chosen.textContent()).toBe('Warehouse labels (A4, 2 × 4)Default');
    const answer = page.waitForResponse((r) => r.url().endsWith('/IReportPrintService/print'));
    const popup = page.context().waitForEvent('page');
    await dialog().getByRole('button', { name: 'Print' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/filename\*=UTF-8''Warehouse%20labels/);
    const pdf = await response.body();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    writeFileSync(`${SHOTS}/print-warehouse-labels.pdf`, pdf);
    // The selected rows, in the order the list shows them.
    const shown = (await list().locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents()).filter(
      (no) => ['SH01-RM', 'SH01-FG'].includes(no),
    );
    const printed = calls.find((c) => c.call === 'IReportPrintService/print');
    expect(printed?.body).toEqual({
      condition: {
        ids: shown.map((no) => ids.find((r) => r.warehouseNo === no)!.id),
        reportKey: 'warehouseLabels',
        module: MODULE,
        printer: 'Administrator',
        timeZone: expect.any(String),
      },
    });
    // Blob results open in a new window (spec 000 section 7).
    expect((await popup).url()).toMatch(/^blob:/);
    await poll(() => dialog().count()).toBe(0);
  });
});
