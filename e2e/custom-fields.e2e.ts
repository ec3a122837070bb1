// Custom fields (frame-define, DESIGN section 5) end to end in Chromium against the real server: an
// administrator defines a date and a dropdown field on the organisation module with displayPage 123;
// the organisation list shows them as columns and search fields, the add form saves values for them,
// the search finds the record by the dropdown's code, and once the field is switched off the column is
// gone and the screen still loads. Build first: npx vite build.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';

const SHOTS = '/tmp/shots';
const dist = fileURLToPath(new URL('../dist', import.meta.url));
const MODULE = 'Base.Basic.Organizational';
const ADMIN_MENU = 'BaseManage.Config.FrameDefine';

let server: TestServer;
let browser: Browser;
let page: Page;
let token: string;
const calls: { call: string; body: unknown }[] = [];

const names = (en: string, zh: string, vi: string) => ({ 'en-US': en, 'zh-CN': zh, 'zh-TW': zh, vi });

async function admin(method: string, condition: unknown) {
  const r = await server.call(`ISysFrameDefineService/${method}`, { condition }, { token, menu: ADMIN_MENU });
  if (r.body?.code !== '0') throw new Error(`${method} refused: ${JSON.stringify(r.body)}`);
  return r.body.response.data;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: dist });
  token = await server.login('admin');
  browser = await launchBrowser();
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1600, height: 900 } });
  await context.addCookies([
    { name: 'language', value: 'en-US', domain: new URL(server.url).hostname, path: '/' },
  ]);
  page = await context.newPage();
  page.on('request', (r) => {
    const call = r.url().split('/ilcwmsplus/')[1];
    if (call?.startsWith('IBmOrgService/') || call?.startsWith('ISysFrameDefineService/')) {
      calls.push({ call, body: r.postDataJSON() });
    }
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const list = () => page.locator('.screen-list:visible');
const form = () => page.locator('.screen-form:visible');
const item = (prop: string) => form().locator(`[data-prop="${prop}"]`);
const rows = () => list().locator('tbody tr.ant-table-row');
const row = (text: string) => rows().filter({ hasText: text });
const headers = async () => (await list().locator('thead th').allTextContents()).filter(Boolean);
/** Scrolls the table to its right end, where the custom columns are, before a screenshot. */
const scrollRight = () =>
  list().evaluate((root) => {
    for (const el of root.querySelectorAll<HTMLElement>('.ant-table *')) {
      if (el.scrollWidth > el.clientWidth + 1) el.scrollLeft = el.scrollWidth;
    }
  });
const orgCalls = (method: string) => calls.filter((c) => c.call === `IBmOrgService/${method}`);

describe('custom fields', () => {
  let grade: { id: string; version: number };

  it('lets the administrator define a date and a dropdown field with displayPage 123', async () => {
    await admin('addSysFrameDefine', {
      module: MODULE,
      fieldNo: 'deadline',
      fieldNoName: names('Deadline', '截止日期', 'Hạn chót'),
      fieldType: 3,
      dateFormat: 'yyyy-MM-dd',
      displayPage: '123',
      displayOrder: 100,
    });
    grade = await admin('addSysFrameDefine', {
      module: MODULE,
      fieldNo: 'grade',
      fieldNoName: names('Grade', '等级', 'Hạng'),
      fieldType: 4,
      dropDownDataSource: JSON.stringify([
        { name: 'Gold', code: 'G' },
        { name: 'Silver', code: 'S' },
      ]),
      displayPage: '123',
      displayOrder: 101,
    });
    expect(grade).toMatchObject({ fieldNo: 'grade', isDisplay: 'Y', fieldNoName: 'Grade' });
  });

  it('shows them as columns and search fields of the organisation list', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login/);
    await page.locator('input[name="userNo"]').fill('admin');
    await page.locator('input[name="pwd"]').fill('demo1234');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForSelector('.shell .side-menu');
    await page.goto(`${server.url}/base/organizational`);
    await expect.poll(() => rows().count(), { timeout: 15000 }).toBeGreaterThan(0);
    expect(calls.find((c) => c.call.endsWith('getSysFrameDefineListByModule'))?.body).toEqual({
      condition: { module: MODULE },
    });
    await expect.poll(headers).toEqual(expect.arrayContaining(['Deadline', 'Grade']));
    // displayOrder 100 and 101: after every column of the screen.
    expect((await headers()).slice(-2)).toEqual(['Deadline', 'Grade']);

    await scrollRight();
    await list().getByRole('button', { name: 'Advanced search' }).click();
    const popover = page.locator('.ant-popover:visible');
    await expect.poll(() => popover.locator('[data-prop="deadline"]').count()).toBe(1);
    await expect.poll(() => popover.locator('[data-prop="grade"]').textContent()).toContain('Grade');
    await page.screenshot({ path: `${SHOTS}/custom-fields-search.png` });
    await page.keyboard.press('Escape');
  });

  it('saves an organisation with values for both from the add form', async () => {
    await list().locator('[data-action="add"]').click();
    await page.waitForURL(/\/base\/add-organizational$/);
    await form().waitFor();
    await item('orgNo').locator('input').fill('CF-01');
    await item('orgName').locator('input').fill('Custom Field Org');
    const date = item('deadline').locator('input');
    await date.click();
    await date.fill('2025-06-30');
    await date.press('Enter');
    await item('grade').locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Gold"]').click();
    await expect(item('deadline').textContent()).resolves.toContain('Deadline');
    await page.screenshot({ path: `${SHOTS}/custom-fields-add.png` });
    await form().getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/base\/organizational$/);
    expect(orgCalls('addbmorg').at(-1)?.body).toMatchObject({
      condition: { orgNo: 'CF-01', deadline: '2025-06-30', grade: 'G' },
    });
    await expect.poll(() => row('CF-01').count()).toBe(1);
    const text = await row('CF-01').textContent();
    expect(text).toContain('2025-06-30');
    expect(text).toContain('Gold');
  });

  it('finds it by the dropdown value in the search', async () => {
    await list().getByRole('button', { name: 'Advanced search' }).click();
    const popover = page.locator('.ant-popover:visible');
    await popover.locator('[data-prop="grade"] .ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Gold"]').click();
    await popover.getByRole('button', { name: 'Query' }).click();
    await expect.poll(() => rows().count()).toBe(1);
    expect(orgCalls('getbmorglistbyparams').at(-1)?.body).toMatchObject({ condition: { grade: 'G' } });
    await expect(rows().first().textContent()).resolves.toContain('CF-01');
    await scrollRight();
    await page.screenshot({ path: `${SHOTS}/custom-fields-found.png` });
    await list()
      .getByRole('button', { name: /Advanced search/ })
      .click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Reset' }).click();
    await page.keyboard.press('Escape');
  });

  it('drops the column once the field is switched off, and the screen still loads', async () => {
    await admin('updateSysFrameDefine', { id: grade.id, version: grade.version, isDisplay: 'N' });
    await page.reload();
    await expect.poll(() => rows().count(), { timeout: 15000 }).toBeGreaterThan(0);
    await expect.poll(headers).toContain('Deadline');
    expect(await headers()).not.toContain('Grade');
    await expect.poll(() => row('CF-01').count()).toBe(1);
    await scrollRight();
    await page.screenshot({ path: `${SHOTS}/custom-fields-off.png` });
  });
  it('lists the definitions on the admin screen, finds one by keyword and deletes it', async () => {
    await page.goto(`${server.url}/baseManage/frame-define`);
    await expect.poll(() => rows().count(), { timeout: 15000 }).toBe(2);
    await expect
      .poll(headers)
      .toEqual([
        'Module',
        'Field code',
        'Field name',
        'Field type',
        'Enabled',
        'Display on',
        'Display order',
      ]);
    const box = list().locator('.screen-list__keyword input');
    await box.fill('grade');
    await box.press('Enter');
    await expect.poll(() => rows().count()).toBe(1);
    await expect(rows().first().textContent()).resolves.toContain('Grade');
    await page.screenshot({ path: `${SHOTS}/custom-fields-admin.png` });
    await rows().first().locator('.ant-checkbox-input').check();
    await list().locator('[data-action="physicalDelete"]').click();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => rows().count()).toBe(0);
    const left = await admin('getSysFrameDefineDown', { module: MODULE });
    expect(left.records.map((r: { fieldNo: string }) => r.fieldNo)).toEqual(['deadline']);
  });
});
