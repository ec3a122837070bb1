// Document templates (bm_print_template): which ones a caller may pick for a print, and the one a print
// names. A scope column left empty means every organisation, customer or supplier; a value limits the
// template to prints of records of that one, and a supplier's user never sees another supplier's.
import type { CallContext } from '../registry.js';

/** Who prints a template (spec 000 section 7: types 1 and 3 go to local print services). */
export const PRINT_TYPE = { bartender: 1, server: 2, jasper: 3 } as const;
export type PrintType = (typeof PRINT_TYPE)[keyof typeof PRINT_TYPE];

/** Documents, as the print dialog's list asks (templateType '4'). */
export const DOCUMENT_TEMPLATE = '4';

export const SCOPE_FIELDS = ['orgNo', 'customerNo', 'supplierNo'] as const;
export type ScopeField = (typeof SCOPE_FIELDS)[number];

export interface TemplateRow {
  id: string;
  module: string;
  reportKey: string;
  templateName: string;
  templateType: string;
  printType: number;
  isDefault: number;
  orgNo: string | null;
  customerNo: string | null;
  supplierNo: string | null;
  sort: number;
  layout: unknown;
}

/** A template's name in the caller's language: a locale key, or a name an administrator typed. */
export function templateLabel(ctx: CallContext, row: Pick<TemplateRow, 'templateName'>): string {
  return ctx.t(row.templateName, { defaultValue: row.templateName });
}

/** The valid templates of a module (every module when none) and type that the caller's data scope lets it use. */
export async function usableTemplates(
  ctx: CallContext,
  module: string | undefined,
  templateType: string,
): Promise<TemplateRow[]> {
  const rows = (await ctx.db
    .selectFrom('bmPrintTemplate')
    .select([
      'id',
      'module',
      'reportKey',
      'templateName',
      'templateType',
      'printType',
      'isDefault',
      'orgNo',
      'customerNo',
      'supplierNo',
      'sort',
      'layout',
    ])
    .$if(module !== undefined, (q) => q.where('module', '=', module!))
    .where('templateType', '=', templateType)
    .where('statusCode', '=', '1')
    // A module has a handful of templates; the cap only guards against a runaway table.
    .limit(1000)
    .execute()) as TemplateRow[];
  const scope = ctx.user?.scope;
  return rows.filter((r) => {
    if (r.orgNo && scope && !scope.all && !scope.orgs.includes(r.orgNo)) return false;
    if (r.supplierNo && scope?.supplierNo && r.supplierNo !== scope.supplierNo) return false;
    return true;
  });
}

/** How many scope columns a template names: the more, the more specific. */
export function specificity(row: Pick<TemplateRow, ScopeField>): number {
  return SCOPE_FIELDS.filter((f) => row[f]).length;
}

/**
 * The templates for a print of records of `want` (the selection's organisation, customer and supplier),
 * default first: defaults before the rest, the most specific first, then by sort and name. Only the first
 * default stays marked, so the dialog preselects one.
 */
export function forSelection(
  ctx: CallContext,
  rows: TemplateRow[],
  want: Partial<Record<ScopeField, string | null | undefined>>,
): (TemplateRow & { label: string })[] {
  const matching = rows.filter((r) => SCOPE_FIELDS.every((f) => !r[f] || r[f] === (want[f] || undefined)));
  const labelled = matching.map((r) => ({ ...r, label: templateLabel(ctx, r) }));
  labelled.sort(
    (a, b) =>
      b.isDefault - a.isDefault ||
      specificity(b) - specificity(a) ||
      a.sort - b.sort ||
      a.label.localeCompare(b.label),
  );
  let marked = false;
  return labelled.map((r) => {
    const isDefault = r.isDefault === 1 && !marked ? 1 : 0;
    if (isDefault) marked = true;
    return { ...r, isDefault };
  });
}
