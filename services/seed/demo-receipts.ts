// Demo receipts, after the demo notices: the 500 steel brackets the demo order PO-SH01-260003/10 has
// received came with an earlier notice of supplier1, received by the warehouse in two goods receipts,
// 20 refused at inspection with a reason, and put away into two cells; the notice is received (4). So the
// receipt-tracking lists show acceptance, rejection and warehousing rows to both sides after `npm start`,
// and the order line's quantities are worked out from the receipts like every other move's. (A partially
// received notice needs the simulated WMS: `npm run erp:simulate -- --once` receives part of each shipped
// notice; the demo's own open notices keep what they reserve.)
import type { Db } from '../db/database.js';
import { documentNumber } from '../document/lifecycle.js';
import { ASN, asnHeadResource } from '../modules/ISrmAsnHeadService.js';
import { RECEIPT, syncOrderDeliveries } from '../rules/delivery.js';
import { seedOnce } from './once.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const at = (daysAgo: number, hour = 10) => {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  d.setHours(hour, 30, 0, 0);
  return d;
};

const RECEIPTS: {
  type: string;
  docNo: string;
  qty: string;
  daysAgo: number;
  reason?: string;
  cellNo?: string;
  operator: string;
}[] = [
  { type: RECEIPT.acceptance, docNo: 'GR-SH01-0412', qty: '300', daysAgo: 9, operator: 'Zhou Min' },
  {
    type: RECEIPT.rejection,
    docNo: 'QC-SH01-0087',
    qty: '20',
    daysAgo: 9,
    reason: 'Burrs on the bending edge',
    operator: 'Zhou Min',
  },
  { type: RECEIPT.acceptance, docNo: 'GR-SH01-0418', qty: '200', daysAgo: 8, operator: 'Zhou Min' },
  {
    type: RECEIPT.warehousing,
    docNo: 'PA-SH01-0933',
    qty: '300',
    daysAgo: 8,
    cellNo: 'RM-A-01-02',
    operator: 'Chen Hao',
  },
  {
    type: RECEIPT.warehousing,
    docNo: 'PA-SH01-0941',
    qty: '200',
    daysAgo: 7,
    cellNo: 'RM-A-01-03',
    operator: 'Chen Hao',
  },
];

/** The demo receipts, once (marker demo-receipts); answers whether it wrote them. */
export async function seedReceiptsDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await seedOnce(tx, 'demo-receipts'))) return false;
    const order = await tx
      .selectFrom('srmPurchase')
      .selectAll()
      .where('purchaseNo', '=', 'PO-SH01-260003')
      .where('purchaseSeq', '=', 10)
      .executeTakeFirst();
    if (!order) return false;
    const doc = asnHeadResource.document!;
    const asnNo = await documentNumber(tx, doc, order.orgNo);
    const who = 'Acme sales desk';
    const { id: headId } = await tx
      .insertInto('srmAsnHead')
      .values({
        asnNo,
        orgNo: order.orgNo,
        supplierNo: order.supplierNo,
        orderType: order.orderType,
        status: ASN.received,
        deliveryDate: day(-11),
        expectedArrivalDate: day(-9),
        warehouseNo: order.warehouseNo ?? '',
        shipAddress: 'No. 8 Acme Road, Kunshan',
        deliveryAddress: `${order.orgNo} receiving, warehouse ${order.warehouseNo ?? ''}`,
        sender: 'Acme dispatch',
        senderContact: '021-5550 1234',
        wayCarriage: '2',
        trackingNo: 'SF1402260815',
        deliveryTiming: '1',
        submitDate: at(12),
        submitName: who,
        approveDate: at(11),
        approveName: 'Wang Li (purchasing)',
        version: 5,
        createName: who,
        updateName: 'WMS',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: lineId } = await tx
      .insertInto('srmAsnLine')
      .values({
        headId,
        lineSeq: 1,
        purchaseId: order.id,
        purchaseNo: order.purchaseNo,
        purchaseSeq: order.purchaseSeq,
        orgNo: order.orgNo,
        supplierNo: order.supplierNo,
        itemNo: order.itemNo,
        itemName: order.itemName,
        unitNo: order.unitNo,
        deliveryQty: '520',
        receiveQty: '500',
        rejectQty: '20',
        lotNo: 'L2610-22',
        deliveryTiming: '1',
        createName: who,
        updateName: 'WMS',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const history: [string, string | null, string, number, string, string][] = [
      ['submit', ASN.draft, ASN.pending, 12, 'supplier1', who],
      ['approve', ASN.pending, ASN.shipped, 11, 'buyer', 'Wang Li (purchasing)'],
      ['receive', ASN.shipped, ASN.partlyReceived, 9, '', 'WMS'],
      ['receive', ASN.partlyReceived, ASN.received, 8, '', 'WMS'],
    ];
    await tx
      .insertInto('sysDocHistory')
      .values(
        history.map(([transition, fromStatus, toStatus, daysAgo, userNo, userName]) => ({
          docKind: doc.kind,
          docId: headId,
          docNo: asnNo,
          transition,
          fromStatus,
          toStatus,
          reason: null,
          source: userNo ? 'portal' : 'integration',
          userNo: userNo || null,
          userName,
          createDate: at(daysAgo),
        })),
      )
      .execute();
    await tx
      .insertInto('srmReceipt')
      .values(
        RECEIPTS.map((r, i) => ({
          receiptType: r.type,
          docNo: r.docNo,
          orgNo: order.orgNo,
          supplierNo: order.supplierNo,
          warehouseNo: order.warehouseNo ?? '',
          asnId: headId,
          asnNo,
          asnLineId: lineId,
          lineSeq: 1,
          purchaseId: order.id,
          purchaseNo: order.purchaseNo,
          purchaseSeq: order.purchaseSeq,
          itemNo: order.itemNo,
          itemName: order.itemName,
          unitNo: order.unitNo,
          lotNo: 'L2610-22',
          qty: r.qty,
          reason: r.reason ?? null,
          cellNo: r.cellNo ?? null,
          operator: r.operator,
          receiptDate: at(r.daysAgo, 9 + i),
          receiptDay: day(-r.daysAgo),
          externalId: `WMS-DEMO-${i + 1}`,
          externalVersion: 1,
          createName: 'WMS',
          updateName: 'WMS',
        })),
      )
      .execute();
    await syncOrderDeliveries(tx, [order.id], 'WMS');
    return true;
  });
}
