// The business events of orders the ERP pushes (services/integration/orders.ts): a new order with lines
// is `purchaseOrder.published`, an order whose lines the ERP added, changed or cancelled is
// `purchaseOrder.changed` (a change of the head alone is not news to the supplier). Written to the outbox
// in the ingestion's transaction like every business event, marked with the key that pushed the order
// (payload.sourceKey): the outbox feed leaves out the events a key caused itself, so the ERP is not sent
// its own orders back, while other clients (the WMS) and the notifications still hear of them.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ApiClient } from '../integration/keys.js';

export async function recordOrderEvent(
  tx: Db,
  client: ApiClient,
  event: 'purchaseOrder.published' | 'purchaseOrder.changed',
  order: { headId: string; purchaseNo: string; orgNo: string; supplierNo: string },
  lineCount: number,
): Promise<void> {
  const payload = {
    source: 'integration',
    sourceKey: client.keyId,
    fields: { purchaseNo: order.purchaseNo, supplierNo: order.supplierNo, lineCount: String(lineCount) },
  };
  await sql`
    insert into int_outbox (event, doc_kind, doc_id, doc_no, org_no, supplier_no, payload)
    values (${event}, 'purchaseOrder', ${order.headId}, ${order.purchaseNo}, ${order.orgNo},
      ${order.supplierNo}, ${JSON.stringify(payload)}::jsonb)`.execute(tx);
}
