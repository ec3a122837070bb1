// Reading one spreadsheet cell as the value a field stores, or the reason it cannot be stored:
// types, lengths, patterns, ranges and option lists from the resource's declarations. An empty cell
// and the clearing marker (engine/core/importMode.ts) are answered as such: what they mean depends on
// whether the row's record exists, which the batch knows (import-batch.ts), not the cell.
import { checkDecimal, type DecimalLimits, toDecimalString } from '../../engine/core/decimal.js';
import { isClearMarker } from '../../engine/core/importMode.js';
import type { Translate } from '../i18n.js';
import { DATE_FORMATS, FIELD_TYPE } from './custom-fields.js';
import { decimalLimits, decimalProblem } from './decimals.js';
import { type ImportColumn, normalise } from './import-columns.js';

export type CellResult = { value: unknown } | { error: string };
/** An empty cell, or one holding the clearing marker. */
export type CellOutcome = CellResult | { empty: true } | { clear: true };

const EMPTY = { empty: true } as const;
const CLEAR = { clear: true } as const;

/** The plain value of an exceljs cell: rich text joined, a formula's cached result, a link's text. */
export function plain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== 'object') return value;
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.richText)) return (v.richText as { text: string }[]).map((r) => r.text).join('');
  if ('result' in v) return plain(v.result);
  if ('formula' in v || 'sharedFormula' in v) return null;
  if ('text' in v) return plain(v.text);
  if ('error' in v) return null;
  return null;
}

const patterns = new Map<string, RegExp>();
function compiled(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (!re) {
    re = new RegExp(pattern);
    patterns.set(pattern, re);
  }
  return re;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Spreadsheet dates carry no zone; exceljs reads them as UTC. */
function formatDate(d: Date, format: string): string {
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  if (format === 'yyyy-MM-dd HH:mm:ss') return `${date} ${time}`;
  if (format === 'yyyy-MM') return date.slice(0, 7);
  if (format === 'yyyy') return date.slice(0, 4);
  return date;
}

/** A real calendar date (2025-02-30 is not one). */
function realDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  if (!d) return true;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function readDate(raw: unknown, format: string, t: Translate): CellResult {
  const pattern = DATE_FORMATS[format] ?? DATE_FORMATS['yyyy-MM-dd'];
  if (raw instanceof Date) {
    if (Number.isNaN(raw.getTime())) return { error: t('problem.type', { type: t('import.type.date') }) };
    return { value: formatDate(raw, format) };
  }
  const text = String(raw).trim().replace(/\//g, '-');
  if (!pattern.test(text) || !realDate(text))
    return { error: t('problem.format', { format: format.replace(/y/g, 'Y').replace(/d/g, 'D') }) };
  return { value: text };
}

function readNumber(raw: unknown, integer: boolean, t: Translate): CellResult {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : NaN;
  if (!Number.isFinite(n) || (integer && !Number.isInteger(n)))
    return { error: t('problem.type', { type: t(integer ? 'import.type.integer' : 'import.type.number') }) };
  // Spec 001 section 5: numbers under 20 digits and fewer than 6 decimal places.
  const [whole, decimals = ''] = Math.abs(n).toString().split('.');
  if (whole.length >= 20 || decimals.length >= 6 || /e/i.test(String(n)))
    return { error: t('problem.invalid') };
  return { value: n };
}

/**
 * A number cell as the spreadsheet shows it: its value to 15 significant digits (a spreadsheet's own
 * precision), so 0.1 + 0.2 computed in a cell is 0.3, not 0.30000000000000004. A longer exact
 * decimal an export wrote arrives as its text instead (xlsx-rows.worker.mjs recovers it).
 */
export function numberCellText(n: number): string | undefined {
  return Number.isFinite(n) ? toDecimalString(Number(n.toPrecision(15))) : undefined;
}

/** A decimal cell: its exact canonical text, checked against the field's limits; never a float sum. */
function readDecimal(raw: unknown, limits: DecimalLimits, t: Translate): CellResult {
  const value = typeof raw === 'number' ? numberCellText(raw) : raw instanceof Date ? undefined : raw;
  const checked = checkDecimal(value, limits);
  if (checked.refusal?.problem === 'notNumber')
    return { error: t('problem.type', { type: t('import.type.number') }) };
  if (checked.refusal) return { error: decimalProblem(t, checked.refusal) };
  return { value: checked.value };
}

function readText(raw: unknown, t: Translate): CellResult {
  if (raw instanceof Date) return { error: t('problem.type', { type: t('import.type.text') }) };
  // A spreadsheet turns a code such as 1001 into a number; its text is what the user typed.
  return { value: String(raw).trim() };
}

/** Reads one cell for one column: its value, a reason, or that it is empty or holds the marker. */
export function readCell(column: ImportColumn, cell: unknown, t: Translate): CellOutcome {
  const raw = plain(cell);
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return EMPTY;
  if (typeof raw === 'string' && isClearMarker(raw)) return CLEAR;
  if (column.options) {
    const wanted = normalise(String(raw instanceof Date ? '' : raw));
    const option = column.options.find((o) => o.names.includes(wanted));
    if (!option) {
      const allowed = column.options
        .slice(0, 20)
        .map((o) => o.label)
        .join(', ');
      return { error: t('problem.enum', { allowed }) };
    }
    return { value: option.code };
  }
  if (column.custom) {
    const f = column.custom;
    // Custom numbers are decimals of the spec's limits, stored as their text (custom-fields.ts).
    if (f.fieldType === FIELD_TYPE.number) return readDecimal(raw, {}, t);
    if (f.fieldType === FIELD_TYPE.date) return readDate(raw, f.dateFormat ?? 'yyyy-MM-dd', t);
    const text = readText(raw, t);
    // Spec 001 section 5: text under 100 characters.
    if ('value' in text && String(text.value).length >= 100)
      return { error: t('problem.maxLength', { limit: 99 }) };
    return text;
  }
  const field = column.field!;
  let result: CellResult;
  switch (field.type) {
    case 'integer':
    case 'number':
      result = readNumber(raw, field.type === 'integer', t);
      break;
    case 'decimal':
      // Digits, decimals and bounds are checked here; nothing below applies to its text.
      return readDecimal(raw, decimalLimits(field), t);
    case 'date':
      result = readDate(raw, 'yyyy-MM-dd', t);
      break;
    case 'datetime':
      result = readDate(raw, 'yyyy-MM-dd HH:mm:ss', t);
      break;
    case 'boolean':
      result =
        typeof raw === 'boolean'
          ? { value: raw }
          : { error: t('problem.type', { type: t('import.type.boolean') }) };
      break;
    default:
      result = readText(raw, t);
  }
  if ('error' in result) return result;
  const v = result.value;
  if (typeof v === 'string') {
    if (field.maxLength !== undefined && v.length > field.maxLength)
      return { error: t('problem.maxLength', { limit: field.maxLength }) };
    if (field.pattern && !compiled(field.pattern).test(v))
      return { error: t(field.patternProblem ?? 'problem.pattern') };
  }
  if (typeof v === 'number') {
    if (field.minimum !== undefined && v < field.minimum)
      return { error: t('problem.minimum', { limit: field.minimum }) };
    if (field.maximum !== undefined && v > field.maximum)
      return { error: t('problem.maximum', { limit: field.maximum }) };
  }
  return result;
}
