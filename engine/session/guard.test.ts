import { describe, expect, it } from 'vitest';
import { decideAccess, safeRedirect } from './guard';

describe('decideAccess', () => {
  it('lets anyone open the public paths', () => {
    for (const fullPath of ['/login', '/announcement', '/announcement-detail?id=3']) {
      expect(decideAccess({ fullPath, hasSession: false, hasUserName: false })).toEqual({ kind: 'allow' });
    }
  });
  it('sends a logged-in user who opens /login to /', () => {
    expect(decideAccess({ fullPath: '/login?redirect=%2Fx', hasSession: true, hasUserName: true })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });
  it('sends a visitor without a cookie to login with the wanted path, query included', () => {
    expect(
      decideAccess({ fullPath: '/base/organizational?keyword=a', hasSession: false, hasUserName: false }),
    ).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fbase%2Forganizational%3Fkeyword%3Da' });
  });
  it('sends a session the browser ended itself to login with the page to return to, not the page open', () => {
    expect(
      decideAccess({
        fullPath: '/setting/password',
        hasSession: false,
        hasUserName: false,
        returnTo: '/base/warehouse?keyword=HN',
      }),
    ).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fbase%2Fwarehouse%3Fkeyword%3DHN' });
  });
  it('loads the user when the cookie is there but the store has no user name', () => {
    expect(decideAccess({ fullPath: '/dashboard', hasSession: true, hasUserName: false })).toEqual({
      kind: 'loadUser',
    });
  });
  it('allows a loaded user through', () => {
    expect(decideAccess({ fullPath: '/dashboard', hasSession: true, hasUserName: true })).toEqual({
      kind: 'allow',
    });
  });
});

describe('safeRedirect', () => {
  it('returns same-site paths as they are', () => {
    expect(safeRedirect('/base/organizational?x=1')).toBe('/base/organizational?x=1');
  });
  it('refuses other sites, protocol-relative links and login itself', () => {
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
