// Saved list views and column settings (beyond the spec). A view is personal or shared with
// one of the owner's roles; each user picks their own default per screen. Column settings, and the
// page size beside them, are kept per user and screen. All of it is screen-scoped: the screen must be one the caller can open.
// hand-written SQL: the views shared with the caller's roles (a join) and the role a view is shared with
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { ColumnSetting, ListView } from '../../schemas/generated/list-view.js';
import { requireOpenable } from '../access/permissions.js';
import { deletePref, getPref, setPref } from '../access/prefs.js';
import { MODULE, moduleBody, screenMethod } from '../access/screen-scoped.js';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, defineService, type JsonSchema } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { inTransaction } from '../resource/resource.js';
import { addRecord, removeRecords, updateRecord } from '../resource/save.js';
import { deleteBody } from '../resource/schemas.js';
import { adminLayout } from '../system/table-layout.js';

const viewSchema = JSON.parse(
  readFileSync(new URL('../../schemas/list-view.schema.json', import.meta.url), 'utf8'),
) as {
  properties: Record<string, JsonSchema>;
  definitions: { columnSetting: JsonSchema };
};
// Embedded in several routes' bodies, so without $id and with its one $ref inlined.
const COLUMNS = { ...viewSchema.properties.columns, items: viewSchema.definitions.columnSetting };
const VIEW = {
  type: 'object',
  additionalProperties: false,
  properties: { ...viewSchema.properties, columns: COLUMNS },
};

/**
 * The caller's own views, which only their owner changes or deletes; the views shared with the caller's
 * roles are read beside them (visibleViews).
 */
export const viewResource = defineResource({
  table: 'sysView',
  menus: [],
  fields: {
    module: { type: 'string', write: 'create', required: true, maxLength: 100 },
    viewName: { type: 'string', write: 'always', required: true, maxLength: 50 },
    // The owner is the caller who saved it: written by the service.
    ownerId: { type: 'string' },
    sharedRoleId: { type: 'string', write: 'always' },
    // The view as JSON (schemas/list-view.schema.json), checked by the call's schema.
    content: { type: 'string', write: 'always' },
  },
  audience: (ctx, q) => q.where('t1.ownerId', '=', ctx.user!.id),
});

const columnsKey = (module: string) => `columns:${module}`;
const pageSizeKey = (module: string) => `pageSize:${module}`;
const defaultKey = (module: string) => `view.default:${module}`;

async function myRoleIds(ctx: CallContext): Promise<{ id: string; roleNo: string }[]> {
  return (
    ctx.db
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .select(['r.id', 'r.roleNo'])
      .where('ur.userId', '=', ctx.user!.id)
      .where('r.statusCode', '=', '1')
      // Views are shared with real roles, never with a user's personal role.
      .where('r.ownerUserId', 'is', null)
      .execute()
  );
}

export interface ViewRecord {
  id: string;
  version: number;
  module: string;
  viewName: string;
  ownerName: string | null;
  mine: boolean;
  sharedRoleNo: string | null;
  isDefault: boolean;
  content: ListView;
}

async function visibleViews(ctx: CallContext, module: string): Promise<ViewRecord[]> {
  const roles = await myRoleIds(ctx);
  const me = ctx.user!.id;
  const supplierNo = ctx.user!.scope.supplierNo ?? '';
  const rows = await ctx.db
    .selectFrom('sysView as v')
    .leftJoin('sysRole as r', 'r.id', 'v.sharedRoleId')
    .select([
      'v.id',
      'v.version',
      'v.module',
      'v.viewName',
      'v.ownerId',
      'v.createName',
      'v.content',
      'r.roleNo',
    ])
    .innerJoin('sysUser as o', 'o.id', 'v.ownerId')
    .where('v.module', '=', module)
    .where((eb) =>
      eb.or([
        eb('v.ownerId', '=', me),
        ...(roles.length
          ? [
              eb.and([
                eb(
                  'v.sharedRoleId',
                  'in',
                  roles.map((r) => r.id),
                ),
                // A supplier's user shares only with users of its own supplier, whatever the role.
                eb.or([eb('o.supplierNo', 'is', null), eb('o.supplierNo', '=', supplierNo)]),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy(sql`v.owner_id = ${me}`, 'desc')
    .orderBy('v.viewName')
    .execute();
  const defaultId = await getPref(ctx, defaultKey(module));
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    module: r.module,
    viewName: r.viewName,
    ownerName: r.createName,
    mine: r.ownerId === me,
    sharedRoleNo: r.roleNo,
    isDefault: r.id === defaultId,
    content: r.content as ListView,
  }));
}

interface SaveViewBody {
  condition: {
    id?: string;
    version?: number;
    module: string;
    viewName: string;
    sharedRoleNo?: string | null;
    isDefault?: boolean;
    content: ListView;
  };
}

async function saveView(ctx: CallContext, body: SaveViewBody): Promise<ViewRecord> {
  const c = body.condition;
  await requireOpenable(ctx.db, ctx.user!.id, c.module);
  let sharedRoleId: string | null = null;
  if (c.sharedRoleNo) {
    // A view is shared only with a role the owner has (an administrator may pick any).
    const role = ctx.user!.scope.all
      ? await ctx.db
          .selectFrom('sysRole')
          .select(['id', 'roleNo'])
          .where('roleNo', '=', c.sharedRoleNo)
          .where('ownerUserId', 'is', null)
          .executeTakeFirst()
      : (await myRoleIds(ctx)).find((r) => r.roleNo === c.sharedRoleNo);
    if (!role)
      throw new AppError('invalidValue', { field: 'sharedRoleNo', problem: ctx.t('problem.invalid') });
    sharedRoleId = role.id;
  }
  const values = { viewName: c.viewName, sharedRoleId, content: JSON.stringify(c.content) };
  // One transaction: a view saved under another screen than it belongs to changes nothing.
  return inTransaction(ctx, async (tx) => {
    const saved = c.id
      ? await updateRecord(viewResource, tx, { ...values, id: c.id, version: c.version ?? -1 })
      : await addRecord(viewResource, tx, { ...values, module: c.module }, { ownerId: tx.user!.id });
    const id = saved.id as string;
    if (c.isDefault) await setPref(tx, defaultKey(c.module), id);
    const view = (await visibleViews(tx, c.module)).find((v) => v.id === id);
    if (!view) throw new AppError('notFound');
    return view;
  });
}

export const ISysViewService = defineService('ISysViewService', {
  getViewList: screenMethod<{ condition: { module: string } }>({
    handler: async (ctx, body) => ({ records: await visibleViews(ctx, body.condition.module) }),
  }),

  saveView: defineMethod<SaveViewBody>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['module', 'viewName', 'content'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            version: { type: 'integer', minimum: 1 },
            module: MODULE,
            viewName: { type: 'string', minLength: 1, maxLength: 50, pattern: '\\S' },
            sharedRoleNo: { type: ['string', 'null'], maxLength: 50 },
            isDefault: { type: 'boolean' },
            content: VIEW,
          },
        },
      },
    },
    access: { kind: 'user' },
    handler: saveView,
  }),

  deleteView: defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
    body: deleteBody(),
    access: { kind: 'user' },
    handler: (ctx, body) => removeRecords(viewResource, ctx, body.condition.delList),
  }),

  setDefaultView: screenMethod<{ condition: { module: string; id: string | null } }>({
    body: moduleBody({ id: { type: ['string', 'null'], format: 'uuid' } }, ['id']),
    handler: async (ctx, body) => {
      const { module, id } = body.condition;
      if (id === null) {
        await deletePref(ctx, defaultKey(module));
        return null;
      }
      if (!(await visibleViews(ctx, module)).some((v) => v.id === id)) throw new AppError('notFound');
      await setPref(ctx, defaultKey(module), id);
      return null;
    },
  }),

  getColumnSetting: screenMethod<{ condition: { module: string } }>({
    handler: async (ctx, body) => {
      const module = body.condition.module;
      const [columns, pageSize] = await Promise.all([
        getPref(ctx, columnsKey(module)),
        getPref(ctx, pageSizeKey(module)),
      ]);
      return {
        columns: Array.isArray(columns) ? (columns as ColumnSetting[]) : null,
        adminColumns: await adminLayout(ctx.db, module),
        // The user's page size of the screen, kept with the column settings; null: the screen's own.
        pageSize: typeof pageSize === 'number' ? pageSize : null,
      };
    },
  }),

  saveColumnSetting: screenMethod<{ condition: { module: string; columns: ColumnSetting[] } }>({
    body: moduleBody({ columns: COLUMNS }, ['columns']),
    handler: async (ctx, body) => {
      await setPref(ctx, columnsKey(body.condition.module), body.condition.columns);
      return { columns: body.condition.columns };
    },
  }),

  /** The page size the user chose on a list screen, shown again at the next visit (getColumnSetting). */
  savePageSize: screenMethod<{ condition: { module: string; pageSize: number } }>({
    body: moduleBody({ pageSize: viewSchema.properties.pageSize }, ['pageSize']),
    handler: async (ctx, body) => {
      await setPref(ctx, pageSizeKey(body.condition.module), body.condition.pageSize);
      return { pageSize: body.condition.pageSize };
    },
  }),

  resetColumnSetting: screenMethod<{ condition: { module: string } }>({
    handler: async (ctx, body) => {
      await deletePref(ctx, columnsKey(body.condition.module));
      // Reset means the administrator's layout where there is one (table management).
      return { columns: null, adminColumns: await adminLayout(ctx.db, body.condition.module) };
    },
  }),
});
