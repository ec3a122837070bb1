// The portal's shell in Chromium against the real server: the login page, the menus by role (only
// entries with something to open), menu and area routes, the one page of every address a user may not
// open, the all-menu panel's search, the interface size, logout, favourites, visited tabs, the re-login
// dialog and the login page's word on an ended session, and antd's texts by language. The login form is this file's subject, so the tests about it type into it.
import { sql } from 'kysely';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '../engine/core/sessionCookie';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { openInApp } from './support/session';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const url = (path: string) => `${portal.server.url}${path}`;

/** Logs in through the login form, the user name padded with blanks the form must trim. */
async function logInByForm(page: Page, userNo: string, path = '/') {
  await page.goto(url(path));
  await page.waitForURL(/\/login/);
  await page.locator('input[name="userNo"]').fill(`  ${userNo} `);
  await page.locator('input[name="pwd"]').fill('demo1234');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.locator('.shell .side-menu').waitFor();
}

const sideMenu = (page: Page) => page.locator('.shell__sider');

describe('the shell', () => {
  it('sends a visitor to login with the wanted page, and back there after login', async () => {
    const { context, page } = await portal.profile();
    await page.goto(url('/setting/user-info?tab=1'));
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/setting/user-info?tab=1');
    await poll(() => page.title()).toBe('Log in WMS');
    await shot(page, 'login');

    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await poll(() => page.getByRole('alert').allTextContents()).toEqual([
      'Please enter the user name',
      'Please enter the password',
    ]);

    await page.locator('input[name="userNo"]').fill('admin');
    await page.locator('input[name="pwd"]').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.locator('.ant-message-error').waitFor();
    expect(page.url()).toContain('/login');

    await page.locator('input[name="pwd"]').fill('demo1234');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(url('/setting/user-info?tab=1'));
    await page.getByText('Personal data').first().waitFor();
    await context.close();
  });

  it('shows the admin the menus, opens a menu route, redirects an area, 404s, and logs out with Ctrl+Shift+Q', async () => {
    // A session of its own, typed into the form: the test ends it by logging out.
    const { context, page } = await portal.profile();
    await logInByForm(page, 'admin');
    // The shell shows at '/' a moment before it sends the user on to the dashboard.
    await poll(() => new URL(page.url()).pathname).toBe('/dashboard');
    await poll(() => page.title()).toBe('Dashboard WMS');
    await poll(() => sideMenu(page).textContent()).toContain('Base data');
    await poll(() => sideMenu(page).textContent()).toContain('Order collaboration');
    await page.getByText('Welcome, Administrator').waitFor();
    // no entry leads nowhere: links without an address and pages not built are not listed
    const menuText = await sideMenu(page).textContent();
    expect(menuText).not.toContain('Warehouse management system');
    expect(menuText).not.toContain('Report center');
    expect(menuText).not.toContain('Schedule board');
    await shot(page, 'shell-admin');

    // the all-menu panel: Alt+C opens it with the focus in its search, so typing filters the menus;
    // Escape closes it
    await page.keyboard.press('Alt+KeyC');
    const panel = page.locator('.menu-panel');
    await panel.waitFor();
    await poll(() => panel.textContent()).toContain('Organizations');
    await poll(() => page.evaluate(() => document.activeElement?.closest('.menu-panel') !== null)).toBe(true);
    await page.keyboard.type('Warehouses');
    await poll(() => panel.locator('.menu-panel__link').allTextContents()).toEqual(['Warehouses']);
    await shot(page, 'menu-panel');
    // Delete clears the search (the side menu's too: one search), Escape closes the panel
    await page.keyboard.press('Delete');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await poll(() => sideMenu(page).textContent()).toContain('Order collaboration');

    // a menu route from the tree: Base data > Basic information > Organizations
    await sideMenu(page).getByText('Base data', { exact: true }).click();
    await sideMenu(page).getByText('Basic information', { exact: true }).click();
    await sideMenu(page).getByText('Organizations', { exact: true }).click();
    await page.waitForURL(url('/base/organizational'));
    await poll(() => page.title()).toBe('Organizations WMS');
    await (await ListPage.of(page)).waitForRows();
    await shot(page, 'organizations');
    // an area path opens the group's first visible child
    await openInApp(page, '/base');
    await page.waitForURL(url('/base/organizational'));
    // an unknown path is the page of every address the user may not open, with its way home
    await openInApp(page, '/no-such-page');
    await page.waitForURL(url('/404'));
    await page.getByText('Page not available').waitFor();
    await page.getByRole('button', { name: 'Back to home' }).click();
    await page.waitForURL(url('/dashboard'));

    // logout ends with a full page load; wait for it, not only for the address (the route guard can
    // show /login in-app first, and a navigation started before the reload would be aborted by it)
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Control+Shift+KeyQ');
    await reloaded;
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
    // the session is gone: the protected page sends us back to login (a navigation of its own, which
    // may come before the page's load event)
    await page.goto(url('/dashboard'), { waitUntil: 'commit' });
    await page.waitForURL(/\/login\?redirect=%2Fdashboard/);
    await context.close();
  });

  it('hides base data from supplier1 and answers every address it may not open with one page, in its language', async () => {
    const { context, page } = await portal.signIn('supplier1', '/dashboard', { language: 'zh-CN' });
    await page.getByText('欢迎，').waitFor();
    expect(await sideMenu(page).textContent()).not.toContain('基础数据');
    await shot(page, 'shell-supplier1');

    const denied = page.locator('[data-page="route-denied"]');
    // a bookmarked base-data page (a menu of the purchaser's side), a page of no one, a purchaser's
    // document page: the same page each time, naming the address, in the user's language
    for (const path of ['/base/organizational', '/no-such-page', '/delivery/asn-list']) {
      await openInApp(page, path);
      await page.waitForURL(url('/404'));
      await poll(() => denied.locator('.ant-result-title').textContent()).toBe('页面不可用');
      await poll(() => denied.locator('.route-denied__path').textContent()).toBe(path);
    }
    expect((await page.locator('.ant-message').allTextContents()).join(' ')).not.toMatch(
      /exception|menu not found/i,
    );
    await shot(page, 'route-denied');
    // its way back: to the page before
    await denied.getByRole('button', { name: '返回上一页' }).click();
    await page.waitForURL(url('/404'));
    await denied.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(url('/dashboard'));
    await context.close();
  });

  it('applies the interface size to the tables and the menu, not only the toolbar', async () => {
    const { context, page } = await portal.signIn('buyer', '/base/organizational');
    await (await ListPage.of(page)).waitForRows();
    const rowHeight = () =>
      page
        .locator('.ant-table-tbody tr.ant-table-row')
        .first()
        .evaluate((tr) => tr.getBoundingClientRect().height);
    const menuItemHeight = () =>
      sideMenu(page)
        .locator('.ant-menu-item, .ant-menu-submenu-title')
        .first()
        .evaluate((el) => el.getBoundingClientRect().height);
    const small = { row: await rowHeight(), menu: await menuItemHeight() };
    await page.getByRole('button', { name: 'Size' }).click();
    await page.getByRole('menuitem', { name: 'Large' }).click();
    await poll(rowHeight).toBeGreaterThan(small.row + 8);
    expect(await menuItemHeight()).toBeGreaterThan(small.menu);
    await shot(page, 'size-large');
    await context.close();
  });

  it('keeps favourites on the server: the defaults, unstar, and the change survives a reload', async () => {
    const { context, page } = await portal.signIn('buyer');
    await sideMenu(page).getByText('My favorites').click();
    const list = page.locator('.favourites');
    await poll(() => list.locator('.favourites__name').allTextContents()).toEqual([
      'Organizations',
      'Warehouses',
      'Items',
      'Storage cells',
    ]);
    await list
      .locator('.favourites__item', { hasText: 'Warehouses' })
      .getByRole('button', { name: 'Remove from favorites' })
      .click();
    await poll(() => list.locator('.favourites__name').allTextContents()).toEqual([
      'Organizations',
      'Items',
      'Storage cells',
    ]);
    await shot(page, 'favourites');
    await page.reload();
    await sideMenu(page).getByText('My favorites').click();
    await poll(() => page.locator('.favourites .favourites__name').allTextContents()).toEqual([
      'Organizations',
      'Items',
      'Storage cells',
    ]);
    await context.close();
  });

  it('adds visited tabs without duplicates and closes others but keeps the affixed dashboard', async () => {
    const { context, page } = await portal.signIn('buyer');
    const tabs = page.locator('.shell__tabs .ant-tabs-tab');
    await page.locator('[data-testid="user-menu"]').click();
    await page.getByRole('menuitem', { name: 'User settings' }).click();
    await page.waitForURL(/\/setting\/user-info$/);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/setting\/password$/);
    // The address changes at once, the page shows when the router's transition commits: a navigation
    // before that replaces it, and the page never shown gets no tab (as for a user clicking on first).
    await poll(() => page.title()).toBe('Change password WMS');
    await page.locator('[data-testid="user-menu"]').click();
    await page.getByRole('menuitem', { name: 'User settings' }).click();
    await poll(() => tabs.allTextContents()).toEqual(['Dashboard', 'Personal data', 'Change password']);
    await poll(() => page.title()).toBe('Personal data WMS');

    await page.locator('[data-tab-path="/setting/password"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close others' }).click();
    await poll(() => tabs.allTextContents()).toEqual(['Dashboard', 'Change password']);
    await page.waitForURL(/\/setting\/password$/);
    await shot(page, 'tabs');
    await context.close();
  });

  it('shows the re-login dialog once when the session ends server-side, and goes to login on confirm', async () => {
    // A session of its own, which the test ends: the file's stored admin session stays valid.
    const { context, page } = await portal.signIn('admin', '/dashboard', { freshSession: true });
    const token = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)?.value;
    expect(token).toBeTruthy();
    const ended = await portal.server.call('ISrmBmLoginService/logout', { condition: {} }, { token });
    expect(ended.http).toBe(200);

    // The service calls sent from here on and not yet answered: the dialogs are counted once every
    // call that failed has come back.
    const pending = new Set<Request>();
    let answered = 0;
    const isCall = (r: Request) => r.url().includes('/ilcwmsplus/');
    page.on('request', (r) => {
      if (isCall(r)) pending.add(r);
    });
    const done = (r: Request) => {
      if (pending.delete(r)) answered++;
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);

    // switching the language reloads menus and favourites: two calls fail at once. The inbox's own
    // call may fail first and put the dialog over the top bar, so the clicks go to the elements.
    await page
      .locator('.topbar')
      .getByRole('button', { name: /English/ })
      .dispatchEvent('click');
    await page.getByRole('menuitem', { name: '简体中文' }).dispatchEvent('click');
    await dialogs.confirm(page).waitFor();
    // worded for what happened: the session was signed out elsewhere, nothing to confirm (in the
    // language of the moment it shows: the switch to Chinese may apply before the dialog renders)
    await poll(() => dialogs.confirm(page).locator('.ant-modal-confirm-title').textContent()).toMatch(
      /^(Signed out|已登出)$/,
    );
    await poll(() => answered >= 2 && pending.size === 0).toBe(true);
    // Two frames: whatever the last answer would render is on screen by then.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
    );
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);
    await shot(page, 'relogin');

    await dialogs.accept(page);
    await page.waitForURL(/\/login\?redirect=%2Fdashboard/);
    // The browser forgot its marker (the dead session cookie stays until the next login replaces it,
    // so that every call still in flight names why the session ended).
    expect((await context.cookies()).map((c) => c.name)).not.toContain(SIGNED_IN_COOKIE);
    await context.close();
  });

  it('tells a user whose account was disabled why the session ended when the page reloads', async () => {
    const { context, page } = await portal.signIn('supplier2', '/dashboard', { freshSession: true });
    await sql`update sys_user set status_code = '0' where user_no = 'supplier2'`.execute(
      portal.server.server.database.db,
    );
    try {
      await page.reload();
      await page.waitForURL(/\/login\?redirect=%2Fdashboard/);
      const notice = page.locator('.login__notice');
      await poll(() => notice.locator('strong').textContent()).toBe('Account disabled');
      expect(await notice.textContent()).not.toContain('?');
      // said on the page, not as an error toast
      expect(await page.locator('.ant-message-error').count()).toBe(0);
      await shot(page, 'login-account-disabled');
    } finally {
      await sql`update sys_user set status_code = '1' where user_no = 'supplier2'`.execute(
        portal.server.server.database.db,
      );
    }
    await context.close();
  });

  it('switches antd and date texts with the language, not only ours', async () => {
    const { context, page } = await portal.signIn('admin', '/base/organizational', { language: 'zh-CN' });
    await page.locator('.ant-pagination').waitFor();
    // antd's own pagination text, from its zh_CN locale.
    await poll(() => page.locator('.ant-pagination').textContent()).toContain('条/页');
    await context.close();
  });
});
