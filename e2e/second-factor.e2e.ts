// Two-step sign-in in Chromium: a user sets it up on the personal settings page (the QR code and the
// key, the authenticator's code computed here with otplib, the recovery codes shown once), logs out,
// and the next login asks for the code after the password before the portal opens.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_PERIOD } from '../services/auth/second-factor.js';
import { ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * TOTP_PERIOD });

describe('two-step sign-in', () => {
  it('is set up on the personal page, and the next login asks for the code', async () => {
    const [userNo, pwd] = ['e2e2fa', 'Quiet-river-2026'];
    const made = await portal.server.call(
      'ISupSrmSysUserService/saveorupdatesysuser',
      { condition: { userNo, userName: 'E2E Authenticator', pwd, orgNo: 'SH01', roleNos: 'buyer' } },
      { token: await portal.token('admin'), menu: 'BaseManage.Base.User' },
    );
    expect(made.body.status).toBe(200);
    const { context, page } = await portal.signIn(userNo, '/setting/user-info', {
      password: pwd,
      freshSession: true,
    });
    const card = page.locator('[data-part="second-factor"]');
    await poll(() => card.locator('[data-part="second-factor-state"]').textContent()).toBe('Off');
    await card.getByRole('button', { name: 'Set up' }).click();
    const secret = (await card.locator('[data-part="secret"]').first().textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    await shot(page, 'second-factor-enrol');
    await page.locator('#second-factor-code').fill(await codeOf(secret));
    await card.getByRole('button', { name: 'Confirm' }).click();
    const codes = card.locator('[data-part="recovery-codes"] li');
    await poll(() => codes.count()).toBe(10);
    await shot(page, 'second-factor-recovery-codes');
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await poll(() => card.locator('[data-part="second-factor-state"]').textContent()).toMatch(/^On since /);
    await poll(() => card.textContent()).toContain('Recovery codes left: 10');

    // Log out; the login asks for the code after the password, and the portal opens with it.
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Control+Shift+KeyQ');
    await reloaded;
    await page.waitForURL(/\/login/);
    await page.locator('input[name="userNo"]').fill(userNo);
    await page.locator('input[name="pwd"]').fill(pwd);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const code = page.locator('input[name="code"]');
    await code.waitFor();
    await poll(() => page.locator('.login__step-title').textContent()).toBe('Two-step sign-in');
    await shot(page, 'second-factor-login');
    // The enrolment took this time step's code: the authenticator's next one (within the drift allowed).
    await code.fill(await codeOf(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.locator('.shell .side-menu').waitFor();
    await context.close();

    // The administrator's user list offers the reset on this user's row, not on a user without a factor.
    const admin = await portal.signIn('admin', '/baseManage/user');
    const list = await ListPage.of(admin.page);
    await list.search(userNo);
    await list.rowAction(userNo, 'custom').waitFor();
    expect(await list.rowAction(userNo, 'custom').textContent()).toBe('Reset two-step sign-in');
    await list.search('buyer');
    await list.row('buyer').first().waitFor();
    expect(await list.rowAction('buyer', 'custom').count()).toBe(0);
    await admin.context.close();
  });
});
