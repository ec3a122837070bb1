// What customer and supplier items share (spec 001 section 3): the merchant (customer or supplier) and
// its own code, name, specification and model for one of our items, with the shelf lives it accepts
// on the way in and out, each with its unit.
import type { FieldDef } from '../resource/define.js';
import { dictionary, ORG_NO, REMARK, refCode, text, whole } from '../resource/field-kinds.js';
import { STATUS_FIELD } from '../resource/patterns.js';

export const MERCHANT_ITEM_FIELDS: Record<string, FieldDef> = {
  orgNo: ORG_NO,
  merchantNo: { ...refCode(true, 'create'), keyword: true },
  itemNo: { ...refCode(true, 'create'), maxLength: 64, keyword: true },
  merchantItemNo: text(64, { required: true, keyword: true }),
  merchantItemName: text(200, { keyword: true }),
  merchantItemSpec: text(200),
  merchantItemModel: text(100),
  inShelflife: whole(0, 99_999),
  inShelflifeUnit: dictionary('SHELF_LIFE_UNIT', 'D'),
  outShelflife: whole(0, 99_999),
  outShelflifeUnit: dictionary('SHELF_LIFE_UNIT', 'D'),
};

export const MERCHANT_ITEM_TAIL: Record<string, FieldDef> = { statusCode: STATUS_FIELD, remark: REMARK };

export const MERCHANT_ITEM_FILTERS = {
  orgNo: { field: 'orgNo', op: 'eq' },
  merchantNo: { field: 'merchantNo', op: 'eq' },
  itemNo: { field: 'itemNo', op: 'eq' },
  merchantItemNoIndistinct: { field: 'merchantItemNo', op: 'contains' },
  statusCode: { field: 'statusCode', op: 'eq' },
} as const;
