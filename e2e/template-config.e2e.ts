// Export and import template configuration in Chromium against the real server: an administrator adds
// an export template on its screen with chosen, reordered columns and headers and makes it the
// default; the organisation list's export then downloads a workbook with exactly that header row. An
// import template configured with an uploaded workbook is what the import dialog's template download
// then saves.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { openByClick, recordCalls } from './support/session';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const tableRows = (table: Locator) => table.locator('tbody tr.ant-table-row');
const cell = (r: Locator, prop: string) => r.locator(`[data-prop="${prop}"]`);

async function choose(page: Page, scope: Locator, label: string, search?: string) {
  await scope.locator('.ant-select-selector').click();
  if (search) await scope.locator('input').first().fill(search);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
  await poll(() => scope.locator('.ant-select-selection-item').first().textContent()).toBe(label);
}

async function workbookRows(path: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path) as unknown as ExcelJS.Buffer);
  const out: unknown[][] = [];
  workbook.worksheets[0].eachRow((r) => out.push((r.values as unknown[]).slice(1)));
  return out;
}

/** Opens the list's add page once the list has loaded (rows or its empty sign). */
async function openAdd(page: Page, list: ListPage, addPath: RegExp): Promise<FormPage> {
  await poll(
    async () =>
      (await list.rows().count()) + (await list.root.locator('.ant-table-placeholder .ant-empty').count()),
    15000,
  ).toBeGreaterThan(0);
  await openByClick(page, list.action('add'), addPath);
  return FormPage.of(page);
}

describe('export template configuration', () => {
  it('adds a default template with chosen, reordered columns; the list export writes exactly them', async () => {
    const { context, page } = await portal.signIn('admin', '/baseManage/export-template');
    const calls = recordCalls(page, (c) => c === 'ISysExportTemplateService/addsysexporttemplate');
    const list = await ListPage.of(page);
    // The seeded templates share one update date and fill more than a page: find the module's by keyword.
    await poll(() => list.rows().count(), 15000).toBeGreaterThan(0);
    await list.search('Base.Basic.Organizational');
    await poll(() => list.row('Base.Basic.Organizational').count(), 15000).toBeGreaterThan(0);
    await shot(page, 'export-template-list');
    const form = await openAdd(page, list, /\/baseManage\/add-export-template$/);

    await choose(page, form.item('module'), 'Organizations', 'Organi');
    await form.input('exportName').fill('e2e');
    await choose(page, form.item('isDefault'), 'Yes');
    const names = { 'en-US': 'E2E columns', 'zh-CN': 'E2E 列', 'zh-TW': 'E2E 欄', vi: 'Cột E2E' };
    const nameInputs = form.item('templateName').locator('input[data-language]');
    for (const [lang, text] of Object.entries(names)) {
      await form.item('templateName').locator(`input[data-language="${lang}"]`).fill(text);
      // The first name typed fills the empty languages once the form holds it; as a person would, the
      // next language is typed after that, not in the same moment.
      await poll(() =>
        nameInputs.evaluateAll((inputs) => inputs.filter((i) => !(i as HTMLInputElement).value).length),
      ).toBe(0);
    }

    const table = form.item('columns');
    await table.locator('[data-action="addRow"]').click();
    await poll(() => tableRows(table).count()).toBe(1);
    await choose(page, cell(tableRows(table).nth(0), 'prop'), 'Organization code');
    await table.locator('[data-action="addRow"]').click();
    await poll(() => tableRows(table).count()).toBe(2);
    await choose(page, cell(tableRows(table).nth(1), 'prop'), 'Organization name');
    await cell(tableRows(table).nth(1), 'header').locator('input').fill('Plant');
    // The name goes first.
    await tableRows(table).nth(1).locator('[data-action="moveRowUp"]').click();
    await shot(page, 'export-template-add');
    await form.save();
    await page.waitForURL(/\/baseManage\/export-template$/);
    expect((calls.at(-1)?.body as { condition: unknown } | undefined)?.condition).toMatchObject({
      module: 'Base.Basic.Organizational',
      exportName: 'e2e',
      isDefault: '1',
      templateName: names,
      columns: [{ prop: 'orgName', header: 'Plant' }, { prop: 'orgNo' }],
    });
    await poll(() => list.row('E2E columns').count()).toBe(1);

    await page.goto(`${portal.server.url}/base/organizational`);
    const orgs = await ListPage.of(page);
    const dialog = () => dialogs.modal(page);
    await poll(() => orgs.action('export').isVisible(), 15000).toBe(true);
    await orgs.action('export').click();
    await poll(() => dialog().count()).toBe(1);
    const chosen = dialog().locator('.ant-radio-wrapper', { hasText: 'E2E columns' });
    await poll(() => chosen.locator('input').isChecked()).toBe(true);
    const download = page.waitForEvent('download');
    await dialog().getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^E2E columns-\d{14}\.xlsx$/);
    const sheet = await workbookRows((await file.path())!);
    expect(sheet[0]).toEqual(['Plant', 'Organization code']);
    expect(sheet.slice(1).map((r) => r[1])).toEqual(expect.arrayContaining(['SH01', 'HN01']));
    await context.close();
  });
});

describe('import template configuration', () => {
  it('configures an uploaded workbook that the import dialog then downloads', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Ours').addRow(['Our code', 'Our name']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const { context, page } = await portal.signIn('admin', '/baseManage/import-template');
    const list = await ListPage.of(page);
    const form = await openAdd(page, list, /\/baseManage\/add-import-template$/);
    await choose(page, form.item('port'), 'Organization import template', 'Organi');
    await choose(page, form.item('templateSource'), 'Uploaded workbook');
    await form.item('fileId').locator('input[type="file"]').setInputFiles({
      name: 'ours.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: bytes,
    });
    await poll(
      () => form.item('fileId').locator('.file-upload__item[data-status="done"]').count(),
      15000,
    ).toBe(1);
    await shot(page, 'import-template-add');
    await form.save();
    await page.waitForURL(/\/baseManage\/import-template$/);
    await poll(() => list.row('IBmOrgService').count(), 15000).toBe(1);
    await shot(page, 'import-template-list');

    await page.goto(`${portal.server.url}/base/organizational`);
    const orgs = await ListPage.of(page);
    const dialog = () => dialogs.modal(page);
    await poll(() => orgs.action('import').isVisible(), 15000).toBe(true);
    await orgs.action('import').click();
    await poll(() => dialog().count()).toBe(1);
    const download = page.waitForEvent('download');
    await dialog().getByTestId('import-template').click();
    const file = await download;
    expect(await workbookRows((await file.path())!)).toEqual([['Our code', 'Our name']]);
    await context.close();
  });
});
