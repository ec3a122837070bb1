// `import.meta.glob('@screens/**/*.json', { query: '?meta' })` yields only a screen's route
// metadata, so the router knows every screen without shipping every screen's columns and fields in
// its chunk. The plain JSON import (no query) stays a separate, lazily loaded module.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The keys of a screen file the router needs; the rest loads with the page. */
export const SCREEN_META_KEYS = [
  'name',
  'kind',
  'path',
  'menuNo',
  'titleKey',
  'parentPath',
  'service',
] as const;

export function screenMeta(screensDir: string): Plugin {
  const dir = screensDir.replace(/\\/g, '/').replace(/\/?$/, '/');
  return {
    name: 'screen-meta',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (query !== 'meta' || !file.replace(/\\/g, '/').startsWith(dir) || !file.endsWith('.json'))
        return null;
      this.addWatchFile(file);
      const screen = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const meta = Object.fromEntries(SCREEN_META_KEYS.filter((k) => k in screen).map((k) => [k, screen[k]]));
      // Vite's JSON plugin leaves ids with a query alone, so this answers with the module itself.
      return { code: `export default ${JSON.stringify(meta)};\n`, map: null };
    },
  };
}
