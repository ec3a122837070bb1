// Purchase order lines (spec 001 sections 3 and 4; `ISupSrmPurchaseService`): the supplier's order line
// list and its answers. The ERP owns the order; the portal owns the supplier's answer of each line, a
// document of its own: 0 to confirm → 1 accepted (with a promised quantity and date) or 2 refused (with
// a reason); an answer may be reopened (3 changed) until something is shipped, and is answered again.
// An answer is due by `answerDueDate` (the order answer configuration); the list's state tabs are the
// answer states and two named filters, overdue and delivery incomplete.
// The quantities the warehouse moves and the amounts are derived by the database (migration 090).
import { localToday } from '../../engine/core/dates.js';
import { compareDecimals } from '../../engine/core/decimal.js';
import { MAX_REASON_LENGTH } from '../../engine/core/documents.js';
import type { Guard } from '../document/define.js';
import { documentMethods, rowsBody } from '../document/methods.js';
import { sideOf } from '../document/transition.js';
import { AppError } from '../errors.js';
import { defineMethod, defineService } from '../registry.js';
import { defineResource, type FieldDef } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { measure, ORG_NAMED, SUPPLIER_NAMED, UNIT_NAMED, WAREHOUSE_NAMED } from '../resource/field-kinds.js';
import { invalid } from '../resource/hooks.js';
import { linesListMethod, standardMethods } from '../resource/methods.js';
import type { Row } from '../resource/resource.js';
import { updateRecord } from '../resource/save.js';
import { rowRefs } from '../resource/schemas.js';
import { syncLatestInfo } from './purchase-sync.js';
import {
  answerPartsOf,
  MAX_ANSWER_PARTS,
  purchaseAnswerResource,
  purchaseComponentResource,
  splitPromise,
} from './purchaseParts.js';
import { orderTracking } from './purchaseTracking.js';

export const ORDER_MENU = 'Offsite.User.Order';
export const ACCEPTANCE_MENU = 'Offsite.User.Order.Acceptance';
export const OUTSOURCED_MENU = 'Offsite.Outsourced.Order';
export const ACCEPTANCE_CHANGE_MENU = 'Offsite.User.Order.Acceptance.Change';
/** The supplier's order delivery page (/delivery/addAsn): its shippable lines become a notice. */
export const ORDER_DELIVERY_MENU = 'Offsite.Delivery.OrderDelivery';
export const ORDER_MENUS = [ORDER_MENU, ACCEPTANCE_MENU, OUTSOURCED_MENU] as const;

/** Order type 2: a subcontract (outsourced) order. */
export const SUBCONTRACT = '2';

export const ANSWER = { toConfirm: '0', accepted: '1', refused: '2', changed: '3' } as const;
/** Answers still to be given: a line in one of them may be overdue. */
export const OPEN_ANSWERS = [ANSWER.toConfirm, ANSWER.changed];

/** A value the ERP sends and the portal only shows. */
const shown = (type: FieldDef['type'] = 'string'): FieldDef => ({ type, sortable: true });
/** A quantity the warehouse moves (read-only here). */
const moved: FieldDef = { type: 'decimal', scale: 5, sortable: true };

/**
 * What is wrong with a line's promise, if anything: a promised quantity above the ordered quantity, a
 * promised date before the order date. Saving an answer and accepting a line judge it alike: `problem`
 * (a guard's problem name) is the sentence a refused transition names, `fieldProblem` (a locale key)
 * what follows the field's label in a refused save.
 */
function promiseProblem(
  row: Row,
): { field: string; problem: string; fieldProblem: string; params: Record<string, string> } | null {
  const qty = row.promiseQty as string | null | undefined;
  if (qty != null && compareDecimals(qty, row.batchPurQty as string) > 0)
    return {
      field: 'promiseQty',
      problem: 'promiseQtyOver',
      fieldProblem: 'problem.overOrdered',
      params: { qty, ordered: String(row.batchPurQty) },
    };
  const date = row.promiseDate as string | null | undefined;
  if (date && date < String(row.purchaseDate))
    return {
      field: 'promiseDate',
      problem: 'promiseDateEarly',
      fieldProblem: 'problem.beforeOrderDate',
      params: { date: String(row.purchaseDate) },
    };
  return null;
}

/** The line's promise differs from the stored one (quantity compared as decimals). */
function promiseMoved(row: Row, current: Row): boolean {
  const a = row.promiseQty;
  const b = current.promiseQty;
  const sameQty =
    a == null || a === '' || b == null || b === ''
      ? (a ?? '') === (b ?? '')
      : compareDecimals(String(a), String(b)) === 0;
  return !sameQty || String(row.promiseDate ?? '') !== String(current.promiseDate ?? '');
}

/** An answer may be given when its promise is sound (an empty promise is filled on accept). */
const soundPromise: Guard = {
  name: 'soundPromise',
  problems: ['promiseQtyOver', 'promiseDateEarly'],
  fields: ['promiseQty', 'batchPurQty', 'promiseDate', 'purchaseDate'],
  async check(_ctx, rows) {
    return rows.flatMap((row) => {
      const found = promiseProblem(row);
      return found ? [{ id: row.id as string, problem: found.problem, params: found.params }] : [];
    });
  },
};

/** An answer is reopened only while nothing of the line is shipped or received. */
const notShipped: Guard = {
  name: 'notShipped',
  problems: ['lineShipped'],
  fields: ['deliveryStatus'],
  async check(_ctx, rows) {
    return rows
      .filter((row) => row.deliveryStatus !== '1')
      .map((row) => ({ id: row.id as string, problem: 'lineShipped' }));
  },
};

export const purchaseLineResource = defineResource({
  table: 'srmPurchase',
  menus: ORDER_MENUS,
  fields: {
    headId: shown(),
    purchaseNo: { type: 'string', keyword: true, sortable: true },
    orgNo: shown(),
    supplierNo: shown(),
    orderType: { type: 'string', sortable: true, dictionary: 'ORDER_TYPE' },
    purchaseSeq: shown('integer'),
    phaseSeq: shown('integer'),
    batchSeq: shown('integer'),
    itemNo: { type: 'string', keyword: true, sortable: true },
    itemName: { type: 'string', keyword: true, sortable: true },
    itemSpec: shown(),
    unitNo: shown(),
    warehouseNo: shown(),
    batchPurQty: moved,
    price: moved,
    taxRate: { type: 'decimal', scale: 4, sortable: true },
    amount: { type: 'decimal', scale: 2, sortable: true },
    taxAmount: { type: 'decimal', scale: 2, sortable: true },
    purchaseDate: shown('date'),
    expectArrivalDate: shown('date'),
    // The supplier's answer: what it promises, written while the line is to confirm or changed.
    promiseQty: { ...measure(), minimum: 0.00001 },
    promiseDate: { type: 'date', write: 'always', sortable: true },
    answerStatus: {
      type: 'string',
      enum: ['0', '1', '2', '3'],
      sortable: true,
      dictionary: 'ORDER_ANSWER_STATUS',
    },
    answerDate: shown('datetime'),
    // The day the answer is due (services/rules/order-answer.ts), written when the line arrives.
    answerDueDate: shown('date'),
    answerName: shown(),
    lastReason: shown(),
    externalId: shown(),
    deliveryQty: moved,
    receiveQty: moved,
    unDeliveryQty: moved,
    checkReturnQty: moved,
    returnExchangeQty: moved,
    deliveryStatus: { type: 'string', sortable: true, dictionary: 'ORDER_DELIVERY_STATUS' },
    receiptStatus: { type: 'string', sortable: true, dictionary: 'ORDER_RECEIPT_STATUS' },
  },
  // The purchase number, item code and name lower-cased, kept by the table for the list's indexes.
  keywordColumn: 'keywordText',
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    supplierNo: { field: 'supplierNo', op: 'eq' },
    purchaseNo: { field: 'purchaseNo', op: 'contains' },
    itemNo: { field: 'itemNo', op: 'contains' },
    orderType: { field: 'orderType', op: 'eq' },
    answerStatus: { field: 'answerStatus', op: 'eq' },
    deliveryStatus: { field: 'deliveryStatus', op: 'eq' },
    receiptStatus: { field: 'receiptStatus', op: 'eq' },
    purchaseDateFrom: { field: 'purchaseDate', op: 'gte' },
    purchaseDateTo: { field: 'purchaseDate', op: 'lte' },
    expectArrivalDateFrom: { field: 'expectArrivalDate', op: 'gte' },
    expectArrivalDateTo: { field: 'expectArrivalDate', op: 'lte' },
  },
  // The order states of spec 001 that are no single column's value, as the list's tabs name them.
  namedFilters: {
    // Still to be answered (to confirm or changed) and due before today.
    overdue: {
      where: (eb) =>
        eb.and([eb('t1.answerStatus', 'in', OPEN_ANSWERS), eb('t1.answerDueDate', '<', localToday())]),
    },
    // Accepted, and something is still the supplier's to ship (unDeliveryQty > 0, which is
    // deliveryStatus 1 or 2: goods on an open delivery notice are shipped).
    deliveryIncomplete: {
      where: (eb) => eb.and([eb('t1.answerStatus', '=', ANSWER.accepted), eb('t1.unDeliveryQty', '>', '0')]),
    },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  // The organisation and supplier answered with their names too (one subquery each on the page).
  references: {
    orgNo: ORG_NAMED,
    supplierNo: SUPPLIER_NAMED,
    unitNo: UNIT_NAMED,
    warehouseNo: WAREHOUSE_NAMED,
  },
  defaultSort: {
    field: 'purchaseDate',
    order: 'desc',
    thenBy: [
      { field: 'purchaseNo', order: 'asc' },
      { field: 'purchaseSeq', order: 'asc' },
    ],
  },
  // Saving an answer is the acceptance page's save.
  flags: { update: 'isSave' },
  // The parts of a split answer (purchaseParts.ts): written with the answer, in its transaction.
  lines: {
    answerList: {
      resource: purchaseAnswerResource,
      parentField: 'lineId',
      seqField: 'partSeq',
      maxRows: MAX_ANSWER_PARTS,
    },
  },
  hooks: {
    beforeSave: async (ctx, row, current, payload) => {
      // A split answer makes the line's promise: the parts' sum, by the last part's date.
      const split =
        payload && 'answerList' in payload
          ? splitPromise(ctx, row, Array.isArray(payload.answerList) ? (payload.answerList as Row[]) : [])
          : null;
      const found = promiseProblem({ ...row, ...split });
      if (found) throw invalid(ctx, found.field, found.fieldProblem, found.params);
      if (split) return split;
      // A single promise given over a split one replaces it: the parts go.
      if (current && !(payload && 'answerList' in payload) && promiseMoved(row, current))
        // hand-written SQL: the parts of the line are dropped with the promise they no longer make
        await ctx.db
          .deleteFrom('srmPurchaseAnswer')
          .where('lineId', '=', current.id as string)
          .execute();
    },
  },
  document: {
    kind: 'purchaseLine',
    label: 'document.purchaseLine',
    statusField: 'answerStatus',
    initial: ANSWER.toConfirm,
    nameFields: ['purchaseNo', 'purchaseSeq'],
    nameSequences: ['phaseSeq', 'batchSeq'],
    reasonField: 'lastReason',
    editableIn: [ANSWER.toConfirm, ANSWER.changed],
    // What the ERP hears of an answer (the outbox, services/integration/).
    eventFields: [
      'purchaseNo',
      'purchaseSeq',
      'phaseSeq',
      'batchSeq',
      'externalId',
      'promiseQty',
      'promiseDate',
    ],
    states: {
      '0': { label: 'enum.ORDER_ANSWER_STATUS.0', color: 'processing' },
      '1': { label: 'enum.ORDER_ANSWER_STATUS.1', color: 'success' },
      '2': { label: 'enum.ORDER_ANSWER_STATUS.2', color: 'error' },
      '3': { label: 'enum.ORDER_ANSWER_STATUS.3', color: 'warning' },
    },
    transitions: {
      accept: {
        method: 'acceptSrmPurchase',
        event: 'purchaseOrder.lineAccepted',
        from: [ANSWER.toConfirm, ANSWER.changed],
        to: ANSWER.accepted,
        flag: 'isSubmit',
        sides: ['supplier'],
        guards: [soundPromise],
        agree: ['orgNo'],
        // The ERP hears the parts of a split answer with the line's promise.
        eventExtra: async (ctx, rows) => {
          const parts = await answerPartsOf(
            ctx,
            rows.map((r) => r.id as string),
          );
          return (row) => ({ answerList: parts.get(row.id as string) ?? [] });
        },
        // Accepting without a promise of one's own is accepting as ordered.
        stamp: {
          answerDate: 'now',
          answerName: 'user',
          promiseQty: { ifEmpty: 'batchPurQty' },
          promiseDate: { ifEmpty: 'expectArrivalDate' },
        },
      },
      refuse: {
        method: 'refuseSrmPurchase',
        event: 'purchaseOrder.lineRefused',
        from: [ANSWER.toConfirm, ANSWER.changed],
        to: ANSWER.refused,
        flag: 'isSubmit',
        sides: ['supplier'],
        reason: 'required',
        agree: ['orgNo'],
        stamp: { answerDate: 'now', answerName: 'user' },
      },
      change: {
        method: 'changeSrmPurchase',
        event: 'purchaseOrder.answerReopened',
        from: [ANSWER.accepted, ANSWER.refused],
        to: ANSWER.changed,
        flag: 'isModify',
        sides: ['supplier'],
        reason: 'optional',
        guards: [notShipped],
        agree: ['orgNo'],
      },
    },
  },
});

/** The lines a supplier can ship now: accepted, with something still owed. */
const shippable = standardMethods(purchaseLineResource, {
  list: 'getShippableLinePage',
  listOptions: () => ({
    where: (q) => q.where('t1.answerStatus', '=', ANSWER.accepted).where('t1.unDeliveryQty', '>', '0'),
  }),
});

export const ISupSrmPurchaseService = defineService('ISupSrmPurchaseService', {
  ...standardMethods(purchaseLineResource, {
    list: 'getSrmPurchasePage',
    get: 'getSrmPurchaseById',
    update: 'saveSrmPurchaseAnswer',
  }),
  ...documentMethods(purchaseLineResource, {
    history: 'getSrmPurchaseHistory',
    define: 'getSrmPurchaseDefine',
  }),
  ...exportMethods(purchaseLineResource),
  // The spec's name of the line list's export.
  exportSrmPurchase: exportMethods(purchaseLineResource).exportexcel,
  // A split answer from the order line list's dialog: one line, at its version, with its parts (none:
  // the split is taken away and the line's own promise stays).
  saveSrmPurchaseSplit: defineMethod<{
    condition: { rows: { id: string; version: number }[]; answerList?: Row[] | null };
  }>({
    body: rowsBody({
      // One line at a time: the dialog edits the parts of the row chosen.
      rows: rowRefs(1),
      answerList: {
        type: ['array', 'null'],
        maxItems: MAX_ANSWER_PARTS,
        items: {
          type: 'object',
          properties: {
            promiseQty: { type: ['string', 'number', 'null'] },
            promiseDate: { type: ['string', 'null'], format: 'date' },
            remark: { type: ['string', 'null'], maxLength: MAX_REASON_LENGTH },
          },
        },
      },
    }),
    resource: purchaseLineResource,
    audit: 'write',
    access: { kind: 'menu', menus: [ORDER_MENU, ACCEPTANCE_MENU, ACCEPTANCE_CHANGE_MENU], flag: 'isModify' },
    handler: async (ctx, body) => {
      const { rows, answerList } = body.condition;
      if (sideOf(ctx) !== 'supplier')
        throw new AppError('transitionSide', {
          action: ctx.t('purchaseLine.split'),
          side: ctx.t('side.supplier'),
        });
      const [{ id, version }] = rows;
      const parts = (answerList ?? []).map((p) => ({
        promiseQty: p.promiseQty,
        promiseDate: p.promiseDate,
        remark: p.remark ?? null,
      }));
      const saved = await updateRecord(purchaseLineResource, ctx, { id, version, answerList: parts });
      return { id: saved.id, version: saved.version, count: 1 };
    },
  }),
  // The answer parts of one line (its split), for the line's detail and the extra-rows dialog.
  getSrmPurchaseAnswerList: linesListMethod(purchaseLineResource, 'answerList'),
  // The outsourced order query (Offsite.Outsourced.Order): subcontract lines only, whatever is searched.
  ...standardMethods(purchaseLineResource, {
    list: 'getOutsourcedOrderPage',
    listOptions: () => ({ where: (q) => q.where('t1.orderType', '=', SUBCONTRACT) }),
  }),
  // Order delivery (Offsite.Delivery.OrderDelivery, /delivery/addAsn): what the supplier can ship now,
  // accepted lines with something still owed, one order type at a time (the page's tabs); the chosen
  // lines become a notice through ISrmAsnHeadService/createSrmAsnFromLines.
  getShippableLinePage: {
    ...shippable.getShippableLinePage,
    access: { kind: 'menu', menus: [ORDER_DELIVERY_MENU], flag: 'isSearch' },
  },
  // The components of subcontract lines the ERP sent (Offsite.Outsourced.Order).
  ...standardMethods(purchaseComponentResource, { list: 'getSrmPurchaseComponentPage' }),
  // A line's path: ordered, answered (with its parts), date changes, shipped, received, rejected, returned.
  getSrmPurchaseTracking: defineMethod<{ condition: { id: string } }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: { type: 'string', format: 'uuid' } },
        },
      },
    },
    resource: purchaseLineResource,
    audit: 'read',
    access: { kind: 'menu', menus: ORDER_MENUS, flag: 'isSearch' },
    handler: (ctx, body) => orderTracking(ctx, purchaseLineResource, body.condition.id),
  }),
  syncLatestInfo: syncLatestInfo(ORDER_MENUS),
});
