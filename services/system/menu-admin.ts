// The menu screen (BaseManage.Base.Menu): every menu as a tree-ordered list, and what an
// administrator may change: the title per language, the sort order, the icon, whether an entry shows
// in the side menu, and the address of an external or custom entry (empty: the entry is not shown). The
// list marks the entries no user sees whatever their flags: a route whose page is not built yet, an
// external or custom entry without an address.
//
// What never changes here: a menu's number (menuNo) is its route name, the key of every role's
// flags, favourites, saved views and tags, and the code names it; its parent, kind and a route's path
// belong to the screens shipped with the code (the seed writes them at every start). Spec 001 section 5
// says a route name must not contain a dot or special characters; the spec's own route names are
// dotted (ReceiptTracking.Acceptance.Details), so we read the rule per segment: each dot-separated part
// of a menu number is letters and digits only (checked on the seed by tests/unit/menu-names.test.ts).
import { adminOnly } from '../access/admin-only.js';
import { AppError } from '../errors.js';
import { page } from '../http/envelope.js';
import { LANGUAGES } from '../i18n.js';
import { type CallContext, defineMethod, type JsonSchema } from '../registry.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resource/schemas.js';
import { menuHasTarget } from './screen-registry.js';

export const MENU_ADMIN_MENU = 'BaseManage.Base.Menu';
/** A menu number: dot-separated names of letters and digits. */
export const MENU_NO_PATTERN = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)*$/;
const ICON_PATTERN = '^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$';
const EXTERNAL_URL = /^https?:\/\/[^\s]+$/;
const CUSTOM_URL = /^custom:I[A-Za-z0-9]+\/[A-Za-z0-9]+$/;

interface MenuRow {
  menuNo: string;
  menuOwner: string;
  menuLevel: number;
  sort: number;
  url: string;
  icon: string | null;
  appNo: 'PC' | 'PDA';
  menuType: string;
  hidden: boolean;
  adminHidden: boolean;
  titleI18n: Record<string, string> | null;
  statusCode: string;
  version: number;
  updateName: string | null;
  updateDate: Date;
}

function title(ctx: CallContext, m: MenuRow): string {
  return m.titleI18n?.[ctx.lang] || ctx.t(`menu.${m.menuNo}`, { defaultValue: m.menuNo });
}

function present(ctx: CallContext, m: MenuRow) {
  return {
    id: m.menuNo,
    version: m.version,
    menuNo: m.menuNo,
    menuName: title(ctx, m),
    menuTreeName: `${'\u3000'.repeat(Math.max(0, m.menuLevel - 1))}${title(ctx, m)}`,
    menuOwner: m.menuOwner,
    menuLevel: m.menuLevel,
    sort: m.sort,
    url: m.url,
    icon: m.icon,
    appNo: m.appNo,
    menuType: m.menuType,
    // A page (add, modify, detail) is never a side-menu entry; isShow is the administrator's choice.
    isPage: m.hidden ? 'Y' : 'N',
    isShow: m.adminHidden ? 'N' : 'Y',
    // Why an entry is kept out of every user's menus whatever its flags: nothing to open yet.
    availability:
      m.appNo !== 'PC' || menuHasTarget(m)
        ? ''
        : ctx.t(m.menuType === 'route' ? 'menu.availability.notBuilt' : 'menu.availability.noAddress'),
    titleI18n: m.titleI18n ?? Object.fromEntries(LANGUAGES.map((l) => [l, ''])),
    updateName: m.updateName,
    updateDate: m.updateDate,
  };
}

async function allMenus(ctx: CallContext): Promise<MenuRow[]> {
  return (await ctx.db.selectFrom('sysMenu').selectAll().execute()) as unknown as MenuRow[];
}

/** Parents before children, siblings by sort then number. */
function treeOrder(rows: MenuRow[]): MenuRow[] {
  const children = new Map<string, MenuRow[]>();
  for (const m of rows) children.set(m.menuOwner, [...(children.get(m.menuOwner) ?? []), m]);
  const out: MenuRow[] = [];
  const walk = (owner: string, depth: number) => {
    if (depth > 10) return;
    const list = (children.get(owner) ?? []).sort(
      (a, b) => a.sort - b.sort || a.menuNo.localeCompare(b.menuNo),
    );
    for (const m of list) {
      out.push(m);
      walk(m.menuNo, depth + 1);
    }
  };
  walk('0', 0);
  return out;
}

const TEXT = { type: ['string', 'null'], maxLength: 100 };

interface ListBody {
  current?: number;
  size?: number;
  condition?: {
    keyword?: string | null;
    appNo?: string | null;
    menuType?: string | null;
    isShow?: string | null;
  };
}

interface UpdateBody {
  condition: {
    id: string;
    version: number;
    titleI18n?: Record<string, string | null> | null;
    sort?: number | null;
    icon?: string | null;
    isShow?: 'Y' | 'N' | null;
    url?: string | null;
  };
}

const I18N: JsonSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: Object.fromEntries(LANGUAGES.map((l) => [l, { type: ['string', 'null'], maxLength: 100 }])),
};

function refuse(ctx: CallContext, field: string, key: string, params?: Record<string, unknown>): never {
  throw new AppError('invalidValue', { field: ctx.t(`field.${field}`), problem: ctx.t(key, params) });
}

export const menuAdminMethods = adminOnly({
  getsysmenuadminlist: defineMethod<ListBody>({
    body: {
      type: 'object',
      properties: {
        current: { type: 'integer', minimum: 1, default: 1 },
        size: { type: 'integer', minimum: 1, default: DEFAULT_PAGE_SIZE },
        condition: {
          type: 'object',
          default: {},
          properties: {
            keyword: TEXT,
            // The list is in tree order; a sort the page sends is accepted and not applied.
            field: { type: ['string', 'null'], maxLength: 100 },
            order: { type: ['string', 'null'] },
            limitCount: { type: ['integer', 'null'], minimum: 0 },
            appNo: { type: ['string', 'null'], enum: ['PC', 'PDA', '', null] },
            menuType: { type: ['string', 'null'], enum: ['group', 'route', 'external', 'custom', '', null] },
            isShow: { type: ['string', 'null'], enum: ['Y', 'N', '', null] },
          },
        },
      },
    },
    access: { kind: 'menu', menus: [MENU_ADMIN_MENU], flag: 'isSearch' },
    handler: async (ctx, body) => {
      const c = body.condition ?? {};
      const size = Math.min(body.size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
      const current = body.current ?? 1;
      const kw = c.keyword?.trim().toLowerCase();
      const rows = treeOrder(await allMenus(ctx))
        .map((m) => present(ctx, m))
        .filter(
          (m) =>
            (!c.appNo || m.appNo === c.appNo) &&
            (!c.menuType || m.menuType === c.menuType) &&
            (!c.isShow || m.isShow === c.isShow) &&
            (!kw ||
              m.menuNo.toLowerCase().includes(kw) ||
              m.menuName.toLowerCase().includes(kw) ||
              m.url.toLowerCase().includes(kw)),
        );
      return page(rows.slice((current - 1) * size, current * size), rows.length, current, size);
    },
  }),
  getsysmenubyid: defineMethod<{ condition: { id: string } }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', maxLength: 100 } },
        },
      },
    },
    access: { kind: 'menu', menus: [MENU_ADMIN_MENU], flag: 'isSearch' },
    handler: async (ctx, body) => {
      const m = (await ctx.db
        .selectFrom('sysMenu')
        .selectAll()
        .where('menuNo', '=', body.condition.id)
        .executeTakeFirst()) as MenuRow | undefined;
      if (!m) throw new AppError('notFound');
      return present(ctx, m);
    },
  }),
  updatesysmenubyid: defineMethod<UpdateBody>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['id', 'version'],
          properties: {
            id: { type: 'string', maxLength: 100 },
            version: { type: 'integer', minimum: 1 },
            titleI18n: I18N,
            sort: { type: ['integer', 'null'], minimum: 0, maximum: 9999 },
            icon: {
              anyOf: [
                { type: 'string', pattern: ICON_PATTERN, maxLength: 64 },
                { type: 'null' },
                { const: '' },
              ],
            },
            isShow: { type: ['string', 'null'], enum: ['Y', 'N', null] },
            url: { type: ['string', 'null'], maxLength: 500 },
            // Shown on the form, never changed here: accepted and ignored.
            menuNo: {},
            menuType: {},
            menuName: {},
          },
        },
      },
    },
    access: { kind: 'menu', menus: [MENU_ADMIN_MENU], flag: 'isModify' },
    handler: async (ctx, body) => {
      const c = body.condition;
      const m = (await ctx.db
        .selectFrom('sysMenu')
        .selectAll()
        .where('menuNo', '=', c.id)
        .executeTakeFirst()) as MenuRow | undefined;
      if (!m) throw new AppError('notFound');
      const set: Record<string, unknown> = {};
      if (c.titleI18n !== undefined) {
        const kept = Object.entries(c.titleI18n ?? {}).filter(([, v]) => v?.trim());
        set.titleI18n = kept.length
          ? JSON.stringify(Object.fromEntries(kept.map(([k, v]) => [k, v!.trim()])))
          : null;
      }
      if (c.sort !== undefined && c.sort !== null) set.sort = c.sort;
      if (c.icon !== undefined) set.icon = c.icon || null;
      if (c.isShow) {
        // The way back to this screen stays in the side menu.
        const chain = new Set(['BaseManage', 'BaseManage.Base', MENU_ADMIN_MENU]);
        if (c.isShow === 'N' && chain.has(m.menuNo))
          throw new AppError('menuProtected', { menuNo: m.menuNo });
        set.adminHidden = c.isShow === 'N';
      }
      if (c.url !== undefined && (c.url ?? '') !== m.url) {
        // A route's path and a group's emptiness belong to the shipped screens.
        if (m.menuType === 'route' || m.menuType === 'group')
          throw new AppError('menuProtected', { menuNo: m.menuNo });
        const url = (c.url ?? '').trim();
        // Empty is allowed: an entry without an address is not shown to anyone.
        if (url && m.menuType === 'external' && !EXTERNAL_URL.test(url))
          refuse(ctx, 'url', 'menu.externalUrl');
        if (url && m.menuType === 'custom' && !CUSTOM_URL.test(url)) refuse(ctx, 'url', 'menu.customUrl');
        set.url = url;
      }
      const r = await ctx.db
        .updateTable('sysMenu')
        .set({ ...set, version: m.version + 1, updateName: ctx.user!.userName, updateDate: new Date() })
        .where('menuNo', '=', m.menuNo)
        .where('version', '=', c.version)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new AppError('staleVersion');
      const updated = (await ctx.db
        .selectFrom('sysMenu')
        .selectAll()
        .where('menuNo', '=', m.menuNo)
        .executeTakeFirstOrThrow()) as MenuRow;
      return present(ctx, updated);
    },
  }),
});
