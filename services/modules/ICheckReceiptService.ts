// Receipt tracking (spec 001 sections 2 and 7; spec 000's receipt-tracking routes): what the warehouse
// did with the goods of the delivery notices, as its WMS reported it through the integration API
// (services/integration/receipts.ts), one table for the four kinds (migration 099). Each kind is a
// list with its export for both sides, the supplier's user seeing its own supplier's only:
//   ICheckReceiptService      acceptance details (ReceiptTracking.Acceptance.Details)
//   ICheckReturnService       rejection details, goods refused at inspection (ReceiptTracking.Rejection.Details)
//   ISrmBillReturnService     return details, accepted goods sent back (ReceiptTracking.Return.Details)
//   IWarehousingDetailService warehousing (put-away) details (ReceiptTracking.Warehousing.Details)
// and every kind of one notice together on the receiving details (Offsite.Delivery.ReceivingDetails,
// ISrmReceivingDetailService). Receipts are written by the WMS only: the portal reads them.
// A receipt is a document (kind `receipt`, states Y reviewed and V void, spec 001 section 4) for its
// history and its events (`asn.received`), named by the WMS's document number.
import { defineService } from '../registry.js';
import { defineResource, type FieldDef, type ResourceDef } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { ORG_NAMED, SUPPLIER_NAMED, UNIT_NAMED, WAREHOUSE_NAMED } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { RECEIPT, type ReceiptType } from '../rules/delivery.js';

export const RECEIVING_MENU = 'Offsite.Delivery.ReceivingDetails';

export const RECEIPT_MENUS: Record<ReceiptType, string> = {
  [RECEIPT.acceptance]: 'ReceiptTracking.Acceptance.Details',
  [RECEIPT.rejection]: 'ReceiptTracking.Rejection.Details',
  [RECEIPT.return]: 'ReceiptTracking.Return.Details',
  [RECEIPT.warehousing]: 'ReceiptTracking.Warehousing.Details',
};

const shown = (type: FieldDef['type'] = 'string', extra: Partial<FieldDef> = {}): FieldDef => ({
  type,
  sortable: true,
  ...extra,
});

const RECEIPT_FIELDS: Record<string, FieldDef> = {
  receiptType: shown('string', { dictionary: 'RECEIPT_TYPE', enum: Object.values(RECEIPT) }),
  status: shown('string', { dictionary: 'RECEIPT_STATUS', enum: ['Y', 'V'] }),
  docNo: shown('string', { keyword: true }),
  orgNo: shown(),
  supplierNo: shown(),
  warehouseNo: shown(),
  asnId: { type: 'string', format: 'uuid' },
  asnNo: shown('string', { keyword: true }),
  asnLineId: { type: 'string', format: 'uuid' },
  lineSeq: shown('integer'),
  purchaseId: { type: 'string', format: 'uuid' },
  purchaseNo: shown('string', { keyword: true }),
  purchaseSeq: shown('integer'),
  itemNo: shown('string', { keyword: true }),
  itemName: shown(),
  unitNo: shown(),
  lotNo: shown('string', { keyword: true }),
  qty: shown('decimal', { scale: 5 }),
  reason: shown(),
  cellNo: shown(),
  operator: shown(),
  receiptDate: shown('datetime'),
  receiptDay: shown('date'),
  remark: shown(),
  externalId: shown(),
  externalVersion: shown('integer'),
};

const RECEIPT_FILTERS = {
  orgNo: { field: 'orgNo', op: 'eq' },
  supplierNo: { field: 'supplierNo', op: 'eq' },
  warehouseNo: { field: 'warehouseNo', op: 'eq' },
  status: { field: 'status', op: 'eq' },
  asnId: { field: 'asnId', op: 'eq' },
  asnNo: { field: 'asnNo', op: 'contains' },
  purchaseNo: { field: 'purchaseNo', op: 'contains' },
  itemNo: { field: 'itemNo', op: 'contains' },
  lotNo: { field: 'lotNo', op: 'contains' },
  docNo: { field: 'docNo', op: 'contains' },
  receiptDayFrom: { field: 'receiptDay', op: 'gte' },
  receiptDayTo: { field: 'receiptDay', op: 'lte' },
} as const;

/** The receipts one menu shows: one kind (`type`), or every kind (the receiving details). */
export function receiptResource(menus: readonly string[], type?: ReceiptType): ResourceDef {
  return defineResource({
    table: 'srmReceipt',
    menus,
    fields: RECEIPT_FIELDS,
    filters: {
      ...RECEIPT_FILTERS,
      ...(type ? {} : { receiptType: { field: 'receiptType', op: 'eq' } }),
    },
    ...(type ? { fixed: { receiptType: type } } : {}),
    scope: { org: 'orgNo', supplier: 'supplierNo' },
    // The organisation, supplier, warehouse and unit answered with their names too (one subquery each
    // on the page).
    references: {
      orgNo: ORG_NAMED,
      supplierNo: SUPPLIER_NAMED,
      warehouseNo: WAREHOUSE_NAMED,
      unitNo: UNIT_NAMED,
    },
    defaultSort: {
      field: 'receiptDate',
      order: 'desc',
      thenBy: [
        { field: 'asnNo', order: 'desc' },
        { field: 'lineSeq', order: 'asc' },
      ],
    },
    document: {
      kind: 'receipt',
      label: 'document.receipt',
      statusField: 'status',
      initial: 'Y',
      nameFields: ['docNo'],
      // Written by the WMS only: no portal call changes one.
      editableIn: [],
      eventFields: [
        'receiptType',
        'docNo',
        'asnNo',
        'lineSeq',
        'orgNo',
        'supplierNo',
        'warehouseNo',
        'purchaseNo',
        'purchaseSeq',
        'itemNo',
        'unitNo',
        'lotNo',
        'qty',
        'reason',
        'cellNo',
        'receiptDate',
        'externalId',
        'externalVersion',
      ],
      states: {
        Y: { label: 'enum.RECEIPT_STATUS.Y', color: 'success' },
        V: { label: 'enum.RECEIPT_STATUS.V', color: 'default' },
      },
      transitions: {},
    },
  });
}

/** Every kind, for the receiving details and for writing (the history and events of any receipt). */
export const allReceiptsResource = receiptResource([RECEIVING_MENU]);

/** The list and export of one kind's menu (the spec's service names, list and exportexcel). */
export function receiptService(name: string, type: ReceiptType, list: string) {
  const resource = receiptResource([RECEIPT_MENUS[type]], type);
  return defineService(name, {
    ...standardMethods(resource, { list }),
    ...exportMethods(resource),
  });
}

export const ICheckReceiptService = receiptService(
  'ICheckReceiptService',
  RECEIPT.acceptance,
  'getCheckReceiptPage',
);

export const ISrmReceivingDetailService = defineService('ISrmReceivingDetailService', {
  ...standardMethods(allReceiptsResource, { list: 'getReceivingDetailPage' }),
  ...exportMethods(allReceiptsResource),
});
