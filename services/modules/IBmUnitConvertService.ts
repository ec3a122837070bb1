// Unit conversions (spec 001 section 3): so many of one unit make so many of another, within an
// organisation. Spec 001 section 5: neither quantity may be 0 ("unit conversion: source or
// destination quantity cannot be 0", code 10090); the two units differ and exist in the organisation.
import { compareDecimals, isDecimal } from '../../engine/core/decimal.js';
import { AppError } from '../errors.js';
import { type CallContext, defineService } from '../registry.js';
import { defineResource, type FieldDef, type ReferenceSpec } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { measure, ORG_NAMED, ORG_NO, REMARK, refCode } from '../resource/field-kinds.js';
import { invalid } from '../resource/hooks.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import type { Row } from '../resource/resource.js';

/** A conversion quantity: positive, under 20 digits (0 is refused with the spec's own message). */
export const CONVERSION_QTY: FieldDef = { ...measure(), required: true };

export const CONVERSION_FIELDS = {
  fromUnitNo: { ...refCode(true, 'create'), keyword: true },
  fromUnitPt: CONVERSION_QTY,
  toUnitNo: { ...refCode(true, 'create'), keyword: true },
  toUnitPt: CONVERSION_QTY,
} as const;

/** Both units are valid units of the row's organisation. */
export const UNIT_REFERENCES: Record<string, ReferenceSpec> = {
  fromUnitNo: {
    table: 'bmUnit',
    column: 'unitNo',
    with: { orgNo: 'orgNo' },
    name: { as: 'fromUnitName', column: 'unitName' },
  },
  toUnitNo: {
    table: 'bmUnit',
    column: 'unitNo',
    with: { orgNo: 'orgNo' },
    name: { as: 'toUnitName', column: 'unitName' },
  },
};

const isZero = (v: unknown) => isDecimal(v) && compareDecimals(v as string, 0) === 0;

/** Spec 001 section 5: source and target quantity must not be 0; and a unit does not convert to itself. */
export function checkConversion(ctx: CallContext, row: Row): void {
  if (isZero(row.fromUnitPt) || isZero(row.toUnitPt)) throw new AppError('unitConversionZero');
  if (row.fromUnitNo && row.fromUnitNo === row.toUnitNo) throw invalid(ctx, 'toUnitNo', 'problem.sameUnit');
}

export const unitConvertResource = defineResource({
  table: 'bmUnitConvert',
  menus: ['Base.Material.UnitConversion'],
  fields: {
    orgNo: ORG_NO,
    ...CONVERSION_FIELDS,
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    fromUnitNo: { field: 'fromUnitNo', op: 'eq' },
    toUnitNo: { field: 'toUnitNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  customFields: true,
  references: { orgNo: ORG_NAMED, ...UNIT_REFERENCES },
  hooks: { beforeSave: checkConversion },
  defaultSort: { field: 'fromUnitNo', order: 'asc' },
});

export const IBmUnitConvertService = defineService('IBmUnitConvertService', {
  ...standardMethods(unitConvertResource, {
    list: 'getbmunitconvertlistbyparams',
    get: 'getbmunitconvertbyid',
    add: 'addbmunitconvert',
    update: 'updatebmunitconvertbyid',
    delete: { name: 'deletebmunitconvertbyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(unitConvertResource),
});
