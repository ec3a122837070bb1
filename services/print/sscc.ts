// The serial shipping container code (SSCC-18, GS1 General Specifications 2.2.1 and 7.9): an extension
// digit, the GS1 company prefix, a serial reference filling the rest of the 17 data digits, and the GS1
// mod-10 check digit. It travels in application identifier (00) of a GS1-128 barcode.

/** The GS1 company prefixes GS1 member organisations allocate are 6 to 12 digits long. */
export const COMPANY_PREFIX = /^\d{6,12}$/;
/** The data digits before the check digit. */
const DATA_DIGITS = 17;

/**
 * The GS1 mod-10 check digit of a string of digits: from the right, the digits are weighted 3, 1, 3, 1,
 * ...; the check digit brings the weighted sum up to the next multiple of 10.
 */
export function gs1CheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new TypeError(`not digits: ${digits.slice(0, 40)}`);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `sscc` is 18 digits whose last is the check digit of the first 17. */
export function isValidSscc(sscc: string): boolean {
  return /^\d{18}$/.test(sscc) && gs1CheckDigit(sscc.slice(0, DATA_DIGITS)) === Number(sscc[DATA_DIGITS]);
}

/** How many digits the serial reference has after a company prefix. */
export function serialDigits(companyPrefix: string): number {
  return DATA_DIGITS - 1 - companyPrefix.length;
}

/** The largest serial reference a company prefix leaves room for. */
export function maxSerial(companyPrefix: string): bigint {
  return 10n ** BigInt(serialDigits(companyPrefix)) - 1n;
}

/** The SSCC of a serial reference under an extension digit and a company prefix. */
export function makeSscc(extensionDigit: number, companyPrefix: string, serial: bigint): string {
  if (!Number.isInteger(extensionDigit) || extensionDigit < 0 || extensionDigit > 9)
    throw new RangeError('the extension digit is one digit, 0 to 9');
  if (!COMPANY_PREFIX.test(companyPrefix)) throw new RangeError('a GS1 company prefix is 6 to 12 digits');
  if (serial < 0n || serial > maxSerial(companyPrefix))
    throw new RangeError(`the serial reference has ${serialDigits(companyPrefix)} digits`);
  const data = `${extensionDigit}${companyPrefix}${serial.toString().padStart(serialDigits(companyPrefix), '0')}`;
  return `${data}${gs1CheckDigit(data)}`;
}

/** The element string of a GS1-128 barcode carrying the SSCC: "(00)" and the 18 digits. */
export const ssccElement = (sscc: string) => `(00)${sscc}`;

/** The SSCC as people read it under the barcode: "(00) 1 0614141 234567890 8". */
export function ssccHumanReadable(sscc: string, companyPrefix: string): string {
  const p = companyPrefix.length;
  return `(00) ${sscc[0]} ${sscc.slice(1, 1 + p)} ${sscc.slice(1 + p, DATA_DIGITS)} ${sscc[DATA_DIGITS]}`;
}
