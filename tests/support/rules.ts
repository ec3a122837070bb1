// Helpers the rule, label, strategy and message tests share: calls that answer the envelope, and
// users whose data scope or flags differ from the demo users'.
import { DATA_TYPE } from '../../services/access/scope.js';
import type { Db } from '../../services/db/database.js';
import type { MenuFlag } from '../../services/registry.js';
import type { TestServer } from './server.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape came back.
export type Body = any;

/** Calls `Service/method` with `{condition}` (and paging) as `token` on `menu`; answers the body. */
export function caller(s: TestServer, token: string, menu?: string, lang?: string) {
  return async (path: string, condition: unknown, paging: { current?: number; size?: number } = {}) =>
    (await s.call(path, { ...paging, condition }, { token, menu, lang })).body as Body;
}

/** The records of a list answer (fails loudly when the call was refused). */
export function records(body: Body): Body[] {
  if (body?.status !== 200) throw new Error(`refused: ${JSON.stringify(body)}`);
  return body.response.data.records;
}

/**
 * A warehouse keeper with every flag (the admin role) but a data scope of one organisation only: what
 * the organisation-scope tests need, with the warehouses given. Answers its token.
 */
export async function keeperOf(
  s: TestServer,
  adminToken: string,
  orgNo: string,
  userNo: string,
  warehouses: string[] = [],
): Promise<string> {
  const pwd = 'Violet-harbour-2026';
  const made = await s.call(
    'ISupSrmSysUserService/saveorupdatesysuser',
    { condition: { userNo, userName: `Keeper ${orgNo}`, pwd, pwdConfirm: pwd, orgNo, roleNos: 'admin' } },
    { token: adminToken, menu: 'BaseManage.Base.User' },
  );
  if (made.body?.status !== 200) throw new Error(`keeper not made: ${JSON.stringify(made.body)}`);
  if (warehouses.length)
    await s.server.database.db
      .insertInto('sysUserData')
      .values(
        warehouses.map((w) => ({
          userId: made.body.response.data.id,
          dataType: DATA_TYPE.warehouse,
          dataValue: w,
        })),
      )
      .execute();
  return s.login(userNo, pwd);
}

/**
 * Sets a role's flags on a menu to exactly `flags` (a flag the menu does not offer counts for nothing).
 * The change applies to the role's users at their next request.
 */
export async function setRoleFlags(db: Db, roleNo: string, menuNo: string, flags: readonly MenuFlag[]) {
  const role = await db
    .selectFrom('sysRole')
    .select('id')
    .where('roleNo', '=', roleNo)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sysRoleMenu')
    .values({ roleId: role.id, menuNo, flags: [...flags] })
    .onConflict((oc) => oc.columns(['roleId', 'menuNo']).doUpdateSet({ flags: [...flags] }))
    .execute();
}

/** Grants the demo supplier role flags on a menu (the base menus are not the supplier's by default). */
export async function grantSupplierRole(s: TestServer, menuNo: string, flags: ('isSearch' | 'isExport')[]) {
  await setRoleFlags(s.server.database.db, 'supplier', menuNo, flags);
}
