// `npm run bench:files [-- --mb 40 --db pglite|postgres]`
// Times an upload of an N MB file over real HTTP (multipart, permission, the content checks, chunks
// written to the database, the file record) and its download (scope check, chunks streamed back),
// against the same chunks written and read straight through the driver, in the same run. Prints MB per
// second (best of --rounds, default 3), the ratios (goal: at least 0.5 each) and the process's peak
// memory.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { API_PATH, startTestServer } from '../tests/support/server.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const MB = Number(arg('mb', '40'));
const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const CHUNK = 1024 * 1024;
const ROUNDS = Number(arg('rounds', '3'));
const rate = (ms: number) => `${(MB / (ms / 1000)).toFixed(1)} MB/s`;

// A text file, so every byte passes through the UTF-8 check as well.
const data = Buffer.alloc(MB * CHUNK);
for (let i = 0; i < data.length; i++) data[i] = 0x20 + (i % 90);
const digest = createHash('sha256').update(data).digest('hex');

const server = await startTestServer({ database: DB, config: { uploadMaxMb: MB + 1 } });
try {
  const { db } = server.server.database;
  const token = await server.login('admin');

  const post = (path: string, body: BodyInit, headers: Record<string, string>) =>
    fetch(`${server.url}${API_PATH}/${path}`, {
      method: 'POST',
      headers: { 'authentication-info': token, ...headers },
      body,
    });

  /** Ours: the upload and the download over HTTP. */
  async function overHttp() {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), 'bench.txt');
    const t0 = performance.now();
    const res = await post('ISrmFileService/uploadFile?purpose=file', form, {
      'app-module-number': 'Base.Message.File',
    });
    const record = (await res.json()).response.data;
    const upload = performance.now() - t0;
    if (record.sha256 !== digest) throw new Error('the upload did not store the same bytes');
    const t1 = performance.now();
    const down = await post(
      'ISrmFileService/downloadFileById',
      JSON.stringify({ condition: { id: record.id } }),
      {
        'content-type': 'application/json',
      },
    );
    const back = Buffer.from(await down.arrayBuffer());
    const download = performance.now() - t1;
    if (!back.equals(data)) throw new Error('the download did not answer the same bytes');
    return { upload, download };
  }

  /** Reference: the same chunks written and read through the driver, no HTTP and no checks. */
  async function throughDriver() {
    const content = await db
      .insertInto('sysFileContent')
      .values({ status: 'writing' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const t0 = performance.now();
    for (let seq = 0; seq * CHUNK < data.length; seq++) {
      const piece = data.subarray(seq * CHUNK, (seq + 1) * CHUNK).toString('base64');
      await sql`insert into sys_file_chunk (content_id, seq, data) values (${content.id}, ${seq}, decode(${piece}, 'base64'))`.execute(
        db,
      );
    }
    const upload = performance.now() - t0;
    const t1 = performance.now();
    for (let seq = 0; seq * CHUNK < data.length; seq++)
      await sql`select encode(data, 'base64') as data from sys_file_chunk where content_id = ${content.id} and seq = ${seq}`.execute(
        db,
      );
    const download = performance.now() - t1;
    await db.deleteFrom('sysFileContent').where('id', '=', content.id).execute();
    return { upload, download };
  }

  // The machine is shared: each side runs ROUNDS times, alternating, and its best time counts.
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const before = process.memoryUsage().rss;
  const ours = { upload: Infinity, download: Infinity };
  const ref = { upload: Infinity, download: Infinity };
  for (let round = 0; round < ROUNDS; round++) {
    const a = await overHttp();
    const b = await throughDriver();
    ours.upload = Math.min(ours.upload, a.upload);
    ours.download = Math.min(ours.download, a.download);
    ref.upload = Math.min(ref.upload, b.upload);
    ref.download = Math.min(ref.download, b.download);
  }
  clearInterval(sampler);
  const upload = ours.upload;
  const download = ours.download;
  const write = ref.upload;
  const read = ref.download;

  console.log(`${MB} MB on ${DB}`);
  console.log(
    `upload:   ${rate(upload)} over HTTP vs ${rate(write)} through the driver, ratio ${(write / upload).toFixed(2)}`,
  );
  console.log(
    `download: ${rate(download)} over HTTP vs ${rate(read)} through the driver, ratio ${(read / download).toFixed(2)}`,
  );
  console.log(
    `peak memory over the rounds: +${((peak - before) / 1024 / 1024).toFixed(0)} MB over ${(before / 1024 / 1024).toFixed(0)} MB (the test client holds the ${MB} MB file too)`,
  );
} finally {
  await server.close();
}
