// The organisation screens, which are only JSON in screens/base/, driven in Chromium against the real
// server: list, add with a bad and then a good value, keyword search, modify, a stale save, delete.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { type RecordedCall, recordCalls } from './support/session';

const MENU = 'Base.Basic.Organizational';
const LIST = '/base/organizational';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

/** The organisation service's calls the page sends from now on, by method. */
function orgCallsOf(page: Page) {
  const calls: RecordedCall[] = recordCalls(page, (call) => call.startsWith('IBmOrgService/'));
  return (method: string) => calls.filter((c) => c.call === `IBmOrgService/${method}`);
}

/** The organisation list as the admin sees it, its first page shown. */
async function openList() {
  const { page } = await portal.signIn('admin', LIST);
  const orgCalls = orgCallsOf(page);
  const list = await ListPage.of(page);
  await list.waitForRows();
  return { page, list, orgCalls };
}

describe('the organisation list', () => {
  it('opens the organisation list from the menu with the toolbar the admin is granted', async () => {
    const { page } = await portal.signIn('admin');
    const orgCalls = orgCallsOf(page);
    const sider = page.locator('.shell__sider');
    await sider.getByText('Base data', { exact: true }).click();
    await sider.getByText('Basic information', { exact: true }).click();
    await sider.getByText('Organizations', { exact: true }).click();
    await page.waitForURL(/\/base\/organizational$/);
    const list = await ListPage.of(page);
    await list.waitForRows();

    const first = orgCalls('getbmorglistbyparams')[0].body as Record<string, unknown>;
    expect(first).toEqual({
      current: 1,
      size: 20,
      condition: { field: 't1.updateDate', order: 'desc', countBy: 'statusCode' },
    });
    expect(await list.headers()).toEqual([
      'Organization code',
      'Organization name',
      'Short name',
      'Status',
      'Remark',
      'Created by',
      'Created at',
      'Updated by',
      'Updated at',
      'Operation',
    ]);
    await poll(() => list.root.locator('.screen-list__toolbar button').allTextContents()).toEqual([
      'Add',
      'Modify',
      'Delete',
      'Import',
      'Export',
      'Print',
    ]);
    await expect(list.action('modify').isDisabled()).resolves.toBe(true);
    await list.action('modify').locator('..').hover();
    await poll(() => dialogs.tooltip(page).textContent()).toBe('Select exactly one row');
    await shot(page, 'org-list', false);
  });

  it('sorts on the server when a column header is clicked', async () => {
    const { list, orgCalls } = await openList();
    const before = orgCalls('getbmorglistbyparams').length;
    await list.root.locator('thead th', { hasText: 'Organization code' }).click();
    await poll(() => orgCalls('getbmorglistbyparams').length).toBe(before + 1);
    expect(orgCalls('getbmorglistbyparams').at(-1)?.body).toMatchObject({
      condition: { field: 'orgNo', order: 'asc' },
    });
    await poll(async () => (await list.rows().first().locator('td').nth(1).textContent()) ?? '').toBe('HN01');
  });

  it('searches by the advanced fields from page 1, and Reset clears them', async () => {
    const { page, list, orgCalls } = await openList();
    await list.advancedSearch().click();
    const popover = list.advanced();
    await popover.locator('[data-prop="orgNameIndistinct"] input').fill('Hanoi');
    await popover.locator('[data-prop="statusCode"] .ant-select-selector').click();
    await dialogs.option(page, 'Valid').click();
    await shot(page, 'org-advanced-search', false);
    await popover.getByRole('button', { name: 'Query' }).click();
    await poll(() => list.rows().count()).toBe(1);
    expect(orgCalls('getbmorglistbyparams').at(-1)?.body).toMatchObject({
      current: 1,
      condition: { orgNameIndistinct: 'Hanoi', statusCode: '1' },
    });
    await list.advancedSearch().click();
    await list.advanced().getByRole('button', { name: 'Reset' }).click();
    await poll(() => list.rows().count()).toBe(2);
    const reset = orgCalls('getbmorglistbyparams').at(-1)?.body as { condition: Record<string, unknown> };
    expect(reset.condition).not.toHaveProperty('orgNameIndistinct');
    await page.keyboard.press('Escape');
  });
});

describe("one organisation's life", () => {
  // One record's story, step by step on one page: added, found, modified, saved stale, deleted (its
  // version counts the saves).
  let page: Page;
  let list: ListPage;
  let orgCalls: (method: string) => RecordedCall[];
  const form = () => new FormPage(page);

  it('refuses a bad organisation with messages on the fields and saves a good one', async () => {
    ({ page, list, orgCalls } = await openList());
    await list.action('add').click();
    await page.waitForURL(/\/base\/add-organizational$/);
    await FormPage.of(page);
    await form().fill({ orgNo: 'BAD CODE!', orgName: 'E2E Organisation' });
    await form().pick('closeAcctStartDate', '2025-03-10');
    await form().pick('closeAcctEndDate', '2025-03-01');
    await page.keyboard.press('Escape');
    await form().save();
    await poll(() => form().errors()).toEqual([
      'Organization code may contain only letters, digits, - and _',
      'Closing start date must not be after Closing end date',
    ]);
    expect(orgCalls('addbmorg')).toHaveLength(0);
    await shot(page, 'org-add-errors', false);

    await form().fill({ orgNo: 'E2E-01' });
    await form().pick('closeAcctEndDate', '2025-03-31');
    await poll(async () => (await form().errors()).length).toBe(0);
    await form().save();
    await page.waitForURL(/\/base\/organizational$/);
    expect(orgCalls('addbmorg').map((c) => c.body)).toEqual([
      {
        condition: {
          orgNo: 'E2E-01',
          orgName: 'E2E Organisation',
          orgShortName: null,
          statusCode: '1',
          remark: null,
          closeAcctFlag: 'N',
          closeAcctDuringDate: null,
          closeAcctStartDate: '2025-03-10',
          closeAcctEndDate: '2025-03-31',
          closeAcctRemark: null,
        },
      },
    ]);
    // The list was marked changed by the save and reloads on its own.
    await poll(() => list.row('E2E-01').count()).toBe(1);
  });

  it('finds the organisation by keyword, from page 1', async () => {
    await list.search('E2E-01');
    await poll(() => list.rows().count()).toBe(1);
    expect(orgCalls('getbmorglistbyparams').at(-1)?.body).toMatchObject({
      current: 1,
      condition: { keyword: 'E2E-01' },
    });
    await expect(list.row('E2E-01').textContent()).resolves.toContain('E2E Organisation');
  });

  it('modifies it, sending id and version, with the code read-only', async () => {
    await list.select('E2E-01');
    await list.action('modify').click();
    await page.waitForURL(/\/base\/modify-organizational\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1);
    await poll(() => form().input('orgName').inputValue()).toBe('E2E Organisation');
    await expect(form().input('orgNo').isDisabled()).resolves.toBe(true);
    await expect(form().input('closeAcctStartDate').inputValue()).resolves.toBe('2025-03-10');
    await shot(page, 'org-modify', false);

    await form().fill({ orgShortName: 'E2E short' });
    await form().save();
    await page.waitForURL(/\/base\/organizational$/);
    const update = orgCalls('updatebmorgbyid').at(-1)?.body as { condition: Record<string, unknown> };
    expect(update.condition).toMatchObject({
      id,
      version: 1,
      orgShortName: 'E2E short',
      orgName: 'E2E Organisation',
    });
    expect(update.condition).not.toHaveProperty('orgNo');
    await poll(async () => (await list.row('E2E-01').textContent()) ?? '').toContain('E2E short');
  });

  it("shows the server's message on a stale save and keeps what the user typed", async () => {
    await list.select('E2E-01');
    await list.action('modify').click();
    await page.waitForURL(/\/base\/modify-organizational\//);
    const id = page.url().split('/').at(-1)!;
    await poll(() => form().input('orgShortName').inputValue()).toBe('E2E short');

    // Someone else saves the record meanwhile.
    const token = await portal.token('admin');
    const current = await portal.server.call(
      'IBmOrgService/getbmorgbyid',
      { condition: { id } },
      { token, menu: MENU },
    );
    expect(current.body.code, JSON.stringify(current.body)).toBe('0');
    const changed = await portal.server.call(
      'IBmOrgService/updatebmorgbyid',
      { condition: { id, version: current.body.response.data.version, orgName: 'Changed elsewhere' } },
      { token, menu: MENU },
    );
    expect(changed.body.code).toBe('0');

    const remark = form().item('remark').locator('textarea');
    await remark.fill('typed by me');
    await form().save();
    await poll(() => form().alert().textContent()).toMatch(/changed by someone else/i);
    expect(page.url()).toMatch(/\/base\/modify-organizational\//);
    await expect(remark.inputValue()).resolves.toBe('typed by me');
    await form().root.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(/\/base\/organizational$/);
  });

  it('deletes it after confirmation with its id and version, then reloads', async () => {
    await list.search('E2E-01');
    await poll(() => list.rows().count()).toBe(1);
    await list.select('E2E-01');
    await list.action('physicalDelete').click();
    const dialog = dialogs.confirm(page);
    await poll(() => dialog.textContent()).toContain('Delete the 1 selected record(s)?');
    await dialogs.accept(page);
    await poll(() => orgCalls('deletebmorgbyids').length).toBeGreaterThan(0);
    await dialog.waitFor({ state: 'hidden' });
    await poll(() => list.rows().count()).toBe(0);
    const del = orgCalls('deletebmorgbyids').at(-1)?.body as {
      condition: { delList: { id: string; version: number }[] };
    };
    expect(del.condition.delList).toHaveLength(1);
    expect(del.condition.delList[0]).toEqual({ id: expect.any(String), version: 3 });
    const after = orgCalls('getbmorglistbyparams').at(-1)?.body;
    expect(after).toMatchObject({ condition: { keyword: 'E2E-01' } });
  });
});
