// An export of 100,000 rows, streamed (not a job), on PostgreSQL: every row arrives, in order, and the
// memory the server process used on the way is printed (the flat-memory goal itself is measured by
// `npm run bench:export`, never asserted by timing here). The peak heap includes garbage V8 has not
// collected yet: sampled after each chunk, the heap falls back to its start whenever V8 collects.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstSheetRows } from '../../services/resource/xlsx-rows.js';
import { API_PATH, startTestServer, type TestServer } from '../support/server.js';

const ROWS = 100_000;
const MB = 1024 * 1024;

describe('an export of 100,000 rows (PostgreSQL)', () => {
  let s: TestServer;
  const work = mkdtempSync(join(tmpdir(), 'export-large-'));
  beforeAll(async () => {
    s = await startTestServer({ database: 'postgres', config: { exportJobRows: ROWS * 2 } });
    await sql`insert into bm_org (org_no, org_name, org_short_name, status_code, remark)
      select 'BIG' || lpad(i::text, 6, '0'), 'Organisation ' || i, 'Org ' || i, '1', '=cmd|' || i
      from generate_series(1, ${ROWS}) as i`.execute(s.server.database.db);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('streams every row of the search into the workbook, with its memory printed', async () => {
    const token = await s.login('admin');
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed + before.external;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed + m.external);
    }, 20);
    const started = performance.now();
    const res = await fetch(`${s.url}${API_PATH}/IBmOrgService/exportexcel`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': 'Base.Basic.Organizational',
        'accept-language': 'en-US',
      },
      body: JSON.stringify({ condition: { orgNoIndistinct: 'BIG', field: 'orgNo', order: 'asc' } }),
    });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const path = join(work, 'big.xlsx');
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(path));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    let count = 0;
    let last: unknown[] = [];
    let remark: unknown;
    for await (const row of firstSheetRows(path)) {
      count++;
      if (count === 2) remark = row.values.find((v) => typeof v === 'string' && v.includes('cmd|'));
      last = row.values;
    }
    expect(count).toBe(ROWS + 1);
    expect(last).toContain(`BIG${String(ROWS).padStart(6, '0')}`);
    // A cell that starts like a formula is written as text, never run.
    expect(remark).toBe("'=cmd|1");
    console.log(
      `export of ${ROWS} rows: ${seconds.toFixed(1)} s, ${(ROWS / seconds).toFixed(0)} rows/s; ` +
        `server and client in one process: peak RSS +${((peakRss - before.rss) / MB).toFixed(0)} MB, ` +
        `peak heap + external +${((peakHeap - before.heapUsed - before.external) / MB).toFixed(0)} MB`,
    );
  }, 300_000);
});
