// Users (spec 001 sections 2, 3, 6, 7): the user list, add-user and modify-user with basic info, the
// data scope (organisations, warehouses, classify types: services/access/user-data.ts), the roles
// given (role permissions) and the user's own menu permissions, delete, and the user's own password
// change (updatepwd) under the password policy. Administration is for the user menu's flags
// only and never for a supplier's user. The password hash is never a declared field.
// hand-written SQL: a user's roles and personal role (sys_user_role, read by a join), its password hash
// and whether it has a second factor

import {
  type DataInput,
  dataValuesInput,
  heldData,
  planData,
  presentData,
  writeData,
} from '../access/user-data.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { checkNewPassword, countMistake, loadPolicy, lockedMinutes, namesOfUser } from '../auth/policy.js';
import { endUserSessions } from '../auth/sessions.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, defineService, type MenuFlag } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { ORG_NAME, SUPPLIER_REFERENCE } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { PATTERNS, STATUS_FIELD } from '../resource/patterns.js';
import { get, inTransaction, list, type Row, remove, update } from '../resource/resource.js';
import { addRecord, updateRecord } from '../resource/save.js';
import { deleteBody, getBody, MAX_PAGE_SIZE } from '../resource/schemas.js';
import {
  type MenuPermission,
  menuListInput,
  parseMenuList,
  refuseSupplier,
  replaceRoleMenus,
  roleMenuList,
  roleResource,
} from './ISrmSysRoleService.js';

export const USER_MENU = 'BaseManage.Base.User';

export const sysUserAdminResource = defineResource({
  table: 'sysUser',
  menus: [USER_MENU],
  fields: {
    userNo: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 64,
      pattern: PATTERNS.code,
      keyword: true,
      sortable: true,
    },
    userName: {
      type: 'string',
      write: 'always',
      required: true,
      maxLength: 100,
      keyword: true,
      sortable: true,
    },
    orgNo: { type: 'string', write: 'always', maxLength: 32, sortable: true },
    supplierNo: { type: 'string', write: 'always', maxLength: 32, sortable: true },
    phone: { type: 'string', write: 'always', maxLength: 20, pattern: PATTERNS.mobile, sortable: true },
    email: { type: 'string', write: 'always', maxLength: 100, pattern: PATTERNS.email, sortable: true },
    statusCode: STATUS_FIELD,
    remark: { type: 'string', write: 'always', maxLength: 255, sortable: true },
  },
  filters: {
    userNoIndistinct: { field: 'userNo', op: 'contains' },
    userNameIndistinct: { field: 'userName', op: 'contains' },
    orgNo: { field: 'orgNo', op: 'eq' },
    supplierNo: { field: 'supplierNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  references: {
    // The user's home organisation: any organisation, a switched-off one too.
    orgNo: { table: 'bmOrg', column: 'orgNo', valid: false, name: ORG_NAME },
    supplierNo: SUPPLIER_REFERENCE,
  },
  defaultSort: { field: 'userNo', order: 'asc' },
});

/**
 * The caller's own account, which its password change writes: outside any data scope (a user without
 * an organisation has one too), and no one else's.
 */
const ownAccountResource = defineResource({
  table: 'sysUser',
  menus: [USER_MENU],
  fields: { userNo: { type: 'string' } },
  audience: (ctx, q) => q.where('t1.id', '=', ctx.user?.id ?? null),
});

/** The personal role holding a user's own menu permissions: '@' is outside the role-number pattern. */
const personalRoleNo = (userNo: string) => `@${userNo}`;

function requireFlag(ctx: CallContext, flag: MenuFlag): void {
  refuseSupplier(ctx, flag);
  if (!ctx.flags?.[flag]) throw new AppError('forbidden', { flag });
}

const invalid = (ctx: CallContext, field: string, problem: string, params?: Record<string, unknown>) =>
  new AppError('invalidValue', { field: ctx.t(`field.${field}`), problem: ctx.t(problem, params) });

async function rolesOf(db: Db, userId: string) {
  return db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select(['r.id', 'r.roleNo', 'r.roleName', 'r.statusCode'])
    .where('ur.userId', '=', userId)
    .where('r.ownerUserId', 'is', null)
    .orderBy('r.roleNo')
    .execute();
}

/**
 * The ids of the roles named (an array, or codes comma-joined): roles as the role screens know them, so
 * never anyone's personal role; a code naming none is refused (10017).
 */
async function rolesNamed(ctx: CallContext, roleNos: string[] | string | null): Promise<string[]> {
  const given = typeof roleNos === 'string' ? roleNos.split(',') : (roleNos ?? []);
  const wanted = [...new Set(given.map((no) => no.trim()).filter(Boolean))];
  const roles: Row[] = [];
  for (let i = 0; i < wanted.length; i += MAX_PAGE_SIZE) {
    const codes = wanted.slice(i, i + MAX_PAGE_SIZE);
    const page = await list(
      roleResource,
      ctx,
      { size: MAX_PAGE_SIZE, condition: { in: { roleNo: codes } } },
      { fields: ['id', 'roleNo'] },
    );
    roles.push(...page.records);
  }
  const missing = wanted.filter((no) => !roles.some((r) => r.roleNo === no));
  if (missing.length) throw invalid(ctx, 'roleNo', 'problem.notExisting', { value: missing.join(', ') });
  return roles.map((r) => String(r.id));
}

async function personalRoleId(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sysRole')
    .select('id')
    .where('ownerUserId', '=', userId)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The user as the modify-user page shows it: basic info, data scope (dataOrgNos, dataWarehouseNos,
 * dataClassifyTypes, userDataList), roles (roleNos, roleList) and own menus.
 */
async function userDetail(ctx: CallContext, id: string) {
  const user = await get(sysUserAdminResource, ctx, id);
  const roles = await rolesOf(ctx.db, id);
  const personal = await personalRoleId(ctx.db, id);
  return {
    ...user,
    ...presentData(await heldData(ctx.db, id)),
    roleNos: roles.map((r) => r.roleNo),
    roleList: roles,
    menuList: personal ? await roleMenuList(ctx.db, personal) : [],
  };
}

interface SaveUserBody {
  condition: DataInput & {
    id?: string | null;
    version?: number;
    userNo?: string;
    userName?: string;
    pwd?: string | null;
    pwdConfirm?: string | null;
    orgNo?: string | null;
    supplierNo?: string | null;
    phone?: string | null;
    email?: string | null;
    statusCode?: string;
    remark?: string | null;
    roleNos?: string[] | string | null;
    menuList?: MenuPermission[] | string | null;
  };
}

const text = (max: number, pattern = '^[^\\u0000]*$') => ({
  anyOf: [{ type: 'string', maxLength: max, pattern }, { type: 'null' }],
});

const nullableId = { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }, { const: '' }] };

interface UpdatePwdBody {
  condition: { oldPwd: string; newPwd: string };
}

const listMethods = standardMethods(sysUserAdminResource, { list: 'getsysuserlist' });

/** Each row with secondFactor Y when its user has a confirmed second factor (the reset then shows). */
async function withSecondFactor(db: Db, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => String(r.id));
  const enrolled = new Set(
    ids.length
      ? (
          await db
            .selectFrom('sysSecondFactor')
            .select('userId')
            .where('userId', 'in', ids)
            .where('confirmedAt', 'is not', null)
            .execute()
        ).map((r) => r.userId)
      : [],
  );
  return rows.map((r) => ({ ...r, secondFactor: enrolled.has(String(r.id)) ? 'Y' : 'N' }));
}

export const ISupSrmSysUserService = defineService('ISupSrmSysUserService', {
  /** The list; each row says whether the user has a confirmed second factor (secondFactor Y or N). */
  getsysuserlist: {
    ...listMethods.getsysuserlist,
    handler: async (ctx, body) => {
      refuseSupplier(ctx, 'isSearch');
      const page = (await listMethods.getsysuserlist.handler(ctx, body)) as { records: Row[] };
      return { ...page, records: await withSecondFactor(ctx.db, page.records) };
    },
  },

  getsysuserbyid: defineMethod<{ condition: { id: string } }>({
    body: getBody(),
    resource: sysUserAdminResource,
    access: { kind: 'menu', menus: [USER_MENU], flag: 'isSearch' },
    handler: (ctx, body) => {
      refuseSupplier(ctx, 'isSearch');
      return userDetail(ctx, body.condition.id);
    },
  }),

  /**
   * Without id: add-user (isAdd; pwd required and checked against the password policy). With id and
   * version: modify-user (isModify; userNo kept; a pwd, when sent, resets the password and ends the
   * user's sessions). roleNos, when sent, replaces the roles given; menuList the user's own menus.
   */
  saveorupdatesysuser: defineMethod<SaveUserBody>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          properties: {
            id: nullableId,
            version: { type: 'integer', minimum: 1 },
            userNo: { type: 'string', minLength: 1, maxLength: 64, pattern: PATTERNS.code },
            userName: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
            pwd: { anyOf: [{ type: 'string', maxLength: 128 }, { type: 'null' }] },
            // The password typed a second time (spec 001 section 5): when sent, it must match.
            pwdConfirm: { anyOf: [{ type: 'string', maxLength: 128 }, { type: 'null' }] },
            orgNo: text(32),
            supplierNo: text(32),
            phone: text(20, PATTERNS.mobile),
            email: text(100, PATTERNS.email),
            statusCode: { type: 'string', enum: ['0', '1'] },
            remark: text(255),
            // An array, or comma-joined as a multiple select keeps it; null (an emptied field) is none.
            roleNos: {
              anyOf: [
                { type: 'array', maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 32 } },
                { type: 'string', maxLength: 6600, pattern: '^[^\\u0000]*$' },
                { type: 'null' },
              ],
            },
            menuList: menuListInput,
            dataOrgNos: dataValuesInput,
            dataWarehouseNos: dataValuesInput,
            dataClassifyTypes: dataValuesInput,
          },
        },
      },
    },
    // No resource: the form screens are checked against this condition (menuList is not a column).
    access: { kind: 'menu', menus: [USER_MENU], flag: 'isSearch' },
    handler: async (ctx, body) => {
      const c = body.condition;
      const isNew = !c.id;
      requireFlag(ctx, isNew ? 'isAdd' : 'isModify');
      if (isNew && !c.userNo) throw invalid(ctx, 'userNo', 'problem.required');
      if (isNew && !c.userName?.trim()) throw invalid(ctx, 'userName', 'problem.required');
      if (isNew && !c.pwd) throw invalid(ctx, 'pwd', 'problem.required');
      if (c.pwdConfirm != null && c.pwdConfirm !== (c.pwd ?? ''))
        throw invalid(ctx, 'pwdConfirm', 'problem.pwdMismatch');

      // The roles, menus, data scope and password are checked before anything is written; the row's
      // own rules (its organisation and supplier exist, the organisation is in the caller's scope, the
      // version is sent and current) are the resource layer's, in the write's transaction.
      const orgNo = c.orgNo?.trim() || null;
      const supplierNo = c.supplierNo?.trim() || null;
      const roleIds = c.roleNos === undefined ? undefined : await rolesNamed(ctx, c.roleNos);
      const menuList = c.menuList === undefined ? undefined : parseMenuList(ctx, c.menuList);
      // The user as stored, where its organisation (kept when none is sent) or its userNo is needed.
      const stored =
        !isNew && (c.orgNo === undefined || c.pwd) ? await get(sysUserAdminResource, ctx, c.id!) : undefined;
      // The organisation the user has after the save: the one sent, else the one it has.
      const ownOrgNo = c.orgNo === undefined && stored ? ((stored.orgNo as string | null) ?? null) : orgNo;
      const data = await planData(ctx, await heldData(ctx.db, c.id ?? undefined), c, ownOrgNo);
      let pwdHash: string | undefined;
      if (c.pwd) {
        const userNo = stored ? String(stored.userNo) : (c.userNo ?? '');
        const names = await namesOfUser(ctx.db, {
          userName: c.userName ?? (stored?.userName as string | undefined),
          supplierNo: c.supplierNo === undefined ? (stored?.supplierNo as string | null) : supplierNo,
          orgNo: ownOrgNo,
        });
        checkNewPassword(await loadPolicy(ctx.db), c.pwd, ctx.t, { userNo, names });
        pwdHash = await hashPassword(c.pwd, ctx.config.argon2);
      }

      const opt = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
      // The writable fields, nothing else; audit fields and version are the server's.
      const values = Object.fromEntries(
        Object.entries({
          userName: c.userName?.trim(),
          orgNo: c.orgNo === undefined ? undefined : orgNo,
          supplierNo: c.supplierNo === undefined ? undefined : supplierNo,
          phone: opt(c.phone),
          email: opt(c.email),
          remark: opt(c.remark),
          statusCode: c.statusCode,
        }).filter(([, v]) => v !== undefined),
      );

      // The resource layer writes the row (declared fields, references, scope, audit stamps, version;
      // the password hash is the service's own value); roles, menus and scope go in the same transaction.
      const userId = await inTransaction(ctx, async (txCtx) => {
        const tx = txCtx.db;
        const saved = isNew
          ? await addRecord(
              sysUserAdminResource,
              txCtx,
              { ...values, userNo: c.userNo!.trim() },
              { pwdHash: pwdHash! },
            )
          : await updateRecord(
              sysUserAdminResource,
              txCtx,
              { ...values, id: c.id!, version: c.version },
              pwdHash ? { pwdHash, pwdChangedAt: new Date() } : {},
            );
        const id = String(saved.id);
        // The data scope (its own organisation always in it): planned and checked above.
        if (data) await writeData(tx, id, data);
        if (roleIds) {
          const personal = await personalRoleId(tx, id);
          let del = tx.deleteFrom('sysUserRole').where('userId', '=', id);
          if (personal) del = del.where('roleId', '!=', personal);
          await del.execute();
          if (roleIds.length)
            await tx
              .insertInto('sysUserRole')
              .values(roleIds.map((roleId) => ({ userId: id, roleId })))
              .execute();
        }
        let personal = menuList ? await personalRoleId(tx, id) : undefined;
        if (menuList && (personal || menuList.length)) {
          if (!personal) {
            const userNo = String(saved.userNo);
            const who = ctx.user!.userName;
            personal = (
              await tx
                .insertInto('sysRole')
                .values({
                  roleNo: personalRoleNo(userNo),
                  roleName: userNo,
                  ownerUserId: id,
                  createName: who,
                  updateName: who,
                })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id;
            await tx.insertInto('sysUserRole').values({ userId: id, roleId: personal }).execute();
          }
          await replaceRoleMenus(ctx, tx, personal, menuList);
        }
        // A reset password ends every session of the user: whoever knew the old one is out.
        if (pwdHash && !isNew) await endUserSessions(tx as unknown as Db, id, 'passwordChanged');
        return id;
      });
      return userDetail(ctx, userId);
    },
  }),

  /** Basic info only (no roles, menus or password). */
  updatesysuserbyid: defineMethod<SaveUserBody>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['id', 'version'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            version: { type: 'integer', minimum: 1 },
            userName: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
            orgNo: text(32),
            supplierNo: text(32),
            phone: text(20, PATTERNS.mobile),
            email: text(100, PATTERNS.email),
            statusCode: { type: 'string', enum: ['0', '1'] },
            remark: text(255),
          },
        },
      },
    },
    resource: sysUserAdminResource,
    access: { kind: 'menu', menus: [USER_MENU], flag: 'isModify' },
    handler: (ctx, body) => {
      const {
        roleNos: _r,
        menuList: _m,
        pwd: _p,
        userNo: _u,
        dataOrgNos: _o,
        dataWarehouseNos: _w,
        dataClassifyTypes: _c,
        ...basic
      } = body.condition;
      return ISupSrmSysUserService.methods.saveorupdatesysuser.handler(ctx, { condition: basic });
    },
  }),

  /** Deletes users all or none (stale version or out of scope: nothing); never the caller itself. */
  deletesysuserbyids: defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
    body: deleteBody(),
    resource: sysUserAdminResource,
    access: { kind: 'menu', menus: [USER_MENU], flag: 'isDelete' },
    handler: async (ctx, body) => {
      refuseSupplier(ctx, 'isDelete');
      if (body.condition.delList.some((d) => d.id === ctx.user!.id))
        throw invalid(ctx, 'userNo', 'problem.deleteSelf');
      return remove(sysUserAdminResource, ctx, body.condition.delList);
    },
  }),

  updatepwd: defineMethod<UpdatePwdBody>({
    throttled: true,
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['oldPwd', 'newPwd'],
          properties: {
            oldPwd: { type: 'string', minLength: 1, maxLength: 128 },
            newPwd: { type: 'string', minLength: 1, maxLength: 128 },
          },
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const { oldPwd, newPwd } = body.condition;
      const me = ctx.user!;
      const user = await ctx.db
        .selectFrom('sysUser')
        .select(['pwdHash', 'userNo', 'userName', 'supplierNo', 'orgNo'])
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      // Wrong old passwords count toward the lock like wrong logins, so a session left open cannot be
      // used to guess the password; while locked, no change is taken.
      const locked = await lockedMinutes(ctx.db, me.id, ctx.ip);
      if (locked > 0) throw new AppError('accountLocked', { minutes: locked });
      if (!(await verifyPassword(user.pwdHash, oldPwd))) {
        if (await countMistake(ctx.db, me.id, ctx.ip))
          throw new AppError('accountLocked', { minutes: await lockedMinutes(ctx.db, me.id, ctx.ip) });
        throw new AppError('wrongOldPassword');
      }
      checkNewPassword(await loadPolicy(ctx.db), newPwd, ctx.t, {
        userNo: user.userNo,
        oldPassword: oldPwd,
        names: await namesOfUser(ctx.db, user),
      });
      // No form read the account: written at its stored version, which moves on like any save's.
      await update(
        ownAccountResource,
        ctx,
        { id: me.id },
        { pwdHash: await hashPassword(newPwd, ctx.config.argon2), pwdChangedAt: new Date() },
        undefined,
        { version: 'ifSent' },
      );
      // Other sessions of this user end: whoever knew the old password is out.
      await endUserSessions(ctx.db, me.id, 'passwordChanged', me.tokenHash);
      return null;
    },
  }),
});
