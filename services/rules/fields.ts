// Field declarations the rule, label, strategy and message resources share.
import type { FieldDef } from '../resource/define.js';
import { PATTERNS, YES_NO } from '../resource/patterns.js';

/** A Y/N flag named by the YES_NO dictionary. */
export const yesNo = (fallback: 'Y' | 'N'): FieldDef => ({
  type: 'string',
  write: 'always',
  enum: YES_NO,
  default: fallback,
  sortable: true,
  dictionary: 'YES_NO',
});

/** The owning organisation: set on add, never moved. */
export const ORG_FIELD: FieldDef = {
  type: 'string',
  write: 'create',
  required: true,
  maxLength: 32,
  sortable: true,
};

/** A record's number inside its organisation (barRuleNo, waveNo, ...): set on add, searched by keyword. */
export const codeField = (): FieldDef => ({
  type: 'string',
  write: 'create',
  required: true,
  maxLength: 32,
  pattern: PATTERNS.code,
  keyword: true,
  sortable: true,
});

/** A record's name. */
export const nameField = (maxLength = 100): FieldDef => ({
  type: 'string',
  write: 'always',
  required: true,
  maxLength,
  keyword: true,
  sortable: true,
});

/** A value from a system dictionary (enum.<enumMid>.<value> names it). */
export const dictionaryField = (
  dictionary: string,
  values: readonly string[],
  extra: Partial<FieldDef> = {},
): FieldDef => ({
  type: 'string',
  write: 'always',
  enum: values,
  sortable: true,
  dictionary,
  ...extra,
});

export const REMARK_FIELD: FieldDef = { type: 'string', write: 'always', maxLength: 255, sortable: true };

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
