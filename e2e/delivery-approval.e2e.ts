// Delivery approval and settling notice lines in the browser, on the demo's data. Supplier1 submits its
// draft qualification of a lot and the buyer approves it, each on its own list. On a shipped notice's
// page the buyer closes a line with a reason, and the line shows as closed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

const APPROVAL = 'Offsite.Delivery.Approval';
const ASN_LIST = 'Offsite.Delivery.AsnList';
/** The lot of supplier1's demo draft. */
const DRAFT_LOT = 'L2612-01';
let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

describe('delivery approval', () => {
  it('is submitted by the supplier and approved by the buyer', async () => {
    const supplier = await portal.signIn('supplier1', '/delivery/delivery-approval');
    const mine = await ListPage.of(supplier.page, APPROVAL);
    await mine.waitForRows();
    await poll(() => mine.row(DRAFT_LOT).locator('[data-state]').textContent()).toBe('Draft');
    await mine.rowAction(DRAFT_LOT, 'transition').filter({ hasText: 'Submit' }).click();
    const submitted = supplier.page.waitForResponse((r) => r.url().endsWith('/submitSrmDeliveryApproval'));
    await dialogs.modal(supplier.page).locator('.ant-btn-primary').click();
    expect((await (await submitted).json()).code).toBe('0');
    await poll(() => mine.row(DRAFT_LOT).locator('[data-state]').textContent()).toBe('Pending');
    await shot(supplier.page, 'delivery-approval-supplier', false);

    const buyer = await portal.signIn('buyer', '/delivery/delivery-approval');
    const theirs = await ListPage.of(buyer.page, APPROVAL);
    await theirs.waitForRows();
    // Drafts stay the supplier's own.
    expect(await theirs.rows().locator('[data-state]').allTextContents()).not.toContain('Draft');
    await theirs.rowAction(DRAFT_LOT, 'transition').filter({ hasText: 'Approve' }).click();
    const approved = buyer.page.waitForResponse((r) => r.url().endsWith('/approveSrmDeliveryApproval'));
    await dialogs.modal(buyer.page).locator('.ant-btn-primary').click();
    expect((await (await approved).json()).code).toBe('0');
    await poll(() => theirs.row(DRAFT_LOT).locator('[data-state]').textContent()).toBe('Approved');
    // Its details show the report and who submitted and approved it.
    await theirs.rowAction(DRAFT_LOT, 'view').click();
    const drawer = dialogs.drawer(buyer.page);
    await poll(async () => (await drawer.textContent()) ?? '').toContain(`report-M-2001-${DRAFT_LOT}.txt`);
    await shot(buyer.page, 'delivery-approval-detail', false);
  });
});

describe('closing delivery notice lines', () => {
  it('closes a selected line of a shipped notice with a reason, and shows it closed', async () => {
    const buyer = await portal.signIn('buyer', '/delivery/asn-list');
    const list = await ListPage.of(buyer.page, ASN_LIST);
    await list.waitForRows();
    const shipped = list.row('Shipped').first();
    const asnNo = ((await shipped.locator('td').nth(1).textContent()) ?? '').trim();
    await list.rowAction(asnNo, 'view').click();
    const lines = dialogs.drawer(buyer.page).locator('[data-lines="lineList"]');
    const line = lines.locator('tbody tr.ant-table-row').first();
    await poll(() => line.locator('[data-state]').textContent()).toBe('Open');
    const close = lines.locator('[data-line-transition="close"]');
    // Nothing selected: the button waits for a line.
    expect(await close.isDisabled()).toBe(true);
    await line.locator('.ant-checkbox-input').check();
    await close.click();
    const dialog = dialogs.modal(buyer.page);
    await dialog.locator('textarea').fill('Short shipment settled with the supplier.');
    await shot(buyer.page, 'asn-close-line', false);
    const closed = buyer.page.waitForResponse((r) => r.url().endsWith('/closeSrmAsnLine'));
    await dialog.locator('.ant-btn-primary').click();
    expect((await (await closed).json()).code).toBe('0');
    await poll(() => line.locator('[data-state]').textContent()).toBe('Closed');
    await shot(buyer.page, 'asn-line-closed', false);
  });
});
