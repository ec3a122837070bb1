// npm run bench:table: renders 1000 rows x 30 columns in Chromium, in the same run, with our list page
// (virtual rows) and with a plain non-virtual antd Table of the same data; prints both render times,
// their ratio (goal: ours at most 0.25 of the plain table) and the longest frame while scrolling
// (goal: at most 50 ms). The page is scripts/bench-table/, built into a temporary folder, never dist/.

import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { launchBrowser } from '../e2e/support/browser';
import { screenMeta } from './vite-screen-meta.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

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
  p95FrameMs: number;
}

const browser = await launchBrowser();
async function measure(mode: 'ours' | 'plain'): Promise<Result> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/?mode=${mode}`);
  const result = await page.waitForFunction(() => window.__bench, undefined, { timeout: 120_000 });
  const value = (await result.jsonValue()) as Result & { error?: string };
  await context.close();
  if (value.error) throw new Error(`${mode}: ${value.error}`);
  return value;
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
const longest = Math.max(...ours.map((r) => r.longestFrameMs));
const plainLongest = Math.max(...plain.map((r) => r.longestFrameMs));
console.log(`bench:table  1000 rows x 30 columns, Chromium, median of ${RUNS} runs each`);
console.log(`  our list page (virtual):   ${oursMs.toFixed(1)} ms to first paint of the rows`);
console.log(`  plain antd Table:          ${plainMs.toFixed(1)} ms`);
console.log(
  `  ratio ours / plain:        ${ratio.toFixed(3)}  (goal <= 0.25) ${ratio <= 0.25 ? 'ok' : 'MISSED'}`,
);
const p95 = median(ours.map((r) => r.p95FrameMs));
const plainP95 = median(plain.map((r) => r.p95FrameMs));
console.log(`  95th-percentile frame:     ${p95.toFixed(1)} ms ours; plain ${plainP95.toFixed(1)} ms`);
console.log(
  `  (scrolling 120 px, one wheel notch, every frame through all 1000 rows; load average ${loadavg()[0].toFixed(1)})`,
);
console.log(
  `  longest frame scrolling:   ${longest.toFixed(1)} ms ours (goal <= 50) ${longest <= 50 ? 'ok' : 'MISSED'}; plain ${plainLongest.toFixed(1)} ms`,
);
