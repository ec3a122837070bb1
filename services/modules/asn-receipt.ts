// Receipt and cancel receipt in the portal (spec 001 section 4: the purchaser's "receive" and "cancel
// receipt"), for organisations whose warehouse reports no receipts through the integration API. Whether
// the portal records receipts is the delivery rule's `portalReceipt` (Y), read like the supplier's frozen
// mark: from the most specific valid rule without an item (the supplier's, else the organisation's);
// without one, N (the WMS reports them).
// - receive (`receiveSrmAsnHead`, purchaser, isSubmit): a shipped or partially received notice at the
//   version read, and for chosen lines the quantity accepted now (above 0); from the notice list's
//   dialog, each line's received quantity as it should now stand (what it grew by is accepted; it may
//   not go down: that is cancel receipt's). Each becomes an acceptance
//   receipt (srm_receipt, source portal) written by the integration's own receipt writer
//   (services/integration/receipts.ts), so the same rules hold (no over-receipt of a line's shipped
//   quantity, only open lines) and the same recomputations follow: the notice lines', the notice's state
//   and the order lines' quantities, the history and `asn.received`.
// - cancel receipt (`cancelReceiptSrmAsnHead`, purchaser, isCancelInvalid, an optional reason kept on the
//   receipts): voids every valid receipt the
//   portal recorded on a partially received or received notice, through the same writer (a quantity
//   the warehouse returned or put away against them keeps them: refused); the notice goes back to the
//   state its lines give.
// All or nothing; the notice's version moves on with each, so a page read before is stale.
// hand-written SQL: reads the delivery rule's mark and the notice's portal receipts, moves the version
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { checkDecimal, compareDecimals, subtractDecimals } from '../../engine/core/decimal.js';
import type { Db } from '../db/database.js';
import { sideOf } from '../document/transition.js';
import { AppError } from '../errors.js';
import type { ApiClient } from '../integration/keys.js';
import { linesOf, publish, type ReceiptIn, type Written, writeReceipt } from '../integration/receipts.js';
import { Refusal } from '../integration/refusal.js';
import { type CallContext, defineMethod, type MethodDef } from '../registry.js';
import type { ResourceDef } from '../resource/define.js';
import { auditName, getMany, inTransaction, type Row } from '../resource/resource.js';
import { RECEIPT, RECEIPT_VALID } from '../rules/delivery.js';

/**
 * What the purchaser receives, in either of two shapes: the notice (`id`, `version`) and the quantity
 * accepted now of each line given (`lines`); or, from the notice list's receive dialog, the selected
 * notice (`rows`, one) and its lines (`lineList`) each with the line's received quantity as it should
 * now stand (`receiveQty`): what it grew by is accepted, a line left as it was takes nothing.
 */
export interface ReceiveRequest {
  id?: string;
  version?: number;
  lines?: { id: string; qty: string | number }[];
  rows?: { id: string; version: number }[];
  lineList?: { id: string; receiveQty?: string | number | null }[];
}

/** The notice (`id` and `version`, or the list's one selected row) and why, kept on the voided receipts. */
export interface CancelReceiptRequest {
  id?: string;
  version?: number;
  rows?: { id: string; version: number }[];
  reason?: string | null;
}

/** The one notice a request names, by id and version or as the one selected row. */
function named(
  ctx: CallContext,
  request: { id?: string; version?: number; rows?: { id: string; version: number }[] },
) {
  if (request.rows?.length === 1) return request.rows[0];
  if (request.id && request.version !== undefined && !request.rows)
    return { id: request.id, version: request.version };
  throw new AppError('invalidPayload', { field: 'rows', problem: ctx.t('problem.invalid') });
}

/** Whether the portal records receipts of a supplier's notices in an organisation. */
export async function portalReceiptOn(db: Db, orgNo: string, supplierNo: string): Promise<boolean> {
  const rule = await db
    .selectFrom('srmDeliveryRule')
    .select('portalReceipt')
    .where('orgNo', '=', orgNo)
    .where('itemNo', 'is', null)
    .where('statusCode', '=', '1')
    .where((eb) => eb.or([eb('supplierNo', '=', supplierNo), eb('supplierNo', 'is', null)]))
    .orderBy(sql`supplier_no nulls last`)
    .executeTakeFirst();
  return rule?.portalReceipt === 'Y';
}

/** The caller as the receipt writer's client: its name on the rows, the notice's organisation served. */
const clientOf = (ctx: CallContext, orgNo: string): ApiClient => ({
  keyId: '',
  keyName: auditName(ctx),
  entities: new Set(['receipt']),
  orgs: new Set([orgNo]),
});

type Action = { key: string; from: readonly string[] };
const RECEIVE: Action = { key: 'transition.portalReceive', from: ['2', '3'] };
const CANCEL: Action = { key: 'transition.cancelReceipt', from: ['3', '4'] };

/** The notice, locked, at the version read, in a state the action takes, where the portal receives. */
async function noticeFor(def: ResourceDef, tx: CallContext, action: Action, id: string, version: number) {
  const label = tx.t(action.key);
  const [head] = await getMany(def, tx, [id], { lock: true, stored: true });
  if (!head) throw new AppError('notFound');
  const status = String(head.status);
  if (!action.from.includes(status))
    throw new AppError('transitionState', {
      action: label,
      doc: String(head.asnNo),
      state: tx.t(`enum.ASN_STATUS.${status}`),
    });
  if (head.version !== version) throw new AppError('staleVersion');
  if (!(await portalReceiptOn(tx.db, String(head.orgNo), String(head.supplierNo))))
    throw refused(tx, label, head, tx.t('problem.asnPortalReceiptOff', { org: String(head.orgNo) }));
  return head;
}

const refused = (_ctx: CallContext, action: string, head: Row, problem: string) =>
  new AppError('guardRefused', { action, doc: String(head.asnNo), problem });

/** Writes receipts through the integration's writer; a refusal becomes the caller's guardRefused. */
async function writeAll(tx: CallContext, action: string, head: Row, receipts: ReceiptIn[]) {
  const client = clientOf(tx, String(head.orgNo));
  const lines = await linesOf(tx.db, receipts);
  const byId = new Map(lines.filter((l) => l.headId === head.id).map((l) => [l.id, l]));
  const written: Written[] = [];
  for (const r of receipts) {
    const line = byId.get(r.asnLineId!);
    if (!line) throw new AppError('notFound');
    try {
      const outcome = await writeReceipt(tx.db, tx.t, client, r, line);
      if (typeof outcome !== 'string') written.push(outcome.row);
    } catch (e) {
      if (e instanceof Refusal) throw refused(tx, action, head, e.message);
      throw e;
    }
  }
  if (!written.length) return;
  await tx.db
    .updateTable('srmReceipt')
    .set({ source: 'portal' })
    .where(
      'id',
      'in',
      written.map((w) => w.id),
    )
    .execute();
  await publish(tx, client, written);
}

/** The notice as the caller's next call needs it: its version and state after the move. */
async function answer(tx: CallContext, head: Row, version: number) {
  // The version moves on once per call, whether or not the notice's state changed.
  await tx.db
    .updateTable('srmAsnHead')
    .set({ version: sql`version + 1`, updateName: auditName(tx), updateDate: new Date() })
    .where('id', '=', head.id as string)
    .where('version', '=', version)
    .execute();
  return tx.db
    .selectFrom('srmAsnHead')
    .select(['id', 'version', 'status'])
    .where('id', '=', head.id as string)
    .executeTakeFirstOrThrow();
}

function purchaserOnly(ctx: CallContext, key: string) {
  if (sideOf(ctx) !== 'purchaser')
    throw new AppError('transitionSide', { action: ctx.t(key), side: ctx.t('side.purchaser') });
}

/** The list dialog's lines as quantities accepted now: what each line's received quantity grew by. */
async function grown(
  tx: CallContext,
  head: Row,
  action: string,
  lineList: NonNullable<ReceiveRequest['lineList']>,
) {
  const stored = new Map(
    (
      await tx.db
        .selectFrom('srmAsnLine')
        .select(['id', 'lineSeq', 'receiveQty'])
        .where('headId', '=', head.id as string)
        .execute()
    ).map((l) => [l.id, l]),
  );
  const lines: { id: string; qty: string }[] = [];
  for (const sent of lineList) {
    const line = stored.get(sent.id);
    if (!line) throw new AppError('notFound');
    if (sent.receiveQty === undefined || sent.receiveQty === null || sent.receiveQty === '') continue;
    const checked = checkDecimal(sent.receiveQty, { scale: 5, maximum: 999_999_999_999_999 });
    if (checked.value === undefined) throw refused(tx, action, head, tx.t('integration.receipt.badQty'));
    const more = subtractDecimals(checked.value, String(line.receiveQty));
    if (compareDecimals(more, '0') < 0)
      throw refused(tx, action, head, tx.t('problem.asnReceiveLower', { line: line.lineSeq }));
    if (compareDecimals(more, '0') > 0) lines.push({ id: line.id, qty: more });
  }
  if (!lines.length) throw refused(tx, action, head, tx.t('integration.receipt.badQty'));
  return lines;
}

export async function receiveInPortal(def: ResourceDef, ctx: CallContext, request: ReceiveRequest) {
  purchaserOnly(ctx, RECEIVE.key);
  const notice = named(ctx, request);
  if (!request.lines === !request.lineList)
    throw new AppError('invalidPayload', { field: 'lines', problem: ctx.t('problem.invalid') });
  return inTransaction(ctx, async (tx) => {
    const head = await noticeFor(def, tx, RECEIVE, notice.id, notice.version);
    const action = tx.t(RECEIVE.key);
    const lines = request.lines ?? (await grown(tx, head, action, request.lineList!));
    const docNo = `${head.asnNo}-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
    await writeAll(
      tx,
      action,
      head,
      lines.map((l) => ({
        externalId: `portal:${randomUUID()}`,
        externalVersion: 1,
        type: 'acceptance',
        asnLineId: l.id,
        qty: l.qty,
        docNo,
      })),
    );
    return answer(tx, head, notice.version);
  });
}

export async function cancelReceiptInPortal(
  def: ResourceDef,
  ctx: CallContext,
  request: CancelReceiptRequest,
) {
  purchaserOnly(ctx, CANCEL.key);
  const notice = named(ctx, request);
  const reason = request.reason?.trim() || null;
  return inTransaction(ctx, async (tx) => {
    const head = await noticeFor(def, tx, CANCEL, notice.id, notice.version);
    const receipts = await tx.db
      .selectFrom('srmReceipt')
      .select(['externalId', 'externalVersion', 'asnLineId', 'qty', 'docNo'])
      .where('asnId', '=', head.id as string)
      .where('source', '=', 'portal')
      .where('receiptType', '=', RECEIPT.acceptance)
      .where('status', '=', RECEIPT_VALID)
      .orderBy('id')
      .execute();
    if (!receipts.length) throw refused(tx, tx.t(CANCEL.key), head, tx.t('problem.asnNoPortalReceipt'));
    await writeAll(
      tx,
      tx.t(CANCEL.key),
      head,
      receipts.map((r) => ({
        externalId: r.externalId,
        externalVersion: Number(r.externalVersion) + 1,
        type: 'acceptance',
        asnLineId: r.asnLineId,
        qty: r.qty,
        docNo: r.docNo,
        remark: reason,
        voided: true,
      })),
    );
    return answer(tx, head, notice.version);
  });
}

const ROW = {
  type: 'object',
  required: ['id', 'version'],
  properties: { id: { type: 'string', format: 'uuid' }, version: { type: 'integer', minimum: 1 } },
};

/** `{condition: {id, version, ...}}` or, from a list's dialog, `{condition: {rows: [{id, version}], ...}}`. */
const noticeBody = (extra: Record<string, unknown>) => ({
  type: 'object',
  required: ['condition'],
  properties: {
    condition: {
      type: 'object',
      additionalProperties: false,
      properties: {
        id: { type: 'string', format: 'uuid' },
        version: { type: 'integer', minimum: 1 },
        rows: { type: 'array', minItems: 1, maxItems: 1, items: ROW },
        ...extra,
      },
    },
  },
});

/** The notice's receive and cancel-receipt calls, on the purchaser's notice list and its detail. */
export function portalReceiptMethods(def: ResourceDef): Record<string, MethodDef> {
  return {
    receiveSrmAsnHead: defineMethod<{ condition: ReceiveRequest }>({
      body: noticeBody({
        lines: {
          type: 'array',
          minItems: 1,
          maxItems: 500,
          items: {
            type: 'object',
            required: ['id', 'qty'],
            additionalProperties: false,
            properties: { id: { type: 'string', format: 'uuid' }, qty: { type: ['string', 'number'] } },
          },
        },
        // The list dialog's lines: each with every value the dialog shows; only id and receiveQty count.
        lineList: {
          type: 'array',
          minItems: 1,
          maxItems: 500,
          items: {
            type: 'object',
            required: ['id'],
            properties: {
              id: { type: 'string', format: 'uuid' },
              receiveQty: { type: ['string', 'number', 'null'] },
            },
          },
        },
      }),
      resource: def,
      audit: 'write',
      access: { kind: 'menu', menus: def.menus, flag: 'isSubmit' },
      handler: (ctx, body) => receiveInPortal(def, ctx, body.condition),
    }),
    cancelReceiptSrmAsnHead: defineMethod<{ condition: CancelReceiptRequest }>({
      body: noticeBody({ reason: { type: ['string', 'null'], maxLength: 500 } }),
      resource: def,
      audit: 'write',
      access: { kind: 'menu', menus: def.menus, flag: 'isCancelInvalid' },
      handler: (ctx, body) => cancelReceiptInPortal(def, ctx, body.condition),
    }),
  };
}
