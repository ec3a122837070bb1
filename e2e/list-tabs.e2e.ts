// The list page's search side on the organisation screen, in Chromium against the real server: tabs by
// status with counts, condition chips, the type filter, the page-mode switch and the per-tab cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

const MENU = 'Base.Basic.Organizational';
const PATH = '/base/organizational';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
  // Seeded: SH01 and HN01, valid. Add 22 valid ones and 3 invalid ones, the last closing accounts:
  // 27 in all, 24 valid, 3 invalid; more than one page of 20 on the 'all' and 'valid' tabs.
  const token = await portal.token('admin');
  const add = async (orgNo: string, statusCode: string, closeAcctFlag = 'N') => {
    const r = await portal.server.call(
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
});

afterAll(async () => {
  await portal?.close();
});

/** The value of the status tab showing. */
const activeTab = (list: ListPage) =>
  list.root.locator('.ant-tabs-tab-active .screen-list__tab').getAttribute('data-tab');

type Search = { current: number; condition: Record<string, unknown> };

/**
 * The administrator's organisation list in a new profile, its rows shown, recording its searches; with
 * `fromStart`, from the page's first load on (it is loaded again with the recorder on).
 */
async function openList(fromStart = false) {
  const { context, page } = await portal.signIn('admin', PATH);
  const calls: Search[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/getbmorglistbyparams')) calls.push(r.postDataJSON());
  });
  if (fromStart) await page.reload();
  const list = await ListPage.of(page);
  await list.waitForRows();
  const tab = (value: string) => list.root.locator(`.screen-list__tab[data-tab="${value}"]`);
  /** Waits until the list has answered the search sent by `action`, and returns it. */
  const searched = async (action: () => Promise<unknown>) => {
    const before = calls.length;
    await action();
    await poll(() => calls.length).toBeGreaterThan(before);
    await poll(() => list.root.locator('.ant-spin-spinning').count()).toBe(0);
    return calls.at(-1)!;
  };
  return {
    context,
    page,
    list,
    calls,
    tab,
    searched,
    count: (value: string) => tab(value).locator('.screen-list__tab-count').textContent(),
  };
}

describe('organisation list: tabs, chips, type filter, page mode, cache', () => {
  it('shows each status tab with its count, asked with the first search', async () => {
    const { context, page, list, calls, tab, count } = await openList(true);
    // Mode 0 (organisations the user's supplier serves) is the server's default: no condition of its own.
    expect(calls[0].condition).toEqual({ field: 't1.updateDate', order: 'desc', countBy: 'statusCode' });
    await poll(() => count('')).toBe('27');
    await expect(count('1')).resolves.toBe('24');
    await expect(count('0')).resolves.toBe('3');
    await expect(tab('1').textContent()).resolves.toContain('Valid');
    await expect(activeTab(list)).resolves.toBe('');
    await shot(page, 'list-tabs');
    await context.close();
  });

  it('switching a tab searches its status from page 1', async () => {
    const { context, list, tab, count, searched } = await openList();
    const second = await searched(() => list.root.locator('.ant-pagination-item-2').click());
    expect(second.current).toBe(2);
    const invalid = await searched(() => tab('0').click());
    expect(invalid.current).toBe(1);
    expect(invalid.condition.statusCode).toBe('0');
    await poll(() => list.rows().count()).toBe(3);
    await expect(activeTab(list)).resolves.toBe('0');
    // The counts stay those of every status.
    await expect(count('1')).resolves.toBe('24');
    await context.close();
  });

  it('returning to a tab shows its rows again without a search', async () => {
    const { context, list, calls, tab, searched } = await openList();
    // Both tabs searched once.
    await searched(() => tab('0').click());
    await poll(() => list.rows().count()).toBe(3);
    await searched(() => tab('1').click());
    await poll(() => list.rows().count()).toBe(20);
    const before = calls.length;
    await tab('0').click();
    await poll(() => list.rows().count()).toBe(3);
    await tab('1').click();
    await poll(() => list.rows().count()).toBe(20);
    expect(calls.length).toBe(before);
    await context.close();
  });

  it('after a save the page is marked changed: returning to a tab searches again', async () => {
    const { context, page, list, tab, searched } = await openList();
    await tab('0').click();
    await poll(() => list.rows().count()).toBe(3);
    await list.select('X0');
    await list.action('modify').click();
    await page.waitForURL(/\/base\/modify-organizational\//);
    const form = await FormPage.of(page);
    await poll(() => form.input('orgName').inputValue()).toBe('Tabbed X0');
    await form.input('orgShortName').fill('Saved X0');
    await form.root.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/base\/organizational$/);
    await poll(async () => (await list.row('X0').textContent()) ?? '').toContain('Saved X0');
    const again = await searched(() => tab('1').click());
    expect(again).toMatchObject({ current: 1, condition: { statusCode: '1' } });
    await context.close();
  });

  it('the type filter searches with its value and All without it', async () => {
    // The list opens on the tab of every status.
    const { context, list, count, searched } = await openList();
    await expect(activeTab(list)).resolves.toBe('');
    const closing = await searched(() =>
      list.root.locator('.screen-list__type-filter').getByText('Closing accounts', { exact: true }).click(),
    );
    expect(closing).toMatchObject({ current: 1, condition: { closeAcctFlag: 'Y' } });
    await poll(() => list.rows().count()).toBe(1);
    await expect(list.rows().first().textContent()).resolves.toContain('X2');
    // The tab counts follow the other conditions.
    await poll(() => count('')).toBe('1');
    const all = await searched(() =>
      list.root.locator('.screen-list__type-filter').getByText('All', { exact: true }).click(),
    );
    expect(all.condition).not.toHaveProperty('closeAcctFlag');
    await poll(() => count('')).toBe('27');
    await context.close();
  });

  it('a condition chip shows the search and removing it clears the condition from page 1', async () => {
    const { context, page, list, searched } = await openList();
    await list.keyword().fill('L1');
    await searched(() => list.keyword().press('Enter'));
    await poll(() => list.rows().count()).toBe(10);
    const chip = list.root.locator('.screen-list__chip[data-prop="keyword"]');
    await expect(chip.textContent()).resolves.toContain('L1');
    await shot(page, 'list-chips');
    const cleared = await searched(() => chip.locator('.ant-tag-close-icon').click());
    expect(cleared.current).toBe(1);
    expect(cleared.condition).not.toHaveProperty('keyword');
    await expect(chip.count()).resolves.toBe(0);
    await expect(list.keyword().inputValue()).resolves.toBe('');
    await context.close();
  });

  it('the page-mode switch searches from page 1 in the other mode', async () => {
    const { context, list, searched } = await openList();
    await searched(() => list.root.locator('.ant-pagination-item-2').click());
    const all = await searched(() => list.root.locator('.screen-list__page-mode [data-mode="1"]').click());
    expect(all).toMatchObject({ current: 1, condition: { isControlSupplier: 'N' } });
    const served = await searched(() => list.root.locator('.screen-list__page-mode [data-mode="0"]').click());
    expect(served.current).toBe(1);
    expect(served.condition).not.toHaveProperty('isControlSupplier');
    await context.close();
  });
});
