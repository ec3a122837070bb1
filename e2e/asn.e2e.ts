// Delivery notices in the browser. One story on the demo's notices: the buyer's list shows what suppliers
// submitted (no drafts), the buyer rejects a pending notice with a reason; supplier1's tracking list shows
// the rejection and its reason, and supplier1 cancels its draft; supplier2 sees its own notice only.
// Another from the order list: supplier1 ships an accepted line in a new notice, changes its quantity on
// the draft (an empty quantity refused first), submits it, and the buyer approves it.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

const LIST = 'Offsite.Delivery.AsnList';
const TRACKING = 'Offsite.Delivery.AsnTracking';
const REASON = 'Pallets must be wrapped.';
let portal: Portal;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Types a date into a date picker of the open dialog. */
async function pickDate(page: Page, prop: string, value: string): Promise<void> {
  await dialogs.modal(page).locator(`[data-prop="${prop}"] input`).click();
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

describe('delivery notices: the buyer rejects, the supplier sees why (one story)', () => {
  it('moves a notice through the lists of both sides, each seeing its own', async () => {
    const buyer = await portal.signIn('buyer', '/delivery/asn-list');
    const list = await ListPage.of(buyer.page, LIST);
    await list.waitForRows();
    // What suppliers submitted, never their drafts.
    const states = () => list.rows().locator('[data-state]').allTextContents();
    await poll(states).toEqual(expect.arrayContaining(['Pending approval', 'Shipped', 'Rejected']));
    expect(await states()).not.toContain('Draft');
    const pending = list.row('Pending approval');
    const asnNo = ((await pending.locator('td').nth(1).textContent()) ?? '').trim();
    expect(asnNo).toMatch(/^ASN\d{12}$/);

    // A rejection needs a reason; the dialog asks for it.
    await pending.locator('[data-row-action="transition"]', { hasText: 'Reject' }).click();
    const dialog = dialogs.modal(buyer.page);
    await dialog.locator('textarea').fill(REASON);
    await shot(buyer.page, 'asn-reject', false);
    const rejected = buyer.page.waitForResponse((r) => r.url().endsWith('/rejectSrmAsnHead'));
    await dialog.locator('.ant-btn-primary').click();
    expect((await (await rejected).json()).code).toBe('0');
    await poll(() => list.row(asnNo).locator('[data-state]').textContent()).toBe('Rejected');

    // Supplier1 sees the rejection with its reason, and cancels its draft.
    const supplier = await portal.signIn('supplier1', '/delivery/asnTracking');
    const tracking = await ListPage.of(supplier.page, TRACKING);
    await tracking.waitForRows();
    await poll(async () => (await tracking.row(asnNo).textContent()) ?? '').toContain(REASON);
    const draft = tracking.row('Draft');
    const draftNo = ((await draft.locator('td').nth(1).textContent()) ?? '').trim();
    // View, lines, modify and submit stand in the row; cancel is under its More.
    await tracking.rowMore(draftNo).click();
    await dialogs
      .dropdown(supplier.page)
      .locator('[data-row-action="transition"]', { hasText: 'Cancel' })
      .click();
    const cancelled = supplier.page.waitForResponse((r) => r.url().endsWith('/cancelSrmAsnHead'));
    await dialogs.modal(supplier.page).locator('.ant-btn-primary').click();
    expect((await (await cancelled).json()).code).toBe('0');
    await poll(() => tracking.row(draftNo).locator('[data-state]').textContent()).toBe('Voided');
    await shot(supplier.page, 'asn-tracking', false);

    // Supplier2 sees its own notice, none of supplier1's.
    const other = await portal.signIn('supplier2', '/delivery/asnTracking');
    const theirs = await ListPage.of(other.page, TRACKING);
    await theirs.waitForRows();
    const text = (await theirs.rows().allTextContents()).join(' ');
    expect(text).toContain('SUP002');
    expect(text).not.toContain('SUP001');
    expect(text).not.toContain(asnNo);
  });

  it('ships an accepted order line in a notice, fixes its quantity on the draft, and gets it approved', async () => {
    const LINE = 'PO-SH01-260002';
    const supplier = await portal.signIn('supplier1', '/orderCollaboration/userOrder');
    const orders = await ListPage.of(supplier.page, 'Offsite.User.Order');
    await orders.waitForRows();
    await orders.search(LINE);
    await poll(() => orders.row('Accepted').count()).toBe(1);
    await orders.select('Accepted');
    await orders.runAction('dialog', 'Ship in a delivery notice');
    await pickDate(supplier.page, 'deliveryDate', day(1));
    await pickDate(supplier.page, 'expectedArrivalDate', day(3));
    await dialogs.modal(supplier.page).locator('[data-prop="trackingNo"] input').fill('SF20261127');
    const shipped = supplier.page.waitForResponse((r) => r.url().endsWith('/createSrmAsnFromLines'));
    await dialogs.modal(supplier.page).locator('.ant-btn-primary').click();
    const made = await (await shipped).json();
    expect(made.code).toBe('0');
    const asnNo = made.response.data.asnNo as string;

    // The draft on the supplier's tracking list; its page changes the quantity.
    await supplier.page.goto(`${portal.server.url}/delivery/asnTracking`);
    const tracking = await ListPage.of(supplier.page, TRACKING);
    await tracking.waitForRows();
    await tracking.rowAction(asnNo, 'modify').click();
    await supplier.page.waitForURL(/\/delivery\/addAsn\/add\/[0-9a-f-]{36}$/);
    const form = await FormPage.of(supplier.page);
    const row = form.root.locator('.editable-table tbody tr.ant-table-row').first();
    await poll(() => row.locator('[data-prop="purchaseNo"]').textContent()).toBe(LINE);
    await row.click();
    // An empty quantity is refused on the row before anything is sent.
    await row.locator('[data-prop="deliveryQty"] input').fill('');
    await form.save();
    await poll(() => form.root.locator('.ant-formily-item-error-help').count()).toBeGreaterThan(0);
    await row.locator('[data-prop="deliveryQty"] input').fill('1000');
    await row.locator('[data-prop="lotNo"] input').fill('L2611-27');
    await shot(supplier.page, 'asn-edit', false);
    const saved = supplier.page.waitForResponse((r) => r.url().endsWith('/updateSrmAsnHeadById'));
    await form.save();
    expect((await (await saved).json()).code).toBe('0');

    // Submitted from the tracking list, it waits for the buyer.
    const list = await ListPage.of(supplier.page, TRACKING);
    await list.waitForRows();
    await list.rowAction(asnNo, 'transition').filter({ hasText: 'Submit' }).click();
    const submitted = supplier.page.waitForResponse((r) => r.url().endsWith('/submitSrmAsnHead'));
    await dialogs.modal(supplier.page).locator('.ant-btn-primary').click();
    expect((await (await submitted).json()).code).toBe('0');
    await poll(() => list.row(asnNo).locator('[data-state]').textContent()).toBe('Pending approval');

    const buyer = await portal.signIn('buyer', '/delivery/asn-list');
    const asns = await ListPage.of(buyer.page, LIST);
    await asns.waitForRows();
    await asns.rowAction(asnNo, 'transition').filter({ hasText: 'Approve' }).click();
    const approved = buyer.page.waitForResponse((r) => r.url().endsWith('/approveSrmAsnHead'));
    await dialogs.modal(buyer.page).locator('.ant-btn-primary').click();
    expect((await (await approved).json()).code).toBe('0');
    await poll(() => asns.row(asnNo).locator('[data-state]').textContent()).toBe('Shipped');
    // The lines dialog shows the quantity the supplier set.
    await asns.rowAction(asnNo, 'rows').click();
    await poll(async () => (await dialogs.modal(buyer.page).textContent()) ?? '').toContain('L2611-27');
    expect(await dialogs.modal(buyer.page).textContent()).toContain('1,000');
  });
  it('ships from the order delivery page: what is owed of accepted lines, one order type at a time', async () => {
    const supplier = await portal.signIn('supplier1', '/delivery/addAsn');
    const lines = await ListPage.of(supplier.page, 'Offsite.Delivery.OrderDelivery');
    await lines.waitForRows();
    const tab = (value: string) => lines.root.locator(`.screen-list__tab[data-tab="${value}"]`);
    await poll(() =>
      lines.root.locator('.ant-tabs-tab-active .screen-list__tab').getAttribute('data-tab'),
    ).toBe('1');
    const ship = () => lines.action('dialog').filter({ hasText: 'Ship in a delivery notice' });
    // A line chosen on one order type's tab is let go on another's.
    await lines.rows().first().locator('.ant-checkbox-input').check();
    await poll(() => ship().isDisabled()).toBe(false);
    await tab('2').click();
    await poll(() => lines.root.locator('.ant-checkbox-input:checked').count()).toBe(0);
    await tab('1').click();
    await lines.waitForRows();
    await shot(supplier.page, 'order-delivery');
    await lines.rows().first().locator('.ant-checkbox-input').check();
    await ship().click();
    await pickDate(supplier.page, 'deliveryDate', day(1));
    await pickDate(supplier.page, 'expectedArrivalDate', day(2));
    const shipped = supplier.page.waitForResponse((r) => r.url().endsWith('/createSrmAsnFromLines'));
    await dialogs.modal(supplier.page).locator('.ant-btn-primary').click();
    const made = await (await shipped).json();
    expect(made.code, made.msg).toBe('0');
    expect(made.response.data.asnNo).toMatch(/^ASN/);
  });
});
