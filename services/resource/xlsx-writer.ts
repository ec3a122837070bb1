// An export's workbook written on a worker thread. The exporting thread reads the next rows from the
// database (and, on embedded PGlite, runs the database itself) while the worker turns the previous rows
// into xlsx, instead of both taking turns on one thread. Back-pressure holds both ways: at most two
// batches of rows wait for the worker, and the worker's bytes wait for `out`
// (a slow download or the job's database writes pause the queries instead of piling rows up).
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { giveBack, takeWorker } from './worker-pool.js';

const WORKER = new URL('./xlsx-writer.worker.mjs', import.meta.url);
const IN_FLIGHT = 2;

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
  /** Holds exact decimals as canonical text: written as number cells carrying every digit. */
  decimal?: boolean;
}

type Message = { bytes: Uint8Array } | { wrote: number } | { done: true } | { error: string; dead?: true };

export interface XlsxWriter {
  /** Queues rows (cell values in column order); resolves once the worker can take more. */
  rows(rows: unknown[][]): Promise<void>;
  /** Finishes the workbook and ends `out`; resolves when `out` has taken its last byte. */
  end(): Promise<void>;
  /** Stops the worker (after a failure); `out` is left to the caller. */
  abort(): Promise<void>;
}

export function openXlsxWriter(out: Writable, sheetName: string, columns: SheetColumn[]): XlsxWriter {
  const worker = takeWorker(WORKER, {});
  let pending = 0;
  let failure: Error | undefined;
  let done = false;
  let wake: () => void = () => {};
  const settle = () => wake();
  // The bytes are written in arrival order; a full `out` is awaited before more rows are sent.
  worker.on('message', (message: Message) => {
    if ('bytes' in message)
      out.write(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length));
    else if ('wrote' in message) pending--;
    else if ('done' in message) done = true;
    else failure = new Error(message.error);
    settle();
  });
  worker.on('error', (error) => {
    failure = error;
    settle();
  });
  worker.on('exit', () => {
    failure ??= new Error('the workbook writer stopped');
    settle();
  });
  worker.postMessage({ start: { sheetName, columns } });

  const until = async (ready: () => boolean) => {
    while (!ready() && !failure) await new Promise<void>((resolve) => (wake = resolve));
    if (failure) throw failure;
  };
  // A reader that went away (a download cancelled) never drains: the export stops instead of waiting.
  const drained = async () => {
    if (out.writableNeedDrain && !out.destroyed)
      await new Promise<void>((resolve) => {
        const go = () => {
          out.off('drain', go).off('close', go);
          resolve();
        };
        out.on('drain', go).on('close', go);
      });
    if (out.destroyed) throw new Error('the export stream was closed');
  };

  return {
    async rows(rows) {
      if (failure) throw failure;
      if (!rows.length) return;
      pending++;
      worker.postMessage({ rows });
      await until(() => pending < IN_FLIGHT);
      await drained();
    },
    async end() {
      await until(() => pending === 0);
      worker.postMessage({ end: true });
      await until(() => done);
      giveBack(WORKER, worker);
      out.end();
      await finished(out);
    },
    async abort() {
      await worker.terminate();
    },
  };
}
