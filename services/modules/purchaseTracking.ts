// An order line's path (the order line detail's tracking, both sides): ordered; answered, with the
// parts of a split answer as the ERP heard them; refused, reopened, changed by the ERP; date changes and
// answer changes asked and decided; shipped on which delivery notices and how much; received,
// rejected, returned and put away by the warehouse. Built from what the portal already keeps (the
// line's history and events, the date-change and answer-change requests, the notice lines and the
// receipts); the line is read through the caller's scope first, so another supplier's line is not
// found and nothing of it is told.
// hand-written SQL: the path reads seven tables the line's resource does not declare, by line id only after the scoped read
import { sumDecimals } from '../../engine/core/decimal.js';
import type { CallContext } from '../registry.js';
import type { ResourceDef } from '../resource/define.js';
import { get } from '../resource/resource.js';

/** One step of the path, oldest first; `title` and `details` in the caller's language. */
export interface TrackingStep {
  key: string;
  /** ordered, answered, refused, reopened, erpChanged, dateChangeRequested, dateChanged, answerChangeRequested, answerChanged, shipped, received, rejected, returned, warehoused */
  step: string;
  title: string;
  /** yyyy-MM-dd, or an ISO date-time. */
  time: string;
  qty: string | null;
  docNo: string | null;
  color: 'blue' | 'green' | 'red' | 'gray' | 'orange';
  details: string[];
}

const timeOf = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v ?? ''));
const qtyOf = (v: unknown): string | null => (v == null ? null : sumDecimals([v]));

/** A step's kind: its name, the locale key of its title, its colour. */
type StepKind = { step: string; titleKey: string; color: TrackingStep['color'] };

const HISTORY_STEPS: Record<string, StepKind> = {
  accept: { step: 'answered', titleKey: 'tracking.answered', color: 'green' },
  refuse: { step: 'refused', titleKey: 'tracking.refused', color: 'red' },
  change: { step: 'reopened', titleKey: 'tracking.reopened', color: 'orange' },
  erpChange: { step: 'erpChanged', titleKey: 'tracking.erpChanged', color: 'orange' },
  dateChange: { step: 'dateChanged', titleKey: 'tracking.dateChanged', color: 'blue' },
  answerChange: { step: 'answerChanged', titleKey: 'tracking.answerChanged', color: 'blue' },
};

const RECEIPT_STEPS: Record<string, StepKind> = {
  '1': { step: 'received', titleKey: 'tracking.received', color: 'green' },
  '2': { step: 'rejected', titleKey: 'tracking.rejected', color: 'red' },
  '3': { step: 'returned', titleKey: 'tracking.returned', color: 'orange' },
  '4': { step: 'warehoused', titleKey: 'tracking.warehoused', color: 'green' },
};

interface Part {
  partSeq?: number;
  promiseQty?: string;
  promiseDate?: string;
}

export async function orderTracking(
  ctx: CallContext,
  lineDef: ResourceDef,
  id: string,
): Promise<TrackingStep[]> {
  const line = await get(lineDef, ctx, id);
  const t = ctx.t;
  const steps: TrackingStep[] = [];
  const partText = (p: Part) =>
    t('tracking.part', { seq: p.partSeq ?? '', qty: p.promiseQty ?? '', date: p.promiseDate ?? '' });

  steps.push({
    key: `ordered-${id}`,
    step: 'ordered',
    title: t('tracking.ordered'),
    time: String(line.purchaseDate),
    qty: qtyOf(line.batchPurQty),
    docNo: String(line.purchaseNo),
    color: 'blue',
    details: [t('tracking.expected', { date: String(line.expectArrivalDate) })],
  });

  const history = await ctx.db
    .selectFrom('sysDocHistory')
    .select(['id', 'transition', 'reason', 'source', 'userName', 'createDate'])
    .where('docKind', '=', 'purchaseLine')
    .where('docId', '=', id)
    .orderBy('createDate')
    .execute();
  // What the ERP heard of each acceptance: the promise and its parts, in order.
  const accepted = (
    await ctx.db
      .selectFrom('intOutbox')
      .select(['payload', 'createDate'])
      .where('docKind', '=', 'purchaseLine')
      .where('docId', '=', id)
      .where('event', '=', 'purchaseOrder.lineAccepted')
      .orderBy('id')
      .execute()
  ).map(
    (e) =>
      (e.payload as { fields?: { promiseQty?: string; promiseDate?: string; answerList?: Part[] } }).fields ??
      {},
  );
  // An acceptance recorded without an event (one the demo seeded) is among the oldest: the events
  // belong to the latest acceptances, in order.
  let acceptIndex = accepted.length - history.filter((h) => h.transition === 'accept').length;
  for (const h of history) {
    const kind = HISTORY_STEPS[h.transition];
    if (!kind) continue;
    const details: string[] = [];
    let qty: string | null = null;
    if (h.transition === 'accept') {
      const heard = acceptIndex >= 0 ? accepted[acceptIndex] : undefined;
      acceptIndex++;
      if (heard) {
        qty = heard.promiseQty ?? null;
        if (heard.promiseDate)
          details.push(t('tracking.promised', { qty: qty ?? '', date: heard.promiseDate }));
        for (const p of heard.answerList ?? []) details.push(partText(p));
      }
    }
    if (h.reason) details.push(h.reason);
    if (h.userName) details.push(t('tracking.by', { name: h.userName }));
    steps.push({
      key: `history-${h.id}`,
      step: kind.step,
      title: t(kind.titleKey),
      time: timeOf(h.createDate),
      qty,
      docNo: null,
      color: kind.color,
      details,
    });
  }

  const requests = await ctx.db
    .selectFrom('srmPurchaseDateChange')
    .select(['id', 'oldDate', 'newDate', 'requestReason', 'status', 'requestDate'])
    .where('lineId', '=', id)
    .orderBy('requestDate')
    .execute();
  for (const r of requests)
    steps.push({
      key: `date-change-${r.id}`,
      step: 'dateChangeRequested',
      title: t('tracking.dateChangeRequested'),
      time: timeOf(r.requestDate),
      qty: null,
      docNo: null,
      color: r.status === '2' ? 'red' : 'blue',
      details: [
        `${String(r.oldDate)} → ${String(r.newDate)}`,
        r.requestReason,
        t(`enum.DATE_CHANGE_STATUS.${r.status}`),
      ],
    });

  const answerChanges = await ctx.db
    .selectFrom('srmPurchaseAnswerChange')
    .select(['id', 'oldQty', 'newQty', 'oldDate', 'newDate', 'requestReason', 'status', 'requestDate'])
    .where('lineId', '=', id)
    .orderBy('requestDate')
    .execute();
  for (const r of answerChanges)
    steps.push({
      key: `answer-change-${r.id}`,
      step: 'answerChangeRequested',
      title: t('tracking.answerChangeRequested'),
      time: timeOf(r.requestDate),
      qty: qtyOf(r.newQty),
      docNo: null,
      color: r.status === '2' ? 'red' : 'blue',
      details: [
        `${qtyOf(r.oldQty)} → ${qtyOf(r.newQty)}, ${String(r.oldDate)} → ${String(r.newDate)}`,
        r.requestReason,
        t(`enum.ANSWER_CHANGE_STATUS.${r.status}`),
      ],
    });

  // Shipped: every notice line of this order line that left the draft.
  const shipped = await ctx.db
    .selectFrom('srmAsnLine as l')
    .innerJoin('srmAsnHead as h', 'h.id', 'l.headId')
    .select([
      'l.id',
      'h.asnNo',
      'h.status',
      'h.submitDate',
      'h.deliveryDate',
      'l.deliveryQty',
      'l.lineSeq',
      'l.lineStatus',
    ])
    .where('l.purchaseId', '=', id)
    .where('h.status', '<>', 'D')
    .orderBy('h.submitDate')
    .orderBy('l.lineSeq')
    .execute();
  for (const s of shipped)
    steps.push({
      key: `asn-${s.id}`,
      step: 'shipped',
      title: t('tracking.shipped'),
      time: timeOf(s.submitDate ?? s.deliveryDate),
      qty: qtyOf(s.deliveryQty),
      docNo: `${s.asnNo}/${s.lineSeq}`,
      color: s.status === 'X' || s.lineStatus === 'X' ? 'gray' : 'blue',
      details: [t(`enum.ASN_STATUS.${s.status}`)],
    });

  const receipts = await ctx.db
    .selectFrom('srmReceipt')
    .select(['id', 'receiptType', 'docNo', 'asnNo', 'lineSeq', 'qty', 'reason', 'receiptDate'])
    .where('purchaseId', '=', id)
    .where('status', '=', 'Y')
    .orderBy('receiptDate')
    .execute();
  for (const r of receipts) {
    const kind = RECEIPT_STEPS[r.receiptType];
    if (!kind) continue;
    steps.push({
      key: `receipt-${r.id}`,
      step: kind.step,
      title: t(kind.titleKey),
      time: timeOf(r.receiptDate),
      qty: qtyOf(r.qty),
      docNo: r.docNo,
      color: kind.color,
      details: [
        t('tracking.onNotice', { asnNo: `${r.asnNo}/${r.lineSeq}` }),
        ...(r.reason ? [r.reason] : []),
      ],
    });
  }
  // Oldest first; a day (the order date) before anything that happened on it.
  return steps.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}
