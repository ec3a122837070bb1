// Idle worker threads kept for the next job of the same kind (the workbook reader and writer), so a job
// does not pay for starting a thread and loading exceljs. A worker is taken for one job at a time; one
// that finished cleanly goes back to the pool, unreferenced (an idle worker never keeps the process
// alive); one stopped midway is terminated.
import { Worker } from 'node:worker_threads';

const MAX_IDLE = 2;
const idle = new Map<string, Worker[]>();

export function takeWorker(url: URL, workerData: unknown): Worker {
  const key = url.href;
  const worker = idle.get(key)?.pop() ?? new Worker(url, { workerData });
  worker.removeAllListeners();
  worker.ref();
  return worker;
}

export function giveBack(url: URL, worker: Worker): void {
  worker.removeAllListeners();
  const pool = idle.get(url.href) ?? [];
  idle.set(url.href, pool);
  if (pool.length >= MAX_IDLE) {
    void worker.terminate();
    return;
  }
  worker.unref();
  // A worker that dies while idle just leaves the pool.
  worker.once('exit', () => {
    const i = pool.indexOf(worker);
    if (i >= 0) pool.splice(i, 1);
  });
  worker.on('error', () => {});
  pool.push(worker);
}
