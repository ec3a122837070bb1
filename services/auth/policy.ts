// The password policy of spec 001 lives in sys_password_policy and is enforced at login (mistakes,
// lock minutes) and whenever a password is set.

import { type PasswordContext, type PasswordRule, passwordBreach } from '../../engine/core/passwordPolicy.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';

/** The whole policy row: the rule a password must follow (shared with the forms), the lock and validity. */
export interface PasswordPolicy extends PasswordRule {
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

/**
 * Throws passwordPolicy with the first rule the new password breaks: the very check the forms run
 * before sending (engine/core/passwordPolicy.ts), so a password a form accepts is one the server takes.
 */
export function checkNewPassword(
  policy: PasswordRule,
  password: string,
  t: Translate,
  context: PasswordContext & { userNo: string },
): void {
  const breach = passwordBreach(policy, password, context);
  if (breach) throw new AppError('passwordPolicy', { reason: t(breach.key, breach.params) });
}

/** When a password set at `changedAt` expires under the policy; undefined when passwords do not expire. */
export function passwordExpiry(policy: PasswordPolicy, changedAt: Date): Date | undefined {
  if (policy.isControlIndate !== 'Y' || policy.indate <= 0) return undefined;
  return new Date(changedAt.getTime() + policy.indate * 86_400_000);
}
