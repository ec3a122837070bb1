// Order tracking and the outsourced order's components. A line's path is built from what the portal
// keeps: the order, the supplier's answer (with the parts of a split), the date changes, the delivery
// notices that shipped it and what the warehouse reported through the integration API (received,
// rejected, returned, put away), each with its quantity and document; both sides see it, another
// supplier finds nothing. The ERP sends a subcontract line's components with the order: stored, replaced
// when sent again, refused on other order types, shown to the line's supplier only. Scope and the path
// behave alike on both drivers, so PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const ASN = 'ISrmAsnHeadService';
const LINES = 'ISupSrmPurchaseService';
const ORDER_MENU = 'Offsite.User.Order';
const OUTSOURCED_MENU = 'Offsite.Outsourced.Order';
const CREATE_MENU = 'Offsite.Delivery.OrderDelivery.Detail';
const LIST_MENU = 'Offsite.Delivery.AsnList';
const TRACKING_MENU = 'Offsite.Delivery.AsnTracking';

interface Ref {
  id: string;
  version: number;
}
interface Step {
  step: string;
  title: string;
  time: string;
  qty: string | null;
  docNo: string | null;
  details: string[];
}

const plusDays = (from: string, n: number) => {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe.each(POSTGRES_ONLY)('order tracking and components on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  let wms: string;
  let erp: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [admin, buyer, supplier1, supplier2] = await Promise.all(
      ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
    const newKey = async (keyName: string, entities: string) => {
      const r = await s.call(
        'ISysApiKeyService/addSysApiKey',
        { condition: { keyName, entities, orgNos: 'SH01' } },
        { token: admin, menu: 'BaseManage.Config.ApiKey' },
      );
      expect(r.body.code, r.body.msg).toBe('0');
      return r.body.response.data.apiKey as string;
    };
    [wms, erp] = await Promise.all([newKey('wms', 'receipt,event'), newKey('erp', 'purchaseOrder,event')]);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: string, condition: unknown, token: string, menu = ORDER_MENU) =>
    s.call(method, { condition }, { token, menu, lang: 'en-US' });
  const api = async (url: string, body: unknown, auth: string) => {
    const r = await s.server.app.inject({
      method: 'POST',
      url: `/integration/v1${url}`,
      headers: { authorization: `Bearer ${auth}`, 'accept-language': 'en-US' },
      payload: body as object,
    });
    return { status: r.statusCode, body: r.json() };
  };
  async function orderLine(purchaseNo: string, purchaseSeq: number, token = supplier1) {
    const r = await call(`${LINES}/getSrmPurchasePage`, { purchaseNo }, token);
    return (r.body.response.data.records as (Ref & Record<string, unknown>)[]).find(
      (l) => l.purchaseSeq === purchaseSeq,
    )!;
  }
  const tracking = async (id: string, token: string, menu = ORDER_MENU) => {
    const r = await call(`${LINES}/getSrmPurchaseTracking`, { id }, token, menu);
    return r.body;
  };
  async function asnHead(id: string, token = buyer, menu = LIST_MENU) {
    const r = await call(`${ASN}/getSrmAsnHeadById`, { id }, token, menu);
    return r.body.response.data as Ref & { asnNo: string };
  }

  it('tells a line its path: ordered, answered in parts, shipped, received, rejected, returned, put away', async () => {
    const bolt = await orderLine('PO-SH01-260001', 10);
    const d = String(bolt.purchaseDate);
    // Only the order so far.
    const fresh = await tracking(bolt.id, supplier1);
    expect(fresh.code, fresh.msg).toBe('0');
    expect((fresh.response.data as Step[]).map((x) => [x.step, x.qty])).toEqual([['ordered', '5000']]);

    const split = await call(
      `${LINES}/saveSrmPurchaseSplit`,
      {
        rows: [{ id: bolt.id, version: bolt.version }],
        answerList: [
          { promiseQty: '3000', promiseDate: plusDays(d, 5) },
          { promiseQty: '2000', promiseDate: plusDays(d, 20) },
        ],
      },
      supplier1,
    );
    expect(split.body.code, split.body.msg).toBe('0');
    const accepted = await call(
      `${LINES}/acceptSrmPurchase`,
      { rows: [{ id: bolt.id, version: split.body.response.data.version }] },
      supplier1,
    );
    expect(accepted.body.code, accepted.body.msg).toBe('0');

    // Shipped: 1000 on a notice the buyer approves.
    const draft = await call(
      `${ASN}/addSrmAsnHead`,
      {
        orgNo: 'SH01',
        orderType: '1',
        deliveryDate: plusDays(d, 3),
        expectedArrivalDate: plusDays(d, 5),
        warehouseNo: 'SH01-RM',
        shipAddress: 'No. 8 Acme Road, Kunshan',
        deliveryAddress: 'Shanghai, gate 2',
        sender: 'Li Wei',
        senderContact: '13800000001',
        lineList: [{ purchaseId: bolt.id, deliveryQty: '1000' }],
      },
      supplier1,
      CREATE_MENU,
    );
    expect(draft.body.code, draft.body.msg).toBe('0');
    const asnId = draft.body.response.data.id as string;
    const submitted = await call(
      `${ASN}/submitSrmAsnHead`,
      {
        rows: [await asnHead(asnId, supplier1, TRACKING_MENU)].map((h) => ({ id: h.id, version: h.version })),
      },
      supplier1,
      CREATE_MENU,
    );
    expect(submitted.body.code, submitted.body.msg).toBe('0');
    const pending = await asnHead(asnId);
    const approved = await call(
      `${ASN}/approveSrmAsnHead`,
      { rows: [{ id: pending.id, version: pending.version }] },
      buyer,
      LIST_MENU,
    );
    expect(approved.body.code, approved.body.msg).toBe('0');
    const { asnNo } = await asnHead(asnId);

    // The warehouse reports through the integration API.
    let n = 0;
    const receipt = (type: string, qty: string, extra: Record<string, unknown> = {}) => ({
      externalId: `WMS-T-${++n}`,
      externalVersion: 1,
      type,
      asnNo,
      lineSeq: 1,
      qty,
      ...extra,
    });
    for (const r of [
      receipt('acceptance', '600.25', { docNo: 'GR-T1' }),
      receipt('rejection', '50.5', { docNo: 'QC-T1', reason: 'Threads damaged' }),
      receipt('return', '100', { docNo: 'RT-T1', reason: 'Wrong coating' }),
      receipt('warehousing', '500.25', { docNo: 'PA-T1' }),
    ]) {
      const pushed = await api('/receipts', { receipts: [r] }, wms);
      expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    }

    const path = (await tracking(bolt.id, supplier1)).response.data as Step[];
    expect(path.map((x) => [x.step, x.qty, x.docNo])).toEqual([
      ['ordered', '5000', 'PO-SH01-260001'],
      ['answered', '5000', null],
      ['shipped', '1000', `${asnNo}/1`],
      ['received', '600.25', 'GR-T1'],
      ['rejected', '50.5', 'QC-T1'],
      ['returned', '100', 'RT-T1'],
      ['warehoused', '500.25', 'PA-T1'],
    ]);
    const answered = path[1];
    expect(answered.title).toBe('Accepted');
    expect(answered.details).toEqual(
      expect.arrayContaining([`Part 1: 3000 on ${plusDays(d, 5)}`, `Part 2: 2000 on ${plusDays(d, 20)}`]),
    );
    expect(path[4].details).toContain('Threads damaged');

    // The purchaser sees the same path; another supplier finds nothing of it.
    const seen = (await tracking(bolt.id, buyer)).response.data as Step[];
    expect(seen.map((x) => x.step)).toEqual(path.map((x) => x.step));
    expect((await tracking(bolt.id, supplier2)).code).toBe('10008');
    // Supplier2's own line tells its own path only.
    const theirs = await orderLine('PO-HN01-260001', 10, supplier2);
    const own = (await tracking(theirs.id, supplier2)).response.data as Step[];
    expect(own.every((x) => x.docNo === null || !x.docNo.startsWith(asnNo))).toBe(true);
    expect(own[0]).toMatchObject({ step: 'ordered', docNo: 'PO-HN01-260001' });
  });

  it('tells a refusal and a reopened answer with their reasons', async () => {
    const refused = await orderLine('PO-SH01-260002', 20);
    const path = (await tracking(refused.id, buyer)).response.data as Step[];
    expect(path.map((x) => x.step)).toEqual(['ordered', 'refused']);
    expect(path[1].details).toContain('The 3 mm steel is not available before next quarter.');
    const reopened = await orderLine('PO-SH01-260004', 10);
    const steps = ((await tracking(reopened.id, supplier1)).response.data as Step[]).map((x) => x.step);
    expect(steps).toEqual(['ordered', 'answered', 'reopened']);
    // Accepted again with its split (the demo's parts): the new answer tells its parts, the demo's first
    // answer (seeded without an event) none.
    const accepted = await call(
      `${LINES}/acceptSrmPurchase`,
      { rows: [{ id: reopened.id, version: reopened.version }] },
      supplier1,
    );
    expect(accepted.body.code, accepted.body.msg).toBe('0');
    const again = ((await tracking(reopened.id, supplier1)).response.data as Step[]).filter(
      (x) => x.step === 'answered',
    );
    expect(again.map((x) => x.details.filter((d) => d.startsWith('Part ')).length)).toEqual([0, 2]);
  });

  it('stores the components the ERP sends for a subcontract line and shows them to its supplier only', async () => {
    // The demo's subcontract order has its components.
    const listed = async (token: string, condition: Record<string, unknown>) => {
      const r = await call(`${LINES}/getSrmPurchaseComponentPage`, condition, token, OUTSOURCED_MENU);
      expect(r.body.code, r.body.msg).toBe('0');
      return r.body.response.data.records as Record<string, unknown>[];
    };
    const demo = await listed(supplier1, { purchaseNo: 'PO-SH01-260003' });
    expect(demo.map((c) => [c.itemNo, c.qty, c.unitNo])).toEqual([
      ['R-3001', '412.5', 'KG'],
      ['R-3002', '8.75', 'L'],
    ]);
    expect(await listed(supplier2, { purchaseNo: 'PO-SH01-260003' })).toEqual([]);
    // The outsourced order query lists subcontract lines only, whatever is searched, in the caller's scope.
    const outsourced = async (token: string, condition: Record<string, unknown> = {}) => {
      const r = await call(`${LINES}/getOutsourcedOrderPage`, condition, token, OUTSOURCED_MENU);
      expect(r.body.code, r.body.msg).toBe('0');
      return r.body.response.data.records as Record<string, unknown>[];
    };
    const subcontract = await outsourced(supplier1);
    expect(subcontract.map((l) => [l.purchaseNo, l.orderType])).toEqual([['PO-SH01-260003', '2']]);
    expect(await outsourced(supplier1, { orderType: '1' })).toEqual([]);
    expect((await outsourced(supplier2)).every((l) => l.supplierNo === 'SUP002' && l.orderType === '2')).toBe(
      true,
    );

    const order = (version: number, components: unknown[], orderType = '2') => ({
      externalId: 'ERP-SUB-1',
      externalVersion: version,
      purchaseNo: 'PO-SUB-0001',
      orgNo: 'SH01',
      supplierNo: 'SUP001',
      orderType,
      purchaseDate: '2026-11-02',
      lines: [
        {
          purchaseSeq: 10,
          itemNo: 'M-2001',
          unitNo: 'PCS',
          batchPurQty: '200',
          expectArrivalDate: '2026-11-30',
          components,
        },
      ],
    });
    const first = await api(
      '/purchase-orders',
      {
        orders: [
          order(1, [
            { itemNo: 'R-3001', itemName: 'Steel sheet', qty: '82.5', unitNo: 'KG' },
            { itemNo: 'R-3002', qty: 1.75, unitNo: 'L' },
          ]),
        ],
      },
      erp,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const line = await orderLine('PO-SUB-0001', 10);
    const mine = await listed(supplier1, { lineId: line.id });
    expect(mine.map((c) => [c.componentSeq, c.itemNo, c.qty, c.unitNo])).toEqual([
      [1, 'R-3001', '82.5', 'KG'],
      [2, 'R-3002', '1.75', 'L'],
    ]);
    // The buyer sees them; supplier2 does not.
    expect((await listed(buyer, { lineId: line.id })).length).toBe(2);
    expect(await listed(supplier2, { lineId: line.id })).toEqual([]);

    // Sent again: the ERP's new set replaces the old one.
    const second = await api(
      '/purchase-orders',
      { orders: [order(2, [{ componentSeq: 5, itemNo: 'R-3009', qty: '3', unitNo: 'KG' }])] },
      erp,
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await listed(supplier1, { lineId: line.id })).map((c) => [c.componentSeq, c.itemNo])).toEqual([
      [5, 'R-3009'],
    ]);

    // Refused, all of the batch: components of a general order, a quantity not above 0.
    const general = await api(
      '/purchase-orders',
      { orders: [order(3, [{ itemNo: 'R-1', qty: '1', unitNo: 'KG' }], '1')] },
      erp,
    );
    expect(general.status).toBe(422);
    expect(JSON.stringify(general.body)).toContain(
      'components are sent for subcontract orders (order type 2) only',
    );
    const zero = await api(
      '/purchase-orders',
      { orders: [order(3, [{ itemNo: 'R-1', qty: '0', unitNo: 'KG' }])] },
      erp,
    );
    expect(zero.status).toBe(422);
    expect(JSON.stringify(zero.body)).toContain('must be a number greater than 0');
    expect((await listed(supplier1, { lineId: line.id })).map((c) => c.itemNo)).toEqual(['R-3009']);
  });
});
