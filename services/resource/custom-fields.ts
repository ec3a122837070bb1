// Custom fields (frame-define, DESIGN section 5): a definition whose fieldNo is not a built-in field
// adds a field to every resource of its module. Its values live in the record's `ext` JSONB column,
// checked here by type before anything is written or searched. A number is an exact decimal of the
// spec's limits (engine/core/decimal.ts), taken as text or a JSON number and stored as its canonical
// text, so JSONB never hands a float back; a value stored as a JSON number before stays one until it
// is written again (sorting and searching read both alike, as numeric).
import { type RawBuilder, sql } from 'kysely';
import { checkDecimal, toDecimalString } from '../../engine/core/decimal.js';
import type { Db } from '../db/database.js';
import { oncePerTransaction } from '../db/per-transaction.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';
import { type FieldDef, SYSTEM_FIELDS } from './define.js';

export const FIELD_TYPE = { default: 0, text: 1, number: 2, date: 3, dropdown: 4 } as const;

export interface CustomField {
  fieldNo: string;
  fieldType: number;
  dateFormat: string | null;
  enumMid: string | null;
  dropDownDataSource: string | null;
}

/** The spec's date formats, and what a stored value must look like for each. */
export const DATE_FORMATS: Record<string, RegExp> = {
  'yyyy-MM-dd': /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'yyyy-MM-dd HH:mm:ss': /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
  'yyyy-MM': /^\d{4}-(0[1-9]|1[0-2])$/,
  yyyy: /^\d{4}$/,
};

/** The field type a built-in field corresponds to, for collision checks. */
export function builtInType(f: FieldDef): number {
  if (f.enum) return FIELD_TYPE.dropdown;
  if (f.type === 'integer' || f.type === 'number' || f.type === 'decimal') return FIELD_TYPE.number;
  if (f.type === 'date' || f.type === 'datetime') return FIELD_TYPE.date;
  return FIELD_TYPE.text;
}

export function isBuiltIn(fields: Record<string, FieldDef>, fieldNo: string): boolean {
  return fieldNo in fields || fieldNo in SYSTEM_FIELDS;
}

/** Options of a static dropdown: dropDownDataSource holds a JSON list of {name, code}. */
export function staticOptions(source: string | null): { name: string; code: string }[] | undefined {
  if (!source) return undefined;
  try {
    const parsed = JSON.parse(source) as unknown;
    if (
      Array.isArray(parsed) &&
      parsed.every((o) => o && typeof o.code === 'string' && typeof o.name === 'string')
    )
      return parsed;
  } catch {}
  return undefined;
}

/**
 * The active custom fields of a resource's modules (switched-off ones keep their values, unseen). The
 * modules' definitions are read once for a transaction (a document's head and lines ask at every step
 * of a save).
 */
export async function activeCustomFields(
  db: Db,
  menus: readonly string[],
  builtIns: Record<string, FieldDef>,
): Promise<CustomField[]> {
  const rows = await oncePerTransaction(db, `customFields:${menus.join('\n')}`, () =>
    db
      .selectFrom('sysFrameDefine')
      .select(['fieldNo', 'fieldType', 'dateFormat', 'enumMid', 'dropDownDataSource'])
      .where('module', 'in', [...menus])
      .where('isDisplay', '=', 'Y')
      .orderBy('displayOrder')
      .execute(),
  );
  const seen = new Set<string>();
  return rows.filter((r) => !isBuiltIn(builtIns, r.fieldNo) && !seen.has(r.fieldNo) && seen.add(r.fieldNo));
}

function invalid(field: string, t: Translate): never {
  throw new AppError('invalidValue', { field, problem: t('problem.invalid') });
}

/** A value to store for a custom field, or null to clear it; throws invalidValue. */
export async function checkCustomValue(
  db: Db,
  f: CustomField,
  value: unknown,
  t: Translate,
): Promise<unknown> {
  if (value === null || value === '' || value === undefined) return null;
  switch (f.fieldType) {
    case FIELD_TYPE.number: {
      // Spec 001 section 5: numbers under 20 digits and fewer than 6 decimal places.
      const checked = checkDecimal(value);
      if (checked.refusal) invalid(f.fieldNo, t);
      return checked.value;
    }
    case FIELD_TYPE.date: {
      const pattern = DATE_FORMATS[f.dateFormat ?? 'yyyy-MM-dd'] ?? DATE_FORMATS['yyyy-MM-dd'];
      if (typeof value !== 'string' || !pattern.test(value)) invalid(f.fieldNo, t);
      return value;
    }
    case FIELD_TYPE.dropdown: {
      if (typeof value !== 'string' || value.length > 64) invalid(f.fieldNo, t);
      const options = staticOptions(f.dropDownDataSource);
      if (options) {
        if (!options.some((o) => o.code === value)) invalid(f.fieldNo, t);
        return value;
      }
      const known = await db
        .selectFrom('sysEnum')
        .select('enumValue')
        .where('enumMid', '=', f.enumMid ?? '')
        .where('enumValue', '=', value)
        .where('status', '=', '1')
        .executeTakeFirst();
      if (!known) invalid(f.fieldNo, t);
      return value;
    }
    default: {
      // Spec 001 section 5: text under 100 characters.
      if (typeof value !== 'string' || value.length >= 100) invalid(f.fieldNo, t);
      return value.trim();
    }
  }
}

/** The SQL text of a custom value; the key is a bound parameter, never spliced in. */
export function customRef(f: CustomField): RawBuilder<unknown> {
  return f.fieldType === FIELD_TYPE.number
    ? sql`(t1.ext->>${f.fieldNo})::numeric`
    : sql`(t1.ext->>${f.fieldNo})`;
}

const RANGE = (v: unknown) => Array.isArray(v) && v.length === 2;

/**
 * A search condition on a custom field: contains for text, exact or [from, to] for numbers and
 * dates, one value or a list for dropdowns. Values are checked by type first; null bounds are open.
 */
export function customCondition(
  f: CustomField,
  value: unknown,
  t: Translate,
): RawBuilder<boolean> | undefined {
  if (
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.every((v) => v === null || v === ''))
  )
    return undefined;
  const ref = customRef(f);
  const one = (v: unknown) => {
    if (f.fieldType === FIELD_TYPE.number) {
      // Bound as decimal text and compared as numeric: no float on the way.
      const exact = toDecimalString(v);
      if (exact === undefined) invalid(f.fieldNo, t);
      return exact;
    }
    if (typeof v !== 'string' || v.length > 100) invalid(f.fieldNo, t);
    return v;
  };
  if (f.fieldType === FIELD_TYPE.number || f.fieldType === FIELD_TYPE.date) {
    if (RANGE(value)) {
      const [from, to] = value as unknown[];
      const parts: RawBuilder<boolean>[] = [];
      if (from !== null && from !== '') parts.push(sql<boolean>`${ref} >= ${one(from)}`);
      if (to !== null && to !== '') parts.push(sql<boolean>`${ref} <= ${one(to)}`);
      return sql<boolean>`(${sql.join(parts, sql` and `)})`;
    }
    return sql<boolean>`${ref} = ${one(value)}`;
  }
  if (f.fieldType === FIELD_TYPE.dropdown) {
    if (Array.isArray(value)) {
      if (value.length > 100) invalid(f.fieldNo, t);
      return sql<boolean>`${ref} in (${sql.join(value.map(one))})`;
    }
    return sql<boolean>`${ref} = ${one(value)}`;
  }
  const text = String(one(value)).replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`${ref} ilike ${`%${text}%`}`;
}
