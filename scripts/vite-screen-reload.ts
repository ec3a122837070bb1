// In `npm run dev`, saving a screen file reloads the page in the browser. A screen is validated,
// normalised and cached when a page first opens it, and the route table is built from the screens'
// metadata, so swapping the JSON module in place would leave stale state behind: a full reload is the
// honest update. The login survives it because the session is a cookie (engine/session/marker.ts).
import { relative } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';

export function screenReload(screensDir: string): Plugin {
  const dir = screensDir.replace(/\\/g, '/').replace(/\/?$/, '/');
  const isScreen = (file: string) => file.replace(/\\/g, '/').startsWith(dir) && file.endsWith('.json');
  const reload = (server: ViteDevServer, file: string, what: string) => {
    server.config.logger.info(`screen ${what}: ${relative(process.cwd(), file)}, reloading the page`, {
      timestamp: true,
    });
    server.ws.send({ type: 'full-reload', path: '*' });
  };
  return {
    name: 'screen-reload',
    apply: 'serve',
    configureServer(server) {
      // A new or removed screen changes the route table (import.meta.glob); reload once Vite has
      // invalidated the glob's importers.
      for (const event of ['add', 'unlink'] as const)
        server.watcher.on(event, (file) => {
          if (isScreen(file))
            setTimeout(() => reload(server, file, event === 'add' ? 'added' : 'removed'), 50);
        });
    },
    handleHotUpdate({ file, server }) {
      if (!isScreen(file)) return;
      reload(server, file, 'saved');
      return [];
    },
  };
}
