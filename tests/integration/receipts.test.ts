// Receipts from the warehouse: the WMS reports acceptance, rejection, return and put-away against the
// lines of a shipped delivery notice through the integration API; after every step the notice line, the
// notice's state and the order line's quantities are what the formulas say (exact decimals). Replays
// change nothing, older versions are ignored, newer ones correct; over-receipt, unknown, voided or
// closed lines and organisations the key does not serve are refused with nothing written. The purchaser
// closes a line and its rest goes back to the order. Each supplier sees its own receipts only, in
// lists and exports. Numeric sums, row locks and generated columns differ by driver, so both databases.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationClient } from '../../scripts/simulator/client.js';
import { receiveShipped } from '../../scripts/simulator/modes.js';
import { createRandom } from '../../scripts/simulator/random.js';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const ASN = 'ISrmAsnHeadService';
const LINES = 'ISupSrmPurchaseService';
const ORDER_MENU = 'Offsite.User.Order';
const CREATE_MENU = 'Offsite.Delivery.OrderDelivery.Detail';
const LIST_MENU = 'Offsite.Delivery.AsnList';
const TRACKING_MENU = 'Offsite.Delivery.AsnTracking';
const TRACKING = {
  acceptance: ['ICheckReceiptService/getCheckReceiptPage', 'ReceiptTracking.Acceptance.Details'],
  rejection: ['ICheckReturnService/getCheckReturnPage', 'ReceiptTracking.Rejection.Details'],
  return: ['ISrmBillReturnService/getSrmBillReturnPage', 'ReceiptTracking.Return.Details'],
  warehousing: ['IWarehousingDetailService/getWarehousingDetailPage', 'ReceiptTracking.Warehousing.Details'],
  all: ['ISrmReceivingDetailService/getReceivingDetailPage', 'Offsite.Delivery.ReceivingDetails'],
} as const;

type Kind = 'acceptance' | 'rejection' | 'return' | 'warehousing';
interface Ref {
  id: string;
  version: number;
}

describe.each(BOTH_DBS)('receipts from the warehouse on %s', (kind) => {
  let s: TestServer;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  let key: string;
  let hanoiKey: string;
  let asnNo = '';
  let asnId = '';
  let seq = 0;

  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    let admin: string;
    [admin, buyer, supplier1, supplier2] = await Promise.all(
      ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
    const newKey = async (keyName: string, orgNos: string) => {
      const r = await s.call(
        'ISysApiKeyService/addSysApiKey',
        { condition: { keyName, entities: 'receipt,event', orgNos } },
        { token: admin, menu: 'BaseManage.Config.ApiKey' },
      );
      expect(r.body.code, r.body.msg).toBe('0');
      return r.body.response.data.apiKey as string;
    };
    [key, hanoiKey] = await Promise.all([newKey('wms', 'SH01'), newKey('wms-hanoi', 'HN01')]);
    // Supplier1 accepts the bolts and brackets of the first demo order and ships 1000 bolts; the buyer
    // approves the notice.
    const [bolt, bracket] = await Promise.all([orderLine(10), orderLine(20)]);
    const accepted = await call(
      `${LINES}/acceptSrmPurchase`,
      { rows: [ref(bolt), ref(bracket)] },
      supplier1,
      ORDER_MENU,
    );
    expect(accepted.body.code, accepted.body.msg).toBe('0');
    const asn = await ship([{ purchaseId: bolt.id, deliveryQty: '1000' }]);
    asnNo = asn.asnNo;
    asnId = asn.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: string, condition: unknown, token: string, menu: string) =>
    s.call(method, { condition }, { token, menu });
  const ref = (r: Ref) => ({ id: r.id, version: r.version });
  async function orderLine(purchaseSeq: number) {
    const r = await call(
      `${LINES}/getSrmPurchasePage`,
      { purchaseNo: 'PO-SH01-260001' },
      supplier1,
      ORDER_MENU,
    );
    return (r.body.response.data.records as (Ref & Record<string, unknown>)[]).find(
      (l) => l.purchaseSeq === purchaseSeq,
    )!;
  }
  async function head(id: string) {
    const r = await call(`${ASN}/getSrmAsnHeadById`, { id }, buyer, LIST_MENU);
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data as Ref & { asnNo: string; status: string };
  }
  async function asnLines(id: string) {
    const r = await call(`${ASN}/getSrmAsnLineList`, { headId: id }, buyer, LIST_MENU);
    return r.body.response.data.records as (Ref & Record<string, unknown>)[];
  }
  /** A draft shipping these lines, submitted by supplier1 and approved by the buyer. */
  async function ship(lineList: { purchaseId: string; deliveryQty: string }[]) {
    const draft = await call(
      `${ASN}/addSrmAsnHead`,
      {
        orgNo: 'SH01',
        orderType: '1',
        deliveryDate: '2026-12-01',
        expectedArrivalDate: '2026-12-03',
        warehouseNo: 'SH01-RM',
        shipAddress: 'No. 8 Acme Road, Kunshan',
        deliveryAddress: 'Shanghai, gate 2',
        sender: 'Li Wei',
        senderContact: '13800000001',
        lineList,
      },
      supplier1,
      CREATE_MENU,
    );
    expect(draft.body.code, draft.body.msg).toBe('0');
    const id = draft.body.response.data.id as string;
    const submitted = await call(
      `${ASN}/submitSrmAsnHead`,
      { rows: [ref(await head2(id))] },
      supplier1,
      CREATE_MENU,
    );
    expect(submitted.body.code, submitted.body.msg).toBe('0');
    const approved = await call(
      `${ASN}/approveSrmAsnHead`,
      { rows: [ref(await head(id))] },
      buyer,
      LIST_MENU,
    );
    expect(approved.body.code, approved.body.msg).toBe('0');
    return head(id);
  }
  async function head2(id: string) {
    const r = await call(`${ASN}/getSrmAsnHeadById`, { id }, supplier1, TRACKING_MENU);
    return r.body.response.data as Ref;
  }
  const api = async (method: 'GET' | 'POST', url: string, body?: unknown, auth = key) => {
    const r = await s.server.app.inject({
      method,
      url: `/integration/v1${url}`,
      headers: { authorization: `Bearer ${auth}`, 'accept-language': 'en-US' },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: r.statusCode, body: r.json() };
  };
  const receipt = (type: Kind, qty: string, extra: Record<string, unknown> = {}) => ({
    externalId: `WMS-${type}-${++seq}`,
    externalVersion: 1,
    type,
    asnNo,
    lineSeq: 1,
    qty,
    ...extra,
  });
  const push = (receipts: unknown[], auth = key) => api('POST', '/receipts', { receipts }, auth);
  /** The order line's quantities and states, the notice line's and the notice's state. */
  async function state(id = asnId, purchaseSeq = 10) {
    const o = await orderLine(purchaseSeq);
    const [l] = await asnLines(id);
    return {
      order: [o.deliveryQty, o.receiveQty, o.checkReturnQty, o.returnExchangeQty, o.unDeliveryQty],
      orderStates: [o.deliveryStatus, o.receiptStatus],
      line: [l.receiveQty, l.rejectQty, l.unreceivedQty, l.lineStatus],
      status: (await head(id)).status,
    };
  }

  it('moves the quantities exactly through the chain: partial receipt, rejection, return, the rest, put-away', async () => {
    expect(await state()).toEqual({
      order: ['1000', '0', '0', '0', '4000'],
      orderStates: ['2', '1'],
      line: ['0', '0', '1000', '0'],
      status: '2',
    });
    // 600.25 accepted: the notice is partially received, the rest still on its way.
    const first = await push([receipt('acceptance', '600.25', { docNo: 'GR-0001', operator: 'Zhou' })]);
    expect(first, JSON.stringify(first.body)).toMatchObject({ status: 200, body: { created: 1 } });
    expect(await state()).toEqual({
      order: ['399.75', '600.25', '0', '0', '4000'],
      orderStates: ['2', '2'],
      line: ['600.25', '0', '399.75', '0'],
      status: '3',
    });
    // 50.5 refused at inspection, with its reason: owed again.
    await push([receipt('rejection', '50.5', { reason: 'Threads damaged' })]);
    expect(await state()).toEqual({
      order: ['349.25', '600.25', '50.5', '0', '4050.5'],
      orderStates: ['2', '2'],
      line: ['600.25', '50.5', '349.25', '0'],
      status: '3',
    });
    // 100 of the accepted sent back: owed again too.
    await push([receipt('return', '100', { reason: 'Wrong coating' })]);
    expect(await state()).toEqual({
      order: ['349.25', '600.25', '50.5', '100', '4150.5'],
      orderStates: ['2', '2'],
      line: ['600.25', '50.5', '349.25', '0'],
      status: '3',
    });
    // The rest accepted: nothing more expected, the notice is received.
    await push([receipt('acceptance', '349.25')]);
    expect(await state()).toEqual({
      order: ['0', '949.5', '50.5', '100', '4150.5'],
      orderStates: ['2', '2'],
      line: ['949.5', '50.5', '0', '0'],
      status: '4',
    });
    // Everything accepted is put away, in two moves (the return left from stock); not a unit more.
    const putAway = await push([
      receipt('warehousing', '900', { cellNo: 'A-01-01' }),
      receipt('warehousing', '49.5', { cellNo: 'A-01-02' }),
    ]);
    expect(putAway.body).toMatchObject({ created: 2 });
    const more = await push([receipt('warehousing', '0.00001')]);
    expect(more.status).toBe(422);
    expect(more.body.error.records[0].message).toContain(
      'put away would be 949.50001, more than the 949.5 accepted',
    );
    expect((await state()).order).toEqual(['0', '949.5', '50.5', '100', '4150.5']);

    // The notice's history shows the warehouse's moves; every receipt published asn.received.
    const history = (await call(`${ASN}/getSrmAsnHeadHistory`, { id: asnId }, buyer, LIST_MENU)).body.response
      .data as { transition: string; toStatus: string; source: string }[];
    expect(history.slice(-2).map((h) => [h.transition, h.toStatus, h.source])).toEqual([
      ['receive', '3', 'integration'],
      ['receive', '4', 'integration'],
    ]);
    const events = (await api('GET', '/events?after=0&limit=1000')).body.events as {
      event: string;
      docKind: string;
      docNo: string;
      supplierNo: string;
      payload: { to: string; fields: Record<string, string> };
    }[];
    const ofAsn = events.filter((e) => e.event === 'asn.received');
    // Each is an event of the notice, with the receipt's kind and quantity and the line's totals after it.
    expect(ofAsn[0]).toMatchObject({
      docKind: 'asn',
      docNo: asnNo,
      supplierNo: 'SUP001',
      payload: {
        to: '3',
        fields: { orgNo: 'SH01', docNo: 'GR-0001', lineReceiveQty: '600.25', lineUnreceivedQty: '399.75' },
      },
    });
    const received = ofAsn.map((e) => [
      e.payload.fields.receiptType,
      e.payload.fields.qty,
      e.payload.fields.asnNo,
    ]);
    expect(received.slice(0, 4)).toEqual([
      ['1', '600.25', asnNo],
      ['2', '50.5', asnNo],
      ['3', '100', asnNo],
      ['1', '349.25', asnNo],
    ]);
    // One batch's events come in one statement, in no promised order among themselves.
    expect(received.slice(4).sort()).toEqual([
      ['4', '49.5', asnNo],
      ['4', '900', asnNo],
    ]);
  });

  it('changes nothing on a replay, ignores an older version, takes a newer one as a correction', async () => {
    const ret = { externalId: 'WMS-RET-7', externalVersion: 2, type: 'return', asnNo, lineSeq: 1, qty: '20' };
    expect((await push([ret])).body).toMatchObject({ created: 1 });
    const before = await orderLine(10);
    expect(before.returnExchangeQty).toBe('120');
    const replay = await push([ret]);
    expect(replay.body).toMatchObject({ received: 1, created: 0, updated: 0, unchanged: 1, stale: 0 });
    const older = await push([{ ...ret, externalVersion: 1, qty: '5' }]);
    expect(older.body).toMatchObject({ stale: 1, updated: 0 });
    const after = await orderLine(10);
    expect([after.version, after.returnExchangeQty]).toEqual([before.version, '120']);
    // Version 3 corrects the quantity, version 4 voids the return: it no longer counts.
    expect((await push([{ ...ret, externalVersion: 3, qty: '12.5' }])).body).toMatchObject({ updated: 1 });
    expect((await orderLine(10)).returnExchangeQty).toBe('112.5');
    expect((await push([{ ...ret, externalVersion: 4, voided: true }])).body).toMatchObject({ updated: 1 });
    expect((await orderLine(10)).returnExchangeQty).toBe('100');
    // Moving a receipt to another line or kind is refused.
    const moved = await push([{ ...ret, externalVersion: 5, type: 'acceptance' }]);
    expect(moved.body.error.records[0].message).toContain('void it and send a new receipt');
  });

  it('refuses over-receipt, unknown lines, other organisations and bad input, all or nothing', async () => {
    const before = await state();
    const count = async () =>
      (await call(TRACKING.all[0], {}, buyer, TRACKING.all[1])).body.response.data.rowCount as number;
    const rows = await count();
    const refused = await push([
      receipt('warehousing', '1'),
      receipt('acceptance', '1'),
      receipt('acceptance', '1', { asnNo: 'ASN-NOPE' }),
      receipt('rejection', '1'),
      receipt('acceptance', '-2'),
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('10152');
    expect(
      refused.body.error.records.map((r: { index: number; message: string }) => [r.index, r.message]),
    ).toEqual([
      [0, `line ${asnNo}/1: put away would be 950.5, more than the 949.5 accepted`],
      [1, `line ${asnNo}/1: received and rejected would be 1001, more than the 1000 shipped`],
      [2, 'delivery notice line ASN-NOPE/1 does not exist'],
      [3, `line ${asnNo}/1: a rejection needs a reason`],
      [4, 'the quantity must be a number greater than 0 with at most 5 decimals'],
    ]);
    // Nothing of the batch was written, not even its first, valid-looking record.
    expect(await state()).toEqual(before);
    expect(await count()).toBe(rows);
    // A key serving another organisation may not receive for this one.
    const other = await push([receipt('acceptance', '1')], hanoiKey);
    expect(other.body.error.records[0].message).toBe('organization SH01 is not served by this key');
    const malformed = await api('POST', '/receipts', { receipts: [{ externalId: 'x', type: 'acceptance' }] });
    expect(malformed.status).toBe(400);
  });

  it('closes a line: its rest goes back to the order, the warehouse takes no more against it', async () => {
    const bracket = await orderLine(20);
    const asn = await ship([{ purchaseId: bracket.id, deliveryQty: '300' }]);
    const line = (extra: Record<string, unknown>) => ({ asnNo: asn.asnNo, lineSeq: 1, ...extra });
    await push([receipt('acceptance', '100', line({}))]);
    expect(await state(asn.id, 20)).toEqual({
      order: ['200', '100', '0', '0', '500'],
      orderStates: ['2', '2'],
      line: ['100', '0', '200', '0'],
      status: '3',
    });
    const [asnLine] = await asnLines(asn.id);
    // Only the purchaser, with a reason, on a notice that is receiving.
    const close = (token: string, reason?: string) =>
      call(
        `${ASN}/closeSrmAsnLine`,
        { rows: [ref(asnLine)], ...(reason ? { reason } : {}) },
        token,
        LIST_MENU,
      );
    expect((await close(supplier1, 'x')).body.code).not.toBe('0');
    expect((await close(buyer)).body.code).toBe('10143');
    const closed = await close(buyer, 'The rest will not come: short shipment agreed.');
    expect(closed.body.code, closed.body.msg).toBe('0');
    expect(await state(asn.id, 20)).toEqual({
      order: ['0', '100', '0', '0', '700'],
      orderStates: ['2', '2'],
      line: ['100', '0', '0', '1'],
      status: '4',
    });
    const history = (await call(`${ASN}/getSrmAsnLineHistory`, { id: asnLine.id }, buyer, LIST_MENU)).body
      .response.data as { transition: string; toStatus: string; reason: string }[];
    expect(history.map((h) => [h.transition, h.toStatus, h.reason])).toEqual([
      ['close', '1', 'The rest will not come: short shipment agreed.'],
    ]);
    const events = (await api('GET', '/events?after=0&limit=1000')).body.events as {
      event: string;
      docNo: string;
    }[];
    expect(events.filter((e) => e.event === 'asn.lineClosed').map((e) => e.docNo)).toEqual([
      `${asn.asnNo}/1`,
    ]);
    // The warehouse takes no more against it; a return of what it took is still fine.
    const late = await push([receipt('acceptance', '1', line({}))]);
    expect(late.body.error.records[0].message).toContain('is closed: the warehouse takes no more against it');
    expect((await push([receipt('return', '10', line({}))])).body).toMatchObject({ created: 1 });
    expect((await state(asn.id, 20)).order).toEqual(['0', '100', '0', '10', '710']);
  });

  it('shows each supplier its own receipts only, in every list and export', async () => {
    const mine = await call(TRACKING.acceptance[0], { asnNo }, supplier1, TRACKING.acceptance[1]);
    expect(mine.body.code, mine.body.msg).toBe('0');
    expect(
      mine.body.response.data.records.map((r: Record<string, unknown>) => [r.qty, r.docNo, r.status]),
    ).toEqual([
      ['349.25', expect.stringMatching(/^WMS-acceptance-/), 'Y'],
      ['600.25', 'GR-0001', 'Y'],
    ]);
    for (const [method, menu] of Object.values(TRACKING)) {
      const own = await call(method, {}, supplier1, menu);
      expect(own.body.response.data.rowCount, method).toBeGreaterThan(0);
      const theirs = await call(method, {}, supplier2, menu);
      expect(theirs.body.code, theirs.body.msg).toBe('0');
      expect(theirs.body.response.data.rowCount, method).toBe(0);
      expect(
        (await call(method, { supplierNo: 'SUP001' }, supplier2, menu)).body.response.data.rowCount,
      ).toBe(0);
    }
    // The receiving details of one notice: every kind, for both sides.
    const all = await call(TRACKING.all[0], { asnId, size: 100 }, buyer, TRACKING.all[1]);
    expect(
      new Set(all.body.response.data.records.map((r: Record<string, unknown>) => r.receiptType)),
    ).toEqual(new Set(['1', '2', '3', '4']));
    // The notice lists open the same receipts in their row dialog, each side through its own list.
    const fromList = await call(TRACKING.all[0], { asnId }, buyer, LIST_MENU);
    expect(fromList.body.response.data.rowCount).toBe(all.body.response.data.rowCount);
    expect(
      (await call(TRACKING.all[0], { asnId }, supplier1, TRACKING_MENU)).body.response.data.rowCount,
    ).toBe(all.body.response.data.rowCount);
    expect(
      (await call(TRACKING.all[0], { asnId }, supplier2, TRACKING_MENU)).body.response.data.rowCount,
    ).toBe(0);
    const rows = await sheet('ICheckReturnService/exportexcel', supplier1, TRACKING.rejection[1]);
    // Each code is followed by the name of what it names.
    expect(rows[0].slice(0, 5)).toEqual([
      'Document no.',
      'Status',
      'Receipt time',
      'Organization code',
      'Organization',
    ]);
    expect(
      rows
        .slice(1)
        .filter((r) => r.includes(asnNo))
        .map((r) => [r[1], r[6], r[8], r[18], r[19]]),
    ).toEqual([
      ['Reviewed', 'Acme Precision Components Co., Ltd.', 'Shanghai raw materials', 50.5, 'Threads damaged'],
    ]);
    const theirs = await sheet('ICheckReturnService/exportexcel', supplier2, TRACKING.rejection[1]);
    expect(theirs.length).toBe(1);
  });

  it('lets the simulated warehouse receive the shipped notices over the API, once', async () => {
    // The demo's shipped notice of 300 brackets on PO-SH01-260003/10 is the one still expected.
    const open = await api('GET', '/asns');
    const shipped = (open.body.asns as { asnNo: string; status: string }[]).filter((a) => a.status === '2');
    expect(shipped.length).toBeGreaterThan(0);
    const client = integrationClient(s.url, key);
    const first = await receiveShipped(client, createRandom(7));
    expect(first.asns).toBe(shipped.length);
    expect(first.created).toBe(first.receipts);
    for (const { asnNo: no } of shipped) {
      const r = await call(TRACKING.all[0], { asnNo: no, size: 50 }, supplier1, TRACKING.all[1]);
      const kinds = new Set(r.body.response.data.records.map((x: Record<string, unknown>) => x.receiptType));
      expect(kinds.has('1') && kinds.has('4')).toBe(true);
      const listed = await call(`${ASN}/getSrmAsnHeadPage`, { asnNo: no }, buyer, LIST_MENU);
      expect(listed.body.response.data.records[0].status).toBe('3');
    }
    // A second pass finds every notice worked on: nothing new is sent.
    expect(await receiveShipped(client, createRandom(7))).toMatchObject({ asns: 0, receipts: 0 });
  });

  /** The first sheet of an export, as rows of cell values (header first). */
  async function sheet(method: string, token: string, menu: string) {
    const res = await fetch(`${s.url}${API_PATH}/${method}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': menu,
        'accept-language': 'en-US',
      },
      body: JSON.stringify({ condition: {} }),
    });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }
});
