// Starts the real server for a test on a database of its own: a copy of the run's template (migrated and
// seeded once, see templates.ts) on the PostgreSQL at TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped again on close, or in a temporary PGlite folder.
// Calls go in-process through Fastify's inject: the whole request path (hooks, schemas, envelope) without
// a socket. The server still listens on a port of its own for what needs one (`url`: browsers,
// uploads and downloads streamed over HTTP, WebSockets).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, type Server } from '../../services/boot.js';
import { type Config, loadConfig } from '../../services/config.js';
import { pgliteDirFor } from '../../services/db/database.js';
import { createPgDatabase, TEST_CONFIG, type Templates } from './templates.js';

export type DbKind = 'pglite' | 'postgres';
/**
 * Every integration test runs on PostgreSQL. The tests whose behaviour can differ by driver (migrations
 * and the demo start, the PGlite dialect, bytea and array parameters, JSONB custom fields, the import's
 * upsert, advisory locks, LISTEN/NOTIFY) run on PGlite too: they take BOTH_DBS (tests/README.md).
 */
export const POSTGRES_ONLY: DbKind[] = ['postgres'];
export const BOTH_DBS: DbKind[] = ['pglite', 'postgres'];
export const API_PATH = '/dapilc/restful/service/ilcwmsplus';
export const DEMO_PASSWORD = 'demo1234';

export interface StartOptions {
  database?: DbKind;
  /** Serve the built browser app from this folder (e2e). */
  staticDir?: string;
  demo?: boolean;
  config?: Partial<Config>;
  /** Join this PostgreSQL database (another instance's) instead of creating one; it is not dropped. */
  databaseUrl?: string;
}

export interface CallOptions {
  token?: string;
  menu?: string;
  lang?: string;
  /** Raw body text instead of JSON.stringify(body). */
  raw?: string;
  contentType?: string;
}

export interface CallResult {
  http: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape came back.
  body: any;
}

export interface TestServer {
  url: string;
  kind: DbKind;
  server: Server;
  /** The configuration the server runs with (a second instance on the same database starts with it). */
  config: Config;
  call(path: string, body?: unknown, opts?: CallOptions): Promise<CallResult>;
  /** Logs in and returns the token; throws if the login is refused. */
  login(userNo: string, pwd?: string): Promise<string>;
  /** Stops the server but keeps the database, then starts a new server on it. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The run's templates, when the global setup built them (inside vitest); undefined elsewhere. */
async function runTemplates(): Promise<Templates | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('templates');
}

/**
 * A database of its own for a server the test starts itself (a process of its own): a copy of the
 * run's template, on PostgreSQL a new database (`url`), on PGlite the `pgdata` folder inside `dataDir`.
 */
export async function templateCopy(
  kind: DbKind,
  dataDir?: string,
): Promise<{ url?: string; drop(): Promise<void> }> {
  const templates = await runTemplates();
  if (kind === 'pglite') {
    if (!dataDir) throw new Error('a PGlite copy needs its data folder');
    if (templates?.pgliteDir) cpSync(templates.pgliteDir, pgliteDirFor(dataDir), { recursive: true });
    return { drop: async () => {} };
  }
  return createPgDatabase(templates?.postgres);
}

export async function startTestServer(opts: StartOptions = {}): Promise<TestServer> {
  const kind = opts.database ?? 'postgres';
  const demo = opts.demo ?? true;
  const templates = demo ? await runTemplates() : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'srm-test-'));
  const pgDb =
    kind === 'postgres' && !opts.databaseUrl ? await createPgDatabase(templates?.postgres) : undefined;
  if (kind === 'pglite' && templates?.pgliteDir)
    cpSync(templates.pgliteDir, pgliteDirFor(dataDir), { recursive: true });
  const config: Config = {
    ...loadConfig({}),
    ...TEST_CONFIG,
    dataDir,
    databaseUrl: opts.databaseUrl ?? pgDb?.url,
    staticDir: opts.staticDir,
    ...opts.config,
  };
  // A copy of the template, or another instance's database, is migrated and seeded already.
  const prepared = Boolean(templates) && (kind === 'postgres' || Boolean(templates?.pgliteDir));
  let server = await buildServer(config, { demo, logger: false, prepared });
  const listen = async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = server.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    return `http://127.0.0.1:${addr.port}`;
  };
  const ts: TestServer = {
    url: await listen(),
    kind,
    server,
    config,
    async call(path, body, o = {}) {
      const headers: Record<string, string> = {
        'content-type': o.contentType ?? 'application/json',
        'accept-language': o.lang ?? 'en-US',
        invokerParam: '1',
      };
      if (o.token) headers['authentication-info'] = o.token;
      if (o.menu) headers['app-module-number'] = o.menu;
      const res = await ts.server.app.inject({
        method: 'POST',
        url: `${API_PATH}/${path}`,
        headers,
        payload: o.raw ?? JSON.stringify(body ?? {}),
      });
      let parsed: unknown = res.body;
      try {
        parsed = JSON.parse(res.body);
      } catch {}
      return { http: res.statusCode, body: parsed };
    },
    async login(userNo, pwd = DEMO_PASSWORD) {
      const r = await ts.call('ISrmBmLoginService/login', { condition: { userNo, pwd } });
      if (r.body?.code !== '0') throw new Error(`login ${userNo} refused: ${JSON.stringify(r.body)}`);
      return r.body.response.data.token as string;
    },
    async restart() {
      await server.close();
      // A restart is a real start: it migrates and seeds what is there, as `npm start` would.
      server = await buildServer(config, { demo, logger: false });
      ts.server = server;
      ts.url = await listen();
    },
    async close() {
      await server.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ts;
}
