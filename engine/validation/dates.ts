// Date formats as the spec writes them (yyyy-MM-dd, yyyy-MM-dd HH:mm:ss) and what follows from them:
// the Day.js format, the picker type, and how a range is written (spec 000 section 5).

export type PickerType = 'date' | 'datetime' | 'month' | 'year';

export const SPEC_DATE = 'yyyy-MM-dd';
export const SPEC_DATETIME = 'yyyy-MM-dd HH:mm:ss';
export const RANGE_SEPARATOR = ' - ';

/** The spec's (Java/date-fns style) format as a Day.js format: yyyy → YYYY, dd → DD. */
export function toDayjsFormat(format: string): string {
  return format.replace(/y/g, 'Y').replace(/d/g, 'D');
}

/** The picker a format needs: a time part makes a date-time picker; no day a month; no month a year. */
export function pickerTypeOf(format: string): PickerType {
  if (/[Hhms]/.test(format)) return 'datetime';
  if (/d/i.test(format)) return 'date';
  if (/M/.test(format)) return 'month';
  return 'year';
}

/** A range's two ends as one text, joined with ' - '; an empty end leaves the range empty. */
export function joinRange(start: string | undefined | null, end: string | undefined | null): string {
  return start && end ? `${start}${RANGE_SEPARATOR}${end}` : '';
}

/** The two ends of a joined range; anything else is no range. */
export function splitRange(value: unknown): [string, string] | undefined {
  if (typeof value !== 'string') return undefined;
  const parts = value.split(RANGE_SEPARATOR);
  return parts.length === 2 && parts[0] && parts[1] ? [parts[0], parts[1]] : undefined;
}

/** Day.js week start: Monday (spec 000 section 5). */
export const WEEK_START = 1;
