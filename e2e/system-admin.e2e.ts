// The system administration screens in Chromium against the real server: the licence page
// and its activation by a vendor-signed key, the expiry warning after login, the dictionary (a value
// added here appears in another screen's dropdown), parameters, scheduled jobs with pause and start
// by state, and a look at every screen as admin and, refused, as supplier1.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyPair, signLicense } from '../scripts/sign-license';
import { dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { openByClick, type RecordedCall, recordCalls } from './support/session';

const vendor = newKeyPair();
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const LICENSE_KEY = signLicense(vendor.privatePem, 'Acme Trading', inDays(10));

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal({ config: { licensePublicKey: vendor.publicPem, schedulerTickMs: 300 } });
});

afterAll(async () => {
  await portal?.close();
});

/** Activates the licence the licence test activates, so a test needs no other test before it. */
async function ensureLicensed() {
  const r = await portal.server.call(
    'ISysLicenseService/activateLicense',
    { condition: { licenseKey: LICENSE_KEY } },
    { token: await portal.token('admin'), menu: 'BaseManage.Security.License' },
  );
  expect(r.body.code).toBe('0');
}

/** A licensed installation, the admin's profile at `path` and the service calls it sends. */
async function adminAt(path: string) {
  await ensureLicensed();
  const opened = await portal.signIn('admin', path);
  return { ...opened, calls: recordCalls(opened.page) };
}

/**
 * A profile with a session of `userNo` of its own (a logout ends it, not the file's stored one),
 * opened where an unlicensed installation sends everyone: the licence page.
 */
const unlicensedAt = (userNo: string) =>
  portal.signIn(userNo, '/dashboard', { freshSession: true, until: /\/license$/ });

const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
const lastCall = (calls: RecordedCall[], call: string) =>
  calls.filter((c) => c.call === call).at(-1)?.body as { condition: Record<string, unknown> } | undefined;
const lastMessage = async (page: Page) => (await dialogs.messages(page)).at(-1);

async function choose(form: FormPage, prop: string, text: string) {
  await form.item(prop).locator('.ant-select-selector').click();
  await option(form.page, text).click();
}

// Runs first: it needs the installation still unlicensed, which every later test licenses.
describe('licence', () => {
  it('shows the licence page when not licensed; only an administrator can activate, with a signed key', async () => {
    const supplier = await unlicensedAt('supplier1');
    let page = supplier.page;
    await poll(() => page.locator('.ant-result-title').textContent()).toBe('License');
    expect(await page.locator('[data-license-key]').count()).toBe(0);
    await shot(page, 'license-supplier');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);
    await supplier.context.close();

    const admin = await unlicensedAt('admin');
    page = admin.page;
    const box = page.locator('[data-license-key]');
    await box.waitFor();
    // A key the vendor did not sign is refused with the server's message.
    await box.fill(signLicense(newKeyPair().privatePem, 'Acme', inDays(100)));
    await page.getByRole('button', { name: 'Activate' }).click();
    await poll(() => lastMessage(page)).toContain('not valid for this installation');
    await box.fill(LICENSE_KEY);
    await shot(page, 'license-activate');
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/license'));
    // Ten days left, warned 30 days ahead: every user sees the notice after login.
    const notice = page.locator('[data-notice="license"]');
    await poll(() => notice.textContent()).toContain(`expires on ${inDays(10)} (10 days left)`);
    await shot(page, 'license-warning');
    await admin.context.close();
  });
});

describe('dictionary, parameters and scheduled jobs', () => {
  it('adds a dictionary value that another screen’s dropdown then offers', async () => {
    const { context, page, calls } = await adminAt('/baseManage/dictionary');
    const list = await ListPage.of(page);
    await list.waitForRows();
    await openByClick(page, list.action('add'), /\/baseManage\/add-dictionary$/);
    let form = await FormPage.of(page);
    await form.fill({ enumMid: 'EMPLOYEE_TITLE', enumValue: 'E2EQ', enumName: 'E2E Inspector' });
    await shot(page, 'dictionary-add');
    await form.save();
    await page.waitForURL(/\/baseManage\/dictionary$/);
    expect(lastCall(calls, 'IBmEnumService/addsysenum')?.condition).toMatchObject({
      enumMid: 'EMPLOYEE_TITLE',
      enumValue: 'E2EQ',
      enumName: 'E2E Inspector',
    });
    await list.search('EMPLOYEE_TITLE');
    await poll(() => list.row('E2EQ').count()).toBe(1);
    await shot(page, 'dictionary-list');
    // A system value has no delete button on its row; the new one has.
    expect(await list.rowAction('E2EQ', 'delete').count()).toBe(1);
    await list.search('JOB_STATE');
    await poll(() => list.rows().count()).toBe(6);
    expect(await list.root.locator('[data-row-action="delete"]').count()).toBe(0);

    await page.goto(`${portal.server.url}/baseManage/add-staff`);
    form = await FormPage.of(page);
    await form.item('title').locator('.ant-select-selector').click();
    await poll(() => option(page, 'E2E Inspector').count()).toBe(1);
    await shot(page, 'staff-title-dropdown');
    await option(page, 'E2E Inspector').click();
    await form.fill({ employeeNo: 'E2E-EMP', employeeName: 'E2E Employee' });
    await form.save();
    await page.waitForURL(/\/baseManage\/staff$/);
    expect(lastCall(calls, 'ISysEmployeeService/addsysemployee')?.condition).toMatchObject({
      employeeNo: 'E2E-EMP',
      title: 'E2EQ',
      orgNo: expect.any(String),
    });
    await poll(() => list.row('E2E-EMP').count()).toBe(1);
    await shot(page, 'staff-list');
    await context.close();
  });

  it('adds a parameter: a value of the wrong type is refused with the server’s message, then saved', async () => {
    const { context, page } = await adminAt('/baseManage/parameter');
    const list = await ListPage.of(page);
    await list.waitForRows();
    // System parameters cannot be deleted: no delete button on their rows.
    await poll(() => list.row('LICENSE_WARN_DAYS').count()).toBe(1);
    expect(await list.rowAction('LICENSE_WARN_DAYS', 'delete').count()).toBe(0);
    await openByClick(page, list.action('add'), /\/baseManage\/add-parameter$/);
    const form = await FormPage.of(page);
    await form.fill({ paramNo: 'E2E_COPIES', paramName: 'E2E label copies' });
    await choose(form, 'paramType', 'Number');
    const value = form.item('paramValue').locator('textarea');
    await value.fill('two');
    await form.save();
    await poll(() => lastMessage(page)).toContain('must be a number');
    await shot(page, 'parameter-refused');
    await value.fill('2');
    await form.save();
    await page.waitForURL(/\/baseManage\/parameter$/);
    await poll(async () => (await list.row('E2E_COPIES').textContent()) ?? '').toContain('E2E label copies');
    await shot(page, 'parameter-list');
    await context.close();
  });

  it('adds a job every second, pauses and starts it with buttons that follow its state, and shows its runs', async () => {
    const { context, page, calls } = await adminAt('/baseManage/scheduled-job');
    const list = await ListPage.of(page);
    await list.waitForRows();
    await openByClick(page, list.action('add'), /\/baseManage\/add-scheduled-job$/);
    const form = await FormPage.of(page);
    await form.fill({ jobName: 'E2E every second' });
    await choose(form, 'jobClass', 'Purge expired cache entries');
    await form.fill({ cron: '* * * * * *' });
    await shot(page, 'job-add');
    await form.save();
    await page.waitForURL(/\/baseManage\/scheduled-job$/);
    expect(lastCall(calls, 'ISysJobService/addsysjob')?.condition).toMatchObject({
      jobName: 'E2E every second',
      jobClass: 'purgeCache',
      jobType: '0',
      cron: '* * * * * *',
    });
    const job = () => list.row('E2E every second');
    const buttons = () => job().locator('[data-row-action="custom"]');
    await poll(() => job().count()).toBe(1);
    await poll(async () => (await job().textContent()) ?? '').toContain('Normal');
    expect(await buttons().allTextContents()).toEqual(['Pause']);

    await buttons().filter({ hasText: 'Pause' }).click();
    await poll(async () => (await job().textContent()) ?? '').toContain('Paused');
    await poll(() => buttons().allTextContents()).toEqual(['Start']);
    await shot(page, 'job-paused');
    expect(lastCall(calls, 'ISysJobService/pausesysjob')?.condition.delList).toEqual([
      { id: expect.any(String), version: 1 },
    ]);

    await buttons().filter({ hasText: 'Start' }).click();
    await poll(async () => (await job().textContent()) ?? '').toContain('Normal');
    await poll(() => buttons().allTextContents()).toEqual(['Pause']);

    // The runs dialog loads once: open it when this job has run.
    const db = portal.server.server.database.db;
    const runCount = async () =>
      Number(
        (
          await db
            .selectFrom('sysJobRun')
            .select((eb) => eb.fn.countAll().as('n'))
            .where(
              'jobId',
              'in',
              db.selectFrom('sysJob').select('id').where('jobName', '=', 'E2E every second'),
            )
            .executeTakeFirstOrThrow()
        ).n,
      );
    await poll(runCount).toBeGreaterThan(0);
    await list.rowAction('E2E every second', 'rows').click();
    const dialog = dialogs.modal(page);
    await poll(() => dialog.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await poll(() => dialog.textContent()).toContain('expired cache entries removed');
    await shot(page, 'job-runs');
    await page.keyboard.press('Escape');
    await context.close();
  });
});

describe('every system screen', () => {
  it('is refused to supplier1: no system menu, and the calls answer 403', async () => {
    await ensureLicensed();
    const { context, page } = await portal.signIn('supplier1', '/dashboard');
    await page.goto(`${portal.server.url}/baseManage/parameter`);
    await poll(() => page.url()).not.toContain('/baseManage/parameter');
    await shot(page, 'supplier-refused');
    const r = await portal.server.call(
      'ISysParamService/getsysparamlistbyparams',
      {},
      { token: await portal.token('supplier1'), menu: 'BaseManage.Config.Parameter' },
    );
    expect(r.http).toBe(403);
    await context.close();
  });

  // Each screen by its menu number and the path it lives at.
  const screens = {
    'BaseManage.Base.Staff': 'staff',
    'BaseManage.Base.Menu': 'menu',
    'BaseManage.Config.Parameter': 'parameter',
    'BaseManage.Config.Dictionary': 'dictionary',
    'BaseManage.Monitor.ScheduledJob': 'scheduled-job',
    'BaseManage.Monitor.OperationLog': 'operation-log',
    'BaseManage.Monitor.AbnormalLog': 'abnormal-log',
    'BaseManage.Monitor.Cache': 'cache',
  };

  /**
   * Opens a screen from the side menu, as a user moves on, unfolding its group first when it is
   * folded: no reload of the app per screen.
   */
  async function openFromMenu(page: Page, menuNo: string) {
    const side = page.locator('.shell .side-menu');
    const group = side.locator(`.ant-menu-submenu-title[data-menu-id$="-${menuNo.replace(/\.[^.]+$/, '')}"]`);
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await side.locator(`li.ant-menu-item[data-menu-id$="-${menuNo}"]`).click();
  }

  it('opens as admin with its rows; the operation log shows this session’s changes', async () => {
    await ensureLicensed();
    const admin = await portal.token('admin');
    // Rows of this test's own for the lists the seed leaves empty: a staff member, a job that is not
    // started (so it never runs) for the operation log, and a refusal for the abnormal log.
    const writes = [
      await portal.server.call(
        'ISysEmployeeService/addsysemployee',
        { condition: { employeeNo: 'E2E-LOOK', employeeName: 'E2E Onlooker', orgNo: 'SH01' } },
        { token: admin, menu: 'BaseManage.Base.Staff' },
      ),
      await portal.server.call(
        'ISysJobService/addsysjob',
        { condition: { jobName: 'E2E logged', jobClass: 'purgeCache', cron: '0 0 0 1 1 *', isStart: 'N' } },
        { token: admin, menu: 'BaseManage.Monitor.ScheduledJob' },
      ),
    ];
    expect(writes.map((r) => r.body.code)).toEqual(['0', '0']);
    const refused = await portal.server.call(
      'ISysParamService/getsysparamlistbyparams',
      {},
      { token: await portal.token('supplier1'), menu: 'BaseManage.Config.Parameter' },
    );
    expect(refused.http).toBe(403);
    const entries = Object.entries(screens);
    const { context, page } = await portal.signIn('admin', `/baseManage/${entries[0][1]}`);
    for (const [menuNo, name] of entries) {
      if (menuNo !== entries[0][0]) {
        await openFromMenu(page, menuNo);
        await page.waitForURL(new RegExp(`/baseManage/${name}$`));
      }
      const list = await ListPage.of(page, menuNo);
      await list.waitForRows();
      if (name === 'operation-log')
        await poll(async () => (await list.root.textContent()) ?? '').toContain('addsysjob');
      await shot(page, name);
    }
    await context.close();
  });

  it('password policy and licence are one-record forms; a policy change is saved with its version', async () => {
    const { context, page, calls } = await adminAt('/baseManage/password-policy');
    let form = await FormPage.of(page);
    await poll(() => form.input('minLength').inputValue()).toBe('12');
    await form.input('minLength').fill('14');
    await form.save();
    await poll(
      () => lastCall(calls, 'ISysPasswordPolicyService/updatePasswordPolicy')?.condition,
    ).toMatchObject({
      id: 1,
      version: 1,
      minLength: 14,
    });
    await poll(() => lastMessage(page)).toBeTruthy();
    await shot(page, 'password-policy');

    await page.goto(`${portal.server.url}/baseManage/license`);
    form = await FormPage.of(page);
    await poll(() => form.input('licensee').inputValue()).toBe('Acme Trading');
    await shot(page, 'license-screen');
    await context.close();
  });
});
