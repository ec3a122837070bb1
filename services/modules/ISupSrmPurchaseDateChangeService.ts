// Date-change requests of purchase order lines (spec 000's Offsite.User.Order.Acceptance.DateChange page;
// `ISupSrmPurchaseDateChangeService`), as SAP Business Network and Oracle iSupplier handle a change
// request: the supplier asks for a new date on accepted lines, with a reason; the purchaser approves it
// (the line's promised date becomes the requested one, in the same transaction) or rejects it with a
// reason; the supplier may withdraw it while it is pending. A request is a document: 0 pending →
// 1 approved, 2 rejected or 3 withdrawn, each move with its history row and its outbox event.
// hand-written SQL: approving a request moves the line's promised date, which the line's own update refuses once the line is answered (editableIn), a request is made from the lines read under lock, and a line answered in parts (its own table) takes no new date

import { MAX_REASON_LENGTH, MAX_TRANSITION_ROWS } from '../../engine/core/documents.js';
import type { Effect, Guard } from '../document/define.js';
import { docNoOf, stateLabel } from '../document/lifecycle.js';
import { documentMethods, rowsBody } from '../document/methods.js';
import { sideOf, writeEvents, writeHistory } from '../document/transition.js';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { defineResource, type FieldDef } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { ORG_NAMED, SUPPLIER_NAMED } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { add, auditName, getMany, inTransaction, list, type Row } from '../resource/resource.js';
import { ACCEPTANCE_MENU, ANSWER, ORDER_MENU, purchaseLineResource } from './ISupSrmPurchaseService.js';

export const DATE_CHANGE_MENU = 'Offsite.User.Order.Acceptance.DateChange';

export const DATE_CHANGE = { pending: '0', approved: '1', rejected: '2', withdrawn: '3' } as const;

/** The request's own action, on the order line list and as the first row of its history. */
export const REQUEST = { name: 'requestDateChange', labelKey: 'transition.requestDateChange' } as const;
/** The row an approved request writes in its line's history; the timeline names it by its key. */
export const LINE_DATE_CHANGED = { name: 'dateChange', labelKey: 'transition.dateChange' } as const;

const DELIVERED = '3';

/** A value copied from the line or set by the server: shown, never written by a client. */
const shown = (type: FieldDef['type'] = 'string', keyword = false): FieldDef => ({
  type,
  sortable: true,
  ...(keyword ? { keyword } : {}),
});

/** The line's date a request starts from: its promise, or the date the buyer wants it when none. */
const currentDate = (line: Row) => String(line.promiseDate ?? line.expectArrivalDate);

/**
 * What is wrong with asking `newDate` for a line the caller holds (in scope, at its version, locked),
 * before any other request is looked at: the problem's locale key and its params.
 */
function lineProblem(
  line: Row,
  newDate: string,
): { problemKey: string; params?: Record<string, string> } | null {
  if (line.deliveryStatus === DELIVERED) return { problemKey: 'problem.lineDelivered' };
  if (newDate < String(line.purchaseDate))
    return { problemKey: 'problem.dateChangeBeforeOrder', params: { date: String(line.purchaseDate) } };
  if (newDate === currentDate(line))
    return { problemKey: 'problem.dateChangeSame', params: { date: newDate } };
  return null;
}

/**
 * The lines among `ids` answered in parts (a split answer, purchaseParts.ts): each part has a date of
 * its own, so one new date for the line would leave the parts' dates saying otherwise; the supplier
 * reopens the answer and moves the parts' dates in the split instead.
 */
async function splitLines(ctx: CallContext, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const parts = await ctx.db
    .selectFrom('srmPurchaseAnswer')
    .select('lineId')
    .where('lineId', 'in', ids)
    .execute();
  return new Set(parts.map((p) => p.lineId));
}

/**
 * The lines of a batch of requests as stored now, locked until the transaction ends (the line's answer
 * or promise cannot move under a decision), read through the caller's scope.
 */
async function linesOf(ctx: CallContext, rows: Row[]): Promise<Map<string, Row>> {
  const ids = [...new Set(rows.map((r) => r.lineId as string))];
  const lines = await getMany(purchaseLineResource, ctx, ids, { lock: true, stored: true });
  return new Map(lines.map((l) => [l.id as string, l]));
}

/**
 * A request is approved only while its line can still take the date: the answer is still accepted (the
 * supplier did not reopen it) and something of it is still to deliver.
 */
const lineStillOpen: Guard = {
  name: 'lineStillOpen',
  problems: ['dateChangeLineNotAccepted', 'lineDelivered', 'dateChangeSplitLine'],
  async check(ctx, rows) {
    const lines = await linesOf(ctx, rows);
    const split = await splitLines(ctx, [...lines.keys()]);
    return rows.flatMap((row) => {
      const line = lines.get(row.lineId as string);
      if (!line || line.answerStatus !== ANSWER.accepted)
        return [{ id: row.id as string, problem: 'dateChangeLineNotAccepted' }];
      if (line.deliveryStatus === DELIVERED) return [{ id: row.id as string, problem: 'lineDelivered' }];
      if (split.has(line.id as string)) return [{ id: row.id as string, problem: 'dateChangeSplitLine' }];
      return [];
    });
  },
};

/**
 * Approving moves each line's promised date to the requested one and its version on (an answer saved
 * from a page read before is then stale and refused), and writes the line's own history row, so the
 * order line's timeline tells the change with the supplier's reason.
 */
const moveLineDate: Effect = async (ctx, rows) => {
  const now = new Date();
  for (const row of rows)
    await ctx.db
      .updateTable('srmPurchase')
      .set((eb) => ({
        promiseDate: String(row.newDate),
        version: eb('version', '+', 1),
        updateName: auditName(ctx),
        updateDate: now,
      }))
      .where('id', '=', row.lineId as string)
      .execute();
  const lines = await linesOf(ctx, rows);
  const byLine = new Map(rows.map((r) => [r.lineId as string, r]));
  await writeHistory(
    ctx,
    purchaseLineResource.document!,
    [...lines.values()],
    {
      name: LINE_DATE_CHANGED.name,
      to: ANSWER.accepted,
      from: (line) => String(line.answerStatus),
      // Language-neutral: the dates as stored and the supplier's own words.
      reason: (line) => {
        const request = byLine.get(line.id as string)!;
        return `${request.oldDate} → ${request.newDate}: ${request.requestReason}`;
      },
    },
    now,
  );
};

export const dateChangeResource = defineResource({
  table: 'srmPurchaseDateChange',
  menus: [DATE_CHANGE_MENU],
  fields: {
    lineId: { ...shown(), format: 'uuid' },
    headId: shown(),
    purchaseNo: shown('string', true),
    purchaseSeq: shown('integer'),
    itemNo: shown('string', true),
    orgNo: shown(),
    supplierNo: shown(),
    oldDate: shown('date'),
    newDate: shown('date'),
    requestReason: shown('string', true),
    status: { type: 'string', sortable: true, dictionary: 'DATE_CHANGE_STATUS' },
    decideReason: shown(),
    requestName: shown(),
    requestDate: shown('datetime'),
    decideName: shown(),
    decideDate: shown('datetime'),
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    supplierNo: { field: 'supplierNo', op: 'eq' },
    status: { field: 'status', op: 'eq' },
    purchaseNo: { field: 'purchaseNo', op: 'contains' },
    itemNo: { field: 'itemNo', op: 'contains' },
    lineId: { field: 'lineId', op: 'eq' },
    requestDateFrom: { field: 'requestDate', op: 'gte' },
    requestDateTo: { field: 'requestDate', op: 'lte' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  // The organisation and supplier answered with their names too (one subquery each on the page).
  references: { orgNo: ORG_NAMED, supplierNo: SUPPLIER_NAMED },
  defaultSort: {
    field: 'requestDate',
    order: 'desc',
    thenBy: [
      { field: 'purchaseNo', order: 'asc' },
      { field: 'purchaseSeq', order: 'asc' },
    ],
  },
  document: {
    kind: 'purchaseDateChange',
    label: 'document.purchaseDateChange',
    statusField: 'status',
    initial: DATE_CHANGE.pending,
    nameFields: ['purchaseNo', 'purchaseSeq'],
    reasonField: 'decideReason',
    // Nothing of a request is changed after it is made: only its transitions move it.
    editableIn: [],
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
    states: {
      '0': { label: 'enum.DATE_CHANGE_STATUS.0', color: 'processing' },
      '1': { label: 'enum.DATE_CHANGE_STATUS.1', color: 'success' },
      '2': { label: 'enum.DATE_CHANGE_STATUS.2', color: 'error' },
      '3': { label: 'enum.DATE_CHANGE_STATUS.3', color: 'default' },
    },
    transitions: {
      approve: {
        method: 'approveDateChange',
        event: 'purchaseOrder.dateChangeApproved',
        from: [DATE_CHANGE.pending],
        to: DATE_CHANGE.approved,
        flag: 'isCheck',
        sides: ['purchaser'],
        reason: 'optional',
        guards: [lineStillOpen],
        stamp: { decideDate: 'now', decideName: 'user' },
        effects: [moveLineDate],
      },
      reject: {
        method: 'rejectDateChange',
        event: 'purchaseOrder.dateChangeRejected',
        from: [DATE_CHANGE.pending],
        to: DATE_CHANGE.rejected,
        flag: 'isCheck',
        sides: ['purchaser'],
        reason: 'required',
        stamp: { decideDate: 'now', decideName: 'user' },
      },
      withdraw: {
        method: 'withdrawDateChange',
        event: 'purchaseOrder.dateChangeWithdrawn',
        from: [DATE_CHANGE.pending],
        to: DATE_CHANGE.withdrawn,
        flag: 'isModify',
        sides: ['supplier'],
        stamp: { decideDate: 'now', decideName: 'user' },
      },
    },
  },
});

const doc = dateChangeResource.document!;
const lineDoc = purchaseLineResource.document!;

export interface DateChangeRequest {
  /** The order lines, each at the version the supplier read. */
  rows: { id: string; version: number }[];
  newDate?: string | null;
  reason?: string | null;
}

/** A refused line of a batch request, as the transitions name them. */
interface Refused {
  id: string;
  docNo: string;
  error: AppError;
}

/**
 * Requests `newDate` for each line, all or nothing: the caller is a supplier's user, the reason is
 * given, every line is in its scope at the version it read, accepted, not fully delivered, without a
 * pending request, and the date is not before the order date nor the line's current date; the lines
 * share one organisation. Then one pending request per line, its history row and its event.
 */
export async function requestDateChange(ctx: CallContext, request: DateChangeRequest) {
  const action = ctx.t(REQUEST.labelKey);
  if (sideOf(ctx) !== 'supplier')
    throw new AppError('transitionSide', { action, side: ctx.t('side.supplier') });
  const reason = request.reason?.trim() ?? '';
  if (!reason) throw new AppError('reasonRequired', { action });
  const newDate = request.newDate ?? '';
  if (!newDate)
    throw new AppError('invalidValue', { field: ctx.t('field.newDate'), problem: ctx.t('problem.required') });

  const wanted = new Map(request.rows.map((r) => [r.id, r.version]));
  const ids = [...wanted.keys()];
  return inTransaction(ctx, async (tx) => {
    const lines = await getMany(purchaseLineResource, tx, ids, { lock: true, stored: true });
    const found = new Map(lines.map((l) => [l.id as string, l]));
    if (new Set(lines.map((l) => String(l.orgNo))).size > 1)
      throw new AppError('batchMixed', { field: ctx.t('field.orgNo') });
    const pending = await list(
      dateChangeResource,
      tx,
      { size: MAX_TRANSITION_ROWS, condition: { status: DATE_CHANGE.pending, in: { lineId: ids } } },
      { fields: ['id', 'lineId'] },
    );
    const open = new Set(pending.records.map((r) => r.lineId as string));
    const split = await splitLines(tx, ids);

    const refused: Refused[] = [];
    for (const id of ids) {
      const line = found.get(id);
      const refuse = (error: AppError) =>
        refused.push({ id, docNo: line ? docNoOf(lineDoc, line) : id, error });
      if (!line) {
        refuse(new AppError('notFound'));
        continue;
      }
      const docNo = docNoOf(lineDoc, line);
      if (line.answerStatus !== ANSWER.accepted) {
        refuse(
          new AppError('transitionState', {
            action,
            doc: docNo,
            state: stateLabel(ctx.t, lineDoc, String(line.answerStatus)),
          }),
        );
        continue;
      }
      if (line.version !== wanted.get(id)) {
        refuse(new AppError('staleVersion'));
        continue;
      }
      const problem = open.has(id)
        ? { problemKey: 'problem.dateChangePending' }
        : split.has(id)
          ? { problemKey: 'problem.dateChangeSplitLine' }
          : lineProblem(line, newDate);
      if (problem)
        refuse(
          new AppError('guardRefused', {
            action,
            doc: docNo,
            problem: ctx.t(problem.problemKey, problem.params),
          }),
        );
    }
    if (refused.length) {
      if (ids.length === 1) throw refused[0].error;
      throw new AppError(
        'transitionRefused',
        { action, count: refused.length, total: ids.length },
        {
          refused: refused.map((r) => ({
            id: r.id,
            docNo: r.docNo,
            message: ctx.t(`error.${r.error.code}`, r.error.params),
          })),
        },
      );
    }

    const now = new Date();
    const made: Row[] = [];
    for (const id of ids) {
      const line = found.get(id)!;
      made.push(
        await add(
          dateChangeResource,
          tx,
          {},
          {
            lineId: line.id,
            headId: line.headId,
            purchaseNo: line.purchaseNo,
            purchaseSeq: line.purchaseSeq,
            itemNo: line.itemNo,
            orgNo: line.orgNo,
            supplierNo: line.supplierNo,
            oldDate: currentDate(line),
            newDate,
            requestReason: reason,
            requestName: auditName(ctx),
            requestDate: now,
          },
        ),
      );
    }
    const move = { name: REQUEST.name, to: DATE_CHANGE.pending, reason, from: () => null };
    await writeHistory(tx, doc, made, move, now);
    await writeEvents(dateChangeResource, tx, made, { ...move, event: 'purchaseOrder.dateChangeRequested' });
    return {
      count: made.length,
      rows: made.map((r) => ({
        id: r.id as string,
        version: r.version as number,
        status: r.status as string,
      })),
    };
  });
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
