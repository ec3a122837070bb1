// Delivery notices (ASN): a supplier builds one from its accepted order lines, submits it, and the
// purchaser approves, rejects or voids it; while it is open its lines reserve their quantity on the
// order lines (delivery_qty, and with it the undelivered quantity and the delivery status), within the
// delivery rule's tolerance, and two notices racing for the last open quantity cannot both win. Bad
// input is refused with nothing written; one supplier never sees another's notices. Numeric arithmetic,
// row locks and generated columns differ by driver, so both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/core/dates.js';
import { addDecimals, subtractDecimals } from '../../engine/core/decimal.js';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const ASN = 'ISrmAsnHeadService';
const RULES = 'ISrmDeliveryRuleService';
const LINES = 'ISupSrmPurchaseService';
const CREATE_MENU = 'Offsite.Delivery.OrderDelivery.Detail';
const TRACKING_MENU = 'Offsite.Delivery.AsnTracking';
const LIST_MENU = 'Offsite.Delivery.AsnList';
const ORDER_MENU = 'Offsite.User.Order';

interface OrderLine {
  id: string;
  version: number;
  purchaseNo: string;
  purchaseSeq: number;
  orderType: string;
  answerStatus: string;
  deliveryQty: string;
  unDeliveryQty: string;
  deliveryStatus: string;
}
interface Asn {
  id: string;
  version: number;
  asnNo: string;
  status: string;
  lineList?: Record<string, unknown>[];
  [field: string]: unknown;
}

describe.each(BOTH_DBS)('delivery notices on %s', (kind) => {
  let s: TestServer;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  // The notices the tests make, besides the demo's: the first draft, the race's winner, the one shipped
  // at once under a rule.
  const made = { first: '', winner: '', atOnce: '', atOnceQty: '0' };
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [buyer, supplier1, supplier2] = await Promise.all(
      ['buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
    // The supplier accepts the first demo order's bolts and brackets as ordered.
    const [bolt, bracket] = await Promise.all([line('PO-SH01-260001', 10), line('PO-SH01-260001', 20)]);
    const r = await call(
      `${LINES}/acceptSrmPurchase`,
      { rows: [ref(bolt), ref(bracket)] },
      supplier1,
      ORDER_MENU,
    );
    expect(r.body.code, r.body.msg).toBe('0');
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: string, condition: unknown, token: string, menu = CREATE_MENU) =>
    s.call(method, { condition }, { token, menu });
  const ref = (r: { id: string; version: number }) => ({ id: r.id, version: r.version });
  async function line(purchaseNo: string, seq: number, token = supplier1): Promise<OrderLine> {
    const r = await call(`${LINES}/getSrmPurchasePage`, { purchaseNo }, token, ORDER_MENU);
    return (r.body.response.data.records as OrderLine[]).find((l) => l.purchaseSeq === seq)!;
  }
  const head = {
    orgNo: 'SH01',
    orderType: '1',
    deliveryDate: '2026-12-01',
    expectedArrivalDate: '2026-12-03',
    warehouseNo: 'SH01-RM',
    shipAddress: 'No. 8 Supplier Road, Kunshan',
    deliveryAddress: 'Shanghai Manufacturing Centre, raw material gate 2',
    sender: 'Li Wei',
    senderContact: '13800000001',
    wayCarriage: '2',
  };
  async function draft(lines: { purchaseId: string; deliveryQty: string }[], extra = {}): Promise<Asn> {
    const r = await call(`${ASN}/addSrmAsnHead`, { ...head, ...extra, lineList: lines }, supplier1);
    expect(r.body.code, r.body.msg).toBe('0');
    return get(r.body.response.data.id);
  }
  async function get(id: string, token = supplier1, menu = TRACKING_MENU): Promise<Asn> {
    const r = await call(`${ASN}/getSrmAsnHeadById`, { id }, token, menu);
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data;
  }
  const move = (method: string, asn: Asn, token: string, menu: string, reason?: string) =>
    call(`${ASN}/${method}`, { rows: [ref(asn)], ...(reason ? { reason } : {}) }, token, menu);
  const count = async () =>
    (await call(`${ASN}/getSrmAsnHeadPage`, {}, supplier1, TRACKING_MENU)).body.response.data
      .rowCount as number;

  it('offers on the order delivery page only the accepted lines still owed, one order type a tab, each supplier its own', async () => {
    const SHIP_MENU = 'Offsite.Delivery.OrderDelivery';
    const page = async (token: string, condition: Record<string, unknown> = {}, menu = SHIP_MENU) =>
      s.call(`${LINES}/getShippableLinePage`, { size: 1000, condition }, { token, menu });
    const mine = await page(supplier1, { countBy: 'orderType' });
    expect(mine.body.code, mine.body.msg).toBe('0');
    const lines = mine.body.response.data.records as OrderLine[];
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l.answerStatus).toBe('1');
      expect(Number(l.unDeliveryQty)).toBeGreaterThan(0);
    }
    expect(lines.map((l) => `${l.purchaseNo}/${l.purchaseSeq}`)).toEqual(
      expect.arrayContaining(['PO-SH01-260001/10', 'PO-SH01-260001/20']),
    );
    // The tabs' counts add up to the rows; a tab shows one order type.
    const counts = mine.body.response.data.counts as Record<string, number>;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(lines.length);
    const general = await page(supplier1, { orderType: '1' });
    expect((general.body.response.data.records as OrderLine[]).every((l) => l.orderType === '1')).toBe(true);
    // The same list through the order list's call has lines still to confirm: this one never does.
    const all = await s.call(
      `${LINES}/getSrmPurchasePage`,
      { size: 1000, condition: {} },
      { token: supplier1, menu: ORDER_MENU },
    );
    const toConfirm = (all.body.response.data.records as OrderLine[]).filter((l) => l.answerStatus === '0');
    expect(toConfirm.length).toBeGreaterThan(0);
    expect(lines.some((l) => toConfirm.some((t) => t.id === l.id))).toBe(false);
    // Another supplier sees none of these; the purchaser has no such page; another menu does not serve it.
    const theirs = (await page(supplier2)).body.response.data.records as OrderLine[];
    expect(theirs.some((l) => lines.some((m) => m.id === l.id))).toBe(false);
    expect((await page(buyer)).body.errorCode).toBe('10005');
    expect((await page(supplier1, {}, ORDER_MENU)).body.errorCode).toBe('10005');
  });

  it('saves a draft from accepted order lines, numbered, the order data copied, nothing reserved', async () => {
    const bolt = await line('PO-SH01-260001', 10);
    const bracket = await line('PO-SH01-260001', 20);
    const asn = await draft([
      { purchaseId: bolt.id, deliveryQty: '2000' },
      { purchaseId: bracket.id, deliveryQty: '800' },
    ]);
    made.first = asn.id;
    expect(asn).toMatchObject({ status: 'D', supplierNo: 'SUP001', orgNo: 'SH01' });
    expect(asn.asnNo).toMatch(/^ASN\d{8}\d{4}$/);
    const lines = (await call(`${ASN}/getSrmAsnLineList`, { headId: asn.id }, supplier1, TRACKING_MENU)).body
      .response.data.records as Record<string, unknown>[];
    expect(
      lines.map((l) => [l.lineSeq, l.purchaseNo, l.purchaseSeq, l.itemNo, l.unitNo, l.deliveryQty]),
    ).toEqual([
      [1, 'PO-SH01-260001', 10, 'M-1001', expect.any(String), '2000'],
      [2, 'PO-SH01-260001', 20, 'M-2001', expect.any(String), '800'],
    ]);
    // A draft reserves nothing, and is the supplier's own: the purchaser does not see it.
    expect((await line('PO-SH01-260001', 10)).deliveryQty).toBe('0');
    expect((await call(`${ASN}/getSrmAsnHeadById`, { id: asn.id }, buyer, LIST_MENU)).body.code).not.toBe(
      '0',
    );
    const drafts = await call(`${ASN}/getSrmAsnHeadPage`, { status: 'D' }, buyer, LIST_MENU);
    expect(drafts.body.response.data.rowCount).toBe(0);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const bolt = await line('PO-SH01-260001', 10);
    const carton = await line('PO-SH01-260001', 30); // still to confirm
    const subcontract = await line('PO-SH01-260003', 10);
    const theirs = await line('PO-HN01-260002', 10, supplier2);
    const before = await count();
    const refused = async (condition: Record<string, unknown>) => {
      const r = await call(`${ASN}/addSrmAsnHead`, { ...head, ...condition }, supplier1);
      expect(r.body.code).not.toBe('0');
      // A payload the schema refuses is answered before the service, in the transport's envelope.
      return (r.body.msg ?? r.body.errorMessage) as string;
    };
    const one = (purchaseId: string, deliveryQty = '1') => ({ lineList: [{ purchaseId, deliveryQty }] });
    expect(await refused(one(bolt.id, '0'))).toMatch(/^Line 1: .*(at least|greater)/);
    expect(await refused(one(bolt.id, '1.000001'))).toMatch(/^Line 1: .*decimals/);
    expect(await refused(one(carton.id))).toContain(
      'Order line PO-SH01-260001/30 is not accepted: answer the order first',
    );
    expect(await refused(one(subcontract.id))).toContain('one order type a notice');
    expect(await refused(one(theirs.id))).toMatch(/^Line 1: Order line "[0-9a-f-]{36}" does not exist/);
    expect(await refused({ ...one(bolt.id), sender: '' })).toMatch(/Sender.*required/);
    expect(await refused({ ...one(bolt.id), expectedArrivalDate: '2026-11-30' })).toMatch(
      /Expected arrival.*must not be before Delivery date/,
    );
    expect(await refused({ ...one(bolt.id), supplierNo: 'SUP002' })).not.toBe('');
    expect(await refused({ lineList: [] })).not.toBe('');
    expect(await count()).toBe(before);
  });

  it('submits: the order lines reserve the quantity, and a shipment beyond what is owed is refused', async () => {
    const [asn] = (await call(`${ASN}/getSrmAsnHeadPage`, { status: 'D' }, supplier1, TRACKING_MENU)).body
      .response.data.records as Asn[];
    const r = await move('submitSrmAsnHead', asn, supplier1, CREATE_MENU);
    expect(r.body.code, r.body.msg).toBe('0');
    expect((await get(asn.id)).status).toBe('0');
    const bolt = await line('PO-SH01-260001', 10);
    const bracket = await line('PO-SH01-260001', 20);
    expect([bolt.deliveryQty, bolt.unDeliveryQty, bolt.deliveryStatus]).toEqual(['2000', '3000', '2']);
    expect([bracket.deliveryQty, bracket.unDeliveryQty, bracket.deliveryStatus]).toEqual(['800', '0', '3']);
    // Nothing of the brackets is owed any more.
    const more = await draft([{ purchaseId: bracket.id, deliveryQty: '1' }]);
    const over = await move('submitSrmAsnHead', more, supplier1, CREATE_MENU);
    expect(over.body.msg).toContain(
      'order PO-SH01-260001, item sequence 20: the total shipment 1 exceeds the undelivered quantity 0',
    );
    expect((await get(more.id)).status).toBe('D');
    // The answer of a line with goods on their way can no longer be reopened.
    const reopen = await call(`${LINES}/changeSrmPurchase`, { rows: [ref(bracket)] }, supplier1, ORDER_MENU);
    expect(reopen.body.msg).toContain('already shipped');
  });

  it('lets one of two notices racing for the last open quantity win', async () => {
    const bolt = await line('PO-SH01-260001', 10);
    const a = await draft([{ purchaseId: bolt.id, deliveryQty: '3000' }]);
    const b = await draft([{ purchaseId: bolt.id, deliveryQty: '3000' }]);
    const results = await Promise.all([
      move('submitSrmAsnHead', a, supplier1, CREATE_MENU),
      move('submitSrmAsnHead', b, supplier1, CREATE_MENU),
    ]);
    expect(results.map((r) => r.body.code === '0').sort()).toEqual([false, true]);
    expect(results.find((r) => r.body.code !== '0')!.body.msg).toContain(
      'exceeds the undelivered quantity 0',
    );
    made.winner = results[0].body.code === '0' ? a.id : b.id;
    expect((await line('PO-SH01-260001', 10)).deliveryQty).toBe('5000');
  });

  it('rejected with a reason it gives the quantity back; fixed and submitted again, it is approved', async () => {
    const asn = await get(made.winner); // 3000 bolts
    expect((await move('rejectSrmAsnHead', asn, buyer, LIST_MENU)).body.msg).toMatch(/reason/i);
    // Only the purchaser approves or rejects.
    expect((await move('approveSrmAsnHead', asn, supplier1, LIST_MENU)).body.code).not.toBe('0');
    const r = await move('rejectSrmAsnHead', asn, buyer, LIST_MENU, 'Pallets must be wrapped.');
    expect(r.body.code, r.body.msg).toBe('0');
    expect((await line('PO-SH01-260001', 10)).deliveryQty).toBe('2000');

    const rejected = await get(asn.id);
    expect(rejected).toMatchObject({ status: '1', lastReason: 'Pallets must be wrapped.' });
    const lines = (await call(`${ASN}/getSrmAsnLineList`, { headId: asn.id }, supplier1, TRACKING_MENU)).body
      .response.data.records as Record<string, unknown>[];
    const saved = await call(
      `${ASN}/updateSrmAsnHeadById`,
      { ...rejected, remark: 'Wrapped', lineList: [{ ...lines[0], deliveryQty: '2500' }] },
      supplier1,
      TRACKING_MENU,
    );
    expect(saved.body.code, saved.body.msg).toBe('0');
    expect((await move('submitSrmAsnHead', await get(asn.id), supplier1, CREATE_MENU)).body.code).toBe('0');
    expect((await line('PO-SH01-260001', 10)).deliveryQty).toBe('4500');
    const approved = await move('approveSrmAsnHead', await get(asn.id), buyer, LIST_MENU);
    expect(approved.body.code, approved.body.msg).toBe('0');
    expect(await get(asn.id)).toMatchObject({ status: '2', approveName: expect.any(String) });
    // A shipped notice is no longer the supplier's to change.
    const late = await call(
      `${ASN}/updateSrmAsnHeadById`,
      { ...(await get(asn.id)), remark: 'x' },
      supplier1,
    );
    expect(late.body.code).not.toBe('0');

    const history = (await call(`${ASN}/getSrmAsnHeadHistory`, { id: asn.id }, buyer, LIST_MENU)).body
      .response.data as { transition: string; toStatus: string; reason: string | null }[];
    expect(history.map((h) => [h.transition, h.toStatus])).toEqual([
      ['submit', '0'],
      ['reject', '1'],
      ['submit', '0'],
      ['approve', '2'],
    ]);
    const events = await s.server.database.db
      .selectFrom('intOutbox')
      .select(['event'])
      .where('docKind', '=', 'asn')
      .where('docNo', '=', asn.asnNo)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual([
      'asn.submitted',
      'asn.rejected',
      'asn.submitted',
      'asn.approved',
    ]);
  });

  it('follows the delivery rule: tolerance, no approval needed, a frozen supplier', async () => {
    const bolts = await line('PO-SH01-260002', 10); // 12000 accepted; the demo's pending notice holds some
    const undelivered = bolts.unDeliveryQty;
    const add = await call(
      `${RULES}/addSrmDeliveryRule`,
      { orgNo: 'SH01', supplierNo: 'SUP001', overTolerance: '10', needApproval: 'N' },
      buyer,
      'Offsite.Config.DeliveryRule',
    );
    expect(add.body.code, add.body.msg).toBe('0');
    // 10 % of the 12000 ordered on top of what is still owed.
    const allowed = addDecimals(undelivered, '1200');
    const over = addDecimals(allowed, '0.00001');
    const tooMuch = await draft([{ purchaseId: bolts.id, deliveryQty: over }]);
    expect((await move('submitSrmAsnHead', tooMuch, supplier1, CREATE_MENU)).body.msg).toContain(
      `the total shipment ${over} exceeds the undelivered quantity ${undelivered}`,
    );
    const within = await draft([{ purchaseId: bolts.id, deliveryQty: allowed }]);
    made.atOnce = within.id;
    made.atOnceQty = allowed;
    expect((await move('submitSrmAsnHead', within, supplier1, CREATE_MENU)).body.code).toBe('0');
    // No approval needed: shipped at once, and the history says by what.
    expect((await get(within.id)).status).toBe('2');
    const history = (await call(`${ASN}/getSrmAsnHeadHistory`, { id: within.id }, supplier1, TRACKING_MENU))
      .body.response.data as { transition: string; toStatus: string }[];
    expect(history.map((h) => h.transition)).toEqual(['submit', 'autoApprove']);
    const owed = await line('PO-SH01-260002', 10);
    expect(owed).toMatchObject({ unDeliveryQty: '0', deliveryStatus: '3' });
    // Nothing is left to ship: choosing the line on the order list for a new notice is refused, naming it.
    const again = await call(
      `${ASN}/createSrmAsnFromLines`,
      { rows: [ref(owed)], deliveryDate: '2026-12-01', expectedArrivalDate: '2026-12-02' },
      supplier1,
      ORDER_MENU,
    );
    expect(again.body.msg).toBe(
      'Line 1: Order line PO-SH01-260002/10 has nothing left to ship: all of it is on delivery notices or received.',
    );

    const rule = (await call(`${RULES}/getSrmDeliveryRulePage`, {}, buyer, 'Offsite.Config.DeliveryRule'))
      .body.response.data.records[0];
    const frozen = await call(
      `${RULES}/updateSrmDeliveryRuleById`,
      { ...rule, frozen: 'Y' },
      buyer,
      'Offsite.Config.DeliveryRule',
    );
    expect(frozen.body.code, frozen.body.msg).toBe('0');
    const bolt = await line('PO-SH01-260001', 10);
    const blocked = await draft([{ purchaseId: bolt.id, deliveryQty: '1' }]);
    expect((await move('submitSrmAsnHead', blocked, supplier1, CREATE_MENU)).body.msg).toContain(
      'frozen for deliveries in organization SH01',
    );
    // A bad rule is refused in the caller's language.
    const bad = await call(
      `${RULES}/addSrmDeliveryRule`,
      { orgNo: 'SH01', itemNo: 'M-1001', overTolerance: '101', aheadDays: 0 },
      buyer,
      'Offsite.Config.DeliveryRule',
    );
    expect(bad.body.code).not.toBe('0');
  });

  it('cancelled by the supplier or voided by the purchaser, a notice gives its quantity back', async () => {
    // The supplier cancels its pending notice of 2000 bolts and 800 brackets.
    const first = await get(made.first);
    expect(first.status).toBe('0');
    const cancelled = await move('cancelSrmAsnHead', first, supplier1, TRACKING_MENU);
    expect(cancelled.body.code, cancelled.body.msg).toBe('0');
    expect((await line('PO-SH01-260001', 20)).deliveryQty).toBe('0');
    expect((await line('PO-SH01-260001', 10)).deliveryQty).toBe('2500');
    // The purchaser voids the shipped ones, with a reason.
    const bolts = await line('PO-SH01-260002', 10);
    const winner = await get(made.winner);
    expect((await move('voidSrmAsnHead', winner, buyer, LIST_MENU)).body.msg).toMatch(/reason/i);
    for (const id of [made.winner, made.atOnce]) {
      const voided = await move('voidSrmAsnHead', await get(id), buyer, LIST_MENU, 'Truck broke down.');
      expect(voided.body.code, voided.body.msg).toBe('0');
    }
    expect((await line('PO-SH01-260001', 10)).deliveryQty).toBe('0');
    // The demo's pending notice still holds its part of the bolts.
    const after = await line('PO-SH01-260002', 10);
    expect(after.deliveryQty).toBe(subtractDecimals(bolts.deliveryQty, made.atOnceQty));
  });

  it('ships chosen order lines in a draft from the order list, with what the supplier keeps', async () => {
    const bolts = await line('PO-SH01-260002', 10);
    const ship = (condition: Record<string, unknown>, token = supplier1) =>
      call(`${ASN}/createSrmAsnFromLines`, condition, token, ORDER_MENU);
    const dates = { deliveryDate: '2026-12-01', expectedArrivalDate: '2026-12-02' };
    const made = await ship({ rows: [ref(bolts)], ...dates, wayCarriage: '2', trackingNo: 'SF100' });
    expect(made.body.code, made.body.msg).toBe('0');
    const asn = await get(made.body.response.data.id);
    // The supplier's default address in the organisation, its contact, and the warehouse's address.
    expect(asn).toMatchObject({
      status: 'D',
      orgNo: 'SH01',
      orderType: '1',
      warehouseNo: 'SH01-RM',
      shipAddress: '18 Xinghu Street, Suzhou Industrial Park',
      sender: 'Zhang Wei',
      senderContact: '13800138000',
      trackingNo: 'SF100',
    });
    expect(String(asn.deliveryAddress)).not.toBe('');
    const lines = (await call(`${ASN}/getSrmAsnLineList`, { headId: asn.id }, supplier1, TRACKING_MENU)).body
      .response.data.records as Record<string, unknown>[];
    expect(lines.map((l) => [l.purchaseNo, l.purchaseSeq, l.deliveryQty])).toEqual([
      ['PO-SH01-260002', 10, bolts.unDeliveryQty],
    ]);
    // Lines of several order types, a stale line, a line not accepted, the purchaser: refused.
    const sub = await line('PO-SH01-260003', 10);
    expect((await ship({ rows: [ref(bolts), ref(sub)], ...dates })).body.msg).toMatch(/Order type/);
    expect(
      (await ship({ rows: [{ id: bolts.id, version: bolts.version - 1 }], ...dates })).body.code,
    ).not.toBe('0');
    const carton = await line('PO-SH01-260001', 30);
    expect((await ship({ rows: [ref(carton)], ...dates })).body.msg).toContain('is not accepted');
    expect((await ship({ rows: [ref(bolts)], ...dates }, buyer)).body.code).not.toBe('0');
    // Another supplier's line is not found.
    const theirs = await line('PO-HN01-260002', 10, supplier2);
    expect((await ship({ rows: [ref(theirs)], ...dates })).body.code).not.toBe('0');
  });

  it('keeps what a notice submitted meanwhile reserves when another is rejected', async () => {
    // The supplier is frozen since the rule test: thawed first; the rule also ships at once, so needs
    // approval again.
    const rule = (await call(`${RULES}/getSrmDeliveryRulePage`, {}, buyer, 'Offsite.Config.DeliveryRule'))
      .body.response.data.records[0];
    const thawed = await call(
      `${RULES}/updateSrmDeliveryRuleById`,
      { ...rule, frozen: 'N', needApproval: 'Y' },
      buyer,
      'Offsite.Config.DeliveryRule',
    );
    expect(thawed.body.code, thawed.body.msg).toBe('0');
    const bolt = await line('PO-SH01-260001', 10);
    const before = bolt.deliveryQty;
    const a = await draft([{ purchaseId: bolt.id, deliveryQty: '1000' }]);
    expect((await move('submitSrmAsnHead', a, supplier1, CREATE_MENU)).body.code).toBe('0');
    const b = await draft([{ purchaseId: bolt.id, deliveryQty: '700' }]);
    const [rejected, submitted] = await Promise.all([
      move('rejectSrmAsnHead', await get(a.id), buyer, LIST_MENU, 'Wrong lot.'),
      move('submitSrmAsnHead', b, supplier1, CREATE_MENU),
    ]);
    expect([rejected.body.code, submitted.body.code]).toEqual(['0', '0']);
    expect((await line('PO-SH01-260001', 10)).deliveryQty).toBe(addDecimals(before, '700'));
  });

  it('times each line against its due date on save, and again on submit, the notice by its worst line', async () => {
    const shippable = await s.call(
      `${LINES}/getShippableLinePage`,
      { size: 1000, condition: { orderType: '1', orgNo: 'SH01' } },
      { token: supplier1, menu: 'Offsite.Delivery.OrderDelivery' },
    );
    const order = (shippable.body.response.data.records as (OrderLine & Record<string, string>)[]).find(
      (l) => Number(l.unDeliveryQty) >= 1,
    )!;
    const due = order.promiseDate ?? order.expectArrivalDate;
    const timed = async (asn: Asn) =>
      (
        (await call(`${ASN}/getSrmAsnLineList`, { headId: asn.id }, supplier1, TRACKING_MENU)).body.response
          .data.records as Record<string, unknown>[]
      ).map((l) => l.deliveryTiming);
    const onTime = await draft([{ purchaseId: order.id, deliveryQty: '1' }], {
      deliveryDate: addDays(due, -2),
      expectedArrivalDate: due,
    });
    expect(await timed(onTime)).toEqual(['1']);
    const early = await draft([{ purchaseId: order.id, deliveryQty: '1' }], {
      deliveryDate: addDays(due, -32),
      expectedArrivalDate: addDays(due, -30),
    });
    expect(await timed(early)).toEqual(['2']);
    // The arrival moves a day past the due date, the lines kept: the submit times them again.
    const { lineList: _, ...kept } = onTime;
    const moved = await call(
      `${ASN}/updateSrmAsnHeadById`,
      { ...kept, expectedArrivalDate: addDays(due, 1) },
      supplier1,
      TRACKING_MENU,
    );
    expect(moved.body.code, moved.body.msg).toBe('0');
    expect(await timed(onTime)).toEqual(['1']);
    const submitted = await move('submitSrmAsnHead', await get(onTime.id), supplier1, CREATE_MENU);
    expect(submitted.body.code, submitted.body.msg).toBe('0');
    expect(await timed(onTime)).toEqual(['3']);
    expect((await get(onTime.id)).deliveryTiming).toBe('3');
    expect((await move('cancelSrmAsnHead', await get(onTime.id), supplier1, TRACKING_MENU)).body.code).toBe(
      '0',
    );
  });

  it('shows a supplier none of another supplier’s notices', async () => {
    const own = (await call(`${ASN}/getSrmAsnHeadPage`, {}, supplier1, TRACKING_MENU)).body.response.data;
    expect(own.rowCount).toBeGreaterThan(0);
    // Supplier2 has a notice of its own (the demo's), and none of supplier1's.
    const theirs = (await call(`${ASN}/getSrmAsnHeadPage`, {}, supplier2, TRACKING_MENU)).body.response.data;
    expect(theirs.rowCount).toBeGreaterThan(0);
    expect(new Set((theirs.records as Asn[]).map((a) => a.supplierNo))).toEqual(new Set(['SUP002']));
    const one = own.records[0] as Asn;
    for (const [method, condition] of [
      ['getSrmAsnHeadById', { id: one.id }],
      ['getSrmAsnHeadHistory', { id: one.id }],
      ['getSrmAsnLineList', { headId: one.id }],
    ] as const) {
      const r = await call(`${ASN}/${method}`, condition, supplier2, TRACKING_MENU);
      expect(r.body.code, method).not.toBe('0');
    }
    const searched = await call(`${ASN}/getSrmAsnHeadPage`, { keyword: one.asnNo }, supplier2, TRACKING_MENU);
    expect(searched.body.response.data.rowCount).toBe(0);
    expect((await move('cancelSrmAsnHead', one, supplier2, TRACKING_MENU)).body.code).not.toBe('0');
  });
});
