// A user's data scope as the user pages edit it (spec 001 section 6: "Authorisation by organisation,
// warehouse and document category"): the organisations, warehouses and classify types of sys_user_data
// (dataType 1, 3, 4; 2 is never touched). Checked before anything is written:
// - every value names an existing organisation, warehouse or classify type;
// - a warehouse or classify type belongs to one of the organisations the user ends up with;
// - an administrator without all-scope grants only values inside their own scope; grants the user
//   holds outside that scope are kept as they are (the administrator can neither see nor remove them).
// The user's own organisation is always among its organisations. The scope is read from the database on
// every request (services/auth/sessions.ts), so a change applies to the user's next request.
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import { DATA_TYPE } from './scope.js';

export type ScopeKind = 'org' | 'warehouse' | 'classifyType';
const KINDS: ScopeKind[] = ['org', 'warehouse', 'classifyType'];

/** The form's property for each kind: arrays or comma-joined text; null is none; absent keeps it. */
export const DATA_PROPS = {
  org: 'dataOrgNos',
  warehouse: 'dataWarehouseNos',
  classifyType: 'dataClassifyTypes',
} as const satisfies Record<ScopeKind, string>;

export type DataInput = Partial<Record<(typeof DATA_PROPS)[ScopeKind], string[] | string | null>>;

const SCOPE_LIST = { org: 'orgs', warehouse: 'warehouses', classifyType: 'classifyTypes' } as const;
const MAX_VALUES = 1000;

/** JSON Schema of one data-scope property in a save call. */
export const dataValuesInput = {
  anyOf: [
    {
      type: 'array',
      maxItems: MAX_VALUES,
      items: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[^\\u0000,]*$' },
    },
    { type: 'string', maxLength: 66_000, pattern: '^[^\\u0000]*$' },
    { type: 'null' },
  ],
};

export type Held = Record<ScopeKind, string[]>;

export async function heldData(db: Db, userId: string | undefined): Promise<Held> {
  const held: Held = { org: [], warehouse: [], classifyType: [] };
  if (!userId) return held;
  const rows = await db
    .selectFrom('sysUserData')
    .select(['dataType', 'dataValue'])
    .where('userId', '=', userId)
    .orderBy('dataValue')
    .execute();
  for (const kind of KINDS)
    held[kind] = rows.filter((r) => r.dataType === DATA_TYPE[kind]).map((r) => r.dataValue);
  return held;
}

/** What getsysuserbyid answers: the three lists the form edits and the spec's userDataList. */
export function presentData(held: Held) {
  return {
    [DATA_PROPS.org]: held.org,
    [DATA_PROPS.warehouse]: held.warehouse,
    [DATA_PROPS.classifyType]: held.classifyType,
    userDataList: KINDS.flatMap((kind) =>
      held[kind].map((dataValue) => ({ dataType: DATA_TYPE[kind], dataValue })),
    ),
  };
}

function parse(value: string[] | string | null): string[] {
  const items = value === null ? [] : Array.isArray(value) ? value : value.split(',');
  return [...new Set(items.map((v) => v.trim()).filter(Boolean))];
}

const invalid = (ctx: CallContext, kind: ScopeKind, problem: string, value: string) =>
  new AppError('invalidValue', {
    field: ctx.t(`field.${DATA_PROPS[kind]}`),
    problem: ctx.t(problem, { value }),
  });

/** The organisation of each existing value of `kind` (organisations: themselves). */
async function ownersOf(db: Db, kind: ScopeKind, values: string[]): Promise<Map<string, string>> {
  if (!values.length) return new Map();
  if (kind === 'org') {
    const rows = await db.selectFrom('bmOrg').select('orgNo').where('orgNo', 'in', values).execute();
    return new Map(rows.map((r) => [r.orgNo, r.orgNo]));
  }
  if (kind === 'warehouse') {
    const rows = await db
      .selectFrom('bmWarehouse')
      .select(['warehouseNo', 'orgNo'])
      .where('warehouseNo', 'in', values)
      .execute();
    return new Map(rows.map((r) => [r.warehouseNo, r.orgNo]));
  }
  const rows = await db
    .selectFrom('bmClassifyType')
    .select(['classifyType', 'orgNo'])
    .where('classifyType', 'in', values)
    .execute();
  return new Map(rows.map((r) => [r.classifyType, r.orgNo]));
}

/**
 * The scope the user will have, every rule checked; undefined when nothing changes. `ownOrgNo` is the
 * user's organisation after the save.
 */
export async function planData(
  ctx: CallContext,
  held: Held,
  input: DataInput,
  ownOrgNo: string | null,
): Promise<Held | undefined> {
  const scope = ctx.user!.scope;
  const visible = (kind: ScopeKind, v: string) => scope.all || scope[SCOPE_LIST[kind]].includes(v);
  const next: Held = { org: [], warehouse: [], classifyType: [] };
  const sent = (kind: ScopeKind) => input[DATA_PROPS[kind]] !== undefined;

  for (const kind of KINDS) {
    if (!sent(kind)) {
      next[kind] = [...held[kind]];
      continue;
    }
    const wanted = parse(input[DATA_PROPS[kind]]!);
    const owners = await ownersOf(ctx.db, kind, wanted);
    const missing = wanted.find((v) => !owners.has(v));
    if (missing) throw invalid(ctx, kind, 'problem.notExisting', missing);
    const beyond = wanted.find((v) => !held[kind].includes(v) && !visible(kind, v));
    if (beyond)
      throw new AppError('outOfScope', { field: ctx.t(`field.${DATA_PROPS[kind]}`), value: beyond });
    const hidden = held[kind].filter((v) => !visible(kind, v));
    next[kind] = [...new Set([...wanted, ...hidden])];
  }
  if (ownOrgNo && !next.org.includes(ownOrgNo)) next.org.push(ownOrgNo);

  // Warehouses and classify types live in an organisation: one the user is given, or they go.
  for (const kind of ['warehouse', 'classifyType'] as const) {
    const owners = await ownersOf(ctx.db, kind, next[kind]);
    if (sent(kind)) {
      const stray = parse(input[DATA_PROPS[kind]]!).find((v) => !next.org.includes(owners.get(v) ?? ''));
      if (stray) throw invalid(ctx, kind, 'problem.notInGrantedOrg', stray);
    }
    next[kind] = next[kind].filter((v) => next.org.includes(owners.get(v) ?? ''));
  }

  const same = (a: string[], b: string[]) => a.length === b.length && a.every((v) => b.includes(v));
  return KINDS.every((kind) => same(next[kind], held[kind])) ? undefined : next;
}

/** Replaces the user's organisations, warehouses and classify types (dataType 2 is left alone). */
export async function writeData(db: Db, userId: string, next: Held): Promise<void> {
  await db
    .deleteFrom('sysUserData')
    .where('userId', '=', userId)
    .where(
      'dataType',
      'in',
      KINDS.map((k) => DATA_TYPE[k]),
    )
    .execute();
  const rows = KINDS.flatMap((kind) =>
    next[kind].map((dataValue) => ({ userId, dataType: DATA_TYPE[kind], dataValue })),
  );
  if (rows.length) await db.insertInto('sysUserData').values(rows).execute();
}
