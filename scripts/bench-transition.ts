// `npm run bench:transition [-- --db pglite|postgres --documents 1000 --batch 100 --rounds 8]`
// What the document platform costs a transition: 1,000 announcements published in batches of 100 over
// real HTTP (token, flag, schema, scope, row locks, state and version checks, the batch rule, the
// guard, the status write, the history rows, the events and the operation log), from one client on a
// thread of its own, against the same status updates and
// history inserts sent straight through the driver. Rounds interleave; between rounds the documents go
// back to draft and the tables are vacuumed (untimed). Prints documents per second for each and the
// ratio HTTP/driver (goal: at least 0.3).
import { randomUUID } from 'node:crypto';
import { API_PATH, startTestServer } from '../tests/support/server.js';
import { type HttpCall, timedHttp } from './tooling/bench.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const DOCUMENTS = Number(arg('documents', '1000'));
const BATCH = Number(arg('batch', '100'));
const ROUNDS = Number(arg('rounds', '8'));
const MENU = 'Offsite.Announcement.News';

const s = await startTestServer({ database: DB, config: { scheduler: false } });
try {
  const { db } = s.server.database;
  const database = s.server.database;
  const token = await s.login('buyer');
  const ids = Array.from({ length: DOCUMENTS }, () => randomUUID());
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto('srmSysNews')
      .values(
        ids.slice(i, i + 500).map((id, j) => ({
          id,
          newsNo: `BENCH${String(i + j).padStart(6, '0')}`,
          orgNo: 'SH01',
          title: `Bench ${i + j}`,
          content: 'Bench',
        })),
      )
      .execute();
  }
  const batches = Array.from({ length: Math.ceil(DOCUMENTS / BATCH) }, (_, i) =>
    ids.slice(i * BATCH, (i + 1) * BATCH),
  );
  // Back to draft, and the dead rows of the round before cleared away, so that every round starts
  // from the same tables whenever autovacuum happens to run.
  const reset = async () => {
    await db.updateTable('srmSysNews').set({ status: '0' }).where('newsNo', 'like', 'BENCH%').execute();
    await database.driverQuery('vacuum analyze srm_sys_news, sys_doc_history, int_outbox', []);
  };
  const versions = async () =>
    new Map(
      (
        await db
          .selectFrom('srmSysNews')
          .select(['id', 'version'])
          .where('newsNo', 'like', 'BENCH%')
          .execute()
      ).map((r) => [r.id, r.version]),
    );

  // One client, one batch after the other, from a thread of its own (scripts/tooling/bench.ts).
  const overHttp = async () => {
    const v = await versions();
    const calls: HttpCall[] = batches.map((batch) => ({
      url: `${s.url}${API_PATH}/ISrmSysNewsService/publishSysNews`,
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': MENU,
        'accept-language': 'en-US',
      },
      body: JSON.stringify({ condition: { rows: batch.map((id) => ({ id, version: v.get(id) })) } }),
    }));
    return (await timedHttp(calls.length, 1, calls)).seconds * 1000;
  };

  const throughDriver = async () => {
    const started = performance.now();
    for (const batch of batches) {
      await database.driverQuery(
        `update srm_sys_news set status = '1', version = version + 1, publish_date = now(),
           publish_name = 'bench', update_name = 'bench', update_date = now()
         where id = any($1::uuid[]) and status = '0'`,
        [batch],
      );
      await database.driverQuery(
        `insert into sys_doc_history (doc_kind, doc_id, transition, from_status, to_status, source, user_no, user_name)
         select 'news', unnest($1::uuid[]), 'publish', '0', '1', 'portal', 'buyer', 'bench'`,
        [batch],
      );
    }
    return performance.now() - started;
  };

  await reset();
  await overHttp();
  await reset();
  await throughDriver();
  const totals = { http: 0, driver: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of round % 2 ? (['driver', 'http'] as const) : (['http', 'driver'] as const)) {
      await reset();
      totals[kind] += kind === 'http' ? await overHttp() : await throughDriver();
    }
  }
  const rate = (ms: number) => (DOCUMENTS * ROUNDS) / (ms / 1000);
  console.log(`db ${DB}, ${DOCUMENTS} documents in batches of ${BATCH}, ${ROUNDS} rounds each`);
  console.log(`over HTTP:      ${rate(totals.http).toFixed(0)} documents/s`);
  console.log(`through driver: ${rate(totals.driver).toFixed(0)} documents/s`);
  console.log(`ratio HTTP/driver: ${(totals.driver / totals.http).toFixed(2)} (goal: at least 0.3)`);
} finally {
  await s.close();
}
