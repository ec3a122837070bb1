// Form widgets and rules from the screen JSON, in the user's language (zh-CN here), against the real
// server: the organisation form filled badly (every message shown, nothing sent) and then well, with
// the Y/N checkbox and the month picker; then an organisation's detail page in read-pretty mode.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DetailPage, FormPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { type RecordedCall, recordCalls } from './support/session';

const MENU = 'Base.Basic.Organizational';
const ZH = { language: 'zh-CN' };

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

describe('the organisation add form, in Chinese', () => {
  // One form filled step by step: opened, filled badly, then put right and saved.
  let page: Page;
  let form: FormPage;
  let calls: RecordedCall[] = [];
  const orgCalls = (method: string) => calls.filter((c) => c.call === `IBmOrgService/${method}`);

  it('opens the add form with a Y/N checkbox and a month picker', async () => {
    ({ page } = await portal.signIn('admin', '/base/add-organizational', ZH));
    calls = recordCalls(page, (call) => call.startsWith('IBmOrgService/'));
    form = await FormPage.of(page);
    // The account-closing flag is a Y/N checkbox, the closing period a month picker.
    await expect(form.item('closeAcctFlag').locator('.ant-checkbox').count()).resolves.toBe(1);
    await form.input('closeAcctDuringDate').click();
    await poll(() => page.locator('.ant-picker-dropdown:visible .ant-picker-month-panel').count()).toBe(1);
    await page.keyboard.press('Escape');
  });

  it('shows every error in Chinese and sends nothing', async () => {
    await form.fill({ orgNo: 'BAD CODE!', orgName: 'x'.repeat(101) });
    await form.pick('closeAcctStartDate', '2025-03-10');
    await form.pick('closeAcctEndDate', '2025-03-01');
    await page.keyboard.press('Escape');
    await form.save();
    await poll(() => form.errors()).toEqual([
      '组织编码只能包含字母、数字、- 和 _',
      '组织名称长度不能超过 100 个字符',
      '关账开始日期不能晚于关账结束日期',
    ]);
    await form.input('orgName').fill('');
    await form.input('orgName').blur();
    await poll(() => form.errors()).toContain('请输入组织名称');
    expect(orgCalls('addbmorg')).toHaveLength(0);
    await shot(page, 'forms-add-errors-zh');
  });

  it('saves once every value is right, with Y from the checkbox and the month as yyyy-MM', async () => {
    await form.fill({ orgNo: 'FORM-01', orgName: '表单组织' });
    await form.pick('closeAcctEndDate', '2025-03-31');
    await form.item('closeAcctFlag').locator('.ant-checkbox-input').check();
    await form.pick('closeAcctDuringDate', '2025-03');
    await page.keyboard.press('Escape');
    await poll(() => form.errors()).toEqual([]);
    await shot(page, 'forms-add-good-zh');
    await form.save();
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
});

describe('the organisation detail page, in Chinese', () => {
  it('shows the organisation with the same widgets, read-pretty, and modify opens them filled', async () => {
    // The organisation the add form above saves, with a code of its own so that this test stands alone.
    const token = await portal.token('admin');
    const added = await portal.server.call(
      'IBmOrgService/addbmorg',
      {
        condition: {
          orgNo: 'FORM-02',
          orgName: '表单组织',
          statusCode: '1',
          closeAcctFlag: 'Y',
          closeAcctDuringDate: '2025-03',
          closeAcctStartDate: '2025-03-10',
          closeAcctEndDate: '2025-03-31',
        },
      },
      { token, menu: MENU },
    );
    expect(added.body.code, JSON.stringify(added.body)).toBe('0');
    const found = await portal.server.call(
      'IBmOrgService/getbmorglistbyparams',
      { current: 1, size: 20, condition: { keyword: 'FORM-02' } },
      { token, menu: MENU },
    );
    const id = found.body.response.data.records[0].id as string;
    const { page } = await portal.signIn('admin', `/base/organizational-detail/${id}`, ZH);
    const detail = await DetailPage.of(page);
    const value = (prop: string) => detail.item(prop).locator('.ant-formily-item-control').textContent();
    await poll(() => value('orgNo')).toBe('FORM-02');
    await expect(value('orgName')).resolves.toBe('表单组织');
    await expect(value('orgShortName')).resolves.toBe('--');
    await expect(value('statusCode')).resolves.toBe('有效');
    await expect(value('closeAcctFlag')).resolves.toBe('是');
    await expect(value('closeAcctDuringDate')).resolves.toBe('2025-03');
    await expect(value('closeAcctStartDate')).resolves.toBe('2025-03-10 - 2025-03-31');
    await expect(
      detail.item('closeAcctStartDate').locator('.ant-formily-item-label').textContent(),
    ).resolves.toContain('关账日期');
    await expect(value('createName')).resolves.toBe('Administrator');
    // Read-pretty: no input, picker or checkbox anywhere on the page.
    await expect(
      detail.root.locator('input, textarea, .ant-picker, .ant-select-selector').count(),
    ).resolves.toBe(0);
    await shot(page, 'forms-detail-zh');

    await detail.root.locator('[data-action="modify"]').click();
    await page.waitForURL(new RegExp(`/base/modify-organizational/${id}$`));
    const form = await FormPage.of(page);
    await poll(() => form.input('orgName').inputValue()).toBe('表单组织');
    await expect(form.item('closeAcctFlag').locator('.ant-checkbox-input').isChecked()).resolves.toBe(true);
    await expect(form.input('closeAcctDuringDate').inputValue()).resolves.toBe('2025-03');
  });
});
