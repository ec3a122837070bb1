// The dashboard in the browser, for both sides on the demo data: supplier1's and the buyer's figures
// (as their own calls answer them, shown in the user's language), the monthly chart drawn, my schedule
// with its items, and an item that opens its list on the right tab with its number searched. One
// non-English language (zh-CN) for the number formats and labels.
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

const data = async (userNo: string, method: string, body: unknown = {}) => {
  const r = await portal.server.call(`ISupSrmIndexService/${method}`, body, {
    token: await portal.token(userNo),
    menu: 'Index.Dashboard',
  });
  return r.body.response.data;
};

describe('the dashboard', () => {
  it('shows supplier1 its figures, its chart and its schedule, and an item opens its list', async () => {
    const figures = await data('supplier1', 'getKeyFigures');
    const schedule = await data('supplier1', 'mySchedulePage');
    expect(schedule.total).toBeGreaterThan(0);
    const { page } = await portal.signIn('supplier1', '/dashboard');
    const figure = (field: string) => page.locator(`[data-figure="${field}"] .ant-statistic-content`);
    await poll(() => figure('openLines').textContent()).toBe(String(figures.openLines));
    await poll(() => figure('overdueLines').textContent()).toBe(String(figures.overdueLines));
    // The monthly chart is drawn (its library arrives with the chart only).
    await poll(() => page.locator('[data-card="chart"] canvas').count()).toBeGreaterThan(0);
    const items = page.locator('[data-card="schedule"] [data-schedule-type]');
    await poll(() => items.count()).toBe(Math.min(5, schedule.total));
    const first = schedule.records[0];
    await expect(items.first().textContent()).resolves.toContain(first.docNo);
    await shot(page, 'dashboard-supplier1');
    // An unread announcement opens the announcement itself.
    const news = page.locator('[data-card="schedule"] [data-schedule-type="newsUnread"]').first();
    await news.getByRole('button').click();
    await poll(() => page.url()).toContain('/newsnotice-list-detail?id=');
    // A line of an order opens its list with the item's number searched.
    await page.goto(`${portal.server.url}/dashboard`);
    const line = schedule.records.find((r: { type: string }) => r.type === 'orderChanged');
    const item = page.locator('[data-card="schedule"] [data-schedule-type="orderChanged"]').first();
    await item.getByRole('button').click();
    await poll(() => page.url()).toContain(`keyword=${encodeURIComponent(line.keyword)}`);
    await poll(() => page.locator('.ant-table-row').first().textContent(), 15_000).toContain(line.keyword);
  });

  it('shows the buyer its decisions and figures, in Chinese', async () => {
    const figures = await data('buyer', 'getKeyFigures');
    const schedule = await data('buyer', 'mySchedulePage');
    const { page } = await portal.signIn('buyer', '/dashboard', { language: 'zh-CN' });
    await poll(() => page.locator('[data-figure="openLines"] .ant-statistic-content').textContent()).toBe(
      String(figures.openLines),
    );
    await poll(() => page.getByText('关键指标').count()).toBeGreaterThan(0);
    const items = page.locator('[data-card="schedule"] [data-schedule-type]');
    await poll(() => items.count()).toBe(Math.min(5, schedule.total));
    await shot(page, 'dashboard-buyer-zh');
  });
});
