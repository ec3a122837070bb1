import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './fileName';
import { loginRedirect } from './relogin';
import { timeoutFor, urlFor, wrapPayload } from './wrap';

describe('wrapPayload', () => {
  it('wraps plain payloads, arrays and nothing', () => {
    expect(wrapPayload({ id: '1' })).toEqual({ condition: { id: '1' } });
    expect(wrapPayload(['a'])).toEqual({ condition: ['a'] });
    expect(wrapPayload(undefined)).toEqual({ condition: {} });
  });
  it('keeps bodies with condition, noCondition calls and form data as they are', () => {
    const paged = { current: 1, size: 20, condition: {} };
    expect(wrapPayload(paged)).toBe(paged);
    expect(wrapPayload({ a: 1 }, { noCondition: true })).toEqual({ a: 1 });
    const form = new FormData();
    expect(wrapPayload(form)).toBe(form);
  });
});

describe('timeoutFor', () => {
  it('uses 300000 by default, 30000 for login, 600000 for import, and the option when given', () => {
    expect(timeoutFor('IBmOrgService/getbmorgbyid')).toBe(300_000);
    expect(timeoutFor('ISrmBmLoginService/login')).toBe(30_000);
    expect(timeoutFor('IBmOrgService/importexcel')).toBe(600_000);
    expect(timeoutFor('ISrmBmLoginService/login', { timeout: 5 })).toBe(5);
  });
});

describe('urlFor', () => {
  it('joins the call to the base path with or without a leading slash', () => {
    expect(urlFor('/IZlLanguageService/getAllZlLanguage')).toBe(
      '/dapilc/restful/service/ilcwmsplus/IZlLanguageService/getAllZlLanguage',
    );
    expect(urlFor('A/b')).toBe('/dapilc/restful/service/ilcwmsplus/A/b');
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers filename*, decodes percent escapes, handles quotes and absence', () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E7%BB%84.xlsx")).toBe('组.xlsx');
    expect(fileNameFromDisposition('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameFromDisposition('attachment; filename=%E5%8D%95.xls')).toBe('单.xls');
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
    expect(fileNameFromDisposition('inline')).toBeUndefined();
  });
});

describe('loginRedirect', () => {
  it('keeps the full path, query included, as the redirect parameter', () => {
    expect(loginRedirect('/base/organizational?keyword=a&b=1')).toBe(
      '/login?redirect=%2Fbase%2Forganizational%3Fkeyword%3Da%26b%3D1',
    );
  });
  it('does not point back at login or home', () => {
    expect(loginRedirect('/login?redirect=%2Fx')).toBe('/login');
    expect(loginRedirect('/')).toBe('/login');
  });
});
