// Field declarations the resources share, so a code, a name, a quantity or a dictionary value is
// declared the same way everywhere (spec 001 section 5: text under 100 characters unless longer by
// nature, numbers under 20 digits with fewer than 6 decimals, dictionary codes named in exports). The
// one place a resource takes its field kinds from; a field of its own kind is declared inline.

import { SYSTEM_ENUMS } from '../seed/enums.js';
import type { FieldDef, ReferenceSpec } from './define.js';
import { PATTERNS, YES_NO } from './patterns.js';

/** A business key part: written on add only, letters and digits then - and _. */
export const keyCode = (maxLength = 32, keyword = true): FieldDef => ({
  type: 'string',
  write: 'create',
  required: true,
  maxLength,
  pattern: PATTERNS.code,
  keyword,
  sortable: true,
});

/** The organisation a record belongs to (and is scoped by). */
export const ORG_NO: FieldDef = {
  type: 'string',
  write: 'create',
  required: true,
  maxLength: 32,
  sortable: true,
};

/** A code naming another record (a unit, a zone): changeable, checked as a reference by the service. */
export const refCode = (required = false, write: FieldDef['write'] = 'always'): FieldDef => ({
  type: 'string',
  write,
  required,
  maxLength: 32,
  pattern: PATTERNS.code,
  sortable: true,
});

export const text = (maxLength = 100, extra: Partial<FieldDef> = {}): FieldDef => ({
  type: 'string',
  write: 'always',
  maxLength,
  sortable: true,
  ...extra,
});

/**
 * A value of a system dictionary (services/seed/enums.ts): its values are the dictionary's. `extra` is
 * the default value, or more of the declaration (required, a default, a narrower list of values).
 */
export const dictionary = (enumMid: string, extra: string | Partial<FieldDef> = {}): FieldDef => ({
  type: 'string',
  write: 'always',
  enum: SYSTEM_ENUMS[enumMid].map(([value]) => value),
  dictionary: enumMid,
  sortable: true,
  ...(typeof extra === 'string' ? { default: extra } : extra),
});

/** A record's name: required, searched by the keyword box. */
export const recordName = (maxLength = 100): FieldDef => text(maxLength, { required: true, keyword: true });

export const yesNo = (fallback: 'Y' | 'N'): FieldDef => ({
  type: 'string',
  write: 'always',
  enum: YES_NO,
  default: fallback,
  sortable: true,
  dictionary: 'YES_NO',
});

/** Yes/no stored as 1 and 0 (the storage-cell flags: the spec's lookup asks for isBadCell '1'). */
export const flag10 = (fallback: '1' | '0'): FieldDef => dictionary('YES_NO_FLAG', fallback);

/**
 * An exact decimal of a numeric column (engine/core/decimal.ts): fewer than 20 digits and `scale`
 * decimals (default 5, fewer than 6); `extra` narrows it (bounds, digits of a smaller column).
 */
export const decimal = (scale = 5, extra: Partial<FieldDef> = {}): FieldDef => ({
  type: 'decimal',
  write: 'always',
  scale,
  sortable: true,
  ...extra,
});

/**
 * A quantity or a measure of a numeric(20, 5) column: not negative, under 10^15 (the column's 15
 * integer digits), at most 5 decimals.
 */
export const measure = (maximum = 999_999_999_999_999): FieldDef => decimal(5, { minimum: 0, maximum });

export const whole = (minimum = 0, maximum = 999_999_999): FieldDef => ({
  type: 'integer',
  write: 'always',
  minimum,
  maximum,
  sortable: true,
});

export const REMARK: FieldDef = { type: 'string', write: 'always', maxLength: 255, sortable: true };

export const PHONE = text(20, { pattern: PATTERNS.phone });
export const MOBILE = text(20, { pattern: PATTERNS.mobile });
export const EMAIL = text(100, { pattern: PATTERNS.email });

/** A time of day, HH:mm (00:00 to 23:59). */
export const TIME_OF_DAY = '^$|^([01][0-9]|2[0-3]):[0-5][0-9]$';

/** The organisation's name beside its code (spec 001's shared row fields: orgNo/orgShortName). */
export const ORG_NAME = { as: 'orgShortName', column: 'orgShortName', labelKey: 'field.org' } as const;

/** A reference to an organisation: an existing, valid one, answered with its short name. */
export const ORG_REFERENCE: ReferenceSpec = { table: 'bmOrg', column: 'orgNo', name: ORG_NAME };

/**
 * An organisation code answered with the organisation's short name, not checked on save (records
 * whose organisation the data scope alone governs, or that the warehouse system writes).
 */
export const ORG_NAMED: ReferenceSpec = { ...ORG_REFERENCE, checked: false };

/** A reference to a supplier: an existing, valid one, answered with its name (supplierNo/supplierName). */
export const SUPPLIER_REFERENCE: ReferenceSpec = {
  table: 'bmSupplier',
  column: 'supplierNo',
  name: { as: 'supplierName', column: 'supplierName' },
};

/** A supplier code answered with the supplier's name, not checked on save (the document checks it). */
export const SUPPLIER_NAMED: ReferenceSpec = { ...SUPPLIER_REFERENCE, checked: false };

/**
 * A warehouse of the row's organisation answered with its name (warehouseName), or its code when the
 * portal holds no such warehouse; not checked on save (the document checks its own).
 */
export const WAREHOUSE_NAMED: ReferenceSpec = {
  table: 'bmWarehouse',
  column: 'warehouseNo',
  with: { orgNo: 'orgNo' },
  name: { as: 'warehouseName', column: 'warehouseName', orCode: true },
  checked: false,
};

/**
 * A unit of the row's organisation answered with its name (unitName), or its code when the portal's
 * units do not hold it (the ERP's unit on an order line); not checked on save.
 */
export const UNIT_NAMED: ReferenceSpec = {
  table: 'bmUnit',
  column: 'unitNo',
  with: { orgNo: 'orgNo' },
  name: { as: 'unitName', column: 'unitName', orCode: true },
  checked: false,
};

/**
 * A menu number (a module) named by the menu's title in the caller's language: the administrator's own
 * title, else the locale's `menu.<menuNo>`. Not checked on save: the services check their modules.
 */
export const MENU_NAME_REFERENCE: ReferenceSpec = {
  table: 'sysMenu',
  column: 'menuNo',
  valid: false,
  checked: false,
  name: { as: 'moduleName', column: 'titleI18n', i18n: true, localeKey: 'menu.' },
};

/** Lot attributes lotAtt01 to lotAtt12: the columns a batch carries. */
export const LOT_ATTS = Array.from({ length: 12 }, (_, i) => `lotAtt${String(i + 1).padStart(2, '0')}`);
/** Customer-defined (guest) columns guestCol01 to guestCol10. */
export const GUEST_COLS = Array.from({ length: 10 }, (_, i) => `guestCol${String(i + 1).padStart(2, '0')}`);
/** The standard label columns a barcode part may fill. */
export const STANDARD_COLS = [
  'itemNo',
  'qty',
  'sourceNo',
  'supplierNo',
  'unitNo',
  'combinationLotNo',
  'lotDate',
  'barcodeVldDate',
  'serialNo',
] as const;
