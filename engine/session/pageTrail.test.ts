import { beforeEach, describe, expect, it } from 'vitest';
import { clearTrail, notePage, pageBefore } from './pageTrail';

beforeEach(clearTrail);

describe('the pages visited in the session', () => {
  it('answers the page opened before the given one, query included', () => {
    notePage('/dashboard');
    notePage('/base/organizational?keyword=HN');
    notePage('/setting/password');
    expect(pageBefore('/setting/password')).toBe('/base/organizational?keyword=HN');
  });

  it('skips every visit of the given page, whatever its query or trailing slash', () => {
    notePage('/base/warehouse');
    notePage('/setting/password');
    notePage('/setting/password/');
    notePage('/setting/password?x=1');
    expect(pageBefore('/setting/password')).toBe('/base/warehouse');
  });

  it('counts a page visited again as the newest', () => {
    notePage('/base/warehouse');
    notePage('/setting/user-info');
    notePage('/base/warehouse');
    notePage('/setting/password');
    expect(pageBefore('/setting/password')).toBe('/base/warehouse');
  });

  it('answers nothing when the page was the only one, or after the session is forgotten', () => {
    notePage('/setting/password');
    expect(pageBefore('/setting/password')).toBeUndefined();
    notePage('/base/warehouse');
    clearTrail();
    expect(pageBefore('/setting/password')).toBeUndefined();
  });
});
