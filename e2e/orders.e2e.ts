// Purchase orders in the browser: a supplier's order lines with their answer states as tags, the
// acceptance page of one order (the head, the lines in an editable table whose promised amounts follow
// the promised quantity, a totals row, lines already answered shown but not opened), saving promises,
// accepting two lines and refusing one with a reason, a split answer given in a dialog and told by the
// line's tracking, a subcontract line's components from the list, and a second supplier who sees none
// of it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

const MENU = 'Offsite.User.Order';
const PATH = '/orderCollaboration/userOrder';
let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

/** The id of an order, through the API as the supplier. */
async function orderId(purchaseNo: string, user = 'supplier1'): Promise<string> {
  const token = await portal.server.login(user);
  const r = await portal.server.call(
    'ISupSrmPurchaseHeadService/getSrmPurchaseHeadPage',
    { condition: { purchaseNo } },
    { token, menu: MENU },
  );
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.response.data.records[0].id;
}

const lineRow = (list: ListPage, purchaseNo: string, seq: number) =>
  list
    .rows()
    .filter({ hasText: purchaseNo })
    .filter({ has: list.root.page().locator('td', { hasText: new RegExp(`^${seq}$`) }) });

async function openList(page: Page): Promise<ListPage> {
  const list = await ListPage.of(page, MENU);
  await list.waitForRows();
  await poll(() => list.root.locator('.ant-tag[data-state="0"]').count()).toBeGreaterThan(0);
  return list;
}

describe('order collaboration', () => {
  it('answers an order on its acceptance page: promised amounts follow the promise, totals sum exactly', async () => {
    const id = await orderId('PO-SH01-260001');
    const { page } = await portal.signIn('supplier1', `${PATH}/acceptance/${id}`);
    const form = await FormPage.of(page);
    const table = form.root.locator('.editable-table');
    // The order's lines 10, 20 and 30, in that order (an open row shows its sequence in an input).
    const row = (seq: number) => table.locator('tbody tr.ant-table-row').nth(seq / 10 - 1);
    const total = (prop: string) => table.locator(`[data-total="${prop}"]`);
    await poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(3);
    expect(await table.locator('[data-prop="purchaseSeq"]').allTextContents()).toEqual(['10', '20', '30']);
    await poll(() => row(10).locator('[data-state]').textContent()).toBe('To confirm');
    // 625 + 2,760 + 434.10 (240.5 x 1.805 rounded to cents).
    await poll(() => total('amount').textContent()).toBe('3,819.10');
    expect(await total('promiseAmount').textContent()).toBe('0.00');

    await row(10).click();
    await row(10).locator('[data-prop="promiseQty"] input').fill('4000');
    await poll(() => row(10).locator('[data-prop="promiseAmount"]').textContent()).toBe('500.00');
    expect(await row(10).locator('[data-prop="promiseTax"]').textContent()).toBe('65.00');
    expect(await row(10).locator('[data-prop="promiseTotal"]').textContent()).toBe('565.00');
    await poll(() => total('promiseAmount').textContent()).toBe('500.00');
    await row(10).locator('[data-prop="promiseDate"] input').click();
    await page.keyboard.type((await row(10).locator('[data-prop="expectArrivalDate"]').textContent()) ?? '');
    await page.keyboard.press('Enter');
    await table.locator('.ant-table-content').evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await shot(page, 'orders-acceptance', true);

    // An empty promise is refused on the row itself before anything is sent; a line not opened yet
    // that lacks its promise is opened by the refused save, and says so too.
    await row(20).click();
    await row(20).locator('[data-prop="promiseQty"] input').fill('');
    await row(20).locator('[data-prop="promiseQty"] input').blur();
    await poll(() => row(20).locator('.ant-formily-item-error-help').count()).toBeGreaterThan(0);
    await form.save();
    await poll(() => form.root.locator('.ant-formily-item-error-help').allTextContents()).toContain(
      'Please make sure the table is filled in correctly',
    );
    expect(await row(30).locator('[data-prop="promiseQty"] .ant-formily-item-error-help').textContent()).toBe(
      'Please enter Promised qty',
    );
    await row(20).locator('[data-prop="promiseQty"] input').fill('800');
    await row(20).locator('[data-prop="promiseDate"] input').click();
    await page.keyboard.type((await row(20).locator('[data-prop="expectArrivalDate"]').textContent()) ?? '');
    await page.keyboard.press('Enter');
    await row(30).click();
    await row(30).locator('[data-prop="promiseQty"] input').fill('240.5');
    await row(30).locator('[data-prop="promiseDate"] input').click();
    await page.keyboard.type((await row(30).locator('[data-prop="expectArrivalDate"]').textContent()) ?? '');
    await page.keyboard.press('Enter');
    await poll(() => total('promiseTotal').textContent()).toBe('4,174.33');
    const saved = page.waitForResponse((r) => r.url().endsWith('/saveSrmPurchaseHeadAnswer'));
    await form.save();
    expect((await (await saved).json()).code).toBe('0');
    await page.waitForURL(new RegExp(`${PATH}$`));

    // The list shows the promises; two lines are accepted together, the third refused with a reason.
    const list = await openList(page);
    await list.search('PO-SH01-260001');
    await poll(() => list.rows().count()).toBe(3);
    await poll(async () => (await lineRow(list, 'PO-SH01-260001', 10).textContent()) ?? '').toContain(
      '4,000',
    );
    await shot(page, 'orders-list', false);
    await lineRow(list, 'PO-SH01-260001', 10).locator('.ant-checkbox-input').check();
    await lineRow(list, 'PO-SH01-260001', 20).locator('.ant-checkbox-input').check();
    await list.runAction('transition', 'Accept');
    const confirm = dialogs.modal(page);
    await confirm.locator('.ant-btn-primary').click();
    await poll(() => lineRow(list, 'PO-SH01-260001', 20).locator('[data-state]').textContent()).toBe(
      'Accepted',
    );
    expect(await lineRow(list, 'PO-SH01-260001', 10).locator('[data-state]').textContent()).toBe('Accepted');

    await lineRow(list, 'PO-SH01-260001', 30)
      .locator('[data-row-action="transition"]', { hasText: 'Refuse' })
      .click();
    const reason = dialogs.modal(page);
    await reason.locator('textarea').fill('Cartons are discontinued');
    await reason.locator('.ant-btn-primary').click();
    await poll(() => lineRow(list, 'PO-SH01-260001', 30).locator('[data-state]').textContent()).toBe(
      'Refused',
    );
    expect(await lineRow(list, 'PO-SH01-260001', 30).textContent()).toContain('Cartons are discontinued');
  });

  it('shows answered lines of an order without opening them', async () => {
    const id = await orderId('PO-SH01-260002');
    const { page } = await portal.signIn('supplier1', `${PATH}/acceptance/${id}`, { freshSession: true });
    const form = await FormPage.of(page);
    const rows = form.root.locator('.editable-table tbody tr.ant-table-row');
    await poll(() => rows.locator('[data-state]').allTextContents()).toEqual(['Accepted', 'Refused']);
    await rows.first().click();
    expect(await rows.first().locator('input').count()).toBe(0);
    expect(await rows.first().getAttribute('class')).toContain('editable-table__row--locked');
  });

  it('splits an answer into parts in a dialog, accepts it, and the line’s tracking tells the parts', async () => {
    const { page } = await portal.signIn('supplier1', PATH, { freshSession: true });
    // Whatever another story answered meanwhile: the list has rows, and this line is reopened (3).
    const list = await ListPage.of(page, MENU);
    await list.waitForRows();
    await list.search('PO-SH01-260004');
    await poll(() => list.rows().count()).toBe(1);
    await lineRow(list, 'PO-SH01-260004', 10).locator('.ant-checkbox-input').check();
    await list.runAction('dialog', 'Split answer');
    const dialog = dialogs.modal(page);
    const parts = dialog.locator('.editable-table tbody tr.ant-table-row');
    // The dialog starts from the line's own parts: the demo's reopened answer, half and half.
    await poll(() => parts.count()).toBe(2);
    await poll(() => dialog.locator('[data-total="promiseQty"]').textContent()).toBe('20,000.00000');
    const firstCell = parts.nth(0).locator('[data-prop="promiseDate"]');
    const dayText = async () => ((await firstCell.textContent()) ?? '').trim();
    await poll(dayText).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const firstDate = await dayText();
    await parts.nth(1).click();
    await parts.nth(1).locator('[data-prop="promiseQty"] input').fill('9000');
    await dialog.locator('[data-action="addRow"]').click();
    await poll(() => parts.count()).toBe(3);
    await parts.nth(2).click();
    await parts.nth(2).locator('[data-prop="promiseQty"] input').fill('1000.5');
    const date = parts.nth(2).locator('[data-prop="promiseDate"] input');
    await date.click();
    await date.fill(firstDate);
    await date.press('Enter');
    await poll(() => date.inputValue()).toBe(firstDate);
    await poll(() => dialog.locator('[data-total="promiseQty"]').textContent()).toBe('20,000.50000');
    await shot(page, 'orders-split-dialog', false);
    // More than ordered: the server says so and the dialog stays open with what was typed.
    await dialog.locator('.ant-btn-primary').click();
    await poll(() => dialog.locator('.action-dialog__error').textContent()).toContain(
      'more than the 20000 ordered',
    );
    await parts.nth(2).click();
    await parts.nth(2).locator('[data-prop="promiseQty"] input').fill('1000');
    const saved = page.waitForResponse((r) => r.url().endsWith('/saveSrmPurchaseSplit'));
    await dialog.locator('.ant-btn-primary').click();
    expect((await (await saved).json()).code).toBe('0');
    await poll(() => dialogs.modal(page).count()).toBe(0);

    // Accepted as split; its detail shows the parts and the path with them.
    await lineRow(list, 'PO-SH01-260004', 10)
      .locator('[data-row-action="transition"]', { hasText: 'Accept' })
      .click();
    await dialogs.modal(page).locator('.ant-btn-primary').click();
    await poll(() => lineRow(list, 'PO-SH01-260004', 10).locator('[data-state]').textContent()).toBe(
      'Accepted',
    );
    await list.rowAction('PO-SH01-260004', 'view').click();
    const drawer = dialogs.drawer(page);
    await poll(() => drawer.locator('[data-prop="answerList"] tbody tr.ant-table-row').count()).toBe(3);
    const answered = drawer.locator('[data-testid="step-timeline"] [data-step="answered"]').last();
    await poll(async () => (await answered.textContent()) ?? '').toContain('Part 3: 1000 on');
    expect(await drawer.locator('[data-step="ordered"]').count()).toBe(1);
    await answered.scrollIntoViewIfNeeded();
    await shot(page, 'orders-tracking', false);
  });

  it('shows a subcontract line the components the buyer provides, from the order list', async () => {
    const { page } = await portal.signIn('supplier1', PATH);
    const list = await ListPage.of(page, MENU);
    await list.waitForRows();
    await list.search('PO-SH01-260003');
    await list.rowAction('PO-SH01-260003', 'rows').first().click();
    const dialog = page.locator('.table-select-dialog:visible');
    await poll(() => dialog.locator('tbody tr.ant-table-row').count()).toBe(2);
    const texts = (await dialog.locator('tbody tr.ant-table-row').allTextContents()).join(' ');
    expect(texts).toContain('Cold-rolled steel sheet, 3 mm');
    expect(texts).toContain('Zinc primer');
    await page.keyboard.press('Escape');
    // A general order's line has none to show.
    await list.search('PO-SH01-260001');
    await list.row('PO-SH01-260001').first().waitFor();
    expect(await list.rowAction('PO-SH01-260001', 'rows').count()).toBe(0);
    await page.context().close();
  });

  it('a second supplier sees none of the first one’s orders', async () => {
    const { page } = await portal.signIn('supplier2', PATH);
    const list = await openList(page);
    // Its two lines to confirm are past their answer date: the overdue tab counts them.
    await poll(() =>
      list.root.locator('[data-tab="filter:overdue"] .screen-list__tab-count').textContent(),
    ).toBe('2');
    const text = (await list.rows().allTextContents()).join('\n');
    expect(text).toContain('PO-HN01-260001');
    expect(text).not.toContain('PO-SH01');
    // Answer opens the line's order on its acceptance page; an answered line offers no Answer.
    expect(await list.rowAction('PO-HN01-260002', 'modify').count()).toBe(0);
    await list.rowAction('PO-HN01-260001', 'modify').first().click();
    await page.waitForURL(new RegExp(`${PATH}/acceptance/[0-9a-f-]{36}$`));
    const form = await FormPage.of(page);
    await poll(() => form.input('purchaseNo').inputValue()).toBe('PO-HN01-260001');
    await poll(() => form.root.locator('.editable-table tbody tr.ant-table-row').count()).toBe(2);
  });
});
