import { describe, expect, it } from 'vitest';
import type { PasswordRule } from '../../../core/passwordPolicy';
import { passwordProblem } from './passwordRules';

/** The policy every installation starts with: 12 to 20 characters, any characters. */
const rule: PasswordRule = { constitute: 'ANY', minLength: 12, maxLength: 20 };

describe('passwordProblem', () => {
  it('requires all three fields', () => {
    expect(passwordProblem('oldPwd', {})).toEqual({ key: 'password.oldRequired' });
    expect(passwordProblem('newPwd', {}, { rule })).toEqual({ key: 'password.newRequired' });
    expect(passwordProblem('confirmPwd', {})).toEqual({ key: 'password.confirmRequired' });
  });

  it("judges the new password by the server's policy, not by 6 to 20 characters", () => {
    expect(passwordProblem('newPwd', { newPwd: 'abcdefgh' }, { rule })).toEqual({
      key: 'validation.passwordPolicy',
      breach: { key: 'password.tooShort', params: { min: 12 } },
    });
    expect(passwordProblem('newPwd', { newPwd: 'a'.repeat(21) }, { rule })).toEqual({
      key: 'validation.passwordPolicy',
      breach: { key: 'password.tooLong', params: { max: 20 } },
    });
    expect(passwordProblem('newPwd', { newPwd: 'river-stone-42' }, { rule })).toBeUndefined();
    const lettersAndDigits: PasswordRule = { constitute: 'LETTERS_AND_DIGITS', minLength: 8, maxLength: 20 };
    expect(passwordProblem('newPwd', { newPwd: 'abcdefghij' }, { rule: lettersAndDigits })?.breach).toEqual({
      key: 'password.needLettersDigits',
    });
  });

  it('refuses what the server refuses beside the policy: the old password again, the user number in it', () => {
    const values = { oldPwd: 'river-stone-42', newPwd: 'river-stone-42' };
    expect(passwordProblem('newPwd', values, { rule })?.breach).toEqual({ key: 'password.sameAsOld' });
    expect(
      passwordProblem('newPwd', { newPwd: 'supplier2-pass' }, { rule, userNo: 'supplier2' })?.breach,
    ).toEqual({ key: 'password.containsUserNo' });
  });

  it('leaves the new password to the server while the policy is not loaded', () => {
    expect(passwordProblem('newPwd', { newPwd: 'abc' })).toBeUndefined();
  });

  it('wants the confirmation to match the new password', () => {
    expect(passwordProblem('confirmPwd', { newPwd: 'abc1234', confirmPwd: 'abc1235' })).toEqual({
      key: 'password.mismatch',
    });
    expect(passwordProblem('confirmPwd', { newPwd: 'abc1234', confirmPwd: 'abc1234' })).toBeUndefined();
  });

  it('does not judge the length of the old password (older policies allowed others)', () => {
    expect(passwordProblem('oldPwd', { oldPwd: 'x' }, { rule })).toBeUndefined();
  });
});
