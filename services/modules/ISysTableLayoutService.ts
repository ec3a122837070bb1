// Table management (BaseManage.Config.TableManagement; the spec names the screen only): the
// administrator's default column layout of each list screen, for every user who has not saved column
// settings of their own. The screens are the list screens shipped with the code
// (services/system/screen-registry.ts); a layout names only columns the screen shows (its own and its
// active custom fields) and is merged with the screen's current columns when read, so it survives the
// screen changing as saved views and column settings do.
// hand-written SQL: the valid menus whose list screens can have a layout

import { mergeColumnSettings } from '../../engine/core/columnSettings.js';
import type { ColumnSetting } from '../../schemas/generated/list-view.js';
import { adminOnly } from '../access/admin-only.js';
import { AppError } from '../errors.js';
import { page } from '../http/envelope.js';
import { type CallContext, defineMethod, defineService, type JsonSchema } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { inTransaction, list, listAll, type Row } from '../resource/resource.js';
import { addRecord, removeRecords, updateRecord } from '../resource/save.js';
import { deleteBody } from '../resource/schemas.js';
import { type LayoutColumn, listScreens, screenColumns } from '../system/screen-registry.js';

export const TABLE_LAYOUT_MENU = 'BaseManage.Config.TableManagement';

/** One layout per list screen (module): the callers name a layout by its module, not its id. */
export const tableLayoutResource = defineResource({
  table: 'sysTableLayout',
  menus: [TABLE_LAYOUT_MENU],
  fields: {
    module: { type: 'string', write: 'create', required: true, maxLength: 100, sortable: true },
    // The column settings as JSON, checked against the screen by the service.
    columns: { type: 'string', write: 'always' },
  },
  filters: { module: { field: 'module', op: 'eq' } },
  defaultSort: { field: 'module', order: 'asc' },
});

const MODULE_ID: JsonSchema = { type: 'string', minLength: 1, maxLength: 100 };
const access = (flag: 'isSearch' | 'isModify' | 'isDelete') =>
  ({ kind: 'menu', menus: [TABLE_LAYOUT_MENU], flag }) as const;

interface LayoutRow {
  prop: string;
  isShow?: 'Y' | 'N' | boolean;
  fixed?: 'left' | 'none' | null;
  width?: number | null;
}

const SORTABLE = ['module', 'title', 'hasLayout', 'updateName', 'updateDate'] as const;

async function screenOrRefuse(ctx: CallContext, module: string): Promise<LayoutColumn[]> {
  const columns = await screenColumns(ctx.db, module, ctx.t, ctx.lang);
  if (!columns) throw new AppError('tableLayoutScreen', { module: module.slice(0, 100) });
  return columns;
}

/** The layout in effect for a screen: the stored one merged with the screen's current columns. */
function effective(columns: LayoutColumn[], stored: ColumnSetting[] | null) {
  const merged = mergeColumnSettings(columns, stored);
  const byProp = new Map(columns.map((c) => [c.prop, c]));
  return merged.map((s) => {
    const c = byProp.get(s.prop)!;
    return {
      prop: s.prop,
      label: c.label,
      custom: c.custom ? 'Y' : 'N',
      isShow: s.isShow ? 'Y' : 'N',
      fixed: s.fixed,
      width: s.width ?? null,
    };
  });
}

/** The stored layout of a screen, if any. */
async function stored(ctx: CallContext, module: string): Promise<Row | undefined> {
  return (await list(tableLayoutResource, ctx, { size: 1, condition: { module } })).records[0];
}

/** The stored layout of each listed screen, or notFound for the first that has none. */
async function storedIds(ctx: CallContext, delList: { id: string; version: number }[]) {
  const rows = [];
  for (const { id: module, version } of delList) {
    const row = await stored(ctx, module);
    if (!row) throw new AppError('notFound');
    rows.push({ id: row.id as string, version });
  }
  return rows;
}

/** Creates a screen's first layout; one saved by someone else meanwhile makes this save stale. */
async function create(ctx: CallContext, module: string, columns: string): Promise<Row> {
  if (await stored(ctx, module)) throw new AppError('staleVersion');
  return addRecord(tableLayoutResource, ctx, { module, columns });
}

/** The sent rows as column settings, in the sent order; every prop must be a column of the screen. */
function checkRows(ctx: CallContext, columns: LayoutColumn[], rows: LayoutRow[]): ColumnSetting[] {
  const known = new Set(columns.map((c) => c.prop));
  const seen = new Set<string>();
  const out: ColumnSetting[] = rows.map((r, i) => {
    if (!known.has(r.prop)) throw new AppError('tableLayoutColumn', { prop: r.prop.slice(0, 100) });
    if (seen.has(r.prop))
      throw new AppError('invalidValue', { field: r.prop, problem: ctx.t('problem.repeated') });
    seen.add(r.prop);
    const width = r.width ?? undefined;
    return {
      prop: r.prop,
      isShow: r.isShow === true || r.isShow === 'Y' || r.isShow === undefined,
      fixed: r.fixed === 'left' ? 'left' : 'none',
      sort: i,
      ...(width !== undefined ? { width } : {}),
    };
  });
  const merged = mergeColumnSettings(columns, out);
  if (!merged.some((s) => s.isShow))
    throw new AppError('invalidValue', {
      field: ctx.t('field.columns'),
      problem: ctx.t('problem.noColumnShown'),
    });
  return out;
}

export const ISysTableLayoutService = defineService('ISysTableLayoutService', {
  ...adminOnly({
    /** Every list screen with its menu and title, and whether an administrator's layout is set. */
    getsystablelayoutlistbyparams: defineMethod<{
      current?: number;
      size?: number;
      condition?: {
        keyword?: string | null;
        hasLayout?: 'Y' | 'N' | '' | null;
        field?: string | null;
        order?: string | null;
      };
    }>({
      body: {
        type: 'object',
        properties: {
          current: { type: 'integer', minimum: 1, default: 1 },
          size: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
          condition: {
            type: 'object',
            default: {},
            properties: {
              keyword: { type: ['string', 'null'], maxLength: 100 },
              hasLayout: { type: ['string', 'null'], enum: ['Y', 'N', '', null] },
              field: { type: ['string', 'null'], maxLength: 100 },
              order: { type: ['string', 'null'], enum: ['asc', 'desc', 'ascend', 'descend', '', null] },
            },
          },
        },
      },
      access: access('isSearch'),
      handler: async (ctx, body) => {
        const { keyword, hasLayout, field, order } = body.condition ?? {};
        const sortField = field ? field.replace(/^t1\./, '') : 'module';
        if (!(SORTABLE as readonly string[]).includes(sortField))
          throw new AppError('invalidSort', { field: sortField.slice(0, 60) });
        const menus = new Set(
          (await ctx.db.selectFrom('sysMenu').select('menuNo').where('statusCode', '=', '1').execute()).map(
            (m) => m.menuNo,
          ),
        );
        const layouts = new Map<string, Row>();
        const props = ['module', 'version', 'updateName', 'updateDate'];
        for await (const chunk of listAll(tableLayoutResource, ctx, {}, 1000, {}, props))
          for (const l of chunk.records) layouts.set(l.module as string, l);
        const needle = keyword?.trim().toLowerCase();
        const rows = [...listScreens().values()]
          .filter((s) => menus.has(s.menuNo))
          .map((s) => {
            const l = layouts.get(s.menuNo);
            return {
              id: s.menuNo,
              module: s.menuNo,
              title: ctx.t(s.titleKey),
              path: s.path,
              hasLayout: l ? 'Y' : 'N',
              version: l?.version ?? 0,
              updateName: l?.updateName ?? null,
              updateDate: l?.updateDate ?? null,
            };
          })
          .filter(
            (r) =>
              (!needle ||
                r.module.toLowerCase().includes(needle) ||
                r.title.toLowerCase().includes(needle)) &&
              (!hasLayout || r.hasLayout === hasLayout),
          );
        const sign = order === 'desc' || order === 'descend' ? -1 : 1;
        const key = sortField as (typeof SORTABLE)[number];
        const text = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? ''));
        rows.sort(
          (a, b) => sign * text(a[key]).localeCompare(text(b[key])) || a.module.localeCompare(b.module),
        );
        const size = body.size ?? 20;
        const current = body.current ?? 1;
        return page(rows.slice((current - 1) * size, current * size), rows.length, current, size);
      },
    }),

    /** One screen's layout in effect, every column with its label, for the modify page. */
    getsystablelayoutbyid: defineMethod<{ condition: { id: string } }>({
      body: {
        type: 'object',
        required: ['condition'],
        properties: { condition: { type: 'object', required: ['id'], properties: { id: MODULE_ID } } },
      },
      access: access('isSearch'),
      handler: async (ctx, body) => {
        const module = body.condition.id;
        const columns = await screenOrRefuse(ctx, module);
        const row = await stored(ctx, module);
        const entry = listScreens().get(module)!;
        return {
          id: module,
          module,
          title: ctx.t(entry.titleKey),
          hasLayout: row ? 'Y' : 'N',
          version: row?.version ?? 0,
          updateName: row?.updateName ?? null,
          updateDate: row?.updateDate ?? null,
          columns: effective(columns, row ? (row.columns as ColumnSetting[]) : null),
        };
      },
    }),

    /** Saves a screen's layout; version 0 creates it. A stale version changes nothing. */
    updatesystablelayoutbyid: defineMethod<{
      condition: { id: string; version: number; columns: LayoutRow[] };
    }>({
      body: {
        type: 'object',
        required: ['condition'],
        properties: {
          condition: {
            type: 'object',
            required: ['id', 'version', 'columns'],
            properties: {
              id: MODULE_ID,
              // Shown on the modify page, never written.
              module: MODULE_ID,
              title: { type: 'string', maxLength: 200 },
              version: { type: 'integer', minimum: 0 },
              columns: {
                type: 'array',
                minItems: 1,
                maxItems: 300,
                items: {
                  type: 'object',
                  required: ['prop'],
                  properties: {
                    prop: { type: 'string', minLength: 1, maxLength: 100 },
                    isShow: { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['Y', 'N'] }] },
                    fixed: { type: ['string', 'null'], enum: ['left', 'none', null] },
                    width: { type: ['integer', 'null'], minimum: 40, maximum: 2000 },
                  },
                },
              },
            },
          },
        },
      },
      access: access('isModify'),
      handler: async (ctx, body) => {
        const { id: module, version, columns: rows } = body.condition;
        const columns = await screenOrRefuse(ctx, module);
        const settings = checkRows(ctx, columns, rows);
        const json = JSON.stringify(settings);
        const saved = await inTransaction(ctx, async (tx) => {
          if (version === 0) return create(tx, module, json);
          const row = await stored(tx, module);
          if (!row) throw new AppError('notFound');
          return updateRecord(tableLayoutResource, tx, { id: row.id as string, version, columns: json });
        }).catch((e: unknown) => {
          // A first layout saved by someone else at the same moment (the module is unique).
          throw (e as { code?: string }).code === '23505' ? new AppError('staleVersion') : e;
        });
        return {
          id: module,
          module,
          version: saved.version,
          columns: effective(columns, saved.columns as ColumnSetting[]),
        };
      },
    }),

    /** Reset to the screen's default: the administrator's layout goes (all listed or none). */
    deletesystablelayoutbyids: defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
      body: deleteBody(MODULE_ID),
      access: access('isDelete'),
      handler: (ctx, body) =>
        inTransaction(ctx, async (tx) =>
          removeRecords(tableLayoutResource, tx, await storedIds(tx, body.condition.delList)),
        ),
    }),
  }),
});
