// `npm run bench:orders [-- --db pglite|postgres --lines N --requests 800 --concurrency 8
//   --database-url URL --explain]`
// The supplier's order line list at scale: N order lines (default 1,000,000 on PostgreSQL, 100,000 on
// PGlite) loaded through the integration API by the ERP simulator's scale fill (over 200 suppliers
// in 10 organisations; SUP001 has a tenth), then the list as supplier1 (SUP001, organisation SH01)
// opens it: `ISupSrmPurchaseService/getSrmPurchasePage` over real HTTP with a keyword, the "to
// confirm" tab (answerStatus 0) and its tab counts (countBy: a grouped query in the same call, whose
// count of the tab is the page's total), the order-date preset "last 90 days" (purchaseDateFrom) and
// the screen's sort (purchaseDate descending), page 1 of 20. Against it: the same SQL (tab counts,
// page), captured from the server, run straight through the driver. Both at 8 concurrent clients, warmed
// up first, then timed in four rounds that take turns; the HTTP clients run on a thread of their own
// (tooling/bench.ts), as clients on other machines would. Prints calls/s, p95 and the ratio (goals: at
// least 0.5 on PostgreSQL, 0.3 on PGlite; p95 under 100 ms).
// The lines arrive as the ERP sends them, all to confirm; before timing, the answers a year of
// suppliers' work would have left are written straight into the table (untimed, deterministic): most
// lines older than two weeks accepted, some refused or changed, recent ones mostly still to confirm.
// --database-url joins a PostgreSQL database filled before (it is migrated, not dropped, and filled
// only up to N); --explain prints EXPLAIN ANALYZE of the queries.
import { sql } from 'kysely';
import { startTestServer } from '../tests/support/server.js';
import { fillOrderLines } from './simulator/fill.js';
import { addDays, localToday } from './simulator/random.js';
import { p95, timed, timedHttp } from './tooling/bench.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const LINES = Number(arg('lines', DB === 'postgres' ? '1000000' : '100000'));
const REQUESTS = Number(arg('requests', '800'));
const CONCURRENCY = Number(arg('concurrency', '8'));
const DATABASE_URL = process.argv.includes('--database-url') ? arg('database-url', '') : undefined;
const GOAL = DB === 'postgres' ? 0.5 : 0.3;
const MENU = 'Offsite.User.Order';
const PATH = '/dapilc/restful/service/ilcwmsplus/ISupSrmPurchaseService/getSrmPurchasePage';
const today = localToday();
/** What a supplier types: an item name, another, an item code, a purchase number's start. */
const KEYWORDS = ['bolt', 'Bearing', 'I1012', '46000'];

const s = await startTestServer({
  database: DB,
  config: { scheduler: false },
  ...(DATABASE_URL ? { databaseUrl: DATABASE_URL } : {}),
});
try {
  const database = s.server.database;
  const { db } = database;

  // The fill: what is missing of N lines, through the integration API (a replay of what is there).
  await fillOrderLines(db, s.url, { lines: LINES, today, keyName: 'bench-orders' });

  // The answers suppliers would have given by now (untimed; the same on every run).
  await sql`update srm_purchase set
      answer_status = a.status,
      promise_qty = case when a.status = '1' then batch_pur_qty end,
      promise_date = case when a.status = '1' then expect_arrival_date end,
      answer_date = case when a.status <> '0' then purchase_date + 2 end,
      answer_name = case when a.status <> '0' then 'sales desk' end
    from (
      select id as aid, case
        when purchase_date < ${addDays(today, -14)}::date then case
          when h < 85 then '1' when h < 90 then '2' when h < 93 then '3' else '0' end
        else case when h < 30 then '1' else '0' end end as status
      from (select id, purchase_date, abs(hashtext(purchase_no || '/' || purchase_seq || '/' || batch_seq)) % 100 as h
            from srm_purchase where purchase_no like '46%') x
    ) a
    where id = a.aid and answer_status is distinct from a.status`.execute(db);
  await sql`vacuum analyze srm_purchase`.execute(db);

  const slice = (
    await sql<Record<string, string>>`select count(*) as lines,
        count(*) filter (where purchase_date >= ${addDays(today, -90)}::date) as recent,
        count(*) filter (where purchase_date >= ${addDays(today, -90)}::date and answer_status = '0') as pending
      from srm_purchase where supplier_no = 'SUP001'`.execute(db)
  ).rows[0];

  const token = await s.login('supplier1');
  const calls = KEYWORDS.map((keyword) => ({
    url: `${s.url}${PATH}`,
    headers: {
      'content-type': 'application/json',
      'authentication-info': token,
      'app-module-number': MENU,
      'accept-language': 'en-US',
    },
    body: JSON.stringify({
      current: 1,
      size: 20,
      condition: {
        keyword,
        answerStatus: '0',
        purchaseDateFrom: addDays(today, -90),
        field: 'purchaseDate',
        order: 'desc',
        countBy: 'answerStatus',
      },
    }),
  }));
  const call = async (k: number) => {
    const res = await fetch(calls[k].url, { method: 'POST', headers: calls[k].headers, body: calls[k].body });
    const answer = (await res.json()) as {
      code: string;
      msg: string;
      response: { data: { counts?: unknown } };
    };
    if (answer.code !== '0' || !answer.response.data.counts)
      throw new Error(JSON.stringify(answer).slice(0, 300));
  };

  // The SQL one call runs (the tab counts, then the page, whose total is its tab's count), captured
  // per keyword, to replay straight.
  const captured: { text: string; params: readonly unknown[] }[][] = [];
  for (let k = 0; k < KEYWORDS.length; k++) {
    const queries: { text: string; params: readonly unknown[] }[] = [];
    const stop = database.onQuery((text, params) => {
      if (/from "srm_purchase" as "t1"/.test(text)) queries.push({ text, params });
    });
    await call(k);
    stop();
    if (queries.length !== 2) throw new Error(`expected counts and page, got ${queries.length} queries`);
    captured.push(queries);
  }
  const direct = async (i: number) => {
    for (const q of captured[i % KEYWORDS.length]) await database.driverQuery(q.text, q.params);
  };

  if (process.argv.includes('--explain'))
    for (const [k, queries] of captured.entries())
      for (const q of queries) {
        const plan = (await database.driverQuery(`explain (analyze, buffers) ${q.text}`, q.params)) as {
          'QUERY PLAN': string;
        }[];
        const lines = plan.map((r) => r['QUERY PLAN']);
        // The whole plan of the first keyword's queries; the others by their scans and times.
        console.log(
          k === 0
            ? `\n${q.text}\n${JSON.stringify(q.params)}\n${lines.join('\n')}`
            : `\n${KEYWORDS[k]}: ${lines.filter((l) => /Scan|Execution Time/.test(l)).join(' | ')}`,
        );
      }

  // Untimed first: the pool's connections opened and the server's hot code compiled by the JIT, which
  // takes a few hundred calls, so that both ways are timed in their steady state.
  await timedHttp(300, CONCURRENCY, calls);
  await timed(300, CONCURRENCY, direct);
  // Timed in rounds that take turns (HTTP first in one, the driver in the next), so that a change in
  // the machine's speed while the benchmark runs weighs on both ways alike.
  const ROUNDS = 4;
  const per = Math.ceil(REQUESTS / ROUNDS);
  const totals = { http: 0, direct: 0 };
  const latencies = { http: [] as number[], direct: [] as number[] };
  for (let round = 0; round < ROUNDS; round++)
    for (const kind of round % 2 ? (['direct', 'http'] as const) : (['http', 'direct'] as const)) {
      const r =
        kind === 'http' ? await timedHttp(per, CONCURRENCY, calls) : await timed(per, CONCURRENCY, direct);
      totals[kind] += r.seconds;
      latencies[kind].push(...r.latencies);
    }
  const ours = { perSecond: (per * ROUNDS) / totals.http, p95: p95(latencies.http) };
  const raw = { perSecond: (per * ROUNDS) / totals.direct, p95: p95(latencies.direct) };
  const ratio = ours.perSecond / raw.perSecond;
  console.log(
    `bench:orders  db ${DB}, ${LINES} order lines; supplier1 (SUP001) has ${slice.lines}, ${slice.recent} of the last 90 days, ${slice.pending} of them to confirm`,
  );
  console.log(
    `  ${per * ROUNDS} list calls each way in ${ROUNDS} rounds taking turns (keyword ${KEYWORDS.join(' | ')}, answerStatus 0 with tab counts, purchaseDateFrom ${addDays(today, -90)}, purchaseDate desc, 20 a page), ${CONCURRENCY} concurrent clients`,
  );
  console.log(`  list over HTTP : ${ours.perSecond.toFixed(1)} calls/s, p95 ${ours.p95.toFixed(1)} ms`);
  console.log(`  same SQL direct: ${raw.perSecond.toFixed(1)} runs/s,  p95 ${raw.p95.toFixed(1)} ms`);
  console.log(
    `  ratio HTTP/direct: ${ratio.toFixed(2)} (goal: at least ${GOAL}) ${ratio >= GOAL ? 'MET' : 'NOT MET'}; p95 over HTTP ${ours.p95 < 100 ? 'under' : 'NOT under'} 100 ms`,
  );
} finally {
  await s.close();
}
