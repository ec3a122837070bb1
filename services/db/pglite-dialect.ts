// A Kysely dialect for embedded PGlite. PGlite is one connection, so every query and every
// transaction takes a mutex: a transaction's statements never interleave with another caller's.
//
// A query goes to PGlite as one buffer of the extended protocol (parse, bind, describe, execute, sync)
// and comes back in one call, where PGlite's own query() makes a call of each message and a describe
// of the statement first, to serialize the parameters by their types. The parameters are serialized
// as node-postgres serializes them on PostgreSQL (untyped text; the server infers the types), so a
// statement binds alike on both databases. A statement kept prepared (keepPrepared in database.ts) is
// parsed once under its name and then only bound.
import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pgUtils from 'pg/lib/utils.js';

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

function isScript(text: string): boolean {
  const body = text.trim().replace(/;$/, '');
  return body.includes(';');
}

const { serialize } = protocol;
const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});
const SYNC = serialize.sync();

function joined(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/** The name a statement is kept prepared under, or undefined. */
export type PreparedName = (sqlText: string) => string | undefined;

class PGliteConnection implements DatabaseConnection {
  /** The names parsed on this connection. */
  private readonly parsed = new Set<string>();

  constructor(
    private readonly pg: PGlite,
    private readonly preparedName: PreparedName,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (compiled.parameters.length === 0 && isScript(compiled.sql)) {
      // A parameterless multi-statement script (a migration) goes through the simple protocol.
      const results = await this.pg.exec(compiled.sql);
      return { rows: (results.at(-1)?.rows ?? []) as R[] };
    }
    const name = this.preparedName(compiled.sql) ?? '';
    const messages = name && this.parsed.has(name) ? [] : [serialize.parse({ text: compiled.sql, name })];
    messages.push(
      serialize.bind({ statement: name, values: compiled.parameters.map(pgUtils.prepareValue) }),
      DESCRIBE_PORTAL,
      EXECUTE,
      SYNC,
    );
    const replies = await this.pg.execProtocol(joined(messages));
    if (name) this.parsed.add(name);
    const [result] = parse.parseResults(replies.messages, this.pg.parsers, { rowMode: 'object' });
    const affected = result.affectedRows;
    return {
      rows: result.rows as R[],
      ...(affected !== undefined && /^(insert|update|delete|merge)/i.test(compiled.sql.trimStart())
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors over the query API.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly connection: PGliteConnection;

  constructor(pg: PGlite, preparedName: PreparedName) {
    this.connection = new PGliteConnection(pg, preparedName);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const release = this.releases.get(conn);
    this.releases.delete(conn);
    release?.();
  }

  async destroy(): Promise<void> {}
}

export class PGliteDialect implements Dialect {
  constructor(
    private readonly pg: PGlite,
    private readonly preparedName: PreparedName = () => undefined,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg, this.preparedName);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
