// The user picker (spec 000 section 7: getAuthUserList): users in the caller's organisations; a
// supplier's user sees only its own supplier's users. The password hash is never a declared field.
// The user-by-role picker (spec 001 section 7: {orgNo, warehouseNo, classifyType, statusCode 1, sort
// field}): the users who may work in an organisation, warehouse and document classify type (their
// data scope holds them, or they see everything), optionally holding a role.
// hand-written SQL: the by-role picker filters by data scope and role (exists) and answers the roles
import { sql } from 'kysely';
import { DATA_TYPE } from '../access/scope.js';
import { defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { fullAuthorityList, standardMethods } from '../resource/methods.js';
import type { ListBody, Row } from '../resource/resource.js';

export const userResource = defineResource({
  table: 'sysUser',
  menus: ['BaseManage.Base.User'],
  fields: {
    userNo: { type: 'string', maxLength: 64, keyword: true, sortable: true },
    userName: { type: 'string', maxLength: 100, keyword: true, sortable: true },
    orgNo: { type: 'string', maxLength: 32, sortable: true },
    warehouseNo: { type: 'string', maxLength: 32 },
    supplierNo: { type: 'string', maxLength: 32, sortable: true },
    phone: { type: 'string', maxLength: 20 },
    email: { type: 'string', maxLength: 100 },
    statusCode: { type: 'string', enum: ['0', '1'], sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    warehouseNo: { field: 'warehouseNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  defaultSort: { field: 'userNo', order: 'asc' },
});

/** The by-role picker's view of users: orgNo etc. are access conditions there, not the home columns. */
const byRoleResource = defineResource({
  table: 'sysUser',
  menus: ['BaseManage.Base.User'],
  fields: {
    userNo: { type: 'string', maxLength: 64, keyword: true, sortable: true },
    userName: { type: 'string', maxLength: 100, keyword: true, sortable: true },
    orgNo: { type: 'string', maxLength: 32, sortable: true },
    supplierNo: { type: 'string', maxLength: 32, sortable: true },
    statusCode: { type: 'string', enum: ['0', '1'], sortable: true },
  },
  filters: { statusCode: { field: 'statusCode', op: 'eq' } },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  defaultSort: { field: 'userNo', order: 'asc' },
});

const code = { type: ['string', 'null'], maxLength: 64, pattern: '^[^\\u0000]*$' };

type ByRoleBody = ListBody & {
  condition?: ListBody['condition'] & {
    roleNo?: string | null;
    orgNo?: string | null;
    warehouseNo?: string | null;
    classifyType?: string | null;
  };
};

/** The user may work with `value` of `dataType`: it is in the user's data scope, or the user sees all. */
const holds = (dataType: number, value: string) =>
  sql<boolean>`(t1.scope_all or exists (select 1 from sys_user_data d
    where d.user_id = t1.id and d.data_type = ${dataType} and d.data_value = ${value}))`;

const byRole = fullAuthorityList(byRoleResource, ['id', 'userNo', 'userName', 'orgNo', 'supplierNo'], {
  listExtra: { roleNo: code, orgNo: code, warehouseNo: code, classifyType: code },
  listOptions: (body) => {
    const c = (body as ByRoleBody).condition ?? {};
    return {
      where: (q) => {
        let out = q;
        if (c.orgNo) out = out.where(holds(DATA_TYPE.org, c.orgNo));
        if (c.warehouseNo) out = out.where(holds(DATA_TYPE.warehouse, c.warehouseNo));
        if (c.classifyType) out = out.where(holds(DATA_TYPE.classifyType, c.classifyType));
        // A user's personal role (its own menus) is no role anyone picks by.
        if (c.roleNo)
          out = out.where(sql<boolean>`exists (select 1 from sys_user_role ur
            join sys_role r on r.id = ur.role_id
            where ur.user_id = t1.id and r.role_no = ${c.roleNo} and r.status_code = '1'
              and r.owner_user_id is null)`);
        return out;
      },
    };
  },
});

export const ISysUserService = defineService('ISysUserService', {
  ...standardMethods(userResource, { list: 'getAuthUserList' }),
  /** Paged users for the user-by-role picker, each with the roles it holds (roleNos, roleNames). */
  getAuthUserListByRole: defineMethod<ByRoleBody>({
    ...byRole,
    handler: async (ctx, body) => {
      const page = (await byRole.handler(ctx, body)) as { records: Row[] };
      const ids = page.records.map((r) => r.id as string);
      const roles = ids.length
        ? await ctx.db
            .selectFrom('sysUserRole as ur')
            .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
            .select(['ur.userId', 'r.roleNo', 'r.roleName'])
            .where('ur.userId', 'in', ids)
            .where('r.ownerUserId', 'is', null)
            .orderBy('r.roleNo')
            .execute()
        : [];
      const of = (id: unknown) => roles.filter((r) => r.userId === id);
      return {
        ...page,
        records: page.records.map((r) => ({
          ...r,
          roleNos: of(r.id)
            .map((x) => x.roleNo)
            .join(','),
          roleNames: of(r.id)
            .map((x) => x.roleName)
            .join(', '),
        })),
      };
    },
  }),
});
