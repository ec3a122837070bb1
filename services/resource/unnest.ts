// Many rows in one statement: each column travels as one bound parameter and `unnest` turns the
// columns back into rows. A multi-row VALUES list binds a parameter per cell, which both databases
// parse and plan cell by cell (on PGlite a 500-line delivery notice spent a quarter of its save there).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** Column names as the database spells them (the CamelCasePlugin's rule). */
export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A column of a batch as one bound parameter for `unnest`: PostgreSQL's text form of an array
 * (`{"a","b",NULL}`; an object as its JSON) sent as UTF-8 bytes and cast to the array type in SQL. Both drivers pass bytes
 * through as they are, where an array parameter would be turned into that same text value by value in
 * JavaScript (and on PGlite, on the thread that also runs the database, then measured character by
 * character twice): about a tenth of a large import's time on PGlite. Only for a function in FROM,
 * which casts it once: in a WHERE clause the planner may cast it again for every row it scans.
 */
export function unnestColumn(values: readonly unknown[], type: string) {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v == null) parts[i] = 'NULL';
    else {
      const text =
        v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
      parts[i] = `"${ESCAPED.test(text) ? text.replace(/[\\"]/g, '\\$&') : text}"`;
    }
  }
  return sql`${Buffer.from(`{${parts.join(',')}}`, 'utf8')}::text::${sql.raw(type)}[]`;
}
const ESCAPED = /[\\"]/;

/** Each table's columns and their types as the catalog spells them (the same on every database). */
const columnTypes = new Map<string, Promise<Map<string, string>>>();
function typesOf(db: Db, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (!types) {
    types = sql<{
      name: string;
      type: string;
    }>`select attname as name, format_type(atttypid, atttypmod) as type
        from pg_attribute where attrelid = ${snake(table)}::regclass and attnum > 0 and not attisdropped`
      .execute(db)
      .then((r) => new Map(r.rows.map((c) => [c.name, c.type])));
    types.catch(() => columnTypes.delete(table));
    columnTypes.set(table, types);
  }
  return types;
}

/**
 * Inserts rows (camelCase keys) into a table in one statement per set of keys the rows have; a row's
 * absent key is the column's default. A uuid key the rows leave out is made here rather than by the
 * column's default: on PGlite every gen_random_uuid() opens /dev/urandom through the emulated file
 * system. Rows with a key no column takes, or an array or binary column, go in as a VALUES list.
 */
export async function insertRows(
  db: Db,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (!rows.length) return;
  const types = await typesOf(db, table);
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const keys = Object.keys(row).sort().join(',');
    groups.set(keys, [...(groups.get(keys) ?? []), row]);
  }
  for (const [keyList, group] of groups) {
    const keys = keyList.split(',');
    const made = !keys.includes('id') && types.get('id') === 'uuid';
    const columns = [...(made ? ['id'] : []), ...keys].map((k) => ({ key: k, type: types.get(snake(k)) }));
    if (columns.some((c) => !c.type || c.type.endsWith('[]') || c.type === 'bytea')) {
      for (let i = 0; i < group.length; i += VALUES_CHUNK)
        await db
          .insertInto(table as never)
          .values(group.slice(i, i + VALUES_CHUNK) as never)
          .execute();
      continue;
    }
    const names = sql.raw(columns.map((c) => snake(c.key)).join(', '));
    const arrays = columns.map((c) =>
      unnestColumn(
        c.key === 'id' && made ? group.map(() => randomUUID()) : group.map((r) => r[c.key]),
        c.type as string,
      ),
    );
    await sql`insert into ${sql.raw(snake(table))} (${names}) select * from unnest(${sql.join(arrays)})`.execute(
      db,
    );
  }
}
/** Rows of a VALUES list per statement (PostgreSQL binds at most 65,535 parameters). */
const VALUES_CHUNK = 500;

/** Sets one column of many rows, each to its own value (by id), in one statement. */
export async function setColumn(
  db: Db,
  table: string,
  column: string,
  values: ReadonlyMap<string, unknown>,
): Promise<void> {
  if (!values.size) return;
  const types = await typesOf(db, table);
  const type = types.get(snake(column));
  const idType = types.get('id');
  if (!type || !idType) throw new Error(`${table}: no column ${column} or id`);
  const ids = unnestColumn([...values.keys()], idType);
  const set = unnestColumn([...values.values()], type);
  await sql`update ${sql.raw(snake(table))} t set ${sql.raw(snake(column))} = v.value
    from unnest(${ids}, ${set}) as v(id, value) where t.id = v.id`.execute(db);
}
