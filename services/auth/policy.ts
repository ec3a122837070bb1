// The password policy of spec 001 lives in sys_password_policy and is enforced at login (mistakes,
// lock minutes) and whenever a password is set.

import { dictionary } from '@zxcvbn-ts/language-common';
import { sql } from 'kysely';
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
  /** Sessions one user may hold at once; a new login ends the oldest beyond it. Null: no cap. */
  maxSessions: number | null;
}

/**
 * Defaults chosen for OWASP ASVS 4.0 level 2 within the spec's bounds (length 6-20; an administrator
 * may raise the maximum up to 128):
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
  maxSessions: null,
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
      'maxSessions',
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ?? DEFAULT_POLICY;
}

/**
 * Throws passwordPolicy with the first rule the new password breaks: the very check the forms run
 * before sending (engine/core/passwordPolicy.ts), so a password a form accepts is one the server takes,
 * then what only the server knows (ASVS V6.2.4, V6.2.11): the password is not one of the common ones,
 * and holds no word of the user's own name or company.
 */
export function checkNewPassword(
  policy: PasswordRule,
  password: string,
  t: Translate,
  context: PasswordContext & { userNo: string; names?: (string | null | undefined)[] },
): void {
  const breach = passwordBreach(policy, password, context);
  if (breach) throw new AppError('passwordPolicy', { reason: t(breach.key, breach.params) });
  if (isCommonPassword(password)) throw new AppError('passwordPolicy', { reason: t('password.common') });
  const word = nameWordIn(password, context.names ?? []);
  if (word) throw new AppError('passwordPolicy', { reason: t('password.containsName', { word }) });
}

let common: Set<string> | undefined;

/**
 * Whether the password is among the common and breached ones: the ranked list of zxcvbn-ts (about
 * 49,000 passwords seen most often in breaches), compared without case.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** A name's words this long or longer are looked for in a password; shorter ones would forbid too much. */
const NAME_WORD_MIN = 4;

/** The first word of the names (the user's name, its company's) that the password holds, if any. */
export function nameWordIn(password: string, names: (string | null | undefined)[]): string | undefined {
  const lower = password.toLowerCase();
  for (const name of names)
    for (const word of (name ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u))
      if ([...word].length >= NAME_WORD_MIN && lower.includes(word)) return word;
  return undefined;
}

/** The names a user's password must not hold: its own, its supplier's and its organisation's. */
export async function namesOfUser(
  db: Db,
  user: { userName?: string | null; supplierNo?: string | null; orgNo?: string | null },
): Promise<string[]> {
  const [supplier, org] = await Promise.all([
    user.supplierNo
      ? db
          .selectFrom('bmSupplier')
          .select('supplierName')
          .where('supplierNo', '=', user.supplierNo)
          .executeTakeFirst()
      : undefined,
    user.orgNo
      ? db.selectFrom('bmOrg').select('orgName').where('orgNo', '=', user.orgNo).executeTakeFirst()
      : undefined,
  ]);
  return [user.userName, supplier?.supplierName, org?.orgName].filter((n): n is string => Boolean(n));
}

/**
 * One more wrong password for the account from this client address (at login, or the old password of a
 * change); the one that reaches the policy's allowed mistakes locks the account for that address for
 * the policy's lock time. Counted per account and address in the database (sys_login_failure), so the
 * lock holds across restarts and instances, and a stranger failing on purpose locks only itself out.
 * Answers whether this one locked it.
 */
export async function countMistake(db: Db, userId: string, ip: string, now = Date.now()): Promise<boolean> {
  const policy = await loadPolicy(db);
  const lockUntil = new Date(now + policy.lockTime * 60_000);
  const { rows } = await sql<{ failures: number }>`
    insert into sys_login_failure (user_id, client_ip, failures, update_date)
    values (${userId}, ${ip}, 1, now())
    on conflict (user_id, client_ip) do update set failures = sys_login_failure.failures + 1, update_date = now()
    returning failures`.execute(db);
  if (rows[0].failures < policy.allowMistakeTimes) return false;
  await db
    .updateTable('sysLoginFailure')
    .set({ failures: 0, lockedUntil: lockUntil })
    .where('userId', '=', userId)
    .where('clientIp', '=', ip)
    .execute();
  return true;
}

/** For how many more minutes the account is locked for this client address; 0 when it is not. */
export async function lockedMinutes(db: Db, userId: string, ip: string, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('sysLoginFailure')
    .select('lockedUntil')
    .where('userId', '=', userId)
    .where('clientIp', '=', ip)
    .executeTakeFirst();
  const until = row?.lockedUntil ? new Date(row.lockedUntil).getTime() : 0;
  return until > now ? Math.ceil((until - now) / 60_000) : 0;
}

/** A right password from this address: its count starts again. */
export async function clearMistakes(db: Db, userId: string, ip: string): Promise<void> {
  await db.deleteFrom('sysLoginFailure').where('userId', '=', userId).where('clientIp', '=', ip).execute();
}

/** When a password set at `changedAt` expires under the policy; undefined when passwords do not expire. */
export function passwordExpiry(policy: PasswordPolicy, changedAt: Date): Date | undefined {
  if (policy.isControlIndate !== 'Y' || policy.indate <= 0) return undefined;
  return new Date(changedAt.getTime() + policy.indate * 86_400_000);
}
