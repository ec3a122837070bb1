// Labels or barcodes (spec 001 sections 3, 4 and 5): printed by label printing, moved by the warehouse,
// queried here. The query needs a date range (the label's creation date) or a narrowing condition,
// and a long range a narrowing condition too (services/rules/query-rules.ts); the export obeys the same
// rules. A label printed by a supplier is visible to that supplier's users only.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { ORG_NAMED, SUPPLIER_REFERENCE } from '../resource/field-kinds.js';
import { type StandardNames, standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import { checkLabelQuery, DATE_RANGE_CONDITION, dateRangeWhere } from '../rules/query-rules.js';
import { ITEM_REFERENCE } from './IBmItemService.js';

export const LABEL_MENU = 'Base.Barcode.Label';
export const SN_STATUSES = ['1', '2', '3', '4'] as const;

const text = { type: 'string', sortable: true } as const;

export const barcodeResource = defineResource({
  table: 'bmBarcode',
  menus: [LABEL_MENU],
  fields: {
    orgNo: text,
    supplierNo: text,
    barcode: text,
    barType: { type: 'string', sortable: true, enum: ['1', '2', '3', '4'], dictionary: 'BAR_TYPE' },
    itemNo: text,
    sourceNo: text,
    combinationLotNo: text,
    lotDate: { type: 'date', sortable: true },
    qty: { type: 'decimal', scale: 5, sortable: true },
    unitNo: text,
    snBarcodeStatus: { type: 'string', sortable: true, enum: SN_STATUSES, dictionary: 'SN_BARCODE_STATUS' },
    supplierBarcode: text,
    customerBarcode: text,
    barcodeVldDate: { type: 'date', sortable: true },
    snWarehouseNo: text,
    snCellNo: text,
    boxNo: text,
    statusCode: { ...STATUS_FIELD, write: undefined },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    supplierNo: { field: 'supplierNo', op: 'eq' },
    barcode: { field: 'barcode', op: 'eq' },
    barType: { field: 'barType', op: 'eq' },
    itemNo: { field: 'itemNo', op: 'eq' },
    sourceNo: { field: 'sourceNo', op: 'eq' },
    combinationLotNo: { field: 'combinationLotNo', op: 'eq' },
    snBarcodeStatus: { field: 'snBarcodeStatus', op: 'eq' },
    boxNo: { field: 'boxNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  references: {
    orgNo: ORG_NAMED,
    supplierNo: { ...SUPPLIER_REFERENCE, checked: false },
    itemNo: { ...ITEM_REFERENCE, checked: false },
  },
  defaultSort: { field: 'createDate', order: 'desc' },
});

const names: StandardNames = {
  list: 'getbmbarcodelistbyparams',
  get: 'getbmbarcodebyid',
  listExtra: DATE_RANGE_CONDITION,
  listOptions: (body) => ({ where: dateRangeWhere('t1.createDate', body.condition) }),
};
const standard = standardMethods(barcodeResource, names);
const list = standard.getbmbarcodelistbyparams;
const exports = exportMethods(barcodeResource, names);

export const IBmBarcodeService = defineService('IBmBarcodeService', {
  ...standard,
  getbmbarcodelistbyparams: {
    ...list,
    handler: (ctx, body) => {
      checkLabelQuery(ctx, body.condition);
      return list.handler(ctx, body);
    },
  },
  ...exports,
  exportexcel: {
    ...exports.exportexcel,
    handler: (ctx, body) => {
      checkLabelQuery(ctx, body.condition);
      return exports.exportexcel.handler(ctx, body);
    },
  },
});
