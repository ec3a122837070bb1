// Roles (spec 001 sections 2, 3, 6, 7): the role list and lookup, add-role and modify-role with the
// role's menu permissions (per menu, the flags it grants among those the menu offers), and delete. Administration is for the role menu's
// flags only and never for a supplier's user. A user's own menu permissions are kept as that user's
// personal role (sys_role.owner_user_id), which these calls never list, read or change.
// hand-written SQL: a role's menu permissions (sys_role_menu, flags as text[]) and the menu tree
import { flagLabelKey, isFlagName, sortFlags } from '../../engine/core/flags.js';
import { menuChainFlags } from '../access/permissions.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, defineService, MENU_FLAGS, type MenuFlag } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { standardMethods } from '../resource/methods.js';
import { PATTERNS, STATUS_FIELD } from '../resource/patterns.js';
import { get, inTransaction } from '../resource/resource.js';
import { addRecord, updateRecord } from '../resource/save.js';
import { getBody } from '../resource/schemas.js';

export const ROLE_MENU = 'BaseManage.Base.Role';

export const roleResource = defineResource({
  table: 'sysRole',
  menus: [ROLE_MENU],
  fields: {
    roleNo: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 32,
      pattern: PATTERNS.code,
      keyword: true,
      sortable: true,
    },
    roleName: {
      type: 'string',
      write: 'always',
      required: true,
      maxLength: 100,
      keyword: true,
      sortable: true,
    },
    statusCode: STATUS_FIELD,
    remark: { type: 'string', write: 'always', maxLength: 255, sortable: true },
  },
  filters: {
    statusCode: { field: 'statusCode', op: 'eq' },
    roleNoIndistinct: { field: 'roleNo', op: 'contains' },
    roleNameIndistinct: { field: 'roleName', op: 'contains' },
  },
  // A user's personal role is none of these calls' business: never listed, read, changed or deleted.
  audience: (_ctx, q) => q.where('t1.ownerUserId', 'is', null),
  // A role still given to users is not deleted, so no one loses access unseen.
  usedBy: [{ table: 'sysUserRole', column: 'roleId', field: 'id' }],
  defaultSort: { field: 'roleNo', order: 'asc' },
});

// ---- Menu permissions: [{menuNo, isSearch: 'Y' | 'N', ...}] ------------------------------------------

export type MenuPermission = { menuNo: string } & Partial<Record<MenuFlag, 'Y' | 'N'>>;

export const MAX_MENU_ROWS = 2000;

const YES_NO = { type: 'string', enum: ['Y', 'N'] };

/**
 * A row names its menu and flags as 'Y' or 'N'. A flag the menu does not offer (or no flag at all) may
 * be sent as 'N'; as 'Y' it is refused by replaceRoleMenus with the flag and the menu named.
 */
export const menuListSchema: Record<string, unknown> = {
  type: 'array',
  maxItems: MAX_MENU_ROWS,
  items: {
    type: 'object',
    required: ['menuNo'],
    properties: {
      menuNo: { type: 'string', minLength: 1, maxLength: 100 },
      ...Object.fromEntries(MENU_FLAGS.map((f) => [f, YES_NO])),
    },
    additionalProperties: YES_NO,
  },
};

/** A menu list, its JSON text, or null (none): see parseMenuList. */
export const menuListInput = {
  anyOf: [menuListSchema, { type: 'string', maxLength: 1_000_000 }, { type: 'null' }],
};

/** Every flag the menu offers, 'Y' where `granted` holds it. */
function permissionRow(menuNo: string, offered: readonly string[], granted: ReadonlySet<string>) {
  return {
    menuNo,
    ...Object.fromEntries(sortFlags(offered).map((f) => [f, granted.has(f) ? 'Y' : 'N'])),
  } as MenuPermission;
}

/**
 * The role's granted menus, each with every flag its menu offers as 'Y'/'N' (menus granting nothing
 * are left out; a flag the menu no longer offers is not granted).
 */
export async function roleMenuList(db: Db, roleId: string): Promise<MenuPermission[]> {
  const rows = await db
    .selectFrom('sysRoleMenu as rm')
    .innerJoin('sysMenu as m', 'm.menuNo', 'rm.menuNo')
    .select(['rm.menuNo', 'rm.flags', 'm.offeredFlags'])
    .where('rm.roleId', '=', roleId)
    .orderBy('m.menuLevel')
    .orderBy('m.sort')
    .orderBy('m.menuNo')
    .execute();
  return rows.flatMap((r) => {
    const granted = new Set(r.flags.filter((f) => r.offeredFlags.includes(f)));
    return granted.size ? [permissionRow(r.menuNo, r.offeredFlags, granted)] : [];
  });
}

/**
 * Replaces the role's menu permissions with `list`. Every menu gets a row (no flag when it is not
 * listed), marked as decided for every flag known today, so the start-up seed, which only adds what it
 * has not given yet, never grants back what was taken away. A 'Y' for a flag the menu does not offer
 * is refused, naming the flag and the menu.
 */
export async function replaceRoleMenus(
  ctx: CallContext,
  db: Db,
  roleId: string,
  list: MenuPermission[],
): Promise<void> {
  const menus = await db.selectFrom('sysMenu').select(['menuNo', 'offeredFlags']).execute();
  const offered = new Map(menus.map((m) => [m.menuNo, new Set(m.offeredFlags)]));
  const granted = new Map<string, Set<string>>();
  for (const m of list) {
    const offers = offered.get(m.menuNo);
    if (!offers)
      throw new AppError('invalidValue', {
        field: ctx.t('field.menuNo'),
        problem: ctx.t('problem.unknownMenu', { menuNo: m.menuNo }),
      });
    const set = granted.get(m.menuNo) ?? new Set<string>();
    for (const [flag, value] of Object.entries(m)) {
      if (flag === 'menuNo') continue;
      if (value !== 'Y') {
        set.delete(flag);
        continue;
      }
      if (!offers.has(flag))
        throw new AppError('invalidValue', {
          field: ctx.t('field.menuList'),
          problem: ctx.t('problem.flagNotOffered', {
            flag: isFlagName(flag) ? ctx.t(flagLabelKey(flag)) : flag,
            menu: ctx.t(`menu.${m.menuNo}`, { defaultValue: m.menuNo }),
            menuNo: m.menuNo,
          }),
        });
      set.add(flag);
    }
    granted.set(m.menuNo, set);
  }
  await db.deleteFrom('sysRoleMenu').where('roleId', '=', roleId).execute();
  const rows = [...offered.keys()].map((menuNo) => ({
    roleId,
    menuNo,
    flags: sortFlags(granted.get(menuNo) ?? []),
    seededFlags: [...MENU_FLAGS],
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('sysRoleMenu')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/**
 * A menu list as sent: an array, JSON text of one (what the form's tree widget keeps), or null (none).
 * JSON text is checked here as strictly as the schema checks an array.
 */
export function parseMenuList(ctx: CallContext, value: MenuPermission[] | string | null): MenuPermission[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const bad = () =>
    new AppError('invalidValue', { field: ctx.t('field.menuList'), problem: ctx.t('problem.invalid') });
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length > MAX_MENU_ROWS) throw bad();
  for (const row of parsed) {
    if (!row || typeof row !== 'object' || Array.isArray(row)) throw bad();
    const r = row as Record<string, unknown>;
    if (typeof r.menuNo !== 'string' || !r.menuNo || r.menuNo.length > 100) throw bad();
    for (const [k, v] of Object.entries(r)) {
      if (k !== 'menuNo' && v !== 'Y' && v !== 'N') throw bad();
    }
  }
  return parsed as MenuPermission[];
}

/** Role administration is staff work: a supplier's user is refused whatever its flags say. */
export function refuseSupplier(ctx: CallContext, flag: MenuFlag): void {
  if (ctx.user?.scope.supplierNo) throw new AppError('forbidden', { flag });
}

function requireFlag(ctx: CallContext, flag: MenuFlag): void {
  if (!ctx.flags?.[flag]) throw new AppError('forbidden', { flag });
}

const roleMethods = standardMethods(roleResource, {
  list: 'getsysrolelist',
  delete: 'deletesysrolebyids',
});

interface SaveRoleBody {
  condition: {
    id?: string | null;
    version?: number;
    roleNo?: string;
    roleName?: string;
    statusCode?: string;
    remark?: string | null;
    menuList?: MenuPermission[] | string | null;
  };
}

const roleFields = {
  roleNo: { type: 'string', minLength: 1, maxLength: 32, pattern: PATTERNS.code },
  roleName: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  statusCode: { type: 'string', enum: ['0', '1'] },
  remark: { anyOf: [{ type: 'string', maxLength: 255, pattern: '^[^\\u0000]*$' }, { type: 'null' }] },
};

export const ISrmSysRoleService = defineService('ISrmSysRoleService', {
  getsysrolelist: {
    ...roleMethods.getsysrolelist,
    handler: (ctx, body) => {
      refuseSupplier(ctx, 'isSearch');
      return roleMethods.getsysrolelist.handler(ctx, body);
    },
  },

  /** The role with its menu permissions (menuList). */
  getsysrolebyid: defineMethod<{ condition: { id: string } }>({
    body: getBody(),
    resource: roleResource,
    access: { kind: 'menu', menus: [ROLE_MENU], flag: 'isSearch' },
    handler: async (ctx, body) => {
      refuseSupplier(ctx, 'isSearch');
      const role = await get(roleResource, ctx, body.condition.id);
      return { ...role, menuList: await roleMenuList(ctx.db, body.condition.id) };
    },
  }),

  /**
   * Without id: add-role (isAdd). With id and version: modify-role (isModify), optimistic locking; the
   * roleNo is kept. menuList, when sent, replaces the role's menu permissions. One transaction: a bad
   * menu or a stale version changes nothing.
   */
  saveorupdaterole: defineMethod<SaveRoleBody>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          properties: {
            id: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }, { const: '' }] },
            version: { type: 'integer', minimum: 1 },
            ...roleFields,
            // A form sends an emptied tree as null: no menu granted.
            menuList: menuListInput,
          },
        },
      },
    },
    // No resource: the form screens are checked against this condition (menuList is not a column).
    access: { kind: 'menu', menus: [ROLE_MENU], flag: 'isSearch' },
    handler: async (ctx, body) => {
      const { id, version, menuList, roleNo, roleName, statusCode, remark } = body.condition;
      const isNew = !id;
      const flag: MenuFlag = isNew ? 'isAdd' : 'isModify';
      refuseSupplier(ctx, flag);
      requireFlag(ctx, flag);
      const required = (field: string) =>
        new AppError('invalidValue', { field: ctx.t(`field.${field}`), problem: ctx.t('problem.required') });
      if (isNew && !roleNo) throw required('roleNo');
      if (isNew && !roleName?.trim()) throw required('roleName');
      // The resource layer writes the row (its writable fields only, audit stamps, version); the menus
      // go in the same transaction, so a bad menu or a stale version changes nothing.
      return inTransaction(ctx, async (txCtx) => {
        const tx = txCtx.db;
        let roleId: string;
        if (!id) {
          roleId = (await addRecord(roleResource, txCtx, { roleNo, roleName, statusCode, remark }))
            .id as string;
        } else {
          const fields = Object.fromEntries(
            Object.entries({ roleName, statusCode, remark }).filter(([, v]) => v !== undefined),
          );
          // A missing or stale version is the layer's refusal (10017, 10007).
          await updateRecord(roleResource, txCtx, { ...fields, id, version: version as number });
          roleId = id;
        }
        if (menuList !== undefined) await replaceRoleMenus(ctx, tx, roleId, parseMenuList(ctx, menuList));
        const role = await get(roleResource, txCtx, roleId);
        return { ...role, menuList: await roleMenuList(tx, roleId) };
      });
    },
  }),

  /** Deletes roles all or none; a role still given to users is refused (10016) so no one loses access unseen. */
  deletesysrolebyids: {
    ...roleMethods.deletesysrolebyids,
    handler: (ctx, body) => {
      refuseSupplier(ctx, 'isDelete');
      return roleMethods.deletesysrolebyids.handler(ctx, body);
    },
  },

  /** Every menu (PC and PDA) as a tree with the given role's flags, for the menu-permission tab. */
  getsysrolemenutree: defineMethod<{ condition: { id?: string | null } }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          properties: {
            id: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }, { const: '' }] },
          },
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      refuseSupplier(ctx, 'isSearch');
      await requireRoleOrUserMenu(ctx);
      const id = body.condition.id || undefined;
      if (id) await get(roleResource, ctx, id);
      return { menuTree: await menuTree(ctx), menuList: id ? await roleMenuList(ctx.db, id) : [] };
    },
  }),
});

/** The menu tree is shown on the role and user screens: the caller must be able to open one of them. */
export async function requireRoleOrUserMenu(ctx: CallContext): Promise<void> {
  for (const menu of [ROLE_MENU, 'BaseManage.Base.User']) {
    const chain = await menuChainFlags(ctx.db, ctx.user!.id, menu);
    if (chain[0]?.flags?.isSearch) return;
  }
  throw new AppError('forbidden', { flag: 'isSearch' });
}

export interface MenuNode {
  menuNo: string;
  menuName: string;
  menuOwner: string;
  appNo: string;
  hidden: boolean;
  /** The flags the menu offers, in the fixed toolbar order: the permission tree's boxes for it. */
  flags: MenuFlag[];
  children: MenuNode[];
}

/** All valid menus as a tree, names in the caller's language, in menu order. */
export async function menuTree(ctx: CallContext): Promise<MenuNode[]> {
  const rows = await ctx.db
    .selectFrom('sysMenu')
    .select(['menuNo', 'menuOwner', 'appNo', 'hidden', 'sort', 'menuLevel', 'offeredFlags'])
    .where('statusCode', '=', '1')
    .orderBy('appNo')
    .orderBy('menuLevel')
    .orderBy('sort')
    .orderBy('menuNo')
    .execute();
  const byNo = new Map<string, MenuNode>(
    rows.map((r) => [
      r.menuNo,
      {
        menuNo: r.menuNo,
        menuName: ctx.t(`menu.${r.menuNo}`, { defaultValue: r.menuNo }),
        menuOwner: r.menuOwner,
        appNo: r.appNo,
        hidden: r.hidden,
        flags: sortFlags(r.offeredFlags),
        children: [],
      },
    ]),
  );
  const roots: MenuNode[] = [];
  for (const node of byNo.values()) {
    const owner = byNo.get(node.menuOwner);
    if (owner) owner.children.push(node);
    else roots.push(node);
  }
  return roots;
}
