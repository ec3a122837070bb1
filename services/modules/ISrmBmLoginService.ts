// Login, logout, licence and the user-info loader (spec 000 sections 3, 4, 7).
// hand-written SQL: login, its failure counter and lock, and the session user's scope, roles and menus

import type { UserInfo } from '../../schemas/generated/user-info.js';
import { DATA_TYPE } from '../access/scope.js';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords.js';
import { clearMistakes, countMistake, loadPolicy, lockedMinutes, passwordExpiry } from '../auth/policy.js';
import { passwordStepChallenge } from '../auth/second-factor.js';
import { activeSessions, createSession, endOwnSession, endSession } from '../auth/sessions.js';
import { AppError } from '../errors.js';
import { endSessionCookie, sessionAnswer } from '../http/session-cookie.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { licenseState } from '../system/license.js';
import { SECOND_FACTOR_LOGIN_METHODS } from './ISysSecondFactorService.js';

interface LoginBody {
  condition: { userNo: string; pwd: string; invokerParam?: unknown };
}

async function login(ctx: CallContext, body: LoginBody) {
  const userNo = body.condition.userNo.trim();
  const password = body.condition.pwd;
  const { db, config } = ctx;
  const user = await db
    .selectFrom('sysUser')
    .select(['id', 'userNo', 'userName', 'orgNo', 'pwdHash', 'statusCode', 'pwdChangedAt'])
    .where('userNo', '=', userNo)
    .executeTakeFirst();
  // An unknown user, a locked account and a wrong password get the same answer after the same work
  // (one password verification), so the answer tells nobody whether an account exists or is locked.
  if (!user) {
    await verifyAgainstDummy(password, config.argon2);
    throw new AppError('loginFailed');
  }
  const now = Date.now();
  const matches = await verifyPassword(user.pwdHash, password);
  if ((await lockedMinutes(db, user.id, ctx.ip, now)) > 0) throw new AppError('loginFailed');
  if (!matches) {
    await countMistake(db, user.id, ctx.ip, now);
    throw new AppError('loginFailed');
  }
  if (user.statusCode !== '1') throw new AppError('accountDisabled');
  // Password validity (isControlIndate, indate): an expired password no longer opens a session; the
  // user was warned predate days before (getAuth) and an administrator resets it.
  const policy = await loadPolicy(db);
  const expires = passwordExpiry(policy, new Date(user.pwdChangedAt));
  if (expires && expires.getTime() < now)
    throw new AppError('passwordExpired', { date: expires.toISOString().slice(0, 10) });
  // A second factor due: no session yet, a challenge (services/auth/second-factor.ts). The mistakes
  // stay counted until the code step passes, so a right password cannot reset the count of wrong codes.
  const challenge = await passwordStepChallenge(ctx, user);
  if (challenge) return challenge;
  await clearMistakes(db, user.id, ctx.ip);
  const token = await createSession(
    db,
    config,
    user.id,
    { ip: ctx.ip, userAgent: ctx.userAgent },
    policy.maxSessions,
  );
  // A browser asking for a cookie session gets the token as an HttpOnly cookie, not in the answer.
  const session = await sessionAnswer(ctx, token);
  return { ...session, orgNo: user.orgNo ?? '', userNo: user.userNo, userName: user.userName };
}

async function userInfo(ctx: CallContext): Promise<UserInfo> {
  const { db } = ctx;
  const me = ctx.user!;
  const user = await db
    .selectFrom('sysUser as u')
    .leftJoin('bmOrg as o', 'o.orgNo', 'u.orgNo')
    .leftJoin('bmWarehouse as w', 'w.warehouseNo', 'u.warehouseNo')
    .leftJoin('bmSupplier as s', 's.supplierNo', 'u.supplierNo')
    .select([
      'u.id',
      'u.userNo',
      'u.userName',
      'u.orgNo',
      'o.orgName',
      'u.warehouseNo',
      'w.warehouseName',
      'u.isLicense',
      'u.employeeId',
      'u.avatarFileId',
      'u.limitCount',
      'u.tenantsid',
      'u.supplierNo',
      's.supplierName',
      'u.phone',
      'u.email',
    ])
    .where('u.id', '=', me.id)
    .executeTakeFirstOrThrow();
  const scope = me.scope;
  let orgQuery = db.selectFrom('bmOrg').select(['orgNo', 'orgName', 'orgShortName']).orderBy('orgNo');
  let whQuery = db
    .selectFrom('bmWarehouse')
    .select(['warehouseNo', 'warehouseName', 'orgNo'])
    .orderBy('warehouseNo');
  let ctQuery = db
    .selectFrom('bmClassifyType')
    .select(['classifyType', 'classifyTypeName'])
    .orderBy('classifyType');
  if (!scope.all) {
    orgQuery = orgQuery.where('orgNo', 'in', scope.orgs.length ? scope.orgs : ['']);
    whQuery = whQuery.where('warehouseNo', 'in', scope.warehouses.length ? scope.warehouses : ['']);
    ctQuery = ctQuery.where('classifyType', 'in', scope.classifyTypes.length ? scope.classifyTypes : ['']);
  }
  const [orgs, warehouses, classifyTypes, roles] = await Promise.all([
    orgQuery.execute(),
    whQuery.execute(),
    ctQuery.execute(),
    db
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .select('r.roleNo')
      .where('ur.userId', '=', me.id)
      .where('r.statusCode', '=', '1')
      // A user's personal role (its own menu permissions) is not a role the user sees or shares with.
      .where('r.ownerUserId', 'is', null)
      .execute(),
  ]);
  return {
    id: user.id,
    userNo: user.userNo,
    userName: user.userName,
    orgNo: user.orgNo ?? '',
    orgName: user.orgName ?? '',
    warehouseNo: user.warehouseNo ?? '',
    warehouseName: user.warehouseName ?? '',
    isLicense: user.isLicense === 0 ? 0 : 1,
    employeeId: user.employeeId,
    url: user.avatarFileId,
    limitCount: user.limitCount,
    tenantsid: user.tenantsid,
    supplierNo: user.supplierNo,
    supplierName: user.supplierName,
    phone: user.phone,
    email: user.email,
    roles: roles.map((r) => r.roleNo),
    userDataList: [
      ...orgs.map((o) => ({ dataType: DATA_TYPE.org, dataValue: o.orgNo, dataName: o.orgName })),
      ...warehouses.map((w) => ({
        dataType: DATA_TYPE.warehouse,
        dataValue: w.warehouseNo,
        dataName: w.warehouseName,
      })),
      ...classifyTypes.map((c) => ({
        dataType: DATA_TYPE.classifyType,
        dataValue: c.classifyType,
        dataName: c.classifyTypeName,
      })),
    ] as UserInfo['userDataList'],
    sysUserOrgResDtoList: orgs.map((o) => ({
      orgNo: o.orgNo,
      orgName: o.orgName,
      orgShortName: o.orgShortName ?? '',
    })),
    sysUserWarehouseResDtoList: warehouses,
    sysUserClassifyTypeResDtoList: classifyTypes,
  };
}

const empty = { type: 'object', properties: { condition: { type: ['object', 'null'] } } };

export const ISrmBmLoginService = defineService('ISrmBmLoginService', {
  login: defineMethod<LoginBody>({
    throttled: true,
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['userNo', 'pwd'],
          properties: {
            userNo: { type: 'string', minLength: 1, maxLength: 64 },
            pwd: { type: 'string', minLength: 1, maxLength: 128 },
            invokerParam: {},
          },
        },
      },
    },
    access: { kind: 'public' },
    handler: login,
  }),
  ...SECOND_FACTOR_LOGIN_METHODS,
  logout: defineMethod({
    body: empty,
    access: { kind: 'user' },
    handler: async (ctx) => {
      await endSession(ctx.db, ctx.user!.tokenHash, 'logout');
      endSessionCookie(ctx);
      return null;
    },
  }),
  getAuth: defineMethod<{ condition?: { type?: string } }>({
    body: {
      type: 'object',
      properties: {
        condition: { type: ['object', 'null'], properties: { type: { type: 'string', enum: ['1', 'ALL'] } } },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx) => {
      const [row, license, policy] = await Promise.all([
        ctx.db
          .selectFrom('sysUser')
          .select(['isLicense', 'pwdChangedAt'])
          .where('id', '=', ctx.user!.id)
          .executeTakeFirstOrThrow(),
        licenseState(ctx.db, ctx.config),
        loadPolicy(ctx.db),
      ]);
      // The shell's notices after login: the licence's last day near, the password's expiry near.
      const expires = passwordExpiry(policy, new Date(row.pwdChangedAt));
      const pwdDaysLeft = expires ? Math.floor((expires.getTime() - Date.now()) / 86_400_000) : null;
      return {
        isLicense: row.isLicense === 0 || license.isLicense === 0 ? 0 : 1,
        licenseExpireDate: license.expireDate,
        licenseDaysLeft: license.daysLeft,
        licenseWarn: license.warn,
        pwdExpireDate: expires ? expires.toISOString().slice(0, 10) : null,
        pwdDaysLeft,
        pwdWarn: policy.isExpireWarn === 'Y' && pwdDaysLeft !== null && pwdDaysLeft <= policy.predate,
      };
    },
  }),
  getUserInfo: defineMethod({ body: empty, access: { kind: 'user' }, handler: userInfo }),
  // The personal settings page: the caller's open sessions, and ending any of them (its own too).
  getMySessions: defineMethod({
    body: empty,
    access: { kind: 'user' },
    handler: (ctx) => activeSessions(ctx.db, ctx.config, ctx.user!.id, ctx.user!.tokenHash),
  }),
  endMySession: defineMethod<{ condition: { sessionId: string } }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['sessionId'],
          properties: { sessionId: { type: 'string', format: 'uuid' } },
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      // Another user's session, or one already ended, is "not found": nothing tells them apart.
      if (!(await endOwnSession(ctx.db, ctx.user!.id, body.condition.sessionId)))
        throw new AppError('notFound');
      return null;
    },
  }),
});
