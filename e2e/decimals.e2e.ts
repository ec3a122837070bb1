// Exact decimals in the browser: a 19-digit quantity typed into a form goes to the server as the very
// text typed, comes back into the list with the separators of the user's language, and a list's summary
// row totals the page exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal, sumDecimals } from '../engine/core/decimal';
import { FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { recordCalls } from './support/session';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const BIG = '1234567890123.12345';

describe('exact decimals', () => {
  it('sends a 19-digit stock and 0.1 as typed, refuses a 6th decimal, and shows them in Vietnamese separators', async () => {
    const { page } = await portal.signIn('admin', '/base/material', { language: 'vi' });
    const calls = recordCalls(page, (c) => c.startsWith('IBmItemService/update'));
    const list = await ListPage.of(page);
    await list.search('M-1002');
    await list.rowAction('M-1002', 'modify').click();
    await page.waitForURL(/\/base\/modify-material\//);
    const form = await FormPage.of(page);
    // The record has loaded (a value typed before would be overwritten).
    await poll(() => form.input('itemNo').inputValue()).toBe('M-1002');
    await form.fill({ cube: '0.1234567' });
    await form.input('safetyStock').click();
    await poll(() => form.errors()).toEqual([
      expect.stringContaining('tối đa 19 chữ số và 5 chữ số thập phân'),
    ]);
    await form.fill({ cube: '0.1', safetyStock: BIG });
    await form.input('netWeight').click();
    await poll(() => form.errors()).toEqual([]);
    await poll(() => form.input('safetyStock').inputValue()).toBe(BIG);
    await form.save();
    await page.waitForURL(/\/base\/material$/);
    expect(calls.at(-1)?.body).toMatchObject({ condition: { safetyStock: BIG, cube: '0.1' } });
    const row = list.row('M-1002');
    await poll(() => row.textContent()).toContain('1.234.567.890.123,12');
    expect(await row.textContent()).toContain('0,10');
    await shot(page, 'decimals-material-vi', false);
  });

  it('totals the label quantities of the page exactly in the summary row', async () => {
    const { page } = await portal.signIn('admin');
    const answer = page.waitForResponse((r) =>
      r.url().endsWith('/IBmBarcodeService/getbmbarcodelistbyparams'),
    );
    await page.goto(`${portal.server.url}/base/label`);
    const list = await ListPage.of(page);
    await list.waitForRows();
    const records = (await (await answer).json()).response.data.records as { qty: string }[];
    expect(records.length).toBeGreaterThan(1);
    // The server answers decimal text, which the page sums without a float.
    expect(records.every((r) => typeof r.qty === 'string')).toBe(true);
    const total = formatDecimal(sumDecimals(records.map((r) => r.qty)), { decimals: 2, locale: 'en-US' });
    const summary = list.root.locator('.ant-table-summary');
    await poll(() => summary.locator('[data-summary="qty"]').textContent()).toBe(total);
    expect(await summary.textContent()).toContain('Page total');
    await shot(page, 'decimals-label-total', false);
    // Above 100 rows a page is the large-page grid, which keeps the same row at its bottom.
    await list.pageSize(200);
    const grid = list.root.locator('.screen-grid .screen-list__summary');
    await poll(() => grid.locator('[data-summary="qty"]').textContent()).toBe(total);
    expect(await grid.textContent()).toContain('Page total');
    await shot(page, 'decimals-label-total-grid', false);
  });
});
