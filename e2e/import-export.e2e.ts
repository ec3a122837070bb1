// Import and export on the organisation screen, in Chromium against the real server: an import of a
// workbook LibreOffice wrote, checked first (its counts shown, nothing written) and imported once
// confirmed, with progress from the live channel and the result list; a failed check with its
// annotated workbook; an export through the template chooser that downloads a workbook holding the
// rows of the current search.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

const FIXTURES = fileURLToPath(new URL('../tests/fixtures/import/', import.meta.url));
const ORGS = '/base/organizational';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

async function workbookRows(path: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path) as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row, n) => {
    rows[n] = (row.values as unknown[]).slice(1);
  });
  return rows;
}

/** Opens the import dialog and starts the check of the fixture `name`. */
async function importFixture(page: Page, list: ListPage, name: string) {
  const dialog = dialogs.modal(page);
  await list.action('import').click();
  await poll(() => dialog.count()).toBe(1);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByTestId('import-choose').click();
  await (await chooser).setFiles(`${FIXTURES}${name}`);
  await poll(() => dialog.getByTestId('import-file').textContent()).toBe(name);
  await dialog.getByTestId('import-start').click();
}

describe('import and export on the organisation screen', () => {
  it('imports a workbook with progress from the live channel and shows the result list', async () => {
    const { context, page } = await portal.signIn('admin', ORGS);
    // The import dialog opens the live channel; the frames it receives are recorded.
    const socketFrames: string[] = [];
    page.on('websocket', (ws) => {
      if (ws.url().includes('/productWebSocket/'))
        ws.on('framereceived', (f) => socketFrames.push(String(f.payload)));
    });
    const list = await ListPage.of(page);
    const dialog = () => dialogs.modal(page);
    await poll(() => list.action('import').isVisible()).toBe(true);
    await shot(page, 'import-toolbar');
    // The dialog says what the rows may do, and how empty cells and #CLEAR are read, before the upload.
    await importFixture(page, list, 'good.xlsx');
    expect(await dialog().getByRole('radio', { name: 'Add new records only' }).isChecked()).toBe(true);
    expect(await dialog().textContent()).toContain('write #CLEAR in a cell to empty a field');
    await poll(() => dialog().locator('[data-import-state]').getAttribute('data-import-state')).toBe('7');
    expect(await dialog().getByTestId('import-counts').textContent()).toContain(
      'Check passed: 5 to add, 0 to update, 0 unchanged. Nothing has been written yet.',
    );
    await shot(page, 'import-checked');
    // Nothing is written before the confirmation.
    const before = await portal.server.call(
      'IBmOrgService/getbmorglistbyparams',
      { condition: { orgNoIndistinct: 'IMP00' } },
      { token: await portal.token('admin'), menu: 'Base.Basic.Organizational' },
    );
    expect(before.body.response.data.total).toBe(0);
    await dialog().getByTestId('import-confirm').click();
    await poll(() => dialog().locator('[data-import-state]').getAttribute('data-import-state')).toBe('6');
    await shot(page, 'import-done');
    const text = await dialog().textContent();
    expect(text).toContain('Imported: 5 added, 0 updated, 0 unchanged.');
    // The result list holds the tick lines the channel sent.
    await poll(() => dialog().locator('.import-dialog__ok').count()).toBeGreaterThan(0);
    expect(socketFrames).toContain('checkSuccess');
    expect(socketFrames.some((f) => f.startsWith('$check|'))).toBe(true);
    // Closing reloads the list, which now shows the imported rows.
    await dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await poll(() => list.row('IMP001').count()).toBe(1);
    await context.close();
  });

  it('a failed check lists the bad rows and downloads the annotated workbook', async () => {
    const { context, page } = await portal.signIn('admin', ORGS);
    const list = await ListPage.of(page);
    const dialog = () => dialogs.modal(page);
    await importFixture(page, list, 'bad-rows.xlsx');
    await poll(() => dialog().locator('[data-import-state]').getAttribute('data-import-state')).toBe('4');
    await poll(() => dialog().locator('.import-dialog__failed').count()).toBe(5);
    expect(await dialog().locator('.import-dialog__failed').first().textContent()).toBe(
      'Row 3, Organization name: is required',
    );
    await shot(page, 'import-failed');
    const download = page.waitForEvent('download');
    await dialog().getByTestId('import-download-errors').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('bad-rows-errors.xlsx');
    const rows = await workbookRows((await file.path())!);
    expect(rows[1].at(-1)).toBe('Errors');
    expect(String(rows[3].at(-1))).toContain('Organization name: is required');
    await dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await context.close();
  });

  it('exports the current search through the template chooser', async () => {
    // Organisations of its own, so the search does not depend on the import above.
    const token = await portal.token('admin');
    for (const orgNo of ['EXP001', 'EXP002', 'EXP003', 'EXP005', 'EXQ004']) {
      const added = await portal.server.call(
        'IBmOrgService/addbmorg',
        { condition: { orgNo, orgName: `Export ${orgNo}` } },
        { token, menu: 'Base.Basic.Organizational' },
      );
      expect(added.body.code).toBe('0');
    }
    const { context, page } = await portal.signIn('admin', ORGS);
    const list = await ListPage.of(page);
    const dialog = () => dialogs.modal(page);
    await list.search('EXP00');
    await poll(() => list.rows().count()).toBe(4);
    await list.action('export').click();
    await poll(() => dialog().count()).toBe(1);
    const modal = dialog();
    // Measured once the opening animation has ended.
    await poll(() =>
      modal.locator('.ant-modal-content').evaluate((el) => el.getBoundingClientRect().width),
    ).toBe(400);
    // The default template is marked and chosen.
    const defaultOption = modal.locator('.ant-radio-wrapper', { hasText: 'Default' });
    expect(await defaultOption.locator('input').isChecked()).toBe(true);
    await shot(page, 'export-dialog');
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
    ).toEqual(['EXP001', 'EXP002', 'EXP003', 'EXP005']);
    await poll(() => dialog().count()).toBe(0);
    await context.close();
  });
});
