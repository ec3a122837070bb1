// The user's menus with the permission flags of the user's roles, and favourite ("fixed") menus.
// hand-written SQL: the caller's menus with the flags its roles grant (text[] unnested and grouped)
import { sql } from 'kysely';
import { yesNoFlags } from '../../engine/core/flags.js';
import type { Menu } from '../../schemas/generated/menu.js';
import { getPref, setPref } from '../access/prefs.js';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { menuAdminMethods } from '../system/menu-admin.js';
import { menuHasTarget } from '../system/screen-registry.js';

/** Spec 000 section 2: the fixed-menu list starts with these. */
export const DEFAULT_FAVOURITES = [
  'Base.Basic.Organizational',
  'Base.Basic.Warehouse',
  'Base.Material.Material',
  'Base.Material.Cell',
];
const FAVOURITES_KEY = 'favourites';

type FlatMenu = Omit<Menu, 'children'>;

/** A menu's title in the caller's language: the administrator's title if given, else the locale's. */
export function menuTitle(ctx: CallContext, menuNo: string, titles: Record<string, string> | null): string {
  return titles?.[ctx.lang] || ctx.t(`menu.${menuNo}`, { defaultValue: menuNo });
}

/**
 * Every menu the user may open (isSearch on some valid role) that has something to open, flat, in tree
 * order, with every flag as 'Y' or 'N': 'Y' when a valid role of the user grants it and the menu offers it.
 */
export async function userMenus(ctx: CallContext, appNo?: string): Promise<FlatMenu[]> {
  let q = ctx.db
    .selectFrom('sysMenu as m')
    .innerJoin('sysRoleMenu as rm', 'rm.menuNo', 'm.menuNo')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rm.roleId')
    .innerJoin('sysRole as r', 'r.id', 'rm.roleId')
    // One row per granted flag; `f.f` is the flag (the column of a function in FROM takes its alias).
    .leftJoin(sql<{ f: string }>`unnest(rm.flags)`.as('f'), (join) => join.onTrue())
    .where('ur.userId', '=', ctx.user!.id)
    .where('r.statusCode', '=', '1')
    .where('m.statusCode', '=', '1')
    .groupBy('m.menuNo')
    .having(sql<boolean>`bool_or(f.f = 'isSearch' and f.f = any(m.offered_flags))`)
    .select([
      'm.menuNo',
      'm.menuOwner',
      'm.menuLevel',
      'm.sort',
      'm.url',
      'm.icon',
      'm.appNo',
      'm.menuType',
      'm.hidden',
      'm.adminHidden',
      'm.titleI18n',
    ])
    .select(
      sql<string[] | null>`array_agg(distinct f.f) filter (where f.f = any(m.offered_flags))`.as('granted'),
    )
    .orderBy('m.menuLevel')
    .orderBy('m.sort')
    .orderBy('m.menuNo');
  if (appNo) q = q.where('m.appNo', '=', appNo as 'PC' | 'PDA');
  const rows = await q.execute();
  // A PC entry with nothing to open (a route whose page is not built, an external address left empty)
  // is no menu to click: the browser never lists it (the menu screen shows it, marked). One that a
  // kept page acts under stays, hidden from the side menu: the page's route and flags hang on it.
  const opens = new Set(rows.filter((r) => r.appNo !== 'PC' || menuHasTarget(r)).map((r) => r.menuNo));
  const owners = new Set(rows.filter((r) => opens.has(r.menuNo)).map((r) => r.menuOwner));
  return rows
    .filter((r) => opens.has(r.menuNo) || owners.has(r.menuNo))
    .map((r) => ({
      menuNo: r.menuNo,
      menuName: menuTitle(ctx, r.menuNo, r.titleI18n),
      menuLevel: r.menuLevel,
      menuOwner: r.menuOwner,
      sort: r.sort,
      url: r.url,
      icon: r.icon ?? undefined,
      appNo: r.appNo,
      menuType: r.menuType,
      // An administrator's hiding takes an entry out of the side menu; its route still opens.
      hidden: r.hidden || r.adminHidden || !opens.has(r.menuNo),
      ...yesNoFlags(r.granted ?? []),
    }));
}

export function buildTree(flat: FlatMenu[]): Menu[] {
  const byNo = new Map<string, Menu>(flat.map((m) => [m.menuNo, { ...m, children: [] }]));
  const roots: Menu[] = [];
  for (const m of byNo.values()) {
    if (m.menuOwner === '0') roots.push(m);
    else byNo.get(m.menuOwner)?.children.push(m);
  }
  const sortRec = (list: Menu[]) => {
    list.sort((a, b) => a.sort - b.sort || a.menuNo.localeCompare(b.menuNo));
    for (const m of list) sortRec(m.children);
  };
  sortRec(roots);
  return roots;
}

async function favourites(ctx: CallContext): Promise<string[]> {
  const value = await getPref(ctx, FAVOURITES_KEY);
  return Array.isArray(value) ? (value as string[]) : DEFAULT_FAVOURITES;
}

async function favouriteMenus(ctx: CallContext): Promise<FlatMenu[]> {
  const [wanted, menus] = await Promise.all([favourites(ctx), userMenus(ctx)]);
  const byNo = new Map(menus.map((m) => [m.menuNo, m]));
  // A favourite the user can no longer open simply drops out.
  return wanted.map((no) => byNo.get(no)).filter((m): m is FlatMenu => Boolean(m && m.menuType !== 'group'));
}

interface CollectBody {
  condition: { menuNo?: string; collect?: 'Y' | 'N'; menuNos?: string[] };
}

async function collect(ctx: CallContext, body: CollectBody): Promise<FlatMenu[]> {
  const { menuNo, collect: on, menuNos } = body.condition;
  const available = new Set(
    (await userMenus(ctx)).filter((m) => m.menuType !== 'group').map((m) => m.menuNo),
  );
  let next = (await favouriteMenus(ctx)).map((m) => m.menuNo);
  if (menuNos) {
    const unknown = menuNos.find((no) => !available.has(no));
    if (unknown) throw new AppError('notFound');
    next = [...new Set(menuNos)];
  } else if (menuNo) {
    if (!available.has(menuNo)) throw new AppError('notFound');
    next = next.filter((no) => no !== menuNo);
    if ((on ?? 'Y') === 'Y') next.push(menuNo);
  }
  await setPref(ctx, FAVOURITES_KEY, next);
  return favouriteMenus(ctx);
}

const MENU_NO = { type: 'string', minLength: 1, maxLength: 100 };

export const ISysMenuService = defineService('ISysMenuService', {
  ...menuAdminMethods,
  getsysmenulist: defineMethod<{ condition?: { appNo?: 'PC' | 'PDA' } | null }>({
    body: {
      type: 'object',
      properties: {
        condition: {
          type: ['object', 'null'],
          properties: { appNo: { type: 'string', enum: ['PC', 'PDA'] } },
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => ({ allMenuList: buildTree(await userMenus(ctx, body.condition?.appNo)) }),
  }),
  getsysmenubyparamssearch: defineMethod<{
    condition?: { appNo?: 'PC' | 'PDA'; menuLevel?: number; keyword?: string } | null;
  }>({
    body: {
      type: 'object',
      properties: {
        condition: {
          type: ['object', 'null'],
          properties: {
            appNo: { type: 'string', enum: ['PC', 'PDA'] },
            menuLevel: { type: 'integer', minimum: 1, maximum: 10 },
            keyword: { type: ['string', 'null'], maxLength: 100 },
          },
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const { appNo, menuLevel, keyword } = body.condition ?? {};
      const kw = keyword?.trim().toLowerCase();
      return (await userMenus(ctx, appNo)).filter(
        (m) =>
          (menuLevel === undefined || m.menuLevel === menuLevel) &&
          (!kw || m.menuName.toLowerCase().includes(kw) || m.menuNo.toLowerCase().includes(kw)),
      );
    },
  }),
  getBusinessCommonMenu: defineMethod({
    body: { type: 'object' },
    access: { kind: 'user' },
    handler: favouriteMenus,
  }),
  collectBusinessCommonMenu: defineMethod<CollectBody>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          properties: {
            menuNo: MENU_NO,
            collect: { type: 'string', enum: ['Y', 'N'] },
            menuNos: { type: 'array', maxItems: 200, items: MENU_NO },
          },
          anyOf: [{ required: ['menuNo'] }, { required: ['menuNos'] }],
        },
      },
    },
    access: { kind: 'user' },
    handler: collect,
  }),
});
