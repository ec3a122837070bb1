// The ERP simulator against a real server, as `npm run erp:simulate -- --once --admin admin:demo1234`
// runs it: the administrator's login and a new key through the portal's own calls, then the demo over
// the integration API on a socket. The orders arrive as generated (the supplier sees its own, with the
// amounts the database derives), and sending the demo again changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineAmount } from '../../engine/core/decimal.js';
import { integrationClient, portalLogin } from '../../scripts/simulator/client.js';
import { runOnce } from '../../scripts/simulator/modes.js';
import { demoOrders } from '../../scripts/simulator/orders.js';
import { localToday } from '../../scripts/simulator/random.js';
import { createKey } from '../../scripts/simulator/setup.js';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Offsite.User.Order';
const demo = { count: 40, seed: 11, today: localToday() };

describe.each(POSTGRES_ONLY)('the ERP simulator on %s', (kind) => {
  let s: TestServer;
  let key: string;
  let supplier1: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    const admin = await portalLogin(s.url, 'admin', 'demo1234');
    key = await createKey(admin, 'erp simulator test', ['SH01', 'HN01']);
    supplier1 = await s.login('supplier1');
  });
  afterAll(async () => {
    await s?.close();
  });

  /** supplier1's lines of the demo's orders, in order. */
  const demoLines = async () => {
    const r = await s.call(
      'ISupSrmPurchaseService/getSrmPurchasePage',
      { current: 1, size: 1000, condition: { purchaseNo: '4500', field: 'purchaseNo', order: 'asc' } },
      { token: supplier1, menu: MENU },
    );
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data.records as Record<string, unknown>[];
  };

  it('loads the demo through the API, and a replay changes nothing', async () => {
    const client = integrationClient(s.url, key);
    const first = await runOnce(client, { ...demo, batchOrders: 15 });
    expect(first).toMatchObject({ received: 40, created: 40, updated: 0, unchanged: 0, batches: 3 });

    // supplier1 sees exactly SUP001's orders of SH01, line by line as generated.
    const sent = demoOrders(demo).filter((o) => o.supplierNo === 'SUP001');
    const expected = sent.flatMap((o) =>
      o.lines.map((l) => ({
        purchaseNo: o.purchaseNo,
        purchaseSeq: l.purchaseSeq,
        batchSeq: l.batchSeq ?? 1,
        orderType: o.orderType,
        itemNo: l.itemNo,
        batchPurQty: l.batchPurQty,
        price: l.price,
        amount: lineAmount(l.batchPurQty, l.price as string),
        purchaseDate: o.purchaseDate,
        expectArrivalDate: l.expectArrivalDate,
        answerStatus: '0',
      })),
    );
    const lineKey = (l: { purchaseNo: unknown; purchaseSeq: unknown; batchSeq: unknown }) =>
      `${l.purchaseNo}/${String(l.purchaseSeq).padStart(4, '0')}/${l.batchSeq}`;
    const before = (await demoLines()).sort((a, b) => lineKey(a as never).localeCompare(lineKey(b as never)));
    expect(before.every((l) => l.orgNo === 'SH01' && l.supplierNo === 'SUP001')).toBe(true);
    expect(before.map((l) => Object.fromEntries(Object.keys(expected[0]).map((k) => [k, l[k]])))).toEqual(
      expected.sort((a, b) => lineKey(a).localeCompare(lineKey(b))),
    );

    // The warehouse's VMI stock of the VMI lines: counted, moved, and the stock now in the portal.
    expect(first.stock.places).toBeGreaterThan(0);
    expect(first.stock.snapshots).toMatchObject({ created: first.stock.places, stale: 0 });
    expect(first.stock.movements.created).toBe(first.stock.movements.received);
    const stock = await s.server.database.db.selectFrom('srmVmiStock').select(['qty', 'asOf']).execute();
    expect(stock).toHaveLength(first.stock.places);
    expect(stock.every((r) => r.asOf !== null && Number(r.qty) >= 0)).toBe(true);

    const replay = await runOnce(client, { ...demo, batchOrders: 15 });
    expect(replay).toMatchObject({ received: 40, created: 0, updated: 0, unchanged: 40 });
    expect(replay.stock.snapshots.unchanged).toBe(first.stock.places);
    expect(replay.stock.movements.unchanged).toBe(first.stock.movements.received);
    const after = (await demoLines()).sort((a, b) => lineKey(a as never).localeCompare(lineKey(b as never)));
    expect(after.map((l) => [l.id, l.version, l.updateDate])).toEqual(
      before.map((l) => [l.id, l.version, l.updateDate]),
    );
  });
});
