// Applies services/db/migrations/*.sql in name order, each once, each in its own transaction.
// An advisory lock keeps two instances starting together from migrating twice.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const LOCK_KEY = 742_001;

export async function migrate(database: Database): Promise<string[]> {
  const { db } = database;
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${LOCK_KEY})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(
        conn,
      );
      const done = new Set(
        (await conn.selectFrom('schemaMigrations').select('name').execute()).map((r) => r.name),
      );
      const files = readdirSync(MIGRATIONS_DIR)
        .filter((f) => f.endsWith('.sql'))
        .sort();
      for (const file of files) {
        if (done.has(file)) continue;
        const script = readFileSync(`${MIGRATIONS_DIR}${file}`, 'utf8');
        await conn.transaction().execute(async (tx) => {
          await sql.raw(script).execute(tx);
          await tx.insertInto('schemaMigrations').values({ name: file }).execute();
        });
        applied.push(file);
      }
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
    }
  });
  return applied;
}
