// `npm run bench:asn [-- --db pglite|postgres --rounds 6]`
// What creating a delivery notice costs: a notice of 1, 50 and 500 lines made as supplier1 makes it,
// over real HTTP with every check on (`ISrmAsnHeadService/addSrmAsnHead`: token, flag, schema, the
// lines' order lines in scope and accepted, quantities, the number rule; then `submitSrmAsnHead`: the
// frozen-supplier rule, the order lines locked and the over-delivery tolerance, delivery timing, the
// order lines' shipped quantities recomputed, history, outbox, operation log), against the same
// inserts and quantity updates sent straight through the driver (the head, its lines, the order lines'
// shipped quantity, one history row). The order lines are orders of 500 lines the simulated ERP sends
// through the integration API and supplier1 accepts (untimed); each notice ships lines no notice
// shipped before. Rounds interleave. Prints the
// milliseconds per notice of each size both ways and the ratio driver/HTTP at 500 lines (goal: at
// least 0.3).
import { randomUUID } from 'node:crypto';
import { API_PATH, DEMO_PASSWORD, startTestServer } from '../tests/support/server.js';
import { integrationClient, portalLogin } from './simulator/client.js';
import { addDays, localToday } from './simulator/random.js';
import { createKey } from './simulator/setup.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const ROUNDS = Number(arg('rounds', '6'));
const SIZES = [1, 50, 500] as const;
const LINES = 500;
const ORDER_MENU = 'Offsite.User.Order';
const CREATE_MENU = 'Offsite.Delivery.OrderDelivery.Detail';
const today = localToday();

const s = await startTestServer({ database: DB, config: { scheduler: false } });
try {
  const database = s.server.database;
  const { db } = database;

  // The orders: each notice ships order lines no other notice has shipped, as a supplier's notices do
  // (a line shipped over and over would make every later notice sum a longer past).
  const sizes = SIZES.reduce((a, b) => a + b, 0);
  const orders = Math.ceil(((ROUNDS + 1) * 2 * sizes) / LINES);
  const admin = await portalLogin(s.url, 'admin', DEMO_PASSWORD);
  const erp = integrationClient(s.url, await createKey(admin, 'bench-asn', ['SH01']));
  for (let o = 1; o <= orders; o++)
    await erp.pushOrders([
      {
        externalId: `ERP-SH01-BENCH-ASN-${o}`,
        externalVersion: 1,
        purchaseNo: `BENCH-ASN-${o}`,
        orgNo: 'SH01',
        supplierNo: 'SUP001',
        orderType: '1',
        currency: 'CNY',
        purchaseDate: today,
        lines: Array.from({ length: LINES }, (_, i) => ({
          purchaseSeq: i + 1,
          itemNo: `BENCH-${String(i + 1).padStart(3, '0')}`,
          itemName: `Bench part ${i + 1}`,
          unitNo: 'PCS',
          warehouseNo: 'SH01-RM',
          batchPurQty: '1000',
          price: '1.25',
          expectArrivalDate: addDays(today, 14),
        })),
      },
    ]);
  const token = await s.login('supplier1');
  const call = async (method: string, condition: unknown, menu: string) => {
    const res = await fetch(`${s.url}${API_PATH}/${method}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': menu,
        'accept-language': 'en-US',
      },
      body: JSON.stringify({ condition }),
    });
    const body = (await res.json()) as { code: string; msg: string; response: { data: never } };
    if (body.code !== '0') throw new Error(`${method}: ${body.code} ${body.msg}`);
    return body.response.data as { id: string; version: number };
  };
  const pool = await db
    .selectFrom('srmPurchase')
    .select(['id', 'version', 'purchaseNo', 'purchaseSeq', 'itemNo', 'itemName', 'unitNo'])
    .where('purchaseNo', 'like', 'BENCH-ASN-%')
    .orderBy('purchaseNo')
    .orderBy('purchaseSeq')
    .execute();
  for (let i = 0; i < pool.length; i += LINES)
    await call(
      'ISupSrmPurchaseService/acceptSrmPurchase',
      { rows: pool.slice(i, i + LINES).map((l) => ({ id: l.id, version: l.version })) },
      ORDER_MENU,
    );
  /** The next `size` order lines no notice has shipped yet. */
  const take = (size: number) => pool.splice(0, size);

  const head = {
    orgNo: 'SH01',
    orderType: '1',
    deliveryDate: addDays(today, 2),
    expectedArrivalDate: addDays(today, 4),
    warehouseNo: 'SH01-RM',
    shipAddress: 'No. 8 Supplier Road, Kunshan',
    deliveryAddress: 'Shanghai Manufacturing Centre, raw material gate 2',
    sender: 'Li Wei',
    senderContact: '13800000001',
    wayCarriage: '2',
  };

  const overHttp = async (size: number) => {
    const started = performance.now();
    const added = await call(
      'ISrmAsnHeadService/addSrmAsnHead',
      { ...head, lineList: take(size).map((l) => ({ purchaseId: l.id, deliveryQty: '1.5' })) },
      CREATE_MENU,
    );
    await call(
      'ISrmAsnHeadService/submitSrmAsnHead',
      { rows: [{ id: added.id, version: added.version }] },
      CREATE_MENU,
    );
    return performance.now() - started;
  };

  let driverNo = 0;
  const throughDriver = async (size: number) => {
    const chosen = take(size);
    const id = randomUUID();
    const started = performance.now();
    await database.driverQuery(
      `insert into srm_asn_head (id, asn_no, org_no, supplier_no, order_type, status, delivery_date,
         expected_arrival_date, warehouse_no, ship_address, delivery_address, sender, sender_contact,
         way_carriage, submit_date, submit_name, create_name, update_name)
       values ($1, $2, 'SH01', 'SUP001', '1', '0', $3, $4, 'SH01-RM', $5, $6, $7, $8, '2', now(),
         'bench', 'bench', 'bench')`,
      [
        id,
        `BENCH-DRV-${++driverNo}`,
        head.deliveryDate,
        head.expectedArrivalDate,
        head.shipAddress,
        head.deliveryAddress,
        head.sender,
        head.senderContact,
      ],
    );
    await database.driverQuery(
      `insert into srm_asn_line (head_id, line_seq, purchase_id, purchase_no, purchase_seq, org_no,
         supplier_no, item_no, item_name, unit_no, delivery_qty)
       select $1, l.seq, l.purchase_id, l.purchase_no, l.purchase_seq, 'SH01', 'SUP001', l.item_no,
         l.item_name, l.unit_no, 1.5
       from unnest($2::uuid[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[])
         with ordinality as l(purchase_id, purchase_no, purchase_seq, item_no, item_name, unit_no, seq)`,
      [
        id,
        chosen.map((l) => l.id),
        chosen.map((l) => l.purchaseNo),
        chosen.map((l) => l.purchaseSeq),
        chosen.map((l) => l.itemNo),
        chosen.map((l) => l.itemName),
        chosen.map((l) => l.unitNo),
      ],
    );
    await database.driverQuery(
      `update srm_purchase set delivery_qty = delivery_qty + 1.5, version = version + 1,
         update_name = 'bench', update_date = now()
       where id = any($1::uuid[])`,
      [chosen.map((l) => l.id)],
    );
    await database.driverQuery(
      `insert into sys_doc_history (doc_kind, doc_id, transition, from_status, to_status, source, user_no, user_name)
       values ('asn', $1, 'submit', 'D', '0', 'portal', 'supplier1', 'bench')`,
      [id],
    );
    return performance.now() - started;
  };

  // One untimed notice of each size both ways (caches, prepared plans), then the rounds, interleaved.
  for (const size of SIZES) {
    await overHttp(size);
    await throughDriver(size);
  }
  const totals = new Map(SIZES.map((n) => [n, { http: 0, driver: 0 }]));
  for (let round = 0; round < ROUNDS; round++)
    for (const size of SIZES) {
      const t = totals.get(size)!;
      if (round % 2) {
        t.driver += await throughDriver(size);
        t.http += await overHttp(size);
      } else {
        t.http += await overHttp(size);
        t.driver += await throughDriver(size);
      }
    }
  console.log(`db ${DB}, ${ROUNDS} notices of each size both ways`);
  for (const size of SIZES) {
    const t = totals.get(size)!;
    console.log(
      `${String(size).padStart(3)} lines: over HTTP ${(t.http / ROUNDS).toFixed(1)} ms, through driver ${(t.driver / ROUNDS).toFixed(1)} ms a notice, ratio ${(t.driver / t.http).toFixed(2)}`,
    );
  }
  const at500 = totals.get(500)!;
  console.log(
    `ratio driver/HTTP at 500 lines: ${(at500.driver / at500.http).toFixed(2)} (goal: at least 0.3)`,
  );
} finally {
  await s.close();
}
