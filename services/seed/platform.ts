// What every installation needs: languages, the password policy, the menu tree (with the flags each menu
// offers) and the three roles with their flags. Runs at every start; it only adds what is missing, so an
// administrator's changes to roles and flags survive a restart. It gives each flag of a grant once
// (sys_role_menu.seeded_flags): a flag a menu has begun to offer, or one added to a role's list here,
// reaches existing installations at their next start, and a flag taken away stays away.
import { sql } from 'kysely';
import { sortFlags } from '../../engine/core/flags.js';
import { DEFAULT_POLICY } from '../auth/policy.js';
import type { Db } from '../db/database.js';
import { withReferenceNames } from '../modules/ISysExportTemplateService.js';
import type { MenuFlag } from '../registry.js';
import { SYSTEM_ENUMS } from './enums.js';
import { EXPORT_TEMPLATES } from './export-templates.js';
import { MENUS, type MenuSeed, menuOffers } from './menus.js';

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
          columns: JSON.stringify(withReferenceNames(e.module, e.columns).map((prop) => ({ prop }))),
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
      offeredFlags: menuOffers(m),
    }));
    // New menus appear; an existing menu keeps its row except for what the code owns (place, path and
    // the flags it offers).
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
          offeredFlags: sql`excluded.offered_flags`,
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

    const seededRoles = ['admin', 'buyer', 'supplier'].map(roleId).filter((id): id is string => !!id);
    const seeded = new Map(
      (seededRoles.length
        ? await tx
            .selectFrom('sysRoleMenu')
            .select(['roleId', 'menuNo', 'seededFlags'])
            .where('roleId', 'in', seededRoles)
            .execute()
        : []
      ).map((r) => [`${r.roleId} ${r.menuNo}`, new Set(r.seededFlags)]),
    );
    const rows: { roleId: string; menuNo: string; flags: MenuFlag[]; seededFlags: MenuFlag[] }[] = [];
    const additions: { roleId: string; menuNo: string; flags: MenuFlag[] }[] = [];
    for (const m of MENUS) {
      for (const role of ['admin', 'buyer', 'supplier'] as const) {
        const id = roleId(role);
        // The administrator gets every flag every menu offers.
        const flags = role === 'admin' ? menuOffers(m) : sortFlags(m.roles[role] ?? []);
        if (!id || !flags.length) continue;
        const given = seeded.get(`${id} ${m.menuNo}`);
        if (!given) rows.push({ roleId: id, menuNo: m.menuNo, flags, seededFlags: flags });
        else {
          const add = flags.filter((f) => !given.has(f));
          if (add.length) additions.push({ roleId: id, menuNo: m.menuNo, flags: add });
        }
      }
    }
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insertInto('sysRoleMenu')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['roleId', 'menuNo']).doNothing())
        .execute();
    }
    // An existing grant keeps what an administrator made of it and gains only the flags the seed has not
    // given it yet.
    for (const { roleId: id, menuNo, flags } of additions) {
      await tx
        .updateTable('sysRoleMenu')
        .set({
          flags: sql`array(select distinct f from unnest(flags || ${flags}::text[]) as f)`,
          seededFlags: sql`array(select distinct f from unnest(seeded_flags || ${flags}::text[]) as f)`,
        })
        .where('roleId', '=', id)
        .where('menuNo', '=', menuNo)
        .execute();
    }
  });
}
