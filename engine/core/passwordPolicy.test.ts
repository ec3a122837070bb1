// The one password rule, as the server refuses a new password (services/auth/policy.ts) and as the
// forms judge it before sending: the same function on both sides.
import enUS from '@locales/en-US.json';
import vi from '@locales/vi.json';
import zhCN from '@locales/zh-CN.json';
import zhTW from '@locales/zh-TW.json';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_CONSTITUTES,
  type PasswordRule,
  passwordBreach,
  passwordRuleText,
  toPasswordRule,
} from './passwordPolicy';

/** The policy every installation starts with (services/auth/policy.ts DEFAULT_POLICY). */
const DEFAULT: PasswordRule = { constitute: 'ANY', minLength: 12, maxLength: 20 };
const rule = (constitute: PasswordRule['constitute'], minLength = 8, maxLength = 16): PasswordRule => ({
  constitute,
  minLength,
  maxLength,
});

describe('passwordBreach', () => {
  it("refuses 'abcdefgh' under the default policy: at least 12 characters", () => {
    expect(passwordBreach(DEFAULT, 'abcdefgh')).toEqual({ key: 'password.tooShort', params: { min: 12 } });
    expect(passwordBreach(DEFAULT, 'abcdefghijk')).toEqual({ key: 'password.tooShort', params: { min: 12 } });
    expect(passwordBreach(DEFAULT, 'abcdefghijkl')).toBeUndefined();
  });

  it('holds the policy’s own lengths, not the spec’s bounds of 6 to 20', () => {
    expect(passwordBreach(rule('ANY'), 'abcdefg')).toEqual({ key: 'password.tooShort', params: { min: 8 } });
    expect(passwordBreach(rule('ANY'), 'abcdefgh')).toBeUndefined();
    expect(passwordBreach(rule('ANY'), 'a'.repeat(16))).toBeUndefined();
    expect(passwordBreach(rule('ANY'), 'a'.repeat(17))).toEqual({
      key: 'password.tooLong',
      params: { max: 16 },
    });
  });

  it('ANY takes any characters', () => {
    expect(passwordBreach(rule('ANY'), 'päss wörd-€!')).toBeUndefined();
  });

  it('LETTERS_DIGITS takes letters and digits only, either alone', () => {
    expect(passwordBreach(rule('LETTERS_DIGITS'), 'abcdefgh')).toBeUndefined();
    expect(passwordBreach(rule('LETTERS_DIGITS'), '12345678')).toBeUndefined();
    expect(passwordBreach(rule('LETTERS_DIGITS'), 'abcd-1234')).toEqual({
      key: 'password.onlyLettersDigits',
    });
    expect(passwordBreach(rule('LETTERS_DIGITS'), 'abcd 1234')).toEqual({
      key: 'password.onlyLettersDigits',
    });
    expect(passwordBreach(rule('LETTERS_DIGITS'), 'äbcd1234')).toEqual({ key: 'password.onlyLettersDigits' });
  });

  it('LETTERS_AND_DIGITS wants letters and digits only, at least one of each', () => {
    expect(passwordBreach(rule('LETTERS_AND_DIGITS'), 'abcd1234')).toBeUndefined();
    expect(passwordBreach(rule('LETTERS_AND_DIGITS'), 'abcdefgh')).toEqual({
      key: 'password.needLettersDigits',
    });
    expect(passwordBreach(rule('LETTERS_AND_DIGITS'), '12345678')).toEqual({
      key: 'password.needLettersDigits',
    });
    expect(passwordBreach(rule('LETTERS_AND_DIGITS'), 'abcd_1234')).toEqual({
      key: 'password.onlyLettersDigits',
    });
  });

  it('names the first breach: length before classes before the context', () => {
    expect(passwordBreach(rule('LETTERS_AND_DIGITS'), 'a-b')).toEqual({
      key: 'password.tooShort',
      params: { min: 8 },
    });
    expect(passwordBreach(rule('LETTERS_AND_DIGITS'), 'buyer-pass', { userNo: 'buyer' })).toEqual({
      key: 'password.onlyLettersDigits',
    });
  });

  it('a new password must differ from the old one, when the old one is given', () => {
    expect(passwordBreach(DEFAULT, 'river-stone-42', { oldPassword: 'river-stone-42' })).toEqual({
      key: 'password.sameAsOld',
    });
    expect(passwordBreach(DEFAULT, 'river-stone-42', { oldPassword: 'demo1234' })).toBeUndefined();
    expect(passwordBreach(DEFAULT, 'river-stone-42')).toBeUndefined();
  });

  it('must not contain the user number (any case), when it has 3 characters or more', () => {
    expect(passwordBreach(DEFAULT, 'my-BUYER-pass', { userNo: 'buyer' })).toEqual({
      key: 'password.containsUserNo',
    });
    expect(passwordBreach(DEFAULT, 'my-buyer-pass', { userNo: 'ab' })).toBeUndefined();
    expect(passwordBreach(DEFAULT, 'my-buyer-pass', { userNo: '' })).toBeUndefined();
    expect(passwordBreach(DEFAULT, 'my-buyer-pass', { userNo: 'seller' })).toBeUndefined();
  });
});

describe('passwordRuleText', () => {
  it('states the lengths and the character classes, one sentence per constitute', () => {
    expect(passwordRuleText(DEFAULT)).toEqual({ key: 'password.rule.any', params: { min: 12, max: 20 } });
    expect(passwordRuleText(rule('LETTERS_DIGITS')).key).toBe('password.rule.lettersDigits');
    expect(passwordRuleText(rule('LETTERS_AND_DIGITS')).key).toBe('password.rule.lettersAndDigits');
  });

  it('every text and every reason is in all four languages, the rule’s numbers in each', () => {
    const reasons = [
      'password.tooShort',
      'password.tooLong',
      'password.onlyLettersDigits',
      'password.needLettersDigits',
      'password.sameAsOld',
      'password.containsUserNo',
    ];
    for (const locale of [enUS, zhCN, zhTW, vi] as Record<string, string>[]) {
      for (const c of PASSWORD_CONSTITUTES) {
        const text = locale[passwordRuleText(rule(c)).key];
        expect(text).toContain('{{min}}');
        expect(text).toContain('{{max}}');
      }
      for (const key of [...reasons, 'validation.passwordPolicy']) expect(locale[key], key).toBeTruthy();
    }
  });
});

describe('toPasswordRule', () => {
  it('keeps what a form needs of an answer, and nothing else', () => {
    expect(
      toPasswordRule({ constitute: 'ANY', minLength: 12, maxLength: 20, defaultPwd: 'secret', lockTime: 5 }),
    ).toEqual(DEFAULT);
  });

  it('is undefined for an answer that is no rule', () => {
    expect(toPasswordRule(null)).toBeUndefined();
    expect(toPasswordRule({})).toBeUndefined();
    expect(toPasswordRule({ constitute: 'SOME', minLength: 12, maxLength: 20 })).toBeUndefined();
    expect(toPasswordRule({ constitute: 'ANY', minLength: '12', maxLength: 20 })).toBeUndefined();
  });
});
