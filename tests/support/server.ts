// Starts the real server on a fresh database for a test: embedded PGlite in a temporary folder, or a
// new database on the PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// that is dropped again on close. Never depends on what an earlier run left behind.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer, type Server } from '../../services/boot.js';
import { type Config, loadConfig } from '../../services/config.js';

export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: DbKind[] = ['pglite', 'postgres'];
export const API_PATH = '/dapilc/restful/service/ilcwmsplus';
export const DEMO_PASSWORD = 'demo1234';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `srm_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestServer(opts: StartOptions = {}): Promise<TestServer> {
  const kind = opts.database ?? 'pglite';
  const dataDir = mkdtempSync(join(tmpdir(), 'srm-test-'));
  const pgDb = kind === 'postgres' && !opts.databaseUrl ? await createPgDatabase() : undefined;
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl: opts.databaseUrl ?? pgDb?.url,
    staticDir: opts.staticDir,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'error',
    ...opts.config,
  };
  let server = await buildServer(config, { demo: opts.demo ?? true, logger: false });
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
      const res = await fetch(`${ts.url}${API_PATH}/${path}`, {
        method: 'POST',
        headers,
        body: o.raw ?? JSON.stringify(body ?? {}),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { http: res.status, body: parsed };
    },
    async login(userNo, pwd = DEMO_PASSWORD) {
      const r = await ts.call('ISrmBmLoginService/login', { condition: { userNo, pwd } });
      if (r.body?.code !== '0') throw new Error(`login ${userNo} refused: ${JSON.stringify(r.body)}`);
      return r.body.response.data.token as string;
    },
    async restart() {
      await server.close();
      server = await buildServer(config, { demo: opts.demo ?? true, logger: false });
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
