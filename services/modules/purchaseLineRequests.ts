// What the change requests of accepted order lines share (the date change, ISupSrmPurchaseDateChangeService,
// and the answer change, ISupSrmPurchaseAnswerChangeService): asking, all or nothing, on lines read through
// the caller's scope and locked, with every refused line named as a transition names it; one pending
// request per line whatever its kind (two pending changes of one promise would each be decided against a
// promise the other moves); no request on a line answered in parts; and the approval's move of the line's
// promise with its version and its own history row. Each kind adds only its values and its own rules.
// hand-written SQL: the pending requests of both kinds and the parts of a split answer are read by line id (the lines were read through the caller's scope first), and an approval moves the line's promise, which the line's own update refuses once it is answered (editableIn)

import { addDecimals, subtractDecimals, sumDecimals } from '../../engine/core/decimal.js';
import type { DocumentSpec, Effect, Guard, GuardRefusal } from '../document/define.js';
import { docNoOf, stateLabel } from '../document/lifecycle.js';
import { sideOf, type TransitionResult, writeEvents, writeHistory } from '../document/transition.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import type { FieldDef, ResourceDef } from '../resource/define.js';
import { ORG_NAMED, SUPPLIER_NAMED } from '../resource/field-kinds.js';
import { add, auditName, getMany, inTransaction, type Row } from '../resource/resource.js';
import { ANSWER, purchaseLineResource } from './ISupSrmPurchaseService.js';

/** A value copied from the line or set by the server: shown, never written by a client. */
export const shown = (type: FieldDef['type'] = 'string', keyword = false): FieldDef => ({
  type,
  sortable: true,
  ...(keyword ? { keyword } : {}),
});

/**
 * A request resource's fields around its kind's own values (`values`: the promise before and the one
 * asked for): the line it is about, then the reasons, the status and who asked and decided when.
 */
export function requestFields(values: Record<string, FieldDef>, statusDictionary: string) {
  return {
    lineId: { ...shown(), format: 'uuid' },
    headId: shown(),
    purchaseNo: shown('string', true),
    purchaseSeq: shown('integer'),
    phaseSeq: shown('integer'),
    batchSeq: shown('integer'),
    itemNo: shown('string', true),
    orgNo: shown(),
    supplierNo: shown(),
    ...values,
    requestReason: shown('string', true),
    status: { type: 'string', sortable: true, dictionary: statusDictionary },
    decideReason: shown(),
    requestName: shown(),
    requestDate: shown('datetime'),
    decideName: shown(),
    decideDate: shown('datetime'),
  } satisfies Record<string, FieldDef>;
}

/** A request list's searches, scope, names and order, the same for every kind. */
export const REQUEST_LIST = {
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
} satisfies Partial<ResourceDef>;

/** A request's states, the same codes in every kind. */
export const REQUEST_STATE = { pending: '0', approved: '1', rejected: '2', withdrawn: '3' } as const;
/** A request's state while the purchaser has not decided it. */
export const PENDING = REQUEST_STATE.pending;

/**
 * The document of a request kind, the same states and moves for every kind: 0 pending → 1 approved (the
 * purchaser, isCheck, reason optional, once `stillOpen` agrees, and `move` moves the line), 2 rejected
 * (the purchaser, reason required) or 3 withdrawn (the supplier, isModify). The methods are the kind's
 * own; the events are named after `event` (`purchaseOrder.dateChange` makes `...Approved`, `...Rejected`,
 * `...Withdrawn`), its states' labels come from its status dictionary, and nothing of a request changes
 * after it is made but its state.
 */
export function requestDocument(o: {
  methods: { approve: string; reject: string; withdraw: string };
  event: string;
  kind: string;
  dictionary: string;
  eventFields: string[];
  stillOpen: Guard;
  move: Effect;
}): DocumentSpec {
  const { event } = o;
  const decided = { decideDate: 'now', decideName: 'user' } as const;
  return {
    kind: o.kind,
    label: `document.${o.kind}`,
    statusField: 'status',
    initial: REQUEST_STATE.pending,
    nameFields: ['purchaseNo', 'purchaseSeq'],
    nameSequences: ['phaseSeq', 'batchSeq'],
    reasonField: 'decideReason',
    editableIn: [],
    // What the ERP hears of a request and its decision (the outbox, services/integration/).
    eventFields: o.eventFields,
    states: {
      '0': { label: `enum.${o.dictionary}.0`, color: 'processing' },
      '1': { label: `enum.${o.dictionary}.1`, color: 'success' },
      '2': { label: `enum.${o.dictionary}.2`, color: 'error' },
      '3': { label: `enum.${o.dictionary}.3`, color: 'default' },
    },
    transitions: {
      approve: {
        method: o.methods.approve,
        event: `${event}Approved`,
        from: [REQUEST_STATE.pending],
        to: REQUEST_STATE.approved,
        flag: 'isCheck',
        sides: ['purchaser'],
        reason: 'optional',
        guards: [o.stillOpen],
        stamp: decided,
        effects: [o.move],
      },
      reject: {
        method: o.methods.reject,
        event: `${event}Rejected`,
        from: [REQUEST_STATE.pending],
        to: REQUEST_STATE.rejected,
        flag: 'isCheck',
        sides: ['purchaser'],
        reason: 'required',
        stamp: decided,
      },
      withdraw: {
        method: o.methods.withdraw,
        event: `${event}Withdrawn`,
        from: [REQUEST_STATE.pending],
        to: REQUEST_STATE.withdrawn,
        flag: 'isModify',
        sides: ['supplier'],
        stamp: decided,
      },
    },
  };
}

/** A line with nothing left to deliver (`deliveryStatus`). */
export const DELIVERED = '3';

/**
 * The request tables of accepted lines and what a pending one of each tells the supplier: a line takes
 * a new request of any kind only when none is pending.
 */
const REQUEST_KINDS = [
  { table: 'srmPurchaseDateChange', problemKey: 'problem.dateChangePending' },
  { table: 'srmPurchaseAnswerChange', problemKey: 'problem.answerChangePending' },
] as const;

/** Why one line cannot take a request: a locale key under `problem.` (with the prefix) and its params. */
export interface LineProblem {
  problemKey: string;
  params?: Record<string, string>;
}

const lineDoc = purchaseLineResource.document!;

/** The date a line's promise names: its promised date, or the date the buyer wants it when none. */
export const currentDate = (line: Row) => String(line.promiseDate ?? line.expectArrivalDate);

/** The quantity a line's promise names: its promised quantity, or the ordered one when none. */
export const currentQty = (line: Row) => sumDecimals([line.promiseQty ?? line.batchPurQty]);

/** What of the line has left the supplier: on open notices or received, less what came back for exchange. */
export const shippedQty = (line: Row) =>
  subtractDecimals(
    addDecimals(String(line.deliveryQty ?? '0'), String(line.receiveQty ?? '0')),
    String(line.returnExchangeQty ?? '0'),
  );

/**
 * The lines among `ids` answered in parts (a split answer, purchaseParts.ts): each part has a quantity
 * and a date of its own, so one new promise for the line would leave the parts saying otherwise; the
 * supplier reopens the answer and moves the parts in the split instead.
 */
export async function splitLines(ctx: CallContext, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const parts = await ctx.db
    .selectFrom('srmPurchaseAnswer')
    .select('lineId')
    .where('lineId', 'in', ids)
    .execute();
  return new Set(parts.map((p) => p.lineId));
}

/** The lines among `ids` with a pending request of any kind, and the problem that names it. */
async function pendingRequests(ctx: CallContext, ids: string[]): Promise<Map<string, string>> {
  const pending = new Map<string, string>();
  if (!ids.length) return pending;
  for (const kind of REQUEST_KINDS) {
    const rows = await ctx.db
      .selectFrom(kind.table)
      .select('lineId')
      .where('lineId', 'in', ids)
      .where('status', '=', PENDING)
      .execute();
    for (const r of rows) if (!pending.has(r.lineId)) pending.set(r.lineId, kind.problemKey);
  }
  return pending;
}

/**
 * The lines of a batch of requests as stored now, locked until the transaction ends (the line's answer
 * or promise cannot move under a decision), read through the caller's scope.
 */
export async function linesOf(ctx: CallContext, rows: Row[]): Promise<Map<string, Row>> {
  const ids = [...new Set(rows.map((r) => r.lineId as string))];
  const lines = await getMany(purchaseLineResource, ctx, ids, { lock: true, stored: true });
  return new Map(lines.map((l) => [l.id as string, l]));
}

/** The problems of `lineStillOpen`, by what each kind calls them. */
export interface StillOpenProblems {
  /** The supplier reopened the line's answer since it asked. */
  notAccepted: string;
  /** The line was answered in parts since it asked. */
  split: string;
  /** A problem of the kind's own, checked last (the quantity still covers what is shipped). */
  own?: { problems: readonly string[]; check: (request: Row, line: Row) => Omit<GuardRefusal, 'id'> | null };
}

/**
 * A request is approved only while its line can still take the new promise: the answer is still
 * accepted (the supplier did not reopen it), something of it is still to deliver, it is not answered
 * in parts, and whatever the kind checks itself.
 */
export function lineStillOpen(problems: StillOpenProblems): Guard {
  return {
    name: 'lineStillOpen',
    problems: [problems.notAccepted, 'lineDelivered', problems.split, ...(problems.own?.problems ?? [])],
    async check(ctx, rows) {
      const lines = await linesOf(ctx, rows);
      const split = await splitLines(ctx, [...lines.keys()]);
      return rows.flatMap((row): GuardRefusal[] => {
        const id = row.id as string;
        const line = lines.get(row.lineId as string);
        if (!line || line.answerStatus !== ANSWER.accepted) return [{ id, problem: problems.notAccepted }];
        if (line.deliveryStatus === DELIVERED) return [{ id, problem: 'lineDelivered' }];
        if (split.has(line.id as string)) return [{ id, problem: problems.split }];
        const own = problems.own?.check(row, line);
        return own ? [{ id, ...own }] : [];
      });
    },
  };
}

/**
 * The approval's effect: each request's line takes its new promise (`promise(request)`: the columns it
 * moves) and its version moves on (an answer saved from a page read before is then stale and refused),
 * and the line's own history gets a row `history` (the reason language-neutral: the values as stored
 * and the supplier's own words), so the order line's timeline tells the change.
 */
export function movePromise(
  history: { name: string; reason: (request: Row) => string },
  promise: (request: Row) => Row,
): Effect {
  return async (ctx, rows) => {
    const now = new Date();
    for (const row of rows)
      await ctx.db
        .updateTable('srmPurchase')
        .set((eb) => ({
          ...promise(row),
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
      lineDoc,
      [...lines.values()],
      {
        name: history.name,
        to: ANSWER.accepted,
        from: (line) => String(line.answerStatus),
        reason: (line) => history.reason(byLine.get(line.id as string)!),
      },
      now,
    );
  };
}

/** One kind of request of accepted lines, as `requestOnLines` makes it. */
export interface LineRequestKind {
  /** The request document: its table, scope, history and events. */
  resource: ResourceDef;
  /** The request's own action: its method (the first row of a request's history) and its label. */
  action: { name: string; labelKey: string };
  /** The business event of a new request. */
  event: string;
  /** Why a line answered in parts takes no request of this kind (a locale key under `problem.`). */
  splitProblemKey: string;
  /** The request's own values checked before any line is read (a date missing, a bad quantity). */
  check?: () => void;
  /** What is wrong with asking this of one line the caller holds, after the shared rules, or null. */
  problem(line: Row): LineProblem | null;
  /** The request's own values for one line: the promise before and the one asked for. */
  values(line: Row): Row;
}

export interface LineRequest {
  /** The order lines, each at the version the supplier read. */
  rows: { id: string; version: number }[];
  reason?: string | null;
}

/** A refused line of a batch request, as the transitions name them. */
interface Refused {
  id: string;
  docNo: string;
  error: AppError;
}

/**
 * Asks `kind` for each line, all or nothing: the caller is a supplier's user, the reason is given, the
 * kind's own values are sound, every line is in the caller's scope at the version it read, accepted,
 * without a pending request of any kind, not answered in parts, and passes the kind's own rules; the
 * lines share one organisation. Then one pending request per line, its history row and its event.
 */
export async function requestOnLines(
  ctx: CallContext,
  kind: LineRequestKind,
  request: LineRequest,
): Promise<TransitionResult> {
  const action = ctx.t(kind.action.labelKey);
  if (sideOf(ctx) !== 'supplier')
    throw new AppError('transitionSide', { action, side: ctx.t('side.supplier') });
  const reason = request.reason?.trim() ?? '';
  if (!reason) throw new AppError('reasonRequired', { action });
  kind.check?.();

  const wanted = new Map(request.rows.map((r) => [r.id, r.version]));
  const ids = [...wanted.keys()];
  return inTransaction(ctx, async (tx) => {
    const lines = await getMany(purchaseLineResource, tx, ids, { lock: true, stored: true });
    const found = new Map(lines.map((l) => [l.id as string, l]));
    if (new Set(lines.map((l) => String(l.orgNo))).size > 1)
      throw new AppError('batchMixed', { field: ctx.t('field.orgNo') });
    const pending = await pendingRequests(tx, ids);
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
      const pendingKey = pending.get(id);
      const problem: LineProblem | null = pendingKey
        ? { problemKey: pendingKey }
        : split.has(id)
          ? { problemKey: kind.splitProblemKey }
          : kind.problem(line);
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
          kind.resource,
          tx,
          {},
          {
            lineId: line.id,
            headId: line.headId,
            purchaseNo: line.purchaseNo,
            purchaseSeq: line.purchaseSeq,
            phaseSeq: line.phaseSeq,
            batchSeq: line.batchSeq,
            itemNo: line.itemNo,
            orgNo: line.orgNo,
            supplierNo: line.supplierNo,
            ...kind.values(line),
            requestReason: reason,
            requestName: auditName(ctx),
            requestDate: now,
          },
        ),
      );
    }
    const doc = kind.resource.document!;
    const move = { name: kind.action.name, to: doc.initial, reason, from: () => null };
    await writeHistory(tx, doc, made, move, now);
    await writeEvents(kind.resource, tx, made, { ...move, event: kind.event });
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
