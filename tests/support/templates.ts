// Migrate and seed once per test run. The global setup of the integration and e2e projects builds a
// PostgreSQL template database and a PGlite data folder with every migration and seed (demo data
// included); each test server then starts on a copy of one of them: `CREATE DATABASE ... TEMPLATE` on
// PostgreSQL, a copied folder on PGlite. A test never sees what another test left behind.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openConfiguredDatabase, prepareDatabase } from '../../services/boot.js';
import { type Config, loadConfig } from '../../services/config.js';
import { pgliteDirFor } from '../../services/db/database.js';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * What a test server runs with, beside what the test asks for. Password hashing is cheap here and only
 * here: the production cost is loadConfig's default (a unit test holds it).
 */
export const TEST_CONFIG: Partial<Config> = {
  argon2: { memoryCost: 1024, timeCost: 1 },
  logLevel: 'error',
  host: '127.0.0.1',
  port: 0,
  // The tests log in far more often from one address than any person would.
  throttle: { max: 100_000, windowMinutes: 5 },
};

export interface Templates {
  /** Name of the PostgreSQL template database on ADMIN_URL's server. */
  postgres: string;
  /** A PGlite data folder (the server's `pgdata`), closed, to be copied; absent when not asked for. */
  pgliteDir?: string;
}

const PREFIX = 'srm_tpl_';

async function adminQuery(text: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Templates and test databases of earlier runs whose process has gone (a run killed half way). */
async function dropLeftovers(): Promise<void> {
  const { rows } = await adminQuery(
    "select datname from pg_database where datname like 'srm\\_tpl\\_%' or datname like 'srm\\_test\\_%'",
  );
  for (const { datname } of rows as { datname: string }[]) {
    const pid = Number(datname.split('_')[2]);
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) {
      await adminQuery(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
  }
}

async function prepare(config: Config): Promise<void> {
  const database = await openConfiguredDatabase(config);
  try {
    await prepareDatabase(database, config, true);
  } finally {
    await database.close();
  }
}

export async function buildTemplates(opts: { pglite: boolean }): Promise<Templates> {
  await dropLeftovers();
  const name = `${PREFIX}${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'srm-template-'));
  const base = { ...loadConfig({}), ...TEST_CONFIG, dataDir, scheduler: false };
  // The two are built side by side: PostgreSQL works in its own processes while PGlite works here.
  await Promise.all([
    prepare({ ...base, databaseUrl: databaseUrl(name) }),
    opts.pglite ? prepare({ ...base }) : undefined,
  ]);
  // A template that no one will connect to again can be copied while others copy it too.
  await adminQuery(`alter database ${name} with allow_connections false is_template true`);
  if (!opts.pglite) rmSync(dataDir, { recursive: true, force: true });
  return { postgres: name, pgliteDir: opts.pglite ? pgliteDirFor(dataDir) : undefined };
}

export async function dropTemplates(t: Templates): Promise<void> {
  await adminQuery(`alter database ${t.postgres} is_template false`);
  await adminQuery(`drop database if exists ${t.postgres} with (force)`);
  if (t.pgliteDir) rmSync(join(t.pgliteDir, '..'), { recursive: true, force: true });
}

/** A new PostgreSQL database, a copy of the template when there is one, else empty; dropped by drop(). */
export async function createPgDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `srm_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  return {
    url: databaseUrl(name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`).then(() => undefined),
  };
}
