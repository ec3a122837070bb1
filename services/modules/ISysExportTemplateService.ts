// Export template configuration (spec 000 section 3: exportName, isDefault, 1 is the default; spec 001
// section 5: no export without a chosen template): BaseManage.Config.ExportTemplate maintains
// sys_export_template. A template belongs to a module that has an export port, names its columns in
// order from that module's exportable fields (the resource's fields and its active custom fields), each
// with an optional header, and carries a name in every language. Each module keeps exactly one default:
// making a template the default takes the mark from the previous one in the same transaction (the
// resource layer's oneDefault), and the default is neither switched off nor deleted while other
// templates of the module remain.
import { adminOnly } from '../access/admin-only.js';
import { AppError } from '../errors.js';
import { LANGUAGES, translator } from '../i18n.js';
import {
  type CallContext,
  defineMethod,
  defineService,
  type JsonSchema,
  type MethodDef,
} from '../registry.js';
import { activeCustomFields } from '../resource/custom-fields.js';
import { defineResource, type ResourceDef, SYSTEM_FIELDS } from '../resource/define.js';
import { templateLabel } from '../resource/export.js';
import { MENU_NAME_REFERENCE } from '../resource/field-kinds.js';
import { inOrder, oneDefault } from '../resource/hooks.js';
import { standardMethods } from '../resource/methods.js';
import { namedReferences } from '../resource/references.js';
import { get, list, listAll, type Row } from '../resource/resource.js';
import { addRecord, removeRecords, updateRecord } from '../resource/save.js';
import { addBody, byKeyword, keywordBody, updateBody } from '../resource/schemas.js';
import { shippedScreens } from '../system/screen-registry.js';
import { frameDefineResource } from './ISysFrameDefineService.js';
// Read at call time only, so the import cycle through the service list is harmless.
import { SERVICES } from './index.js';

export const EXPORT_TEMPLATE_MENU = 'BaseManage.Config.ExportTemplate';
/** The column standing for every active custom field of the module (the seeded templates use it). */
export const ALL_CUSTOM = '*custom';

/** One default per module, the module's first template included. */
const moveDefault = oneDefault('sysExportTemplate', 'isDefault', ['module'], {
  on: '1',
  off: '0',
  first: true,
});

export const exportTemplateResource = defineResource({
  table: 'sysExportTemplate',
  menus: [EXPORT_TEMPLATE_MENU],
  fields: {
    module: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 100,
      keyword: true,
      sortable: true,
    },
    exportName: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 64,
      pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
      keyword: true,
      sortable: true,
    },
    isDefault: { type: 'string', write: 'always', enum: ['0', '1'], default: '0', sortable: true },
    // Both written by the service from their checked values, never as sent.
    templateName: { type: 'string', write: 'always' },
    columns: { type: 'string', write: 'always' },
    columnCount: { type: 'integer', sortable: true },
  },
  filters: {
    module: { field: 'module', op: 'eq' },
    isDefault: { field: 'isDefault', op: 'eq' },
    exportNameIndistinct: { field: 'exportName', op: 'contains' },
  },
  defaultSort: { field: 'module', order: 'asc' },
  // The module answered with its menu's title in the caller's language (moduleName).
  references: { module: MENU_NAME_REFERENCE },
  hooks: {
    beforeSave: inOrder(
      (ctx, row, current, payload) => written(ctx, row, current, payload as Sent),
      moveDefault,
    ),
    beforeDelete: (ctx, rows) => keepDefaults(ctx, rows),
  },
});

const NAMES: JsonSchema = {
  type: 'object',
  description: 'The name in every language.',
  required: [...LANGUAGES],
  additionalProperties: false,
  properties: Object.fromEntries(
    LANGUAGES.map((l) => [l, { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' }]),
  ),
};

const COLUMNS: JsonSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 200,
  items: {
    type: 'object',
    required: ['prop'],
    properties: {
      prop: { type: 'string', minLength: 1, maxLength: 100 },
      header: { type: ['string', 'null'], maxLength: 100, pattern: '^[^\\u0000]*$' },
    },
  },
};

function withOwnSchemas(schema: JsonSchema, required: boolean): JsonSchema {
  const s = structuredClone(schema) as {
    properties: { condition: { properties: Record<string, JsonSchema>; required?: string[] } };
  };
  const c = s.properties.condition;
  c.properties.templateName = NAMES;
  c.properties.columns = COLUMNS;
  // An emptied select arrives as null; the stored mark stays.
  c.properties.isDefault = { type: ['string', 'null'], enum: ['0', '1', null] };
  if (required) c.required = [...new Set([...(c.required ?? []), 'templateName', 'columns'])];
  return s as unknown as JsonSchema;
}

/**
 * The resources each module's templates export, by the module (menu): first what the module's list
 * screen's service exports (the screen's `calls.export`, else `exportexcel`), then the other export ports of
 * that service serving the menu (a notice list's templates write notices, or their lines through the
 * detail template). Two services exporting under one menu (an order's head on the acceptance page,
 * its lines on the order list) so keep their own fields apart. A module no screen exports from takes
 * the first export port serving its menu.
 */
function exportResources(): Map<string, ResourceDef[]> {
  if (exporting) return exporting;
  const byModule = new Map<string, ResourceDef[]>();
  const add = (module: string, def: ResourceDef) => {
    const defs = byModule.get(module) ?? [];
    if (!defs.some((d) => d.table === def.table)) defs.push(def);
    byModule.set(module, defs);
  };
  for (const screen of shippedScreens()) {
    const service = screen.kind === 'list' ? SERVICES.find((s) => s.name === screen.service) : undefined;
    const main = service?.methods[screen.calls?.export ?? 'exportexcel']?.resource;
    if (!service || !main || !screen.menuNo || byModule.has(screen.menuNo)) continue;
    add(screen.menuNo, main);
    for (const [name, method] of Object.entries(service.methods))
      if (name.startsWith('export') && method.resource?.menus.includes(screen.menuNo))
        add(screen.menuNo, method.resource);
  }
  for (const service of SERVICES)
    for (const [name, method] of Object.entries(service.methods)) {
      const exported = name.startsWith('export') ? method.resource : undefined;
      if (!exported) continue;
      for (const menu of exported.menus) if (!byModule.has(menu)) add(menu, exported);
    }
  exporting = byModule;
  return byModule;
}
let exporting: Map<string, ResourceDef[]> | undefined;

/**
 * A seeded template's columns with the name of each record a code column names right after the code
 * (orgShortName after orgNo, unitName after unitNo), where the module's resources answer that name:
 * an export names records as the lists do.
 */
export function withReferenceNames(module: string, columns: string[]): string[] {
  const names = (exportResources().get(module) ?? []).flatMap(namedReferences);
  return columns.flatMap((prop) => {
    const name = names.find((n) => n.field === prop)?.name.as;
    return name && !columns.includes(name) ? [prop, name] : [prop];
  });
}

/** What a template of the module may write, in the caller's language: fields, then custom fields. */
export async function exportableFields(
  ctx: CallContext,
  module: string,
): Promise<{ prop: string; label: string; custom: boolean }[]> {
  const defs = exportResources().get(module);
  if (!defs) throw new AppError('exportModuleUnknown', { module });
  const [def] = defs;
  // Each field, followed by the name of the record it names where the resource answers one; the
  // module's other export ports add the fields the first lacks.
  const seen = new Set<string>();
  const own = defs.flatMap((d) =>
    Object.keys(d.fields).flatMap((prop) =>
      [
        { prop, label: ctx.t(`field.${prop}`), custom: false },
        ...namedReferences(d)
          .filter((n) => n.field === prop)
          .map((n) => ({
            prop: n.name.as,
            label: ctx.t(n.name.labelKey ?? `field.${n.name.as}`),
            custom: false,
          })),
      ].filter((f) => !seen.has(f.prop) && seen.add(f.prop)),
    ),
  );
  const audit = Object.keys(SYSTEM_FIELDS)
    .filter((p) => p !== 'id' && p !== 'version')
    .map((prop) => ({ prop, label: ctx.t(`field.${prop}`), custom: false }));
  if (!def.customFields) return [...own, ...audit];
  const custom = await activeCustomFields(ctx.db, def.menus, def.fields);
  // Each custom field's name in the caller's language, as the custom field screen answers it.
  const names = new Map<string, string>();
  for await (const { records } of listAll(frameDefineResource, ctx, { module }))
    for (const r of records) if (r.fieldNoName) names.set(String(r.fieldNo), String(r.fieldNoName));
  const customOnes = custom.map((f) => ({
    prop: f.fieldNo,
    label: names.get(f.fieldNo) ?? f.fieldNo,
    custom: true,
  }));
  return [
    ...own,
    ...customOnes,
    { prop: ALL_CUSTOM, label: ctx.t('exportTemplate.allCustom'), custom: true },
    ...audit,
  ];
}

type Column = { prop: string; header?: string | null };
/** What a save sends beside the fields: the names in every language and the columns in order. */
type Sent = Row & { templateName?: Record<string, string>; columns?: Column[] };

/** The columns as stored: each one an exportable field of the module, each at most once. */
async function checkedColumns(ctx: CallContext, module: string, columns: Column[]): Promise<string> {
  const allowed = new Set((await exportableFields(ctx, module)).map((f) => f.prop));
  const seen = new Set<string>();
  const kept = columns.map((c) => {
    if (!allowed.has(c.prop) || seen.has(c.prop))
      throw new AppError('exportColumnUnknown', { column: c.prop, module: ctx.t(`menu.${module}`) });
    seen.add(c.prop);
    const header = c.header?.trim();
    return header ? { prop: c.prop, header } : { prop: c.prop };
  });
  return JSON.stringify(kept);
}

const cleanNames = (names: Record<string, string>) =>
  JSON.stringify(Object.fromEntries(LANGUAGES.map((l) => [l, names[l].trim()])));

const menuName = (ctx: CallContext, module: unknown) => ctx.t(`menu.${module}`);

/**
 * The resource's beforeSave: the default stays on (another template is made the default instead), and
 * the columns and names sent are written as checked (each column an exportable field of the module,
 * at most once; the names trimmed), never as sent.
 */
async function written(ctx: CallContext, row: Row, current: Row | undefined, sent: Sent): Promise<Row> {
  const module = String(row.module);
  if (current && String(current.isDefault) === '1' && String(row.isDefault) === '0')
    throw new AppError('exportDefaultKept', { module: menuName(ctx, module) });
  const set: Row = {};
  if (sent.columns) set.columns = await checkedColumns(ctx, module, sent.columns);
  if (sent.templateName) set.templateName = cleanNames(sent.templateName);
  return set;
}

/** The resource's beforeDelete: a module's default goes only with the module's last templates. */
async function keepDefaults(ctx: CallContext, rows: Row[]): Promise<void> {
  const ids = rows.map((r) => String(r.id));
  for (const row of rows) {
    if (String(row.isDefault) !== '1') continue;
    const others = await list(
      exportTemplateResource,
      ctx,
      { size: 1, condition: { module: String(row.module) } },
      { where: (q) => q.where('t1.id', 'not in', ids), fields: ['id'] },
    );
    if (others.total) throw new AppError('exportDefaultKept', { module: menuName(ctx, row.module) });
  }
}

/**
 * What callers see: the mark as the screens' '1'/'0' and the name in their language (the modify form's
 * get answers the names in every language instead).
 */
function present(ctx: CallContext, row: Row): Row {
  const module = String(row.module);
  const names = row.templateName as Record<string, string> | null;
  return {
    ...row,
    isDefault: String(row.isDefault),
    templateName: templateLabel(ctx, module, { exportName: String(row.exportName), templateName: names }),
  };
}

/** The modify form edits the name in every language: a seeded template starts from its locale texts. */
function namesForForm(row: Row): Record<string, string> {
  const own = row.templateName as Record<string, string> | null;
  if (own) return own;
  const key = `exportTemplate.${row.module}.${row.exportName}`;
  return Object.fromEntries(
    LANGUAGES.map((l) => [l, translator(l)(key, { defaultValue: String(row.exportName) })]),
  );
}

/** An emptied select arrives as null: no mark sent (an add takes the default '0', an update keeps it). */
function markSent<T extends Row>(condition: T): T {
  if (condition.isDefault != null) return condition;
  const { isDefault: _mark, ...rest } = condition;
  return rest as T;
}

const standard = standardMethods(exportTemplateResource, {
  list: 'getsysexporttemplatelistbyparams',
  get: 'getsysexporttemplatebyid',
  add: 'addsysexporttemplate',
  update: 'updatesysexporttemplatebyid',
  delete: { name: 'deletesysexporttemplatebyids', flag: 'isDelete' },
});

type Page = { records: Row[] };

const maintained: Record<string, MethodDef> = {
  getsysexporttemplatelistbyparams: {
    ...standard.getsysexporttemplatelistbyparams,
    handler: async (ctx, body) => {
      const page = (await standard.getsysexporttemplatelistbyparams.handler(ctx, body)) as Page;
      return { ...page, records: page.records.map((r) => present(ctx, r)) };
    },
  },
  getsysexporttemplatebyid: {
    ...standard.getsysexporttemplatebyid,
    handler: async (ctx, body: { condition: { id: string } }) => {
      const row = await get(exportTemplateResource, ctx, body.condition.id);
      return { ...present(ctx, row), templateName: namesForForm(row) };
    },
  },
  addsysexporttemplate: {
    ...standard.addsysexporttemplate,
    body: withOwnSchemas(addBody(exportTemplateResource), true),
    handler: async (ctx, body: { condition: Sent }) =>
      present(ctx, await addRecord(exportTemplateResource, ctx, markSent(body.condition))),
  },
  updatesysexporttemplatebyid: {
    ...standard.updatesysexporttemplatebyid,
    body: withOwnSchemas(updateBody(exportTemplateResource), false),
    handler: async (ctx, body: { condition: Sent & { id: string; version: number } }) =>
      present(ctx, await updateRecord(exportTemplateResource, ctx, markSent(body.condition))),
  },
  deletesysexporttemplatebyids: {
    ...standard.deletesysexporttemplatebyids,
    handler: (ctx, body: { condition: { delList: { id: string; version: number }[] } }) =>
      removeRecords(exportTemplateResource, ctx, body.condition.delList),
  },

  /** The modules whose lists export, for the form's module selector (flat, named). */
  getExportModules: defineMethod<{ condition?: { keyword?: string | null } | null }>({
    body: keywordBody,
    access: { kind: 'menu', menus: [EXPORT_TEMPLATE_MENU], flag: 'isSearch' },
    handler: async (ctx, body) =>
      byKeyword(
        [...exportResources().keys()].map((module) => ({
          module,
          moduleName: ctx.t(`menu.${module}`, { defaultValue: module }),
        })),
        body.condition?.keyword,
        (m) => m.module,
        (m) => m.moduleName,
      ),
  }),

  /**
   * The exportable fields of a module (flat, for the column selector); without a module, those of every
   * module, so a page can name the columns it shows before it knows the module.
   */
  getExportableFields: defineMethod<{
    condition?: { module?: string | null; keyword?: string | null } | null;
  }>({
    body: {
      type: 'object',
      properties: {
        condition: {
          type: ['object', 'null'],
          properties: {
            module: { type: ['string', 'null'], maxLength: 100 },
            keyword: { type: ['string', 'null'], maxLength: 100 },
          },
        },
      },
    },
    access: { kind: 'menu', menus: [EXPORT_TEMPLATE_MENU], flag: 'isSearch' },
    handler: async (ctx, body) => {
      const module = body.condition?.module;
      const modules = module ? [module] : [...exportResources().keys()];
      const byProp = new Map<string, { prop: string; label: string; custom: boolean }>();
      for (const m of modules)
        for (const f of await exportableFields(ctx, m)) if (!byProp.has(f.prop)) byProp.set(f.prop, f);
      const keyword = body.condition?.keyword?.trim().toLowerCase();
      return [...byProp.values()].filter(
        (f) => !keyword || f.prop.toLowerCase().includes(keyword) || f.label.toLowerCase().includes(keyword),
      );
    },
  }),
};

export const ISysExportTemplateService = defineService('ISysExportTemplateService', adminOnly(maintained));
