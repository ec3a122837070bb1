// Display formats shared by list columns and detail fields; spec 000 section 5.
import dayjs from 'dayjs';
import { EMPTY_DECIMAL, formatDecimal } from '../core/decimal';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const EMPTY_NUMBER = EMPTY_DECIMAL;

/**
 * Thousands separators and `precision` decimals (rounded half-up) in the separators of `locale`; '--'
 * for anything that is not a finite number. Exact for decimal text of any length (engine/core/decimal.ts):
 * a server decimal never passes through a float on its way to the screen.
 */
export function formatNumber(value: unknown, precision = 2, locale?: string): string {
  return formatDecimal(value, { decimals: precision, locale });
}

/** An ISO date or date-time string in the given Day.js format; empty stays empty, garbage stays as is. */
export function formatDate(value: unknown, format: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date))
    return String(value);
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : String(value);
}
