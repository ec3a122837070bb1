// The template selector's lookup (spec 000 sections 3 and 7: "Templates (statusCode 1, templateType 2,
// sort asc by sort, size 10)", option templateCode and templateName; spec 001 section 7: the
// IBmPrintTemplateService list). Valid templates of the type asked for, those the caller's data scope
// lets it use (services/print/templates.ts), optionally of one module; templateCode is the template's
// reportKey. Templates are maintained as data (bm_print_template), so this is a read-only lookup.
import { page } from '../http/envelope.js';
import { templateLabel, usableTemplates } from '../print/templates.js';
import { defineMethod, defineService } from '../registry.js';

/** The fields a lookup may sort by (whitelisted; the spec's selector sorts by sort, ascending). */
const SORTS = ['sort', 'templateCode', 'templateName'] as const;

interface TemplateLookupBody {
  current: number;
  size: number;
  condition?: {
    keyword?: string | null;
    templateType?: string | null;
    module?: string | null;
    statusCode?: string | null;
    field?: (typeof SORTS)[number] | null;
    order?: 'asc' | 'desc' | null;
  };
}

export const IBmPrintTemplateService = defineService('IBmPrintTemplateService', {
  getbmprinttemplatelistbyparams: defineMethod<TemplateLookupBody>({
    body: {
      type: 'object',
      properties: {
        current: { type: 'integer', minimum: 1, default: 1 },
        // Up to 1000: the template selector names its codes with one call for all (selectors/labels.ts).
        size: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
        condition: {
          type: 'object',
          properties: {
            keyword: { type: ['string', 'null'], maxLength: 100 },
            templateType: { type: ['string', 'null'], enum: ['1', '2', '3', '4', null] },
            module: { type: ['string', 'null'], maxLength: 100 },
            // Lookups list valid records only (spec 000 section 5); '1' is the one value there is.
            statusCode: { type: ['string', 'null'], enum: ['1', null] },
            field: { type: ['string', 'null'], enum: [...SORTS, null] },
            order: { type: ['string', 'null'], enum: ['asc', 'desc', null] },
          },
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const c = body.condition ?? {};
      const rows = await usableTemplates(ctx, c.module || undefined, c.templateType || '2');
      const keyword = c.keyword?.trim().toLocaleLowerCase() ?? '';
      const records = rows
        .map((r) => ({
          id: r.id,
          templateCode: r.reportKey,
          templateName: templateLabel(ctx, r),
          templateType: r.templateType,
          printType: r.printType,
          module: r.module,
          sort: r.sort,
        }))
        .filter(
          (r) =>
            !keyword ||
            r.templateName.toLocaleLowerCase().includes(keyword) ||
            r.templateCode.toLocaleLowerCase().includes(keyword),
        );
      const field = c.field ?? 'sort';
      const sign = c.order === 'desc' ? -1 : 1;
      records.sort((a, b) => {
        const x = a[field];
        const y = b[field];
        const order =
          typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return sign * order || a.templateName.localeCompare(b.templateName);
      });
      const start = (body.current - 1) * body.size;
      return page(records.slice(start, start + body.size), records.length, body.current, body.size);
    },
  }),
});
