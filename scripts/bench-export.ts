// `npm run bench:export [-- --n 100000 --db pglite|postgres --rounds 3] [--job]`
// Seeds N organisations, then times the organisation export over real HTTP (query pages, scope,
// names for codes, formula escaping, xlsx stream) against exceljs's streaming writer writing the same
// rows from memory, in the same run. Prints rows per second, the ratio (goal: at least 0.7) and the
// process's peak memory while exporting. After one untimed warm-up round of each side, --rounds rounds
// alternate which side goes first; the ratio is the median of the rounds'. With --job the export runs
// as a background job (the path of every export above EXPORT_JOB_ROWS): start, progress polls and the
// download are all timed.
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { API_PATH, startTestServer } from '../tests/support/server.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const N = Number(arg('n', process.env.BENCH_N ?? '100000'));
const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const MENU = 'Base.Basic.Organizational';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const JOB = process.argv.includes('--job');
const ROUNDS = Number(arg('rounds', '3'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startTestServer({ database: DB, config: { exportJobRows: JOB ? 1 : N + 1 } });
try {
  const { db } = server.server.database;
  console.log(`seeding ${N} organisations on ${DB} ...`);
  await sql`insert into bm_org (org_no, org_name, org_short_name, remark, create_name, update_name, update_date)
    select 'E' || lpad(i::text, 7, '0'), 'Export organisation ' || i, 'Exp ' || (i % 1000), 'remark ' || i, 'bench', 'bench', now() - (i || ' seconds')::interval
    from generate_series(1, ${N}) as i`.execute(db);
  const token = await server.login('admin');
  const post = (path: string, condition: unknown) =>
    fetch(`${server.url}${API_PATH}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': MENU,
      },
      body: JSON.stringify({ condition }),
    });

  /** Ours: the whole call over HTTP, reading the file as it streams; seconds, bytes and peak RSS. */
  async function oursOnce() {
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const before = process.memoryUsage().rss;
    const t0 = performance.now();
    let res = await post('IBmOrgService/exportexcel', { keyword: 'E0' });
    if (JOB) {
      const { exportJobId } = (await res.json()).response.data;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const job = (await (await post('ISysExportJobService/getExportJob', { id: exportJobId })).json())
          .response.data;
        if (job.status === 'error') throw new Error('the export job failed');
        if (job.status === 'done') break;
      }
      res = await post('ISysExportJobService/downloadExportJob', { id: exportJobId });
    }
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    return { seconds, bytes, before, peak };
  }

  // Reference: exceljs's streaming writer writing the same rows, already in memory, to nowhere.
  const rows = (
    await sql<
      Record<string, unknown>
    >`select org_no, org_name, org_short_name, status_code, remark, create_name, create_date, update_name, update_date
    from bm_org where org_no like 'E0%' order by update_date desc`.execute(db)
  ).rows;
  async function referenceOnce() {
    const t1 = performance.now();
    const sink = new Writable({ write: (_chunk, _enc, done) => done() });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: sink,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Export');
    for (const r of rows) sheet.addRow(Object.values(r)).commit();
    sheet.commit();
    await workbook.commit();
    return (performance.now() - t1) / 1000;
  }

  // Steady state, as a running server is: one untimed round of each side warms the code paths (and
  // the export's writer thread). Then the sides alternate which goes first, so a slow moment of the
  // machine falls on both; the ratio printed is the median of the rounds'.
  await oursOnce();
  await referenceOnce();
  const ratios: number[] = [];
  const measured: Awaited<ReturnType<typeof oursOnce>>[] = [];
  const references: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    let ours: Awaited<ReturnType<typeof oursOnce>>;
    let reference: number;
    if (round % 2) {
      ours = await oursOnce();
      reference = await referenceOnce();
    } else {
      reference = await referenceOnce();
      ours = await oursOnce();
    }
    measured.push(ours);
    references.push(reference);
    ratios.push(reference / ours.seconds);
    console.log(
      `  round ${round}: ours ${(rows.length / ours.seconds).toFixed(0)} rows/s, exceljs ${(rows.length / reference).toFixed(0)} rows/s, ratio ${(reference / ours.seconds).toFixed(2)}`,
    );
  }

  const ratio = median(ratios);
  const ours = median(measured.map((m) => m.seconds));
  const reference = median(references);
  const bytes = measured[0].bytes;
  const before = Math.min(...measured.map((m) => m.before));
  const peak = Math.max(...measured.map((m) => m.peak));
  console.log(
    `database: ${DB}, rows: ${rows.length}, file: ${mb(bytes)}, path: ${JOB ? 'job' : 'stream'}; median of ${ROUNDS} rounds`,
  );
  console.log(`our export over HTTP      : ${(rows.length / ours).toFixed(0)} rows/s (${ours.toFixed(2)} s)`);
  console.log(
    `exceljs writer from memory: ${(rows.length / reference).toFixed(0)} rows/s (${reference.toFixed(2)} s)`,
  );
  console.log(
    `ratio (ours / reference): ${ratio.toFixed(2)} (goal: at least 0.7) ${ratio >= 0.7 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `process memory during our exports: ${mb(before)} before, ${mb(peak)} peak (+${mb(peak - before)})`,
  );
} finally {
  await server.close();
}
