// Form widgets and rules from the screen JSON, in the user's language (zh-CN here), against the real
// server: the organisation form filled badly (every message shown, nothing sent) and then well, with
// the Y/N checkbox and the month picker; then the organisation's detail page in read-pretty mode.
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
  ({ page } = await openPage(browser, server, { language: 'zh-CN' }));
  calls = recordCalls(page, (call) => call.startsWith('IBmOrgService/'));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const form = () => page.locator('.screen-form:visible');
const item = (prop: string) => form().locator(`[data-prop="${prop}"]`);
const errors = () => form().locator('.ant-formily-item-error-help').allTextContents();
const orgCalls = (method: string) => calls.filter((c) => c.call === `IBmOrgService/${method}`);

async function pick(prop: string, value: string) {
  const input = item(prop).locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

async function save() {
  // antd spaces a two-character Chinese label ("保 存"), so the button is found by its class.
  await form().locator('.screen-form__footer .ant-btn-primary').click();
}

describe('organisation form and detail, in Chinese', () => {
  it('logs in and opens the add form', async () => {
    await page.goto(`${server.url}/login`);
    await page.locator('input[name="userNo"]').fill('admin');
    await page.locator('input[name="pwd"]').fill('demo1234');
    await page.locator('button[type="submit"]').click();
    await page.waitForSelector('.shell .side-menu');
    await page.goto(`${server.url}/base/add-organizational`);
    await form().waitFor();
    // The account-closing flag is a Y/N checkbox, the closing period a month picker.
    await expect(item('closeAcctFlag').locator('.ant-checkbox').count()).resolves.toBe(1);
    await item('closeAcctDuringDate').locator('input').click();
    await poll(() => page.locator('.ant-picker-dropdown:visible .ant-picker-month-panel').count()).toBe(1);
    await page.keyboard.press('Escape');
  });

  it('shows every error in Chinese and sends nothing', async () => {
    await item('orgNo').locator('input').fill('BAD CODE!');
    await item('orgName').locator('input').fill('x'.repeat(101));
    await pick('closeAcctStartDate', '2025-03-10');
    await pick('closeAcctEndDate', '2025-03-01');
    await page.keyboard.press('Escape');
    await save();
    await poll(errors).toEqual([
      '组织编码只能包含字母、数字、- 和 _',
      '组织名称长度不能超过 100 个字符',
      '关账开始日期不能晚于关账结束日期',
    ]);
    await item('orgName').locator('input').fill('');
    await item('orgName').locator('input').blur();
    await poll(errors).toContain('请输入组织名称');
    expect(orgCalls('addbmorg')).toHaveLength(0);
    await page.screenshot({ path: `${SHOTS}/forms-add-errors-zh.png`, fullPage: true });
  });

  it('saves once every value is right, with Y from the checkbox and the month as yyyy-MM', async () => {
    await item('orgNo').locator('input').fill('FORM-01');
    await item('orgName').locator('input').fill('表单组织');
    await pick('closeAcctEndDate', '2025-03-31');
    await item('closeAcctFlag').locator('.ant-checkbox-input').check();
    await pick('closeAcctDuringDate', '2025-03');
    await page.keyboard.press('Escape');
    await poll(errors).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/forms-add-good-zh.png`, fullPage: true });
    await save();
    await page.waitForURL(/\/base\/organizational$/);
    expect(orgCalls('addbmorg').map((c) => c.body)).toEqual([
      {
        condition: {
          orgNo: 'FORM-01',
          orgName: '表单组织',
          orgShortName: null,
          statusCode: '1',
          remark: null,
          closeAcctFlag: 'Y',
          closeAcctDuringDate: '2025-03',
          closeAcctStartDate: '2025-03-10',
          closeAcctEndDate: '2025-03-31',
          closeAcctRemark: null,
        },
      },
    ]);
  });

  it('shows the organisation on its detail page with the same widgets, read-pretty', async () => {
    const token = await server.login('admin');
    const found = await server.call(
      'IBmOrgService/getbmorglistbyparams',
      { current: 1, size: 20, condition: { keyword: 'FORM-01' } },
      { token, menu: MENU },
    );
    const id = found.body.response.data.records[0].id as string;
    await page.goto(`${server.url}/base/organizational-detail/${id}`);
    const detail = page.locator('.screen-detail:visible');
    await detail.waitFor();
    const value = (prop: string) =>
      detail.locator(`[data-prop="${prop}"] .ant-formily-item-control`).textContent();
    await poll(() => value('orgNo')).toBe('FORM-01');
    await expect(value('orgName')).resolves.toBe('表单组织');
    await expect(value('orgShortName')).resolves.toBe('--');
    await expect(value('statusCode')).resolves.toBe('有效');
    await expect(value('closeAcctFlag')).resolves.toBe('是');
    await expect(value('closeAcctDuringDate')).resolves.toBe('2025-03');
    await expect(value('closeAcctStartDate')).resolves.toBe('2025-03-10 - 2025-03-31');
    await expect(
      detail.locator('[data-prop="closeAcctStartDate"] .ant-formily-item-label').textContent(),
    ).resolves.toContain('关账日期');
    await expect(value('createName')).resolves.toBe('Administrator');
    // Read-pretty: no input, picker or checkbox anywhere on the page.
    await expect(detail.locator('input, textarea, .ant-picker, .ant-select-selector').count()).resolves.toBe(
      0,
    );
    await page.screenshot({ path: `${SHOTS}/forms-detail-zh.png`, fullPage: true });

    await detail.locator('[data-action="modify"]').click();
    await page.waitForURL(new RegExp(`/base/modify-organizational/${id}$`));
    await poll(() => item('orgName').locator('input').inputValue()).toBe('表单组织');
    await expect(item('closeAcctFlag').locator('.ant-checkbox-input').isChecked()).resolves.toBe(true);
    await expect(item('closeAcctDuringDate').locator('input').inputValue()).resolves.toBe('2025-03');
  });
});
