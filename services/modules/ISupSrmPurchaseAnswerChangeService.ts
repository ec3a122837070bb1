// Answer change requests of purchase order lines (the spec's Offsite.User.Order.Acceptance.Change page;
// `ISupSrmPurchaseAnswerChangeService`), as SupplyOn and Oracle iSupplier handle "accepted with changes":
// once the supplier has accepted a line, it asks to change its promise, the promised quantity and/or the
// promised date of that one line, with a reason; the purchaser approves (the line's promiseQty and
// promiseDate become the requested ones in the same transaction, its version moves on and its history
// gets an `answerChange` row) or rejects it with a reason (the line keeps its promise); the supplier may
// withdraw it while it is pending. A request is a document: 0 pending → 1 approved, 2 rejected or
// 3 withdrawn, each move with its history row and its outbox event. Before anything ships the supplier may
// still reopen its own answer (`changeSrmPurchase`); this request works at any time, also once shipping
// has started, and needs the buyer.
//
// Asking (`requestAnswerChange {rows: [one {id, version}], promiseQty, promiseDate, reason}`, isSubmit,
// supplier side only) is refused, naming the line, when:
// - the reason is missing (10143), the quantity or the date is missing or the quantity is no decimal
//   above 0 with at most 5 decimals (10017);
// - the line is not in the caller's scope (10008), was changed since it was read (10007) or its answer
//   is not accepted (10140);
// - a request of this line is pending, an answer change or a date change (one pending change of a
//   promise at a time), or the line is answered in parts (each part has its own quantity and date: the
//   supplier reopens the answer and moves the parts instead), or nothing of it is left to deliver (10146);
// - the quantity is above the ordered one, below what is already shipped or received (deliveryQty +
//   receiveQty − returnExchangeQty), the date is before the order date, or neither differs from the
//   line's promise (quantities compared as decimals) (10146).
// Approving (isCheck, purchaser, reason optional) re-checks the line: still accepted, something still to
// deliver, not answered in parts, the quantity still not below what is shipped (10146: reject it instead).
// Rejecting (isCheck, purchaser) needs a reason; withdrawing (isModify) is the supplier's.

import { checkDecimal, compareDecimals, sumDecimals } from '../../engine/core/decimal.js';
import { MAX_REASON_LENGTH } from '../../engine/core/documents.js';
import { documentMethods, rowsBody } from '../document/methods.js';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { decimalLimits, decimalProblem } from '../resource/decimals.js';
import { defineResource, type FieldDef } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { standardMethods } from '../resource/methods.js';
import type { Row } from '../resource/resource.js';
import { rowRefs } from '../resource/schemas.js';
import { ACCEPTANCE_CHANGE_MENU, ACCEPTANCE_MENU, ORDER_MENU } from './ISupSrmPurchaseService.js';
import {
  currentDate,
  currentQty,
  DELIVERED,
  type LineProblem,
  type LineRequest,
  lineStillOpen,
  movePromise,
  REQUEST_LIST,
  REQUEST_STATE,
  requestDocument,
  requestFields,
  requestOnLines,
  shippedQty,
  shown,
} from './purchaseLineRequests.js';

export const ANSWER_CHANGE_MENU = ACCEPTANCE_CHANGE_MENU;

export const ANSWER_CHANGE = REQUEST_STATE;

/** The request's own action, on the order line list and as the first row of its history. */
export const REQUEST_ANSWER_CHANGE = {
  name: 'requestAnswerChange',
  labelKey: 'transition.requestAnswerChange',
} as const;
/** The row an approved request writes in its line's history; the timeline names it by its key. */
export const LINE_ANSWER_CHANGED = { name: 'answerChange', labelKey: 'transition.answerChange' } as const;

const quantity: FieldDef = { type: 'decimal', scale: 5, sortable: true };

/**
 * What is wrong with asking `qty` on `date` for a line the caller holds (in scope, at its version,
 * locked, accepted, without a pending request, not split): the problem's locale key and its params.
 */
function lineProblem(line: Row, qty: string, date: string): LineProblem | null {
  if (line.deliveryStatus === DELIVERED) return { problemKey: 'problem.lineDelivered' };
  const ordered = sumDecimals([line.batchPurQty]);
  if (compareDecimals(qty, ordered) > 0)
    return { problemKey: 'problem.promiseQtyOver', params: { qty, ordered } };
  const shipped = shippedQty(line);
  if (compareDecimals(qty, shipped) < 0)
    return { problemKey: 'problem.answerChangeBelowShipped', params: { qty, shipped } };
  if (date < String(line.purchaseDate))
    return { problemKey: 'problem.promiseDateEarly', params: { date: String(line.purchaseDate) } };
  if (compareDecimals(qty, currentQty(line)) === 0 && date === currentDate(line))
    return { problemKey: 'problem.answerChangeSame', params: { qty, date } };
  return null;
}

/**
 * A request is approved only while its line can take the promise: still accepted, something still to
 * deliver, not answered in parts, and the quantity still covers what has been shipped or received since.
 */
const stillOpen = lineStillOpen({
  notAccepted: 'lineNoLongerAccepted',
  split: 'answerChangeSplitLine',
  own: {
    problems: ['answerChangeBelowShipped'],
    check: (request, line) => {
      const qty = sumDecimals([request.newQty]);
      const shipped = shippedQty(line);
      return compareDecimals(qty, shipped) < 0
        ? { problem: 'answerChangeBelowShipped', params: { qty, shipped } }
        : null;
    },
  },
});

/**
 * Approving moves the line's promised quantity and date to the requested ones, its version on, and
 * writes the line's own history row (`<qty before> → <qty after>, <date before> → <date after>: <the
 * supplier's reason>`, language-neutral: the values as stored and the supplier's own words).
 */
const moveLinePromise = movePromise(
  {
    name: LINE_ANSWER_CHANGED.name,
    reason: (r) =>
      `${sumDecimals([r.oldQty])} → ${sumDecimals([r.newQty])}, ${r.oldDate} → ${r.newDate}: ${r.requestReason}`,
  },
  (request) => ({ promiseQty: sumDecimals([request.newQty]), promiseDate: String(request.newDate) }),
);

export const answerChangeResource = defineResource({
  table: 'srmPurchaseAnswerChange',
  menus: [ANSWER_CHANGE_MENU],
  fields: requestFields(
    {
      oldQty: quantity,
      newQty: quantity,
      oldDate: shown('date'),
      newDate: shown('date'),
    },
    'ANSWER_CHANGE_STATUS',
  ),
  ...REQUEST_LIST,
  document: requestDocument({
    methods: {
      approve: 'approveAnswerChange',
      reject: 'rejectAnswerChange',
      withdraw: 'withdrawAnswerChange',
    },
    event: 'purchaseOrder.answerChange',
    kind: 'purchaseAnswerChange',
    dictionary: 'ANSWER_CHANGE_STATUS',
    eventFields: [
      'purchaseNo',
      'purchaseSeq',
      'itemNo',
      'lineId',
      'oldQty',
      'newQty',
      'oldDate',
      'newDate',
      'requestReason',
      'decideReason',
    ],
    stillOpen,
    move: moveLinePromise,
  }),
});

export interface AnswerChangeRequest extends LineRequest {
  promiseQty?: string | number | null;
  promiseDate?: string | null;
}

/** The request's quantity as canonical decimal text, refused (10017) when missing, malformed or not above 0. */
function requestedQty(ctx: CallContext, value: AnswerChangeRequest['promiseQty']): string {
  const refuse = (problem: string) =>
    new AppError('invalidValue', { field: ctx.t('field.promiseQty'), problem });
  if (value === null || value === undefined || value === '') throw refuse(ctx.t('problem.required'));
  const checked = checkDecimal(value, { ...decimalLimits(quantity), minimum: undefined });
  if (checked.refusal) throw refuse(decimalProblem(ctx.t, checked.refusal));
  if (compareDecimals(checked.value, '0') <= 0) throw refuse(ctx.t('problem.positive'));
  return checked.value;
}

/** Requests a new promise for one accepted line (the shared rules in purchaseLineRequests.ts, and the above). */
export function requestAnswerChange(ctx: CallContext, request: AnswerChangeRequest) {
  let newQty = '';
  const newDate = request.promiseDate ?? '';
  return requestOnLines(
    ctx,
    {
      resource: answerChangeResource,
      action: REQUEST_ANSWER_CHANGE,
      event: 'purchaseOrder.answerChangeRequested',
      splitProblemKey: 'problem.answerChangeSplitLine',
      check: () => {
        newQty = requestedQty(ctx, request.promiseQty);
        if (!newDate)
          throw new AppError('invalidValue', {
            field: ctx.t('field.promiseDate'),
            problem: ctx.t('problem.required'),
          });
      },
      problem: (line) => lineProblem(line, newQty, newDate),
      values: (line) => ({
        oldQty: currentQty(line),
        newQty,
        oldDate: currentDate(line),
        newDate,
      }),
    },
    request,
  );
}

export const ISupSrmPurchaseAnswerChangeService = defineService('ISupSrmPurchaseAnswerChangeService', {
  ...standardMethods(answerChangeResource, {
    list: 'getSrmPurchaseAnswerChangePage',
    get: 'getSrmPurchaseAnswerChangeById',
  }),
  ...documentMethods(answerChangeResource, {
    history: 'getSrmPurchaseAnswerChangeHistory',
    define: 'getSrmPurchaseAnswerChangeDefine',
  }),
  ...exportMethods(answerChangeResource),
  // The supplier asks from the order line list (and its acceptance page) as well as from this page.
  [REQUEST_ANSWER_CHANGE.name]: defineMethod<{ condition: AnswerChangeRequest }>({
    body: rowsBody({
      // One line at a time: a new promise is asked of the line chosen.
      rows: rowRefs(1),
      promiseQty: { type: ['string', 'number', 'null'], maxLength: 40 },
      promiseDate: { type: ['string', 'null'], format: 'date' },
      reason: { type: ['string', 'null'], maxLength: MAX_REASON_LENGTH },
    }),
    resource: answerChangeResource,
    audit: 'write',
    access: {
      kind: 'menu',
      menus: [ORDER_MENU, ACCEPTANCE_MENU, ANSWER_CHANGE_MENU],
      flag: 'isSubmit',
    },
    handler: (ctx, body) => requestAnswerChange(ctx, body.condition),
  }),
});
