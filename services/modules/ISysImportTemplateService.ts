// Import template configuration (spec 000 section 7: "Template download: {port}/downExcelTemplate or a
// configured address"): BaseManage.Config.ImportTemplate says, per import port, where the
// template comes from: generated from the screen (as without any configuration), a workbook an
// administrator uploaded (a real .xlsx, kept in the files store) or an external address the import
// dialog opens. Only one configuration of a port is active at a time: the partial unique index
// sys_import_template_active holds it, refused as any duplicate (50M01, "Import port ... already
// exists").
import { adminOnly } from '../access/admin-only.js';
import { AppError } from '../errors.js';
import { removeFileRows, visibleFile } from '../files/files.js';
import { type CallContext, defineMethod, defineService, type MethodDef } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { importPorts } from '../resource/import-ports.js';
import { standardMethods } from '../resource/methods.js';
import { get, inTransaction, type Row, remove } from '../resource/resource.js';
import { addRecord, updateRecord } from '../resource/save.js';
import { byKeyword, keywordBody } from '../resource/schemas.js';
// Read at call time only, so the import cycle through the service list is harmless.
import { SERVICES } from './index.js';

export const IMPORT_TEMPLATE_MENU = 'BaseManage.Config.ImportTemplate';
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const importTemplateResource = defineResource({
  table: 'sysImportTemplate',
  menus: [IMPORT_TEMPLATE_MENU],
  fields: {
    port: { type: 'string', write: 'always', required: true, maxLength: 100, keyword: true, sortable: true },
    templateSource: {
      type: 'string',
      write: 'always',
      required: true,
      enum: ['generated', 'file', 'url'],
      default: 'generated',
      sortable: true,
    },
    fileId: { type: 'string', write: 'always', pattern: UUID },
    templateUrl: {
      type: 'string',
      write: 'always',
      maxLength: 1000,
      pattern: '^https?://[^\\s]+$',
      patternProblem: 'problem.httpAddress',
    },
    remark: { type: 'string', write: 'always', maxLength: 255, keyword: true },
    statusCode: {
      type: 'string',
      write: 'always',
      enum: ['0', '1'],
      default: '1',
      sortable: true,
      dictionary: 'STATUS_CODE',
    },
  },
  filters: {
    port: { field: 'port', op: 'eq' },
    templateSource: { field: 'templateSource', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  defaultSort: { field: 'port', order: 'asc' },
  hooks: { beforeSave: (ctx, row) => checked(ctx, row) },
  // The port answered with its name in the caller's language too (portName: what its template is called).
  presented: ['portName'],
  present: (row, t) => ({ ...row, portName: portName(String(row.port ?? ''), t) }),
});

const portNames = () => importPorts(SERVICES).map((d) => d.port);

/** What users call a port's records (its template's name), in their language; the port where unknown. */
function portName(port: string, t: (key: string, params?: Record<string, unknown>) => string): string {
  const decl = importPorts(SERVICES).find((d) => d.port === port);
  return decl ? t(decl.templateNameKey, { defaultValue: port }) : port;
}

/**
 * The record as it must be stored (the resource's beforeSave, on add and update alike): a real port,
 * the source's own value present; answers the other sources' values, cleared.
 */
async function checked(ctx: CallContext, row: Row): Promise<Row> {
  const port = String(row.port ?? '');
  if (!portNames().includes(port)) throw new AppError('importPortUnknown', { port });
  const source = String(row.templateSource ?? 'generated');
  const cleared: Row = { templateSource: source };
  if (source === 'file') {
    const fileId = String(row.fileId ?? '');
    if (!fileId) throw new AppError('importTemplateNotXlsx');
    const { record } = await visibleFile(ctx, fileId);
    if (record.fileExt !== 'xlsx') throw new AppError('importTemplateNotXlsx');
  } else cleared.fileId = null;
  if (source === 'url') {
    if (!row.templateUrl)
      throw new AppError('invalidValue', {
        field: ctx.t('field.templateUrl'),
        problem: ctx.t('problem.required'),
      });
  } else cleared.templateUrl = null;
  return cleared;
}

function present(ctx: CallContext, row: Row): Row {
  return { ...row, portName: ctx.t(`importTemplate.${row.port}`, { defaultValue: String(row.port) }) };
}

const standard = standardMethods(importTemplateResource, {
  list: 'getsysimporttemplatelistbyparams',
  get: 'getsysimporttemplatebyid',
  add: 'addsysimporttemplate',
  update: 'updatesysimporttemplatebyid',
  delete: { name: 'deletesysimporttemplatebyids', flag: 'isDelete' },
});

type Page = { records: Row[] };
type Saved = { condition: Row & { id: string; version: number } };

const maintained: Record<string, MethodDef> = {
  getsysimporttemplatelistbyparams: {
    ...standard.getsysimporttemplatelistbyparams,
    handler: async (ctx, body) => {
      const page = (await standard.getsysimporttemplatelistbyparams.handler(ctx, body)) as Page;
      return { ...page, records: page.records.map((r) => present(ctx, r)) };
    },
  },
  getsysimporttemplatebyid: {
    ...standard.getsysimporttemplatebyid,
    handler: async (ctx, body: { condition: { id: string } }) =>
      present(ctx, await get(importTemplateResource, ctx, body.condition.id)),
  },
  addsysimporttemplate: {
    ...standard.addsysimporttemplate,
    handler: async (ctx, body: { condition: Row }) =>
      present(ctx, await addRecord(importTemplateResource, ctx, body.condition)),
  },
  updatesysimporttemplatebyid: {
    ...standard.updatesysimporttemplatebyid,
    handler: (ctx, body: Saved) =>
      inTransaction(ctx, async (tx) => {
        const c = body.condition;
        const current = await get(importTemplateResource, tx, c.id);
        const saved = await updateRecord(importTemplateResource, tx, c);
        // A workbook replaced or no longer used goes with the change, as an app version's package does.
        if (current.fileId && current.fileId !== saved.fileId)
          await removeFileRows(tx, [String(current.fileId)]);
        return present(tx, saved);
      }),
  },
  deletesysimporttemplatebyids: {
    ...standard.deletesysimporttemplatebyids,
    handler: (ctx, body: { condition: { delList: { id: string; version: number }[] } }) =>
      inTransaction(ctx, async (tx) => {
        const files: string[] = [];
        for (const { id } of body.condition.delList) {
          const row = await get(importTemplateResource, tx, id);
          if (row.fileId) files.push(String(row.fileId));
        }
        const result = await remove(importTemplateResource, tx, body.condition.delList);
        await removeFileRows(tx, [...new Set(files)]);
        return result;
      }),
  },

  /** The import ports, for the form's port selector (flat, named in the caller's language). */
  getImportPorts: defineMethod<{ condition?: { keyword?: string | null } | null }>({
    body: keywordBody,
    access: { kind: 'menu', menus: [IMPORT_TEMPLATE_MENU], flag: 'isSearch' },
    handler: async (ctx, body) =>
      byKeyword(
        portNames().map((port) => ({ port, portName: portName(port, ctx.t) })),
        body.condition?.keyword,
        (p) => p.port,
        (p) => p.portName,
      ),
  }),
};

export const ISysImportTemplateService = defineService('ISysImportTemplateService', adminOnly(maintained));
