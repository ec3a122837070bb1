// Inventory synergy (spec 001: "view consigned or vendor-managed stock (VMI)", "VMI query and period
// movement details"): the VMI and escrow stock the warehouse system reports through the integration API
// (services/integration/stock.ts, migration 114), read by both sides, a supplier's user seeing its own
// supplier's rows only, in lists, counts and exports. Two read-only resources in one service:
//   VMI query (Offsite.Vmi.Query)                stock per organisation, warehouse, supplier, item and
//                                                kind: the last snapshot and the stock now
//   period movements (Offsite.Vmi.PeriodMovement) each movement in, out or adjusted, signed
// The portal writes neither: the warehouse does. "Stock sync" asks the ERP for fresh stock through the
// outbox, as the order list's "Sync latest" asks for orders.
import { defineService } from '../registry.js';
import { defineResource, type FieldDef, type ReferenceSpec } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { ORG_NAMED, SUPPLIER_NAMED, UNIT_NAMED, WAREHOUSE_NAMED } from '../resource/field-kinds.js';
import { type StandardNames, standardMethods } from '../resource/methods.js';
import { DATE_RANGE_CONDITION, dateRangeWhere } from '../rules/query-rules.js';
import { syncLatestInfo } from './purchase-sync.js';

export const VMI_QUERY_MENU = 'Offsite.Vmi.Query';
export const VMI_MOVE_MENU = 'Offsite.Vmi.PeriodMovement';

/** A value the warehouse reports and the portal only shows. */
const shown = (type: FieldDef['type'] = 'string', extra: Partial<FieldDef> = {}): FieldDef => ({
  type,
  sortable: true,
  ...extra,
});
/** A quantity of a numeric(20, 5) column, exact: answered as decimal text. */
const quantity = shown('decimal', { scale: 5 });

/** The codes the rows carry, named as the lists show them; none is checked (the portal writes no row). */
const NAMES: Record<string, ReferenceSpec> = {
  orgNo: ORG_NAMED,
  supplierNo: SUPPLIER_NAMED,
  warehouseNo: WAREHOUSE_NAMED,
  unitNo: UNIT_NAMED,
};

/** Where the stock lies and whose it is: the same in a stock row and a movement. */
const STOCK_KEY: Record<string, FieldDef> = {
  orgNo: shown(),
  warehouseNo: shown(),
  supplierNo: shown(),
  itemNo: shown('string', { keyword: true }),
  itemName: shown('string', { keyword: true }),
  unitNo: shown(),
  stockKind: shown('string', { dictionary: 'VMI_STOCK_KIND', enum: ['1', '2'] }),
};

const KEY_FILTERS = {
  orgNo: { field: 'orgNo', op: 'eq' },
  warehouseNo: { field: 'warehouseNo', op: 'eq' },
  supplierNo: { field: 'supplierNo', op: 'eq' },
  itemNo: { field: 'itemNo', op: 'contains' },
  stockKind: { field: 'stockKind', op: 'eq' },
} as const;

export const vmiStockResource = defineResource({
  table: 'srmVmiStock',
  menus: [VMI_QUERY_MENU],
  fields: {
    ...STOCK_KEY,
    // The stock now: the last snapshot plus every valid movement after it.
    qty: quantity,
    snapshotQty: quantity,
    asOf: shown('datetime'),
    lastMoveAt: shown('datetime'),
  },
  filters: KEY_FILTERS,
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  references: NAMES,
  defaultSort: {
    field: 'warehouseNo',
    order: 'asc',
    thenBy: [
      { field: 'itemNo', order: 'asc' },
      { field: 'stockKind', order: 'asc' },
    ],
  },
});

export const vmiMoveResource = defineResource({
  table: 'srmVmiMove',
  menus: [VMI_MOVE_MENU],
  fields: {
    ...STOCK_KEY,
    moveType: shown('string', { dictionary: 'VMI_MOVE_TYPE', enum: ['1', '2', '3'] }),
    // Signed: an issue out of the stock is negative.
    qty: quantity,
    moveDate: shown('datetime'),
    docNo: shown('string', { keyword: true }),
    remark: shown(),
    voided: shown('string', { dictionary: 'YES_NO', enum: ['Y', 'N'] }),
    externalId: shown('string', { keyword: true }),
    externalVersion: { type: 'integer' },
  },
  filters: {
    ...KEY_FILTERS,
    moveType: { field: 'moveType', op: 'eq' },
    docNo: { field: 'docNo', op: 'contains' },
    voided: { field: 'voided', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  references: NAMES,
  defaultSort: {
    field: 'moveDate',
    order: 'desc',
    thenBy: [{ field: 'externalId', order: 'desc' }],
  },
});

/** "Stock above zero": Y only rows with stock now above zero, N only those at or below it. */
const STOCK_NAMES: StandardNames = {
  list: 'getVmiStockPage',
  get: 'getVmiStockById',
  listExtra: { inStock: { type: ['string', 'null'], enum: ['Y', 'N', '', null] } },
  listOptions: (body) => {
    const inStock = body.condition?.inStock;
    if (inStock === 'Y') return { where: (q) => q.where('t1.qty', '>', 0) };
    if (inStock === 'N') return { where: (q) => q.where('t1.qty', '<=', 0) };
    return {};
  },
};

/** The period: the movements from the first day to the last, both whole days. */
const MOVE_NAMES: StandardNames = {
  list: 'getVmiMovePage',
  get: 'getVmiMoveById',
  listExtra: {
    moveDateFrom: DATE_RANGE_CONDITION.beginDate,
    moveDateTo: DATE_RANGE_CONDITION.endDate,
  },
  listOptions: (body) => ({
    where: dateRangeWhere('t1.moveDate', {
      beginDate: body.condition?.moveDateFrom,
      endDate: body.condition?.moveDateTo,
    }),
  }),
};

const stockExports = exportMethods(vmiStockResource, STOCK_NAMES);
const moveExports = exportMethods(vmiMoveResource, MOVE_NAMES);

export const ISupSrmVmiService = defineService('ISupSrmVmiService', {
  ...standardMethods(vmiStockResource, STOCK_NAMES),
  ...standardMethods(vmiMoveResource, MOVE_NAMES),
  // The export templates of the calling menu (both lists).
  getExportNameList: {
    ...stockExports.getExportNameList,
    access: { kind: 'menu', menus: [VMI_QUERY_MENU, VMI_MOVE_MENU], flag: 'isExport' },
  },
  // The period movements' export; the VMI query's is the spec's own (spec 000 section 7), named by its
  // screen (calls.export).
  exportexcel: moveExports.exportexcel,
  exportWarehouseEnd: stockExports.exportexcel,
  // "Stock sync" on the VMI query: asks the ERP for the stock of the caller's organisations (a
  // supplier's user: of its own supplier).
  syncLatestInfo: syncLatestInfo([VMI_QUERY_MENU], 'stock', 'isStockSync'),
});
