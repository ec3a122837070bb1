// "Sync latest" (spec 000 section 7, ISupSrmPurchaseService/syncLatestInfo): a user asks the ERP for
// fresh data; the portal cannot reach into the ERP, so the request is a business event in the outbox
// (`sync.requested`, one per organisation of the user's scope, naming the supplier for a supplier's
// user), which the ERP reads with the others and answers by pushing. Each accepted batch of the
// integration API stamps when the ERP last fed each organisation (int_feed), which the answer shows.
// A second request for the same organisation, supplier and entity within a minute adds no event.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export type FedEntity = 'purchaseOrder' | 'stock';

/** Stamps that the ERP has just fed `orgs` with `entity`. */
export async function stampFeed(db: Db, entity: FedEntity, orgs: Iterable<string>): Promise<void> {
  const list = [...new Set(orgs)];
  if (!list.length) return;
  await db
    .insertInto('intFeed')
    .values(list.map((orgNo) => ({ entity, orgNo, fedAt: new Date() })))
    .onConflict((oc) =>
      oc.columns(['entity', 'orgNo']).doUpdateSet({ fedAt: (eb) => eb.ref('excluded.fedAt') }),
    )
    .execute();
}

/**
 * Writes a `sync.requested` event for each of `orgs` not asked within the last minute by the same
 * supplier (or purchaser side) for `entity`; answers the organisations asked now and when each was
 * last fed.
 */
export async function requestSync(
  db: Db,
  request: { entity: FedEntity; orgs: string[]; supplierNo: string | null; userNo: string },
): Promise<{ requested: string[]; lastFed: { orgNo: string; fedAt: Date | null }[] }> {
  const { entity, orgs, supplierNo, userNo } = request;
  if (!orgs.length) return { requested: [], lastFed: [] };
  const payload = JSON.stringify({ source: 'portal', entity, requestedBy: userNo });
  // hand-written SQL: one statement writes the events of every organisation not asked within the
  // minute (an insert from a set with a not-exists on the outbox), so two quick clicks write one.
  const { rows } = await sql<{ orgNo: string }>`
    insert into int_outbox (event, doc_kind, doc_id, doc_no, org_no, supplier_no, payload)
    select 'sync.requested', 'syncRequest', gen_random_uuid(), null, o.org_no, ${supplierNo}::text, ${payload}::jsonb
    from unnest(${orgs}::text[]) as o(org_no)
    where not exists (
      select 1 from int_outbox x
      where x.event = 'sync.requested' and x.org_no = o.org_no
        and x.supplier_no is not distinct from ${supplierNo}::text
        and x.payload->>'entity' = ${entity}
        and x.create_date > now() - interval '1 minute')
    order by o.org_no
    returning org_no as "orgNo"`.execute(db);
  const fed = await db
    .selectFrom('intFeed')
    .select(['orgNo', 'fedAt'])
    .where('entity', '=', entity)
    .where('orgNo', 'in', orgs)
    .execute();
  const at = new Map(fed.map((f) => [f.orgNo, f.fedAt as Date]));
  return {
    requested: rows.map((r) => r.orgNo),
    lastFed: [...orgs].sort().map((orgNo) => ({ orgNo, fedAt: at.get(orgNo) ?? null })),
  };
}
