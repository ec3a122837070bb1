// The user and role pages on tabs in Chromium against the real server: the modify-user
// page's three tabs, an error on a tab that is not shown marked on its tab and shown when saving, the
// user's data scope edited and saved and in force at that user's next login, and detail pages naming
// organisations, warehouses and suppliers instead of showing their codes (one lookup per selector);
// and passwords under the server's password policy: stated and enforced before sending on add-user and
// the password page, and a password change that ends the session and logs in again (typed into the login
// form, the subject here) to the page the user came from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DetailPage, dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { type RecordedCall, recordCalls } from './support/session';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const userId = async (userNo: string) =>
  (
    await portal.server.server.database.db
      .selectFrom('sysUser')
      .select('id')
      .where('userNo', '=', userNo)
      .executeTakeFirstOrThrow()
  ).id;

const called = (calls: RecordedCall[], call: string) => calls.filter((c) => c.call === call);

/** The admin on the buyer's modify-user page, its values loaded. */
async function openBuyer() {
  const { page } = await portal.signIn('admin', `/baseManage/modify-user/${await userId('buyer')}/buyer`);
  const calls = recordCalls(page);
  const form = await FormPage.of(page);
  await poll(() => form.input('userName').inputValue()).toBe('Wang Li (purchasing)');
  return { page, calls, form };
}

describe('user and role pages on tabs', () => {
  it('modify-user: basic info, role and menu permissions; an error on a tab not shown is marked and shown on save', async () => {
    const { page, calls, form } = await openBuyer();
    await expect(form.root.locator('[data-tab]').allTextContents()).resolves.toEqual([
      'Basic information',
      'Role permissions',
      'Menu permissions',
    ]);
    // The organisation and the data scope are named, not coded.
    await poll(() => form.selected('dataOrgNos')).toEqual(['Hanoi', 'Shanghai']);
    await expect(form.item('orgNo').locator('.ant-select-selection-item').textContent()).resolves.toBe(
      'Shanghai',
    );
    await shot(page, 'modify-user-basic');

    await form.input('userName').fill('');
    await form.input('userName').blur();
    await form.tab('roles').click();
    await poll(() => form.activeTab()).toBe('roles');
    await poll(() => form.selected('roleNos')).toEqual(['Purchaser']);
    // The basic tab, not shown, says it holds an error.
    await poll(() => form.tab('basic').getAttribute('data-tab-errors')).toBe('1');
    await shot(page, 'modify-user-roles-marked');
    await form.tab('menus').click();
    await poll(() => form.activeTab()).toBe('menus');
    await form.item('menuList').locator('[data-action="expandAll"]').waitFor();
    await shot(page, 'modify-user-menus');

    const saves = called(calls, 'ISupSrmSysUserService/saveorupdatesysuser').length;
    await form.save();
    // Save switches to the first tab with an error, where the message is.
    await poll(() => form.activeTab()).toBe('basic');
    await poll(() => form.item('userName').locator('.ant-formily-item-error-help').textContent()).toBe(
      'Please enter Full name',
    );
    expect(called(calls, 'ISupSrmSysUserService/saveorupdatesysuser')).toHaveLength(saves);
    await shot(page, 'modify-user-error-shown');

    await form.input('userName').fill('Wang Li (purchasing)');
    await poll(() => form.tab('basic').getAttribute('data-tab-errors')).toBeNull();
  });

  it("edits the buyer's data scope (Hanoi taken away); the buyer's next login sees only Shanghai's rows", async () => {
    const { page, calls, form } = await openBuyer();
    await poll(() => form.selected('dataWarehouseNos')).toEqual([
      'Hanoi raw materials',
      'Shanghai finished goods',
      'Shanghai raw materials',
    ]);
    const removeTag = (prop: string, label: string) =>
      form
        .item(prop)
        .locator('.ant-select-selection-item', { hasText: label })
        .locator('.ant-select-selection-item-remove')
        .click();
    await removeTag('dataOrgNos', 'Hanoi');
    // Warehouses and classify types of the organisations left stay; Hanoi's go.
    await poll(() => form.selected('dataWarehouseNos')).toEqual([
      'Shanghai finished goods',
      'Shanghai raw materials',
    ]);
    await poll(() => form.selected('dataClassifyTypes')).toEqual(['Shanghai purchase receipt']);
    // Shanghai's raw materials only.
    await removeTag('dataWarehouseNos', 'Shanghai finished goods');
    await poll(() => form.selected('dataWarehouseNos')).toEqual(['Shanghai raw materials']);
    await shot(page, 'modify-user-scope-edited');
    await form.save();
    await page.waitForURL(/\/baseManage\/user$/);
    expect(called(calls, 'ISupSrmSysUserService/saveorupdatesysuser').at(-1)?.body).toMatchObject({
      condition: { dataOrgNos: 'SH01', dataWarehouseNos: 'SH01-RM', dataClassifyTypes: 'SH01-PO' },
    });

    // The buyer logs in for the first time in this file only now, after the save.
    const buyer = await portal.signIn('buyer', '/base/warehouse');
    try {
      const bp = buyer.page;
      const rows = new ListPage(bp).rows();
      await poll(() => rows.count()).toBe(1);
      await expect(rows.first().textContent()).resolves.toContain('SH01-RM');
      await shot(bp, 'buyer-warehouses-after-scope', false);
      await bp.goto(`${portal.server.url}/base/organizational`);
      await poll(() => rows.count()).toBe(1);
      await expect(rows.first().textContent()).resolves.toContain('SH01');
    } finally {
      await buyer.context.close();
    }
  });

  it('a detail page and the detail drawer name the organisation, warehouses and supplier, one lookup per selector', async () => {
    const { page } = await portal.signIn('admin');
    const calls = recordCalls(page);
    await page.goto(`${portal.server.url}/baseManage/user-detail/${await userId('supplier1')}`);
    const detail = await DetailPage.of(page);
    await poll(() => detail.item('supplierNo').textContent()).toContain('Acme');
    await poll(() => detail.item('orgNo').textContent()).toContain('Shanghai');
    await poll(() => detail.item('dataWarehouseNos').textContent()).toContain('Shanghai raw materials');
    await poll(() => detail.item('dataClassifyTypes').textContent()).toContain('Shanghai purchase receipt');
    await poll(() => detail.item('roleNos').textContent()).toContain('Supplier');
    await shot(page, 'user-detail');
    // The page's shell loads (user info, menus) aside, the selectors asked once each.
    const lookups = calls.map((c) => c.call).filter((c) => /ListByParams$|\/getsysrolelist$/.test(c));
    expect(lookups.sort()).toEqual([
      'IBmClassifyTypeService/getFullAuthorityClassifyTypeListByParams',
      'IBmSupplierService/getFullAuthoritySupListByParams',
      'IBmWarehouseService/getFullAuthorityWarehouseListByParams',
      'ISrmSysRoleService/getsysrolelist',
    ]);
    expect(calls.find((c) => c.call.startsWith('IBmWarehouseService/'))?.body).toMatchObject({
      condition: { in: { warehouseNo: ['SH01-RM'] } },
    });

    await page.goto(`${portal.server.url}/baseManage/user`);
    const list = await ListPage.of(page);
    await list.rowAction('supplier2', 'view').first().click();
    const drawer = dialogs.drawer(page);
    // Each selector names its codes when its lookup answers, in no set order.
    await poll(() => drawer.locator('[data-prop="supplierNo"]').textContent()).toContain('Delta');
    await poll(() => drawer.locator('[data-prop="orgNo"]').textContent()).toContain('Hanoi');
    await poll(() => drawer.locator('[data-prop="dataWarehouseNos"]').textContent()).toContain(
      'Hanoi raw materials',
    );
    await shot(page, 'user-drawer', false);
    await page.keyboard.press('Escape');
  });

  it('the role pages have basic info and menu permission tabs', async () => {
    const { page } = await portal.signIn('admin', '/baseManage/add-role');
    const form = await FormPage.of(page);
    await poll(() => form.root.locator('[data-tab]').allTextContents()).toEqual([
      'Basic information',
      'Menu permissions',
    ]);
    await form.fill({ roleNo: 'R-TABS' });
    await form.tab('menus').click();
    await form.item('menuList').locator('[data-action="expandAll"]').waitFor();
    // roleName is required and empty: the save shows the basic tab with its message.
    await form.save();
    await poll(() => form.activeTab()).toBe('basic');
    await poll(() => form.tab('basic').getAttribute('data-tab-errors')).toBe('1');
    await shot(page, 'add-role');
  });
});

describe('passwords under the server’s password policy', () => {
  it("add-user states the policy under the password and refuses 'abcdefgh' before sending anything", async () => {
    const { page } = await portal.signIn('admin', '/baseManage/add-user');
    const calls = recordCalls(page);
    const form = await FormPage.of(page);
    await poll(() => form.help('pwd').textContent()).toBe('Password policy: 12 to 20 characters.');
    await form.fill({ userNo: 'e2epolicy', userName: 'E2E Policy', pwd: 'abcdefgh', pwdConfirm: 'abcdefgh' });
    await form.save();
    await poll(() => form.errors()).toEqual([
      'Password does not meet the password policy: at least 12 characters.',
    ]);
    // Refused in the browser: the server was never asked, and the page stays.
    expect(called(calls, 'ISupSrmSysUserService/saveorupdatesysuser')).toEqual([]);
    expect(page.url()).toMatch(/\/baseManage\/add-user$/);
    expect(await form.root.textContent()).not.toContain('6 to 20');
    await shot(page, 'add-user-password-policy');
  });

  it('a password change says so, ends the session, and the next login returns to the page the user came from', async () => {
    const userNo = 'e2epwdchange';
    const [oldPwd, newPwd] = ['Old-pass-2026-x', 'New-pass-2026-y'];
    const made = await portal.server.call(
      'ISupSrmSysUserService/saveorupdatesysuser',
      {
        condition: {
          userNo,
          userName: 'E2E Password',
          pwd: oldPwd,
          orgNo: 'SH01',
          supplierNo: 'SUP001',
          roleNos: 'supplier',
        },
      },
      { token: await portal.token('admin'), menu: 'BaseManage.Base.User' },
    );
    expect(made.body.status).toBe(200);
    const { context, page } = await portal.signIn(userNo, '/dashboard', {
      password: oldPwd,
      freshSession: true,
    });
    // To the password page from the personal data page, in the app.
    await page.locator('[data-testid="user-menu"]').click();
    await page.getByRole('menuitem', { name: 'User settings' }).click();
    await page.waitForURL(/\/setting\/user-info$/);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/setting\/password$/);
    const calls = recordCalls(page);
    await poll(() => page.getByTestId('password-rule').textContent()).toBe(
      'Password policy: 12 to 20 characters.',
    );

    // The policy is enforced before sending.
    const save = page.locator('.page-card .ant-btn-primary:visible');
    await page.locator('#oldPwd').fill(oldPwd);
    await page.locator('#newPwd').fill('abcdefgh');
    await page.locator('#confirmPwd').fill('abcdefgh');
    await save.click();
    await poll(() => page.locator('.page-card .ant-form-item-explain-error').allTextContents()).toEqual([
      'New password does not meet the password policy: at least 12 characters.',
    ]);
    expect(called(calls, 'ISupSrmSysUserService/updatepwd')).toEqual([]);

    await page.locator('#newPwd').fill(newPwd);
    await page.locator('#confirmPwd').fill(newPwd);
    await save.click();
    await poll(() => dialogs.messages(page)).toContain('Password changed. Please log in again.');
    expect(called(calls, 'ISupSrmSysUserService/updatepwd')).toHaveLength(1);
    // Logged out, and the login returns to the page before the password page.
    await page.waitForURL(/\/login\?redirect=%2Fsetting%2Fuser-info$/);
    await shot(page, 'password-changed');
    await page.locator('input[name="userNo"]').fill(userNo);
    await page.locator('input[name="pwd"]').fill(newPwd);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.locator('.shell .side-menu').waitFor();
    await page.waitForURL(`${portal.server.url}/setting/user-info`);
    await page.getByRole('button', { name: 'Change password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/setting/user-info');
    await context.close();
  });
});
