// Delivery notices in the browser, one story on the demo's notices: the buyer's list shows what suppliers
// submitted (no drafts), the buyer rejects a pending notice with a reason and approves nothing by
// mistake; supplier1's tracking list shows the rejection and its reason, and supplier1 cancels its draft;
// supplier2 sees its own notice only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

const LIST = 'Offsite.Delivery.AsnList';
const TRACKING = 'Offsite.Delivery.AsnTracking';
const REASON = 'Pallets must be wrapped.';
let portal: Portal;

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
    await draft.locator('[data-row-action="transition"]', { hasText: 'Cancel' }).click();
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
});
