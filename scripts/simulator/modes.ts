// The simulator's three modes, each against an IntegrationClient (the integration API with a key):
// once (the demo, a replay when sent again), follow (a new order or a changed line every few seconds
// until stopped) and scale (N order lines in batches, for benchmarks).
import { type IngestResult, type IntegrationClient, IntegrationError } from './client.js';
import {
  type DemoOptions,
  demoOrders,
  lineChange,
  lineCount,
  newOrder,
  type OrderIn,
  type ScaleOptions,
  scaleBatches,
} from './orders.js';
import { createRandom, localToday, type Random, subSeed } from './random.js';
import { receiptsFor } from './receipts.js';
import { demoStock, placeId, type StockPlace, stockMove, vmiPlaces } from './stock.js';

export type Log = (line: string) => void;

export interface Totals extends IngestResult {
  lines: number;
  batches: number;
}

const emptyTotals = (): Totals => ({
  received: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  stale: 0,
  lines: 0,
  batches: 0,
});

function add(totals: Totals, result: IngestResult, lines: number): void {
  totals.received += result.received;
  totals.created += result.created;
  totals.updated += result.updated;
  totals.unchanged += result.unchanged;
  totals.stale += result.stale;
  totals.lines += lines;
  totals.batches++;
}

export const describeTotals = (t: Totals) =>
  `${t.received} orders (${t.lines} lines) in ${t.batches} batches: ${t.created} created, ${t.updated} updated, ${t.unchanged} unchanged, ${t.stale} stale`;

/**
 * The demo, `batchOrders` orders a batch, then the warehouse receives what is shipped (`received`) and
 * reports its VMI stock (`stock`). Sent again it is a replay: every order answers unchanged, received
 * notices get nothing new, and the stock's counts and movements are unchanged.
 */
export async function runOnce(
  client: IntegrationClient,
  opts: DemoOptions & { batchOrders?: number; log?: Log },
): Promise<Totals & { receipts: ReceivedTotals; stock: StockTotals }> {
  const orders = demoOrders(opts);
  const size = opts.batchOrders ?? 100;
  const totals = emptyTotals();
  for (let i = 0; i < orders.length; i += size) {
    const batch = orders.slice(i, i + size);
    add(totals, await client.pushOrders(batch), lineCount(batch));
  }
  const receipts = await receiveShipped(client, createRandom(opts.seed), opts.log);
  const stock = await reportStock(client, orders, opts);
  return { ...totals, receipts, stock };
}

/** What the warehouse reported of its VMI stock. */
export interface StockTotals {
  places: number;
  snapshots: IngestResult;
  movements: IngestResult;
}

const noneTaken = (): IngestResult => ({ received: 0, created: 0, updated: 0, unchanged: 0, stale: 0 });

export const describeStock = (t: StockTotals) =>
  `VMI stock of ${t.places} items: ${t.snapshots.created} counted (${t.snapshots.unchanged} unchanged), ${t.movements.received} movements (${t.movements.created} new)`;

/**
 * The warehouse's VMI stock of the demo's VMI orders (demoStock): the counts, then the movements since,
 * 500 a batch. A key not allowed `stock` gets a 403: the report is skipped with a word in the log.
 */
export async function reportStock(
  client: IntegrationClient,
  orders: readonly OrderIn[],
  opts: DemoOptions & { log?: Log },
): Promise<StockTotals> {
  const places = vmiPlaces(orders);
  const { snapshots, movements } = demoStock(createRandom(subSeed(opts.seed, 7)), places, opts.today);
  const totals: StockTotals = { places: places.length, snapshots: noneTaken(), movements: noneTaken() };
  const sum = (into: IngestResult, r: IngestResult) => {
    for (const k of Object.keys(into) as (keyof IngestResult)[]) into[k] += r[k];
  };
  try {
    for (let i = 0; i < snapshots.length; i += 500)
      sum(totals.snapshots, await client.pushSnapshots(snapshots.slice(i, i + 500)));
    for (let i = 0; i < movements.length; i += 500)
      sum(totals.movements, await client.pushMovements(movements.slice(i, i + 500)));
  } catch (e) {
    if (e instanceof IntegrationError && e.status === 403) {
      opts.log?.('stock skipped: the key may not send stock (give it the entity stock)');
      return totals;
    }
    throw e;
  }
  return totals;
}

/** What the warehouse did in one pass over the shipped notices. */
export interface ReceivedTotals {
  asns: number;
  receipts: number;
  created: number;
  unchanged: number;
}

export const describeReceived = (t: ReceivedTotals) =>
  `received ${t.asns} shipped notices: ${t.receipts} receipts, ${t.created} new, ${t.unchanged} unchanged`;

/**
 * The warehouse receives every shipped notice nothing was received against yet (receiptsFor), one
 * notice a batch. A key not allowed `receipt` gets a 403: the pass is skipped with a word in the log.
 */
export async function receiveShipped(
  client: IntegrationClient,
  rng: Random,
  log?: Log,
): Promise<ReceivedTotals> {
  const totals: ReceivedTotals = { asns: 0, receipts: 0, created: 0, unchanged: 0 };
  let after = '';
  for (;;) {
    let page: Awaited<ReturnType<IntegrationClient['openAsns']>>;
    try {
      page = await client.openAsns(after);
    } catch (e) {
      if (e instanceof IntegrationError && e.status === 403) {
        log?.('receipts skipped: the key may not send receipts (give it the entity receipt)');
        return totals;
      }
      throw e;
    }
    for (const asn of page.asns) {
      const receipts = receiptsFor(rng, asn);
      if (!receipts.length) continue;
      const r = await client.pushReceipts(receipts);
      totals.asns++;
      totals.receipts += r.received;
      totals.created += r.created;
      totals.unchanged += r.unchanged;
    }
    if (!page.asns.length || page.next === after) return totals;
    after = page.next;
  }
}

/** The scale fill, `parallel` batches in flight; `progress` hears each batch sent. */
export async function runScale(
  client: IntegrationClient,
  opts: ScaleOptions & { parallel?: number; progress?: (totals: Totals) => void },
): Promise<Totals> {
  const totals = emptyTotals();
  const batches = scaleBatches(opts);
  const worker = async () => {
    for (;;) {
      const next = batches.next();
      if (next.done) return;
      add(totals, await client.pushOrders(next.value), lineCount(next.value));
      opts.progress?.(totals);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.parallel ?? 1) }, worker));
  return totals;
}

/** What a follow step has to work with. */
export interface FollowContext {
  rng: Random;
  client: IntegrationClient;
  /** The orders as the ERP holds them now, by purchase number: the demo and what follow added. */
  orders: Map<string, OrderIn>;
  today(): string;
  /** A version newer than any sent before, by this run or an earlier one (the time in ms). */
  nextVersion(): number;
  /** A purchase number no order has had yet. */
  nextPurchaseNo(): string;
  /** The VMI stocks and what each holds as far as the simulator knows (follow moves them). */
  stock: { places: StockPlace[]; held: Map<string, string> };
}

/** One kind of thing the ERP does while the demo runs; answers what it did, for the log. */
export interface FollowStep {
  name: string;
  /** How often it is chosen, relative to the other steps. */
  weight: number;
  run(ctx: FollowContext): Promise<string | undefined>;
}

/** The buyer places a new order, dated today. */
export const newOrderStep: FollowStep = {
  name: 'newOrder',
  weight: 2,
  async run(ctx) {
    const order = newOrder(ctx.rng, ctx.nextPurchaseNo(), ctx.today(), ctx.nextVersion());
    const r = await ctx.client.pushOrders([order]);
    ctx.orders.set(order.purchaseNo, order);
    return `new order ${order.purchaseNo} (${order.orgNo}/${order.supplierNo}, ${order.lines.length} lines): ${r.created ? 'created' : 'unchanged'}`;
  },
};

/**
 * The buyer changes an open line: a new version of the order carrying only that line. A line the
 * supplier has begun to ship is no longer the ERP's to change: the portal refuses it, and the
 * simulator leaves that order alone from then on.
 */
export const lineChangeStep: FollowStep = {
  name: 'lineChange',
  weight: 3,
  async run(ctx) {
    const candidates = [...ctx.orders.values()];
    for (let tries = 0; tries < 10 && candidates.length; tries++) {
      const order = ctx.rng.pick(candidates);
      const change = lineChange(ctx.rng, order, ctx.nextVersion(), ctx.today());
      if (!change) continue;
      const line = change.message.lines[0];
      const what = `${order.purchaseNo}/${line.purchaseSeq}${line.batchSeq ? `.${line.batchSeq}` : ''}`;
      try {
        const r = await ctx.client.pushOrders([change.message]);
        ctx.orders.set(order.purchaseNo, change.order);
        return `${change.kind} of ${what}: ${r.updated ? 'updated' : r.stale ? 'stale' : 'unchanged'}`;
      } catch (e) {
        if (!(e instanceof IntegrationError) || e.status !== 422) throw e;
        ctx.orders.delete(order.purchaseNo);
        return `${change.kind} of ${what} refused: ${e.records[0]?.message ?? e.message}`;
      }
    }
    return undefined;
  },
};

/** The warehouse receives the notices shipped since the last pass (nothing when none was). */
export const receiveStep: FollowStep = {
  name: 'receive',
  weight: 2,
  async run(ctx) {
    const r = await receiveShipped(ctx.client, ctx.rng);
    return r.asns ? describeReceived(r) : undefined;
  },
};

/** Production takes VMI stock, or the supplier tops it up: one movement. */
export const stockStep: FollowStep = {
  name: 'stock',
  weight: 2,
  async run(ctx) {
    const move = stockMove(ctx.rng, ctx.stock.places, ctx.stock.held, `WMS-VMI-F-${ctx.nextVersion()}`);
    if (!move) return undefined;
    const r = await ctx.client.pushMovements([move]);
    return `VMI ${move.type} of ${move.qty} ${move.unitNo} ${move.itemNo} at ${move.warehouseNo} (${move.supplierNo}): ${r.created ? 'created' : 'unchanged'}`;
  },
};

/** What follow does, by weight: the buyer's orders and changes, the warehouse's receipts and stock. */
export const FOLLOW_STEPS: readonly FollowStep[] = [newOrderStep, lineChangeStep, receiveStep, stockStep];

export interface FollowOptions {
  demo: DemoOptions;
  /** Milliseconds between two steps. */
  intervalMs: number;
  signal: AbortSignal;
  log: Log;
  seed?: number;
  steps?: readonly FollowStep[];
  /** Today as 'yyyy-MM-dd' (the local date unless a test pins it). */
  today?: () => string;
  /** Stop after this many steps (tests); unlimited by default. */
  maxSteps?: number;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Keeps the demo alive: sends the demo first (a replay when it is there already), then one step every
 * `intervalMs` until `signal` aborts; a step under way is finished, never cut. Answers the steps taken.
 */
export async function runFollow(client: IntegrationClient, opts: FollowOptions): Promise<number> {
  const first = await runOnce(client, opts.demo);
  opts.log(`demo: ${describeTotals(first)}`);
  const orders = new Map(demoOrders(opts.demo).map((o) => [o.purchaseNo, o]));
  const places = vmiPlaces(orders.values());
  const { held } = demoStock(createRandom(subSeed(opts.demo.seed, 7)), places, opts.demo.today);
  let version = 0;
  let numbered = 0;
  const ctx: FollowContext = {
    rng: createRandom(opts.seed ?? Date.now() % 2 ** 31),
    client,
    orders,
    today: opts.today ?? (() => localToday()),
    nextVersion: () => {
      version = Math.max(version + 1, Date.now());
      return version;
    },
    nextPurchaseNo: () => `47${Math.floor(Date.now() / 1000)}${String(numbered++ % 100).padStart(2, '0')}`,
    stock: { places, held },
  };
  const steps = opts.steps ?? FOLLOW_STEPS;
  let taken = 0;
  // "Sync latest" asked in the portal before this run is not news any more: start after it.
  let cursor = await latestEvent(client);
  while (!opts.signal.aborted && (opts.maxSteps === undefined || taken < opts.maxSteps)) {
    await wait(opts.intervalMs, opts.signal);
    if (opts.signal.aborted) break;
    try {
      const answered = await answerSyncRequests(ctx, cursor);
      cursor = answered.next;
      if (answered.said) opts.log(answered.said);
    } catch (e) {
      opts.log(`sync requests failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    const step = ctx.rng.weighted(steps.map((s) => [s, s.weight] as const));
    try {
      const said = await step.run(ctx);
      if (said) opts.log(said);
    } catch (e) {
      // The portal away for a moment is no reason to stop: the next step tries again.
      opts.log(`${step.name} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    taken++;
  }
  return taken;
}

/** The cursor after the outbox's last event. */
async function latestEvent(client: IntegrationClient): Promise<string> {
  let cursor = '0';
  for (;;) {
    const page = await client.events(cursor);
    if (!page.events.length) return cursor;
    cursor = page.next;
  }
}

/**
 * The portal's "sync latest" requests (`sync.requested`) after `cursor`: the ERP answers each by
 * sending again the orders it holds for that organisation (and supplier): a replay, which changes
 * nothing in the portal but tells it the ERP has fed it just now.
 */
export async function answerSyncRequests(
  ctx: FollowContext,
  cursor: string,
): Promise<{ next: string; said?: string }> {
  const page = await ctx.client.events(cursor);
  const requests = page.events.filter((e) => e.event === 'sync.requested');
  const asked = requests.filter((e) => e.payload.entity === 'purchaseOrder');
  const said: string[] = [];
  // Stock: the warehouse counts again what it holds for that organisation (and supplier), now.
  for (const request of requests.filter((e) => e.payload.entity === 'stock')) {
    const places = ctx.stock.places.filter(
      (p) => p.orgNo === request.orgNo && (!request.supplierNo || p.supplierNo === request.supplierNo),
    );
    const asOf = new Date().toISOString();
    const counts = places.map((p) => ({
      ...p,
      kind: 'vmi' as const,
      qty: ctx.stock.held.get(placeId(p)) ?? '0',
      asOf,
    }));
    for (let i = 0; i < counts.length; i += 500) await ctx.client.pushSnapshots(counts.slice(i, i + 500));
    said.push(
      `${request.orgNo}${request.supplierNo ? `/${request.supplierNo}` : ''}: ${counts.length} stock counts`,
    );
  }
  for (const request of asked) {
    const orders = [...ctx.orders.values()].filter(
      (o) => o.orgNo === request.orgNo && (!request.supplierNo || o.supplierNo === request.supplierNo),
    );
    for (let i = 0; i < orders.length; i += 200) await ctx.client.pushOrders(orders.slice(i, i + 200));
    said.push(
      `${request.orgNo}${request.supplierNo ? `/${request.supplierNo}` : ''}: ${orders.length} orders`,
    );
  }
  return { next: page.next, said: said.length ? `sync latest answered: ${said.join(', ')}` : undefined };
}
