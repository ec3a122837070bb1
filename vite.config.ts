import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { chunkGroups } from './scripts/vite-chunks.js';
import { cspNonce } from './scripts/vite-csp-nonce.js';
import { screenMeta } from './scripts/vite-screen-meta.js';
import { screenReload } from './scripts/vite-screen-reload.js';
import LongestFirst from './tests/support/sequencer.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const UNIT_FILES = [
  'tests/unit/**/*.test.{ts,tsx}',
  'engine/**/*.test.{ts,tsx}',
  'services/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const ISOLATED_FILES = '**/*.isolated.test.{ts,tsx}';
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

// The browser app lives in engine/ (index.html included); the build lands in dist/, which the
// server serves. Tests are split into projects so `npm test` can run them in a fixed order.
export default defineConfig({
  root: here('./engine'),
  publicDir: false,
  plugins: [
    react(),
    cspNonce(),
    screenMeta(here('./screens')),
    screenReload(here('./screens')),
    // Every hashed script and style also as .br and .gz, made once at build time, which the server
    // sends to a browser that accepts them (services/http/compression.ts). Brotli at its best
    // quality, 11: the files come out about 2% smaller than at 10 (some 7 kB of a list route), for
    // some seconds more of build. The page itself is left out: it is sent with a new nonce every
    // time. Below 1 kB a file is sent as it is.
    compression({
      include: /(^|[\\/])assets[\\/].*\.(js|css|svg|json)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: {
      '@engine': here('./engine'),
      '@schemas': here('./schemas'),
      '@locales': here('./locales'),
      '@screens': here('./screens'),
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: which chunk each entry and lazy import loads (e2e/bundle.e2e.ts reads
    // it; the server never sends it).
    manifest: true,
    // How the app is cut into files: scripts/vite-chunks.ts. Its files import each other in no circle
    // (e2e/bundle.e2e.ts holds it), so each runs its modules in the order they were written, without
    // a wrapper around every module (strictExecutionOrder: some 30 kB more for a list route).
    rolldownOptions: { output: { codeSplitting: chunkGroups() } },
  },
  server: {
    proxy: {
      '/dapilc': apiTarget,
      '/productWebSocket': { target: apiTarget, ws: true },
      '/noticeWebSocket': { target: apiTarget, ws: true },
    },
  },
  test: {
    root: here('.'),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: here('.'),
          include: UNIT_FILES,
          exclude: [ISOLATED_FILES],
          environment: 'node',
          // Modules are loaded once per worker, not once per file: a unit test file takes a fraction
          // of the time. A file that replaces modules (vi.mock) is named *.isolated.test.ts and runs
          // in unit-isolated, where each file loads its modules afresh.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          root: here('.'),
          include: UNIT_FILES.map((glob) => glob.replace(/\.test\./, '.isolated.test.')),
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          root: here('.'),
          include: ['tests/integration/**/*.test.ts', 'tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          // The server's modules are loaded once per worker, not once per file (as in e2e): each file
          // starts its own server on a database of its own, and several servers in one process share
          // nothing a test could see.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: here('.'),
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          // The server's and Playwright's modules are loaded once per worker, not once per file: each
          // file starts its own server anyway, and the server keeps no state in memory that another
          // instance on another database would need (several servers in one process hold that true).
          isolate: false,
          // A real browser on a shared 2-core machine: slow runs must finish. No retries: a flake is
          // a defect to fix, not to hide.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
