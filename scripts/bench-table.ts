// npm run bench:table: renders 1000 rows x 30 columns in Chromium, in the same run, with our list page
// (its virtual grid) and with a plain non-virtual antd Table of the same data; prints both render
// times, their ratio (goal: ours at most 0.25 of the plain table) and the frames while scrolling, one
// wheel notch (120 px) every frame down through all 1000 rows, then across all 30 columns and back
// (goal: longest frame at most 50 ms). The longest frame is the worst of all runs, each run's is
// printed too. With --cpu it also traces each run and prints the main thread's own CPU time while
// scrolling (what a frame costs the page, apart from the time other processes held the cores).
// --rows 100 measures the largest page our list page shows with antd's own (non-virtual) table.
// The page is scripts/bench-table/, built into a temporary folder, never dist/.

import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { launchBrowser } from '../e2e/support/browser';
import { CPU_TRACE_CATEGORIES, type ScrollCpu, scrollCpu } from './bench-table-cpu';
import { screenMeta } from './vite-screen-meta.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU = process.argv.includes('--cpu');
/** --rows 100: the largest page our list page shows with antd's own table, against the plain one. */
const rowsAt = process.argv.indexOf('--rows');
const ROWS = rowsAt > 0 ? Number(process.argv[rowsAt + 1]) : 1000;

const outDir = mkdtempSync(join(tmpdir(), 'bench-table-'));
await build({
  configFile: false,
  logLevel: 'warn',
  root: here('./bench-table'),
  base: '/',
  publicDir: false,
  plugins: [react(), screenMeta(here('../screens'))],
  resolve: {
    alias: {
      '@engine': here('../engine'),
      '@schemas': here('../schemas'),
      '@locales': here('../locales'),
      '@screens': here('../screens'),
    },
  },
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  try {
    const file = path === '/' ? '/index.html' : path;
    const body = await readFile(join(outDir, file));
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

interface Result {
  renderMs: number;
  longestFrameMs: number;
  longestVerticalMs: number;
  longestHorizontalMs: number;
  p95FrameMs: number;
  frames: { vertical: number[]; horizontal: number[] };
  cpu?: ScrollCpu;
}

/**
 * A new browser context opens a window, and Chromium starts that window's own pages (the omnibox
 * popup, ~1 s of CPU) alongside: on 2 cores that would land in the measured render or scroll of
 * whichever table came first. The bench lets it finish first.
 */
const SETTLE_MS = 2000;

const browser = await launchBrowser();
async function measure(mode: 'ours' | 'plain'): Promise<Result> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('about:blank');
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  if (CPU) await browser.startTracing(page, { categories: CPU_TRACE_CATEGORIES });
  await page.goto(`http://127.0.0.1:${port}/?mode=${mode}&rows=${ROWS}`);
  const result = await page.waitForFunction(() => window.__bench, undefined, { timeout: 120_000 });
  const value = (await result.jsonValue()) as Result & { error?: string };
  const trace = CPU ? await browser.stopTracing() : undefined;
  await context.close();
  if (value.error) throw new Error(`${mode}: ${value.error}`);
  return trace ? { ...value, cpu: scrollCpu(trace) } : value;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ours: Result[] = [];
const plain: Result[] = [];
try {
  // Alternate the two so neither profits from a warmer machine.
  for (let i = 0; i < RUNS; i++) {
    ours.push(await measure('ours'));
    plain.push(await measure('plain'));
  }
} finally {
  await browser.close();
  server.close();
  rmSync(outDir, { recursive: true, force: true });
}

const oursMs = median(ours.map((r) => r.renderMs));
const plainMs = median(plain.map((r) => r.renderMs));
const ratio = oursMs / plainMs;
const worst = (rs: Result[], key: 'longestFrameMs' | 'longestVerticalMs' | 'longestHorizontalMs') =>
  Math.max(...rs.map((r) => r[key]));
const each = (rs: Result[]) => rs.map((r) => r.longestFrameMs.toFixed(0)).join(', ');
const longest = worst(ours, 'longestFrameMs');
const f = (ms: number) => `${ms.toFixed(1)} ms`;
/** The goals are for the 1000-row page; --rows 100 only compares. */
const goal = (text: string, met: boolean) => (ROWS === 1000 ? `${text} ${met ? 'ok' : 'MISSED'}` : '');
console.log(`bench:table  ${ROWS} rows x 30 columns, Chromium, median of ${RUNS} runs each`);
console.log(`  our list page:             ${f(oursMs)} to first paint of the rows`);
console.log(`  plain antd Table:          ${f(plainMs)}`);
console.log(`  ratio ours / plain:        ${ratio.toFixed(3)}${goal(' (goal <= 0.25)', ratio <= 0.25)}`);
const frames = ours[0].frames;
console.log(
  `  scrolling: 120 px (one wheel notch) every frame, ${frames.vertical.length} frames down through all rows, ` +
    `${frames.horizontal.length} across all columns and back; load average ${loadavg()[0].toFixed(1)}`,
);
console.log(
  `  95th-percentile frame:     ${f(median(ours.map((r) => r.p95FrameMs)))} ours; plain ${f(median(plain.map((r) => r.p95FrameMs)))}`,
);
console.log(
  `  longest frame, down:       ${f(worst(ours, 'longestVerticalMs'))} ours; plain ${f(worst(plain, 'longestVerticalMs'))}`,
);
console.log(
  `  longest frame, across:     ${f(worst(ours, 'longestHorizontalMs'))} ours; plain ${f(worst(plain, 'longestHorizontalMs'))}`,
);
console.log(
  `  longest frame scrolling:   ${f(longest)} ours${goal(' (goal <= 50)', longest <= 50)}; plain ${f(worst(plain, 'longestFrameMs'))}`,
);
console.log(`  each run's longest:        ours ${each(ours)}; plain ${each(plain)} ms`);
if (CPU) {
  const cpu = (rs: Result[], key: keyof ScrollCpu) => median(rs.map((r) => r.cpu![key]));
  const frameCount = frames.vertical.length + frames.horizontal.length;
  const perFrame = (rs: Result[], key: keyof ScrollCpu) => f(cpu(rs, key) / frameCount);
  console.log('  CPU a frame while scrolling (thread time, apart from waiting for a core):');
  for (const [name, rs] of [
    ['ours', ours],
    ['plain', plain],
  ] as const)
    console.log(
      `    ${name.padEnd(5)}  page main thread ${perFrame(rs, 'totalMs')} (longest task ${f(Math.max(...rs.map((r) => r.cpu!.longestTaskMs)))}, ` +
        `p95 ${f(cpu(rs, 'p95TaskMs'))}), compositor ${perFrame(rs, 'compositorMs')}, raster ${perFrame(rs, 'rasterMs')}, ` +
        `display compositor ${perFrame(rs, 'displayMs')}`,
    );
}
