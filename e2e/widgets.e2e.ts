// The widgets no organisation screen uses yet, in Chromium against the real server and lookups: a
// warehouse selector that depends on the organisation (disabled without it, cleared when it changes),
// the user picker that refuses to close with nobody chosen, an editable table with its row rules, a
// name in every language typed once, and the document-type selector under its document organisation.
// e2e/harness renders them with the engine's form controller and registry; it is built here.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dialogs, poll } from './pages';
import { startHarness } from './support/harness';
import { type Portal, shot } from './support/portal';
import { type RecordedCall, recordCalls } from './support/session';

let portal: Portal;

beforeAll(async () => {
  portal = await startHarness();
});

afterAll(async () => {
  await portal?.close();
});

let page: Page;
let lookups: RecordedCall[];

/** A new profile of the administrator on the harness (which has no shell), recording its lookups. */
async function openHarness(): Promise<void> {
  const opened = await portal.session('admin', { width: 1280, height: 900 });
  page = opened.page;
  lookups = recordCalls(page, (call) => !call.startsWith('ISrmBmLoginService'));
  await page.goto(`${portal.server.url}/`);
  await page.locator('[data-prop="orgNo"]').waitFor();
}

const item = (prop: string) => page.locator(`[data-prop="${prop}"]`);
const dropdownOptions = () => dialogs.options(page).allTextContents();

async function choose(prop: string, label: string) {
  await item(prop).locator('.ant-select-selector').click();
  await dialogs.option(page, label).click();
}

describe('selector, user picker and editable table in Chromium', () => {
  beforeEach(openHarness);
  afterEach(() => page.context().close());

  it("starts at the user's organisation; the warehouse lists only its warehouses, valid ones", async () => {
    await poll(() => item('orgNo').locator('.ant-select-selection-item').textContent()).toBeTruthy();
    const org = await item('orgNo').locator('.ant-select-selection-item').getAttribute('title');
    await item('warehouseNo').locator('.ant-select-selector').click();
    await poll(dropdownOptions).not.toEqual([]);
    const body = lookups.find((l) => l.call.startsWith('IBmWarehouseService/'))?.body as {
      current: number;
      size: number;
      condition: Record<string, unknown>;
    };
    expect(body).toMatchObject({ current: 1, size: 10, condition: { statusCode: '1' } });
    expect(typeof body.condition.orgNo).toBe('string');
    await shot(page, 'widgets-warehouse');
    await page.keyboard.press('Escape');
    expect(org).toBeTruthy();
  });

  it('clears the warehouse when the organisation changes and disables it without one', async () => {
    await choose('orgNo', 'Shanghai');
    await item('warehouseNo').locator('.ant-select-selector').click();
    await poll(dropdownOptions).toEqual(['Shanghai finished goods', 'Shanghai raw materials']);
    await dialogs.options(page).first().click();
    await poll(() => item('warehouseNo').locator('.ant-select-selection-item').count()).toBe(1);

    await choose('orgNo', 'Hanoi');
    await poll(() => item('warehouseNo').locator('.ant-select-selection-item').count()).toBe(0);
    await item('warehouseNo').locator('.ant-select-selector').click();
    await poll(dropdownOptions).toHaveLength(1);
    await page.keyboard.press('Escape');

    await item('orgNo').hover();
    await item('orgNo').locator('.ant-select-clear').click();
    await poll(() => item('warehouseNo').locator('.ant-select-disabled').count()).toBe(1);
    await shot(page, 'widgets-warehouse-disabled');
    await choose('orgNo', 'Shanghai');
    await poll(() => item('warehouseNo').locator('.ant-select-disabled').count()).toBe(0);
  });

  it('the user picker warns and stays open with nobody chosen', async () => {
    await item('userNo').locator('[data-action="pickUser"]').click();
    const modal = dialogs.modal(page);
    await poll(() => modal.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await modal.getByRole('button', { name: 'OK' }).click();
    await poll(() => page.locator('.ant-message-notice').textContent()).toContain('No user was chosen');
    await expect(modal.isVisible()).resolves.toBe(true);
    await shot(page, 'widgets-user-picker');
    await modal.locator('tbody tr.ant-table-row', { hasText: 'buyer' }).locator('.ant-radio-input').check();
    await modal.getByRole('button', { name: 'OK' }).click();
    await poll(() => modal.count()).toBe(0);
    // The input names the chosen user.
    await expect(item('userNo').locator('input').inputValue()).resolves.toBe('Wang Li (purchasing)');
  });

  it('editable table: a new row edits, is checked before another opens, and the last row stays', async () => {
    const table = item('lines');
    await table.locator('[data-action="addRow"]').click();
    await poll(() => table.locator('tbody tr.ant-table-row input').count()).toBe(2);
    await table.locator('[data-action="addRow"]').click();
    // The open row has no lower bound: it stays open and says why.
    await poll(() => table.locator('.editable-table__refusal').textContent()).toBe(
      'Please make sure the table is filled in correctly',
    );
    await expect(table.locator('tbody tr.ant-table-row').count()).resolves.toBe(1);
    await table.locator('tbody tr.ant-table-row input').first().fill('5');
    // Above the maximum (100): kept as typed, and the cell says so; then corrected.
    await table.locator('tbody tr.ant-table-row input').nth(1).fill('500');
    await table.locator('tbody tr.ant-table-row input').nth(1).blur();
    await poll(() => table.locator('td .ant-formily-item-error-help').allTextContents()).toEqual([
      'Short name must be at most 100',
    ]);
    expect(await table.locator('tbody tr.ant-table-row input').nth(1).inputValue()).toBe('500');
    await table.locator('tbody tr.ant-table-row input').nth(1).fill('100');
    await table.locator('tbody tr.ant-table-row input').nth(1).blur();
    await table.locator('tbody tr.ant-table-row input').first().fill('');
    // Blur first: the message it shows moves the button below.
    await table.locator('tbody tr.ant-table-row input').first().blur();
    await page.locator('[data-action="validate"]').click();
    await poll(() => page.locator('#result').textContent()).toBe('invalid');
    await poll(() => table.locator('.ant-formily-item-error-help').allTextContents()).toEqual([
      'Please enter Organization name',
      'Please make sure the table is filled in correctly',
    ]);
    // Refilled and left once: its 'required' message goes (a blur check of the old value no
    // longer outlives the value the number input commits on that blur), and so does the save's
    // refusal under the table, which the rows' change made stale (the next save asks afresh).
    const lower = table.locator('tbody tr.ant-table-row input').first();
    await lower.fill('5');
    await lower.blur();
    await poll(() => table.locator('.ant-formily-item-error-help').allTextContents()).toEqual([]);
    await page.locator('[data-action="validate"]').click();
    await poll(() => page.locator('#result').textContent()).toContain('"lines":[{"lower":5,"upper":100}]');
    await shot(page, 'widgets-editable-table');
    await table.locator('[data-action="removeRow"]').click();
    await poll(() => table.locator('.editable-table__refusal').textContent()).toBe(
      'At least 1 row(s) must remain',
    );
    await expect(table.locator('tbody tr.ant-table-row').count()).resolves.toBe(1);
  });

  it("a cell loses the old value's message, and a value below the minimum stays as typed with the field's message", async () => {
    const table = item('lines');
    // A row whose lower bound the user has filled in.
    await table.locator('[data-action="addRow"]').click();
    const lower = table.locator('tbody tr.ant-table-row input').first();
    await lower.fill('5');
    await lower.blur();
    await lower.fill('');
    await lower.blur();
    const cellMessages = () => table.locator('td .ant-formily-item-error-help').allTextContents();
    await poll(cellMessages).toEqual(['Please enter Organization name']);
    // Below the minimum (0): the value stays as typed, never moved into range on leaving, and the
    // cell says what is wrong with it instead of the empty value's 'required'.
    await lower.fill('-5');
    await lower.blur();
    await poll(cellMessages).toEqual(['Organization name must be at least 0']);
    expect(await lower.inputValue()).toBe('-5');
  });

  it('a name in every language is typed once: the others start from it, marked until translated', async () => {
    const input = (language: string) => item('fieldNoName').locator(`input[data-language="${language}"]`);
    const marked = () =>
      item('fieldNoName')
        .locator('[data-untranslated] input, input[data-untranslated]')
        .evaluateAll((inputs) => inputs.map((i) => i.getAttribute('data-language')));
    await input('en-US').fill('Fragile');
    for (const language of ['zh-CN', 'zh-TW', 'vi'])
      await poll(() => input(language).inputValue()).toBe('Fragile');
    await poll(marked).toEqual(['zh-CN', 'zh-TW', 'vi']);
    await shot(page, 'widgets-i18n-names');
    await input('zh-CN').fill('易碎');
    await poll(marked).toEqual(['zh-TW', 'vi']);
    await input('en-US').fill('Fragile goods');
    await poll(() => input('vi').inputValue()).toBe('Fragile goods');
    expect(await input('zh-CN').inputValue()).toBe('易碎');
  });

  it('the document type is disabled until a document organisation is chosen, and cleared when it changes', async () => {
    await item('docOrgNo').hover();
    await item('docOrgNo').locator('.ant-select-clear').click();
    await poll(() => item('docType').locator('.ant-select-disabled').count()).toBe(1);
    await choose('docOrgNo', 'Shanghai');
    await poll(() => item('docType').locator('.ant-select-disabled').count()).toBe(0);
    const before = lookups.length;
    await item('docType').locator('.ant-select-selector').click();
    await poll(dropdownOptions).toEqual(['Purchase return', 'Standard purchase', 'Subcontract purchase']);
    const body = lookups.slice(before).find((l) => l.call.startsWith('IExtBcDocConfigService/'))?.body;
    expect(body).toEqual({
      current: 1,
      size: 10,
      condition: { statusCode: '1', bigModule: 'PO', docOrgNo: 'SH01' },
    });
    await dialogs.option(page, 'Standard purchase').click();
    await poll(() => item('docType').locator('.ant-select-selection-item').textContent()).toBe(
      'Standard purchase',
    );

    await choose('docOrgNo', 'Hanoi');
    await poll(() => item('docType').locator('.ant-select-selection-item').count()).toBe(0);
    await item('docType').locator('.ant-select-selector').click();
    await poll(dropdownOptions).toEqual(['Hanoi purchase']);
    await shot(page, 'widgets-doc-type');
    await page.keyboard.press('Escape');
  });
});
