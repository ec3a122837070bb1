// Export and import template configuration in Chromium against the real server: an administrator adds
// an export template on its screen with chosen, reordered columns and headers and makes it the
// default; the organisation list's export then downloads a workbook with exactly that header row. An
// import template configured with an uploaded workbook is what the import dialog's template download
// then saves.
import { mkdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import {
  distDir,
  logIn,
  openByClick,
  openPage,
  poll,
  type RecordedCall,
  recordCalls,
  SHOTS,
} from './support/session';

let server: TestServer;
let browser: Browser;
let page: Page;
let calls: RecordedCall[];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir });
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server));
  // Uploads are multipart: only the JSON calls are recorded.
  calls = recordCalls(page, (call) => !call.includes('uploadFile'));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const list = () => page.locator('.screen-list:visible');
const form = () => page.locator('.screen-form:visible');
const dialog = () => page.locator('.ant-modal:visible');
const item = (prop: string) => form().locator(`[data-prop="${prop}"]`).first();
const rows = () => list().locator('tbody tr.ant-table-row');
const row = (text: string) => rows().filter({ hasText: text });
const tableRows = (prop: string) => item(prop).locator('tbody tr.ant-table-row');
const cell = (r: Locator, prop: string) => r.locator(`[data-prop="${prop}"]`);
const sent = (call: string) =>
  calls.filter((c) => c.call === call).map((c) => c.body as { condition: Record<string, unknown> });

async function choose(scope: Locator, label: string, search?: string) {
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

async function openAdd(addPath: RegExp) {
  await poll(
    async () => (await rows().count()) + (await list().locator('.ant-table-placeholder .ant-empty').count()),
    15000,
  ).toBeGreaterThan(0);
  await openByClick(page, list().locator('[data-action="add"]'), addPath);
  await form().waitFor();
}

describe('export template configuration', () => {
  it('adds a default template with chosen, reordered columns; the list export writes exactly them', async () => {
    await logIn(page, server, 'admin', '/baseManage/export-template');
    // The seeded templates share one update date and fill more than a page: find the module's by keyword.
    await poll(() => rows().count(), 15000).toBeGreaterThan(0);
    await list().locator('.screen-list__keyword input').first().fill('Base.Basic.Organizational');
    await page.keyboard.press('Enter');
    await poll(() => row('Base.Basic.Organizational').count(), 15000).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/export-template-list.png` });
    await openAdd(/\/baseManage\/add-export-template$/);

    await choose(item('module'), 'Organizations', 'Organi');
    await item('exportName').locator('input').fill('e2e');
    await choose(item('isDefault'), 'Yes');
    const names = { 'en-US': 'E2E columns', 'zh-CN': 'E2E 列', 'zh-TW': 'E2E 欄', vi: 'Cột E2E' };
    for (const [lang, text] of Object.entries(names))
      await item('templateName').locator(`input[data-language="${lang}"]`).fill(text);

    const table = item('columns');
    await table.locator('[data-action="addRow"]').click();
    await poll(() => tableRows('columns').count()).toBe(1);
    await choose(cell(tableRows('columns').nth(0), 'prop'), 'Organization code');
    await table.locator('[data-action="addRow"]').click();
    await poll(() => tableRows('columns').count()).toBe(2);
    await choose(cell(tableRows('columns').nth(1), 'prop'), 'Organization name');
    await cell(tableRows('columns').nth(1), 'header').locator('input').fill('Plant');
    // The name goes first.
    await tableRows('columns').nth(1).locator('[data-action="moveRowUp"]').click();
    await page.screenshot({ path: `${SHOTS}/export-template-add.png`, fullPage: true });
    await form().getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/baseManage\/export-template$/);
    expect(sent('ISysExportTemplateService/addsysexporttemplate').at(-1)?.condition).toMatchObject({
      module: 'Base.Basic.Organizational',
      exportName: 'e2e',
      isDefault: '1',
      templateName: names,
      columns: [{ prop: 'orgName', header: 'Plant' }, { prop: 'orgNo' }],
    });
    await poll(() => row('E2E columns').count()).toBe(1);

    await page.goto(`${server.url}/base/organizational`);
    await poll(() => list().locator('[data-action="export"]').isVisible(), 15000).toBe(true);
    await list().locator('[data-action="export"]').click();
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
  });
});

describe('import template configuration', () => {
  it('configures an uploaded workbook that the import dialog then downloads', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Ours').addRow(['Our code', 'Our name']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    await page.goto(`${server.url}/baseManage/import-template`);
    await openAdd(/\/baseManage\/add-import-template$/);
    await choose(item('port'), 'Organization import template', 'Organi');
    await choose(item('templateSource'), 'Uploaded workbook');
    await item('fileId').locator('input[type="file"]').setInputFiles({
      name: 'ours.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: bytes,
    });
    await poll(() => item('fileId').locator('.file-upload__item[data-status="done"]').count(), 15000).toBe(1);
    await page.screenshot({ path: `${SHOTS}/import-template-add.png`, fullPage: true });
    await form().getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/baseManage\/import-template$/);
    await poll(() => row('IBmOrgService').count(), 15000).toBe(1);
    await page.screenshot({ path: `${SHOTS}/import-template-list.png` });

    await page.goto(`${server.url}/base/organizational`);
    await poll(() => list().locator('[data-action="import"]').isVisible(), 15000).toBe(true);
    await list().locator('[data-action="import"]').click();
    await poll(() => dialog().count()).toBe(1);
    const download = page.waitForEvent('download');
    await dialog().getByTestId('import-template').click();
    const file = await download;
    expect(await workbookRows((await file.path())!)).toEqual([['Our code', 'Our name']]);
  });
});
