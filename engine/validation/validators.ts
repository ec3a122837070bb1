// Pure value checks of spec 000 section 5 and spec 001 section 5. Each answers true for a value that
// passes; an empty value passes every format check (required is a rule of its own).
import { checkDecimal, DECIMAL_MAX_DIGITS, DECIMAL_MAX_SCALE } from '../core/decimal';

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** Mobile number: exactly 11 digits. */
export function isMobile(v: unknown): boolean {
  return empty(v) || /^\d{11}$/.test(String(v));
}

/** Landline: 3 digits, optional hyphen, 8 digits; or 4 digits, optional hyphen, 7 digits. */
export function isPhone(v: unknown): boolean {
  return empty(v) || /^(\d{3}-?\d{8}|\d{4}-?\d{7})$/.test(String(v));
}

/** E-mail: the usual local@domain.tld shape, no spaces. */
export function isEmail(v: unknown): boolean {
  return empty(v) || /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(String(v));
}

/** Longest text and largest number of digits, spec 001 section 5. */
export const TEXT_MAX_LENGTH = 100;
export const NUMBER_MAX_DIGITS = DECIMAL_MAX_DIGITS;
export const NUMBER_MAX_DECIMALS = DECIMAL_MAX_SCALE;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/** Text within the spec's limit (100 characters, the same bound the server declares for names). */
export function isTextLength(v: unknown, max = TEXT_MAX_LENGTH): boolean {
  return empty(v) || String(v).length <= max;
}

/**
 * Numbers under 20 digits with fewer than 6 decimals (engine/core/decimal.ts, the server's rule too):
 * at most 19 digits in all and at most 5 decimals (or `maxDecimals`). Judged on the value's decimal
 * text, so 1e21 and 0.1234567 are judged as a user typed them and 19 digits are not rounded first.
 */
export function isNumberSize(
  v: unknown,
  maxDigits = NUMBER_MAX_DIGITS,
  maxDecimals = NUMBER_MAX_DECIMALS,
): boolean {
  if (empty(v)) return true;
  return checkDecimal(v, { digits: maxDigits, scale: maxDecimals }).refusal === undefined;
}

/** Password length 6 to 20. */
export function isPasswordLength(v: unknown): boolean {
  if (empty(v)) return true;
  const n = String(v).length;
  return n >= PASSWORD_MIN && n <= PASSWORD_MAX;
}

/** The second typing of a value matches the first (an empty second typing is left to required). */
export function isSameAs(v: unknown, other: unknown): boolean {
  return empty(v) || v === other;
}

/**
 * The formats a field may declare. passwordPolicy is the server's active password policy: it has no
 * check of its own here, the form judges it once the policy is loaded (pages/form/rules.ts).
 */
export type ValueFormat = 'mobile' | 'phone' | 'email' | 'password' | 'passwordPolicy';

export const FORMAT_CHECKS: Record<
  Exclude<ValueFormat, 'passwordPolicy'>,
  { check: (v: unknown) => boolean; messageKey: string }
> = {
  mobile: { check: isMobile, messageKey: 'common.validMobile' },
  phone: { check: isPhone, messageKey: 'common.validPhone' },
  email: { check: isEmail, messageKey: 'common.validEmail' },
  password: { check: isPasswordLength, messageKey: 'validation.passwordLength' },
};
