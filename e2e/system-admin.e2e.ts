// The system administration screens (issue 8) in Chromium against the real server: the licence page
// and its activation by a vendor-signed key, the expiry warning after login, the dictionary (a value
// added here appears in another screen's dropdown), parameters, scheduled jobs with pause and start
// by state, and a look at every screen as admin and, refused, as supplier1.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyPair, signLicense } from '../scripts/sign-license';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { DEMO_PASSWORD, distDir, logIn, openPage, poll, SHOTS } from './support/session';

const vendor = newKeyPair();
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let server: TestServer;
let browser: Browser;
let page: Page;
const calls: { call: string; body: unknown }[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({
    staticDir: distDir,
    config: { licensePublicKey: vendor.publicPem, schedulerTickMs: 300 },
  });
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server));
  page.on('request', (r) => {
    const call = r.url().split('/ilcwmsplus/')[1];
    if (call && r.method() === 'POST') calls.push({ call, body: r.postDataJSON() });
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
const option = (text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
const lastCall = (call: string) =>
  calls.filter((c) => c.call === call).at(-1)?.body as { condition: Record<string, unknown> } | undefined;

async function save() {
  await form().getByRole('button', { name: 'Save', exact: true }).click();
}

async function loginAt(userNo: string) {
  await page.goto(`${server.url}/login`);
  await page.locator('input[name="userNo"]').fill(userNo);
  await page.locator('input[name="pwd"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
}

async function choose(prop: string, text: string) {
  await item(prop).locator('.ant-select-selector').click();
  await option(text).click();
}

describe('licence', () => {
  it('shows the licence page when not licensed; only an administrator can activate, with a signed key', async () => {
    await loginAt('supplier1');
    await page.waitForURL(/\/license$/);
    await poll(() => page.locator('.ant-result-title').textContent()).toBe('License');
    expect(await page.locator('[data-license-key]').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/issue8-license-supplier.png` });
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);

    await loginAt('admin');
    await page.waitForURL(/\/license$/);
    const box = page.locator('[data-license-key]');
    await box.waitFor();
    // A key the vendor did not sign is refused with the server's message.
    await box.fill(signLicense(newKeyPair().privatePem, 'Acme', inDays(100)));
    await page.getByRole('button', { name: 'Activate' }).click();
    await poll(() => page.locator('.ant-message-notice').last().textContent()).toContain(
      'not valid for this installation',
    );
    await box.fill(signLicense(vendor.privatePem, 'Acme Trading', inDays(10)));
    await page.screenshot({ path: `${SHOTS}/issue8-license-activate.png` });
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/license'));
    // Ten days left, warned 30 days ahead: every user sees the notice after login.
    const notice = page.locator('[data-notice="license"]');
    await poll(() => notice.textContent()).toContain(`expires on ${inDays(10)} (10 days left)`);
    await page.screenshot({ path: `${SHOTS}/issue8-license-warning.png` });
  });
});

describe('dictionary, parameters and scheduled jobs', () => {
  it('adds a dictionary value that another screen’s dropdown then offers', async () => {
    await page.goto(`${server.url}/baseManage/dictionary`);
    await poll(() => rows().count()).toBeGreaterThan(0);
    await list().locator('[data-action="add"]').click();
    await page.waitForURL(/\/baseManage\/add-dictionary$/);
    await form().waitFor();
    await item('enumMid').locator('input').fill('EMPLOYEE_TITLE');
    await item('enumValue').locator('input').fill('E2EQ');
    await item('enumName').locator('input').fill('E2E Inspector');
    await page.screenshot({ path: `${SHOTS}/issue8-dictionary-add.png` });
    await save();
    await page.waitForURL(/\/baseManage\/dictionary$/);
    expect(lastCall('IBmEnumService/addsysenum')?.condition).toMatchObject({
      enumMid: 'EMPLOYEE_TITLE',
      enumValue: 'E2EQ',
      enumName: 'E2E Inspector',
    });
    const box = list().locator('.screen-list__keyword input');
    await box.fill('EMPLOYEE_TITLE');
    await box.press('Enter');
    await poll(() => row('E2EQ').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/issue8-dictionary-list.png` });
    // A system value has no delete button on its row; the new one has.
    expect(await row('E2EQ').locator('[data-row-action="delete"]').count()).toBe(1);
    await box.fill('JOB_STATE');
    await box.press('Enter');
    await poll(() => rows().count()).toBe(6);
    expect(await list().locator('[data-row-action="delete"]').count()).toBe(0);

    await page.goto(`${server.url}/baseManage/add-staff`);
    await form().waitFor();
    await item('title').locator('.ant-select-selector').click();
    await poll(() => option('E2E Inspector').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/issue8-staff-title-dropdown.png` });
    await option('E2E Inspector').click();
    await item('employeeNo').locator('input').fill('E2E-EMP');
    await item('employeeName').locator('input').fill('E2E Employee');
    await save();
    await page.waitForURL(/\/baseManage\/staff$/);
    expect(lastCall('ISysEmployeeService/addsysemployee')?.condition).toMatchObject({
      employeeNo: 'E2E-EMP',
      title: 'E2EQ',
      orgNo: expect.any(String),
    });
    await poll(() => row('E2E-EMP').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/issue8-staff-list.png` });
  });

  it('adds a parameter: a value of the wrong type is refused with the server’s message, then saved', async () => {
    await page.goto(`${server.url}/baseManage/parameter`);
    await poll(() => rows().count()).toBeGreaterThan(0);
    // System parameters cannot be deleted: no delete button on their rows.
    await poll(() => row('LICENSE_WARN_DAYS').count()).toBe(1);
    expect(await row('LICENSE_WARN_DAYS').locator('[data-row-action="delete"]').count()).toBe(0);
    await list().locator('[data-action="add"]').click();
    await page.waitForURL(/\/baseManage\/add-parameter$/);
    await form().waitFor();
    await item('paramNo').locator('input').fill('E2E_COPIES');
    await item('paramName').locator('input').fill('E2E label copies');
    await choose('paramType', 'Number');
    await item('paramValue').locator('textarea').fill('two');
    await save();
    await poll(() => page.locator('.ant-message-notice').last().textContent()).toContain('must be a number');
    await page.screenshot({ path: `${SHOTS}/issue8-parameter-refused.png` });
    await item('paramValue').locator('textarea').fill('2');
    await save();
    await page.waitForURL(/\/baseManage\/parameter$/);
    await poll(async () => (await row('E2E_COPIES').textContent()) ?? '').toContain('E2E label copies');
    await page.screenshot({ path: `${SHOTS}/issue8-parameter-list.png` });
  });

  it('adds a job every second, pauses and starts it with buttons that follow its state, and shows its runs', async () => {
    await page.goto(`${server.url}/baseManage/scheduled-job`);
    await poll(() => rows().count()).toBeGreaterThan(0);
    await list().locator('[data-action="add"]').click();
    await page.waitForURL(/\/baseManage\/add-scheduled-job$/);
    await form().waitFor();
    await item('jobName').locator('input').fill('E2E every second');
    await choose('jobClass', 'Purge expired cache entries');
    await item('cron').locator('input').fill('* * * * * *');
    await page.screenshot({ path: `${SHOTS}/issue8-job-add.png` });
    await save();
    await page.waitForURL(/\/baseManage\/scheduled-job$/);
    expect(lastCall('ISysJobService/addsysjob')?.condition).toMatchObject({
      jobName: 'E2E every second',
      jobClass: 'purgeCache',
      jobType: '0',
      cron: '* * * * * *',
    });
    const job = () => row('E2E every second');
    await poll(() => job().count()).toBe(1);
    await poll(async () => (await job().textContent()) ?? '').toContain('Normal');
    expect(await job().locator('[data-row-action="custom"]').allTextContents()).toEqual(['Pause']);

    await job().locator('[data-row-action="custom"]', { hasText: 'Pause' }).click();
    await poll(async () => (await job().textContent()) ?? '').toContain('Paused');
    await poll(() => job().locator('[data-row-action="custom"]').allTextContents()).toEqual(['Start']);
    await page.screenshot({ path: `${SHOTS}/issue8-job-paused.png` });
    expect(lastCall('ISysJobService/pausesysjob')?.condition.delList).toEqual([
      { id: expect.any(String), version: 1 },
    ]);

    await job().locator('[data-row-action="custom"]', { hasText: 'Start' }).click();
    await poll(async () => (await job().textContent()) ?? '').toContain('Normal');
    await poll(() => job().locator('[data-row-action="custom"]').allTextContents()).toEqual(['Pause']);

    // The runs dialog loads once: open it when the job has run.
    const runCount = async () =>
      Number(
        (
          await server.server.database.db
            .selectFrom('sysJobRun')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await poll(runCount).toBeGreaterThan(0);
    await job().locator('[data-row-action="rows"]').click();
    const dialog = page.locator('.ant-modal:visible');
    await poll(() => dialog.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await poll(() => dialog.textContent()).toContain('expired cache entries removed');
    await page.screenshot({ path: `${SHOTS}/issue8-job-runs.png` });
    await page.keyboard.press('Escape');
  });
});

describe('every system screen', () => {
  it('is refused to supplier1: no system menu, and the calls answer 403', async () => {
    const other = await openPage(browser, server);
    try {
      await logIn(other.page, server, 'supplier1', '/dashboard');
      await other.page.goto(`${server.url}/baseManage/parameter`);
      await poll(() => other.page.url()).not.toContain('/baseManage/parameter');
      await other.page.screenshot({ path: `${SHOTS}/issue8-supplier-refused.png` });
      const token = await server.login('supplier1');
      const r = await server.call(
        'ISysParamService/getsysparamlistbyparams',
        {},
        { token, menu: 'BaseManage.Config.Parameter' },
      );
      expect(r.http).toBe(403);
    } finally {
      await other.context.close();
    }
  });

  const screens = [
    'staff',
    'menu',
    'parameter',
    'dictionary',
    'scheduled-job',
    'operation-log',
    'abnormal-log',
    'cache',
  ];

  it('opens as admin with its rows; the operation log shows this session’s changes', async () => {
    for (const name of screens) {
      await page.goto(`${server.url}/baseManage/${name}`);
      await poll(() => rows().count()).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/issue8-${name}.png` });
    }
    await page.goto(`${server.url}/baseManage/operation-log`);
    await poll(async () => (await list().textContent()) ?? '').toContain('addsysjob');
  });

  it('password policy and licence are one-record forms; a policy change is saved with its version', async () => {
    await page.goto(`${server.url}/baseManage/password-policy`);
    await form().waitFor();
    await poll(() => item('minLength').locator('input').inputValue()).toBe('12');
    await item('minLength').locator('input').fill('14');
    await save();
    await poll(() => lastCall('ISysPasswordPolicyService/updatePasswordPolicy')?.condition).toMatchObject({
      id: 1,
      version: 1,
      minLength: 14,
    });
    await poll(() => page.locator('.ant-message-notice').last().textContent()).toBeTruthy();
    await page.screenshot({ path: `${SHOTS}/issue8-password-policy.png`, fullPage: true });

    await page.goto(`${server.url}/baseManage/license`);
    await form().waitFor();
    await poll(() => item('licensee').locator('input').inputValue()).toBe('Acme Trading');
    await page.screenshot({ path: `${SHOTS}/issue8-license-screen.png`, fullPage: true });
  });
});
