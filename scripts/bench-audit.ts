// `npm run bench:audit [-- --db pglite|postgres --requests 400 --concurrency 4]`
// What the operation log costs a write: the same add call (a parameter) over real HTTP against a
// server that writes the log (the default) and one with AUDIT_LOG=off, in the same process and run,
// rounds interleaved. Prints throughput, p95 and the ratio logged/unlogged (goal: at least 0.8). The
// log row is written after the answer is sent, so the latency should barely move; throughput pays for
// the extra insert when the database is the bottleneck.
import { startTestServer, type TestServer } from '../tests/support/server.js';
import { p95, timed } from './tooling/bench.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const REQUESTS = Number(arg('requests', '400'));
const CONCURRENCY = Number(arg('concurrency', '4'));
const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const MENU = 'BaseManage.Config.Parameter';

const servers: Record<'logged' | 'unlogged', TestServer> = {
  logged: await startTestServer({ database: DB, config: { scheduler: false } }),
  unlogged: await startTestServer({ database: DB, config: { scheduler: false, auditLog: false } }),
};
try {
  const tokens = {
    logged: await servers.logged.login('admin'),
    unlogged: await servers.unlogged.login('admin'),
  };
  let seq = 0;
  const adder = (kind: 'logged' | 'unlogged') => async () => {
    const n = seq++;
    const r = await servers[kind].call(
      'ISysParamService/addsysparam',
      { condition: { paramNo: `BENCH_${n}`, paramName: `Bench ${n}`, paramType: 'STRING', paramValue: 'x' } },
      { token: tokens[kind], menu: MENU },
    );
    if (r.body.code !== '0') throw new Error(JSON.stringify(r.body));
  };
  await timed(40, CONCURRENCY, adder('logged'));
  await timed(40, CONCURRENCY, adder('unlogged'));
  const totals = { logged: { s: 0, lat: [] as number[] }, unlogged: { s: 0, lat: [] as number[] } };
  const ROUNDS = 4;
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of round % 2 ? (['unlogged', 'logged'] as const) : (['logged', 'unlogged'] as const)) {
      const t = await timed(REQUESTS / ROUNDS, CONCURRENCY, adder(kind));
      totals[kind].s += t.seconds;
      totals[kind].lat.push(...t.latencies);
    }
  }
  await servers.logged.server.app.audit.flush();
  const rows = await servers.logged.server.database.db
    .selectFrom('sysOperationLog')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('method', '=', 'addsysparam')
    .executeTakeFirstOrThrow();
  const rate = (k: 'logged' | 'unlogged') => REQUESTS / totals[k].s;
  console.log(`db ${DB}, ${REQUESTS} adds per server, concurrency ${CONCURRENCY}`);
  console.log(
    `logged:   ${rate('logged').toFixed(1)} calls/s, p95 ${p95(totals.logged.lat).toFixed(1)} ms (log rows: ${rows.n})`,
  );
  console.log(
    `unlogged: ${rate('unlogged').toFixed(1)} calls/s, p95 ${p95(totals.unlogged.lat).toFixed(1)} ms`,
  );
  console.log(
    `ratio logged/unlogged: ${(rate('logged') / rate('unlogged')).toFixed(2)} (goal: at least 0.8)`,
  );
} finally {
  await servers.logged.close();
  await servers.unlogged.close();
}
