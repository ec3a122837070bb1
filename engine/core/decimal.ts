// Exact decimals: the rules browser and server share for quantities and amounts (DESIGN section 8:
// PostgreSQL numeric, decimal strings in JSON, decimal arithmetic on both sides, never JS floats).
//
// - A decimal travels as a string in its canonical form: plain notation (no exponent), a '-' only
//   for values below zero, no leading zeros but one before the point, no trailing zeros after the
//   point and no point without decimals ('1.5', '0.00001', '-3', '0'; never '1.50', '-0', '1e-7').
//   A JSON number is accepted where a decimal is read and taken as the shortest text that names it
//   (0.1 is '0.1', not the binary fraction behind it); text must be plain: an optional sign, digits,
//   an optional point and decimals ('.5' and '5.' pass, '1e5', '1,000' and ' ' do not).
// - Limits (spec 001 section 5): fewer than 20 digits (integer digits without leading zeros plus
//   the decimals) and fewer than 6 decimals; a field may allow fewer (its `scale` and `digits`) and
//   bound the value (`minimum`, `maximum`). Trailing zeros do not count: '1.500000' is 1.5.
// - Rounding is half-up, ties away from zero (the commercial rule, Java's HALF_UP): 2.345 to 2
//   places is 2.35, -2.345 is -2.35. Money has 2 places. A line's amount is its quantity times its
//   price, rounded; a tax is the amount times the rate (a percentage) divided by 100, rounded; a
//   document's total is the sum of its rounded line amounts, never the rounded sum of unrounded lines,
//   so the total is what the lines printed above it add up to.
// - Display: thousands separators and decimal point of the user's language (zh-CN, zh-TW and en-US
//   write 1,234.5; vi writes 1.234,5), a given number of decimals (rounded as above, padded with
//   zeros), and '--' for anything that is no decimal (spec 000 section 5).
//
// Pure: no browser or Node library, so the server (services/) and the engine use this one file.
import Decimal from 'decimal.js';

/** Arithmetic on up to 64 significant digits: a product of two 19-digit values is exact. */
const D = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -64, toExpPos: 64 });
type Dec = InstanceType<typeof D>;

/** Spec 001 section 5: numbers under 20 digits. */
export const DECIMAL_MAX_DIGITS = 19;
/** Spec 001 section 5: fewer than 6 decimal places. */
export const DECIMAL_MAX_SCALE = 5;
/** Money is rounded to cents. */
export const MONEY_SCALE = 2;

export type DecimalInput = string | number;

const PLAIN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** Longer text is no decimal anyone typed; it is refused before any parsing. */
const MAX_TEXT = 100;

function toDec(value: unknown): Dec | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? new D(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.length > MAX_TEXT || !PLAIN.test(text)) return undefined;
  return new D(text);
}

function mustDec(value: unknown): Dec {
  const d = toDec(value);
  if (!d) throw new TypeError(`not a decimal: ${String(value).slice(0, 40)}`);
  return d;
}

/** The canonical text of a Decimal; negative zero is zero. */
const text = (d: Dec): string => (d.isZero() ? '0' : d.toFixed());

/**
 * The canonical text of numeric text that is already plain (what PostgreSQL answers: '1.50000',
 * '-0.100', '12'): trailing zeros and a bare point dropped. Cheap enough for every cell of a result.
 */
export function trimDecimalZeros(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/\.?0+$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

/** The canonical decimal text of `value`, or undefined when it is no decimal. */
export function toDecimalString(value: unknown): string | undefined {
  const d = toDec(value);
  return d ? text(d) : undefined;
}

export function isDecimal(value: unknown): boolean {
  return toDec(value) !== undefined;
}

/** Digits of a value as the limits count them: integer digits (no leading zeros) and decimals. */
export function decimalDigits(value: DecimalInput): { integer: number; decimals: number } {
  return digitsOf(text(mustDec(value)));
}

/** decimalDigits of a canonical text ('-12.5', '0.25', '3'): counted on the text, no number made. */
function digitsOf(canonical: string): { integer: number; decimals: number } {
  const unsigned = canonical.startsWith('-') ? canonical.slice(1) : canonical;
  const point = unsigned.indexOf('.');
  const whole = point === -1 ? unsigned : unsigned.slice(0, point);
  return {
    integer: whole === '0' ? 0 : whole.length,
    decimals: point === -1 ? 0 : unsigned.length - point - 1,
  };
}

export interface DecimalLimits {
  /** Decimals allowed; default 5 (fewer than 6). */
  scale?: number;
  /** Digits allowed in all; default 19 (fewer than 20). */
  digits?: number;
  minimum?: DecimalInput;
  maximum?: DecimalInput;
}

/** Why a value was refused: `notNumber`, too many digits or decimals, or out of bounds. */
export type DecimalRefusal =
  | { problem: 'notNumber' }
  | { problem: 'numberSize'; digits: number; decimals: number }
  | { problem: 'minimum'; limit: string }
  | { problem: 'maximum'; limit: string };

export type DecimalCheck =
  | { value: string; refusal?: undefined }
  | { value?: undefined; refusal: DecimalRefusal };

/** Checks a value against the limits; answers its canonical text or why it is refused. */
export function checkDecimal(value: unknown, limits: DecimalLimits = {}): DecimalCheck {
  const d = toDec(value);
  if (!d) return { refusal: { problem: 'notNumber' } };
  const scale = limits.scale ?? DECIMAL_MAX_SCALE;
  const digits = limits.digits ?? DECIMAL_MAX_DIGITS;
  const canonical = text(d);
  const { integer, decimals } = digitsOf(canonical);
  if (decimals > scale || integer + decimals > digits)
    return { refusal: { problem: 'numberSize', digits, decimals: scale } };
  if (limits.minimum !== undefined && d.lt(mustDec(limits.minimum)))
    return { refusal: { problem: 'minimum', limit: text(mustDec(limits.minimum)) } };
  if (limits.maximum !== undefined && d.gt(mustDec(limits.maximum)))
    return { refusal: { problem: 'maximum', limit: text(mustDec(limits.maximum)) } };
  return { value: canonical };
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`; throws for a non-decimal. */
export function compareDecimals(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  return mustDec(a).cmp(mustDec(b)) as -1 | 0 | 1;
}

/** The exact sum; empty values (null, undefined, '') count as nothing. */
export function sumDecimals(values: Iterable<unknown>): string {
  let sum = new D(0);
  for (const v of values) {
    if (v === null || v === undefined || v === '') continue;
    sum = sum.plus(mustDec(v));
  }
  return text(sum);
}

export function addDecimals(...values: DecimalInput[]): string {
  return sumDecimals(values);
}

export function subtractDecimals(a: DecimalInput, b: DecimalInput): string {
  return text(mustDec(a).minus(mustDec(b)));
}

/** The exact product. */
export function multiplyDecimals(a: DecimalInput, b: DecimalInput): string {
  return text(mustDec(a).times(mustDec(b)));
}

/** Rounded half-up (ties away from zero) to `places` decimals, in canonical form. */
export function roundDecimal(value: DecimalInput, places: number = MONEY_SCALE): string {
  return text(mustDec(value).toDecimalPlaces(places, D.ROUND_HALF_UP));
}

/** A line's amount: quantity times price, rounded half-up to `places` (money: 2). */
export function lineAmount(qty: DecimalInput, price: DecimalInput, places: number = MONEY_SCALE): string {
  return roundDecimal(text(mustDec(qty).times(mustDec(price))), places);
}

/** The tax of an amount at a rate in percent (13 is 13 %), rounded half-up to `places`. */
export function taxAmount(
  amount: DecimalInput,
  ratePercent: DecimalInput,
  places: number = MONEY_SCALE,
): string {
  return roundDecimal(text(mustDec(amount).times(mustDec(ratePercent)).div(100)), places);
}

/** A document's total: the sum of its rounded line amounts (not the rounded sum of exact lines). */
export function documentTotal(
  lines: Iterable<{ qty: DecimalInput; price: DecimalInput }>,
  places: number = MONEY_SCALE,
): string {
  let total = new D(0);
  for (const line of lines) total = total.plus(lineAmount(line.qty, line.price, places));
  return text(total);
}

export const EMPTY_DECIMAL = '--';

const separatorCache = new Map<string, { group: string; decimal: string }>();

/** The thousands separator and decimal point of a language (1,234.5 unless it writes otherwise). */
export function separatorsOf(locale: string): { group: string; decimal: string } {
  let found = separatorCache.get(locale);
  if (!found) {
    found = { group: ',', decimal: '.' };
    try {
      for (const part of new Intl.NumberFormat(locale).formatToParts(1234567.5)) {
        if (part.type === 'group') found.group = part.value;
        else if (part.type === 'decimal') found.decimal = part.value;
      }
    } catch {
      // An unknown language tag: the default separators.
    }
    separatorCache.set(locale, found);
  }
  return found;
}

export interface DecimalFormat {
  /** Decimals shown, rounded half-up and padded with zeros; undefined shows the value's own. */
  decimals?: number;
  /** The language whose separators are used; default zh-CN (the spec's default language). */
  locale?: string;
  /** Thousands separators; default true. */
  grouping?: boolean;
}

/** A decimal for people to read: 1234567.5 is '1,234,567.50' (zh-CN, 2 decimals); '--' if it is none. */
export function formatDecimal(value: unknown, format: DecimalFormat = {}): string {
  const d = toDec(value);
  if (!d) return EMPTY_DECIMAL;
  const { group, decimal } = separatorsOf(format.locale ?? 'zh-CN');
  const shown = format.decimals === undefined ? d : d.toDecimalPlaces(format.decimals, D.ROUND_HALF_UP);
  const plain = shown.isZero()
    ? new D(0).toFixed(format.decimals ?? 0)
    : format.decimals === undefined
      ? shown.toFixed()
      : shown.toFixed(format.decimals);
  const negative = plain.startsWith('-');
  const [whole, fraction] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = format.grouping === false ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}
