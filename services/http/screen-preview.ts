// The live preview of screen files under `npm start` (the built app served by this server): outside
// production the server serves each screen file from screens/ as it is on disk, and tells the open
// pages over an event stream when one is saved, so the pages showing it load it again in place,
// without a page load (engine/dev/screenPreview.ts). `npm run dev` has its own (Vite's reload,
// scripts/vite-screen-reload.ts). Off when NODE_ENV is production (and under the test runner, unless
// SCREEN_PREVIEW=on): then neither route exists and the page carries no marker, so the built app
// loads the screens it was built with. Nothing here loosens the Content-Security-Policy: the marker
// is a <meta> element, the stream a same-origin request (connect-src 'self').
import { type FSWatcher, watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Where the page learns the preview is on, and the base of its routes. */
export const PREVIEW_META = 'screen-preview';

/** On outside production and outside the test runner; SCREEN_PREVIEW=on|off decides in between. */
export function screenPreviewEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NODE_ENV === 'production') return false;
  if (env.SCREEN_PREVIEW === 'on') return true;
  if (env.SCREEN_PREVIEW === 'off') return false;
  return env.NODE_ENV !== 'test' && !env.VITEST;
}

export interface ScreenPreviewOptions {
  /** The API prefix the routes go under (/dapilc). */
  prefix: string;
  /** The folder of the screen files; default screens/ of the repository (SCREEN_PREVIEW_DIR for tests). */
  screensDir?: string;
}

/**
 * `GET {prefix}/screen-preview/file?file=screens/base/x.json`: the file as it is on disk (only .json
 * files inside the screens folder). `GET {prefix}/screen-preview/events`: an event stream with one
 * `data: {"file": "screens/base/x.json"}` event for each saved, added or removed screen file.
 */
export async function registerScreenPreview(app: FastifyInstance, options: ScreenPreviewOptions) {
  const dir = resolve(options.screensDir ?? join(import.meta.dirname, '../../screens'));
  const base = `${options.prefix}/screen-preview`;
  const listeners = new Set<(file: string) => void>();
  // One watcher for every page; an editor's save comes as several events, sent once.
  let watcher: FSWatcher | undefined;
  const pending = new Map<string, NodeJS.Timeout>();
  const startWatching = () => {
    if (watcher) return;
    watcher = watch(dir, { recursive: true }, (_event, name) => {
      if (!name || !String(name).endsWith('.json')) return;
      const file = `screens/${String(name).split(sep).join('/')}`;
      clearTimeout(pending.get(file));
      pending.set(
        file,
        setTimeout(() => {
          pending.delete(file);
          for (const l of listeners) l(file);
        }, 40),
      );
    });
    watcher.on('error', () => undefined);
  };
  app.addHook('onClose', async () => {
    watcher?.close();
    for (const t of pending.values()) clearTimeout(t);
  });

  app.get(`${base}/file`, async (req, reply) => {
    const name = String((req.query as { file?: unknown }).file ?? '');
    const full = resolve(dir, name.replace(/^screens\//, ''));
    if (!name.endsWith('.json') || relative(dir, full).startsWith('..') || !full.startsWith(dir + sep))
      return reply.code(404).type('text/plain').send('Not found');
    try {
      const text = await readFile(full, 'utf8');
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-store').send(text);
    } catch {
      return reply.code(404).type('text/plain').send('Not found');
    }
  });

  app.get(`${base}/events`, (req, reply) => {
    startWatching();
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    reply.raw.write(': screen preview\n\n');
    const send = (file: string) => reply.raw.write(`data: ${JSON.stringify({ file })}\n\n`);
    listeners.add(send);
    req.raw.on('close', () => listeners.delete(send));
  });

  // The page learns of the preview from a <meta> element (no script, no inline style).
  app.addHook('onSend', async (_req, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      return payload;
    return payload.replace('</head>', `<meta name="${PREVIEW_META}" content="${base}"></head>`);
  });
}
