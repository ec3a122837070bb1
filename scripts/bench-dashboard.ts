// `npm run bench:dashboard [-- --db pglite|postgres --lines N --requests 200 --concurrency 8
//   --database-url URL]`
// The dashboard at scale: N order lines (default 1,000,000 on PostgreSQL, 100,000 on PGlite) loaded
// through the integration API by the ERP simulator's scale fill, as bench:orders loads them; then what a
// year of work would have left is written straight into the table (untimed, deterministic): the
// suppliers' answers (as bench:orders writes them), an answer due three days after the order date on
// every line, and the warehouse's receipts of most accepted lines due a week ago or more. Timed, over
// real HTTP at 8 concurrent clients: one dashboard open, the three calls the page makes at once
// (ISupSrmIndexService/getKeyFigures, purCountPreMouth and mySchedulePage page 1 of 5), as supplier1
// (SUP001, a tenth of all lines) and as the administrator, a purchaser of every organisation (the
// widest scope). Prints opens/s and the p95 of an open and of each call (goal: p95 under 200 ms).
// --database-url joins a PostgreSQL database filled before (migrated, filled up to N, not dropped).
import { sql } from 'kysely';
import { startTestServer } from '../tests/support/server.js';
import { fillOrderLines } from './simulator/fill.js';
import { addDays, localToday } from './simulator/random.js';
import { p95, timed } from './tooling/bench.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const LINES = Number(arg('lines', DB === 'postgres' ? '1000000' : '100000'));
const REQUESTS = Number(arg('requests', '200'));
const CONCURRENCY = Number(arg('concurrency', '8'));
const DATABASE_URL = process.argv.includes('--database-url') ? arg('database-url', '') : undefined;
const GOAL_MS = 200;
const API = '/dapilc/restful/service/ilcwmsplus/ISupSrmIndexService';
const CALLS = [
  ['getKeyFigures', {}],
  ['purCountPreMouth', {}],
  ['mySchedulePage', { current: 1, size: 5, condition: {} }],
] as const;
const today = localToday();

const s = await startTestServer({
  database: DB,
  config: { scheduler: false },
  ...(DATABASE_URL ? { databaseUrl: DATABASE_URL } : {}),
});
try {
  const database = s.server.database;
  const { db } = database;

  // The fill: what is missing of N lines, through the integration API (a replay of what is there).
  await fillOrderLines(db, s.url, { lines: LINES, today, keyName: 'bench-dashboard' });

  // A year of work (untimed; the same on every run): answers as bench:orders writes them, an answer due
  // three days after the order, and receipts of 90 % of the accepted lines due a week ago or more.
  const started = performance.now();
  await sql`update srm_purchase set
      answer_status = a.status,
      promise_qty = case when a.status = '1' then batch_pur_qty end,
      promise_date = case when a.status = '1' then expect_arrival_date end,
      answer_date = case when a.status <> '0' then purchase_date + 2 end,
      answer_name = case when a.status <> '0' then 'sales desk' end,
      answer_due_date = purchase_date + 3,
      receive_qty = case when a.status = '1' and expect_arrival_date < ${addDays(today, -7)}::date and a.h % 10 <> 0
        then batch_pur_qty else 0 end
    from (
      select id as aid, h, case
        when purchase_date < ${addDays(today, -14)}::date then case
          when h < 85 then '1' when h < 90 then '2' when h < 93 then '3' else '0' end
        else case when h < 30 then '1' else '0' end end as status
      from (select id, purchase_date, abs(hashtext(purchase_no || '/' || purchase_seq || '/' || batch_seq)) % 100 as h
            from srm_purchase where purchase_no like '46%') x
    ) a
    where id = a.aid and (answer_status is distinct from a.status or answer_due_date is null)`.execute(db);
  // The summary rows each statement appended, folded into one a key (the scheduled compaction).
  await sql`select srm_purchase_stat_compact()`.execute(db);
  await sql`vacuum analyze srm_purchase`.execute(db);
  await sql`vacuum analyze srm_purchase_day_stat`.execute(db);
  await sql`vacuum analyze srm_purchase_month_stat`.execute(db);
  await sql`vacuum analyze srm_purchase_org_day_stat`.execute(db);
  await sql`vacuum analyze srm_purchase_org_month_stat`.execute(db);
  console.log(`  year of work written in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const slice = async (supplier: string | null) =>
    (
      await sql<Record<string, string>>`select count(*) as lines,
          count(*) filter (where answer_status in ('0', '3')) as to_answer,
          -- the day rows the dashboard sums: the supplier's own, or every organisation's (migration 112)
          case when ${supplier}::text is null then (select count(*) from srm_purchase_org_day_stat)
               else (select count(*) from srm_purchase_day_stat where supplier_no = ${supplier}) end as stat_rows
        from srm_purchase where ${supplier}::text is null or supplier_no = ${supplier}`.execute(db)
    ).rows[0];

  for (const [who, supplier] of [
    ['supplier1', 'SUP001'],
    ['admin', null],
  ] as const) {
    const token = await s.login(who);
    const perCall: number[][] = CALLS.map(() => []);
    const call = async (i: number, [method, body]: (typeof CALLS)[number]) => {
      const t0 = performance.now();
      const res = await fetch(`${s.url}${API}/${method}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'authentication-info': token,
          'app-module-number': 'Index.Dashboard',
          'accept-language': 'en-US',
        },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as { code: string };
      if (answer.code !== '0') throw new Error(`${method}: ${JSON.stringify(answer).slice(0, 300)}`);
      perCall[i].push(performance.now() - t0);
    };
    const open = async () => {
      await Promise.all(CALLS.map((c, i) => call(i, c)));
    };
    await timed(20, CONCURRENCY, open);
    for (const l of perCall) l.length = 0;
    const run = await timed(REQUESTS, CONCURRENCY, open);
    const data = await slice(supplier);
    console.log(
      `bench:dashboard  db ${DB}, ${LINES} order lines; ${who} sees ${data.lines} lines, ${data.toAnswer} to answer; ${data.statRows} day-summary rows`,
    );
    console.log(
      `  ${REQUESTS} dashboard opens (3 calls at once), ${CONCURRENCY} concurrent clients: ${run.perSecond.toFixed(1)} opens/s, p95 ${run.p95.toFixed(1)} ms ${run.p95 < GOAL_MS ? 'MET' : 'NOT MET'} (goal under ${GOAL_MS} ms)`,
    );
    for (const [i, [method]] of CALLS.entries())
      console.log(`    ${method.padEnd(17)} p95 ${p95(perCall[i]).toFixed(1)} ms`);
  }
} finally {
  await s.close();
}
