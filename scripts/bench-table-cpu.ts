// bench:table --cpu: what the browser spent while scrolling, from a Chromium trace, by thread.
// On a shared machine a frame's length is the work of every thread that makes it plus the time other
// processes held the cores; the thread CPU time of each task (the trace's `tdur`) is the work alone.
// A frame is made by the page's main thread (script, style, layout, paint), the renderer's compositor
// thread, its raster workers (the bench's Chromium rasters in software) and the display compositor
// (the GPU process's Viz thread, compositing in software here: no GPU).

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
  /** The page's main thread: CPU time between the bench's scroll-start and scroll-end marks. */
  totalMs: number;
  /** The most CPU one main-thread task (one frame's work, or one script task) took. */
  longestTaskMs: number;
  /** 95th percentile of the CPU of main-thread tasks that did real work (over 1 ms). */
  p95TaskMs: number;
  /** The renderer's compositor thread. */
  compositorMs: number;
  /** The renderer's raster workers. */
  rasterMs: number;
  /** The display compositor (Viz) drawing the frames. */
  displayMs: number;
}

/** Trace categories the analysis needs. */
export const CPU_TRACE_CATEGORIES = [
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'cc',
  'viz',
];

export function scrollCpu(trace: Buffer): ScrollCpu {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = (name: string) => events.find((e) => e.name === name && e.cat?.includes('user_timing'));
  const start = mark('scroll-start');
  const end = mark('scroll-end');
  if (!start || !end) throw new Error('the trace holds no scroll-start/scroll-end marks');
  const threads = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}/${e.tid}`, e.args?.name ?? '');
  const during = events.filter((e) => e.ph === 'X' && e.ts >= start.ts && e.ts <= end.ts);
  const cpu = (name: string, thread: (t: string, pid: number) => boolean) =>
    during
      .filter((e) => e.name === name && thread(threads.get(`${e.pid}/${e.tid}`) ?? '', e.pid))
      .map((e) => (e.tdur ?? 0) / 1000);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const renderer = start.pid;
  const main = cpu('RunTask', (t, pid) => pid === renderer && t === 'CrRendererMain');
  const busy = main.filter((ms) => ms > 1).sort((a, b) => a - b);
  return {
    totalMs: sum(main),
    longestTaskMs: busy.at(-1) ?? 0,
    p95TaskMs: busy[Math.floor(busy.length * 0.95)] ?? 0,
    compositorMs: sum(cpu('RunTask', (t, pid) => pid === renderer && t === 'Compositor')),
    rasterMs: sum(cpu('RasterTask', (_, pid) => pid === renderer)),
    displayMs: sum(cpu('RunTask', (t) => t === 'VizCompositorThread')),
  };
}
