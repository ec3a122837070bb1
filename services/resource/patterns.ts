// Validation patterns of spec 000/001 section 5, shared by every resource. An empty value passes.
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
