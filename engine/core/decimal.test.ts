import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  checkDecimal,
  compareDecimals,
  documentTotal,
  formatDecimal,
  isDecimal,
  lineAmount,
  multiplyDecimals,
  roundDecimal,
  separatorsOf,
  subtractDecimals,
  sumDecimals,
  taxAmount,
  toDecimalString,
  trimDecimalZeros,
} from './decimal';

describe('canonical decimal text', () => {
  it('is plain notation without trailing zeros, leading zeros or a negative zero', () => {
    expect(toDecimalString('1.50000')).toBe('1.5');
    expect(toDecimalString('0012.000')).toBe('12');
    expect(toDecimalString('-0.000')).toBe('0');
    expect(toDecimalString('+7')).toBe('7');
    expect(toDecimalString('.5')).toBe('0.5');
    expect(toDecimalString('5.')).toBe('5');
    expect(toDecimalString(' 3.25 ')).toBe('3.25');
    expect(toDecimalString(1e-7)).toBe('0.0000001');
    expect(toDecimalString(1e21)).toBe('1000000000000000000000');
  });

  it('takes a JSON number as the shortest text naming it, not its binary fraction', () => {
    expect(toDecimalString(0.1)).toBe('0.1');
    expect(toDecimalString(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(toDecimalString(-2.5)).toBe('-2.5');
  });

  it('refuses what is no plain decimal', () => {
    for (const v of ['', ' ', '1e5', '1,000', '12a', '--1', '.', '0x10', 'NaN', 'Infinity', null, true, {}])
      expect(isDecimal(v), String(v)).toBe(false);
    expect(isDecimal(Number.NaN)).toBe(false);
    expect(isDecimal(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isDecimal('9'.repeat(101))).toBe(false);
  });

  it('trims what the database answers', () => {
    expect(trimDecimalZeros('1.50000')).toBe('1.5');
    expect(trimDecimalZeros('100.00000')).toBe('100');
    expect(trimDecimalZeros('0.00000')).toBe('0');
    expect(trimDecimalZeros('-0.10000')).toBe('-0.1');
    expect(trimDecimalZeros('100')).toBe('100');
    expect(trimDecimalZeros('NaN')).toBe('NaN');
  });
});

describe('limits (spec 001 section 5: fewer than 20 digits, fewer than 6 decimals)', () => {
  it('keeps 19 digits and 5 decimals exactly, which a float cannot', () => {
    expect(checkDecimal('1234567890123.12345')).toEqual({ value: '1234567890123.12345' });
    expect(checkDecimal('1234567890123456789')).toEqual({ value: '1234567890123456789' });
    expect(Number('1234567890123456789').toString()).not.toBe('1234567890123456789');
    expect(checkDecimal('-99999999999999.99999')).toEqual({ value: '-99999999999999.99999' });
  });

  it('refuses a 20th digit and a 6th decimal, but not trailing zeros', () => {
    expect(checkDecimal('12345678901234567890').refusal).toEqual({
      problem: 'numberSize',
      digits: 19,
      decimals: 5,
    });
    expect(checkDecimal('1.123456').refusal?.problem).toBe('numberSize');
    expect(checkDecimal(0.123456).refusal?.problem).toBe('numberSize');
    expect(checkDecimal('1.500000000')).toEqual({ value: '1.5' });
    expect(checkDecimal('0.00001')).toEqual({ value: '0.00001' });
    // Leading zeros are no digits.
    expect(checkDecimal('000000000000000000001.5')).toEqual({ value: '1.5' });
  });

  it('refuses a float artefact: 0.1 + 0.2 has 17 decimals', () => {
    expect(checkDecimal(0.1 + 0.2).refusal?.problem).toBe('numberSize');
  });

  it("applies a field's own scale, digits and bounds", () => {
    expect(checkDecimal('13.125', { scale: 4, digits: 7 })).toEqual({ value: '13.125' });
    expect(checkDecimal('13.12345', { scale: 4 }).refusal).toEqual({
      problem: 'numberSize',
      digits: 19,
      decimals: 4,
    });
    expect(checkDecimal('12345678', { digits: 7 }).refusal?.problem).toBe('numberSize');
    expect(checkDecimal('-0.00001', { minimum: 0 }).refusal).toEqual({ problem: 'minimum', limit: '0' });
    expect(checkDecimal('99.99991', { maximum: 99.9999, scale: 5 }).refusal).toEqual({
      problem: 'maximum',
      limit: '99.9999',
    });
    expect(checkDecimal('99.9999', { maximum: 99.9999 })).toEqual({ value: '99.9999' });
    expect(checkDecimal('abc').refusal).toEqual({ problem: 'notNumber' });
    expect(checkDecimal('').refusal).toEqual({ problem: 'notNumber' });
  });
});

describe('arithmetic', () => {
  it('adds exactly: 0.1 + 0.2 is 0.3', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals(0.1, 0.2)).toBe('0.3');
    expect(sumDecimals(['1234567890123.12345', '0.00001', null, '', undefined])).toBe('1234567890123.12346');
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(sumDecimals([])).toBe('0');
    expect(() => sumDecimals(['1', 'x'])).toThrow(TypeError);
  });

  it('multiplies exactly, 19 digits by 19 digits', () => {
    expect(multiplyDecimals('1.1', '1.1')).toBe('1.21');
    // (10^14 - 10^-5)^2 = 10^28 - 2 * 10^9 + 10^-10
    expect(multiplyDecimals('99999999999999.99999', '99999999999999.99999')).toBe(
      '9999999999999999998000000000.0000000001',
    );
  });

  it('rounds half-up, ties away from zero, at .005', () => {
    // 1.005 as a float is 1.00499999999999989..., which float rounding takes down.
    expect(Math.round(1.005 * 100) / 100).toBe(1);
    expect(roundDecimal('1.005')).toBe('1.01');
    expect(roundDecimal('2.345')).toBe('2.35');
    expect(roundDecimal('2.344999')).toBe('2.34');
    expect(roundDecimal('-2.345')).toBe('-2.35');
    expect(roundDecimal('-0.004')).toBe('0');
    expect(roundDecimal('0.125', 2)).toBe('0.13');
    expect(roundDecimal('7.5', 0)).toBe('8');
    expect(roundDecimal('1.10')).toBe('1.1');
  });

  it('computes a line amount and its tax on rounded money', () => {
    expect(lineAmount('3', '0.335')).toBe('1.01');
    expect(lineAmount('2.5', '19.99')).toBe('49.98');
    expect(lineAmount('-1', '0.005')).toBe('-0.01');
    expect(taxAmount('100.05', '13')).toBe('13.01');
    expect(taxAmount('0.5', '13')).toBe('0.07');
    expect(taxAmount('1234567890123.45', '13')).toBe('160493825716.05');
  });

  it('totals a document as the sum of its rounded lines, not the rounded sum', () => {
    const lines = [
      { qty: '1', price: '0.005' },
      { qty: '1', price: '0.005' },
      { qty: '1', price: '0.005' },
    ];
    expect(documentTotal(lines)).toBe('0.03');
    expect(roundDecimal(sumDecimals(lines.map((l) => multiplyDecimals(l.qty, l.price))))).toBe('0.02');
  });

  it('compares exactly where floats cannot tell the values apart', () => {
    expect(Number('1234567890123456788') === Number('1234567890123456789')).toBe(true);
    expect(compareDecimals('1234567890123456788', '1234567890123456789')).toBe(-1);
    expect(compareDecimals('1.50', 1.5)).toBe(0);
    expect(compareDecimals('-1', '-2')).toBe(1);
  });
});

describe('display', () => {
  it('groups thousands and shows the given decimals in the language of the user', () => {
    expect(formatDecimal('1234567.5', { decimals: 2, locale: 'zh-CN' })).toBe('1,234,567.50');
    expect(formatDecimal('1234567.5', { decimals: 2, locale: 'en-US' })).toBe('1,234,567.50');
    expect(formatDecimal('1234567.5', { decimals: 2, locale: 'zh-TW' })).toBe('1,234,567.50');
    expect(formatDecimal('1234567.5', { decimals: 2, locale: 'vi' })).toBe('1.234.567,50');
    expect(separatorsOf('vi')).toEqual({ group: '.', decimal: ',' });
  });

  it('shows 19 digits exactly and rounds half-up to the decimals asked for', () => {
    expect(formatDecimal('1234567890123.12345', { decimals: 5 })).toBe('1,234,567,890,123.12345');
    expect(formatDecimal('1234567890123.12345', { decimals: 2 })).toBe('1,234,567,890,123.12');
    expect(formatDecimal('1234567890123.125', { decimals: 2 })).toBe('1,234,567,890,123.13');
    expect(formatDecimal('1234567890123.12345')).toBe('1,234,567,890,123.12345');
    expect(formatDecimal('0.005', { decimals: 2 })).toBe('0.01');
    expect(formatDecimal('12', { decimals: 0 })).toBe('12');
  });

  it('writes negative values with a minus and never a negative zero', () => {
    expect(formatDecimal('-1234.5', { decimals: 2 })).toBe('-1,234.50');
    expect(formatDecimal('-0.001', { decimals: 2 })).toBe('0.00');
    expect(formatDecimal('-999.995', { decimals: 2 })).toBe('-1,000.00');
  });

  it("shows '--' for what is no decimal, and can leave out the separators", () => {
    expect(formatDecimal(null)).toBe('--');
    expect(formatDecimal('')).toBe('--');
    expect(formatDecimal('abc')).toBe('--');
    expect(formatDecimal(Number.NaN)).toBe('--');
    expect(formatDecimal('1234.5', { grouping: false, decimals: 2, locale: 'vi' })).toBe('1234,50');
  });
});
