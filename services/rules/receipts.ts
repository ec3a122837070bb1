// What the warehouse's receipts do to delivery notices. Like the order lines' quantities
// (rules/delivery.ts), a notice line's quantities and its notice's state are recomputed from the
// receipts, never added to:
//   line receive_qty  = the valid acceptances of the line (srm_receipt type 1, status Y)
//   line reject_qty   = the valid rejections of the line (type 2)
//   line unreceived_qty (generated) = max(0, delivery_qty - receive_qty - reject_qty) while the line is
//                       open, else 0
//   notice state, for a notice shipped, partially received or received:
//     4 received            no open line still expects goods (each is fully received or rejected, or
//                           closed, or voided)
//     3 partially received  some goods were received or rejected, or a line was closed, and some are
//                           still expected
//     2 shipped             nothing received, rejected or closed yet
// A notice that changes state writes a history row (transition `receive`, from the integration or the
// portal, as the move came) in the same transaction.
// hand-written SQL: set-based sums over the receipts of a batch's lines and the states they give
import { sql } from 'kysely';
import type { DocumentSpec } from '../document/define.js';
import { writeHistory } from '../document/transition.js';
import type { CallContext } from '../registry.js';
import { RECEIPT, RECEIPT_VALID } from './delivery.js';

/** The notice states receipts move between. */
export const RECEIVING_STATES = ['2', '3', '4'] as const;

/** The moves receipts make (a notice's state; a receipt taken, corrected or voided), as histories name them. */
export const RECEIPT_MOVES = {
  receive: { name: 'receive', labelKey: 'transition.receive' },
  correct: { name: 'correct', labelKey: 'transition.correct' },
  void: { name: 'void', labelKey: 'transition.void' },
} as const;

/**
 * Recomputes the quantities of some notice lines from their receipts, then the state of their notices;
 * answers the ids of the order lines they ship (for syncOrderDeliveries). Runs in the caller's
 * transaction; the notices are locked first, in id order.
 */
export async function syncAsnReceipts(
  ctx: CallContext,
  asnDoc: DocumentSpec,
  lineIds: readonly string[],
  user: string,
): Promise<string[]> {
  const ids = [...new Set(lineIds)];
  if (!ids.length) return [];
  const db = ctx.db;
  const lines = await db
    .selectFrom('srmAsnLine')
    .select(['headId', 'purchaseId'])
    .where('id', 'in', ids)
    .execute();
  const headIds = [...new Set(lines.map((l) => l.headId))].sort();
  const heads = await db
    .selectFrom('srmAsnHead')
    .selectAll()
    .where('id', 'in', headIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  const sum = (type: string) => sql`coalesce((
      select sum(r.qty) from srm_receipt r
      where r.asn_line_id = l.id and r.receipt_type = ${type} and r.status = ${RECEIPT_VALID}
    ), 0)`;
  await sql`
    update srm_asn_line l
    set receive_qty = ${sum(RECEIPT.acceptance)}, reject_qty = ${sum(RECEIPT.rejection)},
      version = l.version + 1, update_name = ${user}, update_date = now()
    where l.id = any(${ids}::uuid[])
      and (l.receive_qty <> ${sum(RECEIPT.acceptance)} or l.reject_qty <> ${sum(RECEIPT.rejection)})`.execute(
    db,
  );
  await syncAsnStates(ctx, asnDoc, heads, user);
  return [...new Set(lines.map((l) => l.purchaseId))];
}

/**
 * Moves each notice (shipped, partially received or received; read and locked by the caller) to the
 * state its lines give (above), with a history row for each that moves.
 */
export async function syncAsnStates(
  ctx: CallContext,
  asnDoc: DocumentSpec,
  heads: readonly Record<string, unknown>[],
  user: string,
): Promise<void> {
  const open = heads.filter((h) => (RECEIVING_STATES as readonly string[]).includes(String(h.status)));
  if (!open.length) return;
  const facts = await sql<{ headId: string; expected: boolean; touched: boolean }>`
    select l.head_id as "headId",
      bool_or(l.unreceived_qty > 0) as expected,
      bool_or(l.receive_qty > 0 or l.reject_qty > 0 or l.line_status <> '0') as touched
    from srm_asn_line l where l.head_id = any(${open.map((h) => h.id as string)}::uuid[])
    group by l.head_id`.execute(ctx.db);
  const byHead = new Map(facts.rows.map((f) => [f.headId, f]));
  const moves = new Map<string, Record<string, unknown>[]>();
  for (const head of open) {
    const f = byHead.get(head.id as string);
    const to = !f?.expected ? '4' : f.touched ? '3' : '2';
    if (to === head.status) continue;
    moves.set(to, [...(moves.get(to) ?? []), head]);
  }
  const now = new Date();
  for (const [to, rows] of moves) {
    await ctx.db
      .updateTable('srmAsnHead')
      .set({ status: to, version: sql`version + 1`, updateName: user, updateDate: now })
      .where(
        'id',
        'in',
        rows.map((r) => r.id as string),
      )
      .execute();
    await writeHistory(ctx, asnDoc, rows, { name: RECEIPT_MOVES.receive.name, to, reason: null }, now);
  }
}
