// What the build gives the browser, read from the built app itself (dist/, as `npm run build` left it
// for this project, and its manifest, dist/.vite/manifest.json): the login route loads none of the
// signed-in app (shell, page kinds, Formily, antd's table), within its size; a list page opened in
// Chromium downloads neither the date pickers, the permission tree, charts nor the rich text editor,
// and gets the scripts compressed; every file the server may send compressed has its brotli and gzip
// copies. This project runs after the build, which is what it reads. `npm run bench:bundle` measures
// the bytes over the wire.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ListPage } from './pages';
import { startPortal } from './support/portal';
import { distDir } from './support/session.js';

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
  'the date pickers': 'rc-picker',
  'the permission tree': 'menu-permission-tree',
  charts: 'G2_CHART_KEY',
  'the rich text editor': 'rich-text__bar',
};

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

  it('opens a list page in Chromium without the date pickers, the permission tree, charts or rich text, compressed', async () => {
    const portal = await startPortal();
    try {
      const { page } = await portal.session('admin');
      const scripts = new Map<string, string | undefined>();
      page.on('response', (res) => {
        const path = new URL(res.url()).pathname;
        if (path.startsWith('/assets/')) scripts.set(path.slice(1), res.headers()['content-encoding']);
      });
      await page.goto(`${portal.server.url}/base/organizational`);
      await (await ListPage.of(page, 'Base.Basic.Organizational')).waitForRows();
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
});
