// The shared cache (sys_cache, the Cache screen): values worth reusing across calls and instances,
// kept in the database because no instance may hold state another needs. An entry lives `ttl` hours
// or until its source changes (the writer drops it); the purgeCache job removes expired entries.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export async function cached(
  db: Db,
  type: string,
  key: string,
  ttlHours: number,
  compute: () => Promise<string>,
  /** A life shorter than ttlHours (the column counts whole hours), in milliseconds. */
  lifetimeMs?: number,
): Promise<string> {
  // One statement reads a live entry and counts the hit.
  const hit = await db
    .updateTable('sysCache')
    .set({ hits: sql`hits + 1` })
    .where('cacheType', '=', type)
    .where('cacheKey', '=', key)
    .where('expireDate', '>', new Date())
    .returning('cacheValue')
    .executeTakeFirst();
  if (hit) return hit.cacheValue;
  const value = await compute();
  const now = new Date();
  const expireDate = new Date(now.getTime() + (lifetimeMs ?? ttlHours * 3_600_000));
  await db
    .insertInto('sysCache')
    .values({
      cacheType: type,
      cacheKey: key,
      cacheValue: value,
      ttl: ttlHours,
      expireDate,
      createName: 'system',
      updateName: 'system',
    })
    .onConflict((oc) =>
      oc.columns(['cacheType', 'cacheKey']).doUpdateSet({
        cacheValue: value,
        ttl: ttlHours,
        expireDate,
        hits: 0,
        version: sql`sys_cache.version + 1`,
        updateDate: now,
      }),
    )
    .execute();
  return value;
}

/** Drops one entry (a source value changed) or every entry of a type. */
export async function dropCache(db: Db, type: string, key?: string): Promise<void> {
  let q = db.deleteFrom('sysCache').where('cacheType', '=', type);
  if (key !== undefined) q = q.where('cacheKey', '=', key);
  await q.execute();
}
