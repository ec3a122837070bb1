// The list page's search side on the organisation screen, in Chromium against the real server: tabs by
// status with counts, condition chips, the type filter, the page-mode switch and the per-tab cache.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, logIn, openPage, poll, SHOTS } from './support/session';

const MENU = 'Base.Basic.Organizational';

let server: TestServer;
let browser: Browser;
let page: Page;
const calls: { call: string; body: { current: number; condition: Record<string, unknown> } }[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir });
  // Seeded: SH01 and HN01, valid. Add 22 valid ones and 3 invalid ones, the last closing accounts:
  // 27 in all, 24 valid, 3 invalid; more than one page of 20 on the 'all' and 'valid' tabs.
  const token = await server.login('admin');
  const add = async (orgNo: string, statusCode: string, closeAcctFlag = 'N') => {
    const r = await server.call(
      'IBmOrgService/addbmorg',
      { condition: { orgNo, orgName: `Tabbed ${orgNo}`, statusCode, closeAcctFlag } },
      { token, menu: MENU },
    );
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
  };
  for (let i = 0; i < 22; i++) await add(`L${String(i).padStart(2, '0')}`, '1');
  await add('X0', '0');
  await add('X1', '0');
  await add('X2', '0', 'Y');
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server));
  page.on('request', (r) => {
    const call = r.url().split('/ilcwmsplus/')[1];
    if (call?.endsWith('/getbmorglistbyparams')) calls.push({ call, body: r.postDataJSON() });
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// Visited tabs of the shell stay mounted (hidden), so every locator is scoped to what is visible.
const list = () => page.locator('.screen-list:visible');
const rows = () => list().locator('tbody tr.ant-table-row');
const tab = (value: string) => list().locator(`.screen-list__tab[data-tab="${value}"]`);
const count = (value: string) => tab(value).locator('.screen-list__tab-count').textContent();
const last = () => calls.at(-1)?.body;
const activeTab = () => list().locator('.ant-tabs-tab-active .screen-list__tab').getAttribute('data-tab');
/** Waits until the list has answered the search sent by `action`, and returns it. */
async function searched(action: () => Promise<unknown>) {
  const before = calls.length;
  await action();
  await poll(() => calls.length).toBeGreaterThan(before);
  await poll(() => list().locator('.ant-spin-spinning').count()).toBe(0);
  return last()!;
}

describe('organisation list: tabs, chips, type filter, page mode, cache', () => {
  it('shows each status tab with its count, asked with the first search', async () => {
    await logIn(page, server, 'admin');
    await poll(() => rows().count()).toBeGreaterThan(0);
    // Mode 0 (organisations the user's supplier serves) is the server's default: no condition of its own.
    expect(calls[0].body.condition).toEqual({ field: 't1.updateDate', order: 'desc', countBy: 'statusCode' });
    await poll(() => count('')).toBe('27');
    await expect(count('1')).resolves.toBe('24');
    await expect(count('0')).resolves.toBe('3');
    await expect(tab('1').textContent()).resolves.toContain('Valid');
    await expect(activeTab()).resolves.toBe('');
    await page.screenshot({ path: `${SHOTS}/list-tabs.png` });
  });

  it('switching a tab searches its status from page 1', async () => {
    const second = await searched(() => list().locator('.ant-pagination-item-2').click());
    expect(second.current).toBe(2);
    const invalid = await searched(() => tab('0').click());
    expect(invalid.current).toBe(1);
    expect(invalid.condition.statusCode).toBe('0');
    await poll(() => rows().count()).toBe(3);
    await expect(activeTab()).resolves.toBe('0');
    // The counts stay those of every status.
    await expect(count('1')).resolves.toBe('24');
  });

  it('returning to a tab shows its rows again without a search', async () => {
    await searched(() => tab('1').click());
    await poll(() => rows().count()).toBe(20);
    const before = calls.length;
    await tab('0').click();
    await poll(() => rows().count()).toBe(3);
    await tab('1').click();
    await poll(() => rows().count()).toBe(20);
    expect(calls.length).toBe(before);
  });

  it('after a save the page is marked changed: returning to a tab searches again', async () => {
    await tab('0').click();
    await poll(() => rows().count()).toBe(3);
    await rows().filter({ hasText: 'X0' }).locator('.ant-checkbox-input').check();
    await list().locator('[data-action="modify"]').click();
    await page.waitForURL(/\/base\/modify-organizational\//);
    const form = page.locator('.screen-form:visible');
    await poll(() => form.locator('[data-prop="orgName"] input').inputValue()).toBe('Tabbed X0');
    await form.locator('[data-prop="orgShortName"] input').fill('Saved X0');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/base\/organizational$/);
    await poll(async () => (await rows().filter({ hasText: 'X0' }).textContent()) ?? '').toContain(
      'Saved X0',
    );
    const again = await searched(() => tab('1').click());
    expect(again).toMatchObject({ current: 1, condition: { statusCode: '1' } });
  });

  it('the type filter searches with its value and All without it', async () => {
    await searched(() => tab('').click());
    const closing = await searched(() =>
      list().locator('.screen-list__type-filter').getByText('Closing accounts', { exact: true }).click(),
    );
    expect(closing).toMatchObject({ current: 1, condition: { closeAcctFlag: 'Y' } });
    await poll(() => rows().count()).toBe(1);
    await expect(rows().first().textContent()).resolves.toContain('X2');
    // The tab counts follow the other conditions.
    await poll(() => count('')).toBe('1');
    const all = await searched(() =>
      list().locator('.screen-list__type-filter').getByText('All', { exact: true }).click(),
    );
    expect(all.condition).not.toHaveProperty('closeAcctFlag');
    await poll(() => count('')).toBe('27');
  });

  it('a condition chip shows the search and removing it clears the condition from page 1', async () => {
    const box = list().locator('.screen-list__keyword input');
    await box.fill('L1');
    await searched(() => box.press('Enter'));
    await poll(() => rows().count()).toBe(10);
    const chip = list().locator('.screen-list__chip[data-prop="keyword"]');
    await expect(chip.textContent()).resolves.toContain('L1');
    await page.screenshot({ path: `${SHOTS}/list-chips.png` });
    const cleared = await searched(() => chip.locator('.ant-tag-close-icon').click());
    expect(cleared.current).toBe(1);
    expect(cleared.condition).not.toHaveProperty('keyword');
    await expect(chip.count()).resolves.toBe(0);
    await expect(box.inputValue()).resolves.toBe('');
  });

  it('the page-mode switch searches from page 1 in the other mode', async () => {
    await searched(() => list().locator('.ant-pagination-item-2').click());
    const all = await searched(() => list().locator('.screen-list__page-mode [data-mode="1"]').click());
    expect(all).toMatchObject({ current: 1, condition: { isControlSupplier: 'N' } });
    const served = await searched(() => list().locator('.screen-list__page-mode [data-mode="0"]').click());
    expect(served.current).toBe(1);
    expect(served.condition).not.toHaveProperty('isControlSupplier');
  });
});
