// Printing on the warehouse list in Chromium against the real server: the print button says why it is
// disabled (nothing selected, organisations mixed), the print dialog lists the templates with the spec's
// call and the default chosen, warns when none is chosen, and prints the selected rows to a PDF that
// opens in a new window.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { recordCalls } from './support/session';

const PATH = '/base/warehouse';
const MODULE = 'Base.Basic.Warehouse';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

/** The warehouse list as admin, once its three rows show. */
async function warehouses() {
  const { page } = await portal.signIn('admin', PATH);
  const list = await ListPage.of(page);
  await poll(() => list.rows().count()).toBe(3);
  return { page, list, printButton: list.action('print') };
}

const dialog = (page: Page) => page.locator('.ant-modal.print-dialog:visible');

describe('printing from the warehouse list', () => {
  it('keeps print disabled with a tip until rows of one organisation are selected', async () => {
    const { page, list, printButton } = await warehouses();
    await poll(() => printButton.isDisabled()).toBe(true);
    await printButton.locator('..').hover();
    await poll(() => dialogs.tooltip(page).textContent()).toBe('Select at least one row');

    await list.select('SH01-RM');
    await poll(() => printButton.isDisabled()).toBe(false);
    await list.select('HN01-RM');
    await poll(() => printButton.isDisabled()).toBe(true);
    await page.mouse.move(0, 0);
    await printButton.locator('..').hover();
    await poll(() => dialogs.tooltip(page).textContent()).toBe(
      'Selected rows differ in Organization code: select rows with the same Organization code',
    );
    await shot(page, 'print-mixed-tip');

    await list.row('HN01-RM').locator('.ant-checkbox-input').uncheck();
    await list.select('SH01-FG');
    await poll(() => printButton.isDisabled()).toBe(false);
    await page.context().close();
  });

  it('asks for a template, warns without one, and opens the PDF of the selected rows', async () => {
    const { page, list, printButton } = await warehouses();
    await list.select('SH01-RM');
    await list.select('SH01-FG');
    await poll(() => printButton.isDisabled()).toBe(false);
    const calls = recordCalls(
      page,
      (c) => c.startsWith('ISupBmDocTemplateManageService/') || c.startsWith('IReportPrintService/'),
    );
    const ids = (await portal.server.server.database.db
      .selectFrom('bmWarehouse')
      .select(['id', 'warehouseNo'])
      .where('warehouseNo', 'in', ['SH01-RM', 'SH01-FG'])
      .execute()) as { id: string; warehouseNo: string }[];
    await printButton.click();
    await poll(() => dialog(page).count()).toBe(1);
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
    const chosen = dialog(page).locator('.print-dialog__template .ant-select-selection-item');
    await poll(() => chosen.textContent()).toBe('Warehouse labels (A4, 2 × 4)Default');
    expect(await dialog(page).textContent()).toContain('2 selected rows will be printed.');
    await shot(page, 'print-dialog');

    // None chosen: a warning, and the dialog stays.
    await dialog(page).locator('.print-dialog__template').hover();
    await dialog(page).locator('.print-dialog__template .ant-select-clear').click();
    await poll(() => chosen.count()).toBe(0);
    await dialog(page).getByRole('button', { name: 'Print' }).click();
    await poll(async () => (await dialogs.messages(page)).at(-1)).toContain(
      'please select the document template',
    );
    expect(await dialog(page).count()).toBe(1);
    expect(calls.filter((c) => c.call === 'IReportPrintService/print')).toEqual([]);

    // Choose it from the list (a search narrows the list on the server), then print.
    await dialog(page).locator('.print-dialog__template input').fill('labels');
    await poll(() => calls.at(-1)?.body).toMatchObject({ condition: { keyword: 'labels' } });
    const option = page.locator('.ant-select-dropdown:visible [data-report-key="warehouseLabels"]');
    await poll(() => option.count()).toBe(1);
    await option.click();
    await poll(() => chosen.textContent()).toBe('Warehouse labels (A4, 2 × 4)Default');
    const answer = page.waitForResponse((r) => r.url().endsWith('/IReportPrintService/print'));
    // What the new window is opened with (the headless browser has no PDF viewer to show it in).
    await page.evaluate(() => {
      const w = window as { opened?: string[] } & Window;
      const open = w.open.bind(w);
      w.opened = [];
      w.open = (url?: string | URL, ...rest) => {
        w.opened?.push(String(url));
        return open(url, ...rest);
      };
    });
    const popup = page.context().waitForEvent('page');
    await dialog(page).getByRole('button', { name: 'Print' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/filename\*=UTF-8''Warehouse%20labels/);
    const pdf = await response.body();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Kept beside the screenshots for people to look at.
    const shots = process.env.SHOTS;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      writeFileSync(`${shots}/print-warehouse-labels.pdf`, pdf);
    }
    // The selected rows, in the order the list shows them.
    const shown = (await list.cells(2)).filter((no) => ['SH01-RM', 'SH01-FG'].includes(no));
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
    await popup;
    expect(await page.evaluate(() => (window as { opened?: string[] }).opened)).toEqual([
      expect.stringMatching(/^blob:/),
    ]);
    await poll(() => dialog(page).count()).toBe(0);
    await page.context().close();
  });
});
