// Demo purchase orders, as the buyer's ERP would have sent them: general, subcontract and VMI orders for
// both demo suppliers, with lines in every answer state (their history included) and a line the
// warehouse has partly received (what is on its way is the demo delivery notices', seed/demo-asn.ts), dated
// relative to today so the order-date presets find them; then date-change and answer-change requests.
import type { Db } from '../db/database.js';
import type { DocumentSpec } from '../document/define.js';
import { docNoOf } from '../document/lifecycle.js';
import {
  answerChangeResource,
  REQUEST_ANSWER_CHANGE,
} from '../modules/ISupSrmPurchaseAnswerChangeService.js';
import { dateChangeResource, REQUEST } from '../modules/ISupSrmPurchaseDateChangeService.js';
import { ANSWER, purchaseLineResource } from '../modules/ISupSrmPurchaseService.js';
import { PENDING } from '../modules/purchaseLineRequests.js';
import { answerDueDate, answerRulesOf } from '../rules/order-answer.js';
import { seedOnce } from './once.js';

interface DemoLine {
  itemNo: string;
  itemName: string;
  itemSpec: string;
  qty: string;
  price: string;
  /** Days after the order date the goods are wanted. */
  due: number;
  /** The answers given, in order, with their reasons. */
  path?: { name: 'accept' | 'refuse' | 'change'; reason?: string; promiseQty?: string; late?: number }[];
  received?: string;
  /** A split answer: parts of the promise, each a quantity on a day after the order date. */
  parts?: { qty: string; after: number }[];
  /** A subcontract line's components, which the buyer provides. */
  components?: { itemNo: string; itemName: string; qty: string; unitNo: string }[];
}

interface DemoOrder {
  purchaseNo: string;
  orgNo: string;
  supplierNo: string;
  orderType: '1' | '2' | '3';
  currency: string;
  taxRate: string;
  warehouseNo: string;
  /** Days before today it was ordered. */
  daysAgo: number;
  lines: DemoLine[];
}

const ORDERS: DemoOrder[] = [
  {
    purchaseNo: 'PO-SH01-260001',
    orgNo: 'SH01',
    supplierNo: 'SUP001',
    orderType: '1',
    currency: 'CNY',
    taxRate: '13',
    warehouseNo: 'SH01-RM',
    daysAgo: 2,
    lines: [
      {
        itemNo: 'M-1001',
        itemName: 'Hex bolt',
        itemSpec: 'M8 x 30, grade 8.8',
        qty: '5000',
        price: '0.125',
        due: 12,
      },
      {
        itemNo: 'M-2001',
        itemName: 'Steel bracket',
        itemSpec: 'L-100, 3 mm',
        qty: '800',
        price: '3.45',
        due: 12,
      },
      {
        itemNo: 'P-9001',
        itemName: 'Shipping carton',
        itemSpec: '400 x 300 x 200 mm',
        qty: '240.5',
        price: '1.805',
        due: 15,
      },
    ],
  },
  {
    purchaseNo: 'PO-SH01-260002',
    orgNo: 'SH01',
    supplierNo: 'SUP001',
    orderType: '1',
    currency: 'CNY',
    taxRate: '13',
    warehouseNo: 'SH01-RM',
    daysAgo: 20,
    lines: [
      {
        itemNo: 'M-1002',
        itemName: 'Hex bolt, zinc plated',
        itemSpec: 'M8 x 30, grade 8.8, Zn',
        qty: '12000',
        price: '0.14',
        due: 21,
        path: [{ name: 'accept', promiseQty: '12000', late: 2 }],
      },
      {
        itemNo: 'M-2001',
        itemName: 'Steel bracket',
        itemSpec: 'L-100, 3 mm',
        qty: '300',
        price: '3.45',
        due: 21,
        path: [{ name: 'refuse', reason: 'The 3 mm steel is not available before next quarter.' }],
      },
    ],
  },
  {
    purchaseNo: 'PO-SH01-260003',
    orgNo: 'SH01',
    supplierNo: 'SUP001',
    orderType: '2',
    currency: 'CNY',
    taxRate: '13',
    warehouseNo: 'SH01-RM',
    daysAgo: 45,
    lines: [
      {
        itemNo: 'M-2001',
        itemName: 'Steel bracket',
        itemSpec: 'L-100, 3 mm',
        qty: '1000',
        price: '1.2',
        due: 30,
        path: [{ name: 'accept' }],
        received: '500',
        components: [
          { itemNo: 'R-3001', itemName: 'Cold-rolled steel sheet, 3 mm', qty: '412.5', unitNo: 'KG' },
          { itemNo: 'R-3002', itemName: 'Zinc primer', qty: '8.75', unitNo: 'L' },
        ],
      },
    ],
  },
  {
    purchaseNo: 'PO-SH01-260004',
    orgNo: 'SH01',
    supplierNo: 'SUP001',
    orderType: '3',
    currency: 'CNY',
    taxRate: '13',
    warehouseNo: 'SH01-RM',
    daysAgo: 6,
    lines: [
      {
        itemNo: 'M-1001',
        itemName: 'Hex bolt',
        itemSpec: 'M8 x 30, grade 8.8',
        qty: '20000',
        price: '0.118',
        due: 20,
        path: [
          { name: 'accept', promiseQty: '20000' },
          { name: 'change', reason: 'We can ship half of it a week earlier.' },
        ],
        // The new answer being prepared: half a week earlier, half as promised.
        parts: [
          { qty: '10000', after: 13 },
          { qty: '10000', after: 20 },
        ],
      },
    ],
  },
  {
    purchaseNo: 'PO-HN01-260001',
    orgNo: 'HN01',
    supplierNo: 'SUP002',
    orderType: '1',
    currency: 'USD',
    taxRate: '10',
    warehouseNo: 'HN01-RM',
    daysAgo: 3,
    lines: [
      {
        itemNo: 'H-3001',
        itemName: 'ABS housing',
        itemSpec: 'A12, black',
        qty: '1500',
        price: '1.85',
        due: 14,
      },
      {
        itemNo: 'H-9001',
        itemName: 'Polybag',
        itemSpec: '200 x 300 mm',
        qty: '6000',
        price: '0.0125',
        due: 14,
      },
    ],
  },
  {
    purchaseNo: 'PO-HN01-260002',
    orgNo: 'HN01',
    supplierNo: 'SUP002',
    orderType: '1',
    currency: 'USD',
    taxRate: '10',
    warehouseNo: 'HN01-RM',
    daysAgo: 30,
    lines: [
      {
        itemNo: 'H-3002',
        itemName: 'ABS housing, grey',
        itemSpec: 'A12, grey',
        qty: '800',
        price: '1.9',
        due: 20,
        path: [{ name: 'accept' }],
      },
    ],
  },
];

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return d.toISOString().slice(0, 10);
};

/** The demo orders, then their date-change and answer-change requests (each under a marker of its own). */
export async function seedOrdersDemo(db: Db): Promise<boolean> {
  const seeded = await seedOrderLines(db);
  await seedDateChangesDemo(db);
  await seedAnswerChangesDemo(db);
  return seeded;
}

async function seedOrderLines(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await seedOnce(tx, 'demo-orders'))) return false;
    const doc = purchaseLineResource.document!;
    // As the integration API does: each line is due by the order answer rule in force when it arrives.
    const rules = await answerRulesOf(
      tx,
      ORDERS.map((o) => o.orgNo),
    );
    const supplierUser = {
      SUP001: ['supplier1', 'Acme sales desk'],
      SUP002: ['supplier2', 'Delta sales desk'],
    };
    for (const o of ORDERS) {
      const purchaseDate = day(-o.daysAgo);
      const { id: headId } = await tx
        .insertInto('srmPurchaseHead')
        .values({
          purchaseNo: o.purchaseNo,
          orgNo: o.orgNo,
          supplierNo: o.supplierNo,
          orderType: o.orderType,
          purchaseCenter: `PC-${o.orgNo}`,
          factoryNo: o.orgNo,
          buyerNo: 'buyer',
          buyerName: 'Wang Li (purchasing)',
          currency: o.currency,
          purchaseDate,
          externalId: o.purchaseNo,
          externalVersion: 1,
          createName: 'ERP',
          updateName: 'ERP',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, l] of o.lines.entries()) {
        const path = l.path ?? [];
        const last = path.at(-1);
        const status = last ? doc.transitions[last.name].to : ANSWER.toConfirm;
        const accepted = [...path].reverse().find((p) => p.name === 'accept');
        const due = day(-o.daysAgo + l.due);
        const [userNo, userName] = supplierUser[o.supplierNo as keyof typeof supplierUser];
        const line = {
          headId,
          purchaseNo: o.purchaseNo,
          orgNo: o.orgNo,
          supplierNo: o.supplierNo,
          orderType: o.orderType,
          purchaseSeq: (i + 1) * 10,
          itemNo: l.itemNo,
          itemName: l.itemName,
          itemSpec: l.itemSpec,
          unitNo: 'PCS',
          warehouseNo: o.warehouseNo,
          batchPurQty: l.qty,
          price: l.price,
          taxRate: o.taxRate,
          purchaseDate,
          expectArrivalDate: due,
          answerDueDate: answerDueDate(rules, o, purchaseDate),
          promiseQty: accepted ? (accepted.promiseQty ?? l.qty) : null,
          promiseDate: accepted ? day(-o.daysAgo + l.due + (accepted.late ?? 0)) : null,
          answerStatus: status,
          answerDate: path.length ? new Date(Date.now() - (o.daysAgo - 1) * 86_400_000) : null,
          answerName: path.length ? userName : null,
          lastReason: last?.reason ?? null,
          receiveQty: l.received ?? '0',
          version: 1 + path.length,
          externalId: `${o.purchaseNo}/${(i + 1) * 10}`,
          createName: 'ERP',
          updateName: path.length ? userName : 'ERP',
        };
        const { id } = await tx
          .insertInto('srmPurchase')
          .values(line)
          .returning('id')
          .executeTakeFirstOrThrow();
        if (l.parts)
          await tx
            .insertInto('srmPurchaseAnswer')
            .values(
              l.parts.map((part, k) => ({
                lineId: id,
                partSeq: k + 1,
                promiseQty: part.qty,
                promiseDate: day(-o.daysAgo + part.after),
                createName: userName,
                updateName: userName,
              })),
            )
            .execute();
        if (l.components)
          await tx
            .insertInto('srmPurchaseComponent')
            .values(
              l.components.map((c, k) => ({
                lineId: id,
                headId,
                purchaseNo: o.purchaseNo,
                purchaseSeq: line.purchaseSeq,
                orgNo: o.orgNo,
                supplierNo: o.supplierNo,
                componentSeq: k + 1,
                ...c,
                createName: 'ERP',
                updateName: 'ERP',
              })),
            )
            .execute();
        let from: string = ANSWER.toConfirm;
        for (const [step, p] of path.entries()) {
          const to = doc.transitions[p.name].to;
          await tx
            .insertInto('sysDocHistory')
            .values({
              docKind: doc.kind,
              docId: id,
              docNo: docNoOf(doc, line),
              transition: p.name,
              fromStatus: from,
              toStatus: to,
              reason: p.reason ?? null,
              userNo,
              userName,
              createDate: new Date(Date.now() - (o.daysAgo - 1 - step * 0.5) * 86_400_000),
            })
            .execute();
          from = to;
        }
      }
    }
    return true;
  });
}

interface DemoDateChange {
  purchaseNo: string;
  purchaseSeq: number;
  /** Days from today of the date before and of the requested date. */
  from: number;
  to: number;
  /** Days before today it was asked. */
  asked: number;
  reason: string;
  decision?: { name: 'approve' | 'reject' | 'withdraw'; reason?: string; after: number };
}

// On accepted lines: pending requests of SUP001 (the buyer's pending tab has work), approved, rejected and
// withdrawn ones of both suppliers. An approved request's date is the line's promise now.
const DATE_CHANGES: DemoDateChange[] = [
  {
    purchaseNo: 'PO-SH01-260003',
    purchaseSeq: 10,
    from: -22,
    to: -15,
    asked: 30,
    reason: 'The coating line was down for two days.',
    decision: { name: 'approve', reason: 'Fine for the production plan.', after: 1 },
  },
  {
    purchaseNo: 'PO-SH01-260003',
    purchaseSeq: 10,
    from: -15,
    to: -5,
    asked: 18,
    reason: 'The rest of the brackets waits for a new steel delivery.',
    decision: { name: 'reject', reason: 'Needed on the promised date for the line start.', after: 2 },
  },
  {
    purchaseNo: 'PO-SH01-260002',
    purchaseSeq: 10,
    from: 3,
    to: 6,
    asked: 12,
    reason: 'Plating capacity is booked this week.',
    decision: { name: 'withdraw', after: 1 },
  },
  {
    purchaseNo: 'PO-SH01-260002',
    purchaseSeq: 10,
    from: 3,
    to: 10,
    asked: 1,
    reason: 'The zinc plating supplier delays our batch by a week.',
  },
  {
    purchaseNo: 'PO-HN01-260002',
    purchaseSeq: 10,
    from: -14,
    to: -10,
    asked: 25,
    reason: 'Grey colour masterbatch arrived late.',
    decision: { name: 'approve', after: 1 },
  },
  {
    purchaseNo: 'PO-HN01-260002',
    purchaseSeq: 10,
    from: -10,
    to: -3,
    asked: 12,
    reason: 'Moulding machine maintenance.',
    decision: { name: 'reject', reason: 'The housings are already late for assembly.', after: 1 },
  },
];

/** What every demo change request of an accepted line has, whatever its kind. */
interface DemoRequest {
  purchaseNo: string;
  purchaseSeq: number;
  /** Days before today it was asked. */
  asked: number;
  reason: string;
  decision?: { name: 'approve' | 'reject' | 'withdraw'; reason?: string; after: number };
}

/**
 * Demo change requests of one kind with their history, once (the marker): each on its line, asked by
 * the line's supplier and decided by the purchaser (a withdrawal by the supplier). `values` gives the
 * kind's own columns (the promise before and the one asked for).
 */
async function seedLineRequests<T extends DemoRequest>(
  db: Db,
  o: {
    marker: string;
    doc: DocumentSpec;
    table: 'srmPurchaseDateChange' | 'srmPurchaseAnswerChange';
    requestName: string;
    requests: T[];
    values: (request: T) => Record<string, string>;
  },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await seedOnce(tx, o.marker))) return false;
    const users = { SUP001: ['supplier1', 'Acme sales desk'], SUP002: ['supplier2', 'Delta sales desk'] };
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    for (const c of o.requests) {
      const line = await tx
        .selectFrom('srmPurchase')
        .selectAll()
        .where('purchaseNo', '=', c.purchaseNo)
        .where('purchaseSeq', '=', c.purchaseSeq)
        .executeTakeFirst();
      if (!line) continue;
      const [userNo, userName] = users[line.supplierNo as keyof typeof users] ?? ['', line.supplierNo];
      const decision = c.decision;
      const to = decision ? o.doc.transitions[decision.name].to : PENDING;
      // The purchaser decides an approval or a rejection; the supplier withdraws its own request.
      const [deciderNo, deciderName] =
        decision?.name === 'withdraw' ? [userNo, userName] : ['buyer', 'Wang Li (purchasing)'];
      const decidedAt = decision ? at(c.asked - decision.after) : null;
      const request = {
        lineId: line.id,
        headId: line.headId,
        purchaseNo: line.purchaseNo,
        purchaseSeq: line.purchaseSeq,
        itemNo: line.itemNo,
        orgNo: line.orgNo,
        supplierNo: line.supplierNo,
        ...o.values(c),
        requestReason: c.reason,
        status: to,
        decideReason: decision?.reason ?? null,
        requestName: userName,
        requestDate: at(c.asked),
        decideName: decision ? deciderName : null,
        decideDate: decidedAt,
        version: decision ? 2 : 1,
        createName: userName,
        createDate: at(c.asked),
        updateName: decision ? deciderName : userName,
        updateDate: decidedAt ?? at(c.asked),
      };
      const { id } = await tx
        .insertInto(o.table)
        .values(request as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const docNo = docNoOf(o.doc, request);
      const history = { docKind: o.doc.kind, docId: id, docNo };
      await tx
        .insertInto('sysDocHistory')
        .values({
          ...history,
          transition: o.requestName,
          fromStatus: null,
          toStatus: PENDING,
          reason: c.reason,
          userNo,
          userName,
          createDate: at(c.asked),
        })
        .execute();
      if (decision && decidedAt)
        await tx
          .insertInto('sysDocHistory')
          .values({
            ...history,
            transition: decision.name,
            fromStatus: PENDING,
            toStatus: to,
            reason: decision.reason ?? null,
            userNo: deciderNo,
            userName: deciderName,
            createDate: decidedAt,
          })
          .execute();
    }
    return true;
  });
}

/** Demo date-change requests with their history, once (marker demo-date-changes). */
export function seedDateChangesDemo(db: Db): Promise<boolean> {
  return seedLineRequests(db, {
    marker: 'demo-date-changes',
    doc: dateChangeResource.document!,
    table: 'srmPurchaseDateChange',
    requestName: REQUEST.name,
    requests: DATE_CHANGES,
    values: (c) => ({ oldDate: day(c.from), newDate: day(c.to) }),
  });
}

interface DemoAnswerChange {
  purchaseNo: string;
  purchaseSeq: number;
  /** The promise before and the one asked for: a quantity, and days from today of the date. */
  from: { qty: string; day: number };
  to: { qty: string; day: number };
  /** Days before today it was asked. */
  asked: number;
  reason: string;
  decision?: { name: 'approve' | 'reject' | 'withdraw'; reason?: string; after: number };
}

// On accepted lines: an approved and a rejected one of SUP001 (an approved request's promise is the
// line's now) and a pending one of SUP002 (the buyer's pending tab has work). SUP001's accepted demo lines
// get no pending answer change: a line takes one pending change at a time, and they are the lines its
// date changes are asked of (PO-SH01-260002/10 has one pending).
const ANSWER_CHANGES: DemoAnswerChange[] = [
  {
    purchaseNo: 'PO-SH01-260003',
    purchaseSeq: 10,
    from: { qty: '900', day: -22 },
    to: { qty: '1000', day: -22 },
    asked: 40,
    reason: 'The second steel delivery came in early: we can make the full quantity.',
    decision: { name: 'approve', reason: 'Thank you, the full quantity is planned.', after: 1 },
  },
  {
    purchaseNo: 'PO-SH01-260003',
    purchaseSeq: 10,
    from: { qty: '1000', day: -15 },
    to: { qty: '950', day: -15 },
    asked: 8,
    reason: '50 brackets failed our bend test; we would close the line at 950.',
    decision: { name: 'reject', reason: 'We need the full quantity: make the 50 again.', after: 1 },
  },
  {
    purchaseNo: 'PO-HN01-260002',
    purchaseSeq: 10,
    from: { qty: '800', day: -10 },
    to: { qty: '760', day: 4 },
    asked: 2,
    reason: '40 housings failed our colour check; the rest ships once the new masterbatch is in.',
  },
];

/** Demo answer-change requests with their history, once (marker demo-answer-changes). */
export function seedAnswerChangesDemo(db: Db): Promise<boolean> {
  return seedLineRequests(db, {
    marker: 'demo-answer-changes',
    doc: answerChangeResource.document!,
    table: 'srmPurchaseAnswerChange',
    requestName: REQUEST_ANSWER_CHANGE.name,
    requests: ANSWER_CHANGES,
    values: (c) => ({
      oldQty: c.from.qty,
      newQty: c.to.qty,
      oldDate: day(c.from.day),
      newDate: day(c.to.day),
    }),
  });
}
