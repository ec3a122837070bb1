// One SQL dialect, PostgreSQL: a real server when DATABASE_URL is set, embedded PGlite otherwise.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, type CompiledQuery, Kysely, type LogEvent, PostgresDialect } from 'kysely';
import pg from 'pg';
import { trimDecimalZeros } from '../../engine/core/decimal.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { DB } from './types.js';

export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Every query sent (text, bound parameters, milliseconds to its answer), for tests and benchmarks. */
  onQuery(listener: (sqlText: string, parameters: readonly unknown[], millis: number) => void): () => void;
  /** Runs SQL straight through the driver, bypassing Kysely (benchmarks compare against it). */
  driverQuery(sqlText: string, parameters: readonly unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
// Both drivers answer the same JS types: counts (int8) as numbers; numeric as decimal text in its
// canonical form (engine/core/decimal.ts: '1.5', not the column's '1.50000', and never a float, which
// cannot hold the spec's 19 digits); dates as 'yyyy-MM-dd'.
const parseInt8 = (v: string) => Number.parseInt(v, 10);
const parseNumeric = trimDecimalZeros;
const keepText = (v: string) => v;

/** The statements kept prepared, by text: the name each connection knows them by. */
const preparedNames = new Map<string, string>();

/**
 * Keeps a statement prepared: each connection (PGlite's one, or each of the pool's) parses and plans it
 * once, then only binds and runs it. For the few fixed statements frequent calls run (the session and
 * its flags; a transition's row read and its write, whose rows travel as arrays), whose text never
 * changes from one call to the next and whose plan does not depend on the values.
 */
export function keepPrepared<T>(query: CompiledQuery<T>): CompiledQuery<T> {
  if (!preparedNames.has(query.sql)) preparedNames.set(query.sql, `kept_${preparedNames.size + 1}`);
  return query;
}

/** A connection that sends the statements kept prepared by their names (pg prepares a name once). */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded; its arguments pass through.
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? preparedNames.get(config) : undefined;
    return name
      ? super.query({ name, text: config, values }, callback)
      : super.query(config, values, callback);
  }
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; undefined keeps the database in memory. */
  pgliteDir?: string;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  type Listener = (sqlText: string, parameters: readonly unknown[], millis: number) => void;
  const listeners = new Set<Listener>();
  const log = (event: LogEvent) => {
    for (const l of listeners) l(event.query.sql, event.query.parameters, event.queryDurationMillis);
  };
  const onQuery = (listener: Listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  if (opts.databaseUrl) {
    const ours: Record<number, (v: string) => unknown> = {
      [INT8]: parseInt8,
      [NUMERIC]: parseNumeric,
      [DATE]: keepText,
    };
    const types = {
      getTypeParser: ((oid: number, format?: string) =>
        ours[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    };
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      types,
      Client: PreparingClient,
    });
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
      driverQuery: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      close: () => db.destroy(),
    };
  }

  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const lite = await PGlite.create(opts.pgliteDir ?? 'memory://', {
    parsers: { [INT8]: parseInt8, [NUMERIC]: parseNumeric, [DATE]: keepText },
  });
  const db = new Kysely<DB>({
    dialect: new PGliteDialect(lite, (text) => preparedNames.get(text)),
    plugins: [new CamelCasePlugin()],
    log,
  });
  return {
    db,
    kind: 'pglite',
    onQuery,
    driverQuery: async (text, params) => (await lite.query(text, params as unknown[])).rows,
    close: async () => {
      await db.destroy();
      await lite.close();
    },
  };
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pgdata');
}
