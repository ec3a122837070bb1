// Printing (spec 000 sections 5, 7, 8; 001 sections 5, 7): IReportPrintService/print with {ids,
// reportKey, module, printer, standardCol01}. The records are read through the resource layer (the
// caller's data scope; an unknown or out-of-scope id refuses the whole print) under the module's isPrint
// flag. A print type 2 template is drawn on the server and answered as a PDF file; a type 1 (BarTender)
// or 3 (Jasper) template is answered as a job for the local print service the browser talks to.
import { PassThrough } from 'node:stream';
import type { PrintLayout } from '../../schemas/generated/print-layout.js';
import { AppError } from '../errors.js';
import { documentRenderer } from '../print/documents.js';
import { BarcodeRefused } from '../print/labels.js';
import { checkLayout, propsOfLayout } from '../print/layout.js';
import { PRINT_PARAMS, systemParam } from '../print/params.js';
import { renderPdf } from '../print/pdf.js';
import { requirePrintable } from '../print/printable.js';
import { LayoutProblem } from '../print/sheet.js';
import {
  DOCUMENT_TEMPLATE,
  PRINT_TYPE,
  SCOPE_FIELDS,
  type TemplateRow,
  templateLabel,
  usableTemplates,
} from '../print/templates.js';
import { type PrintJob, RecordText, zoneOr } from '../print/values.js';
import { type CallContext, defineMethod, defineService, FileAnswer } from '../registry.js';
import { type ResourceDef, SYSTEM_FIELDS } from '../resource/define.js';
import { columnsOf } from '../resource/export.js';
import { getMany, type Row } from '../resource/resource.js';

/** The most records one print takes: a full list page (page sizes go up to 1000). */
export const MAX_PRINT_IDS = 1000;

export interface PrintBody {
  condition: {
    ids: string[];
    reportKey: string;
    module: string;
    printer?: string | null;
    standardCol01?: string | number | null;
    timeZone?: string | null;
  };
}

function stamp(): string {
  return new Date().toISOString().replace(/\D/g, '').slice(0, 14);
}

/** Records of every field, as users see them (texts) and as stored (values), for a local print service. */
async function localRecords(
  def: ResourceDef,
  ctx: CallContext,
  module: string,
  records: Row[],
  job: PrintJob,
) {
  const props = Object.keys({ ...SYSTEM_FIELDS, ...def.fields }).filter((p) => p !== 'version');
  const columns = await columnsOf(def, ctx, module, [...props, '*custom']);
  const text = new RecordText(columns, job);
  return {
    fields: columns.map((c) => ({ prop: c.prop, label: c.header })),
    records: records.map((r) => ({
      id: r.id,
      values: Object.fromEntries(columns.map((c) => [c.prop, r[c.prop] ?? null])),
      texts: Object.fromEntries(columns.map((c) => [c.prop, text.shown(r, c.prop)])),
    })),
  };
}

/** A template of another organisation, customer or supplier than the records is not theirs to print. */
function checkTemplateScope(ctx: CallContext, def: ResourceDef, template: TemplateRow, records: Row[]) {
  for (const field of SCOPE_FIELDS) {
    const wanted = template[field];
    if (!wanted) continue;
    const fromRecords = def.fields[field] !== undefined;
    const ok = fromRecords
      ? records.every((r) => r[field] === wanted)
      : field !== 'supplierNo' || !ctx.user?.scope.supplierNo || ctx.user.scope.supplierNo === wanted;
    if (!ok)
      throw new AppError('printTemplateScope', {
        template: templateLabel(ctx, template),
        field: ctx.t(`field.${field}`),
        value: wanted,
      });
  }
}

export const IReportPrintService = defineService('IReportPrintService', {
  print: defineMethod<PrintBody>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['ids', 'reportKey', 'module'],
          properties: {
            ids: {
              type: 'array',
              maxItems: MAX_PRINT_IDS,
              items: { type: 'string', format: 'uuid' },
            },
            reportKey: { type: 'string', minLength: 1, maxLength: 100 },
            module: { type: 'string', minLength: 1, maxLength: 100 },
            printer: { type: ['string', 'null'], maxLength: 100 },
            // The spec sends it without saying what it holds: accepted and handed to local print services.
            standardCol01: {
              anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'null' }],
            },
            timeZone: { type: ['string', 'null'], maxLength: 64, pattern: '^[A-Za-z0-9_+/-]*$' },
          },
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const cond = body.condition;
      const def = await requirePrintable(ctx, cond.module);
      const ids = [...new Set(cond.ids)];
      if (!ids.length) throw new AppError('printNoSelection');
      const template = (await usableTemplates(ctx, cond.module, DOCUMENT_TEMPLATE)).find(
        (t) => t.reportKey === cond.reportKey,
      );
      if (!template) throw new AppError('printTemplateNotFound', { reportKey: cond.reportKey.slice(0, 100) });
      const templateName = templateLabel(ctx, template);

      const records = await getMany(def, ctx, ids);
      // One id unknown or outside the caller's scope: nothing is printed.
      if (records.length !== ids.length) throw new AppError('notFound');
      checkTemplateScope(ctx, def, template, records);

      const job: PrintJob = {
        templateName,
        printer: ctx.user!.userName,
        printTime: new Date(),
        count: records.length,
        timeZone: zoneOr(cond.timeZone),
        t: ctx.t,
        lang: ctx.lang,
      };

      if (template.printType !== PRINT_TYPE.server) {
        const paramNo =
          template.printType === PRINT_TYPE.bartender ? PRINT_PARAMS.bartenderUrl : PRINT_PARAMS.jasperUrl;
        const checkUrl = await systemParam(ctx, PRINT_PARAMS.checkUrl);
        const printUrl = await systemParam(ctx, paramNo);
        if (!checkUrl || !printUrl)
          throw new AppError('printLocalNotConfigured', {
            template: templateName,
            paramNo: checkUrl ? paramNo : PRINT_PARAMS.checkUrl,
          });
        return {
          printType: template.printType,
          checkUrl,
          printUrl,
          job: {
            reportKey: template.reportKey,
            templateName,
            module: cond.module,
            printer: cond.printer || ctx.user!.userName,
            standardCol01: cond.standardCol01 ?? null,
            ...(await localRecords(def, ctx, cond.module, records, job)),
          },
        };
      }

      // A document drawn by code (print/documents.ts): a delivery note with its lines and invoices.
      const render = documentRenderer(template.reportKey);
      if (render) {
        const drawn = await render(ctx, def, records, job).catch((err) => {
          if (err instanceof BarcodeRefused)
            throw new AppError('printBarcodeValue', {
              value: err.value.slice(0, 60),
              symbology: err.symbology,
            });
          throw err;
        });
        const out = new PassThrough();
        out.end(drawn);
        return new FileAnswer('application/pdf', `${templateName}-${stamp()}.pdf`, out);
      }

      const fields = { ...SYSTEM_FIELDS, ...def.fields };
      const checked = checkLayout(template.layout, (p) => p in fields);
      if (!checked.ok)
        throw new AppError('printLayoutInvalid', { template: templateName, problem: checked.problem });
      const layout: PrintLayout = checked.layout;
      const columns = await columnsOf(def, ctx, cond.module, propsOfLayout(layout));
      const customProps = columns.filter((c) => !(c.prop in fields)).map((c) => c.prop);
      let pdf: Buffer;
      try {
        pdf = await renderPdf(layout, records, new RecordText(columns, job, customProps), job);
      } catch (err) {
        if (err instanceof BarcodeRefused)
          throw new AppError('printBarcodeValue', {
            value: err.value.slice(0, 60),
            symbology: err.symbology,
          });
        if (err instanceof LayoutProblem)
          throw new AppError('printLayoutInvalid', { template: templateName, problem: ctx.t(err.key) });
        throw err;
      }
      const out = new PassThrough();
      out.end(pdf);
      return new FileAnswer('application/pdf', `${templateName}-${stamp()}.pdf`, out);
    },
  }),
});
