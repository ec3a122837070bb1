// A server in a process of its own, started as `npm start` starts it (services/main.ts), for tests
// about what only another process shows: a SIGKILL, or two instances sharing one database.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { API_PATH } from './server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Settles when the process has ended, however it ended. */
  exited: Promise<unknown>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `services/main.ts` in a process of its own, as `npm start` runs it: of this checkout, or of the
 * project at `root` (a copy a test changed, serving its own dist/).
 */
export async function startProcess(env: Record<string, string>, root = ROOT): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/main.ts'], {
    cwd: root,
    // The simulated ERP's demo load stays out unless a test asks for it.
    env: {
      ...process.env,
      DEMO_ERP: 'off',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
    },
    // What the server logs at LOG_LEVEL error, and a crash's stack, show in the test run's output.
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      await fetch(`${url}${API_PATH}/IZlLanguageService/getAllZlLanguage`, { method: 'POST', body: '{}' });
      return { child, url, exited };
    } catch {
      if (Date.now() > deadline) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
