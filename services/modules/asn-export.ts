// `ISrmAsnHeadService/exportAsnDetail` (spec 001 section 7): the notices of the list's current search
// with their lines, one row a line with its notice's head (the view srm_asn_detail, migration 109), in
// the list's order and each notice's lines in their order. It goes through the export platform like
// every export (services/resource/export.ts): a template of the calling list's menu (default
// `asnDetail`, seeded for the supplier's tracking and the purchaser's list), the same scope and audience
// as the list (a supplier its own notices, a purchaser those of its organisations from their first
// submit), codes named, quantities as number cells, and a job past EXPORT_JOB_ROWS rows.

import { sideOf } from '../document/transition.js';
import type { MethodDef } from '../registry.js';
import { defineResource, type FieldDef } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { ORG_NAMED, SUPPLIER_NAMED, UNIT_NAMED, WAREHOUSE_NAMED } from '../resource/field-kinds.js';

/** The export template exportAsnDetail writes unless the call names another. */
export const ASN_DETAIL_EXPORT = 'asnDetail';

const str = (extra: Partial<FieldDef> = {}): FieldDef => ({ type: 'string', sortable: true, ...extra });
const qty: FieldDef = { type: 'decimal', scale: 5, sortable: true };
const date: FieldDef = { type: 'date', sortable: true };

export function asnDetailResource(menus: readonly string[]) {
  return defineResource({
    table: 'srmAsnDetail',
    menus,
    fields: {
      headId: str(),
      asnNo: str({ keyword: true }),
      status: str({ dictionary: 'ASN_STATUS' }),
      orgNo: str(),
      supplierNo: str(),
      orderType: str({ dictionary: 'ORDER_TYPE' }),
      deliveryMode: str({ dictionary: 'DELIVERY_MODE' }),
      deliveryDate: date,
      expectedArrivalDate: date,
      deliveryTiming: str({ dictionary: 'DELIVERY_TIMING' }),
      warehouseNo: str(),
      shipAddress: str(),
      deliveryAddress: str(),
      sender: str({ keyword: true }),
      senderContact: str(),
      wayCarriage: str({ dictionary: 'WAY_CARRIAGE' }),
      carType: str(),
      carNo: str({ keyword: true }),
      trackingNo: str({ keyword: true }),
      driver: str(),
      driverPhone: str(),
      remark: str(),
      submitDate: { type: 'datetime', sortable: true },
      lineSeq: { type: 'integer', sortable: true },
      purchaseNo: str(),
      purchaseSeq: { type: 'integer', sortable: true },
      itemNo: str(),
      itemName: str(),
      unitNo: str(),
      deliveryQty: qty,
      giftQty: qty,
      receiveQty: qty,
      rejectQty: qty,
      unreceivedQty: qty,
      lineStatus: str({ dictionary: 'ASN_LINE_STATUS' }),
      lotNo: str(),
      productDate: date,
      lineRemark: str(),
    },
    // The notice list's searches, so an export writes the lines of the notices the list shows.
    filters: {
      orgNo: { field: 'orgNo', op: 'eq' },
      supplierNo: { field: 'supplierNo', op: 'eq' },
      asnNo: { field: 'asnNo', op: 'contains' },
      status: { field: 'status', op: 'eq' },
      orderType: { field: 'orderType', op: 'eq' },
      warehouseNo: { field: 'warehouseNo', op: 'eq' },
      deliveryDateFrom: { field: 'deliveryDate', op: 'gte' },
      deliveryDateTo: { field: 'deliveryDate', op: 'lte' },
    },
    scope: { org: 'orgNo', supplier: 'supplierNo' },
    // Codes answered with their records' names (one subquery each on the page).
    references: {
      orgNo: ORG_NAMED,
      supplierNo: SUPPLIER_NAMED,
      warehouseNo: WAREHOUSE_NAMED,
      unitNo: UNIT_NAMED,
    },
    // As the notices: a purchaser sees a notice from its first submit on.
    audience: (ctx, q) => (sideOf(ctx) === 'supplier' ? q : q.where('t1.submitDate', 'is not', null)),
    defaultSort: {
      field: 'createDate',
      order: 'desc',
      thenBy: [
        { field: 'asnNo', order: 'desc' },
        { field: 'lineSeq', order: 'asc' },
      ],
    },
  });
}

/**
 * The notice list's own export methods, whose exportexcel writes head and lines when the export dialog's
 * chosen template is the detail one (so the list's ordinary Export offers both).
 */
export function withAsnDetail(
  methods: Record<string, MethodDef>,
  menus: readonly string[],
): Record<string, MethodDef> {
  const detail = asnDetailExport(menus);
  const own = methods.exportexcel;
  return {
    ...methods,
    exportexcel: {
      ...own,
      handler: (ctx, body) => {
        const name = (body as { condition?: { exportName?: unknown } }).condition?.exportName;
        return name === ASN_DETAIL_EXPORT ? detail.handler(ctx, body) : own.handler(ctx, body);
      },
    },
  };
}

/** exportAsnDetail: the list's export with the detail template unless another is named. */
export function asnDetailExport(menus: readonly string[]): MethodDef {
  const base = exportMethods(asnDetailResource(menus)).exportexcel;
  return {
    ...base,
    handler: (ctx, body) => {
      const sent = body as { condition?: Record<string, unknown> };
      const condition = { ...(sent.condition ?? {}) };
      condition.exportName = condition.exportName || ASN_DETAIL_EXPORT;
      return base.handler(ctx, { ...sent, condition });
    },
  };
}
