// Ending the session in the browser: the login that follows returns to the page named, and the guard
// that sees the session end on another page (the password page) sends the user there too.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { decideAccess } from './guard';
import { notePage, pageBefore } from './pageTrail';
import { clearLoginReturn, loginReturnPath, logout, resetSession } from './session';

const sent = vi.hoisted(() => [] as string[]);
vi.mock('../request', async (original) => ({
  ...(await original<typeof import('../request')>()),
  request: vi.fn(async (call: string) => {
    sent.push(call);
    return null;
  }),
}));

beforeEach(() => {
  sent.length = 0;
  resetSession();
});

describe('logout', () => {
  it('ends the session on the server and answers the login address returning to the page named', async () => {
    await expect(logout('/base/warehouse?keyword=HN')).resolves.toBe(
      '/login?redirect=%2Fbase%2Fwarehouse%3Fkeyword%3DHN',
    );
    expect(sent).toEqual(['ISrmBmLoginService/logout']);
  });

  it('leaves the return path for the guard of the page still open, until the login page has it', async () => {
    notePage('/base/warehouse');
    notePage('/setting/password');
    await logout(pageBefore('/setting/password') ?? '/dashboard');
    const gate = decideAccess({
      fullPath: '/setting/password',
      hasSession: false,
      hasUserName: false,
      returnTo: loginReturnPath(),
    });
    expect(gate).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fbase%2Fwarehouse' });
    // The visited pages are forgotten with the session.
    expect(pageBefore('/setting/password')).toBeUndefined();
    clearLoginReturn();
    expect(loginReturnPath()).toBeUndefined();
  });

  it('a reset without a return path (a login, a failed start) forgets an earlier one', async () => {
    await logout('/base/warehouse');
    resetSession();
    expect(loginReturnPath()).toBeUndefined();
  });
});
