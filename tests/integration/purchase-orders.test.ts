// Purchase orders: what each supplier sees of them, the amounts and derived quantities the database
// keeps, and the supplier's answer of a line as a document (accept, refuse, reopen), saved through the
// order with its lines at their versions. Numeric values, generated columns and the history's arrays
// differ by driver, so both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineAmount, taxAmount } from '../../engine/core/decimal.js';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const LINES = 'ISupSrmPurchaseService';
const HEADS = 'ISupSrmPurchaseHeadService';
const MENU = 'Offsite.User.Order';
const ACCEPTANCE = 'Offsite.User.Order.Acceptance';

interface Line {
  id: string;
  version: number;
  headId: string;
  purchaseNo: string;
  purchaseSeq: number;
  itemNo: string;
  supplierNo: string;
  answerStatus: string;
  [field: string]: unknown;
}

describe.each(BOTH_DBS)('purchase orders on %s', (kind) => {
  let s: TestServer;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [buyer, supplier1, supplier2, admin] = await Promise.all([
      s.login('buyer'),
      s.login('supplier1'),
      s.login('supplier2'),
      s.login('admin'),
    ]);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: string, condition: unknown, token: string, menu = MENU, lang = 'en-US') =>
    s.call(method, { condition }, { token, menu, lang });
  const lines = async (token: string, condition: Record<string, unknown> = {}) => {
    const r = await call(`${LINES}/getSrmPurchasePage`, condition, token);
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data as { records: Line[]; rowCount: number; counts?: Record<string, number> };
  };
  const lineOf = async (purchaseNo: string, purchaseSeq: number, token = supplier1) =>
    (await lines(token, { purchaseNo })).records.find((l) => l.purchaseSeq === purchaseSeq)!;
  const ref = (l: { id: string; version: number }) => ({ id: l.id, version: l.version });

  it('shows each supplier its own order lines only, in lists, counts, heads and single reads', async () => {
    const own1 = await lines(supplier1, { countBy: 'answerStatus' });
    const own2 = await lines(supplier2, { countBy: 'answerStatus' });
    expect(own1.records.length).toBeGreaterThan(0);
    expect(new Set(own1.records.map((l) => l.supplierNo))).toEqual(new Set(['SUP001']));
    expect(new Set(own2.records.map((l) => l.supplierNo))).toEqual(new Set(['SUP002']));
    const counted = (c: Record<string, number> | undefined) =>
      Object.values(c ?? {}).reduce((a, b) => a + b, 0);
    expect(counted(own1.counts)).toBe(own1.rowCount);
    expect(counted(own2.counts)).toBe(own2.rowCount);
    // The purchaser sees both, each line naming its organisation and supplier, not only their codes.
    const all = await lines(buyer);
    expect(all.rowCount).toBe(own1.rowCount + own2.rowCount);
    const named = all.records as unknown as Record<string, string>[];
    const names = await s.server.database.db
      .selectFrom('bmSupplier')
      .select(['supplierNo', 'supplierName'])
      .execute();
    const orgs = await s.server.database.db.selectFrom('bmOrg').select(['orgNo', 'orgShortName']).execute();
    for (const l of named) {
      expect(l.supplierName).toBe(names.find((n) => n.supplierNo === l.supplierNo)?.supplierName);
      expect(l.orgShortName).toBe(orgs.find((o) => o.orgNo === l.orgNo)?.orgShortName);
    }

    // Another supplier's line, order and history are not found; a search for them finds nothing.
    const theirs = own2.records[0];
    expect((await call(`${LINES}/getSrmPurchaseById`, { id: theirs.id }, supplier1)).body.code).toBe('10008');
    expect((await call(`${HEADS}/getSrmPurchaseHeadById`, { id: theirs.headId }, supplier1)).body.code).toBe(
      '10008',
    );
    expect((await call(`${LINES}/getSrmPurchaseHistory`, { id: theirs.id }, supplier1)).body.code).toBe(
      '10008',
    );
    expect((await lines(supplier1, { purchaseNo: theirs.purchaseNo })).rowCount).toBe(0);
    const heads = await call(`${HEADS}/getSrmPurchaseHeadPage`, {}, supplier1);
    expect(
      heads.body.response.data.records.every((h: { supplierNo: string }) => h.supplierNo === 'SUP001'),
    ).toBe(true);
  });

  it('finds lines by a keyword in the number, item code or name, in any case, % and _ as text', async () => {
    const all = (await lines(supplier1, { size: 500 })).records;
    const bolt = await lineOf('PO-SH01-260001', 10);
    const contains = (l: Line, text: string) =>
      [l.purchaseNo, l.itemNo, l.itemName].some((v) =>
        String(v ?? '')
          .toLowerCase()
          .includes(text),
      );
    for (const keyword of [
      String(bolt.itemName).slice(1, 5).toUpperCase(),
      bolt.itemNo.toLowerCase(),
      'po-sh01-2600',
    ]) {
      const found = await lines(supplier1, { keyword, size: 500 });
      const wanted = all.filter((l) => contains(l, keyword.toLowerCase()));
      expect(wanted.length, keyword).toBeGreaterThan(0);
      expect(found.records.map((l) => l.id).sort(), keyword).toEqual(wanted.map((l) => l.id).sort());
      expect(found.rowCount).toBe(wanted.length);
    }
    // Wildcards are text; a keyword never spans two fields.
    expect((await lines(supplier1, { keyword: '%' })).rowCount).toBe(0);
    expect((await lines(supplier1, { keyword: 'PO_SH01' })).rowCount).toBe(0);
    const spanning = `${bolt.purchaseNo.slice(-3)}\n${bolt.itemNo.slice(0, 3)}`;
    expect((await lines(supplier1, { keyword: spanning })).rowCount).toBe(0);
  });

  it('keeps amounts and derived quantities exact: rounded per line, half up', async () => {
    const bolt = await lineOf('PO-SH01-260001', 10);
    // 5000 x 0.125 = 625; 13 % of it = 81.25.
    expect(bolt).toMatchObject({ batchPurQty: '5000', price: '0.125', amount: '625', taxAmount: '81.25' });
    const carton = await lineOf('PO-SH01-260001', 30);
    // 240.5 x 1.805 = 434.1025 -> 434.10; 13 % of 434.10 = 56.433 -> 56.43.
    expect(carton).toMatchObject({ amount: '434.1', taxAmount: '56.43' });
    // Ordered 1000, 450 on its way (the demo's shipped notice of 300 and pending one of 150), 500
    // received: 50 still owed; partly delivered, partly received.
    const sub = await lineOf('PO-SH01-260003', 10);
    expect(sub).toMatchObject({
      orderType: '2',
      deliveryQty: '450',
      receiveQty: '500',
      unDeliveryQty: '50',
      deliveryStatus: '2',
      receiptStatus: '2',
    });

    // The database derives every line's amounts as the browser computes them.
    for (const l of (await lines(buyer, { size: 200 })).records) {
      expect(l.amount).toBe(lineAmount(l.batchPurQty as string, l.price as string));
      expect(l.taxAmount).toBe(taxAmount(l.amount as string, l.taxRate as string));
    }

    const order = await call(`${HEADS}/getSrmPurchaseHeadById`, { id: bolt.headId }, supplier1);
    expect(order.body.code, order.body.msg).toBe('0');
    expect(order.body.response.data).toMatchObject({ purchaseNo: 'PO-SH01-260001', currency: 'CNY' });
    expect(order.body.response.data.lineList.map((l: Line) => l.purchaseSeq)).toEqual([10, 20, 30]);
  });

  it('accepts a line as ordered, records who and when, and names the line in the history', async () => {
    const bolt = await lineOf('PO-SH01-260001', 10);
    expect(bolt).toMatchObject({ answerStatus: '0', promiseQty: null, promiseDate: null });
    const r = await call(`${LINES}/acceptSrmPurchase`, { rows: [ref(bolt)] }, supplier1);
    expect(r.body.code, r.body.msg).toBe('0');
    const accepted = await lineOf('PO-SH01-260001', 10);
    expect(accepted).toMatchObject({
      answerStatus: '1',
      promiseQty: '5000',
      promiseDate: bolt.expectArrivalDate,
      answerName: 'Acme sales desk',
    });
    const history = (await call(`${LINES}/getSrmPurchaseHistory`, { id: bolt.id }, supplier1)).body.response
      .data;
    expect(history).toEqual([
      expect.objectContaining({ transition: 'accept', fromStatus: '0', toStatus: '1', userNo: 'supplier1' }),
    ]);

    // Accepting again names the line and the state it is in.
    const again = await call(`${LINES}/acceptSrmPurchase`, { rows: [ref(accepted)] }, supplier1);
    expect(again.body).toMatchObject({ code: '10140' });
    expect(again.body.msg).toBe('Accept is not possible: "PO-SH01-260001/10" is Accepted.');
  });

  it('refuses only with a reason, and only by the supplier', async () => {
    const bracket = await lineOf('PO-SH01-260001', 20);
    const bare = await call(`${LINES}/refuseSrmPurchase`, { rows: [ref(bracket)] }, supplier1);
    expect(bare.body.code).toBe('10143');
    // The purchaser's side may not answer for the supplier, whatever flags it holds.
    const byAdmin = await call(`${LINES}/refuseSrmPurchase`, { rows: [ref(bracket)], reason: 'x' }, admin);
    expect(byAdmin.body.code).toBe('10142');
    // The buyer lacks the flag.
    expect(
      (await call(`${LINES}/refuseSrmPurchase`, { rows: [ref(bracket)], reason: 'x' }, buyer)).http,
    ).toBe(403);
    // Another supplier cannot touch it.
    const other = await call(`${LINES}/refuseSrmPurchase`, { rows: [ref(bracket)], reason: 'x' }, supplier2);
    expect(other.body.code).not.toBe('0');
    expect((await lineOf('PO-SH01-260001', 20)).answerStatus).toBe('0');

    const r = await call(
      `${LINES}/refuseSrmPurchase`,
      { rows: [ref(bracket)], reason: 'No steel before March' },
      supplier1,
    );
    expect(r.body.code, r.body.msg).toBe('0');
    expect(await lineOf('PO-SH01-260001', 20)).toMatchObject({
      answerStatus: '2',
      lastReason: 'No steel before March',
    });
  });

  it('reopens an answer only while nothing is shipped', async () => {
    const shipped = await lineOf('PO-SH01-260003', 10);
    const refused = await call(`${LINES}/changeSrmPurchase`, { rows: [ref(shipped)] }, supplier1);
    expect(refused.body.code).toBe('10146');
    expect(refused.body.msg).toContain('already shipped or received');

    const accepted = await lineOf('PO-HN01-260002', 10, supplier2);
    const r = await call(
      `${LINES}/changeSrmPurchase`,
      { rows: [ref(accepted)], reason: 'New date' },
      supplier2,
    );
    expect(r.body.code, r.body.msg).toBe('0');
    expect((await lineOf('PO-HN01-260002', 10, supplier2)).answerStatus).toBe('3');
  });

  it('saves answers through the order: each line at its version, only while it may change', async () => {
    const save = (head: { id: string; version: number }, lineList: unknown[], lang = 'en-US') =>
      call(`${HEADS}/saveSrmPurchaseHeadAnswer`, { ...ref(head), lineList }, supplier2, ACCEPTANCE, lang);
    const housing = await lineOf('PO-HN01-260001', 10, supplier2);
    const bag = await lineOf('PO-HN01-260001', 20, supplier2);
    const head = (
      await call(`${HEADS}/getSrmPurchaseHeadById`, { id: housing.headId }, supplier2, ACCEPTANCE)
    ).body.response.data;

    // More than ordered: refused with the line's number, nothing written.
    const over = await save(head, [{ ...ref(housing), promiseQty: '1500.00001', promiseDate: null }]);
    expect(over.body.code).toBe('10102');
    expect(over.body.msg).toBe('Line 1: Promised qty 1500.00001 is more than the 1500 ordered.');
    // Before the order date: the field's label, then what is wrong with it, in the caller's language.
    const early = { ...ref(housing), promiseQty: '1', promiseDate: '2000-01-01' };
    const before = await save(head, [early]);
    expect(before.body.msg).toBe(`Line 1: Promised date is before the order date ${housing.purchaseDate}.`);
    expect((await save(head, [early], 'zh-CN')).body.msg).toBe(
      `第1行：承诺日期早于订单日期${housing.purchaseDate}。`,
    );
    // A line of another order is refused.
    const alien = await lineOf('PO-HN01-260002', 10, supplier2);
    expect((await save(head, [{ ...ref(alien), promiseQty: '1' }])).body.code).toBe('10110');
    // Not a decimal: refused by the request's schema, naming the field.
    const notDecimal = await save(head, [{ ...ref(housing), promiseQty: '1,5' }]);
    expect(notDecimal.body).toEqual({
      errorCode: '10002',
      errorMessage: 'Invalid request: Promised qty has an invalid format.',
    });

    const ok = await save(head, [
      { ...ref(housing), promiseQty: '1000', promiseDate: housing.expectArrivalDate },
      { ...ref(bag), promiseQty: '6000', promiseDate: bag.expectArrivalDate },
    ]);
    expect(ok.body.code, ok.body.msg).toBe('0');
    const saved = await lineOf('PO-HN01-260001', 10, supplier2);
    expect(saved).toMatchObject({ promiseQty: '1000', answerStatus: '0', version: housing.version + 1 });
    expect((await lineOf('PO-HN01-260001', 20, supplier2)).version).toBe(bag.version + 1);
    // A line sent back as it is stays as it is.
    const head2 = (await call(`${HEADS}/getSrmPurchaseHeadById`, { id: head.id }, supplier2, ACCEPTANCE)).body
      .response.data;
    const again = await save(
      head2,
      head2.lineList.map((l: Line) => ({ ...ref(l), promiseQty: l.promiseQty })),
    );
    expect(again.body.code, again.body.msg).toBe('0');
    expect((await lineOf('PO-HN01-260001', 20, supplier2)).version).toBe(bag.version + 1);

    // A stale line version changes nothing.
    const fresh = (await call(`${HEADS}/getSrmPurchaseHeadById`, { id: head.id }, supplier2, ACCEPTANCE)).body
      .response.data;
    const stale = await save(fresh, [{ ...ref(housing), promiseQty: '900' }]);
    expect(stale.body.code).toBe('10007');
    expect((await lineOf('PO-HN01-260001', 10, supplier2)).promiseQty).toBe('1000');

    // Accepting keeps the promise given; then the answer is frozen until reopened.
    expect((await call(`${LINES}/acceptSrmPurchase`, { rows: [ref(saved)] }, supplier2)).body.code).toBe('0');
    const done = await lineOf('PO-HN01-260001', 10, supplier2);
    expect(done).toMatchObject({ answerStatus: '1', promiseQty: '1000' });
    const latest = (await call(`${HEADS}/getSrmPurchaseHeadById`, { id: head.id }, supplier2, ACCEPTANCE))
      .body.response.data;
    const locked = await save(latest, [{ ...ref(done), promiseQty: '999' }], 'zh-CN');
    expect(locked.body.code).toBe('10145');
    expect(locked.body.msg).toContain('已接受');
  });
});
