// Rules, labels, strategies and messages in Chromium against the real server: a barcode rule whose
// basic elements are edited in the editable table (checked, saved, then a line removed and the reload
// showing exactly what was saved), a batch rule refusing to save without a detail line in the user's
// language, the label query refusing an empty search before asking, and the default strategy's delete
// refused by the server. Every new screen is also opened once.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { openInApp, type RecordedCall, recordCalls } from './support/session';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

type Body = { current?: number; condition: Record<string, unknown> };
const sentBy = (calls: RecordedCall[]) => (call: string) =>
  calls.filter((c) => c.call === call).map((c) => c.body as Body);
// The editable tables' cells carry data-prop too: the form's own item is the first.
const item = (form: FormPage, prop: string) => form.item(prop).first();
const tableRows = (form: FormPage, prop: string) => item(form, prop).locator('tbody tr.ant-table-row');
const cell = (r: Locator, prop: string) => r.locator(`[data-prop="${prop}"]`);

/** Picks `label` in the select inside `scope` (a cell of the editable table). */
async function choose(page: Page, scope: Locator, label: string) {
  await scope.locator('.ant-select-selector').click();
  await dialogs.option(page, label).click();
  await poll(() => scope.locator('.ant-select-selection-item').textContent()).toBe(label);
}

/** The basic elements as the table shows them (read-pretty rows). */
async function shownElements(form: FormPage): Promise<string[][]> {
  const out: string[][] = [];
  for (const r of await tableRows(form, 'elementList').all()) {
    const texts: string[] = [];
    for (const prop of ['codingId', 'parameter', 'fieldType', 'leng'])
      texts.push(((await cell(r, prop).textContent()) ?? '').trim());
    out.push(texts);
  }
  return out;
}

describe('barcode rule with basic elements in the editable table', () => {
  it('checks the elements, saves rule and elements together, and a removed line is gone after reload', async () => {
    const { page } = await portal.signIn('admin', '/base/barcode-rule');
    const sent = sentBy(recordCalls(page));
    const list = await ListPage.of(page);
    const form = new FormPage(page);
    await list.waitForRows();
    await list.action('add').click();
    await page.waitForURL(/\/base\/add-barcode-rule$/);
    await FormPage.of(page);
    await poll(() => item(form, 'orgNo').locator('.ant-select-selection-item').textContent()).toBe(
      'Shanghai',
    );
    await item(form, 'barRuleNo').locator('input').fill('E2E-BR');
    await item(form, 'barRuleName').locator('input').fill('E2E item label');

    // First element: a digit is no basic element code.
    const table = item(form, 'elementList');
    const elements = tableRows(form, 'elementList');
    await table.locator('[data-action="addRow"]').click();
    await poll(() => elements.count()).toBe(1);
    const first = elements.nth(0);
    await cell(first, 'codingId').locator('input').fill('1');
    await cell(first, 'codingId').locator('input').blur();
    await poll(() => cell(first, 'codingId').locator('.ant-formily-item-error-help').textContent()).toBe(
      'Basic element code must be a single letter A-Z',
    );
    await cell(first, 'codingId').locator('input').fill('A');
    await choose(page, cell(first, 'parameter'), 'Standard column');
    await choose(page, cell(first, 'fieldType'), 'Item code');
    await cell(first, 'leng').locator('input').fill('10');

    // Second element: the same code as the first is refused on its cell.
    await table.locator('[data-action="addRow"]').click();
    await poll(() => elements.count()).toBe(2);
    const second = elements.nth(1);
    await cell(second, 'codingId').locator('input').fill('A');
    await cell(second, 'codingId').locator('input').blur();
    await poll(() => cell(second, 'codingId').locator('.ant-formily-item-error-help').textContent()).toBe(
      'Basic element code "A" is already used in another row',
    );
    await cell(second, 'codingId').locator('input').fill('B');
    await choose(page, cell(second, 'parameter'), 'Standard column');
    await choose(page, cell(second, 'fieldType'), 'Quantity');
    await cell(second, 'leng').locator('input').fill('6');
    await shot(page, 'barcode-rule-add');
    await form.save();
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
    await poll(() => list.row('E2E-BR').count()).toBe(1);
    await list.rowAction('E2E-BR', 'modify').click();
    await page.waitForURL(/\/base\/modify-barcode-rule\/[0-9a-f-]{36}$/);
    await poll(() => shownElements(form)).toEqual([
      ['A', 'Standard column', 'Item code', '10'],
      ['B', 'Standard column', 'Quantity', '6'],
    ]);
    await elements.nth(0).locator('[data-action="removeRow"]').click();
    await poll(() => elements.count()).toBe(1);
    await shot(page, 'barcode-rule-modify');
    await form.save();
    await page.waitForURL(/\/base\/barcode-rule$/);
    const updated = sent('IBmBarRuleHeadService/updatebmbarruleheadbyid').at(-1)!.condition;
    expect(updated.version).toBe(1);
    expect((updated.elementList as Record<string, unknown>[]).map((e) => e.codingId)).toEqual(['B']);

    // A fresh page load shows exactly what the server kept.
    await poll(async () => (await list.row('E2E-BR').textContent()) ?? '').toContain('E2E item label');
    await list.rowAction('E2E-BR', 'modify').click();
    await page.waitForURL(/\/base\/modify-barcode-rule\/[0-9a-f-]{36}$/);
    await page.reload();
    await FormPage.of(page);
    await poll(() => shownElements(form)).toEqual([['B', 'Standard column', 'Quantity', '6']]);
    await poll(() => item(form, 'barRuleName').locator('input').inputValue()).toBe('E2E item label');
  });
});

describe('batch rule, label query and default strategy', () => {
  it('refuses to save a batch rule without a detail line, in the user’s language', async () => {
    const zh = await portal.signIn('admin', '/base/add-batch-rule', { language: 'zh-CN' });
    const sent = sentBy(recordCalls(zh.page));
    const form = await FormPage.of(zh.page);
    await item(form, 'lotRuleNo').locator('input').fill('E2E-LR');
    await item(form, 'lotRuleName').locator('input').fill('E2E 批次规则');
    await form.save();
    // Said once, under the table.
    await poll(() =>
      item(form, 'detailList')
        .locator('.ant-formily-item-error-help, .editable-table__refusal')
        .allTextContents(),
    ).toEqual(['批次规则至少需要一行明细']);
    await shot(zh.page, 'batch-rule-no-line');
    expect(sent('IBmLotRuleHeadService/addbmlotrulehead')).toEqual([]);
    // One line, and it saves.
    await item(form, 'detailList').locator('[data-action="addRow"]').click();
    const line = item(form, 'detailList').locator('tbody tr.ant-table-row').first();
    await line.locator('[data-prop="lotAtt"] .ant-select-selector').click();
    await dialogs.option(zh.page, '批次属性01').click();
    await form.save();
    await zh.page.waitForURL(/\/base\/batch-rule$/);
    expect(sent('IBmLotRuleHeadService/addbmlotrulehead').at(-1)?.condition.detailList).toEqual([
      { isCombinationLotNo: 'N', lotKey: 'N', lotAtt: 'lotAtt01' },
    ]);
    await zh.context.close();
  });

  it('refuses an empty label search before asking the server, and searches once a criterion is given', async () => {
    // Signed in first, then the label query opened: its first search, on opening, is recorded too.
    const { page } = await portal.signIn('admin');
    const sent = sentBy(recordCalls(page));
    await page.goto(`${portal.server.url}/base/label`);
    const list = await ListPage.of(page);
    // It opens on the last 7 days, which the rules accept.
    await list.waitForRows();
    const before = sent('IBmBarcodeService/getbmbarcodelistbyparams').length;
    expect(sent('IBmBarcodeService/getbmbarcodelistbyparams').at(-1)?.condition).toMatchObject({
      beginDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      endDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    await list.advancedSearch().click();
    const popover = list.advanced();
    await popover.locator('[data-prop="beginDate"]').hover();
    await popover.locator('[data-prop="beginDate"] .ant-picker-clear').click();
    await popover.getByRole('button', { name: 'Query' }).click();
    await poll(() => popover.locator('.screen-list__search-refusal').textContent()).toContain(
      'Enter a date range, or at least one of order number, item code, batch number',
    );
    await shot(page, 'label-refused', false);
    expect(sent('IBmBarcodeService/getbmbarcodelistbyparams')).toHaveLength(before);
    await popover.locator('[data-prop="itemNo"] input').fill('RM-1001');
    await popover.getByRole('button', { name: 'Query' }).click();
    await poll(() => sent('IBmBarcodeService/getbmbarcodelistbyparams').length).toBe(before + 1);
    expect(sent('IBmBarcodeService/getbmbarcodelistbyparams').at(-1)?.condition.itemNo).toBe('RM-1001');
    // The table shows the rows of the search before until the answer to this one has arrived.
    await poll(async () => new Set(await list.cells(3))).toEqual(new Set(['RM-1001']));
    // Removing the last criterion is refused the same way, above the table.
    await list.root.locator('.ant-tag', { hasText: 'Item code' }).locator('.ant-tag-close-icon').click();
    await poll(() => list.root.locator('.screen-list__refusal').textContent()).toContain(
      'Enter a date range',
    );
    expect(sent('IBmBarcodeService/getbmbarcodelistbyparams')).toHaveLength(before + 1);
  });

  it("refuses to delete the default strategy with the server's message", async () => {
    const { page } = await portal.signIn('admin', '/base/turnover-strategy');
    const sent = sentBy(recordCalls(page));
    const list = await ListPage.of(page);
    await poll(() => list.row('FIFO-SH').count()).toBe(1);
    await list.rowAction('FIFO-SH', 'physicalDelete').click();
    await poll(() => dialogs.confirm(page).textContent()).toContain('Delete the 1 selected record(s)?');
    await dialogs.accept(page);
    await poll(async () => (await dialogs.messages(page)).at(-1)).toContain(
      'The default strategy cannot be deleted.',
    );
    await shot(page, 'default-strategy', false);
    const call = sent('IBmTurnMethodHeadService/deletebmturnmethodheadbyids').at(-1);
    expect(call?.condition.delList).toEqual([{ id: expect.any(String), version: 1 }]);
    await poll(() => list.row('FIFO-SH').count()).toBe(1);
  });
});

describe('every new screen opens', () => {
  // One signed-in profile for these read-only looks: each test loads its own page in it.
  let page: Page;
  const open = async (path: string) => {
    await openInApp(page, path);
    // The list of this page, not the one of the page before, which shows until the route has switched.
    await page.locator(`.shell__page[data-page-path="${path}"] .screen-list`).waitFor();
    return ListPage.of(page);
  };

  beforeAll(async () => {
    ({ page } = await portal.signIn('admin'));
  });

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
    const list = await open(path);
    // The seeded default templates and policies of every organisation fill more than a page.
    if (path === '/base/message-template' || path === '/base/message-policy') await list.search(text);
    // Beside two other e2e files on two cores, a page's first answer has taken over ten seconds.
    await poll(() => list.row(text).count(), 30_000).toBeGreaterThan(0);
    await shot(page, path.slice(1).replace(/\//g, '-'), false);
  });

  it('a barcode rule’s basic elements open from its row, in order', async () => {
    const list = await open('/base/barcode-rule');
    await poll(() => list.row('BR-ITEM').count()).toBe(1);
    await list.rowAction('BR-ITEM', 'rows').click();
    const dialog = dialogs.modal(page);
    await poll(() => dialog.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents()).toEqual([
      'A',
      'B',
      'C',
      'D',
    ]);
    await shot(page, 'barcode-rule-elements', false);
    await page.keyboard.press('Escape');
    await poll(() => dialog.count()).toBe(0);
  });

  it('the container query asks for a criterion, then shows a container’s labels', async () => {
    const list = await open('/base/container');
    await poll(() => list.root.locator('.screen-list__refusal').textContent()).toContain(
      'Enter a container number, a barcode or an item code',
    );
    await list.advancedSearch().click();
    const popover = list.advanced();
    await popover.locator('[data-prop="boxNo"] input').fill('BX');
    await popover.getByRole('button', { name: 'Query' }).click();
    await poll(() => list.rows().count()).toBe(2);
    await list.rowAction('BX0000000001', 'rows').click();
    await poll(() => dialogs.modal(page).locator('tbody tr.ant-table-row').count()).toBeGreaterThan(1);
    await shot(page, 'container-labels', false);
  });
});
