// `npm run erp:simulate -- (--once | --follow | --scale N) [--url http://localhost:8080]
//   [--key srm_... | --admin user:password] [--count 300] [--seed 42] [--interval 5]
//   [--batch 1000] [--parallel 2] [--today yyyy-MM-dd]`
// A simulated buyer's ERP: a process of its own that talks to a running portal only through the
// integration API, with a key. --once loads the demo orders and has the warehouse receive part of every
// shipped delivery notice (a re-run is a replay: nothing changes), --follow keeps the demo alive with a
// new order, a changed line or the warehouse's receipts every few seconds until SIGINT or SIGTERM, --scale N fills the database with N order lines in batches for benchmarks. Without --key,
// --admin logs in through the portal's login call and creates a key (printed once); a scale fill with
// --admin also creates the organisations and suppliers its orders name. The logic lives in
// scripts/simulator/.
import { SCALE_ORGS } from './simulator/catalogue.js';
import { DEFAULT_URL, IntegrationError, integrationClient, portalLogin } from './simulator/client.js';
import {
  describeReceived,
  describeStock,
  describeTotals,
  runFollow,
  runOnce,
  runScale,
} from './simulator/modes.js';
import { localToday } from './simulator/random.js';
import { createKey, ensureScaleParties } from './simulator/setup.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const has = (name: string) => process.argv.includes(`--${name}`);
const num = (name: string, fallback: number) => {
  const v = arg(name);
  if (v === undefined) return fallback;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} wants a whole number, not ${v}`);
  return n;
};

const mode = has('once') ? 'once' : has('follow') ? 'follow' : has('scale') ? 'scale' : undefined;
if (!mode) {
  console.error(
    'usage: npm run erp:simulate -- (--once | --follow | --scale N) [--key KEY | --admin user:password]',
  );
  process.exit(2);
}
const url = arg('url') ?? process.env.PORTAL_URL ?? DEFAULT_URL;
const seed = num('seed', 42);
const today = arg('today') ?? localToday();
const demo = { count: num('count', 300), seed, today };
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);

async function main(): Promise<void> {
  let key = arg('key') ?? process.env.SRM_API_KEY;
  const admin = arg('admin');
  if (admin) {
    const at = admin.indexOf(':');
    const session = await portalLogin(url, admin.slice(0, at), admin.slice(at + 1));
    if (mode === 'scale') {
      const made = await ensureScaleParties(session);
      log(
        `set-up: ${made.orgs} organisations, ${made.warehouses} warehouses and ${made.suppliers} suppliers created`,
      );
    }
    if (!key) {
      const orgs = mode === 'scale' ? SCALE_ORGS : ['SH01', 'HN01'];
      key = await createKey(session, `ERP simulator ${new Date().toISOString().slice(0, 16)}`, orgs);
      log(`created a key for ${orgs.join(',')}; pass it as --key to use it again: ${key}`);
    }
  }
  if (!key) throw new Error('no key: pass --key (or SRM_API_KEY), or --admin user:password to create one');
  const client = integrationClient(url, key);

  if (mode === 'once') {
    log(`demo ${demo.count} orders, seed ${seed}, today ${today} -> ${url}`);
    const totals = await runOnce(client, { ...demo, log });
    log(describeTotals(totals));
    log(describeReceived(totals.receipts));
    log(describeStock(totals.stock));
    return;
  }
  if (mode === 'scale') {
    const lines = num('scale', 0);
    const started = performance.now();
    let shown = 0;
    const totals = await runScale(client, {
      lines,
      seed,
      today,
      batchLines: num('batch', 1000),
      parallel: num('parallel', 2),
      progress: (t) => {
        if (t.lines - shown < 100_000 && t.lines < lines) return;
        shown = t.lines;
        const s = (performance.now() - started) / 1000;
        log(`${t.lines} of ${lines} lines, ${(t.lines / s).toFixed(0)} lines/s`);
      },
    });
    const s = (performance.now() - started) / 1000;
    log(`${describeTotals(totals)}; ${s.toFixed(1)} s, ${(totals.lines / s).toFixed(0)} lines/s`);
    return;
  }
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      log(`${signal}: stopping after the step under way`);
      stop.abort();
    });
  const steps = await runFollow(client, {
    demo,
    intervalMs: num('interval', 5) * 1000,
    signal: stop.signal,
    log,
    seed: arg('seed') === undefined ? undefined : seed,
  });
  log(`stopped after ${steps} steps`);
}

main().catch((e) => {
  if (e instanceof IntegrationError) {
    console.error(e.message);
    for (const r of e.records)
      console.error(
        `  record ${r.index} ${r.purchaseNo ?? r.externalId ?? ''} ${r.field ?? ''}: ${r.message}`,
      );
  } else console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
