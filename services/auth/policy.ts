// The password policy of spec 001 lives in sys_password_policy and is enforced at login (mistakes,
// lock minutes) and whenever a password is set.

import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';

export interface PasswordPolicy {
  constitute: 'ANY' | 'LETTERS_DIGITS' | 'LETTERS_AND_DIGITS';
  minLength: number;
  maxLength: number;
  allowMistakeTimes: number;
  lockTime: number;
  /** Given to new users and resets when the administrator types none (the user module decides). */
  defaultPwd: string | null;
  /** Days a password stays valid; enforced at login when isControlIndate is 'Y'. */
  indate: number;
  isControlIndate: 'Y' | 'N';
  /** Days before the password expires that the user is warned, when isExpireWarn is 'Y'. */
  predate: number;
  isExpireWarn: 'Y' | 'N';
}

/**
 * Defaults chosen for OWASP ASVS 4.0 level 2 within the spec's bounds (length 6-20):
 * at least 12 characters (V2.1.1), any characters, no composition rules (V2.1.9), no forced
 * periodic change (V2.1.10), and a lock of 15 minutes after 5 wrong passwords (V2.2.1).
 */
export const DEFAULT_POLICY: PasswordPolicy = {
  constitute: 'ANY',
  minLength: 12,
  maxLength: 20,
  allowMistakeTimes: 5,
  lockTime: 15,
  defaultPwd: null,
  indate: 0,
  isControlIndate: 'N',
  predate: 0,
  isExpireWarn: 'N',
};

export async function loadPolicy(db: Db): Promise<PasswordPolicy> {
  const row = await db
    .selectFrom('sysPasswordPolicy')
    .select([
      'constitute',
      'minLength',
      'maxLength',
      'allowMistakeTimes',
      'lockTime',
      'defaultPwd',
      'indate',
      'isControlIndate',
      'predate',
      'isExpireWarn',
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ?? DEFAULT_POLICY;
}

/** Throws passwordPolicy with the first rule the new password breaks. */
export function checkNewPassword(
  policy: PasswordPolicy,
  password: string,
  t: Translate,
  context: { userNo: string; oldPassword?: string },
): void {
  const fail = (key: string, params?: Record<string, unknown>) => {
    throw new AppError('passwordPolicy', { reason: t(key, params) });
  };
  if (password.length < policy.minLength) fail('password.tooShort', { min: policy.minLength });
  if (password.length > policy.maxLength) fail('password.tooLong', { max: policy.maxLength });
  const letters = /[A-Za-z]/.test(password);
  const digits = /\d/.test(password);
  if (policy.constitute !== 'ANY' && !/^[A-Za-z\d]+$/.test(password)) fail('password.onlyLettersDigits');
  if (policy.constitute === 'LETTERS_AND_DIGITS' && !(letters && digits)) fail('password.needLettersDigits');
  if (context.oldPassword !== undefined && context.oldPassword === password) fail('password.sameAsOld');
  if (context.userNo.length >= 3 && password.toLowerCase().includes(context.userNo.toLowerCase()))
    fail('password.containsUserNo');
}

/** When a password set at `changedAt` expires under the policy; undefined when passwords do not expire. */
export function passwordExpiry(policy: PasswordPolicy, changedAt: Date): Date | undefined {
  if (policy.isControlIndate !== 'Y' || policy.indate <= 0) return undefined;
  return new Date(changedAt.getTime() + policy.indate * 86_400_000);
}
