// Delivery approval on delivery notices: where the delivery rule that applies to a line's material
// (organisation, optionally supplier and item; services/rules/delivery.ts) needs delivery approval, the
// notice ships that material only under an approved qualification of its supplier
// (./ISrmDeliveryApprovalService.ts) valid on the notice's delivery date (valid from and to both
// counted). A qualification without a lot covers every lot of the material; one with a lot covers that
// lot. A line that names a lot needs a qualification covering it; a line without a lot needs one of the
// material, whatever its lot. Checked when a notice is saved (draft or not) and when it is submitted,
// so what the supplier ships is qualified on the day it leaves; nothing is written when it refuses.
// hand-written SQL: the approved qualifications of a notice's materials, and the stored lines of a notice saved without them

import type { Guard, GuardRefusal } from '../document/define.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import type { Row } from '../resource/resource.js';
import { type DeliveryRule, deliveryRuleFor, deliveryRulesOf } from '../rules/delivery.js';
import { DELIVERY_APPROVAL } from './ISrmDeliveryApprovalService.js';

export interface QualifiedNotice {
  orgNo: string;
  supplierNo: string;
  deliveryDate: string;
  lines: { itemNo: string; lotNo?: string | null }[];
}

/** A line the notice may not ship: its index among the notice's lines, and the problem as a guard's. */
export interface Unqualified {
  index: number;
  problem: 'asnItemNotQualified' | 'asnLotNotQualified';
  params: { item: string; lot: string; date: string };
}

const lotOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The lines of one notice that need a qualification and have none valid on its delivery date. */
export async function unqualifiedLines(
  ctx: CallContext,
  notice: QualifiedNotice,
  /** The organisation's valid delivery rules, where the caller has read them. */
  known?: readonly DeliveryRule[],
): Promise<Unqualified[]> {
  const own = { orgNo: notice.orgNo, supplierNo: notice.supplierNo };
  const rules = known ?? (await deliveryRulesOf(ctx.db, [notice.orgNo]));
  const needing = notice.lines
    .map((line, index) => ({ index, itemNo: line.itemNo, lotNo: lotOf(line.lotNo) }))
    .filter((l) => deliveryRuleFor(rules, { ...own, itemNo: l.itemNo }).needDeliveryApproval === 'Y');
  if (!needing.length) return [];
  const approvals = await ctx.db
    .selectFrom('srmDeliveryApproval')
    .select(['itemNo', 'lotNo'])
    .where('orgNo', '=', notice.orgNo)
    .where('supplierNo', '=', notice.supplierNo)
    .where('status', '=', DELIVERY_APPROVAL.approved)
    .where('itemNo', 'in', [...new Set(needing.map((l) => l.itemNo))])
    .where('validFrom', '<=', notice.deliveryDate)
    .where('validTo', '>=', notice.deliveryDate)
    .execute();
  return needing
    .filter(
      (line) =>
        !approvals.some(
          (a) =>
            a.itemNo === line.itemNo && (!line.lotNo || !lotOf(a.lotNo) || lotOf(a.lotNo) === line.lotNo),
        ),
    )
    .map((line) => ({
      index: line.index,
      problem: line.lotNo ? 'asnLotNotQualified' : 'asnItemNotQualified',
      params: { item: line.itemNo, lot: line.lotNo ?? '', date: notice.deliveryDate },
    }));
}

/**
 * On save (the notice's beforeSave, after its lines took their order lines' items): the lines as sent,
 * or the stored ones when the save keeps them. The first line refused is the save's refusal (10102,
 * naming the line, its material and lot).
 */
export async function qualifiedOnSave(ctx: CallContext, row: Row, current: Row | undefined, payload: Row) {
  const sent = payload.lineList;
  let lines: Row[];
  if (Array.isArray(sent)) lines = sent as Row[];
  else if (current?.id)
    lines = (await ctx.db
      .selectFrom('srmAsnLine')
      .select(['itemNo', 'lotNo'])
      .where('headId', '=', String(current.id))
      .orderBy('lineSeq')
      .execute()) as Row[];
  else return;
  const refused = await unqualifiedLines(ctx, {
    orgNo: String(row.orgNo),
    supplierNo: String(row.supplierNo),
    deliveryDate: String(row.deliveryDate),
    lines: lines.map((l) => ({ itemNo: String(l.itemNo ?? ''), lotNo: l.lotNo as string | null })),
  });
  const first = refused[0];
  if (first)
    throw new AppError('lineInvalid', {
      line: first.index + 1,
      field: ctx.t('field.itemNo'),
      // The line's own words: "Line 1: Item code M-2001, lot L1, has no approved delivery approval ...".
      problem: ctx.t(
        first.params.lot ? 'problem.asnLineLotNotQualified' : 'problem.asnLineNotQualified',
        first.params,
      ),
    });
}

/** On submit: every notice of the batch with a line that needs a qualification it lacks is refused. */
export const qualifiedGuard: Guard = {
  name: 'qualified',
  problems: ['asnItemNotQualified', 'asnLotNotQualified'],
  fields: ['orgNo', 'supplierNo', 'deliveryDate'],
  async check(ctx, heads) {
    const refusals: GuardRefusal[] = [];
    const rules = await deliveryRulesOf(
      ctx.db,
      heads.map((h) => String(h.orgNo)),
    );
    // Most organisations ask for no qualification: their notices' lines are not read. Where every rule
    // asking for one names its material, only the lines of those materials are.
    const asking = rules.filter((r) => r.needDeliveryApproval === 'Y');
    if (!asking.length) return refusals;
    const items = asking.every((r) => r.itemNo) ? [...new Set(asking.map((r) => String(r.itemNo)))] : null;
    for (const head of heads) {
      const lines = await ctx.db
        .selectFrom('srmAsnLine')
        .select(['itemNo', 'lotNo'])
        .where('headId', '=', String(head.id))
        .where('lineStatus', '=', '0')
        .$if(items !== null, (q) => q.where('itemNo', 'in', items!))
        .orderBy('lineSeq')
        .execute();
      const [first] = await unqualifiedLines(
        ctx,
        {
          orgNo: String(head.orgNo),
          supplierNo: String(head.supplierNo),
          deliveryDate: String(head.deliveryDate),
          lines,
        },
        rules,
      );
      if (first) refusals.push({ id: String(head.id), problem: first.problem, params: first.params });
    }
    return refusals;
  },
};
