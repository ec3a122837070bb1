// Date-change requests of purchase order lines (spec 000's Offsite.User.Order.Acceptance.DateChange page;
// `ISupSrmPurchaseDateChangeService`), as SAP Business Network and Oracle iSupplier handle a change
// request: the supplier asks for a new date on accepted lines, with a reason; the purchaser approves it
// (the line's promised date becomes the requested one, in the same transaction) or rejects it with a
// reason; the supplier may withdraw it while it is pending. A request is a document: 0 pending →
// 1 approved, 2 rejected or 3 withdrawn, each move with its history row and its outbox event.
// Asking, the approval's guard and its move of the line are shared with the answer change
// (purchaseLineRequests.ts): one pending request per line, of either kind.

import { MAX_REASON_LENGTH } from '../../engine/core/documents.js';
import { documentMethods, rowsBody } from '../document/methods.js';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { standardMethods } from '../resource/methods.js';
import type { Row } from '../resource/resource.js';
import { ACCEPTANCE_MENU, ORDER_MENU } from './ISupSrmPurchaseService.js';
import {
  currentDate,
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
  shown,
} from './purchaseLineRequests.js';

export const DATE_CHANGE_MENU = 'Offsite.User.Order.Acceptance.DateChange';

export const DATE_CHANGE = REQUEST_STATE;

/** The request's own action, on the order line list and as the first row of its history. */
export const REQUEST = { name: 'requestDateChange', labelKey: 'transition.requestDateChange' } as const;
/** The row an approved request writes in its line's history; the timeline names it by its key. */
export const LINE_DATE_CHANGED = { name: 'dateChange', labelKey: 'transition.dateChange' } as const;

/**
 * What is wrong with asking `newDate` for a line the caller holds (in scope, at its version, locked,
 * without a pending request, not split): the problem's locale key and its params.
 */
function lineProblem(line: Row, newDate: string): LineProblem | null {
  if (line.deliveryStatus === DELIVERED) return { problemKey: 'problem.lineDelivered' };
  if (newDate < String(line.purchaseDate))
    return { problemKey: 'problem.dateChangeBeforeOrder', params: { date: String(line.purchaseDate) } };
  if (newDate === currentDate(line))
    return { problemKey: 'problem.dateChangeSame', params: { date: newDate } };
  return null;
}

/**
 * A request is approved only while its line can still take the date: the answer is still accepted (the
 * supplier did not reopen it), something of it is still to deliver, and it is not answered in parts.
 */
const stillOpen = lineStillOpen({ notAccepted: 'dateChangeLineNotAccepted', split: 'dateChangeSplitLine' });

/**
 * Approving moves each line's promised date to the requested one, its version on and writes the line's
 * own history row (`<before> → <after>: <the supplier's reason>`).
 */
const moveLineDate = movePromise(
  {
    name: LINE_DATE_CHANGED.name,
    reason: (request) => `${request.oldDate} → ${request.newDate}: ${request.requestReason}`,
  },
  (request) => ({ promiseDate: String(request.newDate) }),
);

export const dateChangeResource = defineResource({
  table: 'srmPurchaseDateChange',
  menus: [DATE_CHANGE_MENU],
  fields: requestFields({ oldDate: shown('date'), newDate: shown('date') }, 'DATE_CHANGE_STATUS'),
  ...REQUEST_LIST,
  document: requestDocument({
    methods: { approve: 'approveDateChange', reject: 'rejectDateChange', withdraw: 'withdrawDateChange' },
    event: 'purchaseOrder.dateChange',
    kind: 'purchaseDateChange',
    dictionary: 'DATE_CHANGE_STATUS',
    eventFields: [
      'purchaseNo',
      'purchaseSeq',
      'itemNo',
      'lineId',
      'oldDate',
      'newDate',
      'requestReason',
      'decideReason',
    ],
    stillOpen,
    move: moveLineDate,
  }),
});

export interface DateChangeRequest extends LineRequest {
  newDate?: string | null;
}

/**
 * Requests `newDate` for each line (the shared rules in purchaseLineRequests.ts), when the date is given,
 * the line still has something to deliver, and the date is not before the order date nor the line's
 * current date.
 */
export function requestDateChange(ctx: CallContext, request: DateChangeRequest) {
  const newDate = request.newDate ?? '';
  return requestOnLines(
    ctx,
    {
      resource: dateChangeResource,
      action: REQUEST,
      event: 'purchaseOrder.dateChangeRequested',
      splitProblemKey: 'problem.dateChangeSplitLine',
      check: () => {
        if (!newDate)
          throw new AppError('invalidValue', {
            field: ctx.t('field.newDate'),
            problem: ctx.t('problem.required'),
          });
      },
      problem: (line) => lineProblem(line, newDate),
      values: (line) => ({ oldDate: currentDate(line), newDate }),
    },
    request,
  );
}

export const ISupSrmPurchaseDateChangeService = defineService('ISupSrmPurchaseDateChangeService', {
  ...standardMethods(dateChangeResource, {
    list: 'getSrmPurchaseDateChangePage',
    get: 'getSrmPurchaseDateChangeById',
  }),
  ...documentMethods(dateChangeResource, {
    history: 'getSrmPurchaseDateChangeHistory',
    define: 'getSrmPurchaseDateChangeDefine',
  }),
  ...exportMethods(dateChangeResource),
  // The supplier asks from the order line list (and its acceptance pages) as well as from this page.
  [REQUEST.name]: defineMethod<{ condition: DateChangeRequest }>({
    body: rowsBody({
      newDate: { type: ['string', 'null'], format: 'date' },
      reason: { type: ['string', 'null'], maxLength: MAX_REASON_LENGTH },
    }),
    resource: dateChangeResource,
    audit: 'write',
    access: { kind: 'menu', menus: [ORDER_MENU, ACCEPTANCE_MENU, DATE_CHANGE_MENU], flag: 'isSubmit' },
    handler: (ctx, body) => requestDateChange(ctx, body.condition),
  }),
});
