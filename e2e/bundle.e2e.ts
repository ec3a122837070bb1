// What the build gives the browser, read from the built app itself (dist/, as `npm run build` left it
// for this project, and its manifest, dist/.vite/manifest.json): the login route loads none of the
// signed-in app (shell, page kinds, Formily, antd's table), within its size; a list page opened in
// Chromium from a cold cache downloads at most 450 kB over the wire (as `npm run bench:bundle` counts
// them), none of what shows only on a click (Formily, upload, the dialogs, drag and drop, the messages
// panel) nor other pages' parts (the date pickers, the permission tree, charts, the rich text editor),
// and gets the scripts compressed; every file the server may send compressed has its brotli and gzip
// copies; and the files import each other in no circle, as the build runs each file's modules in the
// order they were written (vite.config.ts). This project runs after the build, which is what it reads.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ListPage } from './pages';
import { startPortal } from './support/portal';
import { distDir } from './support/session.js';
import { recordWire, wireTotal } from './support/wire.js';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const manifest = (): Manifest =>
  JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** The files a lazy module loads when it is imported: its chunk, what it imports statically, their css. */
function loads(m: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const queue = [...keys];
  while (queue.length > 0) {
    const key = queue.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = m[key];
    if (!chunk) throw new Error(`the manifest has no ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    queue.push(...(chunk.imports ?? []));
  }
  return files;
}

const text = (files: Iterable<string>) =>
  [...files].map((f) => readFileSync(join(distDir, f), 'utf8')).join('\n');
/** Bytes over the wire: the brotli copy where the build made one. */
const brotliBytes = (files: Iterable<string>) =>
  [...files].reduce((sum, f) => {
    const br = join(distDir, `${f}.br`);
    return sum + statSync(existsSync(br) ? br : join(distDir, f)).size;
  }, 0);

// Text only the code of each part holds (class names, default prefixes and keys of the libraries).
const SIGNED_IN = {
  shell: 'shell__sider',
  'the list page': 'screen-list__toolbar',
  Formily: 'onFormInputChange',
  "antd's table": 'rc-table',
};
const NOT_FOR_LISTS = {
  // What other pages render.
  'the date pickers': 'rc-picker',
  'the permission tree': 'menu-permission-tree',
  charts: 'G2_CHART_KEY',
  'the rich text editor': 'rich-text__bar',
  // What a list shows only after a click: the advanced search's form and the action dialogs
  // (Formily), the import dialog with its upload, the column settings' and favourites' drag and
  // drop, the messages panel, and antd's Result of a page that failed to load.
  Formily: 'onFormInputChange',
  'the import dialog': 'import-dialog',
  upload: 'rc-upload',
  'drag and drop': 'DndLiveRegion',
  'the messages panel': 'notice-bell__head',
  "antd's Result": 'No Found',
};
/** A list route's goal over the wire from a cold cache (1 kB = 1,000 bytes; bench:bundle prints it). */
const LIST_ROUTE_BYTES = 450_000;

describe('the built app', () => {
  it('loads none of the signed-in app on the login page, within its size', () => {
    const m = manifest();
    const entry = Object.keys(m).find((k) => m[k].isEntry) as string;
    const login = loads(m, [entry, 'app/pages/login/LoginPage.tsx']);
    const code = text(login);
    expect(code).toContain('login__');
    for (const [part, marker] of Object.entries(SIGNED_IN))
      expect(code.includes(marker), `the login page loads ${part}`).toBe(false);
    // The scripts and styles of the login page, compressed (its goal over the wire is 180 kB with
    // the page, the calls and the headers: bench:bundle).
    expect(brotliBytes(login)).toBeLessThan(165_000);
  });

  it('opens a list page in Chromium from a cold cache within 450 kB over the wire, with none of what shows only on a click, compressed', async () => {
    const portal = await startPortal();
    try {
      const { context, page } = await portal.session('admin');
      const scripts = new Map<string, string | undefined>();
      page.on('response', (res) => {
        const path = new URL(res.url()).pathname;
        if (path.startsWith('/assets/')) scripts.set(path.slice(1), res.headers()['content-encoding']);
      });
      const wire = await recordWire(await context.newCDPSession(page));
      await page.goto(`${portal.server.url}/base/organizational`);
      await (await ListPage.of(page, 'Base.Basic.Organizational')).waitForRows();
      const load = await wire.quiet();
      const files = load.files
        .sort((a, b) => b.bytes - a.bytes)
        .map((f) => `${new URL(f.url).pathname} ${(f.bytes / 1000).toFixed(1)} kB`);
      expect(wireTotal(load.wire), `over the wire: ${files.join(', ')}`).toBeLessThanOrEqual(
        LIST_ROUTE_BYTES,
      );
      const code = text([...scripts.keys()].filter((f) => f.endsWith('.js')));
      expect(code).toContain('screen-list__toolbar');
      for (const [part, marker] of Object.entries(NOT_FOR_LISTS))
        expect(code.includes(marker), `a list page loads ${part}`).toBe(false);
      // What the build compressed goes compressed (Chromium accepts brotli).
      for (const [file, encoding] of scripts)
        if (existsSync(join(distDir, `${file}.br`))) expect(encoding, file).toBe('br');
    } finally {
      await portal.close();
    }
  });

  it('has a brotli and a gzip copy of every script and style of 1 kB or more', () => {
    const m = manifest();
    const files = new Set(Object.values(m).flatMap((c) => [c.file, ...(c.css ?? [])]));
    for (const file of files) {
      if (statSync(join(distDir, file)).size < 1024) continue;
      expect(existsSync(join(distDir, `${file}.br`)), `${file}.br`).toBe(true);
      expect(existsSync(join(distDir, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
  });

  it('has files that import each other in no circle', () => {
    const m = manifest();
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (path: string[]) => {
      const key = path[path.length - 1];
      state.set(key, 'open');
      for (const next of m[key].imports ?? []) {
        if (state.get(next) === 'open')
          circles.push([...path.slice(path.indexOf(next)), next].map((k) => m[k].file).join(' -> '));
        else if (!state.has(next)) visit([...path, next]);
      }
      state.set(key, 'done');
    };
    for (const key of Object.keys(m)) if (!state.has(key)) visit([key]);
    expect(circles).toEqual([]);
  });
});
