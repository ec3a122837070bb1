// The PGlite dialect on an in-memory PGlite: parameters bound as node-postgres binds them on
// PostgreSQL, a statement kept prepared parsed once, and errors that leave the connection usable.
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect.js';

const KEPT = 'select 100 / $1::int + 1 as next';
let lite: PGlite;
let db: Kysely<unknown>;
const sent: Uint8Array[] = [];

beforeAll(async () => {
  lite = await PGlite.create('memory://');
  const exec = lite.execProtocolRawStream.bind(lite);
  lite.execProtocolRawStream = (message, options) => {
    sent.push(message);
    return exec(message, options);
  };
  db = new Kysely({ dialect: new PGliteDialect(lite, (text) => (text === KEPT ? 'kept_test' : undefined)) });
  await sql`create table t (id uuid primary key, at timestamptz, tags text[], doc jsonb, ok boolean, qty numeric, raw bytea)`.execute(
    db,
  );
  // A new PGlite runs initdb in WebAssembly: a few seconds, more beside the type check.
}, 60_000);
afterAll(() => lite.close());

describe('the PGlite dialect', () => {
  it('binds dates, arrays, objects, booleans, decimals, bytes and nulls as node-postgres does', async () => {
    const at = new Date('2026-11-28T10:15:30.123Z');
    const id = '7d3f0a52-5b0a-4f3e-9a4c-1f2b3c4d5e6f';
    await sql`insert into t values (${id}, ${at}, ${['a', 'b,c']}, ${{ n: 1 }}, ${true}, ${'12.50'}, ${Buffer.from([0, 255])})`.execute(
      db,
    );
    const { rows } = await sql<Record<string, unknown>>`select * from t where id = any(${[id]})`.execute(db);
    expect(rows).toEqual([
      { id, at, tags: ['a', 'b,c'], doc: { n: 1 }, ok: true, qty: '12.50', raw: new Uint8Array([0, 255]) },
    ]);
    const nulls = await sql<{ v: null }>`select ${null}::text as v`.execute(db);
    expect(nulls.rows).toEqual([{ v: null }]);
  });

  it('parses a statement kept prepared once, then only binds it', async () => {
    sent.length = 0;
    // Its first run fails after the parse: the statement is known all the same.
    await expect(db.executeQuery(CompiledQuery.raw(KEPT, [0]))).rejects.toMatchObject({ code: '22012' });
    for (const n of [1, 50]) {
      const { rows } = await db.executeQuery(CompiledQuery.raw(KEPT, [n]));
      expect(rows).toEqual([{ next: 100 / n + 1 }]);
    }
    // A buffer opens with its first message's type: P(arse) the first time, B(ind) after.
    expect(sent.map((m) => String.fromCharCode(m[0]))).toEqual(['P', 'B', 'B']);
  });

  it('answers an error as the database gives it and stays usable, in a transaction too', async () => {
    await expect(sql`select 1 / ${0}::int`.execute(db)).rejects.toMatchObject({ code: '22012' });
    await expect(
      db.transaction().execute(async (tx) => {
        await sql`insert into t (id) values (${'00000000-0000-4000-8000-000000000001'})`.execute(tx);
        await sql`insert into t (id) values (${'00000000-0000-4000-8000-000000000001'})`.execute(tx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from t`.execute(db);
    expect(rows).toEqual([{ n: 1 }]);
  });
});
