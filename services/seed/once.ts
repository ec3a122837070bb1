// Seeds that run once per database: the seed's name goes into sys_seed in the seeding transaction,
// so a seed is applied to a new database and to one that predates it alike, and never again (what an
// administrator later deletes of it stays deleted).
import type { Db } from '../db/database.js';

/** Marks the seed `name` applied; true the first time only (the caller then writes it). */
export async function seedOnce(tx: Db, name: string): Promise<boolean> {
  const marker = await tx
    .insertInto('sysSeed')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return marker !== undefined;
}
