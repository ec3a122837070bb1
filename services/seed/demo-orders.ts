// Demo purchase orders, as the buyer's ERP would have sent them: general, subcontract and VMI orders for
// both demo suppliers, with lines in every answer state (their history included) and a line the
// warehouse has partly received, dated relative to today so the order-date presets find them.
import type { Db } from '../db/database.js';
import { docNoOf } from '../document/lifecycle.js';
import { ANSWER, purchaseLineResource } from '../modules/ISupSrmPurchaseService.js';

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
  delivered?: string;
  received?: string;
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
        delivered: '300',
        received: '500',
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

export async function seedOrdersDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const marker = await tx
      .insertInto('sysSeed')
      .values({ name: 'demo-orders' })
      .onConflict((oc) => oc.doNothing())
      .returning('name')
      .executeTakeFirst();
    if (!marker) return false;
    const doc = purchaseLineResource.document!;
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
          promiseQty: accepted ? (accepted.promiseQty ?? l.qty) : null,
          promiseDate: accepted ? day(-o.daysAgo + l.due + (accepted.late ?? 0)) : null,
          answerStatus: status,
          answerDate: path.length ? new Date(Date.now() - (o.daysAgo - 1) * 86_400_000) : null,
          answerName: path.length ? userName : null,
          lastReason: last?.reason ?? null,
          deliveryQty: l.delivered ?? '0',
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
