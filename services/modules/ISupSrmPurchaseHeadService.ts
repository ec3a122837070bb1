// Purchase orders as a whole (spec 001 section 3; `ISupSrmPurchaseHeadService`): the head the ERP sends
// (number, order type, organisation, supplier, purchase centre, plant, buyer, currency, order date) with
// its lines. Nothing of the head is the portal's to change; saving an order is saving the supplier's
// answers of its lines (promised quantity and date), each line at its version and only while its answer
// may still change (ISupSrmPurchaseService). The lines are the ERP's set: never added or removed here.
import { defineService } from '../registry.js';
import { defineResource, type FieldDef } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { standardMethods } from '../resource/methods.js';
import { ORDER_MENUS, purchaseLineResource } from './ISupSrmPurchaseService.js';

const shown = (type: FieldDef['type'] = 'string', keyword = false): FieldDef => ({
  type,
  sortable: true,
  keyword,
});

export const purchaseHeadResource = defineResource({
  table: 'srmPurchaseHead',
  menus: ORDER_MENUS,
  fields: {
    purchaseNo: shown('string', true),
    orgNo: shown(),
    supplierNo: shown(),
    orderType: { type: 'string', sortable: true, dictionary: 'ORDER_TYPE' },
    purchaseCenter: shown(),
    factoryNo: shown(),
    buyerNo: shown(),
    buyerName: shown('string', true),
    currency: shown(),
    purchaseDate: shown('date'),
    remark: shown(),
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    supplierNo: { field: 'supplierNo', op: 'eq' },
    purchaseNo: { field: 'purchaseNo', op: 'contains' },
    orderType: { field: 'orderType', op: 'eq' },
    purchaseDateFrom: { field: 'purchaseDate', op: 'gte' },
    purchaseDateTo: { field: 'purchaseDate', op: 'lte' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  customFields: true,
  defaultSort: { field: 'purchaseDate', order: 'desc', thenBy: [{ field: 'purchaseNo', order: 'asc' }] },
  flags: { update: 'isSave' },
  lines: {
    lineList: {
      resource: purchaseLineResource,
      parentField: 'headId',
      seqField: 'purchaseSeq',
      thenBy: ['phaseSeq', 'batchSeq'],
      maxRows: 500,
      fixed: true,
    },
  },
});

export const ISupSrmPurchaseHeadService = defineService('ISupSrmPurchaseHeadService', {
  ...standardMethods(purchaseHeadResource, {
    list: 'getSrmPurchaseHeadPage',
    get: 'getSrmPurchaseHeadById',
    update: 'saveSrmPurchaseHeadAnswer',
  }),
  ...exportMethods(purchaseHeadResource),
});
