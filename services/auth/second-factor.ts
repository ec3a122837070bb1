// The optional second factor of a user (OWASP ASVS V6.3.2, V6.5): a TOTP authenticator (RFC 6238,
// otplib; 30-second steps, 6 digits, one step of clock drift either way) and ten recovery codes shown
// once, kept salted and hashed, each usable once.
//
// - A code is taken once: the newest time step accepted is kept, and a code of that step or an earlier
//   one is refused, so a code seen over a shoulder cannot be replayed within its window.
// - Wrong codes at login count toward the password policy's lock, per account and client address
//   (services/auth/policy.ts), and a challenge takes at most CHALLENGE_ATTEMPTS of them.
// - At login the password step of a user with a factor (or of a role the password policy names) opens
//   no session: it answers a short-lived challenge, kept by its hash like a session token; the code
//   (or, for a required role, the first enrolment) against that challenge opens the session.
// - The secret is stored as the base32 text the authenticator was given (the project has no key store
//   to encrypt it with): migration 107 says so.
// - Enrolment, disabling, an administrator's reset, a recovery code used and each code step at login
//   are written to the operation log as security events, with the actor and the client address.
// hand-written SQL: the security events' operation log rows (the audit log's own insert is private)
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import bwipjs from 'bwip-js/node';
import { sql } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import { countMistake, lockedMinutes } from './policy.js';
import { hashToken } from './sessions.js';

/** Seconds of one TOTP step, and the drift allowed either way (one step). */
export const TOTP_PERIOD = 30;
const TOTP_TOLERANCE = 30;
/** How long a login challenge lives, and how many codes it takes before it ends. */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_ATTEMPTS = 5;
export const RECOVERY_CODES = 10;
/** The name authenticator apps show above the account. */
export const ISSUER = 'SRM Portal';

export type CodeCheck = { kind: 'ok'; step: number } | { kind: 'wrong' } | { kind: 'replay' };

/** A TOTP code is six digits; spaces typed inside it are ignored. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}

/**
 * Checks a TOTP code against the secret at `epochSeconds`: ok with the time step it belongs to, wrong,
 * or a replay (a right code of a step at or before `lastStep`, the newest one already taken).
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  epochSeconds = Math.floor(Date.now() / 1000),
): Promise<CodeCheck> {
  const token = code.replace(/\s+/g, '');
  if (!isTotpCode(token)) return { kind: 'wrong' };
  const result = await verify({ secret, token, epoch: epochSeconds, epochTolerance: TOTP_TOLERANCE });
  if (!result.valid) return { kind: 'wrong' };
  // The default strategy is TOTP, whose answer carries the matched time step (HOTP's does not).
  const step = (result as { timeStep: number }).timeStep;
  if (lastStep !== null && step <= lastStep) return { kind: 'replay' };
  return { kind: 'ok', step };
}

/** A recovery code as typed or as shown: upper case, without spaces or dashes. */
export function normaliseRecovery(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Ten codes of 16 characters from 32 (80 bits each), shown as XXXX-XXXX-XXXX-XXXX. */
export function newRecoveryCodes(count = RECOVERY_CODES): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(16);
    const chars = [...bytes].map((b) => BASE32[b % 32]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

export function recoveryHash(salt: string, code: string): string {
  return createHash('sha256')
    .update(`${salt}:${normaliseRecovery(code)}`)
    .digest('hex');
}

/** What the enrolment shows: the secret as text, the otpauth address and its QR code as an SVG data URL. */
export interface Enrolment {
  secret: string;
  uri: string;
  qr: string;
}

export function enrolmentOf(secret: string, userNo: string): Enrolment {
  const uri = generateURI({ issuer: ISSUER, label: userNo, secret });
  const svg = bwipjs.toSVG({
    bcid: 'qrcode',
    text: uri,
    scale: 4,
    paddingwidth: 4,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The user's factor: whether it is confirmed (asked at login), and how many recovery codes are left. */
export interface SecondFactorState {
  enabled: boolean;
  confirmedAt: string | null;
  recoveryLeft: number;
  /** A role of the user is one the password policy requires a second factor of. */
  required: boolean;
}

/** Whether a role of the user is one of the password policy's second_factor_roles. */
export async function roleRequires(db: Db, userId: string): Promise<boolean> {
  const policy = await db
    .selectFrom('sysPasswordPolicy')
    .select('secondFactorRoles')
    .where('id', '=', 1)
    .executeTakeFirst();
  const roles = (policy?.secondFactorRoles ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (!roles.length) return false;
  const row = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.roleNo')
    .where('ur.userId', '=', userId)
    .where('r.roleNo', 'in', roles)
    .executeTakeFirst();
  return Boolean(row);
}

/** The first of the comma-joined role numbers that names no role, if any. */
export async function unknownRole(db: Db, value: unknown): Promise<string | undefined> {
  const roles = [...new Set(String(value ?? '').split(','))].map((r) => r.trim()).filter(Boolean);
  if (!roles.length) return undefined;
  const found = await db.selectFrom('sysRole').select('roleNo').where('roleNo', 'in', roles).execute();
  return roles.find((r) => !found.some((f) => f.roleNo === r));
}

export async function stateOf(db: Db, userId: string): Promise<SecondFactorState> {
  const [factor, left, required] = await Promise.all([
    db.selectFrom('sysSecondFactor').select('confirmedAt').where('userId', '=', userId).executeTakeFirst(),
    db
      .selectFrom('sysSecondFactorRecovery')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .executeTakeFirstOrThrow(),
    roleRequires(db, userId),
  ]);
  const confirmedAt = factor?.confirmedAt ? new Date(factor.confirmedAt).toISOString() : null;
  return {
    enabled: Boolean(confirmedAt),
    confirmedAt,
    recoveryLeft: confirmedAt ? Number(left.n) : 0,
    required,
  };
}

/** A new secret waiting for its first code; a confirmed factor must be turned off first. */
export async function startEnrolment(db: Db, user: { id: string; userNo: string }): Promise<Enrolment> {
  const current = await db
    .selectFrom('sysSecondFactor')
    .select('confirmedAt')
    .where('userId', '=', user.id)
    .executeTakeFirst();
  if (current?.confirmedAt) throw new AppError('secondFactorEnrolled');
  const secret = generateSecret();
  await db
    .insertInto('sysSecondFactor')
    .values({ userId: user.id, secret, confirmedAt: null, lastTimeStep: null })
    .onConflict((oc) =>
      oc
        .column('userId')
        .doUpdateSet({ secret, confirmedAt: null, lastTimeStep: null, createDate: new Date() }),
    )
    .execute();
  return enrolmentOf(secret, user.userNo);
}

/**
 * The first code of the authenticator confirms the enrolment; the answer is the recovery codes, shown
 * this once (the database keeps their salted hashes only).
 */
export async function confirmEnrolment(db: Db, userId: string, code: string): Promise<string[]> {
  const pending = await db
    .selectFrom('sysSecondFactor')
    .select(['secret', 'confirmedAt', 'lastTimeStep'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!pending) throw new AppError('secondFactorNotStarted');
  if (pending.confirmedAt) throw new AppError('secondFactorEnrolled');
  const check = await checkTotp(pending.secret, code, pending.lastTimeStep);
  if (check.kind !== 'ok') throw new AppError('secondFactorCode');
  const codes = newRecoveryCodes();
  await db.transaction().execute(async (tx) => {
    const done = await tx
      .updateTable('sysSecondFactor')
      .set({ confirmedAt: new Date(), lastTimeStep: check.step })
      .where('userId', '=', userId)
      .where('confirmedAt', 'is', null)
      .where('secret', '=', pending.secret)
      .executeTakeFirst();
    // A second confirmation racing this one, or an enrolment started again meanwhile.
    if (Number(done.numUpdatedRows) !== 1) throw new AppError('secondFactorNotStarted');
    await tx.deleteFrom('sysSecondFactorRecovery').where('userId', '=', userId).execute();
    await tx
      .insertInto('sysSecondFactorRecovery')
      .values(
        codes.map((c) => {
          const salt = randomBytes(16).toString('hex');
          return { userId, salt, codeHash: recoveryHash(salt, c) };
        }),
      )
      .execute();
  });
  return codes;
}

/** Removes the user's factor and recovery codes; false when there was none (not even a pending one). */
export async function removeFactor(db: Db, userId: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await tx.deleteFrom('sysSecondFactorRecovery').where('userId', '=', userId).execute();
    const gone = await tx.deleteFrom('sysSecondFactor').where('userId', '=', userId).executeTakeFirst();
    return Number(gone.numDeletedRows) > 0;
  });
}

/**
 * Checks a code of the user's confirmed factor and takes it: a TOTP code moves the newest accepted
 * time step on (atomically, so two calls with one code cannot both pass), a recovery code is marked
 * used. Answers which kind was taken; refuses with secondFactorCode or secondFactorReplay.
 */
export async function takeCode(db: Db, userId: string, code: string): Promise<'totp' | 'recovery'> {
  const factor = await db
    .selectFrom('sysSecondFactor')
    .select(['secret', 'lastTimeStep', 'confirmedAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!factor?.confirmedAt) throw new AppError('secondFactorNone');
  if (isTotpCode(code)) {
    const check = await checkTotp(factor.secret, code, factor.lastTimeStep);
    if (check.kind === 'replay') throw new AppError('secondFactorReplay');
    if (check.kind === 'wrong') throw new AppError('secondFactorCode');
    const taken = await db
      .updateTable('sysSecondFactor')
      .set({ lastTimeStep: check.step })
      .where('userId', '=', userId)
      .where((eb) => eb.or([eb('lastTimeStep', 'is', null), eb('lastTimeStep', '<', check.step)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new AppError('secondFactorReplay');
    return 'totp';
  }
  const typed = normaliseRecovery(code);
  if (!/^[A-Z0-9]{16}$/.test(typed)) throw new AppError('secondFactorCode');
  const rows = await db
    .selectFrom('sysSecondFactorRecovery')
    .select(['id', 'salt', 'codeHash'])
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
  const match = rows.find((r) =>
    timingSafeEqual(Buffer.from(recoveryHash(r.salt, typed), 'hex'), Buffer.from(r.codeHash, 'hex')),
  );
  if (!match) throw new AppError('secondFactorCode');
  const used = await db
    .updateTable('sysSecondFactorRecovery')
    .set({ usedAt: new Date() })
    .where('id', '=', match.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new AppError('secondFactorCode');
  return 'recovery';
}

/** Whether the user has a confirmed factor. */
export async function hasFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysSecondFactor')
    .select('confirmedAt')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.confirmedAt);
}

export type ChallengePurpose = 'code' | 'enrol';

/** The password step's answer when a second factor is due: no token, a challenge instead. */
export interface SecondFactorAnswer {
  secondFactor: ChallengePurpose;
  challenge: string;
  userNo: string;
  userName: string;
}

/**
 * After a right password: the challenge the user must answer, or undefined when the user has no
 * factor and no role requires one (the login opens its session at once).
 */
export async function passwordStepChallenge(
  ctx: CallContext,
  user: { id: string; userNo: string; userName: string },
): Promise<SecondFactorAnswer | undefined> {
  const purpose: ChallengePurpose | undefined = (await hasFactor(ctx.db, user.id))
    ? 'code'
    : (await roleRequires(ctx.db, user.id))
      ? 'enrol'
      : undefined;
  if (!purpose) return undefined;
  const challenge = randomBytes(32).toString('base64url');
  // A challenge of the same user left unanswered ends with the new one; those expired long ago go too.
  await ctx.db
    .deleteFrom('sysSecondFactorChallenge')
    .where((eb) => eb.or([eb('userId', '=', user.id), eb('expiresAt', '<', new Date())]))
    .execute();
  await ctx.db
    .insertInto('sysSecondFactorChallenge')
    .values({
      challengeHash: hashToken(challenge),
      userId: user.id,
      purpose,
      clientIp: ctx.ip.slice(0, 64),
      expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
    })
    .execute();
  return { secondFactor: purpose, challenge, userNo: user.userNo, userName: user.userName };
}

export interface ChallengeUser {
  challengeHash: string;
  id: string;
  userNo: string;
  userName: string;
  orgNo: string | null;
}

/**
 * The user of a live challenge of this purpose from this client address; anything else (unknown,
 * expired, used, of the other purpose, another address, a disabled account) is secondFactorChallenge,
 * and the user starts again with the password.
 */
export async function challengeUser(
  ctx: CallContext,
  challenge: string,
  purpose: ChallengePurpose,
): Promise<ChallengeUser> {
  const hash = hashToken(challenge);
  const row = await ctx.db
    .selectFrom('sysSecondFactorChallenge as c')
    .innerJoin('sysUser as u', 'u.id', 'c.userId')
    .select([
      'c.purpose',
      'c.expiresAt',
      'c.clientIp',
      'u.id',
      'u.userNo',
      'u.userName',
      'u.orgNo',
      'u.statusCode',
    ])
    .where('c.challengeHash', '=', hash)
    .executeTakeFirst();
  if (
    !row ||
    row.purpose !== purpose ||
    new Date(row.expiresAt).getTime() < Date.now() ||
    (row.clientIp ?? '') !== ctx.ip.slice(0, 64) ||
    row.statusCode !== '1'
  )
    throw new AppError('secondFactorChallenge');
  return { challengeHash: hash, id: row.id, userNo: row.userNo, userName: row.userName, orgNo: row.orgNo };
}

export async function endChallenge(db: Db, challengeHash: string): Promise<void> {
  await db.deleteFrom('sysSecondFactorChallenge').where('challengeHash', '=', challengeHash).execute();
}

/**
 * A wrong code against a challenge: counted toward the account's lock for this address, and toward the
 * challenge's own attempts; the lock, or the last attempt, ends the challenge.
 */
export async function wrongCode(ctx: CallContext, user: ChallengeUser, error: AppError): Promise<never> {
  const locked = await countMistake(ctx.db, user.id, ctx.ip);
  const { rows } = await sql<{ attempts: number }>`
    update sys_second_factor_challenge set attempts = attempts + 1
    where challenge_hash = ${user.challengeHash} returning attempts`.execute(ctx.db);
  if (locked || (rows[0]?.attempts ?? CHALLENGE_ATTEMPTS) >= CHALLENGE_ATTEMPTS)
    await endChallenge(ctx.db, user.challengeHash);
  if (locked) throw new AppError('accountLocked', { minutes: await lockedMinutes(ctx.db, user.id, ctx.ip) });
  throw error;
}

/** Refuses a code step while the account is locked for this address (the lock of the password policy). */
export async function refuseLocked(ctx: CallContext, user: ChallengeUser): Promise<void> {
  const minutes = await lockedMinutes(ctx.db, user.id, ctx.ip);
  if (minutes > 0) {
    await endChallenge(ctx.db, user.challengeHash);
    throw new AppError('accountLocked', { minutes });
  }
}

/** The security events of the second factor, as operation log rows of ISrmBmLoginService. */
export type SecurityEvent =
  | 'secondFactorLogin'
  | 'secondFactorRecoveryUsed'
  | 'secondFactorEnrolled'
  | 'secondFactorDisabled'
  | 'secondFactorReset';

/**
 * One operation log row: who acted (`actor`), from the call's client address, what happened and, for
 * an administrator's reset, whose factor it was (`message`). Awaited, unlike the generic rows: a
 * security event that was not kept must not pass unnoticed.
 */
export async function securityEvent(
  ctx: CallContext,
  event: SecurityEvent,
  actor: { userNo: string; userName: string },
  result: 'success' | 'failure' = 'success',
  message: string | null = null,
  resultCode = '0',
): Promise<void> {
  if (!ctx.config.auditLog) return;
  await sql`
    insert into sys_operation_log (user_no, user_name, service, method, client_ip, operation_type, result, result_code, message)
    values (${actor.userNo}, ${actor.userName}, 'ISrmBmLoginService', ${event}, ${ctx.ip}, '1', ${result},
      ${resultCode}, ${message})`.execute(ctx.db);
}
