// The columns of an import: the resource's writable fields and its active custom fields, each with
// the names a header cell may carry (its label in any language, or the field name) and, for
// dictionary and dropdown fields, the options a cell may name by code or by label.
import { LANGUAGES, translator } from '../i18n.js';
import type { CallContext } from '../registry.js';
import { activeCustomFields, type CustomField, FIELD_TYPE, staticOptions } from './custom-fields.js';
import type { FieldDef, ImportSpec, ResourceDef } from './define.js';

/** An importable resource with its port (the service name) and what its declaration says of import. */
export interface ImportDecl extends ImportSpec {
  /** The service name the spec calls {port}: /{port}/importexcel, /{port}/downExcelTemplate. */
  port: string;
  resource: ResourceDef;
  /** Locale key of the template's file name: importTemplate.<port>. */
  templateNameKey: string;
}

export interface ImportOption {
  code: string;
  /** Label in the caller's language (template lists). */
  label: string;
  /** Code and labels in every language, normalised, for reading cells. */
  names: string[];
}

export interface ImportColumn {
  prop: string;
  /** Header label in the caller's language. */
  label: string;
  /** Every header text that names this column, normalised. */
  names: string[];
  field?: FieldDef;
  custom?: CustomField;
  required: boolean;
  options?: ImportOption[];
}

export const normalise = (text: string) =>
  text
    .trim()
    .replace(/^\*+|\*+$/g, '')
    .trim()
    .toLowerCase();

const translators = LANGUAGES.map((lang) => translator(lang));

function dictionaryOptions(
  ctx: CallContext,
  dictionary: string,
  codes: readonly string[],
  stored: readonly string[] = [],
): ImportOption[] {
  return codes.map((code, i) => {
    const key = `enum.${dictionary}.${code}`;
    const fallback = stored[i] ?? code;
    return {
      code,
      label: ctx.t(key, { defaultValue: fallback }),
      names: [
        ...new Set(
          [code, fallback, ...translators.map((t) => t(key, { defaultValue: fallback }))].map(normalise),
        ),
      ],
    };
  });
}

export async function importColumns(decl: ImportDecl, ctx: CallContext): Promise<ImportColumn[]> {
  const def = decl.resource;
  const columns: ImportColumn[] = [];
  for (const [prop, field] of Object.entries(def.fields)) {
    if (!field.write) continue;
    const key = `field.${prop}`;
    columns.push({
      prop,
      label: ctx.t(key, { defaultValue: prop }),
      names: [...new Set([prop, ...translators.map((t) => t(key, { defaultValue: prop }))].map(normalise))],
      field,
      required: Boolean(field.required || decl.key.includes(prop)),
      options: field.enum ? dictionaryOptions(ctx, field.dictionary ?? '', field.enum) : undefined,
    });
  }
  if (!def.customFields) return columns;
  const custom = await activeCustomFields(ctx.db, def.menus, def.fields);
  if (!custom.length) return columns;
  const names = await ctx.db
    .selectFrom('sysFrameDefine')
    .select(['fieldNo', 'fieldNoName'])
    .where('module', 'in', [...def.menus])
    .execute();
  for (const f of custom) {
    const labels = names.find((r) => r.fieldNo === f.fieldNo)?.fieldNoName ?? {};
    let options: ImportOption[] | undefined;
    if (f.fieldType === FIELD_TYPE.dropdown) {
      const fixed = staticOptions(f.dropDownDataSource);
      if (fixed) {
        options = fixed.map((o) => ({ code: o.code, label: o.name, names: [o.code, o.name].map(normalise) }));
      } else {
        const values = await ctx.db
          .selectFrom('sysEnum')
          .select(['enumValue', 'enumName'])
          .where('enumMid', '=', f.enumMid ?? '')
          .where('status', '=', '1')
          .orderBy('enumSeq')
          .execute();
        options = dictionaryOptions(
          ctx,
          f.enumMid ?? '',
          values.map((v) => v.enumValue),
          values.map((v) => v.enumName),
        );
      }
    }
    columns.push({
      prop: f.fieldNo,
      label: labels[ctx.lang] ?? labels['en-US'] ?? f.fieldNo,
      names: [...new Set([f.fieldNo, ...Object.values(labels)].map(normalise))],
      custom: f,
      required: false,
      options,
    });
  }
  return columns;
}
