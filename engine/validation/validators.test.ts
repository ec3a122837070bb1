import { describe, expect, it } from 'vitest';
import { joinRange, pickerTypeOf, splitRange, toDayjsFormat } from './dates';
import {
  isEmail,
  isMobile,
  isNumberSize,
  isPasswordLength,
  isPhone,
  isSameAs,
  isTextLength,
} from './validators';

describe('format validators (spec 000 section 5)', () => {
  it('mobile: exactly 11 digits, empty passes', () => {
    expect(isMobile('13812345678')).toBe(true);
    expect(isMobile('')).toBe(true);
    expect(isMobile(undefined)).toBe(true);
    expect(isMobile('1381234567')).toBe(false);
    expect(isMobile('138123456789')).toBe(false);
    expect(isMobile('1381234567a')).toBe(false);
    expect(isMobile('138 1234 5678')).toBe(false);
  });

  it('landline: 3 + 8 or 4 + 7 digits, optional hyphen, empty passes', () => {
    for (const ok of ['010-12345678', '01012345678', '0755-1234567', '07551234567', ''])
      expect(isPhone(ok), ok).toBe(true);
    for (const bad of ['010-1234567', '0755-12345678', '12-12345678', '010--12345678', '010 12345678', 'abc'])
      expect(isPhone(bad), bad).toBe(false);
  });

  it('e-mail: standard pattern, empty passes', () => {
    for (const ok of ['a@b.co', 'first.last+tag@mail.example.com', '']) expect(isEmail(ok), ok).toBe(true);
    for (const bad of ['a@b', 'a b@c.com', '@c.com', 'a@.com', 'a@c.', 'plain'])
      expect(isEmail(bad), bad).toBe(false);
  });

  it('text: at most 100 characters', () => {
    expect(isTextLength('x'.repeat(100))).toBe(true);
    expect(isTextLength('x'.repeat(101))).toBe(false);
    expect(isTextLength('x'.repeat(11), 10)).toBe(false);
  });

  it('numbers: under 20 digits in all and at most 5 decimals', () => {
    expect(isNumberSize('1234567890123456789')).toBe(true);
    expect(isNumberSize('12345678901234567890')).toBe(false);
    expect(isNumberSize('12345678901234.12345')).toBe(true);
    expect(isNumberSize('123456789012345.12345')).toBe(false);
    expect(isNumberSize('1.1234', 19, 4)).toBe(true);
    expect(isNumberSize('1.12345', 19, 4)).toBe(false);
    expect(isNumberSize('1.12345')).toBe(true);
    expect(isNumberSize('1.123456')).toBe(false);
    expect(isNumberSize(0.123456)).toBe(false);
    expect(isNumberSize(12.5)).toBe(true);
    expect(isNumberSize(-3)).toBe(true);
    expect(isNumberSize(1e21)).toBe(false);
    expect(isNumberSize(Number.NaN)).toBe(false);
    expect(isNumberSize('12a')).toBe(false);
    expect(isNumberSize(null)).toBe(true);
  });

  it('password: 6 to 20 characters, typed twice and the same', () => {
    expect(isPasswordLength('12345')).toBe(false);
    expect(isPasswordLength('123456')).toBe(true);
    expect(isPasswordLength('x'.repeat(20))).toBe(true);
    expect(isPasswordLength('x'.repeat(21))).toBe(false);
    expect(isSameAs('secret1', 'secret1')).toBe(true);
    expect(isSameAs('secret1', 'secret2')).toBe(false);
    expect(isSameAs('', 'secret2')).toBe(true);
  });
});

describe('date formats', () => {
  it('the picker type follows the format', () => {
    expect(pickerTypeOf('yyyy-MM-dd')).toBe('date');
    expect(pickerTypeOf('yyyy-MM-dd HH:mm:ss')).toBe('datetime');
    expect(pickerTypeOf('yyyy-MM')).toBe('month');
    expect(pickerTypeOf('yyyy')).toBe('year');
  });

  it('the spec format becomes a Day.js format', () => {
    expect(toDayjsFormat('yyyy-MM-dd HH:mm:ss')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(toDayjsFormat('yyyy-MM')).toBe('YYYY-MM');
  });

  it("ranges are joined with ' - ' and split back", () => {
    expect(joinRange('2025-03-01', '2025-03-10')).toBe('2025-03-01 - 2025-03-10');
    expect(joinRange('2025-03-01', undefined)).toBe('');
    expect(splitRange('2025-03-01 - 2025-03-10')).toEqual(['2025-03-01', '2025-03-10']);
    expect(splitRange('2025-03-01')).toBeUndefined();
    expect(splitRange(undefined)).toBeUndefined();
  });
});
