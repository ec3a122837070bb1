// `npm run bench:ingest [-- --db pglite|postgres --lines 100000 --batch 1000]`
// What the integration API costs the ERP's orders: N order lines (the simulator's scale fill, orders of
// 1 to 20 lines) pushed over real HTTP in batches of 1,000 lines (key lookup, JSON Schema of the
// body, the service's checks and writes in one transaction, the answer) against the very same
// function the route calls (`ingestOrders`, services/integration/orders.ts) run straight on the
// server's database connection with the same batches of other purchase numbers. The batches
// alternate which side goes first, so both see the tables grow alike. Then every batch is sent again
// (a replay: each order answers unchanged, nothing is written), both ways. Prints lines/s for each and
// the ratios (goals: at least 0.4 on PostgreSQL, 0.25 on PGlite).

import { translator } from '../services/i18n.js';
import { clientOf } from '../services/integration/keys.js';
import { ingestOrders } from '../services/integration/orders.js';
import { startTestServer } from '../tests/support/server.js';
import { SCALE_ORGS } from './simulator/catalogue.js';
import { integrationClient, portalLogin } from './simulator/client.js';
import { lineCount, type OrderIn, scaleBatches } from './simulator/orders.js';
import { localToday } from './simulator/random.js';
import { createKey, ensureScaleParties } from './simulator/setup.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const LINES = Number(arg('lines', '100000'));
const BATCH = Number(arg('batch', '1000'));
const GOAL = DB === 'postgres' ? 0.4 : 0.25;
const today = localToday();

const s = await startTestServer({ database: DB, config: { scheduler: false } });
try {
  const { db } = s.server.database;
  const session = await portalLogin(s.url, 'admin', 'demo1234');
  await ensureScaleParties(session);
  const key = await createKey(session, 'bench-ingest', SCALE_ORGS);
  const http = integrationClient(s.url, key, 0);
  const client = await clientOf(db, `Bearer ${key}`);
  const t = translator('en-US');
  const direct = (orders: OrderIn[]) => ingestOrders(db, t, client, orders);

  // Two fills of the same shape, numbered apart (scalePurchaseNo), one for each side; and a small one to
  // warm both up.
  const fill = (firstOrder: number, lines = LINES) => [
    ...scaleBatches({ lines, seed: 42, today, batchLines: BATCH, firstOrder }),
  ];
  const ours = fill(0);
  const theirs = fill(10_000_000);
  const warm = fill(20_000_000, 4 * BATCH);
  for (const [i, batch] of warm.entries()) await (i % 2 ? direct(batch) : http.pushOrders(batch));
  const orders = ours.reduce((n, b) => n + b.length, 0);

  async function round(kind: 'write' | 'replay') {
    const ms = { http: 0, direct: 0 };
    for (let i = 0; i < ours.length; i++) {
      for (const side of i % 2 ? (['direct', 'http'] as const) : (['http', 'direct'] as const)) {
        const started = performance.now();
        const r = side === 'http' ? await http.pushOrders(ours[i]) : await direct(theirs[i]);
        ms[side] += performance.now() - started;
        const expected = kind === 'write' ? r.created : r.unchanged;
        if (expected !== r.received) throw new Error(`${side} ${kind}: ${JSON.stringify(r)}`);
      }
    }
    return ms;
  }
  const write = await round('write');
  const replay = await round('replay');
  const lines = ours.reduce((n, b) => n + lineCount(b), 0);
  const rate = (ms: number) => (lines / (ms / 1000)).toFixed(0);
  console.log(
    `bench:ingest  db ${DB}, ${lines} order lines (${orders} orders) a side in ${ours.length} batches of ${BATCH} lines`,
  );
  console.log(`  write over HTTP (integration API): ${rate(write.http)} lines/s`);
  console.log(`  write, ingestOrders direct:        ${rate(write.direct)} lines/s`);
  const ratio = write.direct / write.http;
  console.log(
    `  ratio HTTP/direct: ${ratio.toFixed(2)} (goal: at least ${GOAL}) ${ratio >= GOAL ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `  replay (every order unchanged): over HTTP ${rate(replay.http)} lines/s, direct ${rate(replay.direct)} lines/s, ratio ${(replay.direct / replay.http).toFixed(2)}`,
  );
} finally {
  await s.close();
}
