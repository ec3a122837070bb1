// Purchase orders pushed by the ERP (`POST /integration/v1/purchase-orders`): a batch of orders with their
// lines, all written or none. Each order carries the ERP's id and version: a replay (same version)
// changes nothing, an older version is ignored and counted, a newer one updates the order. A line the
// supplier has answered and the ERP changes (quantity or date) is to be answered again (its answer
// moves to 3 changed, into the history from the integration); a line with goods shipped or received is
// no longer the ERP's to change or cancel, and the answer says so for that record. A line that arrives
// (a new order's, or one added to an order) is due to be answered by the date the order answer rule then
// in force gives (services/rules/order-answer.ts); a line the ERP's change sends back to be answered again
// is due that many days after the change.
import { sql } from 'kysely';
import { localToday } from '../../engine/core/dates.js';
import { checkDecimal, compareDecimals, toDecimalString } from '../../engine/core/decimal.js';
import type { Db } from '../db/database.js';
import { docNoOf } from '../document/lifecycle.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';
import { ANSWER, purchaseLineResource } from '../modules/ISupSrmPurchaseService.js';
import { recordOrderEvent } from '../notify/order-events.js';
import type { JsonSchema } from '../registry.js';
import { type AnswerRule, answerDueDate, answerRulesOf } from '../rules/order-answer.js';
import type { ApiClient } from './keys.js';
import { mirrorItems } from './master.js';
import { Refusal } from './refusal.js';

const DATE = { type: 'string', format: 'date' } as const;
const DECIMAL = { type: ['string', 'number'] } as const;
const CODE = {
  type: 'string',
  minLength: 1,
  maxLength: 32,
  pattern: '^[A-Za-z0-9][A-Za-z0-9_./-]*$',
} as const;
const TEXT = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
export const MAX_ORDERS = 1000;
export const MAX_LINES = 500;
export const MAX_COMPONENTS = 100;

export const ordersBody: JsonSchema = {
  type: 'object',
  required: ['orders'],
  additionalProperties: false,
  properties: {
    orders: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_ORDERS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'externalId',
          'externalVersion',
          'purchaseNo',
          'orgNo',
          'supplierNo',
          'purchaseDate',
          'lines',
        ],
        properties: {
          externalId: { type: 'string', minLength: 1, maxLength: 64 },
          externalVersion: { type: 'integer', minimum: 0 },
          purchaseNo: CODE,
          orgNo: CODE,
          supplierNo: CODE,
          orderType: { type: 'string', enum: ['1', '2', '3'] },
          purchaseCenter: TEXT(32),
          factoryNo: TEXT(32),
          buyerNo: TEXT(32),
          buyerName: TEXT(100),
          currency: { type: 'string', pattern: '^[A-Z]{3}$' },
          purchaseDate: DATE,
          remark: TEXT(255),
          lines: {
            type: 'array',
            minItems: 1,
            maxItems: MAX_LINES,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['purchaseSeq', 'itemNo', 'unitNo', 'batchPurQty', 'expectArrivalDate'],
              properties: {
                purchaseSeq: { type: 'integer', minimum: 1 },
                phaseSeq: { type: 'integer', minimum: 1 },
                batchSeq: { type: 'integer', minimum: 1 },
                itemNo: CODE,
                itemName: TEXT(100),
                itemSpec: TEXT(100),
                unitNo: CODE,
                warehouseNo: { anyOf: [CODE, { type: 'null' }] },
                batchPurQty: DECIMAL,
                price: DECIMAL,
                taxRate: DECIMAL,
                expectArrivalDate: DATE,
                cancelled: { type: 'boolean' },
                // A subcontract line's components, which the buyer provides (order type 2 only). Sent:
                // the line's components become these; absent: those the portal holds stay.
                components: {
                  type: 'array',
                  maxItems: MAX_COMPONENTS,
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['itemNo', 'qty', 'unitNo'],
                    properties: {
                      componentSeq: { type: 'integer', minimum: 1 },
                      itemNo: CODE,
                      itemName: TEXT(100),
                      qty: DECIMAL,
                      unitNo: CODE,
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

interface OrderLineIn {
  purchaseSeq: number;
  phaseSeq?: number;
  batchSeq?: number;
  itemNo: string;
  itemName?: string | null;
  itemSpec?: string | null;
  unitNo: string;
  warehouseNo?: string | null;
  batchPurQty: string | number;
  price?: string | number;
  taxRate?: string | number;
  expectArrivalDate: string;
  cancelled?: boolean;
  components?: ComponentIn[];
}

interface ComponentIn {
  componentSeq?: number;
  itemNo: string;
  itemName?: string | null;
  qty: string | number;
  unitNo: string;
}

export interface OrderIn {
  externalId: string;
  externalVersion: number;
  purchaseNo: string;
  orgNo: string;
  supplierNo: string;
  orderType?: '1' | '2' | '3';
  purchaseCenter?: string | null;
  factoryNo?: string | null;
  buyerNo?: string | null;
  buyerName?: string | null;
  currency?: string;
  purchaseDate: string;
  remark?: string | null;
  lines: OrderLineIn[];
}

export interface IngestResult {
  received: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Older than what the portal holds: ignored. */
  stale: number;
}

export interface RecordError {
  index: number;
  externalId: string;
  purchaseNo: string;
  field?: string;
  message: string;
}

const lineKey = (l: { purchaseSeq: number; phaseSeq?: number | null; batchSeq?: number | null }) =>
  `${l.purchaseSeq}/${l.phaseSeq ?? 1}/${l.batchSeq ?? 1}`;

/** A line's decimal, checked as the portal's fields are; a refusal names the line and the field. */
function decimalOf(
  t: Translate,
  line: number,
  field: string,
  value: unknown,
  limits: { scale: number; minimum?: number; maximum?: number; above?: string },
): string {
  const checked = checkDecimal(value, {
    scale: limits.scale,
    minimum: limits.minimum,
    maximum: limits.maximum,
  });
  if (
    checked.value === undefined ||
    (limits.above !== undefined && compareDecimals(checked.value, limits.above) <= 0)
  )
    throw new Refusal(`lines.${line}.${field}`, t('integration.badDecimal', { line, field }));
  return checked.value;
}

/** Writes the batch in one transaction; throws integrationRejected with each refused record. */
export async function ingestOrders(
  db: Db,
  t: Translate,
  client: ApiClient,
  orders: OrderIn[],
): Promise<IngestResult> {
  const result: IngestResult = { received: orders.length, created: 0, updated: 0, unchanged: 0, stale: 0 };
  const errors: RecordError[] = [];
  await db
    .transaction()
    .execute(async (tx) => {
      const seen = new Set<string>();
      const rules = await answerRulesOf(
        tx,
        orders.map((o) => o.orgNo),
      );
      const warehouses = await warehousesOf(tx, orders);
      for (const [index, order] of orders.entries()) {
        try {
          const key = `${order.orgNo}/${order.purchaseNo}`;
          if (seen.has(key))
            throw new Refusal(
              'purchaseNo',
              t('integration.duplicateOrder', { purchaseNo: order.purchaseNo }),
            );
          seen.add(key);
          const outcome = await writeOrder(tx, t, client, order, rules, warehouses);
          result[outcome]++;
        } catch (e) {
          if (!(e instanceof Refusal)) throw e;
          errors.push({
            index,
            externalId: order.externalId,
            purchaseNo: order.purchaseNo,
            ...(e.field ? { field: e.field } : {}),
            message: e.message,
          });
        }
      }
      // All or nothing: one refused record and the transaction goes back.
      if (errors.length)
        throw new AppError('integrationRejected', { count: errors.length, total: orders.length });
      // The items the lines and their components name, in the organisations' item masters.
      await mirrorItems(
        tx,
        client.keyName,
        orders.flatMap((o) =>
          o.lines.flatMap((l) => [
            { orgNo: o.orgNo, ...l },
            ...(l.components ?? []).map((c) => ({ orgNo: o.orgNo, ...c })),
          ]),
        ),
      );
    })
    .catch((e) => {
      if (e instanceof AppError && e.kind === 'integrationRejected')
        throw new AppError(e.kind, e.params, { records: errors });
      throw e;
    });
  return result;
}

type Outcome = 'created' | 'updated' | 'unchanged' | 'stale';

/** The warehouses the batch's lines name that exist, as `orgNo/warehouseNo`: one query a batch. */
async function warehousesOf(tx: Db, orders: OrderIn[]): Promise<Set<string>> {
  const named = [
    ...new Set(orders.flatMap((o) => o.lines.flatMap((l) => (l.warehouseNo ? [l.warehouseNo] : [])))),
  ];
  if (!named.length) return new Set();
  const rows = await tx
    .selectFrom('bmWarehouse')
    .select(['orgNo', 'warehouseNo'])
    .where('warehouseNo', 'in', named)
    .execute();
  return new Set(rows.map((w) => `${w.orgNo}/${w.warehouseNo}`));
}

async function writeOrder(
  tx: Db,
  t: Translate,
  client: ApiClient,
  o: OrderIn,
  rules: readonly AnswerRule[],
  warehouses: ReadonlySet<string>,
): Promise<Outcome> {
  if (!client.orgs.has(o.orgNo))
    throw new Refusal('orgNo', t('integration.orgNotServed', { orgNo: o.orgNo }));
  const supplier = await tx
    .selectFrom('bmSupplier')
    .select('supplierNo')
    .where('supplierNo', '=', o.supplierNo)
    .executeTakeFirst();
  if (!supplier)
    throw new Refusal('supplierNo', t('integration.unknownSupplier', { supplierNo: o.supplierNo }));
  const lines = o.lines.map((l, i) => {
    const n = i + 1;
    // A line's warehouse is one of the organisation's (the portal's base data, which the WMS shares).
    if (l.warehouseNo && !warehouses.has(`${o.orgNo}/${l.warehouseNo}`))
      throw new Refusal(
        `lines.${n}.warehouseNo`,
        t('integration.unknownWarehouse', { warehouseNo: l.warehouseNo, orgNo: o.orgNo }),
      );
    if (l.expectArrivalDate < o.purchaseDate)
      throw new Refusal(`lines.${n}.expectArrivalDate`, t('integration.dateBeforeOrder', { line: n }));
    if (l.components?.length && (o.orderType ?? '1') !== '2')
      throw new Refusal(`lines.${n}.components`, t('integration.componentsNotSubcontract', { line: n }));
    const seqs = new Set<number>();
    const components = l.components?.map((c, k) => {
      const componentSeq = c.componentSeq ?? k + 1;
      if (seqs.has(componentSeq))
        throw new Refusal(
          `lines.${n}.components`,
          t('integration.duplicateComponent', { line: n, seq: componentSeq }),
        );
      seqs.add(componentSeq);
      const checked = checkDecimal(c.qty, { scale: 5, maximum: 999_999_999_999_999 });
      if (checked.value === undefined || compareDecimals(checked.value, '0') <= 0)
        throw new Refusal(
          `lines.${n}.components.${k + 1}.qty`,
          t('integration.badComponentQty', { line: n, seq: componentSeq }),
        );
      return {
        componentSeq,
        itemNo: c.itemNo,
        itemName: c.itemName ?? null,
        qty: checked.value,
        unitNo: c.unitNo,
      };
    });
    return {
      ...l,
      components,
      batchPurQty: decimalOf(t, n, 'batchPurQty', l.batchPurQty, {
        scale: 5,
        above: '0',
        maximum: 999_999_999_999_999,
      }),
      price: decimalOf(t, n, 'price', l.price ?? '0', { scale: 5, minimum: 0, maximum: 999_999_999_999_999 }),
      taxRate: decimalOf(t, n, 'taxRate', l.taxRate ?? '0', { scale: 4, minimum: 0, maximum: 99.9999 }),
    };
  });
  const keys = new Set<string>();
  for (const l of lines) {
    if (keys.has(lineKey(l)))
      throw new Refusal('lines', t('integration.duplicateLine', { line: lineKey(l) }));
    keys.add(lineKey(l));
  }
  const head = {
    purchaseNo: o.purchaseNo,
    orgNo: o.orgNo,
    supplierNo: o.supplierNo,
    orderType: o.orderType ?? '1',
    purchaseCenter: o.purchaseCenter ?? null,
    factoryNo: o.factoryNo ?? null,
    buyerNo: o.buyerNo ?? null,
    buyerName: o.buyerName ?? null,
    currency: o.currency ?? 'CNY',
    purchaseDate: o.purchaseDate,
    remark: o.remark ?? null,
    externalId: o.externalId,
    externalVersion: o.externalVersion,
    updateName: client.keyName,
  };
  const stored = await tx
    .selectFrom('srmPurchaseHead')
    .select(['id', 'externalVersion', 'supplierNo'])
    .where('orgNo', '=', o.orgNo)
    .where('purchaseNo', '=', o.purchaseNo)
    .forUpdate()
    .executeTakeFirst();
  if (stored && Number(stored.externalVersion ?? -1) > o.externalVersion) return 'stale';
  if (stored && Number(stored.externalVersion) === o.externalVersion) return 'unchanged';
  if (stored && stored.supplierNo !== o.supplierNo)
    throw new Refusal('supplierNo', t('integration.supplierChanged', { purchaseNo: o.purchaseNo }));

  const target = { orgNo: o.orgNo, orderType: head.orderType, supplierNo: o.supplierNo };
  /** The due date of a line answered from `from` on (the order date when the line arrives). */
  const dueFrom = (from: string) => answerDueDate(rules, target, from);
  const lineValues = (l: (typeof lines)[number], headId: string) => ({
    headId,
    purchaseNo: o.purchaseNo,
    orgNo: o.orgNo,
    supplierNo: o.supplierNo,
    orderType: head.orderType,
    purchaseSeq: l.purchaseSeq,
    phaseSeq: l.phaseSeq ?? 1,
    batchSeq: l.batchSeq ?? 1,
    itemNo: l.itemNo,
    itemName: l.itemName ?? null,
    itemSpec: l.itemSpec ?? null,
    unitNo: l.unitNo,
    warehouseNo: l.warehouseNo ?? null,
    batchPurQty: l.batchPurQty,
    price: l.price,
    taxRate: l.taxRate,
    purchaseDate: o.purchaseDate,
    expectArrivalDate: l.expectArrivalDate,
    externalId: `${o.externalId}/${lineKey(l)}`,
    updateName: client.keyName,
  });

  if (!stored) {
    const { id } = await tx
      .insertInto('srmPurchaseHead')
      .values({ ...head, createName: client.keyName })
      .returning('id')
      .executeTakeFirstOrThrow();
    const kept = lines.filter((l) => !l.cancelled);
    if (kept.length) {
      const inserted = await tx
        .insertInto('srmPurchase')
        .values(
          kept.map((l) => ({
            ...lineValues(l, id),
            answerDueDate: dueFrom(o.purchaseDate),
            createName: client.keyName,
          })),
        )
        .returning(['id', 'purchaseSeq', 'phaseSeq', 'batchSeq'])
        .execute();
      const ids = new Map(inserted.map((r) => [lineKey(r), r.id]));
      for (const l of kept) await writeComponents(tx, client, o, id, ids.get(lineKey(l))!, l);
    }
    if (kept.length)
      await recordOrderEvent(
        tx,
        client,
        'purchaseOrder.published',
        { headId: id, purchaseNo: o.purchaseNo, orgNo: o.orgNo, supplierNo: o.supplierNo },
        kept.length,
      );
    return 'created';
  }

  await tx
    .updateTable('srmPurchaseHead')
    .set({ ...head, version: sql`version + 1`, updateDate: new Date() })
    .where('id', '=', stored.id)
    .execute();
  const current = new Map(
    (
      await tx.selectFrom('srmPurchase').selectAll().where('headId', '=', stored.id).forUpdate().execute()
    ).map((r) => [lineKey(r), r]),
  );
  const doc = purchaseLineResource.document!;
  let changedLines = 0;
  for (const l of lines) {
    const was = current.get(lineKey(l));
    const values = lineValues(l, stored.id);
    const moved = was && was.deliveryStatus !== '1';
    if (l.cancelled) {
      if (!was) continue;
      if (moved) throw new Refusal(`lines.${lineKey(l)}`, t('integration.lineMoved', { line: lineKey(l) }));
      await tx.deleteFrom('srmPurchase').where('id', '=', was.id).execute();
      changedLines++;
      continue;
    }
    if (!was) {
      const { id } = await tx
        .insertInto('srmPurchase')
        .values({ ...values, answerDueDate: dueFrom(o.purchaseDate), createName: client.keyName })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeComponents(tx, client, o, stored.id, id, l);
      changedLines++;
      continue;
    }
    // Components are the ERP's to send at any time: they move no answer and no quantity.
    await writeComponents(tx, client, o, stored.id, was.id, l);
    const same = (a: unknown, b: unknown) =>
      String(toDecimalString(a) ?? a) === String(toDecimalString(b) ?? b);
    const changed =
      !same(was.batchPurQty, values.batchPurQty) ||
      !same(was.price, values.price) ||
      !same(was.taxRate, values.taxRate) ||
      String(was.expectArrivalDate) !== values.expectArrivalDate ||
      was.itemNo !== values.itemNo ||
      was.unitNo !== values.unitNo;
    if (!changed) continue;
    changedLines++;
    if (moved) throw new Refusal(`lines.${lineKey(l)}`, t('integration.lineMoved', { line: lineKey(l) }));
    // An answer given to what the line was is no answer to what it is now: it is to be given again.
    const reopen = was.answerStatus === ANSWER.accepted || was.answerStatus === ANSWER.refused;
    await tx
      .updateTable('srmPurchase')
      .set({
        ...values,
        ...(reopen
          ? {
              answerStatus: ANSWER.changed,
              lastReason: t('integration.changedByErp'),
              answerDueDate: dueFrom(localToday()),
            }
          : {}),
        version: sql`version + 1`,
        updateDate: new Date(),
      })
      .where('id', '=', was.id)
      .execute();
    if (reopen)
      await tx
        .insertInto('sysDocHistory')
        .values({
          docKind: doc.kind,
          docId: was.id,
          docNo: docNoOf(doc, was),
          transition: 'erpChange',
          fromStatus: was.answerStatus,
          toStatus: ANSWER.changed,
          reason: t('integration.changedByErp'),
          source: 'integration',
          userNo: null,
          userName: client.keyName,
        })
        .execute();
  }
  if (changedLines)
    await recordOrderEvent(
      tx,
      client,
      'purchaseOrder.changed',
      { headId: stored.id, purchaseNo: o.purchaseNo, orgNo: o.orgNo, supplierNo: o.supplierNo },
      changedLines,
    );
  return 'updated';
}

/**
 * The line's components become the ones the ERP sent (hand-written SQL: the ERP's set replaces the
 * stored one); a line sent without them keeps its own.
 */
async function writeComponents(
  tx: Db,
  client: ApiClient,
  o: OrderIn,
  headId: string,
  lineId: string,
  line: {
    purchaseSeq: number;
    components?: (Omit<ComponentIn, 'qty'> & { qty: string; componentSeq: number })[];
  },
): Promise<void> {
  if (!line.components) return;
  await tx.deleteFrom('srmPurchaseComponent').where('lineId', '=', lineId).execute();
  if (!line.components.length) return;
  await tx
    .insertInto('srmPurchaseComponent')
    .values(
      line.components.map((c) => ({
        lineId,
        headId,
        purchaseNo: o.purchaseNo,
        purchaseSeq: line.purchaseSeq,
        orgNo: o.orgNo,
        supplierNo: o.supplierNo,
        componentSeq: c.componentSeq,
        itemNo: c.itemNo,
        itemName: c.itemName ?? null,
        qty: c.qty,
        unitNo: c.unitNo,
        createName: client.keyName,
        updateName: client.keyName,
      })),
    )
    .execute();
}
