// Answer change requests in the browser, one user story: supplier1 selects an accepted order line and
// asks to change its promise (the dialog opens on the line's promised quantity and date, loaded from the
// line); the buyer opens the request list from the order list, approves the request, and the order line
// shows the new promise. One page load a user; the buyer's pages are reached by the app's own links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

const ORDERS = 'Offsite.User.Order';
const REQUESTS = 'Offsite.User.Order.Acceptance.Change';
const PATH = '/orderCollaboration/userOrder';
// Accepted, 1000 ordered and promised, 950 shipped or received: a new promise lies between.
const LINE = 'PO-SH01-260003';
let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('answer change requests: asked by the supplier, approved by the buyer (one story)', () => {
  it('moves the line promise once the buyer approves the request', async () => {
    const newDate = day(9);
    const supplier = await portal.signIn('supplier1', PATH);
    const orders = await ListPage.of(supplier.page, ORDERS);
    await orders.waitForRows();
    await orders.search(LINE);
    await poll(() => orders.rows().count()).toBe(1);
    await orders.select(LINE);
    await orders.runAction('dialog', 'Request answer change');
    const dialog = dialogs.modal(supplier.page);
    // The dialog starts from the line's promise.
    const qty = dialog.locator('[data-prop="promiseQty"] input');
    await poll(() => qty.inputValue()).toMatch(/^1,?000(\.0*)?$/);
    await qty.fill('975.5');
    const date = dialog.locator('[data-prop="promiseDate"] input');
    expect(await date.inputValue()).not.toBe('');
    await date.click();
    await date.press('Control+a');
    await supplier.page.keyboard.type(newDate);
    await supplier.page.keyboard.press('Enter');
    await dialog.locator('[data-prop="reason"] textarea').fill('25 brackets failed the bend test.');
    await shot(supplier.page, 'answer-change-request', false);
    const asked = supplier.page.waitForResponse((r) => r.url().endsWith('/requestAnswerChange'));
    await dialog.locator('.ant-btn-primary').click();
    const answer = await (await asked).json();
    expect(answer.code, answer.msg).toBe('0');
    await poll(() => dialogs.modal(supplier.page).count()).toBe(0);

    // The buyer reaches the request list from the order list and finds it pending, first tab.
    const buyer = await portal.signIn('buyer', PATH);
    const buyerOrders = await ListPage.of(buyer.page, ORDERS);
    await buyerOrders.waitForRows();
    await buyerOrders.runAction('open', 'Answer change requests');
    const requests = await ListPage.of(buyer.page, REQUESTS);
    await requests.waitForRows();
    await poll(() => requests.row(LINE).locator('[data-state]').textContent()).toBe('Pending');
    const row = (await requests.row(LINE).textContent()) ?? '';
    expect(row).toContain('25 brackets failed the bend test.');
    expect(row).toContain('975.500');
    expect(row).toContain(newDate);
    await shot(buyer.page, 'acceptance-change-list', false);
    await requests.rowAction(LINE, 'transition').filter({ hasText: 'Approve' }).click();
    const approved = buyer.page.waitForResponse((r) => r.url().endsWith('/approveAnswerChange'));
    await dialogs.modal(buyer.page).locator('.ant-btn-primary').click();
    const decision = await (await approved).json();
    expect(decision.code, decision.msg).toBe('0');
    // Approved, it leaves the pending tab.
    await poll(() => requests.row(LINE).count()).toBe(0);

    // The order line now promises the requested quantity on the requested date.
    await buyer.page.goBack();
    const after = await ListPage.of(buyer.page, ORDERS);
    await after.search(LINE);
    await poll(async () => (await after.row(LINE).textContent()) ?? '').toContain(newDate);
    expect(await after.row(LINE).textContent()).toContain('975.500');
  });
});
