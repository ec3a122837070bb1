// The rows of a workbook's first sheet, streamed from a parse on a worker thread.
//
// exceljs's streaming WorkbookReader reads the zip in one forward pass and, on Node 18 and later,
// sometimes loses an entry of that pass (a known upstream bug of exceljs): a sheet is then read without
// its shared strings and every text cell comes back as {sharedString: n}. The worker therefore opens
// each part by its offset in the central directory, in the order the sheet needs them (relationships,
// workbook, shared strings, styles, then the sheet), and exceljs's own part readers parse them.
//
// The parse runs on its own thread so that an import checks and writes one batch (and, on embedded
// PGlite, runs the database itself) while the next rows are being parsed, instead of taking turns on
// one thread. The sheet still arrives chunk by chunk, and the worker waits while the importing thread
// has WINDOW chunks it has not taken, so memory holds the shared strings and a bounded window of rows.
//
// An old binary .xls (an OLE compound file, import-file.ts) is parsed by xlsx-rows.xls.worker.mjs
// instead, on a thread started for that one file whose heap is bounded: SheetJS holds the whole
// workbook in memory, so a file that would take more is refused as a bomb, never a crash.
import { open } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorKind } from '../errors.js';
import { giveBack, takeWorker } from './worker-pool.js';

export interface SheetRow {
  number: number;
  values: unknown[];
}

const CHUNK_ROWS = 500;
const WINDOW = 4;
const WORKER = new URL('./xlsx-rows.worker.mjs', import.meta.url);
const XLS_WORKER = new URL('./xlsx-rows.xls.worker.mjs', import.meta.url);
/**
 * The heap an .xls parse may take. A 50 MB .xls of short cells holds a few million of them, which
 * SheetJS keeps as objects: a few hundred MB. Past this the file is refused (importBomb).
 */
const XLS_HEAP_MB = 1024;
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

type Message =
  | { rows: SheetRow[]; share: number }
  | { done: true }
  | { error: string; dead?: true; code?: ErrorKind };

async function isXls(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    return head.equals(OLE2);
  } finally {
    await handle.close();
  }
}

/**
 * The rows of the first sheet; `onProgress` gets the share of the sheet read so far (0 to 1).
 * A file that is not a readable workbook throws. Leaving the loop early stops the parse.
 */
export async function* firstSheetRows(
  path: string,
  onProgress: (share: number) => void = () => {},
): AsyncGenerator<SheetRow> {
  const xls = await isXls(path);
  const worker = xls
    ? new Worker(XLS_WORKER, {
        workerData: { path, chunkRows: CHUNK_ROWS, window: WINDOW },
        resourceLimits: { maxOldGenerationSizeMb: XLS_HEAP_MB },
      })
    : takeWorker(WORKER, { chunkRows: CHUNK_ROWS, window: WINDOW });
  const queue: Message[] = [];
  let wake: () => void = () => {};
  const push = (message: Message) => {
    queue.push(message);
    wake();
  };
  worker.on('message', push);
  worker.on('error', (error: Error & { code?: string }) =>
    push({
      error: error.message,
      dead: true,
      // A workbook that needs more memory than the reader may take expands too far to be read safely.
      code: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'importBomb' : undefined,
    }),
  );
  worker.on('exit', () => push({ error: 'the workbook reader stopped', dead: true }));
  if (!xls) worker.postMessage({ parse: path });
  let finished = false;
  try {
    for (;;) {
      while (!queue.length) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift()!;
      if ('done' in message) {
        finished = !xls;
        return;
      }
      if ('error' in message) {
        // A parse that failed leaves its worker idle and sound; a worker that died is not reused.
        finished = !message.dead && !xls;
        if (message.code) throw new AppError(message.code);
        throw new Error(message.error);
      }
      worker.postMessage('take');
      onProgress(message.share);
      yield* message.rows;
    }
  } finally {
    // A sheet left half-read would keep the worker busy: it stops, and the next parse starts another.
    if (finished && !xls) giveBack(WORKER, worker);
    else await worker.terminate();
  }
}
