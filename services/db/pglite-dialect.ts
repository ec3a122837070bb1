// A Kysely dialect for embedded PGlite. PGlite is one connection, so every query and every
// transaction takes a mutex: a transaction's statements never interleave with another caller's.
//
// A query goes to PGlite as one buffer of the extended protocol (parse, bind, describe, execute, sync)
// and comes back in one call, where PGlite's own query() makes a call of each message and a describe
// of the statement first, to serialize the parameters by their types. The parameters are serialized
// as node-postgres serializes them on PostgreSQL (untyped text; the server infers the types), so a
// statement binds alike on both databases. A statement kept prepared (keepPrepared in database.ts) is
// parsed once under its name and then only bound. The answer's bytes are read by node-postgres's
// parser (Answer, below).
import { type PGlite, protocol } from '@electric-sql/pglite';
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
import type {
  BackendMessage,
  CommandCompleteMessage,
  DatabaseError,
  DataRowMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

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

/**
 * One statement's answer read from PGlite's protocol bytes by node-postgres's own parser (pg-protocol),
 * whose fields are strings read straight from the bytes: PGlite's parser copies every field into a
 * buffer of its own first, which was a tenth of a 500-line delivery notice's time. Values take PGlite's
 * type parsers (database.ts sets ours), so a row reads as PGlite's query() would give it.
 */
class Answer {
  rows: Record<string, unknown>[] = [];
  affected: number | undefined;
  error: DatabaseError | undefined;
  /** The statement was parsed (a named one is then known to the connection, even if its run failed). */
  parsed = false;
  private names: string[] = [];
  private types: number[] = [];

  constructor(private readonly parsers: Record<number, (value: string, type: number) => unknown>) {}

  readonly take = (message: BackendMessage) => {
    if (message.name === 'rowDescription') {
      const { fields } = message as RowDescriptionMessage;
      this.names = fields.map((f) => f.name);
      this.types = fields.map((f) => f.dataTypeID);
    } else if (message.name === 'dataRow') {
      const values = (message as DataRowMessage).fields as (string | null)[];
      const row: Record<string, unknown> = {};
      for (let i = 0; i < values.length; i++) {
        const value = values[i];
        const parser = value === null ? undefined : this.parsers[this.types[i]];
        row[this.names[i]] = parser ? parser(value as string, this.types[i]) : value;
      }
      this.rows.push(row);
    } else if (message.name === 'commandComplete') {
      // INSERT 0 n, UPDATE n, DELETE n, MERGE n: the rows written.
      const [verb, ...rest] = (message as CommandCompleteMessage).text.split(' ');
      if (/^(INSERT|UPDATE|DELETE|MERGE)$/.test(verb)) this.affected = Number(rest.at(-1));
    } else if (message.name === 'parseComplete') this.parsed = true;
    else if (message.name === 'error') this.error ??= message as DatabaseError;
  };
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
    // Under PGlite's own query lock, as its query() runs: a caller of lite.query() (a benchmark's
    // reference) never lands between another's parse and execute.
    const answer = new Answer(this.pg.parsers);
    const parser = new Parser();
    await this.pg._runExclusiveQuery(() =>
      this.pg.execProtocolRawStream(joined(messages), {
        // The bytes are PGlite's buffer, reused after the call: the parser keeps a copy.
        onRawData: (bytes) => parser.parse(Buffer.from(bytes), answer.take),
      }),
    );
    if (name && answer.parsed) this.parsed.add(name);
    if (answer.error) throw answer.error;
    return {
      rows: answer.rows as R[],
      ...(answer.affected !== undefined ? { numAffectedRows: BigInt(answer.affected) } : {}),
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
