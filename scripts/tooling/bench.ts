// What the benchmarks that time calls under concurrency share: `count` tasks run by `concurrency`
// workers, each task's latency kept, and the 95th percentile of them.

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
