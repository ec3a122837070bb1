// The organisation screens, which are only JSON in screens/base/, driven in Chromium against the real
// server: list, add with a bad and then a good value, keyword search, modify, a stale save, delete.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, openPage, poll, type RecordedCall, recordCalls, SHOTS } from './support/session';

const MENU = 'Base.Basic.Organizational';

let server: TestServer;
let browser: Browser;
let page: Page;
let calls: RecordedCall[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir });
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server));
  calls = recordCalls(page, (call) => call.startsWith('IBmOrgService/'));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// Visited tabs stay mounted (hidden), so every locator is scoped to what is visible.
const list = () => page.locator('.screen-list:visible');
const form = () => page.locator('.screen-form:visible');
const item = (prop: string) => form().locator(`[data-prop="${prop}"]`);
const rows = () => list().locator('tbody tr.ant-table-row');
const row = (text: string) => rows().filter({ hasText: text });
const orgCalls = (method: string) => calls.filter((c) => c.call === `IBmOrgService/${method}`);

async function pickDate(prop: string, value: string) {
  const input = item(prop).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

async function save() {
  await form().getByRole('button', { name: 'Save', exact: true }).click();
}

async function searchKeyword(keyword: string) {
  const box = list().locator('.screen-list__keyword input');
  await box.fill(keyword);
  await box.press('Enter');
}

describe('organisation screens', () => {
  it('opens the organisation list from the menu with the toolbar the admin is granted', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login/);
    await page.locator('input[name="userNo"]').fill('admin');
    await page.locator('input[name="pwd"]').fill('demo1234');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForSelector('.shell .side-menu');
    const sider = page.locator('.shell__sider');
    await sider.getByText('Base data', { exact: true }).click();
    await sider.getByText('Basic information', { exact: true }).click();
    await sider.getByText('Organizations', { exact: true }).click();
    await page.waitForURL(/\/base\/organizational$/);
    await poll(() => rows().count()).toBeGreaterThan(0);

    const first = orgCalls('getbmorglistbyparams')[0].body as Record<string, unknown>;
    expect(first).toEqual({
      current: 1,
      size: 20,
      condition: { field: 't1.updateDate', order: 'desc', countBy: 'statusCode' },
    });
    const headers = await list().locator('thead th').allTextContents();
    expect(headers.filter(Boolean)).toEqual([
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
    await poll(() => list().locator('.screen-list__toolbar button').allTextContents()).toEqual([
      'Add',
      'Modify',
      'Delete',
      'Import',
      'Export',
      'Print',
    ]);
    await expect(list().locator('[data-action="modify"]').isDisabled()).resolves.toBe(true);
    await list().locator('[data-action="modify"]').locator('..').hover();
    await poll(() => page.locator('.ant-tooltip:visible').textContent()).toBe('Select exactly one row');
    await page.screenshot({ path: `${SHOTS}/org-list.png` });
  });

  it('sorts on the server when a column header is clicked', async () => {
    const before = orgCalls('getbmorglistbyparams').length;
    await list().locator('thead th', { hasText: 'Organization code' }).click();
    await poll(() => orgCalls('getbmorglistbyparams').length).toBe(before + 1);
    expect(orgCalls('getbmorglistbyparams').at(-1)?.body).toMatchObject({
      condition: { field: 'orgNo', order: 'asc' },
    });
    await poll(async () => (await rows().first().locator('td').nth(1).textContent()) ?? '').toBe('HN01');
  });

  it('searches by the advanced fields from page 1, and Reset clears them', async () => {
    await list().getByRole('button', { name: 'Advanced search' }).click();
    const popover = page.locator('.ant-popover:visible');
    await popover.locator('[data-prop="orgNameIndistinct"] input').fill('Hanoi');
    await popover.locator('[data-prop="statusCode"] .ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Valid"]').click();
    await page.screenshot({ path: `${SHOTS}/org-advanced-search.png` });
    await popover.getByRole('button', { name: 'Query' }).click();
    await poll(() => rows().count()).toBe(1);
    expect(orgCalls('getbmorglistbyparams').at(-1)?.body).toMatchObject({
      current: 1,
      condition: { orgNameIndistinct: 'Hanoi', statusCode: '1' },
    });
    await list()
      .getByRole('button', { name: /Advanced search/ })
      .click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Reset' }).click();
    await poll(() => rows().count()).toBe(2);
    const reset = orgCalls('getbmorglistbyparams').at(-1)?.body as { condition: Record<string, unknown> };
    expect(reset.condition).not.toHaveProperty('orgNameIndistinct');
    await page.keyboard.press('Escape');
  });

  it('refuses a bad organisation with messages on the fields and saves a good one', async () => {
    await list().locator('[data-action="add"]').click();
    await page.waitForURL(/\/base\/add-organizational$/);
    await form().waitFor();
    await item('orgNo').locator('input').fill('BAD CODE!');
    await item('orgName').locator('input').fill('E2E Organisation');
    await pickDate('closeAcctStartDate', '2025-03-10');
    await pickDate('closeAcctEndDate', '2025-03-01');
    await page.keyboard.press('Escape');
    await save();
    await poll(() => form().locator('.ant-formily-item-error-help').allTextContents()).toEqual([
      'Organization code may contain only letters, digits, - and _',
      'Closing start date must not be after Closing end date',
    ]);
    expect(orgCalls('addbmorg')).toHaveLength(0);
    await page.screenshot({ path: `${SHOTS}/org-add-errors.png` });

    await item('orgNo').locator('input').fill('E2E-01');
    await pickDate('closeAcctEndDate', '2025-03-31');
    await poll(() => form().locator('.ant-formily-item-error-help').count()).toBe(0);
    await save();
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
    await poll(() => row('E2E-01').count()).toBe(1);
  });

  it('finds the organisation by keyword, from page 1', async () => {
    await searchKeyword('E2E-01');
    await poll(() => rows().count()).toBe(1);
    expect(orgCalls('getbmorglistbyparams').at(-1)?.body).toMatchObject({
      current: 1,
      condition: { keyword: 'E2E-01' },
    });
    await expect(row('E2E-01').textContent()).resolves.toContain('E2E Organisation');
  });

  it('modifies it, sending id and version, with the code read-only', async () => {
    await row('E2E-01').locator('.ant-checkbox-input').check();
    await list().locator('[data-action="modify"]').click();
    await page.waitForURL(/\/base\/modify-organizational\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1);
    await poll(() => item('orgName').locator('input').inputValue()).toBe('E2E Organisation');
    await expect(item('orgNo').locator('input').isDisabled()).resolves.toBe(true);
    await expect(item('closeAcctStartDate').locator('input').inputValue()).resolves.toBe('2025-03-10');
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SHOTS}/org-modify.png` });

    await item('orgShortName').locator('input').fill('E2E short');
    await save();
    await page.waitForURL(/\/base\/organizational$/);
    const update = orgCalls('updatebmorgbyid').at(-1)?.body as { condition: Record<string, unknown> };
    expect(update.condition).toMatchObject({
      id,
      version: 1,
      orgShortName: 'E2E short',
      orgName: 'E2E Organisation',
    });
    expect(update.condition).not.toHaveProperty('orgNo');
    await poll(async () => (await row('E2E-01').textContent()) ?? '').toContain('E2E short');
  });

  it("shows the server's message on a stale save and keeps what the user typed", async () => {
    await row('E2E-01').locator('.ant-checkbox-input').check();
    await list().locator('[data-action="modify"]').click();
    await page.waitForURL(/\/base\/modify-organizational\//);
    const id = page.url().split('/').at(-1)!;
    await poll(() => item('orgShortName').locator('input').inputValue()).toBe('E2E short');

    // Someone else saves the record meanwhile.
    const token = await server.login('admin');
    const current = await server.call(
      'IBmOrgService/getbmorgbyid',
      { condition: { id } },
      { token, menu: MENU },
    );
    expect(current.body.code, JSON.stringify(current.body)).toBe('0');
    const changed = await server.call(
      'IBmOrgService/updatebmorgbyid',
      { condition: { id, version: current.body.response.data.version, orgName: 'Changed elsewhere' } },
      { token, menu: MENU },
    );
    expect(changed.body.code).toBe('0');

    await item('remark').locator('textarea').fill('typed by me');
    await save();
    await poll(() => form().locator('.screen-form__alert').textContent()).toMatch(/changed by someone else/i);
    expect(page.url()).toMatch(/\/base\/modify-organizational\//);
    await expect(item('remark').locator('textarea').inputValue()).resolves.toBe('typed by me');
    await form().getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(/\/base\/organizational$/);
  });

  it('deletes it after confirmation with its id and version, then reloads', async () => {
    await searchKeyword('E2E-01');
    await poll(() => rows().count()).toBe(1);
    await row('E2E-01').locator('.ant-checkbox-input').check();
    await list().locator('[data-action="physicalDelete"]').click();
    const dialog = page.locator('.ant-modal-confirm:visible');
    await poll(() => dialog.textContent()).toContain('Delete the 1 selected record(s)?');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await poll(() => orgCalls('deletebmorgbyids').length).toBeGreaterThan(0);
    await dialog.waitFor({ state: 'hidden' });
    await poll(() => rows().count()).toBe(0);
    const del = orgCalls('deletebmorgbyids').at(-1)?.body as {
      condition: { delList: { id: string; version: number }[] };
    };
    expect(del.condition.delList).toHaveLength(1);
    expect(del.condition.delList[0]).toEqual({ id: expect.any(String), version: 3 });
    const after = orgCalls('getbmorglistbyparams').at(-1)?.body;
    expect(after).toMatchObject({ condition: { keyword: 'E2E-01' } });
  });
});
