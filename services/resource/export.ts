// Exports (spec 000 section 7: getExportNameList, {port}/exportexcel): the current search of a
// resource written as an xlsx stream, page by page, so memory stays flat however large the result.
// Data scope and the menu's isExport flag apply exactly as for the list.
import { PassThrough, type Writable } from 'node:stream';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, FileAnswer, type JsonSchema, type MethodDef } from '../registry.js';
import { activeCustomFields, FIELD_TYPE, staticOptions } from './custom-fields.js';
import { type ResourceDef, SYSTEM_FIELDS } from './define.js';
import { startExportJob } from './export-job.js';
import { namedReference } from './references.js';
import { type ListBody, type ListOptions, listAll } from './resource.js';
import { listBody } from './schemas.js';
import { openXlsxWriter } from './xlsx-writer.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A text a spreadsheet could run as a formula (= + - @, a tab or a carriage return first) gets a
 * leading apostrophe; NUL characters are dropped (OWASP CSV injection).
 */
export function escapeCell(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.replace(/\0/g, '');
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export interface ExportColumn {
  header: string;
  prop: string;
  value: (v: unknown) => unknown;
  /** The values are exact decimals (a decimal field, a custom number): number cells, every digit kept. */
  decimal?: boolean;
}

const CANONICAL_DECIMAL = /^-?\d+(\.\d+)?$/;

/** A cell's value: a decimal's text as it is (its '-' is a sign, not a formula), any other text escaped. */
function cellValue(column: ExportColumn, value: unknown): unknown {
  if (column.decimal && typeof value === 'string' && CANONICAL_DECIMAL.test(value)) return value;
  return escapeCell(value);
}

async function templateOf(ctx: CallContext, module: string, exportName: string | undefined) {
  let q = ctx.db
    .selectFrom('sysExportTemplate')
    .select(['exportName', 'columns', 'templateName'])
    .where('module', '=', module);
  q = exportName ? q.where('exportName', '=', exportName) : q.where('isDefault', '=', 1);
  const template = await q.executeTakeFirst();
  if (!template) throw new AppError('noExport', { name: exportName ?? '' });
  return template;
}

/**
 * A template's name in the caller's language: the name an administrator gave it, else its locale key
 * exportTemplate.<module>.<exportName> (the seeded ones), else its code.
 */
export function templateLabel(
  ctx: Pick<CallContext, 'lang' | 't'>,
  module: string,
  row: { exportName: string; templateName: Record<string, string> | null },
): string {
  const own = row.templateName?.[ctx.lang] ?? row.templateName?.['en-US'];
  return own || ctx.t(`exportTemplate.${module}.${row.exportName}`, { defaultValue: row.exportName });
}

/** A column of an export template: a field, or '*custom' for every active custom field. */
export interface TemplateColumn {
  prop: string;
  /** Written instead of the field's label when given. */
  header?: string;
}

/**
 * Columns of `props` ('*custom': the module's active custom fields; a custom field's own fieldNo:
 * that field), dictionary values named. Prints use it too.
 */
export async function columnsOf(
  def: ResourceDef,
  ctx: CallContext,
  module: string,
  props: (string | TemplateColumn)[],
): Promise<ExportColumn[]> {
  const fields = { ...SYSTEM_FIELDS, ...def.fields };
  // A column holds few distinct codes: name each once, not once per cell.
  const named = (dictionary: string) => {
    const names = new Map<unknown, string>();
    return (v: unknown) => {
      if (v == null) return v;
      let name = names.get(v);
      if (name === undefined) {
        name = ctx.t(`enum.${dictionary}.${v}`, { defaultValue: String(v) });
        names.set(v, name);
      }
      return name;
    };
  };
  const wanted = props.map((p) => (typeof p === 'string' ? { prop: p } : p));
  const needsCustom = def.customFields && wanted.some((c) => c.prop === '*custom' || !fields[c.prop]);
  const custom = needsCustom ? await activeCustomFields(ctx.db, def.menus, def.fields) : [];
  const customNames = needsCustom
    ? await ctx.db
        .selectFrom('sysFrameDefine')
        .select(['fieldNo', 'fieldNoName'])
        .where('module', '=', module)
        .execute()
    : [];
  const customColumn = (f: (typeof custom)[number], header?: string): ExportColumn => {
    const names = customNames.find((r) => r.fieldNo === f.fieldNo)?.fieldNoName ?? {};
    const options = staticOptions(f.dropDownDataSource);
    const value =
      f.fieldType !== FIELD_TYPE.dropdown
        ? (v: unknown) => v
        : options
          ? (v: unknown) => options.find((o) => o.code === v)?.name ?? v
          : named(f.enumMid ?? '');
    return {
      header: header || names[ctx.lang] || names['en-US'] || f.fieldNo,
      prop: f.fieldNo,
      value,
      decimal: f.fieldType === FIELD_TYPE.number,
    };
  };
  const columns: ExportColumn[] = [];
  for (const { prop, header } of wanted) {
    if (prop === '*custom') {
      for (const f of custom) columns.push(customColumn(f));
      continue;
    }
    const field = fields[prop];
    const reference = field ? undefined : namedReference(def, prop);
    if (reference) {
      // The name of a referenced record (orgShortName beside orgNo), read with the rows.
      const label = reference.name.labelKey ?? `field.${prop}`;
      columns.push({ header: header || ctx.t(label, { defaultValue: prop }), prop, value: (v) => v });
      continue;
    }
    if (!field) {
      // A custom field named on its own; one switched off since is left out, like under '*custom'.
      const f = custom.find((c) => c.fieldNo === prop);
      if (f) columns.push(customColumn(f, header));
      continue;
    }
    columns.push({
      header: header || ctx.t(`field.${prop}`, { defaultValue: prop }),
      prop,
      value: field.dictionary ? named(field.dictionary) : (v) => v,
      decimal: field.type === 'decimal',
    });
  }
  return columns;
}

function stamp(): string {
  return new Date().toISOString().replace(/\D/g, '').slice(0, 14);
}

/**
 * Writes the rows of `chunks` as an xlsx into `out` (on a worker thread, see xlsx-writer.ts), with
 * back-pressure: a slow reader (a download, the job's database writes) pauses the queries instead of
 * piling rows up in memory.
 */
async function writeWorkbook(
  out: Writable,
  columns: ExportColumn[],
  chunks: ReturnType<typeof listAll>,
  progress?: (rows: number) => Promise<void>,
): Promise<void> {
  const writer = openXlsxWriter(
    out,
    'Export',
    columns.map((c) => ({
      header: c.header,
      key: c.prop,
      width: Math.min(40, Math.max(12, c.header.length + 4)),
      decimal: c.decimal,
    })),
  );
  try {
    for await (const { records } of chunks) {
      await writer.rows(records.map((r) => columns.map((c) => cellValue(c, c.value(r[c.prop])))));
      await progress?.(records.length);
    }
    await writer.end();
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

/** A list's own conditions beyond its filters (a date range), so an export writes what the list shows. */
export interface ExportOptions {
  listExtra?: Record<string, JsonSchema>;
  listOptions?: (body: ListBody, ctx: CallContext) => ListOptions;
}

export function exportMethods(def: ResourceDef, opts: ExportOptions = {}): Record<string, MethodDef> {
  return {
    getExportNameList: defineMethod({
      body: { type: 'object' },
      access: { kind: 'menu', menus: def.menus, flag: 'isExport' },
      resource: def,
      handler: async (ctx) => {
        const rows = await ctx.db
          .selectFrom('sysExportTemplate')
          .select(['exportName', 'isDefault', 'templateName'])
          .where('module', '=', ctx.menuNo!)
          .orderBy('isDefault', 'desc')
          .orderBy('exportName')
          .execute();
        return rows.map((r) => ({
          exportName: r.exportName,
          exportLabel: templateLabel(ctx, ctx.menuNo!, r),
          isDefault: r.isDefault,
        }));
      },
    }),

    exportexcel: defineMethod<ListBody & { condition?: { exportName?: string } }>({
      body: listBody(def, { ...opts.listExtra, exportName: { type: ['string', 'null'], maxLength: 100 } }),
      access: { kind: 'menu', menus: def.menus, flag: 'isExport' },
      resource: def,
      handler: async (ctx, body) => {
        const module = ctx.menuNo!;
        const template = await templateOf(ctx, module, body.condition?.exportName ?? undefined);
        const columns = await columnsOf(def, ctx, module, template.columns);
        const condition = { ...(body.condition ?? {}) };
        delete condition.exportName;
        // The ordered ids are read before any byte is sent, so a bad search is still a clean JSON error.
        const chunks = listAll(
          def,
          ctx,
          condition,
          1000,
          opts.listOptions?.({ ...body, condition }, ctx),
          columns.map((c) => c.prop),
        );
        const first = await chunks.next();
        const total = first.done ? 0 : first.value.total;
        const label = templateLabel(ctx, module, template);
        const fileName = `${label}-${stamp()}.xlsx`;
        if (total > ctx.config.exportJobRows) {
          return startExportJob(ctx, module, fileName, total, (sink, progress) =>
            writeWorkbook(sink, columns, chunks, progress),
          );
        }
        const out = new PassThrough();
        writeWorkbook(out, columns, chunks).catch((err) => out.destroy(err as Error));
        return new FileAnswer(XLSX, fileName, out);
      },
    }),
  };
}
