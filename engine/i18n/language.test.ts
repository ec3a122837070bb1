import { describe, expect, it } from 'vitest';
import { chooseLanguage, matchLanguage } from './language';

describe('chooseLanguage', () => {
  it('takes the language stored in the cookie first', () => {
    expect(chooseLanguage('vi', ['en-US'])).toBe('vi');
  });
  it('ignores a stored value we do not ship and falls back to the browser language', () => {
    expect(chooseLanguage('fr-FR', ['fr-FR', 'en-GB'])).toBe('en-US');
    expect(chooseLanguage(undefined, ['zh-TW'])).toBe('zh-TW');
  });
  it('falls back to zh-CN when neither matches', () => {
    expect(chooseLanguage(undefined, ['de-DE', 'fr'])).toBe('zh-CN');
    expect(chooseLanguage(undefined, [])).toBe('zh-CN');
  });
});

describe('matchLanguage', () => {
  it('maps regional and script variants to the shipped languages', () => {
    expect(matchLanguage('zh')).toBe('zh-CN');
    expect(matchLanguage('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLanguage('zh-Hant')).toBe('zh-TW');
    expect(matchLanguage('zh-HK')).toBe('zh-TW');
    expect(matchLanguage('en-GB')).toBe('en-US');
    expect(matchLanguage('vi-VN')).toBe('vi');
    expect(matchLanguage('ja')).toBeUndefined();
  });
});
