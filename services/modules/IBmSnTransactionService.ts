// SN status (Base.Barcode.SnStatus; spec 001 section 4: SN barcode status initial, inbound, outbound,
// arrival): each status change of a serial-number barcode, as the warehouse reports it. Queried like
// labels: a transaction date range, or an item, barcode, batch or source number; a range longer than
// MAX_QUERY_DAYS needs one of those too.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { ORG_NAMED, SUPPLIER_REFERENCE } from '../resource/field-kinds.js';
import { type StandardNames, standardMethods } from '../resource/methods.js';
import { checkSnQuery, DATE_RANGE_CONDITION, dateRangeWhere } from '../rules/query-rules.js';
import { SN_STATUSES } from './IBmBarcodeService.js';
import { ITEM_REFERENCE } from './IBmItemService.js';

export const SN_STATUS_MENU = 'Base.Barcode.SnStatus';

const text = { type: 'string', sortable: true } as const;

export const snTransactionResource = defineResource({
  table: 'bmSnTransaction',
  menus: [SN_STATUS_MENU],
  fields: {
    orgNo: text,
    supplierNo: text,
    barcode: text,
    itemNo: text,
    combinationLotNo: text,
    sourceNo: text,
    transactionType: { type: 'string', sortable: true, enum: ['1', '2'], dictionary: 'TRANSACTION_TYPE' },
    snBarcodeStatus: { type: 'string', sortable: true, enum: SN_STATUSES, dictionary: 'SN_BARCODE_STATUS' },
    warehouseNo: text,
    cellNo: text,
    transactionDate: { type: 'datetime', sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    barcode: { field: 'barcode', op: 'eq' },
    itemNo: { field: 'itemNo', op: 'eq' },
    combinationLotNo: { field: 'combinationLotNo', op: 'eq' },
    sourceNo: { field: 'sourceNo', op: 'eq' },
    snBarcodeStatus: { field: 'snBarcodeStatus', op: 'eq' },
    transactionType: { field: 'transactionType', op: 'eq' },
    warehouseNo: { field: 'warehouseNo', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  references: {
    orgNo: ORG_NAMED,
    supplierNo: { ...SUPPLIER_REFERENCE, checked: false },
    itemNo: { ...ITEM_REFERENCE, checked: false },
  },
  defaultSort: { field: 'transactionDate', order: 'desc' },
});

const names: StandardNames = {
  list: 'getbmsntransactionlistbyparams',
  listExtra: DATE_RANGE_CONDITION,
  listOptions: (body) => ({ where: dateRangeWhere('t1.transactionDate', body.condition) }),
};
const standard = standardMethods(snTransactionResource, names);
const list = standard.getbmsntransactionlistbyparams;
const exports = exportMethods(snTransactionResource, names);

export const IBmSnTransactionService = defineService('IBmSnTransactionService', {
  getbmsntransactionlistbyparams: {
    ...list,
    handler: (ctx, body) => {
      checkSnQuery(ctx, body.condition);
      return list.handler(ctx, body);
    },
  },
  ...exports,
  exportexcel: {
    ...exports.exportexcel,
    handler: (ctx, body) => {
      checkSnQuery(ctx, body.condition);
      return exports.exportexcel.handler(ctx, body);
    },
  },
});
