// `npm run dev`: the API server in watch mode plus the Vite dev server, whose proxy (vite.config.ts)
// forwards /dapilc and /productWebSocket to it. Ctrl+C stops both.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '8080';

const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const api: ChildProcess = spawn(tsx, ['watch', 'services/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: port },
});

const vite = await createServer({ configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)) });
await vite.listen();
vite.printUrls();
console.log(`API server on http://127.0.0.1:${port} (proxied by Vite)`);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  api.kill('SIGTERM');
  await vite.close();
  process.exit(code);
}
api.on('exit', (code) => {
  if (!stopping) {
    console.error(`API server exited (${code}); stopping`);
    stop(code ?? 1);
  }
});
process.once('SIGINT', () => stop());
process.once('SIGTERM', () => stop());
