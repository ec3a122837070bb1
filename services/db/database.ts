// One SQL dialect, PostgreSQL: a real server when DATABASE_URL is set, embedded PGlite otherwise.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, type LogEvent, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import type { DB } from './types.js';

export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Every SQL text sent, for tests that prove a value never reached SQL. */
  onQuery(listener: (sqlText: string) => void): () => void;
  close(): Promise<void>;
}

const INT8 = 20;
const DATE = 1082;
// Both drivers answer the same JS types: counts as numbers, dates as 'yyyy-MM-dd' text.
const parseInt8 = (v: string) => Number.parseInt(v, 10);
const keepText = (v: string) => v;

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; undefined keeps the database in memory. */
  pgliteDir?: string;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const listeners = new Set<(sqlText: string) => void>();
  const log = (event: LogEvent) => {
    for (const l of listeners) l(event.query.sql);
  };
  const onQuery = (listener: (sqlText: string) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  if (opts.databaseUrl) {
    const types = {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8
          ? parseInt8
          : oid === DATE
            ? keepText
            : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    };
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, types });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
      log,
    });
    return {
      db,
      kind: 'postgres',
      onQuery,
      close: () => db.destroy(),
    };
  }

  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const lite = await PGlite.create(opts.pgliteDir ?? 'memory://', {
    parsers: { [INT8]: parseInt8, [DATE]: keepText },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(lite), plugins: [new CamelCasePlugin()], log });
  return {
    db,
    kind: 'pglite',
    onQuery,
    close: async () => {
      await db.destroy();
      await lite.close();
    },
  };
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pgdata');
}
