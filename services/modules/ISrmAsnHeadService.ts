// Delivery notices (ASN; spec 001 sections 3 to 5; `ISrmAsnHeadService`). A supplier ships against the
// open quantity of its accepted order lines, one organisation and one order type a notice: it saves a
// draft (D), submits it (0 pending approval, or straight on to 2 shipped where the delivery rule needs
// no approval), and may change or cancel it while it is a draft, pending or rejected. The purchaser
// approves (2 shipped), rejects with a reason (1, the supplier fixes and submits again) or voids it
// (X, nothing more can be received). While a notice is pending or shipped, its open lines reserve their
// quantity on the order lines (services/rules/delivery.ts); receipts from the warehouse move them on.
// hand-written SQL: a notice's guard and effects read and stamp its lines and the order lines they ship

import { addDecimals, compareDecimals } from '../../engine/core/decimal.js';
import type { Effect, Guard, GuardRefusal } from '../document/define.js';
import { docNoOf } from '../document/lifecycle.js';
import { documentMethods, rowsBody } from '../document/methods.js';
import { documentOf, sideOf, writeEvents, writeHistory } from '../document/transition.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import { defineMethod, defineService } from '../registry.js';
import { defineResource, type FieldDef } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import {
  dictionary,
  measure,
  ORG_NAMED,
  ORG_NO,
  PHONE,
  REMARK,
  refCode,
  SUPPLIER_NAMED,
  text,
} from '../resource/field-kinds.js';
import { invalid } from '../resource/hooks.js';
import { linesListMethod, standardMethods } from '../resource/methods.js';
import { auditName, getMany, type Row } from '../resource/resource.js';
import { addRecord } from '../resource/save.js';
import { setColumn } from '../resource/unnest.js';
import {
  type DeliveryRule,
  deliveryRuleFor,
  deliveryRulesOf,
  fits,
  lockedNoticeLines,
  readNoticeLines,
  shippable,
  syncOrderDeliveries,
  timingOf,
  worstTiming,
} from '../rules/delivery.js';
import { syncAsnReceipts } from '../rules/receipts.js';
import { attachableAsnFiles, linkAsnFiles } from './asn-attachments.js';
import { asnDetailExport, withAsnDetail } from './asn-export.js';
import { asnInvoiceLines, checkInvoiceTaxes, fillInvoiceTaxes } from './asn-invoices.js';
import { portalReceiptMethods } from './asn-receipt.js';
import { ANSWER, ORDER_MENU, purchaseLineResource } from './ISupSrmPurchaseService.js';
// The delivery note's renderer (a document template of the notice lists).
import '../print/asn-delivery-note.js';
import { qualifiedGuard, qualifiedOnSave } from './asn-qualification.js';

/** Where the supplier builds a notice, follows it, and where the purchaser handles it. */
export const ASN_MENUS = [
  'Offsite.Delivery.OrderDelivery',
  'Offsite.Delivery.OrderDelivery.Detail',
  'Offsite.Delivery.AsnTracking',
  'Offsite.Delivery.AsnTracking.Detail',
  'Offsite.Delivery.AsnList',
  'Offsite.Delivery.AsnList.Detail',
] as const;

export const ASN = {
  draft: 'D',
  pending: '0',
  rejected: '1',
  shipped: '2',
  partlyReceived: '3',
  received: '4',
  voided: 'X',
} as const;

/** Copied from the order line when a notice line is saved: never the client's to choose. */
const copied = (type: FieldDef['type'] = 'string'): FieldDef => ({ type, write: 'always', sortable: true });
/** Moved by receipts from the warehouse, not by the notice's own saves. */
const received: FieldDef = { type: 'decimal', scale: 5, sortable: true };

/**
 * A line may be closed (settled) while its notice is shipped or partially received: the warehouse takes
 * no more against it, and what it has not received goes back to the order line (a new notice ships it).
 */
const closableGuard: Guard = {
  name: 'closable',
  problems: ['asnLineNotReceiving'],
  fields: ['headId'],
  async check(ctx, lines) {
    const heads = await ctx.db
      .selectFrom('srmAsnHead')
      .select(['id', 'status'])
      .where(
        'id',
        'in',
        lines.map((l) => l.headId as string),
      )
      .execute();
    const receiving = new Set(
      heads.filter((h) => h.status === ASN.shipped || h.status === ASN.partlyReceived).map((h) => h.id),
    );
    return lines
      .filter((l) => !receiving.has(l.headId as string))
      .map((l) => ({ id: l.id as string, problem: 'asnLineNotReceiving' }));
  },
};

/** A closed line's notice takes the state its lines give, and its order line gets the rest back. */
const lineClosed: Effect = async (ctx, lines) => {
  const orderLines = await syncAsnReceipts(
    ctx,
    asnHeadResource.document!,
    lines.map((l) => l.id as string),
    auditName(ctx),
  );
  await syncOrderDeliveries(ctx.db, orderLines, auditName(ctx));
};

export const asnLineResource = defineResource({
  table: 'srmAsnLine',
  menus: ASN_MENUS,
  fields: {
    headId: { type: 'string' },
    // The notice's number, copied by the database (migration 099): how a line is named.
    asnNo: { type: 'string', sortable: true },
    lineSeq: { type: 'integer', sortable: true },
    // The order line shipped: any line of the caller's accepted orders (the head's rule checks it).
    purchaseId: { type: 'string', write: 'always', required: true, format: 'uuid' },
    purchaseNo: copied(),
    purchaseSeq: copied('integer'),
    orgNo: copied(),
    supplierNo: copied(),
    itemNo: copied(),
    itemName: copied(),
    unitNo: copied(),
    deliveryQty: { ...measure(), required: true, minimum: 0.00001 },
    giftQty: measure(),
    receiveQty: received,
    rejectQty: received,
    unreceivedQty: received,
    lineStatus: { type: 'string', sortable: true, dictionary: 'ASN_LINE_STATUS' },
    lotNo: text(50),
    productDate: { type: 'date', write: 'always', sortable: true },
    // Set by the notice's save from the order line's due date, checked again on submit.
    deliveryTiming: { ...copied(), dictionary: 'DELIVERY_TIMING' },
    remark: REMARK,
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  defaultSort: { field: 'lineSeq', order: 'asc' },
  // Spec 001 section 4: the purchaser settles (closes) a line; the warehouse then takes no more against it.
  document: {
    kind: 'asnLine',
    label: 'document.asnLine',
    statusField: 'lineStatus',
    initial: '0',
    nameFields: ['asnNo', 'lineSeq'],
    eventFields: [
      'asnNo',
      'lineSeq',
      'orgNo',
      'supplierNo',
      'purchaseNo',
      'purchaseSeq',
      'itemNo',
      'deliveryQty',
      'receiveQty',
      'rejectQty',
    ],
    states: {
      '0': { label: 'enum.ASN_LINE_STATUS.0', color: 'processing' },
      '1': { label: 'enum.ASN_LINE_STATUS.1', color: 'success' },
      X: { label: 'enum.ASN_LINE_STATUS.X', color: 'default' },
    },
    transitions: {
      close: {
        method: 'closeSrmAsnLine',
        label: 'transition.closeAsnLine',
        event: 'asn.lineClosed',
        from: ['0'],
        to: '1',
        flag: 'isEnd',
        sides: ['purchaser'],
        reason: 'required',
        agree: ['orgNo'],
        guards: [closableGuard],
        effects: [lineClosed],
      },
    },
  },
});

/** What a notice's line takes from its order line. */
const ORDER_LINE_TAKEN = ['purchaseNo', 'purchaseSeq', 'orgNo', 'supplierNo', 'itemNo', 'itemName', 'unitNo'];

/**
 * A line's delivery timing: its notice's expected arrival against the order line's due date (the
 * promise, else the requested date) and the days ahead of the line's delivery rule; none while the
 * notice has no expected arrival date.
 */
function lineTiming(
  head: Row,
  order: { itemNo?: unknown; promiseDate?: unknown; expectArrivalDate?: unknown },
  rules: readonly DeliveryRule[],
): '1' | '2' | '3' | null {
  if (!head.expectedArrivalDate) return null;
  const rule = deliveryRuleFor(rules, {
    orgNo: String(head.orgNo),
    supplierNo: String(head.supplierNo),
    itemNo: String(order.itemNo),
  });
  const due = String(order.promiseDate ?? order.expectArrivalDate);
  return timingOf(String(head.expectedArrivalDate), due, rule.aheadDays);
}

/** An order line as messages name it (4500000211/10, its second batch 4500000211/10.2). */
const orderLineName = (line: Row) => docNoOf(documentOf(purchaseLineResource), line);

/** The order lines a notice's lines name, read through the caller's scope (another's are not found). */
async function orderLinesOf(ctx: CallContext, lines: Row[]): Promise<Map<string, Row>> {
  const ids = [...new Set(lines.map((l) => l.purchaseId).filter((v): v is string => typeof v === 'string'))];
  const found = await getMany(purchaseLineResource, ctx, ids, {
    stored: true,
    fields: [
      ...ORDER_LINE_TAKEN,
      'phaseSeq',
      'batchSeq',
      'orderType',
      'answerStatus',
      'promiseDate',
      'expectArrivalDate',
    ],
  });
  return new Map(found.map((r) => [r.id as string, r]));
}

/**
 * A notice's lines name order lines of the notice's organisation, supplier and order type that the
 * supplier has accepted; each line takes the order line's number, item and unit.
 */
async function fillLines(ctx: CallContext, head: Row, _current: Row | undefined, payload: Row) {
  const lines = payload.lineList;
  if (!Array.isArray(lines) || !lines.length) return;
  const orderLines = await orderLinesOf(ctx, lines as Row[]);
  const rules = await deliveryRulesOf(ctx.db, [String(head.orgNo)]);
  payload.lineList = (lines as Row[]).map((line, i) => {
    const order = orderLines.get(String(line.purchaseId));
    const refuse = (problemKey: string, params: Record<string, unknown> = {}) =>
      new AppError('lineInvalid', {
        line: i + 1,
        field: ctx.t('field.purchaseId'),
        problem: ctx.t(problemKey, params),
      });
    if (!order) throw refuse('problem.notExisting', { value: String(line.purchaseId ?? '') });
    const name = { order: orderLineName(order) };
    if (order.orgNo !== head.orgNo || order.supplierNo !== head.supplierNo)
      throw refuse('problem.asnOtherOrg', { ...name, org: String(head.orgNo) });
    if (order.orderType !== head.orderType)
      throw refuse('problem.asnOtherOrderType', {
        ...name,
        type: ctx.t(`enum.ORDER_TYPE.${head.orderType}`),
      });
    if (order.answerStatus !== ANSWER.accepted) throw refuse('problem.asnNotAccepted', name);
    return {
      ...line,
      ...Object.fromEntries(ORDER_LINE_TAKEN.map((f) => [f, order[f]])),
      deliveryTiming: lineTiming(head, order, rules),
    };
  });
}

/**
 * A notice may be submitted when its supplier is not frozen in the organisation, it has lines, each
 * order line is still accepted, and no order line is shipped beyond what it still owes plus the
 * over-delivery tolerance (counting every line of the batch). The order lines stay locked until the
 * submit is written, so a notice racing for the same quantity waits and is then judged on what is left.
 */
const shippableGuard: Guard = {
  name: 'shippable',
  problems: ['supplierFrozen', 'asnNoLines', 'asnLineNotAccepted', 'overShipment'],
  fields: ['orgNo', 'supplierNo'],
  async check(ctx, heads) {
    const byHead = await lockedNoticeLines(
      ctx.db,
      heads.map((h) => h.id as string),
    );
    const rules = await deliveryRulesOf(
      ctx.db,
      heads.map((h) => h.orgNo as string),
    );
    const refusals: GuardRefusal[] = [];
    const total = new Map<string, string>();
    for (const head of heads) {
      const id = head.id as string;
      const lines = byHead.get(id) ?? [];
      const own = { orgNo: head.orgNo as string, supplierNo: head.supplierNo as string };
      if (deliveryRuleFor(rules, { ...own, itemNo: null }).frozen === 'Y') {
        refusals.push({ id, problem: 'supplierFrozen', params: { org: own.orgNo } });
        continue;
      }
      if (!lines.length) {
        refusals.push({ id, problem: 'asnNoLines' });
        continue;
      }
      for (const order of lines) {
        const name = orderLineName(order);
        if (order.answerStatus !== ANSWER.accepted) {
          refusals.push({ id, problem: 'asnLineNotAccepted', params: { order: name } });
          continue;
        }
        const sum = total.get(order.purchaseId) ?? '0';
        const next = addDecimals(sum, order.deliveryQty);
        total.set(order.purchaseId, next);
        const rule = deliveryRuleFor(rules, { ...own, itemNo: order.itemNo });
        const undelivered = order.unDeliveryQty ?? '0';
        if (!fits(next, shippable(undelivered, order.batchPurQty, rule.overTolerance)))
          refusals.push({
            id,
            problem: 'overShipment',
            params: {
              purchaseNo: order.purchaseNo,
              seq: order.purchaseSeq,
              total: next,
              undelivered,
            },
          });
      }
    }
    return refusals;
  },
};

/** The order lines a batch of notices ships, for the quantities they reserve to be recomputed. */
async function orderLineIdsOf(ctx: CallContext, heads: Row[]): Promise<string[]> {
  const ids = heads.map((h) => h.id as string);
  const rows =
    readNoticeLines(ctx.db, ids) ??
    (await ctx.db.selectFrom('srmAsnLine').select('purchaseId').where('headId', 'in', ids).execute());
  return rows.map((r) => r.purchaseId);
}

/** The move a notice makes when its delivery rule needs no approval, as its history names it. */
export const AUTO_APPROVE = { name: 'autoApprove', labelKey: 'transition.autoApprove' } as const;

/** Whatever the move, the order lines' reserved quantities follow the notices' states. */
const syncOrders: Effect = async (ctx, heads) =>
  syncOrderDeliveries(ctx.db, await orderLineIdsOf(ctx, heads), auditName(ctx));

/**
 * On submit: each line's delivery timing against its order line's due date (the promise, else the
 * requested date) and the notice's from its lines'; then, where the supplier's delivery rule needs no
 * approval, the notice ships at once (its history says so: transition autoApprove, by the rule).
 */
const onSubmit: Effect = async (ctx, heads) => {
  // The submit's check has read them locked (shippableGuard).
  const ids = heads.map((h) => h.id as string);
  const lines = readNoticeLines(ctx.db, ids) ?? [...(await lockedNoticeLines(ctx.db, ids)).values()].flat();
  const rules = await deliveryRulesOf(
    ctx.db,
    heads.map((h) => h.orgNo as string),
  );
  const shipNow: Row[] = [];
  const lineTimings = new Map<string, string>();
  const headTimings = new Map<string, string>();
  for (const head of heads) {
    const timings: string[] = [];
    for (const line of lines) {
      if (line.headId !== head.id) continue;
      const timing = lineTiming(head, line, rules) ?? '1';
      timings.push(timing);
      // The save set each line's timing; only what moved since (a new promise date) is written.
      if (timing !== line.deliveryTiming) lineTimings.set(line.id, timing);
    }
    headTimings.set(head.id as string, worstTiming(timings));
    const own = { orgNo: head.orgNo as string, supplierNo: head.supplierNo as string };
    if (deliveryRuleFor(rules, { ...own, itemNo: null }).needApproval === 'N') shipNow.push(head);
  }
  await setColumn(ctx.db, 'srmAsnLine', 'deliveryTiming', lineTimings);
  await setColumn(ctx.db, 'srmAsnHead', 'deliveryTiming', headTimings);
  if (!shipNow.length) return;
  const now = new Date();
  await ctx.db
    .updateTable('srmAsnHead')
    .set({ status: ASN.shipped, approveDate: now, approveName: auditName(ctx) })
    .where(
      'id',
      'in',
      shipNow.map((h) => h.id as string),
    )
    .execute();
  const move = { name: AUTO_APPROVE.name, to: ASN.shipped, reason: null, from: () => ASN.pending };
  await writeHistory(ctx, asnHeadResource.document!, shipNow, move, now);
  await writeEvents(asnHeadResource, ctx, shipNow, { ...move, event: 'asn.approved' });
};

/** The expected arrival is not before the delivery date (checked on every save). */
function datesInOrder(ctx: CallContext, row: Row) {
  if (
    row.deliveryDate &&
    row.expectedArrivalDate &&
    String(row.expectedArrivalDate) < String(row.deliveryDate)
  )
    throw invalid(ctx, 'expectedArrivalDate', 'problem.dateOrder', { other: ctx.t('field.deliveryDate') });
}

export const asnHeadResource = defineResource({
  table: 'srmAsnHead',
  menus: ASN_MENUS,
  fields: {
    asnNo: { type: 'string', keyword: true, sortable: true },
    orgNo: ORG_NO,
    // A supplier's user ships for its own supplier only.
    supplierNo: { ...refCode(false, 'create'), fill: (ctx) => ctx.user?.scope.supplierNo },
    orderType: { ...dictionary('ORDER_TYPE', '1'), write: 'create' },
    status: { type: 'string', enum: Object.values(ASN), sortable: true, dictionary: 'ASN_STATUS' },
    deliveryMode: dictionary('DELIVERY_MODE', '1'),
    deliveryDate: { type: 'date', write: 'always', required: true, sortable: true },
    expectedArrivalDate: { type: 'date', write: 'always', required: true, sortable: true },
    warehouseNo: refCode(true),
    shipAddressId: { type: 'string', write: 'always', format: 'uuid' },
    shipAddress: text(200, { required: true }),
    deliveryAddress: text(200, { required: true }),
    sender: text(50, { required: true, keyword: true }),
    senderContact: text(50, { required: true }),
    wayCarriage: dictionary('WAY_CARRIAGE'),
    carType: text(50),
    carNo: text(20, { keyword: true }),
    trackingNo: text(50, { keyword: true }),
    driver: text(50),
    driverPhone: PHONE,
    deliveryTiming: { type: 'string', sortable: true, dictionary: 'DELIVERY_TIMING' },
    remark: REMARK,
    lastReason: { type: 'string', sortable: true },
    submitDate: { type: 'datetime', sortable: true },
    submitName: { type: 'string', sortable: true },
    approveDate: { type: 'datetime', sortable: true },
    approveName: { type: 'string', sortable: true },
    // Attachments (asn-attachments.ts): file ids, comma-joined.
    fileIds: { type: 'string', write: 'always', maxLength: 1000 },
  },
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
  ordered: [['deliveryDate', 'expectedArrivalDate']],
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  // A draft is the supplier's own work: the purchaser sees a notice from its first submit on (a draft
  // cancelled before it was ever submitted stays the supplier's).
  audience: (ctx, q) => (sideOf(ctx) === 'supplier' ? q : q.where('t1.submitDate', 'is not', null)),
  customFields: true,
  // The organisation, supplier and warehouse answered with their names too (one join each, no query a row).
  references: {
    orgNo: ORG_NAMED,
    supplierNo: SUPPLIER_NAMED,
    warehouseNo: {
      table: 'bmWarehouse',
      column: 'warehouseNo',
      with: { orgNo: 'orgNo' },
      name: { as: 'warehouseName', column: 'warehouseName' },
    },
    shipAddressId: {
      table: 'bmDeliveryAddress',
      column: 'id',
      with: { orgNo: 'orgNo', supplierNo: 'supplierNo' },
    },
  },
  defaultSort: { field: 'createDate', order: 'desc', thenBy: [{ field: 'asnNo', order: 'desc' }] },
  hooks: {
    beforeSave: async (ctx, row, current, payload) => {
      datesInOrder(ctx, row);
      await fillLines(ctx, row, current, payload);
      await qualifiedOnSave(ctx, row, current, payload);
      fillInvoiceTaxes(payload);
      return attachableAsnFiles(ctx, row, current);
    },
    afterSave: async (ctx, saved) => {
      checkInvoiceTaxes(ctx, saved);
      await linkAsnFiles(ctx, saved);
    },
  },
  lines: {
    lineList: {
      resource: asnLineResource,
      parentField: 'headId',
      seqField: 'lineSeq',
      minRows: 1,
      maxRows: 500,
    },
    // The invoices that travel with the goods (asn-invoices.ts).
    invoiceList: asnInvoiceLines(ASN_MENUS),
  },
  document: {
    kind: 'asn',
    label: 'document.asn',
    statusField: 'status',
    initial: ASN.draft,
    numberField: 'asnNo',
    numberRule: { prefix: 'ASN', datePart: 'yyyyMMdd', seqLength: 4 },
    reasonField: 'lastReason',
    // The supplier changes a notice only while it reserves nothing: a draft, or one sent back.
    editableIn: [ASN.draft, ASN.rejected],
    eventFields: ['asnNo', 'orgNo', 'supplierNo', 'deliveryDate', 'expectedArrivalDate', 'warehouseNo'],
    states: {
      D: { label: 'enum.ASN_STATUS.D', color: 'default' },
      '0': { label: 'enum.ASN_STATUS.0', color: 'processing' },
      '1': { label: 'enum.ASN_STATUS.1', color: 'error' },
      '2': { label: 'enum.ASN_STATUS.2', color: 'blue' },
      '3': { label: 'enum.ASN_STATUS.3', color: 'warning' },
      '4': { label: 'enum.ASN_STATUS.4', color: 'success' },
      X: { label: 'enum.ASN_STATUS.X', color: 'default' },
    },
    transitions: {
      submit: {
        method: 'submitSrmAsnHead',
        event: 'asn.submitted',
        from: [ASN.draft, ASN.rejected],
        to: ASN.pending,
        flag: 'isSubmit',
        sides: ['supplier'],
        guards: [shippableGuard, qualifiedGuard],
        stamp: { submitDate: 'now', submitName: 'user' },
        effects: [syncOrders, onSubmit],
      },
      approve: {
        method: 'approveSrmAsnHead',
        event: 'asn.approved',
        from: [ASN.pending],
        to: ASN.shipped,
        flag: 'isApprove',
        sides: ['purchaser'],
        agree: ['orgNo'],
        stamp: { approveDate: 'now', approveName: 'user' },
      },
      reject: {
        method: 'rejectSrmAsnHead',
        event: 'asn.rejected',
        from: [ASN.pending],
        to: ASN.rejected,
        flag: 'isReject',
        sides: ['purchaser'],
        reason: 'required',
        agree: ['orgNo'],
        effects: [syncOrders],
      },
      cancel: {
        method: 'cancelSrmAsnHead',
        event: 'asn.cancelled',
        // Not a dialog's "Cancel": the notice is withdrawn.
        label: 'transition.cancelAsn',
        from: [ASN.draft, ASN.pending, ASN.rejected],
        to: ASN.voided,
        flag: 'isDelete',
        sides: ['supplier'],
        reason: 'optional',
        effects: [syncOrders],
      },
      void: {
        method: 'voidSrmAsnHead',
        event: 'asn.voided',
        from: [ASN.pending, ASN.shipped, ASN.partlyReceived],
        to: ASN.voided,
        flag: 'isDelete',
        sides: ['purchaser'],
        reason: 'required',
        agree: ['orgNo'],
        effects: [syncOrders],
      },
    },
  },
});

/** What the supplier gives when it ships chosen order lines at once (the order list's dialog). */
interface ShipLines {
  rows: { id: string; version: number }[];
  deliveryDate: string;
  expectedArrivalDate: string;
  wayCarriage?: string | null;
  trackingNo?: string | null;
  sender?: string | null;
  senderContact?: string | null;
  remark?: string | null;
}

/** An optional text of the dialog. */
const optionalText = (maxLength: number) => ({
  type: ['string', 'null'],
  maxLength,
  pattern: '^[^\\u0000]*$',
});

/**
 * A draft notice shipping what each chosen order line still owes, from the order line list: the lines
 * (each at the version read) must share an organisation, an order type and a receiving warehouse. What
 * the supplier does not give is taken where a supplier keeps it: the shipping address, sender and
 * contact from its default delivery address in the organisation, the delivery address from the
 * receiving warehouse. The draft is saved through the notice's own add (every rule of a save); the
 * supplier then changes quantities, lots and dates on the draft and submits it.
 */
async function shipLines(ctx: CallContext, request: ShipLines): Promise<Row> {
  const action = ctx.t('deliveryNotice.createFromLines');
  if (sideOf(ctx) !== 'supplier')
    throw new AppError('transitionSide', { action, side: ctx.t('side.supplier') });
  const ids = [...new Set(request.rows.map((r) => r.id))];
  const found = new Map(
    (await getMany(purchaseLineResource, ctx, ids, { stored: true })).map((l) => [l.id as string, l]),
  );
  const lines = request.rows.map((r) => {
    const line = found.get(r.id);
    if (!line) throw new AppError('notFound');
    if (line.version !== r.version) throw new AppError('staleVersion');
    return line;
  });
  for (const field of ['orgNo', 'orderType', 'warehouseNo'])
    if (new Set(lines.map((l) => String(l[field] ?? ''))).size > 1)
      throw new AppError('batchMixed', { field: ctx.t(`field.${field}`) });
  lines.forEach((l, i) => {
    if (compareDecimals(String(l.unDeliveryQty ?? '0'), '0') <= 0)
      throw new AppError('lineInvalid', {
        line: i + 1,
        field: ctx.t('field.purchaseId'),
        problem: ctx.t('problem.asnNothingOwed', { order: orderLineName(l) }),
      });
  });
  const first = lines[0];
  const [address, warehouse] = await Promise.all([
    ctx.db
      .selectFrom('bmDeliveryAddress')
      .select(['id', 'detailAddress', 'contacts', 'mobile', 'telphone'])
      .where('orgNo', '=', String(first.orgNo))
      .where('supplierNo', '=', String(first.supplierNo))
      .where('statusCode', '=', '1')
      .orderBy('defaultAddressSign', 'desc')
      .orderBy('updateDate', 'desc')
      .executeTakeFirst(),
    ctx.db
      .selectFrom('bmWarehouse')
      .select(['warehouseName', 'address'])
      .where('orgNo', '=', String(first.orgNo))
      .where('warehouseNo', '=', String(first.warehouseNo ?? ''))
      .executeTakeFirst(),
  ]);
  const given = (v: string | null | undefined) => v?.trim() || null;
  return addRecord(asnHeadResource, ctx, {
    orgNo: first.orgNo,
    supplierNo: first.supplierNo,
    orderType: first.orderType,
    deliveryDate: request.deliveryDate,
    expectedArrivalDate: request.expectedArrivalDate,
    warehouseNo: first.warehouseNo,
    shipAddressId: address?.id ?? null,
    shipAddress: address?.detailAddress ?? null,
    deliveryAddress: warehouse?.address || warehouse?.warehouseName || null,
    sender: given(request.sender) ?? address?.contacts ?? null,
    senderContact: given(request.senderContact) ?? address?.mobile ?? address?.telphone ?? null,
    wayCarriage: request.wayCarriage || null,
    trackingNo: given(request.trackingNo),
    remark: given(request.remark),
    lineList: lines.map((l) => ({ purchaseId: l.id, deliveryQty: l.unDeliveryQty })),
  });
}

export const ISrmAsnHeadService = defineService('ISrmAsnHeadService', {
  // The supplier ships chosen lines of its order list (and of the notice pages).
  createSrmAsnFromLines: defineMethod<{ condition: ShipLines }>({
    body: rowsBody(
      {
        deliveryDate: { type: 'string', format: 'date' },
        expectedArrivalDate: { type: 'string', format: 'date' },
        wayCarriage: { type: ['string', 'null'], enum: ['1', '2', '3', '', null] },
        trackingNo: optionalText(50),
        sender: optionalText(50),
        senderContact: optionalText(50),
        remark: optionalText(255),
      },
      ['deliveryDate', 'expectedArrivalDate'],
    ),
    resource: asnHeadResource,
    audit: 'write',
    access: { kind: 'menu', menus: [...ASN_MENUS, ORDER_MENU], flag: 'isAdd' },
    handler: (ctx, body) => shipLines(ctx, body.condition),
  }),
  ...standardMethods(asnHeadResource, {
    list: 'getSrmAsnHeadPage',
    get: 'getSrmAsnHeadById',
    add: 'addSrmAsnHead',
    update: 'updateSrmAsnHeadById',
    delete: { name: 'deleteSrmAsnHeadByIds', flag: 'isDelete' },
  }),
  getSrmAsnLineList: linesListMethod(asnHeadResource, 'lineList'),
  ...documentMethods(asnHeadResource, { history: 'getSrmAsnHeadHistory', define: 'getSrmAsnHeadDefine' }),
  ...documentMethods(asnLineResource, { history: 'getSrmAsnLineHistory', define: 'getSrmAsnLineDefine' }),
  // The list's export; its detail template writes head and lines, one row a line (asn-export.ts).
  ...withAsnDetail(exportMethods(asnHeadResource), ASN_MENUS),
  exportAsnDetail: asnDetailExport(ASN_MENUS),
  // Receipt and cancel receipt where the portal records them (asn-receipt.ts).
  ...portalReceiptMethods(asnHeadResource),
});
