// VMI and escrow stock pushed by the warehouse system (entity `stock`):
//   POST /integration/v1/stock-snapshots  what lies in a warehouse for a supplier, counted at `asOf`;
//     one per organisation, warehouse, supplier, item and kind. A snapshot older than the one held is
//     ignored and counted (`stale`); the same time and quantity again is `unchanged`.
//   POST /integration/v1/stock-movements  receipts into the stock (`in`), issues out of it (`out`) and
//     count differences (`adjustment`, signed), keyed by the WMS's id and version like receipts: the same
//     version again is `unchanged`, an older one `stale`, a newer one corrects it or voids it
//     (`voided: true`); a movement never moves to another stock (void it and send a new one).
// A batch is one transaction, all written or none, with every refused record named. The stock now is
// the last snapshot plus every valid movement after it (`srm_vmi_stock.qty`), recomputed for every stock
// the batch touched, never added to: a movement reported late, before the snapshot that already counts
// it, changes nothing, and a snapshot makes the movements before it history. An item the organisation's
// item master lacks is created there (master.ts).
import { sql } from 'kysely';
import { checkDecimal, compareDecimals, subtractDecimals } from '../../engine/core/decimal.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';
import type { JsonSchema } from '../registry.js';
import type { ApiClient } from './keys.js';
import { mirrorItems } from './master.js';
import { Refusal } from './refusal.js';

export const MAX_STOCK_RECORDS = 1000;

/** The kinds and movement types as the API names them, and their codes. */
export const STOCK_KINDS = { vmi: '1', escrow: '2' } as const;
export const MOVE_TYPES = { in: '1', out: '2', adjustment: '3' } as const;

const CODE = {
  type: 'string',
  minLength: 1,
  maxLength: 32,
  pattern: '^[A-Za-z0-9][A-Za-z0-9_./-]*$',
} as const;
const TEXT = (max: number) =>
  ({ type: ['string', 'null'], maxLength: max, pattern: '^[^\\u0000]*$' }) as const;
/** Where the stock lies and whose it is: the same in a snapshot and a movement. */
const STOCK_KEY = {
  orgNo: CODE,
  warehouseNo: CODE,
  supplierNo: CODE,
  itemNo: CODE,
  itemName: TEXT(200),
  unitNo: CODE,
  kind: { type: 'string', enum: Object.keys(STOCK_KINDS) },
} as const;

const batchOf = (name: string, item: JsonSchema): JsonSchema => ({
  type: 'object',
  required: [name],
  additionalProperties: false,
  properties: { [name]: { type: 'array', minItems: 1, maxItems: MAX_STOCK_RECORDS, items: item } },
});

export const snapshotsBody = batchOf('snapshots', {
  type: 'object',
  additionalProperties: false,
  required: ['orgNo', 'warehouseNo', 'supplierNo', 'itemNo', 'unitNo', 'qty', 'asOf'],
  properties: {
    ...STOCK_KEY,
    qty: { type: ['string', 'number'] },
    asOf: { type: 'string', format: 'date-time' },
  },
});

export const movementsBody = batchOf('movements', {
  type: 'object',
  additionalProperties: false,
  required: [
    'externalId',
    'externalVersion',
    'orgNo',
    'warehouseNo',
    'supplierNo',
    'itemNo',
    'unitNo',
    'type',
    'qty',
    'moveDate',
  ],
  properties: {
    externalId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[^\\u0000]*$' },
    externalVersion: { type: 'integer', minimum: 0 },
    ...STOCK_KEY,
    type: { type: 'string', enum: Object.keys(MOVE_TYPES) },
    qty: { type: ['string', 'number'] },
    moveDate: { type: 'string', format: 'date-time' },
    docNo: TEXT(64),
    remark: TEXT(255),
    voided: { type: 'boolean' },
  },
});

interface StockKeyIn {
  orgNo: string;
  warehouseNo: string;
  supplierNo: string;
  itemNo: string;
  itemName?: string | null;
  unitNo: string;
  kind?: keyof typeof STOCK_KINDS;
}

export interface SnapshotIn extends StockKeyIn {
  qty: string | number;
  asOf: string;
}

export interface MovementIn extends StockKeyIn {
  externalId: string;
  externalVersion: number;
  type: keyof typeof MOVE_TYPES;
  qty: string | number;
  moveDate: string;
  docNo?: string | null;
  remark?: string | null;
  voided?: boolean;
}

export interface StockResult {
  received: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Older than what the portal holds: ignored. */
  stale: number;
}

type Outcome = 'created' | 'updated' | 'unchanged' | 'stale';

/** A stock's key: organisation, warehouse, supplier, item and kind code. */
const stockKey = (r: StockKeyIn) =>
  [r.orgNo, r.warehouseNo, r.supplierNo, r.itemNo, STOCK_KINDS[r.kind ?? 'vmi']].join('\u0000');

const byKey = (r: StockKeyIn) => ({
  orgNo: r.orgNo,
  warehouseNo: r.warehouseNo,
  supplierNo: r.supplierNo,
  itemNo: r.itemNo,
  stockKind: STOCK_KINDS[r.kind ?? 'vmi'],
});

const QTY_RULES = {
  atLeastZero: 'integration.stock.qty.atLeastZero',
  aboveZero: 'integration.stock.qty.aboveZero',
  notZero: 'integration.stock.qty.notZero',
} as const;

/** The quantity as exact decimal text, or a refusal naming the rule it breaks. */
function quantity(
  t: Translate,
  value: string | number,
  rule: 'atLeastZero' | 'aboveZero' | 'notZero',
): string {
  const checked = checkDecimal(value, {
    scale: 5,
    maximum: 999_999_999_999_999,
    minimum: -999_999_999_999_999,
  });
  const sign = checked.value === undefined ? undefined : compareDecimals(checked.value, '0');
  const fine =
    sign !== undefined && (rule === 'atLeastZero' ? sign >= 0 : rule === 'aboveZero' ? sign > 0 : sign !== 0);
  if (!fine) throw new Refusal('qty', t(QTY_RULES[rule]));
  return checked.value as string;
}

/**
 * Checks what every record names against the key and the base data, in bulk: the organisation served
 * by the key, the supplier known, the warehouse one of the organisation's.
 */
async function checkPlaces(tx: Db, t: Translate, client: ApiClient, records: StockKeyIn[]) {
  const suppliers = new Set(
    (
      await tx
        .selectFrom('bmSupplier')
        .select('supplierNo')
        .where('supplierNo', 'in', [...new Set(records.map((r) => r.supplierNo))])
        .execute()
    ).map((s) => s.supplierNo),
  );
  const warehouses = new Set(
    (
      await tx
        .selectFrom('bmWarehouse')
        .select(['orgNo', 'warehouseNo'])
        .where('warehouseNo', 'in', [...new Set(records.map((r) => r.warehouseNo))])
        .execute()
    ).map((w) => `${w.orgNo}/${w.warehouseNo}`),
  );
  return (r: StockKeyIn) => {
    if (!client.orgs.has(r.orgNo))
      throw new Refusal('orgNo', t('integration.orgNotServed', { orgNo: r.orgNo }));
    if (!suppliers.has(r.supplierNo))
      throw new Refusal('supplierNo', t('integration.unknownSupplier', { supplierNo: r.supplierNo }));
    if (!warehouses.has(`${r.orgNo}/${r.warehouseNo}`))
      throw new Refusal(
        'warehouseNo',
        t('integration.unknownWarehouse', { warehouseNo: r.warehouseNo, orgNo: r.orgNo }),
      );
  };
}

/**
 * One batch in one transaction: each record through `write` (a refusal names it and its field), all
 * written or none (10152 with every refused record), then the stock now of every stock touched.
 */
async function ingest<R extends StockKeyIn>(
  db: Db,
  t: Translate,
  client: ApiClient,
  records: R[],
  idOf: (r: R) => string,
  write: (tx: Db, r: R) => Promise<Outcome>,
): Promise<StockResult> {
  const result: StockResult = { received: records.length, created: 0, updated: 0, unchanged: 0, stale: 0 };
  const errors: { index: number; externalId?: string; field?: string; message: string }[] = [];
  await db
    .transaction()
    .execute(async (tx) => {
      const check = await checkPlaces(tx, t, client, records);
      const seen = new Set<string>();
      const touched = new Map<string, StockKeyIn>();
      for (const [index, r] of records.entries()) {
        try {
          check(r);
          const id = idOf(r);
          if (seen.has(id))
            throw new Refusal(undefined, t('integration.stock.duplicate', { record: index + 1 }));
          seen.add(id);
          const outcome = await write(tx, r);
          result[outcome]++;
          if (outcome === 'created' || outcome === 'updated') touched.set(stockKey(r), r);
        } catch (e) {
          if (!(e instanceof Refusal)) throw e;
          errors.push({
            index,
            ...('externalId' in r ? { externalId: String(r.externalId) } : {}),
            ...(e.field ? { field: e.field } : {}),
            message: e.message,
          });
        }
      }
      if (errors.length)
        throw new AppError('integrationRejected', { count: errors.length, total: records.length });
      await mirrorItems(tx, client.keyName, records);
      await recompute(tx, client, [...touched.values()]);
    })
    .catch((e) => {
      if (e instanceof AppError && e.kind === 'integrationRejected')
        throw new AppError(e.kind, e.params, { records: errors });
      throw e;
    });
  return result;
}

/** The stock row of `r`, made (empty, no snapshot) when there is none. */
async function ensureStock(tx: Db, client: ApiClient, r: StockKeyIn): Promise<void> {
  await tx
    .insertInto('srmVmiStock')
    .values({
      ...byKey(r),
      itemName: r.itemName ?? null,
      unitNo: r.unitNo,
      createName: client.keyName,
      updateName: client.keyName,
    })
    .onConflict((oc) => oc.columns(['orgNo', 'warehouseNo', 'supplierNo', 'itemNo', 'stockKind']).doNothing())
    .execute();
}

/** The stock now of the stocks touched: the snapshot plus every valid movement after it. */
async function recompute(tx: Db, client: ApiClient, stocks: StockKeyIn[]): Promise<void> {
  if (!stocks.length) return;
  const keys = stocks.map(byKey);
  // hand-written SQL: one update of every touched stock from the sum of its movements after its
  // snapshot (a correlated aggregate), the stocks named by their five key columns from arrays.
  await sql`
    update srm_vmi_stock s set
      qty = s.snapshot_qty + coalesce((
        select sum(m.qty) from srm_vmi_move m
        where m.org_no = s.org_no and m.warehouse_no = s.warehouse_no and m.supplier_no = s.supplier_no
          and m.item_no = s.item_no and m.stock_kind = s.stock_kind and m.voided = 'N'
          and (s.as_of is null or m.move_date > s.as_of)), 0),
      last_move_at = (
        select max(m.move_date) from srm_vmi_move m
        where m.org_no = s.org_no and m.warehouse_no = s.warehouse_no and m.supplier_no = s.supplier_no
          and m.item_no = s.item_no and m.stock_kind = s.stock_kind and m.voided = 'N'),
      version = s.version + 1, update_name = ${client.keyName}, update_date = now()
    from unnest(
      ${keys.map((k) => k.orgNo)}::text[], ${keys.map((k) => k.warehouseNo)}::text[],
      ${keys.map((k) => k.supplierNo)}::text[], ${keys.map((k) => k.itemNo)}::text[],
      ${keys.map((k) => k.stockKind)}::text[]) as k(org_no, warehouse_no, supplier_no, item_no, stock_kind)
    where s.org_no = k.org_no and s.warehouse_no = k.warehouse_no and s.supplier_no = k.supplier_no
      and s.item_no = k.item_no and s.stock_kind = k.stock_kind`.execute(tx);
}

export function ingestSnapshots(db: Db, t: Translate, client: ApiClient, snapshots: SnapshotIn[]) {
  return ingest(db, t, client, snapshots, stockKey, async (tx, r) => {
    const qty = quantity(t, r.qty, 'atLeastZero');
    const asOf = new Date(r.asOf);
    await ensureStock(tx, client, r);
    const held = await tx
      .selectFrom('srmVmiStock')
      .select(['id', 'snapshotQty', 'asOf'])
      .where((eb) => eb.and(byKey(r)))
      .forUpdate()
      .executeTakeFirstOrThrow();
    const fresh = held.asOf === null;
    if (!fresh) {
      const when = (held.asOf as Date).getTime();
      if (asOf.getTime() < when) return 'stale';
      if (asOf.getTime() === when && compareDecimals(held.snapshotQty, qty) === 0) return 'unchanged';
    }
    await tx
      .updateTable('srmVmiStock')
      .set({
        snapshotQty: qty,
        asOf,
        unitNo: r.unitNo,
        ...(r.itemName ? { itemName: r.itemName } : {}),
      })
      .where('id', '=', held.id)
      .execute();
    return fresh ? 'created' : 'updated';
  });
}

export function ingestMovements(db: Db, t: Translate, client: ApiClient, movements: MovementIn[]) {
  return ingest(
    db,
    t,
    client,
    movements,
    (r) => `${r.orgNo}\u0000${r.externalId}`,
    async (tx, r) => {
      const amount =
        r.type === 'adjustment' ? quantity(t, r.qty, 'notZero') : quantity(t, r.qty, 'aboveZero');
      const qty = r.type === 'out' ? subtractDecimals('0', amount) : amount;
      const values = {
        ...byKey(r),
        externalId: r.externalId,
        externalVersion: r.externalVersion,
        itemName: r.itemName ?? null,
        unitNo: r.unitNo,
        moveType: MOVE_TYPES[r.type],
        qty,
        moveDate: new Date(r.moveDate),
        docNo: r.docNo ?? null,
        remark: r.remark ?? null,
        voided: r.voided ? 'Y' : 'N',
        updateName: client.keyName,
      };
      const held = await tx
        .selectFrom('srmVmiMove')
        .select(['id', 'externalVersion', 'warehouseNo', 'supplierNo', 'itemNo', 'stockKind'])
        .where('orgNo', '=', r.orgNo)
        .where('externalId', '=', r.externalId)
        .forUpdate()
        .executeTakeFirst();
      if (!held) {
        await ensureStock(tx, client, r);
        await tx
          .insertInto('srmVmiMove')
          .values({ ...values, createName: client.keyName })
          .execute();
        return 'created';
      }
      const version = Number(held.externalVersion);
      if (r.externalVersion < version) return 'stale';
      if (r.externalVersion === version) return 'unchanged';
      const key = byKey(r);
      if (
        held.warehouseNo !== key.warehouseNo ||
        held.supplierNo !== key.supplierNo ||
        held.itemNo !== key.itemNo ||
        held.stockKind !== key.stockKind
      )
        throw new Refusal('externalId', t('integration.stock.moved', { externalId: r.externalId }));
      await tx
        .updateTable('srmVmiMove')
        .set({ ...values, version: sql`version + 1`, updateDate: new Date() })
        .where('id', '=', held.id)
        .execute();
      return 'updated';
    },
  );
}
