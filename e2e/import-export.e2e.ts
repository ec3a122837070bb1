// Import and export on the organisation screen, in Chromium against the real server: an import of a
// workbook LibreOffice wrote, with progress from the live channel and the result list; a failed
// check with its annotated workbook; an export through the template chooser that downloads a
// workbook holding the rows of the current search.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, logIn, openPage, poll, SHOTS } from './support/session';

const FIXTURES = fileURLToPath(new URL('../tests/fixtures/import/', import.meta.url));

let server: TestServer;
let browser: Browser;
let page: Page;
const socketFrames: string[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir });
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server));
  page.on('websocket', (ws) => {
    if (ws.url().includes('/productWebSocket/'))
      ws.on('framereceived', (f) => socketFrames.push(String(f.payload)));
  });
  await logIn(page, server, 'admin');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const list = () => page.locator('.screen-list:visible');
const dialog = () => page.locator('.ant-modal:visible');

async function workbookRows(path: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path) as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row, n) => {
    rows[n] = (row.values as unknown[]).slice(1);
  });
  return rows;
}

describe('import and export on the organisation screen', () => {
  it('imports a workbook with progress from the live channel and shows the result list', async () => {
    await poll(() => list().locator('[data-action="import"]').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/import-toolbar.png` });
    await list().locator('[data-action="import"]').click();
    await poll(() => dialog().count()).toBe(1);
    const chooser = page.waitForEvent('filechooser');
    await dialog().getByTestId('import-choose').click();
    await (await chooser).setFiles(`${FIXTURES}good.xlsx`);
    await poll(() => dialog().getByTestId('import-file').textContent()).toBe('good.xlsx');
    await dialog().getByTestId('import-start').click();
    await poll(() => dialog().locator('[data-import-state]').getAttribute('data-import-state')).toBe('6');
    await page.screenshot({ path: `${SHOTS}/import-done.png` });
    const text = await dialog().textContent();
    expect(text).toContain('Imported 5 row(s): 5 new, 0 updated.');
    // The result list holds the tick lines the channel sent.
    await poll(() => dialog().locator('.import-dialog__ok').count()).toBeGreaterThan(0);
    expect(socketFrames).toContain('checkSuccess');
    expect(socketFrames.some((f) => f.startsWith('$check|'))).toBe(true);
    // Closing reloads the list, which now shows the imported rows.
    await dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await poll(() => list().locator('tbody tr', { hasText: 'IMP001' }).count()).toBe(1);
  });

  it('a failed check lists the bad rows and downloads the annotated workbook', async () => {
    await list().locator('[data-action="import"]').click();
    const chooser = page.waitForEvent('filechooser');
    await dialog().getByTestId('import-choose').click();
    await (await chooser).setFiles(`${FIXTURES}bad-rows.xlsx`);
    await dialog().getByTestId('import-start').click();
    await poll(() => dialog().locator('[data-import-state]').getAttribute('data-import-state')).toBe('4');
    await poll(() => dialog().locator('.import-dialog__failed').count()).toBe(5);
    expect(await dialog().locator('.import-dialog__failed').first().textContent()).toBe(
      'Row 3, Organization name: is required',
    );
    await page.screenshot({ path: `${SHOTS}/import-failed.png` });
    const download = page.waitForEvent('download');
    await dialog().getByTestId('import-download-errors').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('bad-rows-errors.xlsx');
    const rows = await workbookRows((await file.path())!);
    expect(rows[1].at(-1)).toBe('Errors');
    expect(String(rows[3].at(-1))).toContain('Organization name: is required');
    await dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  });

  it('exports the current search through the template chooser', async () => {
    const box = list().locator('.screen-list__keyword input');
    await box.fill('IMP00');
    await box.press('Enter');
    await poll(() => list().locator('tbody tr.ant-table-row').count()).toBe(4);
    await list().locator('[data-action="export"]').click();
    await poll(() => dialog().count()).toBe(1);
    const modal = dialog();
    // Measured once the opening animation has ended.
    await poll(() =>
      modal.locator('.ant-modal-content').evaluate((el) => el.getBoundingClientRect().width),
    ).toBe(400);
    // The default template is marked and chosen.
    const defaultOption = modal.locator('.ant-radio-wrapper', { hasText: 'Default' });
    expect(await defaultOption.locator('input').isChecked()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/export-dialog.png` });
    await modal.locator('.ant-radio-wrapper', { hasText: 'Organization codes' }).click();
    const download = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Organization codes-\d{14}\.xlsx$/);
    const rows = await workbookRows((await file.path())!);
    expect(rows[1]).toEqual(['Organization code', 'Organization name']);
    expect(
      rows
        .slice(2)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['IMP001', 'IMP002', 'IMP003', 'IMP005']);
    await poll(() => dialog().count()).toBe(0);
  });
});
