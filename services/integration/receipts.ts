// Receipts pushed by the warehouse (`POST /integration/v1/receipts`, entity `receipt`): acceptance,
// rejection at inspection (with a reason), return of accepted goods and warehousing (put-away), each
// against one delivery notice line, named by the notice's number and the line's sequence or by the
// line's id. A batch is one transaction, all written or none, with every refused record named. Each
// receipt carries the WMS's id and version: the same version again changes nothing (`unchanged`), an
// older one is ignored and counted (`stale`), a newer one corrects the quantity or voids the receipt
// (`voided: true`). What a receipt may be, against the line's quantities after it (each valid receipt
// counted once, a corrected one at its new quantity):
//   acceptance + rejection  <= the line's shipped quantity (no over-receipt: the warehouse counts what
//                              came), only on an open line of a shipped or partially received notice
//   returned                <= accepted
//   put away                <= accepted
// (a return may leave from the dock or from stock, so returns and put-away do not limit each other)
// Returns and put-away may follow on a received notice or a closed line (the goods are there); nothing
// is taken on a voided notice or line, or on one not shipped yet (a receipt may be voided anywhere).
// Then, in the same transaction, the notice lines' quantities and the notices' states, and the order
// lines' quantities, are recomputed (rules/receipts.ts, rules/delivery.ts), and each receipt written
// publishes `asn.received` on its notice.
// Also `GET /integration/v1/asns`: the notices the warehouse should expect (shipped or partially
// received) with their lines, for the WMS to receive against.
import { sql } from 'kysely';
import { localToday } from '../../engine/core/dates.js';
import { addDecimals, checkDecimal, compareDecimals } from '../../engine/core/decimal.js';
import type { Db } from '../db/database.js';
import { writeEvents, writeHistory } from '../document/transition.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';
import { allReceiptsResource } from '../modules/ICheckReceiptService.js';
import { asnHeadResource } from '../modules/ISrmAsnHeadService.js';
import type { CallContext, JsonSchema, SessionUser } from '../registry.js';
import { RECEIPT, RECEIPT_VALID, type ReceiptType, syncOrderDeliveries } from '../rules/delivery.js';
import { RECEIPT_MOVES, syncAsnReceipts } from '../rules/receipts.js';
import type { ApiClient } from './keys.js';
import { Refusal } from './refusal.js';

export const MAX_RECEIPTS = 1000;

/** The kinds as the API names them, and their codes. */
export const RECEIPT_KINDS: Record<string, ReceiptType> = {
  acceptance: RECEIPT.acceptance,
  rejection: RECEIPT.rejection,
  return: RECEIPT.return,
  warehousing: RECEIPT.warehousing,
};

const TEXT = (max: number) =>
  ({ type: ['string', 'null'], maxLength: max, pattern: '^[^\\u0000]*$' }) as const;

export const receiptsBody: JsonSchema = {
  type: 'object',
  required: ['receipts'],
  additionalProperties: false,
  properties: {
    receipts: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_RECEIPTS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['externalId', 'externalVersion', 'type', 'qty'],
        anyOf: [{ required: ['asnNo', 'lineSeq'] }, { required: ['asnLineId'] }],
        properties: {
          externalId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[^\\u0000]*$' },
          externalVersion: { type: 'integer', minimum: 0 },
          type: { type: 'string', enum: Object.keys(RECEIPT_KINDS) },
          asnNo: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[^\\u0000]*$' },
          lineSeq: { type: 'integer', minimum: 1 },
          asnLineId: { type: 'string', format: 'uuid' },
          qty: { type: ['string', 'number'] },
          reason: TEXT(500),
          docNo: TEXT(64),
          lotNo: TEXT(50),
          cellNo: TEXT(50),
          operator: TEXT(50),
          remark: TEXT(255),
          receiptDate: { type: 'string', format: 'date-time' },
          voided: { type: 'boolean' },
        },
      },
    },
  },
};

export interface ReceiptIn {
  externalId: string;
  externalVersion: number;
  type: keyof typeof RECEIPT_KINDS;
  asnNo?: string;
  lineSeq?: number;
  asnLineId?: string;
  qty: string | number;
  reason?: string | null;
  docNo?: string | null;
  lotNo?: string | null;
  cellNo?: string | null;
  operator?: string | null;
  remark?: string | null;
  receiptDate?: string;
  voided?: boolean;
}

export interface ReceiptResult {
  received: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Older than what the portal holds: ignored. */
  stale: number;
}

export interface ReceiptError {
  index: number;
  externalId: string;
  field?: string;
  message: string;
}

export type LineRow = {
  id: string;
  headId: string;
  lineSeq: number;
  lineStatus: string;
  deliveryQty: string;
  purchaseId: string;
  purchaseNo: string;
  purchaseSeq: number;
  itemNo: string;
  itemName: string | null;
  unitNo: string;
  lotNo: string | null;
  asnNo: string;
  status: string;
  orgNo: string;
  supplierNo: string;
  warehouseNo: string;
};

/** The call context of a machine client's writes: the integration's source, the key's name as the user. */
export function integrationContext(tx: Db, t: Translate, client: ApiClient): CallContext {
  return {
    db: tx,
    t,
    source: 'integration',
    lookup: false,
    ip: '',
    // The history names the key as who did it, with no user number (as the ERP's order changes do).
    user: { userNo: null, userName: client.keyName } as unknown as SessionUser,
  } as unknown as CallContext;
}

/** The notice lines the batch names, with their notices, locked in id order. */
export async function linesOf(tx: Db, receipts: ReceiptIn[]): Promise<LineRow[]> {
  const ids = [...new Set(receipts.flatMap((r) => (r.asnLineId ? [r.asnLineId] : [])))];
  const byNo = receipts.filter((r) => !r.asnLineId && r.asnNo);
  const asnNos = [...new Set(byNo.map((r) => r.asnNo as string))];
  if (!ids.length && !asnNos.length) return [];
  return (await tx
    .selectFrom('srmAsnLine as l')
    .innerJoin('srmAsnHead as h', 'h.id', 'l.headId')
    .select([
      'l.id',
      'l.headId',
      'l.lineSeq',
      'l.lineStatus',
      'l.deliveryQty',
      'l.purchaseId',
      'l.purchaseNo',
      'l.purchaseSeq',
      'l.itemNo',
      'l.itemName',
      'l.unitNo',
      'l.lotNo',
      'h.asnNo',
      'h.status',
      'h.orgNo',
      'h.supplierNo',
      'h.warehouseNo',
    ])
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('l.id', 'in', ids)] : []),
        ...(asnNos.length ? [eb('h.asnNo', 'in', asnNos)] : []),
      ]),
    )
    .orderBy('l.id')
    .forUpdate()
    .execute()) as LineRow[];
}

/** What the line has, by kind, from its valid receipts other than `except`. */
async function sumsOf(tx: Db, lineId: string, except: string | null): Promise<Record<ReceiptType, string>> {
  let q = tx
    .selectFrom('srmReceipt')
    .select(['receiptType', sql<string>`trim_scale(sum(qty))::text`.as('qty')])
    .where('asnLineId', '=', lineId)
    .where('status', '=', RECEIPT_VALID)
    .groupBy('receiptType');
  if (except) q = q.where('id', '<>', except);
  const sums: Record<ReceiptType, string> = { '1': '0', '2': '0', '3': '0', '4': '0' };
  for (const r of await q.execute()) sums[r.receiptType as ReceiptType] = r.qty;
  return sums;
}

/** Writes the batch in one transaction; throws integrationRejected with each refused record. */
export async function ingestReceipts(
  db: Db,
  t: Translate,
  client: ApiClient,
  receipts: ReceiptIn[],
): Promise<ReceiptResult> {
  const result: ReceiptResult = { received: receipts.length, created: 0, updated: 0, unchanged: 0, stale: 0 };
  const errors: ReceiptError[] = [];
  await db
    .transaction()
    .execute(async (tx) => {
      const ctx = integrationContext(tx, t, client);
      const lines = await linesOf(tx, receipts);
      const byId = new Map(lines.map((l) => [l.id, l]));
      const byNo = new Map(lines.map((l) => [`${l.asnNo}/${l.lineSeq}`, l]));
      const seen = new Set<string>();
      const written: Written[] = [];
      for (const [index, r] of receipts.entries()) {
        try {
          const line = r.asnLineId ? byId.get(r.asnLineId) : byNo.get(`${r.asnNo}/${r.lineSeq}`);
          const named = r.asnLineId ?? `${r.asnNo}/${r.lineSeq}`;
          if (!line) throw new Refusal('asnNo', t('integration.receipt.unknownLine', { line: named }));
          if (!client.orgs.has(line.orgNo))
            throw new Refusal('asnNo', t('integration.orgNotServed', { orgNo: line.orgNo }));
          const key = `${line.orgNo}/${r.externalId}`;
          if (seen.has(key))
            throw new Refusal('externalId', t('integration.receipt.duplicate', { externalId: r.externalId }));
          seen.add(key);
          const outcome = await writeReceipt(tx, t, client, r, line);
          if (typeof outcome === 'string') result[outcome]++;
          else {
            result[outcome.created ? 'created' : 'updated']++;
            written.push(outcome.row);
          }
        } catch (e) {
          if (!(e instanceof Refusal)) throw e;
          errors.push({
            index,
            externalId: r.externalId,
            ...(e.field ? { field: e.field } : {}),
            message: e.message,
          });
        }
      }
      // All or nothing: one refused record and the transaction goes back.
      if (errors.length)
        throw new AppError('integrationRejected', { count: errors.length, total: receipts.length });
      if (!written.length) return;
      await publish(ctx, client, written);
    })
    .catch((e) => {
      if (e instanceof AppError && e.kind === 'integrationRejected')
        throw new AppError(e.kind, e.params, { records: errors });
      throw e;
    });
  return result;
}

export type Written = { id: string; docNo: string; name: string; from: string | null; to: string };

/**
 * After the batch's receipts are written: the notice lines' and notices' quantities and states, the
 * order lines', each receipt's history, and one `asn.received` event per receipt on its notice (the
 * notice's fields with the receipt's kind, quantity and the line's totals after it), so a listener keyed
 * on notices (the messages, the ERP) reads it like the notice's other events.
 */
export async function publish(ctx: CallContext, client: ApiClient, written: Written[]): Promise<void> {
  const tx = ctx.db;
  const ids = written.map((w) => w.id);
  const asnIds = await tx
    .selectFrom('srmReceipt')
    .select(['asnId', 'asnLineId'])
    .where('id', 'in', ids)
    .execute();
  const before = new Map(
    (
      await tx
        .selectFrom('srmAsnHead')
        .select(['id', 'status'])
        .where(
          'id',
          'in',
          asnIds.map((r) => r.asnId),
        )
        .execute()
    ).map((h) => [h.id, h.status]),
  );
  const orderLines = await syncAsnReceipts(
    ctx,
    asnHeadResource.document!,
    asnIds.map((r) => r.asnLineId),
    client.keyName,
  );
  await syncOrderDeliveries(tx, orderLines, client.keyName);

  const doc = allReceiptsResource.document!;
  for (const name of Object.keys(RECEIPT_MOVES))
    for (const to of ['Y', 'V']) {
      const same = written.filter((w) => w.name === name && w.to === to);
      if (same.length)
        await writeHistory(ctx, doc, same, {
          name,
          to,
          reason: null,
          from: (row) => row.from as string | null,
        });
    }

  const details = await tx
    .selectFrom('srmReceipt as r')
    .innerJoin('srmAsnLine as l', 'l.id', 'r.asnLineId')
    .innerJoin('srmAsnHead as h', 'h.id', 'r.asnId')
    .select([
      'r.id',
      'r.asnId',
      'r.asnNo',
      'r.receiptType',
      'r.status',
      'r.docNo',
      'r.lineSeq',
      'r.purchaseNo',
      'r.purchaseSeq',
      'r.itemNo',
      'r.unitNo',
      'r.lotNo',
      'r.qty',
      'r.reason',
      'r.cellNo',
      'r.receiptDate',
      'r.externalId',
      'r.externalVersion',
      'l.receiveQty as lineReceiveQty',
      'l.rejectQty as lineRejectQty',
      'l.unreceivedQty as lineUnreceivedQty',
      'h.status as asnStatus',
    ])
    .where('r.id', 'in', ids)
    .execute();
  const byId = new Map(details.map((d) => [d.id, d]));
  const events = written.map((w) => {
    const d = byId.get(w.id)!;
    const { id: _, asnId, asnStatus, ...fields } = d;
    return {
      id: asnId,
      asnNo: d.asnNo,
      from: before.get(asnId) ?? asnStatus,
      to: asnStatus,
      name: w.name,
      fields,
    };
  });
  for (const name of Object.keys(RECEIPT_MOVES))
    for (const to of new Set(events.map((e) => e.to))) {
      const same = events.filter((e) => e.name === name && e.to === to);
      if (!same.length) continue;
      await writeEvents(asnHeadResource, ctx, same, {
        name,
        to,
        reason: null,
        from: (row) => row.from as string,
        event: 'asn.received',
        fields: (row) => row.fields as Record<string, unknown>,
      });
    }
}

export type Outcome = 'unchanged' | 'stale' | { created: boolean; row: Written };

export async function writeReceipt(
  tx: Db,
  t: Translate,
  client: ApiClient,
  r: ReceiptIn,
  line: LineRow,
): Promise<Outcome> {
  const type = RECEIPT_KINDS[r.type];
  const name = `${line.asnNo}/${line.lineSeq}`;
  const stored = await tx
    .selectFrom('srmReceipt')
    .select(['id', 'externalVersion', 'asnLineId', 'receiptType', 'status'])
    .where('orgNo', '=', line.orgNo)
    .where('externalId', '=', r.externalId)
    .forUpdate()
    .executeTakeFirst();
  if (stored && Number(stored.externalVersion) > r.externalVersion) return 'stale';
  if (stored && Number(stored.externalVersion) === r.externalVersion) return 'unchanged';
  if (stored && (stored.asnLineId !== line.id || stored.receiptType !== type))
    throw new Refusal('externalId', t('integration.receipt.moved', { externalId: r.externalId }));

  const checked = checkDecimal(r.qty, { scale: 5, maximum: 999_999_999_999_999 });
  if (checked.value === undefined || compareDecimals(checked.value, '0') <= 0)
    throw new Refusal('qty', t('integration.receipt.badQty'));
  const qty = checked.value;
  const reason = r.reason?.trim() || null;
  if (type === RECEIPT.rejection && !reason)
    throw new Refusal('reason', t('integration.receipt.reasonRequired', { line: name }));

  // Where the goods may still be taken: never on a voided notice or line, or one not shipped yet;
  // acceptance and rejection only on an open line of a notice still expecting goods. Voiding a receipt
  // takes nothing: it may be done wherever the receipt is (the sums below still hold the line together).
  const counting = type === RECEIPT.acceptance || type === RECEIPT.rejection;
  const voided = r.voided === true;
  if (!voided) {
    if (line.status === 'X' || line.lineStatus === 'X')
      throw new Refusal('asnNo', t('integration.receipt.voided', { line: name }));
    if (!['2', '3', '4'].includes(line.status))
      throw new Refusal('asnNo', t('integration.receipt.notShipped', { line: name }));
    if (counting && line.lineStatus !== '0')
      throw new Refusal('asnNo', t('integration.receipt.closed', { line: name }));
  }

  const sums = await sumsOf(tx, line.id, stored?.id ?? null);
  if (!voided) sums[type] = addDecimals(sums[type], qty);
  const counted = addDecimals(sums[RECEIPT.acceptance], sums[RECEIPT.rejection]);
  if (compareDecimals(counted, line.deliveryQty) > 0)
    throw new Refusal(
      'qty',
      t('integration.receipt.overReceipt', { line: name, total: counted, shipped: line.deliveryQty }),
    );
  if (compareDecimals(sums[RECEIPT.return], sums[RECEIPT.acceptance]) > 0)
    throw new Refusal(
      'qty',
      t('integration.receipt.overReturn', {
        line: name,
        total: sums[RECEIPT.return],
        accepted: sums[RECEIPT.acceptance],
      }),
    );
  if (compareDecimals(sums[RECEIPT.warehousing], sums[RECEIPT.acceptance]) > 0)
    throw new Refusal(
      'qty',
      t('integration.receipt.overWarehousing', {
        line: name,
        total: sums[RECEIPT.warehousing],
        accepted: sums[RECEIPT.acceptance],
      }),
    );

  const receiptDate = r.receiptDate ? new Date(r.receiptDate) : new Date();
  const values = {
    status: voided ? 'V' : RECEIPT_VALID,
    docNo: r.docNo?.trim() || r.externalId,
    qty,
    reason,
    lotNo: r.lotNo?.trim() || line.lotNo,
    cellNo: r.cellNo?.trim() || null,
    operator: r.operator?.trim() || null,
    remark: r.remark?.trim() || null,
    receiptDate,
    receiptDay: localToday(receiptDate),
    externalVersion: r.externalVersion,
    updateName: client.keyName,
    updateDate: new Date(),
  };
  if (stored) {
    await tx
      .updateTable('srmReceipt')
      .set({ ...values, version: sql`version + 1` })
      .where('id', '=', stored.id)
      .execute();
    return {
      created: false,
      row: {
        id: stored.id,
        docNo: values.docNo,
        name: voided ? 'void' : 'correct',
        from: stored.status,
        to: values.status,
      },
    };
  }
  const { id } = await tx
    .insertInto('srmReceipt')
    .values({
      ...values,
      receiptType: type,
      orgNo: line.orgNo,
      supplierNo: line.supplierNo,
      warehouseNo: line.warehouseNo,
      asnId: line.headId,
      asnNo: line.asnNo,
      asnLineId: line.id,
      lineSeq: line.lineSeq,
      purchaseId: line.purchaseId,
      purchaseNo: line.purchaseNo,
      purchaseSeq: line.purchaseSeq,
      itemNo: line.itemNo,
      itemName: line.itemName,
      unitNo: line.unitNo,
      externalId: r.externalId,
      createName: client.keyName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { created: true, row: { id, docNo: values.docNo, name: 'receive', from: null, to: values.status } };
}

/**
 * The notices the warehouse should expect (shipped or partially received) of the key's organisations,
 * with their lines, after a notice number (`after`), in number order: what a WMS receives against.
 */
export async function openAsns(db: Db, client: ApiClient, after: string, limit: number) {
  const orgs = [...client.orgs];
  if (!orgs.length) return { asns: [], next: after };
  const heads = await db
    .selectFrom('srmAsnHead')
    .select([
      'id',
      'asnNo',
      'orgNo',
      'supplierNo',
      'warehouseNo',
      'status',
      'deliveryDate',
      'expectedArrivalDate',
    ])
    .where('orgNo', 'in', orgs)
    .where('status', 'in', ['2', '3'])
    .where('asnNo', '>', after)
    .orderBy('asnNo')
    .limit(limit)
    .execute();
  const lines = heads.length
    ? await db
        .selectFrom('srmAsnLine')
        .select([
          'id',
          'headId',
          'lineSeq',
          'lineStatus',
          'purchaseNo',
          'purchaseSeq',
          'itemNo',
          'unitNo',
          'lotNo',
          'deliveryQty',
          'receiveQty',
          'rejectQty',
          'unreceivedQty',
        ])
        .where(
          'headId',
          'in',
          heads.map((h) => h.id),
        )
        .orderBy('lineSeq')
        .execute()
    : [];
  const asns = heads.map(({ id, ...h }) => ({
    ...h,
    lines: lines
      .filter((l) => l.headId === id)
      .map(({ headId: _, id: asnLineId, ...l }) => ({ asnLineId, ...l })),
  }));
  return { asns, next: asns.at(-1)?.asnNo ?? after };
}
