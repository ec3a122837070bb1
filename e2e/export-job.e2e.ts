// A large export in Chromium against the real server: above the server's job threshold (here one row)
// the export dialog stays open with the job's progress, then offers the download, which holds every
// row of the search.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal({ config: { exportJobRows: 1 } });
});

afterAll(async () => {
  await portal?.close();
});

describe('a large export', () => {
  it('runs as a job with progress and downloads every row when ready', async () => {
    const { page } = await portal.signIn('admin', '/base/organizational');
    const list = await ListPage.of(page);
    const dialog = () => dialogs.modal(page);
    await poll(() => list.rows().count()).toBe(2);
    await list.action('export').click();
    await poll(() => dialog().count()).toBe(1);
    await dialog().getByRole('button', { name: 'Export' }).click();
    // The dialog stays open and turns into the job's progress, then says the file is ready.
    await poll(() => dialog().locator('.export-dialog__job').getAttribute('data-job-status')).toBe('done');
    expect(await dialog().locator('.export-dialog__job').textContent()).toMatch(
      /Organizations-\d{14}\.xlsx is ready to download/,
    );
    await shot(page, 'export-job-ready');
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
