// The password policy screen (spec 001 sections 3, 5, 9): the one row of sys_password_policy, read and
// changed with its version. Login and every password change read it from the database each time, so a
// change applies at the next login or password change on every instance. getPasswordRule answers any
// logged-in user the part a form needs to judge a new password before sending it.
import {
  PASSWORD_CONSTITUTES,
  PASSWORD_LENGTH_BOUNDS,
  type PasswordRule,
} from '../../engine/core/passwordPolicy.js';
import { adminOnly } from '../access/admin-only.js';
import { checkNewPassword, loadPolicy, type PasswordPolicy } from '../auth/policy.js';
import { unknownRole } from '../auth/second-factor.js';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { get, inTransaction, type Row, update } from '../resource/resource.js';
import { updateBody } from '../resource/schemas.js';

export const POLICY_MENU = 'BaseManage.Security.PasswordPolicy';
const POLICY_ID = '1';

const yesNo = {
  type: 'string',
  write: 'always',
  required: true,
  enum: ['Y', 'N'],
  dictionary: 'YES_NO',
} as const;

export const policyResource = defineResource({
  table: 'sysPasswordPolicy',
  menus: [POLICY_MENU],
  fields: {
    constitute: {
      type: 'string',
      write: 'always',
      required: true,
      enum: [...PASSWORD_CONSTITUTES],
      dictionary: 'PWD_CONSTITUTE',
    },
    // Spec 001 section 5: a password has 6 to 20 characters; the maximum may be raised up to 128.
    minLength: {
      type: 'integer',
      write: 'always',
      required: true,
      minimum: PASSWORD_LENGTH_BOUNDS.min,
      maximum: PASSWORD_LENGTH_BOUNDS.max,
    },
    maxLength: {
      type: 'integer',
      write: 'always',
      required: true,
      minimum: PASSWORD_LENGTH_BOUNDS.min,
      maximum: PASSWORD_LENGTH_BOUNDS.max,
    },
    defaultPwd: { type: 'string', write: 'always', maxLength: PASSWORD_LENGTH_BOUNDS.max },
    allowMistakeTimes: { type: 'integer', write: 'always', required: true, minimum: 1, maximum: 100 },
    lockTime: { type: 'integer', write: 'always', required: true, minimum: 1, maximum: 1440 },
    indate: { type: 'integer', write: 'always', required: true, minimum: 0, maximum: 3650 },
    isControlIndate: yesNo,
    predate: { type: 'integer', write: 'always', required: true, minimum: 0, maximum: 365 },
    isExpireWarn: yesNo,
    // Sessions one user may hold at once (empty: no cap); a new login ends the oldest beyond it.
    maxSessions: { type: 'integer', write: 'always', minimum: 1, maximum: 100 },
    // Roles (role numbers, comma-joined) whose users must have a second factor (services/auth/second-factor.ts).
    secondFactorRoles: { type: 'string', write: 'always', maxLength: 2000 },
  },
});

function refuse(ctx: CallContext, field: string, key: string, params?: Record<string, unknown>): never {
  throw new AppError('invalidValue', { field: ctx.t(`field.${field}`), problem: ctx.t(key, params) });
}

/** The values must make sense together, not only each within its bounds. */
function checkConsistent(ctx: CallContext, p: PasswordPolicy): void {
  if (p.minLength > p.maxLength) refuse(ctx, 'maxLength', 'problem.minimum', { limit: p.minLength });
  if (p.isControlIndate === 'Y' && p.indate < 1) refuse(ctx, 'indate', 'problem.minimum', { limit: 1 });
  if (p.isExpireWarn === 'Y') {
    if (p.isControlIndate !== 'Y') refuse(ctx, 'isExpireWarn', 'policy.warnNeedsIndate');
    if (p.predate < 1) refuse(ctx, 'predate', 'problem.minimum', { limit: 1 });
    if (p.predate >= p.indate) refuse(ctx, 'predate', 'policy.predateBelowIndate', { indate: p.indate });
  }
  // The default password is handed to new users: it must itself pass the policy.
  if (p.defaultPwd) {
    try {
      checkNewPassword(p, p.defaultPwd, ctx.t, { userNo: '' });
    } catch (e) {
      if (e instanceof AppError)
        refuse(ctx, 'defaultPwd', 'policy.defaultBreaks', { reason: e.params.reason });
      throw e;
    }
  }
}

/** Every role the second factor is required of must exist. */
async function checkRoles(ctx: CallContext, value: unknown): Promise<void> {
  const missing = await unknownRole(ctx.db, value);
  if (missing) refuse(ctx, 'secondFactorRoles', 'problem.unknownRole', { roleNo: missing });
}

const body = updateBody(policyResource) as {
  properties: { condition: { properties: Record<string, unknown> } };
};
// The single row's id is 1, not a uuid.
body.properties.condition.properties.id = { anyOf: [{ const: '1' }, { const: 1 }] };

/**
 * The rule of the active policy, for the forms that set a password (add-user, the user's own password
 * page) to judge it as the server will and to state it: lengths and character classes only, never the
 * default password, the lock or the validity. Any logged-in user may ask, a supplier's user included.
 */
async function passwordRule(ctx: CallContext): Promise<PasswordRule> {
  const { constitute, minLength, maxLength } = await loadPolicy(ctx.db);
  return { constitute, minLength, maxLength };
}

export const ISysPasswordPolicyService = defineService('ISysPasswordPolicyService', {
  getPasswordRule: defineMethod({
    body: { type: 'object', properties: { condition: { type: ['object', 'null'] } } },
    access: { kind: 'user' },
    handler: passwordRule,
  }),
  ...adminOnly({
    getPasswordPolicy: defineMethod({
      body: { type: 'object', properties: { condition: { type: ['object', 'null'] } } },
      access: { kind: 'menu', menus: [POLICY_MENU], flag: 'isSearch' },
      resource: policyResource,
      handler: (ctx) => get(policyResource, ctx, POLICY_ID),
    }),
    updatePasswordPolicy: defineMethod<{ condition: Row & { version: number } }>({
      body,
      access: { kind: 'menu', menus: [POLICY_MENU], flag: 'isModify' },
      resource: policyResource,
      handler: (ctx, b) =>
        inTransaction(ctx, async (tx) => {
          const current = await get(policyResource, tx, POLICY_ID);
          const next = { ...current } as Row;
          for (const [k, v] of Object.entries(b.condition))
            if (k in policyResource.fields) next[k] = v === '' ? null : v;
          checkConsistent(tx, next as unknown as PasswordPolicy);
          await checkRoles(tx, next.secondFactorRoles);
          return update(policyResource, tx, { ...b.condition, id: POLICY_ID });
        }),
    }),
  }),
});
