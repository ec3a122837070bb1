// A user's data scope: organisations, warehouses and classify types (sys_user_data), and the supplier
// the user belongs to. Read on every call, so a change applies to the user's next request.
import type { DataScope } from '../registry.js';

export const DATA_TYPE = { org: 1, collected: 2, warehouse: 3, classifyType: 4 } as const;

export interface ScopeRow {
  t: number;
  v: string;
}

export function scopeFrom(
  rows: ScopeRow[],
  user: { scopeAll: boolean; supplierNo: string | null },
): DataScope {
  const of = (type: number) => rows.filter((r) => r.t === type).map((r) => r.v);
  return {
    all: user.scopeAll,
    orgs: of(DATA_TYPE.org),
    warehouses: of(DATA_TYPE.warehouse),
    classifyTypes: of(DATA_TYPE.classifyType),
    supplierNo: user.supplierNo,
  };
}
