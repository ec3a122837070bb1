// `npm run bench:api [-- --n 100000 --db pglite|postgres --requests 400 --concurrency 8]`
// Seeds N organisations, then times the organisation list call through the whole app (session token,
// menu flags, scope, count and page; Fastify's inject, no socket) against the same list SQL run straight
// through the database driver, in the same process and run. Prints throughput, p95 and the ratio (goal:
// at least 0.5). Then what the browser-facing security layers cost that call: the same trivial route on
// a bare Fastify and on one with the portal's security headers (helmet, CSP), session cookie and
// throttle registered as buildApp registers them; the difference per call against the list call's time
// (goal: at most 5 %), and the list call's throughput with and without it.
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerSecurityHeaders } from '../services/http/security.js';
import { API_PREFIX } from '../services/http/server.js';
import { registerSessionCookie } from '../services/http/session-cookie.js';
import { registerThrottle } from '../services/http/throttle.js';
import { startTestServer } from '../tests/support/server.js';
import { timed } from './tooling/bench.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const N = Number(arg('n', process.env.BENCH_N ?? '100000'));
const REQUESTS = Number(arg('requests', '400'));
const CONCURRENCY = Number(arg('concurrency', '8'));
const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const MENU = 'Base.Basic.Organizational';

const server = await startTestServer({ database: DB });
try {
  const { db } = server.server.database;
  console.log(`seeding ${N} organisations on ${DB} ...`);
  await sql`insert into bm_org (org_no, org_name, org_short_name, status_code, create_name, update_name, update_date)
    select 'B' || lpad(i::text, 7, '0'), 'Bench organisation ' || i, 'Bench ' || (i % 1000), case when i % 7 = 0 then '0' else '1' end,
           'bench', 'bench', now() - (i || ' seconds')::interval
    from generate_series(1, ${N}) as i`.execute(db);
  await sql`analyze bm_org`.execute(db);

  const token = await server.login('admin');
  // Pages spread over the first 50 pages of 20, the default sort (updateDate descending).
  const body = (i: number) => ({ current: (i % 50) + 1, size: 20, condition: { statusCode: '1' } });
  const call = async (i: number) => {
    const r = await server.call('IBmOrgService/getbmorglistbyparams', body(i), { token, menu: MENU });
    if (r.body.code !== '0') throw new Error(JSON.stringify(r.body));
  };

  // Capture exactly the list SQL (count and page) that one call runs, to replay it directly.
  const captured: { text: string; params: readonly unknown[] }[] = [];
  const stop = server.server.database.onQuery((text, params) => {
    if (/from "bm_org" as "t1"/.test(text)) captured.push({ text, params });
  });
  await call(0);
  stop();
  if (captured.length !== 2) throw new Error(`expected the count and the page query, got ${captured.length}`);
  const [countQuery, pageQuery] = captured;
  const direct = async (i: number) => {
    const params = [...pageQuery.params];
    params[params.length - 1] = (i % 50) * 20; // offset
    await server.server.database.driverQuery(countQuery.text, countQuery.params);
    await server.server.database.driverQuery(pageQuery.text, params);
  };

  await timed(40, CONCURRENCY, call);
  await timed(40, CONCURRENCY, direct);
  const ours = await timed(REQUESTS, CONCURRENCY, call);
  const raw = await timed(REQUESTS, CONCURRENCY, direct);
  const ratio = ours.perSecond / raw.perSecond;
  console.log(`database: ${DB}, organisations: ${N}, requests: ${REQUESTS}, concurrency: ${CONCURRENCY}`);
  console.log(`list over HTTP : ${ours.perSecond.toFixed(1)} calls/s, p95 ${ours.p95.toFixed(2)} ms`);
  console.log(`same SQL direct: ${raw.perSecond.toFixed(1)} runs/s,  p95 ${raw.p95.toFixed(2)} ms`);
  console.log(
    `ratio (HTTP / direct): ${ratio.toFixed(2)} (goal: at least 0.5) ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`,
  );

  // The security layers alone: one trivial route, with and without them, called as the list is.
  const echo = async (layers: boolean): Promise<FastifyInstance> => {
    const app = Fastify({ logger: false });
    if (layers) {
      await registerSecurityHeaders(app, server.config, API_PREFIX);
      await registerSessionCookie(app, server.config);
      await registerThrottle(app, db);
    }
    app.post(`${API_PREFIX}/bench/echo`, async () => ({ code: '0', response: { data: { records: [] } } }));
    await app.ready();
    return app;
  };
  const [bare, layered] = [await echo(false), await echo(true)];
  const echoCall = (app: FastifyInstance) => async () => {
    const r = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/bench/echo`,
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': MENU,
        cookie: 'language=en-US',
      },
      payload: JSON.stringify(body(0)),
    });
    if (r.statusCode !== 200) throw new Error(r.body);
  };
  const ECHOES = REQUESTS * 10;
  const msPerCall = async (app: FastifyInstance) => {
    await timed(200, CONCURRENCY, echoCall(app));
    let best = Number.POSITIVE_INFINITY;
    // Interleaved runs, the best of three each: the machine's noise is larger than the difference.
    for (let i = 0; i < 3; i++)
      best = Math.min(best, (await timed(ECHOES, CONCURRENCY, echoCall(app))).seconds);
    return (best * 1000) / ECHOES;
  };
  const bareMs = await msPerCall(bare);
  const layeredMs = await msPerCall(layered);
  await Promise.all([bare.close(), layered.close()]);
  const layersMs = Math.max(0, layeredMs - bareMs);
  const listMs = 1000 / ours.perSecond;
  const share = layersMs / listMs;
  console.log(
    `security layers (headers, cookie, throttle): ${(layersMs * 1000).toFixed(0)} µs a call (trivial route ${(bareMs * 1000).toFixed(0)} vs ${(layeredMs * 1000).toFixed(0)} µs)`,
  );
  console.log(
    `list call with them ${ours.perSecond.toFixed(1)} calls/s, without them ${(1000 / (listMs - layersMs)).toFixed(1)} calls/s: ${(share * 100).toFixed(1)} % (goal: at most 5 %) ${share <= 0.05 ? 'MET' : 'NOT MET'}`,
  );
} finally {
  await server.close();
}
