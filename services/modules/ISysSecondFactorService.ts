// The second factor (services/auth/second-factor.ts) as calls: the user's own on the personal settings
// page (state, enrolment, turning it off), an administrator's reset from the user list, and the login's
// code and enrolment steps (spread into ISrmBmLoginService, whose calls they continue).
// hand-written SQL: the caller's password hash, and a reset user's pending login challenges

import { adminOnly } from '../access/admin-only.js';
import { verifyPassword } from '../auth/passwords.js';
import { clearMistakes, countMistake, loadPolicy, lockedMinutes } from '../auth/policy.js';
import {
  challengeUser,
  confirmEnrolment,
  endChallenge,
  refuseLocked,
  removeFactor,
  type SecondFactorState,
  securityEvent,
  startEnrolment,
  stateOf,
  takeCode,
  wrongCode,
} from '../auth/second-factor.js';
import { createSession } from '../auth/sessions.js';
import { AppError } from '../errors.js';
import { sessionAnswer } from '../http/session-cookie.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { get } from '../resource/resource.js';
import { deleteBody } from '../resource/schemas.js';
import { sysUserAdminResource, USER_MENU } from './ISupSrmSysUserService.js';

const empty = { type: 'object', properties: { condition: { type: ['object', 'null'] } } };
/** A TOTP code (6 digits) or a recovery code (16 characters, dashes and spaces allowed). */
const codeSchema = { type: 'string', minLength: 6, maxLength: 32, pattern: '^[A-Za-z0-9 -]+$' };
const challengeSchema = { type: 'string', minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' };

function conditionOf(properties: Record<string, unknown>, required: string[]) {
  return {
    type: 'object',
    required: ['condition'],
    properties: { condition: { type: 'object', required, additionalProperties: false, properties } },
  };
}

function me(ctx: CallContext) {
  return { id: ctx.user!.id, userNo: ctx.user!.userNo, userName: ctx.user!.userName };
}

/**
 * A code the signed-in user gives to prove it is them (turning the factor off): while the account is
 * locked for this address none is taken, and a wrong one counts toward the lock like a wrong password.
 */
async function proveWithCode(ctx: CallContext, code: string): Promise<void> {
  const user = me(ctx);
  const locked = await lockedMinutes(ctx.db, user.id, ctx.ip);
  if (locked > 0) throw new AppError('accountLocked', { minutes: locked });
  try {
    await takeCode(ctx.db, user.id, code);
  } catch (e) {
    if (!(e instanceof AppError) || e.kind === 'secondFactorNone') throw e;
    if (await countMistake(ctx.db, user.id, ctx.ip))
      throw new AppError('accountLocked', { minutes: await lockedMinutes(ctx.db, user.id, ctx.ip) });
    throw e;
  }
}

async function proveWithPassword(ctx: CallContext, pwd: string): Promise<void> {
  const user = me(ctx);
  const locked = await lockedMinutes(ctx.db, user.id, ctx.ip);
  if (locked > 0) throw new AppError('accountLocked', { minutes: locked });
  const row = await ctx.db
    .selectFrom('sysUser')
    .select('pwdHash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (await verifyPassword(row.pwdHash, pwd)) return;
  if (await countMistake(ctx.db, user.id, ctx.ip))
    throw new AppError('accountLocked', { minutes: await lockedMinutes(ctx.db, user.id, ctx.ip) });
  throw new AppError('wrongOldPassword');
}

/** The session a passed code step opens: the login's own answer. */
async function openSession(
  ctx: CallContext,
  user: { id: string; userNo: string; userName: string; orgNo: string | null },
) {
  const policy = await loadPolicy(ctx.db);
  await clearMistakes(ctx.db, user.id, ctx.ip);
  const token = await createSession(
    ctx.db,
    ctx.config,
    user.id,
    { ip: ctx.ip, userAgent: ctx.userAgent },
    policy.maxSessions,
  );
  // As the login: a browser asking for a cookie session gets the token as an HttpOnly cookie.
  const session = await sessionAnswer(ctx, token);
  return { ...session, orgNo: user.orgNo ?? '', userNo: user.userNo, userName: user.userName };
}

/**
 * The login calls after a password step that answered a challenge: public (no session yet), throttled
 * like the login, and logged by their handlers as security events (the generic row could not name
 * the user), hence audit 'read'.
 */
export const SECOND_FACTOR_LOGIN_METHODS = {
  /** The code (or a recovery code) against a 'code' challenge: the session. */
  loginSecondFactor: defineMethod<{ condition: { challenge: string; code: string } }>({
    throttled: true,
    audit: 'read',
    body: conditionOf({ challenge: challengeSchema, code: codeSchema }, ['challenge', 'code']),
    access: { kind: 'public' },
    handler: async (ctx, body) => {
      const user = await challengeUser(ctx, body.condition.challenge, 'code');
      await refuseLocked(ctx, user);
      let kind: 'totp' | 'recovery';
      try {
        kind = await takeCode(ctx.db, user.id, body.condition.code);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        await securityEvent(ctx, 'secondFactorLogin', user, 'failure', null, e.code);
        return wrongCode(ctx, user, e);
      }
      await endChallenge(ctx.db, user.challengeHash);
      await securityEvent(ctx, kind === 'recovery' ? 'secondFactorRecoveryUsed' : 'secondFactorLogin', user);
      return openSession(ctx, user);
    },
  }),
  /** A required role's user without a factor: the enrolment (secret, QR) against an 'enrol' challenge. */
  startSecondFactorAtLogin: defineMethod<{ condition: { challenge: string } }>({
    throttled: true,
    audit: 'read',
    body: conditionOf({ challenge: challengeSchema }, ['challenge']),
    access: { kind: 'public' },
    handler: async (ctx, body) => {
      const user = await challengeUser(ctx, body.condition.challenge, 'enrol');
      return startEnrolment(ctx.db, user);
    },
  }),
  /** Its first code: the recovery codes (shown once) and the session. */
  confirmSecondFactorAtLogin: defineMethod<{ condition: { challenge: string; code: string } }>({
    throttled: true,
    audit: 'read',
    body: conditionOf({ challenge: challengeSchema, code: codeSchema }, ['challenge', 'code']),
    access: { kind: 'public' },
    handler: async (ctx, body) => {
      const user = await challengeUser(ctx, body.condition.challenge, 'enrol');
      await refuseLocked(ctx, user);
      let recoveryCodes: string[];
      try {
        recoveryCodes = await confirmEnrolment(ctx.db, user.id, body.condition.code);
      } catch (e) {
        if (!(e instanceof AppError) || e.kind !== 'secondFactorCode') throw e;
        return wrongCode(ctx, user, e);
      }
      await endChallenge(ctx.db, user.challengeHash);
      await securityEvent(ctx, 'secondFactorEnrolled', user);
      return { ...(await openSession(ctx, user)), recoveryCodes };
    },
  }),
};

export const ISysSecondFactorService = defineService('ISysSecondFactorService', {
  // The personal settings page: only ever the caller's own factor.
  getMySecondFactor: defineMethod({
    body: empty,
    access: { kind: 'user' },
    handler: (ctx): Promise<SecondFactorState> => stateOf(ctx.db, ctx.user!.id),
  }),
  startMySecondFactor: defineMethod({
    body: empty,
    audit: 'read',
    access: { kind: 'user' },
    handler: (ctx) => startEnrolment(ctx.db, me(ctx)),
  }),
  confirmMySecondFactor: defineMethod<{ condition: { code: string } }>({
    throttled: true,
    audit: 'read',
    body: conditionOf({ code: codeSchema }, ['code']),
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const recoveryCodes = await confirmEnrolment(ctx.db, ctx.user!.id, body.condition.code);
      await securityEvent(ctx, 'secondFactorEnrolled', me(ctx));
      return { recoveryCodes };
    },
  }),
  /** Turning it off takes a current code (or a recovery code) or the password. */
  disableMySecondFactor: defineMethod<{ condition: { code?: string; pwd?: string } }>({
    throttled: true,
    audit: 'read',
    body: conditionOf({ code: codeSchema, pwd: { type: 'string', minLength: 1, maxLength: 128 } }, []),
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const { code, pwd } = body.condition;
      const state = await stateOf(ctx.db, ctx.user!.id);
      if (!state.enabled) throw new AppError('secondFactorNone');
      if (code) await proveWithCode(ctx, code);
      else if (pwd) await proveWithPassword(ctx, pwd);
      else throw new AppError('secondFactorProof');
      await removeFactor(ctx.db, ctx.user!.id);
      await securityEvent(ctx, 'secondFactorDisabled', me(ctx));
      return null;
    },
  }),
  ...adminOnly({
    /**
     * The user list's row action: the users' factors and recovery codes removed, each reset logged with
     * the administrator and the address; users outside the administrator's scope are not found.
     */
    resetsecondfactor: defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
      body: deleteBody(),
      audit: 'read',
      access: { kind: 'menu', menus: [USER_MENU], flag: 'isModify' },
      handler: async (ctx, body) => {
        const users = [];
        for (const d of body.condition.delList) users.push(await get(sysUserAdminResource, ctx, d.id));
        let reset = 0;
        for (const u of users) {
          const id = String(u.id);
          await ctx.db.deleteFrom('sysSecondFactorChallenge').where('userId', '=', id).execute();
          if (!(await removeFactor(ctx.db, id))) continue;
          reset++;
          await securityEvent(ctx, 'secondFactorReset', me(ctx), 'success', String(u.userNo));
        }
        if (!reset) throw new AppError('secondFactorNone');
        return { updated: reset, inserted: 0 };
      },
    }),
  }),
});
