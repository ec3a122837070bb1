// The page's Content-Security-Policy in Chromium: the policy's directives, and the login page and a
// walk through page kinds as the administrator (lists, forms with their selects and date pickers, a
// popover, a confirmation, a drawer) running without one violation, so no inline script runs and
// every inline style carries the answer's nonce. (Every e2e file's portal fails on a violation too.)
// The session as the browser holds it: an HttpOnly cookie script never sees, the CSRF header on every
// call, the live channel on the cookie, logout clearing it; and the personal page's sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '../engine/core/sessionCookie';
import { ListPage, poll } from './pages';
import { type Portal, startPortal } from './support/portal';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

describe('the content security policy', () => {
  it('lets the login page run without a violation', async () => {
    const { context, page } = await portal.profile();
    const answer = await page.goto(`${portal.server.url}/login`);
    const policy = answer?.headers()['content-security-policy'] ?? '';
    const directives = new Map(
      policy.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toContain("'self'");
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
    expect(directives.get('style-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    await page.locator('input[name="userNo"]').fill('nobody');
    await page.locator('input[name="pwd"]').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.locator('.ant-message, [role="alert"]').first().waitFor();
    expect(portal.cspViolations).toEqual([]);
    await context.close();
  });

  it('lets lists, forms, pickers, details and dialogs run without a violation', async () => {
    const { context, page } = await portal.signIn('admin', '/dashboard');
    for (const path of [
      '/dashboard',
      '/base/organizational',
      '/base/add-organizational',
      '/base/material',
      '/orderCollaboration/userOrder',
      '/delivery/asn-list',
      '/deliverySchedule/announcement-news',
    ]) {
      await page.goto(`${portal.server.url}${path}`);
      await page.locator('.shell .side-menu').waitFor();
      await page.waitForLoadState('networkidle');
      // A select's list, then a date picker's panel: both portals insert styles of their own.
      const select = page.locator('main .ant-select:not(.ant-select-disabled)').first();
      if (await select.count()) {
        await select.click();
        await page.locator('.ant-select-dropdown').first().waitFor();
        await page.keyboard.press('Escape');
      }
      const picker = page.locator('main .ant-picker:not(.ant-picker-disabled)').first();
      if (await picker.count()) {
        await picker.click();
        await page.locator('.ant-picker-dropdown').first().waitFor();
        await page.keyboard.press('Escape');
      }
    }
    // The advanced search's popover and a confirmation dialog.
    await page.goto(`${portal.server.url}/base/organizational`);
    const list = await ListPage.of(page);
    await list.waitForRows();
    await list.advancedSearch().click();
    await list.advanced().waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-table-row .ant-checkbox-input').first().check();
    await list.action('physicalDelete').click();
    await page.locator('.ant-modal-content').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    // A detail in its drawer.
    await page.locator('.ant-table-row [data-row-action="view"]').first().click();
    await page.locator('.ant-drawer-content').waitFor();
    expect(portal.cspViolations).toEqual([]);
    await context.close();
  });
});

describe('the session cookie', () => {
  it('keeps the session out of script: login, a list, the live channel and logout on the HttpOnly cookie', async () => {
    const { context, page } = await portal.profile();
    await page.goto(`${portal.server.url}/dashboard`);
    await page.waitForURL(/\/login/);
    await page.locator('input[name="userNo"]').fill('admin');
    await page.locator('input[name="pwd"]').fill('demo1234');
    const answer = page.waitForResponse((r) => r.url().endsWith('/ISrmBmLoginService/login'));
    // The inbox's live channel: the unread count it sends at once is heard (listened for from the start).
    const heard = new Promise<void>((resolve) =>
      page.on('websocket', (ws) => {
        if (ws.url().endsWith('/noticeWebSocket')) ws.on('framereceived', () => resolve());
      }),
    );
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // The login's answer carries no token: it went into the HttpOnly cookie.
    expect(JSON.stringify(await (await answer).json())).not.toMatch(/"token"/);
    await page.locator('.shell .side-menu').waitFor();

    const session = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const script = await page.evaluate(() => document.cookie);
    expect(script).not.toContain(SESSION_COOKIE);
    expect(script).not.toContain(session!.value);
    expect(script).toContain(`${SIGNED_IN_COOKIE}=1`);
    // The live channel opened on the cookie.
    await heard;

    // A list works on the cookie; its calls carry the CSRF header and no token.
    const sent: Record<string, string>[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/ilcwmsplus/')) sent.push(r.headers());
    });
    await page.goto(`${portal.server.url}/base/organizational`);
    await (await ListPage.of(page)).waitForRows();
    expect(sent.length).toBeGreaterThan(0);
    for (const headers of sent) {
      expect(headers['x-requested-with']).toBe('XMLHttpRequest');
      expect(headers['authentication-info']).toBeUndefined();
    }

    // Logout clears both cookies; the protected page sends the browser back to login.
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Control+Shift+KeyQ');
    await reloaded;
    await page.waitForURL(/\/login/);
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain(SESSION_COOKIE);
    expect(names).not.toContain(SIGNED_IN_COOKIE);
    expect(portal.cspViolations).toEqual([]);
    await context.close();
  });
});

describe('sessions on the personal settings page', () => {
  it('shows the user its sessions, ends another one, and signs out when it ends its own', async () => {
    // A second browser of the same user, with a session of its own.
    const other = await portal.signIn('supplier2', '/dashboard', { freshSession: true });

    const { context, page } = await portal.signIn('supplier2', '/setting/user-info', { freshSession: true });
    const card = page.locator('[data-part="sessions"]');
    const rows = card.locator('.ant-table-row');
    await poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    await expect(card.getByText('This session').count()).resolves.toBe(1);
    // End the other browser's session: it is gone from the list, and that browser is signed out.
    const count = await rows.count();
    await rows
      .filter({ hasNot: page.getByText('This session') })
      .first()
      .locator('[data-action="endSession"]')
      .click();
    await page.locator('.ant-message').getByText('Session ended').waitFor();
    await poll(() => rows.count()).toBe(count - 1);
    await other.page.reload();
    await other.page.waitForURL(/\/login/);
    // Ending its own session signs this browser out.
    await rows
      .filter({ has: page.getByText('This session') })
      .locator('[data-action="endSession"]')
      .click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/login/);
    await Promise.all([context.close(), other.context.close()]);
  });
});
