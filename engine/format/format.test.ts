import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './index';

describe('formatNumber', () => {
  it('shows 2 decimals with thousands separators by default', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber('1000')).toBe('1,000.00');
    expect(formatNumber(0)).toBe('0.00');
    expect(formatNumber(-1234.5)).toBe('-1,234.50');
  });

  it('honours the precision', () => {
    expect(formatNumber(1234.5678, 0)).toBe('1,235');
    expect(formatNumber(1.5, 3)).toBe('1.500');
  });

  it('shows server decimals exactly, in the separators of the user’s language', () => {
    expect(formatNumber('1234567890123.12345', 5)).toBe('1,234,567,890,123.12345');
    expect(formatNumber('1234567890123456789', 0)).toBe('1,234,567,890,123,456,789');
    expect(formatNumber('1234567.5', 2, 'vi')).toBe('1.234.567,50');
    expect(formatNumber('1234567.5', 2, 'zh-TW')).toBe('1,234,567.50');
    expect(formatNumber('2.345', 2, 'en-US')).toBe('2.35');
    expect(formatNumber(1.005, 2)).toBe('1.01');
  });

  it("shows '--' for anything that is not a finite number", () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, 'abc', null, undefined, '', true, {}]) {
      expect(formatNumber(v)).toBe('--');
    }
  });
});

describe('formatDate', () => {
  it('formats dates yyyy-MM-dd and date-times yyyy-MM-dd HH:mm:ss', () => {
    expect(formatDate('2024-03-05')).toBe('2024-03-05');
    expect(formatDate('2024-03-05T07:08:09', 'YYYY-MM-DD HH:mm:ss')).toBe('2024-03-05 07:08:09');
  });

  it('leaves empty values empty and unknown text as it is', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
