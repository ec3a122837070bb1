// Reading the outbox of business events (int_outbox, written by document transitions in their own
// transactions): after a cursor, oldest first, only the events of the key's organisations, and not the
// events the key's own calls caused (services/notify/order-events.ts). At least once: a client keeps the
// last id it handled and asks again from there.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ApiClient } from './keys.js';

export async function readEvents(db: Db, client: ApiClient, after: string, limit: number) {
  const orgs = [...client.orgs];
  const rows = orgs.length
    ? await db
        .selectFrom('intOutbox')
        .select(['id', 'event', 'docKind', 'docId', 'docNo', 'orgNo', 'supplierNo', 'payload', 'createDate'])
        .where('id', '>', Number(after))
        .where('orgNo', 'in', orgs)
        // What the key's own calls caused (the orders it pushed) is not news to it.
        .where(sql<boolean>`coalesce(payload->>'sourceKey', '') <> ${client.keyId}`)
        .orderBy('id')
        .limit(limit)
        .execute()
    : [];
  const events = rows.map((r) => ({ ...r, id: String(r.id) }));
  return { events, next: events.at(-1)?.id ?? after };
}
