import { describe, expect, it } from 'vitest';
import { passwordProblem } from './passwordRules';

describe('passwordProblem', () => {
  it('requires all three fields', () => {
    expect(passwordProblem('oldPwd', {})).toBe('password.oldRequired');
    expect(passwordProblem('newPwd', {})).toBe('password.newRequired');
    expect(passwordProblem('confirmPwd', {})).toBe('password.confirmRequired');
  });
  it('wants 6 to 20 characters for the new password and its confirmation', () => {
    expect(passwordProblem('newPwd', { newPwd: 'abc12' })).toBe('password.length');
    expect(passwordProblem('newPwd', { newPwd: 'a'.repeat(21) })).toBe('password.length');
    expect(passwordProblem('newPwd', { newPwd: 'abc123' })).toBeUndefined();
    expect(passwordProblem('newPwd', { newPwd: 'a'.repeat(20) })).toBeUndefined();
  });
  it('wants the confirmation to match the new password', () => {
    expect(passwordProblem('confirmPwd', { newPwd: 'abc1234', confirmPwd: 'abc1235' })).toBe(
      'password.mismatch',
    );
    expect(passwordProblem('confirmPwd', { newPwd: 'abc1234', confirmPwd: 'abc1234' })).toBeUndefined();
  });
  it('does not judge the length of the old password (older policies allowed others)', () => {
    expect(passwordProblem('oldPwd', { oldPwd: 'x' })).toBeUndefined();
  });
});
