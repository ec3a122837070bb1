// What every installation needs: languages, the password policy, the menu tree and the three roles
// with their flags. Runs at every start; it only adds what is missing, so an administrator's
// changes to roles and flags survive a restart.
import { sql } from 'kysely';
import { DEFAULT_POLICY } from '../auth/policy.js';
import type { Db } from '../db/database.js';
import { MENU_FLAGS, type MenuFlag } from '../registry.js';
import { SYSTEM_ENUMS } from './enums.js';
import { EXPORT_TEMPLATES } from './export-templates.js';
import { MENUS, type MenuSeed } from './menus.js';

export const LANGUAGE_ROWS = [
  { languageCode: 'zh-CN', description: '简体中文', sort: 1 },
  { languageCode: 'en-US', description: 'English', sort: 2 },
  { languageCode: 'zh-TW', description: '繁體中文', sort: 3 },
  { languageCode: 'vi', description: 'Tiếng Việt', sort: 4 },
];

export const ROLES = [
  { roleNo: 'admin', roleName: 'Administrator' },
  { roleNo: 'buyer', roleName: 'Purchaser' },
  { roleNo: 'supplier', roleName: 'Supplier' },
] as const;

function levelOf(menu: MenuSeed, byNo: Map<string, MenuSeed>): number {
  let level = 1;
  let owner = menu.owner;
  while (owner !== '0' && level < 10) {
    level += 1;
    owner = byNo.get(owner)?.owner ?? '0';
  }
  return level;
}

function flagRow(roleId: string, menuNo: string, flags: readonly MenuFlag[]) {
  return { roleId, menuNo, ...Object.fromEntries(MENU_FLAGS.map((f) => [f, flags.includes(f)])) };
}

export async function seedPlatform(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('zlLanguage')
      .values(LANGUAGE_ROWS)
      .onConflict((oc) => oc.column('languageCode').doNothing())
      .execute();
    await tx
      .insertInto('sysPasswordPolicy')
      .values({ id: 1, ...DEFAULT_POLICY })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();

    const enumRows = Object.entries(SYSTEM_ENUMS).flatMap(([enumMid, values]) =>
      values.map(([enumValue, enumName], i) => ({
        enumMid,
        enumValue,
        enumName,
        enumSeq: i + 1,
        createName: 'system',
        updateName: 'system',
      })),
    );
    await tx
      .insertInto('sysEnum')
      .values(enumRows)
      .onConflict((oc) => oc.columns(['enumMid', 'enumValue']).doNothing())
      .execute();

    await tx
      .insertInto('sysExportTemplate')
      .values(
        EXPORT_TEMPLATES.map((e) => ({
          module: e.module,
          exportName: e.exportName,
          isDefault: e.isDefault,
          columns: JSON.stringify(e.columns.map((prop) => ({ prop }))),
          createName: 'system',
          updateName: 'system',
        })),
      )
      .onConflict((oc) => oc.columns(['module', 'exportName']).doNothing())
      .execute();

    const byNo = new Map(MENUS.map((m) => [m.menuNo, m]));
    const menuRows = MENUS.map((m) => ({
      menuNo: m.menuNo,
      menuOwner: m.owner,
      menuLevel: levelOf(m, byNo),
      sort: m.sort,
      url: m.path,
      icon: m.icon ?? null,
      appNo: m.appNo,
      menuType: m.menuType,
      hidden: m.hidden ?? false,
    }));
    // New menus appear; an existing menu keeps its row except for what the code owns (place and path).
    await tx
      .insertInto('sysMenu')
      .values(menuRows)
      .onConflict((oc) =>
        oc.column('menuNo').doUpdateSet({
          menuOwner: sql`excluded.menu_owner`,
          menuLevel: sql`excluded.menu_level`,
          // An external or custom address an administrator changed (menu screen) is theirs.
          url: sql`case when sys_menu.menu_type in ('external', 'custom') and sys_menu.update_name is not null then sys_menu.url else excluded.url end`,
          menuType: sql`excluded.menu_type`,
          hidden: sql`excluded.hidden`,
        }),
      )
      .execute();

    await tx
      .insertInto('sysRole')
      .values(ROLES.map((r) => ({ ...r, createName: 'system', updateName: 'system' })))
      .onConflict((oc) => oc.column('roleNo').doNothing())
      .execute();
    const roles = await tx.selectFrom('sysRole').select(['id', 'roleNo']).execute();
    const roleId = (no: string) => roles.find((r) => r.roleNo === no)?.id;

    const rows: ReturnType<typeof flagRow>[] = [];
    for (const m of MENUS) {
      const admin = roleId('admin');
      if (admin) rows.push(flagRow(admin, m.menuNo, MENU_FLAGS));
      for (const role of ['buyer', 'supplier'] as const) {
        const id = roleId(role);
        const flags = m.roles[role];
        if (id && flags?.length) rows.push(flagRow(id, m.menuNo, flags));
      }
    }
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insertInto('sysRoleMenu')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['roleId', 'menuNo']).doNothing())
        .execute();
    }
  });
}
