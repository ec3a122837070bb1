import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, openPage, poll, SHOTS } from './support/session';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh browser profile in English, so assertions can use the en-US texts. */
const newPage = () => openPage(browser, server);

async function logIn(page: Page, userNo: string, path = '/') {
  await page.goto(server.url + path);
  await page.waitForURL(/\/login/);
  await page.locator('input[name="userNo"]').fill(`  ${userNo} `);
  await page.locator('input[name="pwd"]').fill('demo1234');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForSelector('.shell .side-menu');
}

const sideMenu = (page: Page) => page.locator('.shell__sider');

describe('the shell', () => {
  it('sends a visitor to login with the wanted page, and back there after login', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/setting/user-info?tab=1`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/setting/user-info?tab=1');
    await poll(() => page.title()).toBe('Log in WMS');
    await page.screenshot({ path: `${SHOTS}/login.png` });

    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await poll(() => page.getByRole('alert').allTextContents()).toEqual([
      'Please enter the user name',
      'Please enter the password',
    ]);

    await page.locator('input[name="userNo"]').fill('admin');
    await page.locator('input[name="pwd"]').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForSelector('.ant-message-error');
    expect(page.url()).toContain('/login');

    await page.locator('input[name="pwd"]').fill('demo1234');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${server.url}/setting/user-info?tab=1`);
    await page.waitForSelector('text=Personal data');
    await context.close();
  });

  it('shows the admin the menus, opens a menu route, redirects an area, 404s, and logs out with Ctrl+Shift+Q', async () => {
    const { context, page } = await newPage();
    await logIn(page, 'admin');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await poll(() => page.title()).toBe('Dashboard WMS');
    await poll(() => sideMenu(page).textContent()).toContain('Base data');
    await poll(() => sideMenu(page).textContent()).toContain('Order collaboration');
    await page.getByText('Welcome, Administrator').waitFor();
    await page.screenshot({ path: `${SHOTS}/shell-admin.png` });

    // the all-menu panel: Alt+C opens it, it lists the organisations screen, Escape closes it
    await page.keyboard.press('Alt+KeyC');
    const panel = page.locator('.menu-panel');
    await panel.waitFor();
    await poll(() => panel.textContent()).toContain('Organizations');
    await page.waitForTimeout(500); // the drawer slides in
    await page.screenshot({ path: `${SHOTS}/menu-panel.png` });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // a menu route from the tree: Base data > Basic information > Organizations
    await sideMenu(page).getByText('Base data', { exact: true }).click();
    await sideMenu(page).getByText('Basic information', { exact: true }).click();
    await sideMenu(page).getByText('Organizations', { exact: true }).click();
    await page.waitForURL(`${server.url}/base/organizational`);
    await poll(() => page.title()).toBe('Organizations WMS');
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `${SHOTS}/organizations.png` });
    // an area path opens the group's first visible child
    await page.evaluate(() => {
      window.history.pushState({}, '', '/base');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(`${server.url}/base/organizational`);
    // an unknown path is the 404 page, with its way home
    await page.evaluate(() => {
      window.history.pushState({}, '', '/no-such-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(`${server.url}/404`);
    await page.getByRole('button', { name: 'Back to home' }).click();
    await page.waitForURL(`${server.url}/dashboard`);

    await page.keyboard.press('Control+Shift+KeyQ');
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
    // the session is gone: the protected page sends us back to login
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/login\?redirect=%2Fdashboard/);
    await context.close();
  });

  it('hides base data from supplier1 and answers a forged base route with "menu not found"', async () => {
    const { context, page } = await newPage();
    await logIn(page, 'supplier1');
    await poll(() => sideMenu(page).textContent()).toContain('Dashboard');
    await page.getByText('Welcome, ').waitFor();
    expect(await sideMenu(page).textContent()).not.toContain('Base data');
    expect(await sideMenu(page).textContent()).not.toContain('Organizations');
    await page.screenshot({ path: `${SHOTS}/shell-supplier1.png` });

    await page.evaluate(() => {
      window.history.pushState({}, '', '/base/organizational');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForSelector('text=server internal exception! menu not found');
    await page.waitForURL(`${server.url}/dashboard`);
    await context.close();
  });

  it('keeps favourites on the server: the defaults, unstar, and the change survives a reload', async () => {
    const { context, page } = await newPage();
    await logIn(page, 'buyer');
    await sideMenu(page).getByText('My favourites').click();
    const list = page.locator('.favourites');
    await poll(() => list.locator('.favourites__name').allTextContents()).toEqual([
      'Organizations',
      'Warehouses',
      'Materials',
      'Storage cells',
    ]);
    await list
      .locator('.favourites__item', { hasText: 'Warehouses' })
      .getByRole('button', { name: 'Remove from favourites' })
      .click();
    await poll(() => list.locator('.favourites__name').allTextContents()).toEqual([
      'Organizations',
      'Materials',
      'Storage cells',
    ]);
    await page.screenshot({ path: `${SHOTS}/favourites.png` });
    await page.reload();
    await sideMenu(page).getByText('My favourites').click();
    await poll(() => page.locator('.favourites .favourites__name').allTextContents()).toEqual([
      'Organizations',
      'Materials',
      'Storage cells',
    ]);
    await context.close();
  });

  it('adds visited tabs without duplicates and closes others but keeps the affixed dashboard', async () => {
    const { context, page } = await newPage();
    await logIn(page, 'buyer');
    const tabs = page.locator('.shell__tabs .ant-tabs-tab');
    await page.locator('[data-testid="user-menu"]').click();
    await page.getByRole('menuitem', { name: 'User settings' }).click();
    await page.waitForURL(/\/setting\/user-info$/);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/setting\/password$/);
    await page.locator('[data-testid="user-menu"]').click();
    await page.getByRole('menuitem', { name: 'User settings' }).click();
    await poll(() => tabs.allTextContents()).toEqual(['Dashboard', 'Personal data', 'Change password']);
    await poll(() => page.title()).toBe('Personal data WMS');

    await page.locator('[data-tab-path="/setting/password"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close others' }).click();
    await poll(() => tabs.allTextContents()).toEqual(['Dashboard', 'Change password']);
    await page.waitForURL(/\/setting\/password$/);
    await page.screenshot({ path: `${SHOTS}/tabs.png` });
    await context.close();
  });

  it('shows the re-login dialog once when the session ends server-side, and goes to login on confirm', async () => {
    const { context, page } = await newPage();
    await logIn(page, 'admin');
    await page
      .getByText('Personal data')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')?.value;
    expect(token).toBeTruthy();
    const ended = await server.call('ISrmBmLoginService/logout', { condition: {} }, { token });
    expect(ended.http).toBe(200);

    // switching the language reloads menus and favourites: two calls fail at once
    await page
      .locator('.topbar')
      .getByRole('button', { name: /English/ })
      .click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.waitForSelector('.ant-modal-confirm');
    await page.waitForTimeout(800);
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/relogin.png` });

    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.waitForURL(/\/login\?redirect=%2Fdashboard/);
    expect((await context.cookies()).some((c) => c.name === 'Admin-Token')).toBe(false);
    await context.close();
  });

  it('switches antd and date texts with the language, not only ours', async () => {
    const context = await browser.newContext({
      locale: 'zh-CN',
      reducedMotion: 'reduce',
      viewport: { width: 1440, height: 900 },
    });
    const { hostname } = new URL(server.url);
    await context.addCookies([{ name: 'language', value: 'zh-CN', domain: hostname, path: '/' }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/base/organizational`);
    await page.waitForURL(/\/login/);
    await page.locator('input[name="userNo"]').fill('admin');
    await page.locator('input[name="pwd"]').fill('demo1234');
    await page.locator('button[type="submit"]').click();
    await page.waitForSelector('.ant-pagination');
    // antd's own pagination text, from its zh_CN locale.
    await poll(() => page.locator('.ant-pagination').textContent()).toContain('条/页');
    await context.close();
  });
});
