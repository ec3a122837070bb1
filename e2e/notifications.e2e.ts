// Notifications in the browser: supplier1 and supplier2 have the portal open; the buyer approves one of
// supplier1's delivery notices; supplier1's bell count rises without a reload (the live channel), the
// dropdown shows the message, and clicking it opens the notice's page; supplier2's bell does not move
// and shows nothing of it. "All messages" opens supplier1's own messages.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

/** The bell's count: the badge's number, 0 when it shows none. */
async function bellCount(page: Page): Promise<number> {
  const badge = page.locator('[data-testid="notice-bell"] .ant-badge-count');
  if (!(await badge.count())) return 0;
  return Number((await badge.getAttribute('title')) ?? '0');
}

describe('notifications: a decision reaches the supplier live (one story)', () => {
  it('raises supplier1 bell without a reload, opens the document, and tells supplier2 nothing', async () => {
    const server = portal.server;
    const buyerToken = await portal.token('buyer');
    const one = await portal.signIn('supplier1', '/dashboard');
    const two = await portal.signIn('supplier2', '/dashboard');
    // The pages have their live channel open once the bell has its first state.
    const summary = async (userNo: string) =>
      (await server.call('IBmNoticeService/getmynoticesummary', {}, { token: await portal.token(userNo) }))
        .body.response.data as { unread: number };
    const startOne = (await summary('supplier1')).unread;
    const startTwo = (await summary('supplier2')).unread;
    await poll(() => bellCount(one.page)).toBe(startOne);
    await poll(() => bellCount(two.page)).toBe(startTwo);
    // A second tab of supplier1's browser: its bell follows what the first tab reads.
    const otherTab = await one.context.newPage();
    await otherTab.goto(`${server.url}/dashboard`);
    await poll(() => bellCount(otherTab)).toBe(startOne);

    // The buyer approves supplier1's pending notice.
    const pending = (
      await server.call(
        'ISrmAsnHeadService/getSrmAsnHeadPage',
        { condition: { status: '0' } },
        { token: buyerToken, menu: 'Offsite.Delivery.AsnList' },
      )
    ).body.response.data.records.find((r: { supplierNo: string }) => r.supplierNo === 'SUP001') as {
      id: string;
      version: number;
      asnNo: string;
    };
    const approved = await server.call(
      'ISrmAsnHeadService/approveSrmAsnHead',
      { condition: { rows: [{ id: pending.id, version: pending.version }] } },
      { token: buyerToken, menu: 'Offsite.Delivery.AsnList' },
    );
    expect(approved.body.code, approved.body.msg).toBe('0');

    // Without a reload, supplier1's count rises, in both its tabs.
    await poll(() => bellCount(one.page), 15_000).toBe(startOne + 1);
    await poll(() => bellCount(otherTab)).toBe(startOne + 1);
    await one.page.locator('[data-testid="notice-bell"]').click();
    const item = one.page.locator('[data-testid="notice-item"]', { hasText: pending.asnNo }).first();
    await expect(item.textContent()).resolves.toContain(`Delivery notice ${pending.asnNo} approved`);
    await shot(one.page, 'notice-bell', false);
    await item.click();
    await one.page.waitForURL(`**/delivery/asnTracking/detail/${pending.id}`);
    await poll(async () => (await one.page.locator('main, .shell').first().textContent()) ?? '').toContain(
      pending.asnNo,
    );
    // Opening it read it, in this tab and, without a reload, in the other.
    await poll(() => bellCount(one.page)).toBe(startOne);
    await poll(() => bellCount(otherTab)).toBe(startOne);
    await shot(one.page, 'notice-opened', false);

    // supplier2: the same count, and nothing of supplier1's notice.
    expect(await bellCount(two.page)).toBe(startTwo);
    await two.page.locator('[data-testid="notice-bell"]').click();
    await two.page.locator('[data-testid="notice-panel"]').waitFor();
    expect(await two.page.locator('[data-testid="notice-panel"]').textContent()).not.toContain(pending.asnNo);

    // All messages: supplier1's own, the approval among them.
    await one.page.locator('[data-testid="notice-bell"]').click();
    await one.page.locator('[data-testid="notice-all"]').click();
    await one.page.waitForURL('**/message-list');
    await poll(
      async () => (await one.page.locator('.screen-list:visible .ant-table-tbody').textContent()) ?? '',
    ).toContain(`Delivery notice ${pending.asnNo} approved`);
    await shot(one.page, 'notice-messages', false);
  });
});
