// What the benchmarks that time calls under concurrency share: `count` tasks run by `concurrency`
// workers, each task's latency kept, and the 95th percentile of them.
import { Worker } from 'node:worker_threads';

/** The 95th percentile of some latencies (ms). */
export function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
}

/** Runs task(0) … task(count - 1) on `concurrency` workers: rate, p95, the time and every latency. */
export async function timed(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, p95: p95(latencies), seconds, latencies };
}

/** One HTTP call a benchmark's clients make: POST of a JSON body. */
export interface HttpCall {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * timed() over HTTP from a thread of its own, as clients on other machines would call: the server's
 * event loop carries the server only, not the clients' requests, decompression and parsing too. The
 * clients are node:http with one kept-alive connection each, asking for brotli or gzip as browsers do:
 * on a machine of two cores they share with the server and the database, a client that costs little
 * (fetch costs about three times as much a call) leaves the measure to the server. The thread and its
 * connections live on from one run to the next, as a browser's do, so that a round does not time a
 * client starting cold; it ends with the process. Task i makes calls[i % calls.length]; an answer that
 * is not code '0' stops the run with its message.
 */
export function timedHttp(
  count: number,
  concurrency: number,
  calls: readonly HttpCall[],
): Promise<{ perSecond: number; p95: number; seconds: number; latencies: number[] }> {
  if (!clients) {
    clients = new Worker(HTTP_CLIENTS, { eval: true });
    clients.unref();
  }
  const worker = clients;
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => {
      clients = undefined;
      reject(e);
    };
    worker.once(
      'message',
      (m: { error?: string; perSecond: number; p95: number; seconds: number; latencies: number[] }) => {
        worker.off('error', onError);
        if (m.error) reject(new Error(m.error));
        else resolve(m);
      },
    );
    worker.once('error', onError);
    worker.postMessage({ count, concurrency, calls });
  });
}

let clients: Worker | undefined;

const HTTP_CLIENTS = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const zlib = require('node:zlib');
// One kept-alive connection a client, as a browser keeps one; the answer decompressed as a browser
// would (it asks for brotli and gzip, as browsers do).
let agent;
const post = (call) =>
  new Promise((resolve, reject) => {
    const req = http.request(call.url, {
      method: 'POST',
      agent,
      headers: { ...call.headers, 'accept-encoding': 'br, gzip', 'content-length': Buffer.byteLength(call.body) },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        try {
          let body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          if (encoding === 'br') body = zlib.brotliDecompressSync(body);
          else if (encoding === 'gzip') body = zlib.gunzipSync(body);
          resolve(JSON.parse(body.toString('utf8')));
        } catch (e) {
          reject(e);
        }
      });
    });
    req.on('error', reject);
    req.end(call.body);
  });
const run = async ({ count, concurrency, calls }) => {
  if (!agent || agent.maxSockets !== concurrency) {
    agent?.destroy();
    agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  }
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const call = calls[next++ % calls.length];
      const t0 = performance.now();
      const answer = await post(call);
      if (answer.code !== '0') throw new Error(JSON.stringify(answer).slice(0, 300));
      latencies.push(performance.now() - t0);
    }
  }));
  const sorted = latencies.sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, p95, seconds, latencies: sorted };
};
parentPort.on('message', (work) =>
  run(work).then(
    (result) => parentPort.postMessage(result),
    (e) => parentPort.postMessage({ error: String(e && e.message || e) }),
  ),
);
`;
