// Large exports as jobs: above `config.exportJobRows` rows the export answers at once
// with a job id, and the workbook is written in the background into sys_export_chunk rows of about
// 1 MiB, so memory stays flat and any instance can report the progress (sys_export_job) and serve the
// download. A job whose writer stops reporting (its instance died) is reported as failed.
import { Readable, Writable } from 'node:stream';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';

const CHUNK_BYTES = 1024 * 1024;
/** A running job that has not reported for this long died with its instance. */
export const STALE_AFTER_MS = 2 * 60_000;
/** How long a user's finished exports are kept for their download. */
const KEEP_MS = 24 * 3600_000;

export interface ExportJobAnswer {
  exportJobId: string;
  total: number;
  fileName: string;
}

/** Writes what it is given into numbered chunk rows, in order; a slow database slows the writer. */
function chunkSink(db: Db, jobId: string) {
  let pending: Buffer[] = [];
  let size = 0;
  let seq = 0;
  let bytes = 0;
  const flush = async () => {
    if (!size) return;
    const data = Buffer.concat(pending, size);
    pending = [];
    size = 0;
    await db.insertInto('sysExportChunk').values({ jobId, seq: seq++, data }).execute();
    bytes += data.length;
  };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      size += chunk.length;
      if (size < CHUNK_BYTES) return done();
      flush().then(() => done(), done);
    },
    final(done) {
      flush().then(() => done(), done);
    },
  });
  return { sink, bytes: () => bytes };
}

/**
 * Starts the job and answers its id; `write` fills the sink and reports each chunk of rows written.
 * Also drops the user's own exports older than a day, so the table stays small without a sweeper.
 */
export async function startExportJob(
  ctx: CallContext,
  module: string,
  fileName: string,
  total: number,
  write: (sink: Writable, progress: (rows: number) => Promise<void>) => Promise<void>,
): Promise<ExportJobAnswer> {
  const userId = ctx.user!.id;
  await ctx.db
    .deleteFrom('sysExportJob')
    .where('userId', '=', userId)
    .where('createDate', '<', new Date(Date.now() - KEEP_MS))
    .execute();
  const job = await ctx.db
    .insertInto('sysExportJob')
    .values({ userId, module, fileName, status: 'running', totalRows: total })
    .returning('id')
    .executeTakeFirstOrThrow();
  const touch = (values: Record<string, unknown>) =>
    ctx.db
      .updateTable('sysExportJob')
      .set({ ...values, heartbeat: new Date(), updateDate: new Date() })
      .where('id', '=', job.id)
      .execute();
  void (async () => {
    const { sink, bytes } = chunkSink(ctx.db, job.id);
    let done = 0;
    try {
      await write(sink, async (rows) => {
        done += rows;
        await touch({ doneRows: done });
      });
      await touch({ status: 'done', doneRows: done, sizeBytes: bytes() });
    } catch (err) {
      console.error(`export job ${job.id} failed`, err);
      await touch({ status: 'error' }).catch(() => undefined);
    }
  })();
  return { exportJobId: job.id, total, fileName };
}

/** The caller's own job; anybody else's is "not found". A silent running job is reported failed. */
export async function exportJobOf(ctx: CallContext, id: string) {
  const job = await ctx.db
    .selectFrom('sysExportJob')
    .select(['id', 'status', 'totalRows', 'doneRows', 'fileName', 'heartbeat'])
    .where('id', '=', id)
    .where('userId', '=', ctx.user!.id)
    .executeTakeFirst();
  if (!job) throw new AppError('notFound');
  const stale = job.status === 'running' && Date.now() - new Date(job.heartbeat).getTime() > STALE_AFTER_MS;
  return {
    id: job.id,
    status: stale ? ('error' as const) : job.status,
    totalRows: job.totalRows,
    doneRows: job.doneRows,
    fileName: job.fileName,
  };
}

/** The finished workbook, read back chunk by chunk. */
export async function exportJobFile(ctx: CallContext, id: string) {
  const job = await exportJobOf(ctx, id);
  if (job.status !== 'done') throw new AppError('exportNotReady');
  const { db } = ctx;
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const row = await db
        .selectFrom('sysExportChunk')
        .select('data')
        .where('jobId', '=', id)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!row) return;
      yield Buffer.from(row.data);
    }
  }
  return { fileName: job.fileName, body: Readable.from(chunks()) };
}
