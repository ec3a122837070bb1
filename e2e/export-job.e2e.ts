// A large export in Chromium against the real server: above the server's job threshold (here one row)
// the export dialog stays open with the job's progress, then offers the download, which holds every
// row of the search.
import { mkdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, logIn, openPage, poll, SHOTS } from './support/session';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir, config: { exportJobRows: 1 } });
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server));
  await logIn(page, server, 'admin');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const list = () => page.locator('.screen-list:visible');
const dialog = () => page.locator('.ant-modal:visible');

describe('a large export', () => {
  it('runs as a job with progress and downloads every row when ready', async () => {
    await poll(() => list().locator('tbody tr.ant-table-row').count()).toBe(2);
    await list().locator('[data-action="export"]').click();
    await poll(() => dialog().count()).toBe(1);
    await dialog().getByRole('button', { name: 'Export' }).click();
    // The dialog stays open and turns into the job's progress, then says the file is ready.
    await poll(() => dialog().locator('.export-dialog__job').getAttribute('data-job-status')).toBe('done');
    expect(await dialog().locator('.export-dialog__job').textContent()).toMatch(
      /Organizations-\d{14}\.xlsx is ready to download/,
    );
    await page.screenshot({ path: `${SHOTS}/export-job-ready.png` });
    const download = page.waitForEvent('download');
    await dialog().getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Organizations-\d{14}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await file.path())!) as unknown as ExcelJS.Buffer);
    const codes: unknown[] = [];
    workbook.worksheets[0].eachRow((row, n) => {
      if (n > 1) codes.push(row.getCell(1).value);
    });
    expect(codes.sort()).toEqual(['HN01', 'SH01']);
    await poll(() => dialog().count()).toBe(0);
  });
});
