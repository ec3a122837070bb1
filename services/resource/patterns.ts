// Validation patterns of spec 000/001 section 5, shared by every resource. An empty value passes.
import type { FieldDef } from './define.js';
export const PATTERNS = {
  /** A code: letters and digits, then also - and _. */
  code: '^[A-Za-z0-9][A-Za-z0-9_-]*$',
  /** Mobile number: exactly 11 digits (common.validMobile). */
  mobile: '^$|^\\d{11}$',
  /** Landline: 3 digits, optional hyphen, 8 digits; or 4 digits, optional hyphen, 7 digits (common.validPhone). */
  phone: '^$|^\\d{3}-?\\d{8}$|^\\d{4}-?\\d{7}$',
  /** E-mail (common.validEmail). */
  email: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
} as const;

export const YES_NO = ['Y', 'N'] as const;

/** The status every base-data and system record has: 1 valid, 0 invalid, named by the STATUS_CODE dictionary. */
export const STATUS_FIELD = {
  type: 'string',
  write: 'always',
  enum: ['0', '1'],
  default: '1',
  sortable: true,
  dictionary: 'STATUS_CODE',
} as const satisfies FieldDef;
