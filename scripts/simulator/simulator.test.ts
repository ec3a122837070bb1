// The ERP simulator's generators: the same seed gives the same orders, every message is one the
// integration API's body schema takes, and every quantity, price and rate is exact decimal text.
import Ajv from 'ajv';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { addDecimals, checkDecimal, compareDecimals } from '../../engine/core/decimal.js';
import { MAX_LINES, MAX_ORDERS, ordersBody } from '../../services/integration/orders.js';
import { receiptsBody } from '../../services/integration/receipts.js';
import { movementsBody, snapshotsBody } from '../../services/integration/stock.js';
import { DEMO_BUYERS } from './catalogue.js';
import type { IngestResult, IntegrationClient, OutboxEvent } from './client.js';
import { answerSyncRequests, type FollowContext, runFollow, runOnce, runScale } from './modes.js';
import { demoOrders, lineChange, lineCount, type OrderIn, scaleBatches } from './orders.js';
import { addDays, createRandom, decimalOfUnits } from './random.js';
import { type OpenAsn, receiptsFor } from './receipts.js';
import { demoStock, type MovementIn, placeId, type SnapshotIn, stockMove, vmiPlaces } from './stock.js';

const ajv = new Ajv({ allowUnionTypes: true, strict: false });
// ajv-formats is CommonJS: its function is the default export or the module itself (services/http/server.ts).
const addFormats = (ajvFormats as unknown as { default?: typeof ajvFormats }).default ?? ajvFormats;
addFormats(ajv, { mode: 'full' });
const validBody = ajv.compile(ordersBody);
const validSnapshots = ajv.compile(snapshotsBody);
const validMovements = ajv.compile(movementsBody);

const TODAY = '2026-06-15';
/** Canonical decimal text: no exponent, no leading or trailing zeros, no sign on zero. */
const CANONICAL = /^(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/;

function expectValid(orders: OrderIn[]): void {
  expect(orders.length).toBeLessThanOrEqual(MAX_ORDERS);
  const ok = validBody({ orders });
  expect(ok, JSON.stringify(validBody.errors)).toBe(true);
  const seen = new Set<string>();
  for (const o of orders) {
    expect(seen.has(`${o.orgNo}/${o.purchaseNo}`)).toBe(false);
    seen.add(`${o.orgNo}/${o.purchaseNo}`);
    expect(o.lines.length).toBeLessThanOrEqual(MAX_LINES);
    const keys = new Set(o.lines.map((l) => `${l.purchaseSeq}/${l.phaseSeq ?? 1}/${l.batchSeq ?? 1}`));
    expect(keys.size).toBe(o.lines.length);
    for (const l of o.lines) {
      for (const [value, scale] of [
        [l.batchPurQty, 5],
        [l.price, 5],
        [l.taxRate, 4],
      ] as const) {
        expect(typeof value).toBe('string');
        expect(value).toMatch(CANONICAL);
        expect(checkDecimal(value, { scale }).value).toBe(value);
      }
      expect(compareDecimals(l.batchPurQty, '0')).toBe(1);
      expect(l.expectArrivalDate >= o.purchaseDate).toBe(true);
    }
  }
}

describe('the simulated ERP', () => {
  it('writes whole units as exact decimal text', () => {
    expect(decimalOfUnits(12345, 3)).toBe('12.345');
    expect(decimalOfUnits(1500, 3)).toBe('1.5');
    expect(decimalOfUnits(7, 4)).toBe('0.0007');
    expect(decimalOfUnits(500, 0)).toBe('500');
    expect(decimalOfUnits(0, 2)).toBe('0');
    expect(() => decimalOfUnits(0.5, 2)).toThrow();
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('draws the same numbers from the same seed', () => {
    const a = createRandom(7);
    const b = createRandom(7);
    const c = createRandom(8);
    const draw = (r: typeof a) => Array.from({ length: 20 }, () => r.int(0, 1000));
    const first = draw(a);
    expect(draw(b)).toEqual(first);
    expect(draw(c)).not.toEqual(first);
  });

  it('makes the same demo from the same seed and day, and another from another seed', () => {
    const opts = { count: 300, seed: 42, today: TODAY };
    expect(demoOrders(opts)).toEqual(demoOrders(opts));
    expect(demoOrders({ ...opts, seed: 43 })).not.toEqual(demoOrders(opts));
    // Which organisation an order number belongs to does not depend on the seed.
    expect(demoOrders({ ...opts, seed: 43 }).map((o) => o.orgNo)).toEqual(
      demoOrders(opts).map((o) => o.orgNo),
    );
  });

  it('makes a demo the API takes: both suppliers, every order type, dates over months and weeks', () => {
    const orders = demoOrders({ count: 300, seed: 42, today: TODAY });
    for (let i = 0; i < orders.length; i += 100) expectValid(orders.slice(i, i + 100));
    expect(new Set(orders.map((o) => `${o.orgNo}/${o.supplierNo}`))).toEqual(
      new Set(['SH01/SUP001', 'HN01/SUP002']),
    );
    expect(new Set(orders.map((o) => o.orderType))).toEqual(new Set(['1', '2', '3']));
    expect(lineCount(orders)).toBeGreaterThan(2 * orders.length);
    // Every line names an item of its organisation's catalogue, in the unit the catalogue sells it.
    for (const o of orders) {
      const items = DEMO_BUYERS.find((b) => b.orgNo === o.orgNo)!.items;
      for (const l of o.lines)
        expect(items.some((it) => it.itemNo === l.itemNo && it.unitNo === l.unitNo)).toBe(true);
    }
    const dates = orders.map((o) => o.purchaseDate).sort();
    expect(dates[0] < addDays(TODAY, -120)).toBe(true);
    expect(dates.at(-1)! <= TODAY).toBe(true);
    const due = orders.flatMap((o) => o.lines.map((l) => l.expectArrivalDate));
    expect(due.some((d) => d > addDays(TODAY, 21))).toBe(true);
    // Quantities with decimals (goods sold by weight) and prices with more than two.
    const lines = orders.flatMap((o) => o.lines);
    expect(lines.some((l) => String(l.batchPurQty).includes('.'))).toBe(true);
    expect(lines.some((l) => /\.[0-9]{3,}$/.test(String(l.price)))).toBe(true);
  });

  it('fills in batches of exactly N lines, the same batches whatever the total', () => {
    const opts = { lines: 5500, seed: 42, today: TODAY, batchLines: 1000 };
    const batches = [...scaleBatches(opts)];
    expect(batches.map(lineCount)).toEqual([1000, 1000, 1000, 1000, 1000, 500]);
    for (const b of batches) expectValid(b);
    expect([...scaleBatches({ ...opts, lines: 2000 })]).toEqual(batches.slice(0, 2));
    const all = batches.flat();
    expect(new Set(all.map((o) => o.purchaseNo)).size).toBe(all.length);
    expect(new Set(all.map((o) => o.supplierNo)).size).toBeGreaterThan(100);
    const sup1 = all.filter((o) => o.supplierNo === 'SUP001');
    expect(sup1.length / all.length).toBeGreaterThan(0.05);
    expect(sup1.every((o) => o.orgNo === 'SH01')).toBe(true);
    // Numbered apart, two fills never share an order.
    const other = [...scaleBatches({ ...opts, lines: 1000, firstOrder: 10_000_000 })].flat();
    expect(other.some((o) => all.some((a) => a.purchaseNo === o.purchaseNo))).toBe(false);
  });

  it('changes one open line in a newer version and sends only that line', () => {
    const rng = createRandom(3);
    const orders = demoOrders({ count: 50, seed: 42, today: TODAY });
    const kinds = new Set<string>();
    for (const order of orders) {
      const change = lineChange(rng, order, 5, TODAY);
      if (!change) {
        expect(order.lines.every((l) => l.expectArrivalDate < TODAY)).toBe(true);
        continue;
      }
      kinds.add(change.kind);
      expectValid([change.message]);
      expect(change.message.externalVersion).toBe(5);
      expect(change.message.lines).toHaveLength(1);
      const sent = change.message.lines[0];
      const before = order.lines.find(
        (l) => l.purchaseSeq === sent.purchaseSeq && (l.batchSeq ?? 1) === (sent.batchSeq ?? 1),
      )!;
      expect(before.expectArrivalDate >= TODAY).toBe(true);
      if (change.kind === 'quantity') expect(sent.batchPurQty).not.toBe(before.batchPurQty);
      if (change.kind === 'date') expect(sent.expectArrivalDate > before.expectArrivalDate).toBe(true);
      if (change.kind === 'cancel') expect(sent.cancelled).toBe(true);
      expect(change.order.lines).toHaveLength(order.lines.length);
    }
    expect(kinds.has('quantity') && kinds.has('date')).toBe(true);
  });

  it('receives part of each untouched shipped line: a little rejected and returned, the rest put away', () => {
    const validReceipts = ajv.compile(receiptsBody);
    const line = (lineSeq: number, unreceivedQty: string, receiveQty = '0') => ({
      asnLineId: `00000000-0000-4000-8000-00000000000${lineSeq}`,
      lineSeq,
      lineStatus: '0',
      itemNo: 'M-1001',
      deliveryQty: unreceivedQty,
      receiveQty,
      rejectQty: '0',
      unreceivedQty,
    });
    const asn: OpenAsn = {
      asnNo: 'ASN202611270001',
      orgNo: 'SH01',
      supplierNo: 'SUP001',
      warehouseNo: 'SH01-RM',
      status: '2',
      lines: [line(1, '1000'), line(2, '250.5'), line(3, '40', '10'), line(4, '0.5')],
    };
    for (const seed of [1, 2, 3, 4, 5]) {
      const receipts = receiptsFor(createRandom(seed), asn);
      expect(validReceipts({ receipts }), JSON.stringify(validReceipts.errors)).toBe(true);
      expect(receiptsFor(createRandom(seed), asn)).toEqual(receipts);
      // Line 3 was worked on already and line 4 holds less than a unit: both are left alone.
      expect(new Set(receipts.map((r) => r.lineSeq))).toEqual(new Set([1, 2]));
      for (const l of asn.lines.slice(0, 2)) {
        const of = (type: string) =>
          receipts.find((r) => r.lineSeq === l.lineSeq && r.type === type)?.qty ?? '0';
        const counted = addDecimals(of('acceptance'), of('rejection'));
        expect(compareDecimals(of('acceptance'), '0')).toBe(1);
        expect(compareDecimals(counted, l.unreceivedQty)).toBe(-1);
        expect(compareDecimals(of('return'), of('acceptance'))).toBeLessThan(1);
        expect(addDecimals(of('return'), of('warehousing'))).toBe(of('acceptance'));
        if (of('rejection') !== '0')
          expect(receipts.find((r) => r.type === 'rejection')?.reason).toBeTruthy();
      }
    }
  });

  /** A client that keeps what it was sent and answers as the API would for new orders. */
  const recorder = () => {
    const sent: OrderIn[][] = [];
    /** The outbox the client reads; a test adds to it. */
    const outbox: OutboxEvent[] = [];
    const snapshots: SnapshotIn[] = [];
    const movements: MovementIn[] = [];
    const client: IntegrationClient = {
      events: async (after = '0') => {
        const events = outbox.filter((e) => Number(e.id) > Number(after));
        return { events, next: events.at(-1)?.id ?? after };
      },
      async pushOrders(orders): Promise<IngestResult> {
        expectValid(orders);
        sent.push(orders);
        return { received: orders.length, created: orders.length, updated: 0, unchanged: 0, stale: 0 };
      },
      // No notice is shipped in these runs: the warehouse has nothing to receive.
      openAsns: async () => ({ asns: [], next: '' }),
      async pushReceipts() {
        throw new Error('nothing to receive');
      },
      async pushSnapshots(list) {
        expect(validSnapshots({ snapshots: list }), JSON.stringify(validSnapshots.errors)).toBe(true);
        snapshots.push(...list);
        return { received: list.length, created: list.length, updated: 0, unchanged: 0, stale: 0 };
      },
      async pushMovements(list) {
        expect(validMovements({ movements: list }), JSON.stringify(validMovements.errors)).toBe(true);
        movements.push(...list);
        return { received: list.length, created: list.length, updated: 0, unchanged: 0, stale: 0 };
      },
    };
    return { sent, client, outbox, snapshots, movements };
  };

  it('sends the demo in batches, and the scale fill batch by batch', async () => {
    const once = recorder();
    const totals = await runOnce(once.client, { count: 250, seed: 1, today: TODAY, batchOrders: 100 });
    expect(once.sent.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(totals).toMatchObject({ received: 250, created: 250, batches: 3 });
    const scale = recorder();
    const filled = await runScale(scale.client, {
      lines: 2500,
      seed: 1,
      today: TODAY,
      batchLines: 1000,
      parallel: 2,
    });
    expect(filled.lines).toBe(2500);
    expect(scale.sent.map(lineCount).sort()).toEqual([1000, 1000, 500]);
  });

  it("reports the VMI stock of the demo's VMI order lines: counted, moved since, never below nought", async () => {
    const once = recorder();
    const demo = { count: 120, seed: 3, today: TODAY };
    const totals = await runOnce(once.client, demo);
    const places = vmiPlaces(demoOrders(demo));
    expect(places.length).toBeGreaterThan(3);
    expect(totals.stock).toMatchObject({ places: places.length, snapshots: { created: places.length } });
    // Every stock is one of a VMI order's lines, counted once, before its movements.
    const vmiLines = new Set(
      demoOrders(demo)
        .filter((o) => o.orderType === '3')
        .flatMap((o) => o.lines.map((l) => `${o.orgNo}-${l.warehouseNo}-${o.supplierNo}-${l.itemNo}`)),
    );
    expect(once.snapshots.every((c) => vmiLines.has(placeId(c)))).toBe(true);
    expect(new Set(once.snapshots.map(placeId)).size).toBe(once.snapshots.length);
    const { held } = demoStock(createRandom(1), places, TODAY);
    for (const c of once.snapshots) {
      const moves = once.movements.filter((m) => placeId(m) === placeId(c));
      expect(moves.every((m) => m.moveDate > c.asOf)).toBe(true);
      let qty = c.qty;
      for (const m of moves) {
        qty = m.type === 'in' ? addDecimals(qty, m.qty) : addDecimals(qty, `-${m.qty}`);
        expect(compareDecimals(qty, '0')).toBeGreaterThanOrEqual(0);
      }
    }
    // The same demo again sends the same messages: a replay.
    const again = recorder();
    await runOnce(again.client, demo);
    expect(again.snapshots).toEqual(once.snapshots);
    expect(again.movements).toEqual(once.movements);
    // Moving it while the demo runs never takes more than is there.
    const rng = createRandom(11);
    for (let i = 0; i < 300; i++) stockMove(rng, places, held, `F-${i}`);
    expect([...held.values()].every((q) => compareDecimals(q, '0') >= 0)).toBe(true);
  });

  it('follows: the demo first, then a step at a time, and stops when told', async () => {
    const { sent, client } = recorder();
    const stop = new AbortController();
    const said: string[] = [];
    const steps = await runFollow(client, {
      demo: { count: 20, seed: 42, today: TODAY },
      intervalMs: 0,
      signal: stop.signal,
      log: (line) => said.push(line),
      seed: 9,
      today: () => TODAY,
      maxSteps: 12,
    });
    expect(steps).toBe(12);
    expect(sent[0]).toEqual(demoOrders({ count: 20, seed: 42, today: TODAY }));
    // Each later message is one order, newer than the demo's version 1.
    for (const m of sent.slice(1)) {
      expect(m).toHaveLength(1);
      expect(m[0].externalVersion).toBeGreaterThan(1);
    }
    expect(said.some((l) => l.startsWith('new order'))).toBe(true);
    expect(said.some((l) => /^(quantity|date|cancel) of /.test(l))).toBe(true);
    stop.abort();
    expect(
      await runFollow(client, {
        demo: { count: 1, seed: 1, today: TODAY },
        intervalMs: 0,
        signal: stop.signal,
        log: () => {},
      }),
    ).toBe(0);
  });

  it("answers the portal's sync requests by sending again the orders of that organisation and supplier", async () => {
    const { sent, client, outbox } = recorder();
    const demo = demoOrders({ count: 30, seed: 5, today: TODAY });
    const ctx = { client, orders: new Map(demo.map((o) => [o.purchaseNo, o])) } as unknown as FollowContext;
    const request = (id: string, orgNo: string, supplierNo: string | null, entity = 'purchaseOrder') => ({
      id,
      event: 'sync.requested',
      orgNo,
      supplierNo,
      payload: { entity },
    });
    outbox.push(
      request('7', 'SH01', 'SUP001'),
      { ...request('8', 'SH01', null), event: 'asn.approved' },
      request('9', 'HN01', null),
    );
    const answered = await answerSyncRequests(ctx, '6');
    expect(answered.next).toBe('9');
    const pushed = sent.flat();
    const sh01Sup1 = demo.filter((o) => o.orgNo === 'SH01' && o.supplierNo === 'SUP001');
    const hn01 = demo.filter((o) => o.orgNo === 'HN01');
    expect(sh01Sup1.length).toBeGreaterThan(0);
    expect(pushed.map((o) => o.purchaseNo).sort()).toEqual(
      [...sh01Sup1, ...hn01].map((o) => o.purchaseNo).sort(),
    );
    expect(answered.said).toBe(
      `sync latest answered: SH01/SUP001: ${sh01Sup1.length} orders, HN01: ${hn01.length} orders`,
    );
    // Nothing new after the cursor: nothing sent.
    sent.length = 0;
    expect(await answerSyncRequests(ctx, answered.next)).toEqual({ next: '9', said: undefined });
    expect(sent).toEqual([]);
  });
});
