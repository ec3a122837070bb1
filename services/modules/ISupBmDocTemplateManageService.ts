// The print dialog's template list (spec 000 section 7, 001 section 7): getReportTemplateListWithDefault
// with {current, size 10, condition: {keyword, module, orgNo, customerNo, supplierNo, templateType '4'}}.
// Only for a caller whose menu grants isPrint on the module; the caller's scope and the selection's
// organisation, customer and supplier decide which templates show, the default first.
import { page } from '../http/envelope.js';
import { requirePrintable } from '../print/printable.js';
import { DOCUMENT_TEMPLATE, forSelection, usableTemplates } from '../print/templates.js';
import { defineMethod, defineService } from '../registry.js';

const SCOPE_VALUE = { type: ['string', 'null'], maxLength: 64 };

interface TemplateListBody {
  current: number;
  size: number;
  condition: {
    module: string;
    keyword?: string | null;
    orgNo?: string | null;
    customerNo?: string | null;
    supplierNo?: string | null;
    templateType?: string | null;
  };
}

export const ISupBmDocTemplateManageService = defineService('ISupBmDocTemplateManageService', {
  getReportTemplateListWithDefault: defineMethod<TemplateListBody>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        current: { type: 'integer', minimum: 1, default: 1 },
        size: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
        condition: {
          type: 'object',
          required: ['module'],
          properties: {
            module: { type: 'string', minLength: 1, maxLength: 100 },
            keyword: { type: ['string', 'null'], maxLength: 100 },
            orgNo: SCOPE_VALUE,
            customerNo: SCOPE_VALUE,
            supplierNo: SCOPE_VALUE,
            templateType: { type: ['string', 'null'], maxLength: 8 },
          },
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const cond = body.condition;
      await requirePrintable(ctx, cond.module);
      const usable = await usableTemplates(ctx, cond.module, cond.templateType || DOCUMENT_TEMPLATE);
      // A supplier's user prints as its own supplier whatever the condition says.
      const supplierNo = ctx.user?.scope.supplierNo ?? cond.supplierNo;
      const keyword = cond.keyword?.trim().toLocaleLowerCase() ?? '';
      const found = forSelection(ctx, usable, { ...cond, supplierNo }).filter(
        (r) =>
          !keyword ||
          r.label.toLocaleLowerCase().includes(keyword) ||
          r.reportKey.toLocaleLowerCase().includes(keyword),
      );
      const start = (body.current - 1) * body.size;
      const records = found.slice(start, start + body.size).map((r) => ({
        id: r.id,
        reportKey: r.reportKey,
        templateName: r.label,
        templateType: r.templateType,
        printType: r.printType,
        module: r.module,
        isDefault: r.isDefault,
        orgNo: r.orgNo,
        customerNo: r.customerNo,
        supplierNo: r.supplierNo,
      }));
      return page(records, found.length, body.current, body.size);
    },
  }),
});
