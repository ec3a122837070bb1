// What several steps of one call read and none of them changes (the delivery rules of a notice's save,
// the custom fields of a resource), read once for the call's transaction: kept by the transaction
// object, so it is forgotten with it. Outside a transaction every ask reads.
import type { Db } from './database.js';

const kept = new WeakMap<Db, Map<string, Promise<unknown>>>();

/** `read()` once for the transaction `db` is, by `key`; the answer is shared, for reading only. */
export function oncePerTransaction<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  if (!db.isTransaction) return read();
  const reads = kept.get(db) ?? new Map<string, Promise<unknown>>();
  kept.set(db, reads);
  const known = reads.get(key) as Promise<T> | undefined;
  if (known) return known;
  const answer = read();
  reads.set(key, answer);
  // A read that failed is not kept: the transaction is failing anyway, and nothing asks it twice.
  answer.catch(() => reads.delete(key));
  return answer;
}
