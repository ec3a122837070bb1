// The widget harness (e2e/harness): engine widgets mounted on a bare page, built with Vite into a folder
// of its own and served by a portal of its own, for the tests of widgets no screen shows alone.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { cspNonce } from '../../scripts/vite-csp-nonce.js';
import { HARNESS_SCREEN } from '../harness/screen';
import { type Portal, startPortal } from './portal.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Builds the harness and starts a portal serving it; closing the portal removes the build. */
export async function startHarness(): Promise<Portal> {
  const out = mkdtempSync(join(tmpdir(), 'srm-harness-'));
  await build({
    configFile: false,
    logLevel: 'error',
    root: here('../harness'),
    plugins: [react(), cspNonce()],
    resolve: {
      alias: {
        '@schemas': here('../../schemas'),
        '@locales': here('../../locales'),
        '@engine': here('../../engine'),
      },
    },
    build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  const portal = await startPortal({ staticDir: out, config: { extraScreens: [HARNESS_SCREEN] } });
  return {
    ...portal,
    async close() {
      await portal.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}
