// Split answers: a supplier promises one order line as several parts (a quantity on a date each). The
// parts are stored as the line's answer lines, sum exactly to the line's promise (a partial promise is
// allowed, more than ordered is not), are shown to both sides and travel with the acceptance's event.
// Every refusal (a part not above 0, too many decimals, over the line, before the order date, a line
// no longer open, a stale version, another supplier's line, the purchaser) changes nothing. Scope,
// rules and messages behave alike on both drivers; decimals are held exact by decimals.test.ts, so
// PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToday } from '../../engine/core/dates.js';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const LINES = 'ISupSrmPurchaseService';
const HEADS = 'ISupSrmPurchaseHeadService';
const MENU = 'Offsite.User.Order';
const ACCEPTANCE = 'Offsite.User.Order.Acceptance';

interface Part {
  partSeq: number;
  promiseQty: string;
  promiseDate: string;
  remark: string | null;
}
interface Line {
  id: string;
  version: number;
  headId: string;
  purchaseNo: string;
  purchaseSeq: number;
  purchaseDate: string;
  batchPurQty: string;
  answerStatus: string;
  promiseQty: string | null;
  promiseDate: string | null;
  answerList: Part[];
}

/** The day `n` days after `from` (yyyy-MM-dd). */
const plusDays = (from: string, n: number) => {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe.each(POSTGRES_ONLY)('split answers on %s', (kind) => {
  let s: TestServer;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [buyer, supplier1, supplier2] = await Promise.all(
      ['buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: string, condition: unknown, token: string, menu = MENU) =>
    s.call(method, { condition }, { token, menu, lang: 'en-US' });
  async function line(purchaseNo: string, purchaseSeq: number, token = supplier1): Promise<Line> {
    const page = await call(`${LINES}/getSrmPurchasePage`, { purchaseNo }, token);
    const found = (page.body.response.data.records as Line[]).find((l) => l.purchaseSeq === purchaseSeq)!;
    const r = await call(`${LINES}/getSrmPurchaseById`, { id: found.id }, token);
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data as Line;
  }
  const split = (l: Pick<Line, 'id' | 'version'>, answerList: unknown, token = supplier1) =>
    call(`${LINES}/saveSrmPurchaseSplit`, { rows: [{ id: l.id, version: l.version }], answerList }, token);
  const parts = (l: Line) => l.answerList.map((p) => [p.promiseQty, p.promiseDate]);

  it('stores the parts as answer lines that make the promise: their exact sum, by the last date', async () => {
    const bolt = await line('PO-SH01-260001', 10);
    expect(bolt).toMatchObject({ answerStatus: '0', batchPurQty: '5000', answerList: [] });
    const d = bolt.purchaseDate;
    const r = await split(bolt, [
      { promiseQty: '3000.12345', promiseDate: plusDays(d, 5), remark: 'first truck' },
      { promiseQty: '1999.87655', promiseDate: plusDays(d, 20) },
    ]);
    expect(r.body.code, r.body.msg).toBe('0');
    const saved = await line('PO-SH01-260001', 10);
    expect(saved).toMatchObject({
      promiseQty: '5000',
      promiseDate: plusDays(d, 20),
      version: bolt.version + 1,
    });
    expect(parts(saved)).toEqual([
      ['3000.12345', plusDays(d, 5)],
      ['1999.87655', plusDays(d, 20)],
    ]);
    expect(saved.answerList.map((p) => [p.partSeq, p.remark])).toEqual([
      [1, 'first truck'],
      [2, null],
    ]);

    // The purchaser sees the same parts, on the line and as its answer lines.
    const seen = await call(`${LINES}/getSrmPurchaseById`, { id: bolt.id }, buyer);
    expect(parts(seen.body.response.data as Line)).toEqual(parts(saved));
    const listed = await call(`${LINES}/getSrmPurchaseAnswerList`, { lineId: bolt.id }, buyer);
    expect(listed.body.code, listed.body.msg).toBe('0');
    expect(listed.body.response.data.records.map((p: Part) => p.promiseQty)).toEqual([
      '3000.12345',
      '1999.87655',
    ]);

    // Accepting keeps the split and tells the ERP every part with the promise.
    const accepted = await call(
      `${LINES}/acceptSrmPurchase`,
      { rows: [{ id: saved.id, version: saved.version }] },
      supplier1,
    );
    expect(accepted.body.code, accepted.body.msg).toBe('0');
    const [event] = await s.server.database.db
      .selectFrom('intOutbox')
      .select(['payload'])
      .where('docId', '=', bolt.id)
      .where('event', '=', 'purchaseOrder.lineAccepted')
      .execute();
    expect((event.payload as { fields: Record<string, unknown> }).fields).toMatchObject({
      promiseQty: '5000',
      promiseDate: plusDays(d, 20),
      answerList: [
        { partSeq: 1, promiseQty: '3000.12345', promiseDate: plusDays(d, 5) },
        { partSeq: 2, promiseQty: '1999.87655', promiseDate: plusDays(d, 20) },
      ],
    });
  });

  it('allows a partial promise, and a single promise given over a split replaces it', async () => {
    const bracket = await line('PO-SH01-260001', 20);
    const d = bracket.purchaseDate;
    const r = await split(bracket, [
      { promiseQty: '300', promiseDate: plusDays(d, 4) },
      { promiseQty: 200.5, promiseDate: plusDays(d, 9) },
    ]);
    expect(r.body.code, r.body.msg).toBe('0');
    const partial = await line('PO-SH01-260001', 20);
    expect(partial).toMatchObject({ batchPurQty: '800', promiseQty: '500.5', promiseDate: plusDays(d, 9) });

    // The acceptance page saves one promise for the line: the parts go.
    const order = await call(
      `${HEADS}/getSrmPurchaseHeadById`,
      { id: partial.headId },
      supplier1,
      ACCEPTANCE,
    );
    const head = order.body.response.data as { id: string; version: number; lineList: Line[] };
    const saved = await call(
      `${HEADS}/saveSrmPurchaseHeadAnswer`,
      {
        id: head.id,
        version: head.version,
        lineList: head.lineList.map((l) =>
          l.id === partial.id
            ? { id: l.id, version: l.version, promiseQty: '800', promiseDate: plusDays(d, 10) }
            : l,
        ),
      },
      supplier1,
      ACCEPTANCE,
    );
    expect(saved.body.code, saved.body.msg).toBe('0');
    const single = await line('PO-SH01-260001', 20);
    expect(single).toMatchObject({ promiseQty: '800', promiseDate: plusDays(d, 10), answerList: [] });
  });

  it('refuses bad parts with a message naming the part, and changes nothing', async () => {
    const carton = await line('PO-SH01-260001', 30);
    const d = carton.purchaseDate;
    const ok = { promiseQty: '100', promiseDate: plusDays(d, 3) };
    const cases: [unknown[], string, RegExp][] = [
      [
        [ok, { promiseQty: '0', promiseDate: plusDays(d, 4) }],
        '10102',
        /Line 2: Promised qty must be greater than 0/,
      ],
      [[{ promiseQty: '-5', promiseDate: plusDays(d, 4) }], '10102', /Line 1: .* greater than 0/],
      [[ok, { promiseQty: '1.123456', promiseDate: plusDays(d, 4) }], '10102', /Line 2: .*decimal/],
      [
        [ok, { promiseQty: '140.50001', promiseDate: plusDays(d, 4) }],
        '10017',
        /240.50001, more than the 240.5 ordered/,
      ],
      [
        [ok, { promiseQty: '1', promiseDate: plusDays(d, -1) }],
        '10102',
        /^Line 2: Promised date is before the order date \d{4}-\d\d-\d\d\.$/,
      ],
      [[{ promiseQty: '1' }], '10102', /Line 1: .*required/],
    ];
    for (const [answerList, code, message] of cases) {
      const r = await split(carton, answerList);
      expect(r.body.code, JSON.stringify(answerList)).toBe(code);
      expect(r.body.msg).toMatch(message);
    }
    // More parts than a line may have: refused by the payload's shape.
    const many = Array.from({ length: 21 }, (_, i) => ({ promiseQty: '1', promiseDate: plusDays(d, i) }));
    expect((await split(carton, many)).body.code).not.toBe('0');
    const still = await line('PO-SH01-260001', 30);
    expect(still).toMatchObject({ version: carton.version, promiseQty: null, answerList: [] });
  });

  it('takes a split only while the answer is open, at its version, from the line owner', async () => {
    const d = localToday();
    // An accepted line: no split until the supplier reopens it (the acceptance change).
    const accepted = await line('PO-SH01-260002', 10);
    expect(accepted.answerStatus).toBe('1');
    const parts2 = [
      { promiseQty: '6000', promiseDate: plusDays(accepted.purchaseDate, 10) },
      { promiseQty: '6000', promiseDate: plusDays(d, 30) },
    ];
    const locked = await split(accepted, parts2);
    expect(locked.body.code).toBe('10145');
    expect((await line('PO-SH01-260002', 10)).answerList).toEqual([]);

    const reopened = await call(
      `${LINES}/changeSrmPurchase`,
      { rows: [{ id: accepted.id, version: accepted.version }], reason: 'Two trucks' },
      supplier1,
    );
    expect(reopened.body.code, reopened.body.msg).toBe('0');
    const open = await line('PO-SH01-260002', 10);
    // A stale version is refused; the current one is taken.
    expect((await split({ id: open.id, version: open.version - 1 }, parts2)).body.code).toBe('10007');
    // Another supplier does not find the line; the purchaser may not answer for the supplier.
    expect((await split(open, parts2, supplier2)).body.code).toBe('10008');
    expect((await split(open, parts2, buyer)).body.code).not.toBe('0');
    expect((await line('PO-SH01-260002', 10)).version).toBe(open.version);

    const taken = await split(open, parts2);
    expect(taken.body.code, taken.body.msg).toBe('0');
    expect(parts(await line('PO-SH01-260002', 10))).toEqual(parts2.map((p) => [p.promiseQty, p.promiseDate]));
    // No parts: the split is taken away, the promise stays.
    const cleared = await split(await line('PO-SH01-260002', 10), []);
    expect(cleared.body.code, cleared.body.msg).toBe('0');
    expect(await line('PO-SH01-260002', 10)).toMatchObject({ promiseQty: '12000', answerList: [] });
  });

  it('shows the demo split of a reopened answer to both sides, and none of it to another supplier', async () => {
    const vmi = await line('PO-SH01-260004', 10);
    expect(vmi.answerStatus).toBe('3');
    expect(vmi.answerList.map((p) => p.promiseQty)).toEqual(['10000', '10000']);
    expect(vmi.promiseDate).toBe(vmi.answerList[1].promiseDate);
    expect((await call(`${LINES}/getSrmPurchaseById`, { id: vmi.id }, supplier2)).body.code).toBe('10008');
    expect((await call(`${LINES}/getSrmPurchaseAnswerList`, { lineId: vmi.id }, supplier2)).body.code).toBe(
      '10008',
    );
  });
});
