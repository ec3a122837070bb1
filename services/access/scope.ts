// A user's data scope: organisations, warehouses and classify types (sys_user_data), and the supplier
// the user belongs to. Loaded on every call, so a change applies to the user's next request.
import type { Db } from '../db/database.js';
import type { DataScope } from '../registry.js';

export const DATA_TYPE = { org: 1, collected: 2, warehouse: 3, classifyType: 4 } as const;

export async function loadScope(
  db: Db,
  user: { id: string; scopeAll: boolean; supplierNo: string | null },
): Promise<DataScope> {
  const rows = await db
    .selectFrom('sysUserData')
    .select(['dataType', 'dataValue'])
    .where('userId', '=', user.id)
    .execute();
  const of = (type: number) => rows.filter((r) => r.dataType === type).map((r) => r.dataValue);
  return {
    all: user.scopeAll,
    orgs: of(DATA_TYPE.org),
    warehouses: of(DATA_TYPE.warehouse),
    classifyTypes: of(DATA_TYPE.classifyType),
    supplierNo: user.supplierNo,
  };
}
