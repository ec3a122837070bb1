// Delivery rules and what a delivery notice does to its order lines.
//
// A rule belongs to an organisation and may narrow to a supplier, an item or both; among the valid
// rules of the organisation that fit, the most specific wins: supplier and item, then supplier, then
// item, then the organisation's own. Without any rule: no tolerance, approval needed, 3 days ahead, not
// frozen. Whether a supplier is frozen and whether its notices need approval are read from the rule
// for the supplier without an item; tolerances and days ahead from the rule for the line's item.
//
// An order line's quantities are recomputed from the notices and the warehouse's receipts whenever
// either moves (syncOrderDeliveries), never added to or taken from, so they cannot drift:
//   delivery_qty         what open notices (pending approval, shipped, partially received) carry on
//                        their open lines and the warehouse has not received (their unreceived_qty)
//   receive_qty          the valid acceptances of its notice lines (srm_receipt type 1)
//   check_return_qty     the valid rejections at inspection (type 2)
//   return_exchange_qty  the valid returns of accepted goods (type 3), owed again
// and from them, in the database, un_delivery_qty, delivery_status and receipt_status (migration 090).
import { sql } from 'kysely';
import { addDays } from '../../engine/core/dates.js';
import {
  addDecimals,
  compareDecimals,
  type DecimalInput,
  multiplyDecimals,
  roundDecimal,
} from '../../engine/core/decimal.js';
import type { Db } from '../db/database.js';
import { oncePerTransaction } from '../db/per-transaction.js';

export interface DeliveryRule {
  orgNo: string;
  supplierNo: string | null;
  itemNo: string | null;
  overTolerance: string;
  underTolerance: string;
  needApproval: string;
  aheadDays: number;
  frozen: string;
  /** Y: a notice ships the rule's materials only under an approved delivery approval (asn-qualification.ts). */
  needDeliveryApproval: string;
}

export const DEFAULT_DELIVERY_RULE: Omit<DeliveryRule, 'orgNo' | 'supplierNo' | 'itemNo'> = {
  overTolerance: '0',
  underTolerance: '0',
  needApproval: 'Y',
  aheadDays: 3,
  frozen: 'N',
  needDeliveryApproval: 'N',
};

/** The ASN states whose open lines reserve order quantity. */
export const OPEN_ASN_STATES = ['0', '2', '3'] as const;

export interface DeliveryTarget {
  orgNo: string;
  supplierNo: string;
  /** The line's item; null asks for the supplier's own rule (frozen, approval). */
  itemNo: string | null;
}

const weight = (r: DeliveryRule) => (r.supplierNo ? 2 : 0) + (r.itemNo ? 1 : 0);

/** The most specific valid rule that fits, or the defaults (rules: the valid ones). */
export function deliveryRuleFor(
  rules: readonly DeliveryRule[],
  target: DeliveryTarget,
): Omit<DeliveryRule, 'orgNo' | 'supplierNo' | 'itemNo'> {
  let best: DeliveryRule | undefined;
  for (const r of rules) {
    if (r.orgNo !== target.orgNo) continue;
    if (r.supplierNo && r.supplierNo !== target.supplierNo) continue;
    if (r.itemNo && r.itemNo !== target.itemNo) continue;
    if (!best || weight(r) > weight(best)) best = r;
  }
  return best ?? DEFAULT_DELIVERY_RULE;
}

/**
 * The valid rules of some organisations, read once for a batch. Inside a transaction they are read once
 * for all of it: a notice's save or submit asks for them at several steps (the lines' tolerance, the
 * frozen supplier, the timing, the qualification), and nothing in it changes them. The answer is
 * shared: callers only read it.
 */
export function deliveryRulesOf(db: Db, orgNos: readonly string[]): Promise<readonly DeliveryRule[]> {
  const orgs = [...new Set(orgNos)].sort();
  if (!orgs.length) return Promise.resolve([]);
  return oncePerTransaction(db, `deliveryRules:${orgs.join('\n')}`, () => readRules(db, orgs));
}

function readRules(db: Db, orgNos: string[]): Promise<DeliveryRule[]> {
  return db
    .selectFrom('srmDeliveryRule')
    .select([
      'orgNo',
      'supplierNo',
      'itemNo',
      'overTolerance',
      'underTolerance',
      'needApproval',
      'aheadDays',
      'frozen',
      'needDeliveryApproval',
    ])
    .where('orgNo', 'in', orgNos)
    .where('statusCode', '=', '1')
    .execute();
}

/**
 * The most a line may still ship: what is undelivered plus the over-delivery tolerance of the ordered
 * quantity (a per cent, to 5 decimals).
 */
export function shippable(unDeliveryQty: DecimalInput, ordered: DecimalInput, overTolerance: DecimalInput) {
  return addDecimals(
    unDeliveryQty,
    roundDecimal(multiplyDecimals(ordered, multiplyDecimals(overTolerance, '0.01')), 5),
  );
}

/** Whether a quantity fits what a line may still ship. */
export const fits = (qty: DecimalInput, limit: DecimalInput) => compareDecimals(qty, limit) <= 0;

/**
 * Delivery timing of goods arriving on `arrival` for a line due on `due`: 3 delayed after the due date,
 * 2 early more than `aheadDays` before it, else 1 normal.
 */
export function timingOf(arrival: string, due: string, aheadDays: number): '1' | '2' | '3' {
  if (arrival > due) return '3';
  if (arrival < addDays(due, -aheadDays)) return '2';
  return '1';
}

/** A notice's timing from its lines': any delayed line makes it delayed, else any early one early. */
export function worstTiming(timings: readonly string[]): '1' | '2' | '3' {
  if (timings.includes('3')) return '3';
  if (timings.includes('2')) return '2';
  return '1';
}

/**
 * The lines of some notices with what their order lines owe, read in one statement with the order
 * lines locked in a stable order (two notices racing for the same line wait for each other and the
 * second sees what the first reserved): by notice, in line order. Inside a transaction the lines are
 * kept for the rest of it (readNoticeLines): the notices are locked by the move that reads them, so
 * their lines stay as read, and the move's later steps do not read them again.
 */
export async function lockedNoticeLines(db: Db, headIds: readonly string[]) {
  const byHead = new Map<string, NoticeLine[]>();
  if (!headIds.length) return byHead;
  const heads = [...new Set(headIds)];
  const rows = await readLocked(db, heads);
  rows.sort((a, b) => a.lineSeq - b.lineSeq);
  for (const head of heads) byHead.set(head, []);
  for (const r of rows) byHead.get(r.headId)?.push(r);
  if (db.isTransaction) {
    const read = linesRead.get(db) ?? new Map<string, NoticeLine[]>();
    for (const [head, lines] of byHead) read.set(head, lines);
    linesRead.set(db, read);
  }
  return byHead;
}

function readLocked(db: Db, heads: string[]) {
  return db
    .selectFrom('srmAsnLine as l')
    .innerJoin('srmPurchase as p', 'p.id', 'l.purchaseId')
    .select([
      'l.id',
      'l.headId',
      'l.lineSeq',
      'l.purchaseId',
      'l.deliveryQty',
      'l.deliveryTiming',
      'p.purchaseNo',
      'p.purchaseSeq',
      'p.phaseSeq',
      'p.batchSeq',
      'p.itemNo',
      'p.batchPurQty',
      'p.unDeliveryQty',
      'p.answerStatus',
      'p.promiseDate',
      'p.expectArrivalDate',
    ])
    .where('l.headId', 'in', heads)
    .orderBy('p.id')
    .forUpdate('p')
    .execute();
}

type NoticeLine = Awaited<ReturnType<typeof readLocked>>[number];

const linesRead = new WeakMap<Db, Map<string, NoticeLine[]>>();

/**
 * The lines of the notices as this transaction read them locked, or undefined where it has not read
 * them all. Their ids, order lines, items and dates are as stored; their order lines' quantities are as
 * they were before any syncOrderDeliveries since.
 */
export function readNoticeLines(db: Db, headIds: readonly string[]): NoticeLine[] | undefined {
  const read = linesRead.get(db);
  if (!read || !headIds.every((id) => read.has(id))) return undefined;
  return headIds.flatMap((id) => read.get(id)!);
}

/** Whether this transaction has locked every one of these order lines already (lockedNoticeLines). */
function lockedHere(db: Db, orderLineIds: readonly string[]): boolean {
  const read = linesRead.get(db);
  if (!read) return false;
  const locked = new Set<string>();
  for (const lines of read.values()) for (const l of lines) locked.add(l.purchaseId);
  return orderLineIds.every((id) => locked.has(id));
}

/** Receipt kinds (srm_receipt.receipt_type). */
export const RECEIPT = { acceptance: '1', rejection: '2', return: '3', warehousing: '4' } as const;
export type ReceiptType = (typeof RECEIPT)[keyof typeof RECEIPT];
/** A receipt that counts (Y reviewed); a void one (V) no longer does. */
export const RECEIPT_VALID = 'Y';

/**
 * Sets each order line's quantities from the notices and the receipts (above); a line whose quantities
 * change moves its version on, so an answer saved on the old one is refused. Runs in the caller's
 * transaction.
 */
export async function syncOrderDeliveries(db: Db, ids: readonly string[], user: string): Promise<void> {
  if (!ids.length) return;
  // Locked first, in id order (unless this transaction's check locked them already): the sums below
  // are then read by a statement of their own, after any notice or receipt racing for the same lines
  // has committed, so what it moved is counted, not overwritten.
  const lines = [...new Set(ids)];
  if (!lockedHere(db, lines))
    await sql`select count(*) from (select 1 from srm_purchase where id = any(${lines}::uuid[])
      order by id for update) locked`.execute(db);
  // Each sum is grouped once over the lines' notices and receipts (found by their indexes on
  // purchase_id), not asked again for every order line.
  const received = (type: string) => sql`coalesce(sum(r.qty) filter (where r.receipt_type = ${type}), 0)`;
  await sql`
    update srm_purchase p
    set delivery_qty = o.open, receive_qty = o.received, check_return_qty = o.rejected,
      return_exchange_qty = o.returned, version = p.version + 1, update_name = ${user}, update_date = now()
    from (
      select p2.id, coalesce(a.open, 0) as open, coalesce(r.received, 0) as received,
        coalesce(r.rejected, 0) as rejected, coalesce(r.returned, 0) as returned
      from srm_purchase p2
      left join (
        select l.purchase_id, sum(l.unreceived_qty) as open
        from srm_asn_line l join srm_asn_head h on h.id = l.head_id
        where l.purchase_id = any(${lines}::uuid[]) and h.status in (${sql.join(OPEN_ASN_STATES)})
        group by l.purchase_id
      ) a on a.purchase_id = p2.id
      left join (
        select r.purchase_id, ${received(RECEIPT.acceptance)} as received,
          ${received(RECEIPT.rejection)} as rejected, ${received(RECEIPT.return)} as returned
        from srm_receipt r
        where r.purchase_id = any(${lines}::uuid[]) and r.status = ${RECEIPT_VALID}
        group by r.purchase_id
      ) r on r.purchase_id = p2.id
      where p2.id = any(${lines}::uuid[])
    ) o
    where p.id = o.id and (p.delivery_qty <> o.open or p.receive_qty <> o.received
      or p.check_return_qty <> o.rejected or p.return_exchange_qty <> o.returned)`.execute(db);
}
