// Rules, labels, strategies and messages in Chromium against the real server: a barcode rule whose
// basic elements are edited in the editable table (checked, saved, then a line removed and the reload
// showing exactly what was saved), a batch rule refusing to save without a detail line in the user's
// language, the label query refusing an empty search before asking, and the default strategy's delete
// refused by the server. Every new screen is also opened once and photographed.
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, logIn, openPage, poll, type RecordedCall, recordCalls, SHOTS } from './support/session';

let server: TestServer;
let browser: Browser;
let page: Page;
let calls: RecordedCall[];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir });
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server));
  calls = recordCalls(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// Visited tabs stay mounted (hidden), so every locator is scoped to what is visible.
const list = (p: Page = page) => p.locator('.screen-list:visible');
const form = (p: Page = page) => p.locator('.screen-form:visible');
const item = (prop: string, p: Page = page) => form(p).locator(`[data-prop="${prop}"]`).first();
const rows = (p: Page = page) => list(p).locator('tbody tr.ant-table-row');
const row = (text: string, p: Page = page) => rows(p).filter({ hasText: text });
const tableRows = (prop: string) => item(prop).locator('tbody tr.ant-table-row');
const cell = (r: Locator, prop: string) => r.locator(`[data-prop="${prop}"]`);
type Body = { current?: number; condition: Record<string, unknown> };
const sent = (call: string) => calls.filter((c) => c.call === call).map((c) => c.body as Body);

async function choose(scope: Locator, label: string) {
  await scope.locator('.ant-select-selector').click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
  await poll(() => scope.locator('.ant-select-selection-item').textContent()).toBe(label);
}

async function save() {
  await form().getByRole('button', { name: 'Save', exact: true }).click();
}

/** The basic elements as the table shows them (read-pretty rows). */
async function shownElements(): Promise<string[][]> {
  const out: string[][] = [];
  for (const r of await tableRows('elementList').all()) {
    const texts: string[] = [];
    for (const prop of ['codingId', 'parameter', 'fieldType', 'leng'])
      texts.push(((await cell(r, prop).textContent()) ?? '').trim());
    out.push(texts);
  }
  return out;
}

describe('barcode rule with basic elements in the editable table', () => {
  it('checks the elements, saves rule and elements together, and a removed line is gone after reload', async () => {
    await logIn(page, server, 'admin', '/base/barcode-rule');
    await poll(() => rows().count()).toBeGreaterThan(0);
    await list().locator('[data-action="add"]').click();
    await page.waitForURL(/\/base\/add-barcode-rule$/);
    await form().waitFor();
    await poll(() => item('orgNo').locator('.ant-select-selection-item').textContent()).toBe('Shanghai');
    await item('barRuleNo').locator('input').fill('E2E-BR');
    await item('barRuleName').locator('input').fill('E2E item label');

    // First element: a digit is no basic element code.
    const table = item('elementList');
    await table.locator('[data-action="addRow"]').click();
    await poll(() => tableRows('elementList').count()).toBe(1);
    const first = tableRows('elementList').nth(0);
    await cell(first, 'codingId').locator('input').fill('1');
    await cell(first, 'codingId').locator('input').blur();
    await poll(() => cell(first, 'codingId').locator('.ant-formily-item-error-help').textContent()).toBe(
      'Basic element code must be a single letter A-Z',
    );
    await cell(first, 'codingId').locator('input').fill('A');
    await choose(cell(first, 'parameter'), 'Standard column');
    await choose(cell(first, 'fieldType'), 'Item code');
    await cell(first, 'leng').locator('input').fill('10');

    // Second element: the same code as the first is refused on its cell.
    await table.locator('[data-action="addRow"]').click();
    await poll(() => tableRows('elementList').count()).toBe(2);
    const second = tableRows('elementList').nth(1);
    await cell(second, 'codingId').locator('input').fill('A');
    await cell(second, 'codingId').locator('input').blur();
    await poll(() => cell(second, 'codingId').locator('.ant-formily-item-error-help').textContent()).toBe(
      'Basic element code "A" is already used in another row',
    );
    await cell(second, 'codingId').locator('input').fill('B');
    await choose(cell(second, 'parameter'), 'Standard column');
    await choose(cell(second, 'fieldType'), 'Quantity');
    await cell(second, 'leng').locator('input').fill('6');
    await page.screenshot({ path: `${SHOTS}/issue8-barcode-rule-add.png`, fullPage: true });
    await save();
    await page.waitForURL(/\/base\/barcode-rule$/);
    const added = sent('IBmBarRuleHeadService/addbmbarrulehead').at(-1)!.condition;
    expect(added).toMatchObject({ orgNo: 'SH01', barRuleNo: 'E2E-BR', barType: '1', parseMethod: '1' });
    expect(
      (added.elementList as Record<string, unknown>[]).map((e) => [
        e.codingId,
        e.parameter,
        e.fieldType,
        e.leng,
      ]),
    ).toEqual([
      ['A', 'standardCol', 'itemNo', 10],
      ['B', 'standardCol', 'qty', 6],
    ]);

    // Modify: both elements are there; remove A and save.
    await poll(() => row('E2E-BR').count()).toBe(1);
    await row('E2E-BR').locator('[data-row-action="modify"]').click();
    await page.waitForURL(/\/base\/modify-barcode-rule\/[0-9a-f-]{36}$/);
    await poll(shownElements).toEqual([
      ['A', 'Standard column', 'Item code', '10'],
      ['B', 'Standard column', 'Quantity', '6'],
    ]);
    await tableRows('elementList').nth(0).locator('[data-action="removeRow"]').click();
    await poll(() => tableRows('elementList').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/issue8-barcode-rule-modify.png`, fullPage: true });
    await save();
    await page.waitForURL(/\/base\/barcode-rule$/);
    const updated = sent('IBmBarRuleHeadService/updatebmbarruleheadbyid').at(-1)!.condition;
    expect(updated.version).toBe(1);
    expect((updated.elementList as Record<string, unknown>[]).map((e) => e.codingId)).toEqual(['B']);

    // A fresh page load shows exactly what the server kept.
    await poll(async () => (await row('E2E-BR').textContent()) ?? '').toContain('E2E item label');
    await row('E2E-BR').locator('[data-row-action="modify"]').click();
    await page.waitForURL(/\/base\/modify-barcode-rule\/[0-9a-f-]{36}$/);
    await page.reload();
    await form().waitFor();
    await poll(shownElements).toEqual([['B', 'Standard column', 'Quantity', '6']]);
    await poll(() => item('barRuleName').locator('input').inputValue()).toBe('E2E item label');
  });
});

describe('batch rule, label query and default strategy', () => {
  it('refuses to save a batch rule without a detail line, in the user’s language', async () => {
    const zh = await openPage(browser, server, { language: 'zh-CN' });
    const zhCalls = recordCalls(zh.page);
    await logIn(zh.page, server, 'admin', '/base/add-batch-rule');
    await form(zh.page).waitFor();
    await item('lotRuleNo', zh.page).locator('input').fill('E2E-LR');
    await item('lotRuleName', zh.page).locator('input').fill('E2E 批次规则');
    await form(zh.page).getByRole('button', { name: '保 存' }).click();
    // Said once, under the table.
    await poll(() =>
      item('detailList', zh.page)
        .locator('.ant-formily-item-error-help, .editable-table__refusal')
        .allTextContents(),
    ).toEqual(['批次规则至少需要一行明细']);
    await zh.page.screenshot({ path: `${SHOTS}/issue8-batch-rule-no-line.png`, fullPage: true });
    expect(zhCalls.filter((c) => c.call === 'IBmLotRuleHeadService/addbmlotrulehead')).toEqual([]);
    // One line, and it saves.
    await item('detailList', zh.page).locator('[data-action="addRow"]').click();
    const line = item('detailList', zh.page).locator('tbody tr.ant-table-row').first();
    await line.locator('[data-prop="lotAtt"] .ant-select-selector').click();
    await zh.page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="批次属性01"]').click();
    await form(zh.page).getByRole('button', { name: '保 存' }).click();
    await zh.page.waitForURL(/\/base\/batch-rule$/);
    const body = zhCalls.filter((c) => c.call === 'IBmLotRuleHeadService/addbmlotrulehead').at(-1)
      ?.body as Body;
    expect(body.condition.detailList).toEqual([{ isCombinationLotNo: 'N', lotKey: 'N', lotAtt: 'lotAtt01' }]);
    await zh.context.close();
  });

  it('refuses an empty label search before asking the server, and searches once a criterion is given', async () => {
    await page.goto(`${server.url}/base/label`);
    // It opens on the last 7 days, which the rules accept.
    await poll(() => rows().count()).toBeGreaterThan(0);
    const before = sent('IBmBarcodeService/getbmbarcodelistbyparams').length;
    expect(sent('IBmBarcodeService/getbmbarcodelistbyparams').at(-1)?.condition).toMatchObject({
      beginDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      endDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    await list().getByRole('button', { name: 'Advanced search' }).click();
    const popover = page.locator('.screen-list__advanced:visible');
    await popover.locator('[data-prop="beginDate"]').hover();
    await popover.locator('[data-prop="beginDate"] .ant-picker-clear').click();
    await popover.getByRole('button', { name: 'Query' }).click();
    await poll(() => popover.locator('.screen-list__search-refusal').textContent()).toContain(
      'Enter a date range, or at least one of order number, item code, batch number',
    );
    await page.screenshot({ path: `${SHOTS}/issue8-label-refused.png` });
    expect(sent('IBmBarcodeService/getbmbarcodelistbyparams')).toHaveLength(before);
    await popover.locator('[data-prop="itemNo"] input').fill('RM-1001');
    await popover.getByRole('button', { name: 'Query' }).click();
    await poll(() => sent('IBmBarcodeService/getbmbarcodelistbyparams').length).toBe(before + 1);
    expect(sent('IBmBarcodeService/getbmbarcodelistbyparams').at(-1)?.condition.itemNo).toBe('RM-1001');
    await poll(() => rows().count()).toBeGreaterThan(0);
    expect(new Set(await rows().locator('td:nth-child(3)').allTextContents())).toEqual(new Set(['RM-1001']));
    // Removing the last criterion is refused the same way, above the table.
    await list().locator('.ant-tag', { hasText: 'Item code' }).locator('.ant-tag-close-icon').click();
    await poll(() => list().locator('.screen-list__refusal').textContent()).toContain('Enter a date range');
    expect(sent('IBmBarcodeService/getbmbarcodelistbyparams')).toHaveLength(before + 1);
  });

  it("refuses to delete the default strategy with the server's message", async () => {
    await page.goto(`${server.url}/base/turnover-strategy`);
    await poll(() => row('FIFO-SH').count()).toBe(1);
    await row('FIFO-SH').locator('[data-row-action="physicalDelete"]').click();
    const dialog = page.locator('.ant-modal-confirm:visible');
    await poll(() => dialog.textContent()).toContain('Delete the 1 selected record(s)?');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await poll(() => page.locator('.ant-message-notice').last().textContent()).toContain(
      'The default strategy cannot be deleted.',
    );
    await page.screenshot({ path: `${SHOTS}/issue8-default-strategy.png` });
    const call = sent('IBmTurnMethodHeadService/deletebmturnmethodheadbyids').at(-1);
    expect(call?.condition.delList).toEqual([{ id: expect.any(String), version: 1 }]);
    await poll(() => row('FIFO-SH').count()).toBe(1);
  });
});

describe('every new screen opens', () => {
  it.each([
    ['/base/barcode-rule', 'BR-ITEM'],
    ['/base/batch-rule', 'LR-STD'],
    ['/base/container-rule', 'BOX-CRATE'],
    ['/base/sn-status', 'SH'],
    ['/base/wave-template', 'WV-STD'],
    ['/base/putaway-strategy', 'PUT-SH-STD'],
    ['/base/picking-strategy', 'PICK-SH-STD'],
    ['/base/allocation-strategy', 'ALLOC-SH-STD'],
    ['/base/strategy-application', 'SH01-RM'],
    ['/base/message-config', 'ASN_APPROVED'],
    ['/base/message-template', 'TPL-ASN-OK'],
    ['/base/message-policy', 'POL-ASN-OK'],
    ['/base/message-query', 'ASN202400021'],
    ['/baseManage/application-classification', 'SH01-PO'],
  ])('%s lists %s', async (path, text) => {
    await page.goto(`${server.url}${path}`);
    await poll(() => row(text).count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/issue8${path.replace(/\//g, '-')}.png` });
  });

  it('a barcode rule’s basic elements open from its row, in order', async () => {
    await page.goto(`${server.url}/base/barcode-rule`);
    await poll(() => row('BR-ITEM').count()).toBe(1);
    await row('BR-ITEM').locator('[data-row-action="rows"]').click();
    const dialog = page.locator('.ant-modal:visible');
    await poll(() => dialog.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents()).toEqual([
      'A',
      'B',
      'C',
      'D',
    ]);
    await page.screenshot({ path: `${SHOTS}/issue8-barcode-rule-elements.png` });
    await page.keyboard.press('Escape');
    await poll(() => dialog.count()).toBe(0);
  });

  it('the container query asks for a criterion, then shows a container’s labels', async () => {
    await page.goto(`${server.url}/base/container`);
    await poll(() => list().locator('.screen-list__refusal').textContent()).toContain(
      'Enter a container number, a barcode or an item code',
    );
    await list().getByRole('button', { name: 'Advanced search' }).click();
    const popover = page.locator('.screen-list__advanced:visible');
    await popover.locator('[data-prop="boxNo"] input').fill('BX');
    await popover.getByRole('button', { name: 'Query' }).click();
    await poll(() => rows().count()).toBe(2);
    await row('BX0000000001').locator('[data-row-action="rows"]').click();
    const dialog = page.locator('.ant-modal:visible');
    await poll(() => dialog.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(1);
    await page.screenshot({ path: `${SHOTS}/issue8-container-labels.png` });
  });
});
