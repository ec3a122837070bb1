// Display formats shared by list columns and (later) detail fields; spec 000 section 5.
import dayjs from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const EMPTY_NUMBER = '--';

const numberFormats = new Map<number, Intl.NumberFormat>();

/** Thousands separators and `precision` decimals; '--' for anything that is not a finite number. */
export function formatNumber(value: unknown, precision = 2): string {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean')
    return EMPTY_NUMBER;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return EMPTY_NUMBER;
  let format = numberFormats.get(precision);
  if (!format) {
    // A fixed locale: the separators are the spec's, not the browser's.
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: precision,
      maximumFractionDigits: precision,
    });
    numberFormats.set(precision, format);
  }
  return format.format(n);
}

/** An ISO date or date-time string in the given Day.js format; empty stays empty, garbage stays as is. */
export function formatDate(value: unknown, format: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date))
    return String(value);
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : String(value);
}
