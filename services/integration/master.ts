// The ERP's master data the portal mirrors: items and their units are the ERP's, so an item an order
// line, a component or a stock record names that the organisation's item master does not hold yet is
// created there (with its name, specification and unit as sent; a unit not held yet is created with its
// code as its name), in the batch's transaction: a refused batch creates nothing. An item the portal
// holds already is left as it is: the base-data screens keep what the warehouse adds to it (lot control,
// shelf life, sizes). Suppliers and warehouses are the portal's own base data, and a record naming an
// unknown one is refused.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** An item as a record of the ERP names it. */
export interface NamedItem {
  orgNo: string;
  itemNo: string;
  itemName?: string | null;
  itemSpec?: string | null;
  unitNo: string;
}

/** Creates the items and units of `items` that the organisations' masters lack; answers how many items. */
export async function mirrorItems(tx: Db, by: string, items: NamedItem[]): Promise<number> {
  const unique = new Map<string, NamedItem>();
  for (const i of items)
    if (!unique.has(`${i.orgNo}\u0000${i.itemNo}`)) unique.set(`${i.orgNo}\u0000${i.itemNo}`, i);
  if (!unique.size) return 0;
  const list = [...unique.values()];
  const col = <K extends keyof NamedItem>(k: K) => list.map((i) => i[k] ?? null);
  // hand-written SQL: two inserts from arrays (one per batch, not one per item), each only for the
  // organisations that exist and the codes not held yet.
  await sql`
    insert into bm_unit (org_no, unit_no, unit_name, create_name, update_name)
    select distinct x.org_no, x.unit_no, x.unit_no, ${by}, ${by}
    from unnest(${col('orgNo')}::text[], ${col('unitNo')}::text[]) as x(org_no, unit_no)
    join bm_org o on o.org_no = x.org_no
    on conflict (org_no, unit_no) do nothing`.execute(tx);
  const { rows } = await sql<{ itemNo: string }>`
    insert into bm_item (org_no, item_no, item_name, item_spec, unit_no, remark, create_name, update_name)
    select x.org_no, x.item_no, coalesce(nullif(x.item_name, ''), x.item_no), x.item_spec, x.unit_no,
      'From the ERP', ${by}, ${by}
    from unnest(${col('orgNo')}::text[], ${col('itemNo')}::text[], ${col('itemName')}::text[],
      ${col('itemSpec')}::text[], ${col('unitNo')}::text[]) as x(org_no, item_no, item_name, item_spec, unit_no)
    join bm_org o on o.org_no = x.org_no
    on conflict (org_no, item_no) do nothing
    returning item_no as "itemNo"`.execute(tx);
  return rows.length;
}
