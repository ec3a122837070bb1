// Business controls (BaseManage.Config.BusinessControl): typed switches with a default and a value per
// organisation. The code reads a control's effective value here, through the shared cache (sys_cache),
// so every instance sees a change at once: any write to a control drops the cache entries of all
// controls (a write is rare, a read is on every guarded call).
import type { Db } from '../db/database.js';
import { cached, dropCache } from './cache.js';

export const CONTROL_CACHE = 'businessControl';
// Short: a reader racing a writer may store the old value again, and it must not live long.
const CONTROL_LIFETIME_MS = 5 * 60_000;

export const VALUE_TYPES = ['YN', 'NUMBER', 'TEXT', 'ENUM'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];
export const CONTROL_MODULES = ['BASE', 'PO', 'ASN', 'STOCK', 'BILL', 'SYSTEM'] as const;

export interface SystemControl {
  controlNo: string;
  /** English name; the screens show the locale key control.<controlNo>. */
  name: string;
  module: (typeof CONTROL_MODULES)[number];
  valueType: ValueType;
  defaultValue: string;
}

/** Controls the code reads: seeded at every start, their number and type fixed, never deleted. */
export const SYSTEM_CONTROLS: SystemControl[] = [
  {
    controlNo: 'BASE_DATA_PHYSICAL_DELETE',
    name: 'Physical deletion of base data',
    module: 'BASE',
    valueType: 'YN',
    defaultValue: 'Y',
  },
];
export const PHYSICAL_DELETE = 'BASE_DATA_PHYSICAL_DELETE';

export interface Effective {
  controlNo: string;
  orgNo: string;
  valueType: string;
  value: string;
  /** Where the value comes from: the organisation's own value or the control's default. */
  source: 'org' | 'default';
}

/** The effective value of a control for an organisation, or null when there is no such control. */
export async function controlValue(db: Db, orgNo: string, controlNo: string): Promise<Effective | null> {
  const text = await cached(
    db,
    CONTROL_CACHE,
    `${controlNo}|${orgNo}`,
    1,
    async () => {
      const control = await db
        .selectFrom('bmBusinessControl as c')
        .leftJoin('bmBusinessControlValue as v', (j) =>
          j.onRef('v.controlId', '=', 'c.id').on('v.orgNo', '=', orgNo),
        )
        .select(['c.valueType', 'c.defaultValue', 'v.controlValue'])
        .where('c.controlNo', '=', controlNo)
        .executeTakeFirst();
      if (!control) return 'null';
      const own = control.controlValue ?? null;
      return JSON.stringify({
        controlNo,
        orgNo,
        valueType: control.valueType,
        value: own ?? control.defaultValue,
        source: own === null ? 'default' : 'org',
      } satisfies Effective);
    },
    CONTROL_LIFETIME_MS,
  );
  return JSON.parse(text) as Effective | null;
}

/** After any write to a control or its values. */
export function dropControlCache(db: Db): Promise<void> {
  return dropCache(db, CONTROL_CACHE);
}

/** Why a value does not fit the control's type; undefined when it does. */
export async function controlValueProblem(
  db: Db,
  valueType: string,
  enumMid: string | null | undefined,
  value: string,
): Promise<{ key: string; params?: Record<string, unknown> } | undefined> {
  if (valueType === 'YN')
    return value === 'Y' || value === 'N' ? undefined : { key: 'problem.enum', params: { allowed: 'Y, N' } };
  if (valueType === 'NUMBER')
    return value.trim() !== '' && Number.isFinite(Number(value)) && value.length <= 20
      ? undefined
      : { key: 'problem.notNumber' };
  if (valueType === 'TEXT')
    return value.length <= 200 ? undefined : { key: 'problem.maxLength', params: { limit: 200 } };
  // ENUM: a valid value of the control's dictionary.
  const hit = enumMid
    ? await db
        .selectFrom('sysEnum')
        .select('id')
        .where('enumMid', '=', enumMid)
        .where('enumValue', '=', value)
        .where('status', '=', '1')
        .executeTakeFirst()
    : undefined;
  return hit ? undefined : { key: 'problem.notExisting', params: { value } };
}
