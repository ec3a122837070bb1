// Demo delivery notices and delivery rules, after the demo orders: notices of both demo suppliers in the
// states a supplier and a purchaser meet first (a draft, one pending approval, one rejected with its
// reason, shipped ones), with their history; the order lines' reserved quantities are then worked out
// from them, as every move of a notice does. The general order line PO-SH01-260002/10 carries only a
// draft and a rejected notice, and supplier2's line a draft: they reserve nothing, so their answers may
// still be reopened.
import type { Db } from '../db/database.js';
import { documentNumber } from '../document/lifecycle.js';
import { ASN, asnHeadResource } from '../modules/ISrmAsnHeadService.js';
import { syncOrderDeliveries } from '../rules/delivery.js';
import { seedOnce } from './once.js';

interface DemoAsn {
  supplierNo: 'SUP001' | 'SUP002';
  lines: { purchaseNo: string; purchaseSeq: number; qty: string; lotNo?: string }[];
  /** The moves it made, in order (submit, approve, reject), with the reasons given. */
  path: { name: 'submit' | 'approve' | 'reject'; reason?: string }[];
  /** Days from today it left and is expected. */
  leaves: number;
  arrives: number;
  wayCarriage: '1' | '2' | '3';
  trackingNo?: string;
}

const DEMO_ASNS: DemoAsn[] = [
  {
    supplierNo: 'SUP001',
    lines: [{ purchaseNo: 'PO-SH01-260003', purchaseSeq: 10, qty: '300', lotNo: 'L2611-07' }],
    path: [{ name: 'submit' }, { name: 'approve' }],
    leaves: -2,
    arrives: 1,
    wayCarriage: '2',
    trackingNo: 'SF1402267731',
  },
  {
    supplierNo: 'SUP001',
    lines: [{ purchaseNo: 'PO-SH01-260003', purchaseSeq: 10, qty: '150', lotNo: 'L2611-12' }],
    path: [{ name: 'submit' }],
    leaves: 1,
    arrives: 3,
    wayCarriage: '3',
  },
  {
    supplierNo: 'SUP001',
    lines: [{ purchaseNo: 'PO-SH01-260002', purchaseSeq: 10, qty: '1000' }],
    path: [
      { name: 'submit' },
      { name: 'reject', reason: 'Two deliveries on one day: send it with the next one.' },
    ],
    leaves: 0,
    arrives: 2,
    wayCarriage: '1',
  },
  {
    supplierNo: 'SUP001',
    lines: [{ purchaseNo: 'PO-SH01-260002', purchaseSeq: 10, qty: '2000' }],
    path: [],
    leaves: 5,
    arrives: 7,
    wayCarriage: '2',
  },
  {
    supplierNo: 'SUP002',
    lines: [{ purchaseNo: 'PO-HN01-260002', purchaseSeq: 10, qty: '400', lotNo: 'HN-0311' }],
    path: [],
    leaves: 0,
    arrives: 2,
    wayCarriage: '2',
    trackingNo: 'VN88210044',
  },
];

const SENDERS = {
  SUP001: {
    sender: 'Acme dispatch',
    senderContact: '021-5550 1234',
    shipAddress: 'No. 8 Acme Road, Kunshan',
  },
  SUP002: {
    sender: 'Delta dispatch',
    senderContact: '024-3555 0199',
    shipAddress: 'Lot 12, Thang Long Park',
  },
};
const USERS = { SUP001: ['supplier1', 'Acme sales desk'], SUP002: ['supplier2', 'Delta sales desk'] };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);

/** The demo notices, once (marker demo-asn); answers whether it wrote them. */
export async function seedAsnDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await seedOnce(tx, 'demo-asn'))) return false;
    const doc = asnHeadResource.document!;
    const shipped: string[] = [];
    for (const a of DEMO_ASNS) {
      const orders = await Promise.all(
        a.lines.map((l) =>
          tx
            .selectFrom('srmPurchase')
            .selectAll()
            .where('purchaseNo', '=', l.purchaseNo)
            .where('purchaseSeq', '=', l.purchaseSeq)
            .executeTakeFirst(),
        ),
      );
      if (orders.some((o) => !o)) continue;
      const first = orders[0]!;
      const warehouse = first.warehouseNo ?? '';
      const [userNo, userName] = USERS[a.supplierNo];
      const last = a.path.at(-1);
      const status = last ? doc.transitions[last.name].to : ASN.draft;
      const asnNo = await documentNumber(tx, doc, first.orgNo);
      const { id } = await tx
        .insertInto('srmAsnHead')
        .values({
          asnNo,
          orgNo: first.orgNo,
          supplierNo: a.supplierNo,
          orderType: first.orderType,
          status,
          deliveryDate: day(a.leaves),
          expectedArrivalDate: day(a.arrives),
          warehouseNo: warehouse,
          ...SENDERS[a.supplierNo],
          deliveryAddress: `${first.orgNo} receiving, warehouse ${warehouse}`,
          wayCarriage: a.wayCarriage,
          trackingNo: a.trackingNo ?? null,
          lastReason: last?.reason ?? null,
          submitDate: a.path.length ? at(2) : null,
          submitName: a.path.length ? userName : null,
          approveDate: last?.name === 'approve' ? at(1) : null,
          approveName: last?.name === 'approve' ? 'Wang Li (purchasing)' : null,
          version: 1 + a.path.length,
          createName: userName,
          updateName: userName,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('srmAsnLine')
        .values(
          a.lines.map((l, i) => ({
            headId: id,
            lineSeq: i + 1,
            purchaseId: orders[i]!.id,
            purchaseNo: l.purchaseNo,
            purchaseSeq: l.purchaseSeq,
            orgNo: orders[i]!.orgNo,
            supplierNo: a.supplierNo,
            itemNo: orders[i]!.itemNo,
            itemName: orders[i]!.itemName,
            unitNo: orders[i]!.unitNo,
            deliveryQty: l.qty,
            lotNo: l.lotNo ?? null,
            createName: userName,
            updateName: userName,
          })),
        )
        .execute();
      let from: string = ASN.draft;
      for (const [step, p] of a.path.entries()) {
        const to = doc.transitions[p.name].to;
        const byBuyer = p.name !== 'submit';
        await tx
          .insertInto('sysDocHistory')
          .values({
            docKind: doc.kind,
            docId: id,
            docNo: asnNo,
            transition: p.name,
            fromStatus: from,
            toStatus: to,
            reason: p.reason ?? null,
            userNo: byBuyer ? 'buyer' : userNo,
            userName: byBuyer ? 'Wang Li (purchasing)' : userName,
            createDate: at(2 - step * 0.5),
          })
          .execute();
        from = to;
      }
      shipped.push(...orders.map((o) => o!.id));
    }
    await syncOrderDeliveries(tx, shipped, 'ERP');
    return true;
  });
}
