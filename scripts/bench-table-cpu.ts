// bench:table --cpu: what the page's main thread itself spent while scrolling, from a Chromium trace.
// On a shared machine a frame's length is the page's work plus the time other processes held the
// cores; the thread CPU time of each task (the trace's `tdur`) is the page's work alone.

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface ScrollCpu {
  /** Main-thread CPU time between the bench's scroll-start and scroll-end marks. */
  totalMs: number;
  /** The most CPU one task (one frame's work, or one script task) took. */
  longestTaskMs: number;
  /** 95th percentile of the CPU of tasks that did real work (over 1 ms). */
  p95TaskMs: number;
}

/** Trace categories the analysis needs. */
export const CPU_TRACE_CATEGORIES = ['disabled-by-default-devtools.timeline', 'blink.user_timing'];

export function scrollCpu(trace: Buffer): ScrollCpu {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = (name: string) => events.find((e) => e.name === name && e.cat?.includes('user_timing'));
  const start = mark('scroll-start');
  const end = mark('scroll-end');
  if (!start || !end) throw new Error('the trace holds no scroll-start/scroll-end marks');
  const main = events.find(
    (e) =>
      e.ph === 'M' && e.name === 'thread_name' && e.pid === start.pid && e.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error('the trace holds no renderer main thread');
  const tasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.name === 'RunTask' &&
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.ts >= start.ts &&
        e.ts <= end.ts,
    )
    .map((e) => (e.tdur ?? 0) / 1000);
  const busy = tasks.filter((ms) => ms > 1).sort((a, b) => a - b);
  return {
    totalMs: tasks.reduce((a, b) => a + b, 0),
    longestTaskMs: busy.at(-1) ?? 0,
    p95TaskMs: busy[Math.floor(busy.length * 0.95)] ?? 0,
  };
}
