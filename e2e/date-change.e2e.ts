// Date-change requests in the browser, one user story: supplier1 selects an accepted order line and asks
// for a new date (the dialog action with its date and reason); the buyer opens the request list from the
// order list, approves the request, and the order line shows the new promised date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

const ORDERS = 'Offsite.User.Order';
const REQUESTS = 'Offsite.User.Order.Acceptance.DateChange';
const PATH = '/orderCollaboration/userOrder';
const LINE = 'PO-SH01-260003';
let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('date-change requests: asked by the supplier, approved by the buyer (one story)', () => {
  it('moves the line promise once the buyer approves the request', async () => {
    const newDate = day(9);
    const supplier = await portal.signIn('supplier1', PATH);
    const orders = await ListPage.of(supplier.page, ORDERS);
    await orders.waitForRows();
    await orders.search(LINE);
    await poll(() => orders.rows().count()).toBe(1);
    await orders.select(LINE);
    await orders.runAction('dialog', 'Request date change');
    const dialog = dialogs.modal(supplier.page);
    await dialog.locator('[data-prop="newDate"] input').click();
    await supplier.page.keyboard.type(newDate);
    await supplier.page.keyboard.press('Enter');
    await dialog.locator('[data-prop="reason"] textarea').fill('The steel mill delays our batch.');
    await shot(supplier.page, 'date-change-request', false);
    const asked = supplier.page.waitForResponse((r) => r.url().endsWith('/requestDateChange'));
    await dialog.locator('.ant-btn-primary').click();
    expect((await (await asked).json()).code).toBe('0');
    await poll(() => dialogs.modal(supplier.page).count()).toBe(0);

    // The buyer reaches the request list from the order list and finds it pending.
    const buyer = await portal.signIn('buyer', PATH);
    const buyerOrders = await ListPage.of(buyer.page, ORDERS);
    await buyerOrders.waitForRows();
    await buyerOrders.runAction('open', 'Date change requests');
    const requests = await ListPage.of(buyer.page, REQUESTS);
    await requests.waitForRows();
    await poll(() => requests.row(LINE).locator('[data-state]').textContent()).toBe('Pending');
    expect(await requests.row(LINE).textContent()).toContain('The steel mill delays our batch.');
    await shot(buyer.page, 'date-change-list', false);
    await requests.rowAction(LINE, 'transition').filter({ hasText: 'Approve' }).click();
    const approved = buyer.page.waitForResponse((r) => r.url().endsWith('/approveDateChange'));
    await dialogs.modal(buyer.page).locator('.ant-btn-primary').click();
    expect((await (await approved).json()).code).toBe('0');
    // Approved, it leaves the pending tab.
    await poll(() => requests.row(LINE).count()).toBe(0);

    // The order line now promises the requested date.
    await buyer.page.goBack();
    const after = await ListPage.of(buyer.page, ORDERS);
    await after.search(LINE);
    await poll(async () => (await after.row(LINE).textContent()) ?? '').toContain(newDate);
  });
});
