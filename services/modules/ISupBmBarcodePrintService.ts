// GS1 logistic labels of delivery notices (spec 001 sections 2 and 7: label-print, split-label-print;
// `ISupBmBarcodePrintService` getbarcodeprintlistbyparams and printlabel; spec 000 section 5: the
// searcher form's rules). Each line of a notice is cut into boxes, by the container rule's quantity per
// box or by the quantities the supplier enters, and every box gets a label with its own SSCC-18, drawn as
// a GS1-128 barcode with AI (00) and a QR code. The labels are stored (srm_asn_label), so the warehouse
// scans them and a reprint shows the same codes; new codes are made only for lines without labels, or
// when the supplier explicitly regenerates a notice's labels before anything was received against it.
// hand-written SQL: the serial counter is locked and moved in one statement, and the label rows of a
// notice's lines are read and written beside the resource layer's scoped read of the notice.

import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { compareDecimals } from '../../engine/core/decimal.js';
import type { PrintLayout } from '../../schemas/generated/print-layout.js';
import { AppError } from '../errors.js';
import { page } from '../http/envelope.js';
import { boxCountByRule, boxesByRule, splitProblem } from '../print/boxes.js';
import { BarcodeRefused } from '../print/labels.js';
import { checkLayout } from '../print/layout.js';
import { renderPdf } from '../print/pdf.js';
import { LayoutProblem } from '../print/sheet.js';
import { COMPANY_PREFIX, makeSscc, maxSerial, ssccElement, ssccHumanReadable } from '../print/sscc.js';
import { PRINT_TYPE, templateLabel, usableTemplates } from '../print/templates.js';
import { type PrintJob, RecordText, zoneOr } from '../print/values.js';
import { type CallContext, defineMethod, defineService, FileAnswer } from '../registry.js';
import type { ExportColumn } from '../resource/export.js';
import { applyScope, auditName, getMany, inTransaction, type Row } from '../resource/resource.js';
import { numberParam, paramValue } from '../system/params.js';
import { ASN, asnHeadResource } from './ISrmAsnHeadService.js';

/** The label-print screens, where label templates belong (the template selector's module). */
export const LABEL_MENU = 'Offsite.Delivery.LabelPrint';
export const SPLIT_LABEL_MENU = 'Offsite.Delivery.LabelPrint.Split';
/** Where labels are printed from: the label screens, the supplier's notice tracking, the purchaser's list. */
export const LABEL_MENUS = [
  LABEL_MENU,
  SPLIT_LABEL_MENU,
  'Offsite.Delivery.AsnTracking',
  'Offsite.Delivery.AsnTracking.Detail',
  'Offsite.Delivery.AsnList',
  'Offsite.Delivery.AsnList.Detail',
] as const;

/** Label templates, as the template selector lists them (spec 000 section 7: templateType 2). */
export const LABEL_TEMPLATE_TYPE = '2';
/** Labels are for what comes in: the document nature of a delivery notice (dictionary DOC_NATURE). */
export const INBOUND_NATURE = '1';
/** The most labels one print draws (boxes × labels per box × copies), as a print's records. */
export const MAX_LABELS = 1000;

/** States in which new codes are made: the notice is submitted and nothing is received yet. */
const ALLOCATE_STATES: readonly string[] = [ASN.pending, ASN.shipped];
/** States in which labels already made may be printed again. */
const REPRINT_STATES: readonly string[] = [ASN.pending, ASN.shipped, ASN.partlyReceived, ASN.received];

export const SSCC_PARAMS = { prefix: 'SSCC_COMPANY_PREFIX', extension: 'SSCC_EXTENSION_DIGIT' } as const;

/** What the searcher form sends (spec 000 section 5), with the notice and lines it prints. */
export interface PrintLabelCondition {
  asnId?: string | null;
  /**
   * What a list's dialog sends instead: the notice (a row of the notice lists) or lines of one notice
   * (rows of the label-print list).
   */
  rows?: { id: string; version?: number | null }[] | null;
  /** Split printing of one line from a dialog: the box quantities as typed, "100, 40, 10". */
  boxQuantities?: string | null;
  /** The lines to print; default every line of the notice. */
  lineIds?: string[] | null;
  boxRuleNo?: string | null;
  templateCode?: string | null;
  /** Labels per box (two for a pallet labelled on adjacent sides). */
  boxBarcodeNum?: number | null;
  /** Copies of the whole set. */
  numberCopies?: number | null;
  docNature?: string | null;
  module?: string | null;
  /** Split printing: the box quantities the supplier enters for a line (they replace its labels). */
  splits?: { lineId: string; quantities: string[] }[] | null;
  /** Make new codes for the printed lines (a notice nothing was received against). */
  regenerate?: boolean | 'Y' | 'N' | null;
  timeZone?: string | null;
}

interface ListCondition {
  asnId?: string | null;
  asnNo?: string | null;
  itemNo?: string | null;
  boxRuleNo?: string | null;
  labelled?: 'Y' | 'N' | null;
}

const uuid = { type: 'string', format: 'uuid' } as const;
const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
const decimalText = { type: 'string', maxLength: 30, pattern: '^[0-9]*\\.?[0-9]*$' } as const;

/** The notice as the caller sees it (its scope and side), locked for the print when asked. */
async function noticeOf(ctx: CallContext, asnId: string, lock = false): Promise<Row> {
  const [head] = await getMany(asnHeadResource, ctx, [asnId], { lock, stored: true });
  if (!head) throw new AppError('notFound');
  return head;
}

/** The container rule of the notice's organisation, valid. */
async function boxRuleOf(ctx: CallContext, orgNo: string, boxRuleNo: string) {
  const rule = await ctx.db
    .selectFrom('bmBoxRuleHead')
    .select(['boxRuleNo', 'boxRuleName', 'packQty'])
    .where('orgNo', '=', orgNo)
    .where('boxRuleNo', '=', boxRuleNo)
    .where('statusCode', '=', '1')
    .executeTakeFirst();
  if (!rule)
    throw new AppError('invalidValue', {
      field: ctx.t('field.boxRuleNo'),
      problem: ctx.t('problem.notExisting', { value: boxRuleNo.slice(0, 60) }),
    });
  return rule;
}

type LabelRow = {
  id: string;
  lineId: string;
  sscc: string;
  companyPrefix: string;
  boxNo: number;
  boxCount: number;
  qty: string;
  split: string;
  printCount: number;
};

async function labelsOf(ctx: CallContext, lineIds: string[]): Promise<Map<string, LabelRow[]>> {
  const by = new Map<string, LabelRow[]>();
  if (!lineIds.length) return by;
  const rows = await ctx.db
    .selectFrom('srmAsnLabel')
    .select(['id', 'lineId', 'sscc', 'companyPrefix', 'boxNo', 'boxCount', 'qty', 'split', 'printCount'])
    .where('lineId', 'in', lineIds)
    .orderBy('boxNo')
    .execute();
  for (const r of rows) by.set(r.lineId, [...(by.get(r.lineId) ?? []), r as LabelRow]);
  return by;
}

/** The searcher form's rules (spec 000 section 5), each refused with its own message. */
function checkForm(ctx: CallContext, c: PrintLabelCondition): void {
  const refuse = (key: string) => new AppError('labelPrintForm', { problem: ctx.t(key) });
  // Split printing takes the supplier's quantities instead of a rule's.
  const split = Boolean(c.splits?.length) || (c.boxQuantities !== undefined && c.boxQuantities !== null);
  if (!c.boxRuleNo?.trim() && !split) throw refuse('labelPrint.requiredBoxRuleNo');
  if (!c.templateCode?.trim()) throw refuse('labelPrint.requiredTemplateCode');
  if (c.boxBarcodeNum === undefined || c.boxBarcodeNum === null || c.boxBarcodeNum < 1)
    throw refuse('labelPrint.requiredBoxBarcodeNum');
  if (c.numberCopies === undefined || c.numberCopies === null || c.numberCopies < 1)
    throw refuse('labelPrint.requiredNumberCopies');
  if (!c.docNature?.trim()) throw refuse('labelPrint.requiredDocNature');
  if (c.docNature !== INBOUND_NATURE) throw refuse('labelPrint.inboundOnly');
  if (!c.module?.trim()) throw refuse('labelPrint.requiredModule');
  if (!(LABEL_MENUS as readonly string[]).includes(c.module)) throw refuse('labelPrint.moduleOther');
}

/** The GS1 company prefix and extension digit the codes are made with. */
async function ssccSettings(ctx: CallContext): Promise<{ prefix: string; extension: number }> {
  const prefix = (await paramValue(ctx.db, SSCC_PARAMS.prefix))?.trim() ?? '';
  if (!COMPANY_PREFIX.test(prefix)) throw new AppError('labelPrefix', { paramNo: SSCC_PARAMS.prefix });
  return { prefix, extension: await numberParam(ctx.db, SSCC_PARAMS.extension) };
}

/**
 * The next `count` serial references under the prefix: the counter row is moved in one statement and
 * stays locked until the print commits, so concurrent prints on any instance take consecutive ranges.
 */
async function takeSerials(ctx: CallContext, prefix: string, count: number): Promise<bigint> {
  await ctx.db
    .insertInto('srmSsccCounter')
    .values({ companyPrefix: prefix })
    .onConflict((oc) => oc.column('companyPrefix').doNothing())
    .execute();
  const row = await ctx.db
    .updateTable('srmSsccCounter')
    .set({ lastSerial: sql`last_serial + ${count}`, updateDate: new Date() })
    .where('companyPrefix', '=', prefix)
    .returning('lastSerial')
    .executeTakeFirstOrThrow();
  const last = BigInt(row.lastSerial);
  if (last > maxSerial(prefix)) throw new AppError('labelSerialsUsedUp', { prefix });
  return last - BigInt(count) + 1n;
}

/** The fields a label template may read, with how the qty is shown (an exact decimal). */
export const LABEL_FIELDS = [
  'sscc',
  'ssccText',
  'ssccElement',
  'qrText',
  'supplierNo',
  'supplierName',
  'orgNo',
  'orgName',
  'warehouseNo',
  'asnNo',
  'lineSeq',
  'purchaseNo',
  'purchaseSeq',
  'itemNo',
  'itemName',
  'qty',
  'unitNo',
  'lotNo',
  'boxNo',
  'boxCount',
  'boxOf',
  'deliveryDate',
  'expectedArrivalDate',
] as const;

function labelColumns(ctx: CallContext): ExportColumn[] {
  return LABEL_FIELDS.map((prop) => ({
    prop,
    header: ctx.t(`field.${prop}`, { defaultValue: prop }),
    value: (v: unknown) => v,
    decimal: prop === 'qty',
  }));
}

/** What the QR code carries: the SSCC and what a receiver checks, one "key:value" a part. */
export function qrTextOf(r: Record<string, unknown>): string {
  const parts: [string, unknown][] = [
    ['SSCC', r.sscc],
    ['ASN', r.asnNo],
    ['LINE', r.lineSeq],
    ['ITEM', r.itemNo],
    ['LOT', r.lotNo ?? ''],
    ['QTY', r.qty],
    ['UNIT', r.unitNo],
    ['SUP', r.supplierNo],
  ];
  return parts.map(([k, v]) => `${k}:${String(v ?? '')}`).join('|');
}

function stamp(): string {
  return new Date().toISOString().replace(/\D/g, '').slice(0, 14);
}

/** A line's planned boxes: its labels when it has them, else the rule's cut. */
function plannedBoxes(line: Row, labels: LabelRow[] | undefined, packQty: string | null | undefined) {
  if (labels?.length) return { boxCount: labels.length, lastBoxQty: labels[labels.length - 1].qty };
  if (!packQty) return { boxCount: null, lastBoxQty: null };
  const boxes = boxesByRule(String(line.deliveryQty), packQty);
  return { boxCount: boxes.length, lastBoxQty: boxes[boxes.length - 1] ?? null };
}

async function listLines(
  ctx: CallContext,
  body: { current: number; size: number; condition?: ListCondition },
) {
  const c = body.condition ?? {};
  const asnId = c.asnId;
  // The notices the caller sees (scope and side), in a state labels are printed in.
  const visible = applyScope(
    asnHeadResource,
    ctx,
    // biome-ignore lint/suspicious/noExplicitAny: the resource layer's scope works on untyped queries.
    (ctx.db as any)
      .selectFrom('srmAsnHead as t1')
      .select('t1.id')
      .where('t1.status', 'in', [...REPRINT_STATES]),
  );
  let q = ctx.db
    .selectFrom('srmAsnLine as l')
    .innerJoin('srmAsnHead as h', 'h.id', 'l.headId')
    .where('l.headId', 'in', visible);
  if (asnId) q = q.where('l.headId', '=', asnId);
  if (c.asnNo?.trim()) q = q.where('h.asnNo', 'ilike', `%${c.asnNo.trim().replace(/[\\%_]/g, '\\$&')}%`);
  if (c.itemNo?.trim()) q = q.where('l.itemNo', 'ilike', `%${c.itemNo.trim().replace(/[\\%_]/g, '\\$&')}%`);
  if (c.labelled) {
    const labelled = ctx.db.selectFrom('srmAsnLabel').select('lineId');
    q = c.labelled === 'Y' ? q.where('l.id', 'in', labelled) : q.where('l.id', 'not in', labelled);
  }
  const total = Number((await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = (await q
    .select([
      'l.id',
      'l.headId',
      'h.asnNo',
      'h.status as asnStatus',
      'h.orgNo',
      'h.supplierNo',
      'h.deliveryDate',
      'h.expectedArrivalDate',
      'h.warehouseNo',
      'l.lineSeq',
      'l.purchaseNo',
      'l.purchaseSeq',
      'l.itemNo',
      'l.itemName',
      'l.unitNo',
      'l.deliveryQty',
      'l.receiveQty',
      'l.lotNo',
    ])
    .orderBy('h.createDate', 'desc')
    .orderBy('h.asnNo', 'desc')
    .orderBy('l.lineSeq', 'asc')
    .limit(body.size)
    .offset((body.current - 1) * body.size)
    .execute()) as Row[];
  const labels = await labelsOf(
    ctx,
    rows.map((r) => r.id as string),
  );
  const rules = new Map<string, string | null>();
  if (c.boxRuleNo?.trim())
    for (const orgNo of new Set(rows.map((r) => r.orgNo as string))) {
      const rule = await ctx.db
        .selectFrom('bmBoxRuleHead')
        .select('packQty')
        .where('orgNo', '=', orgNo)
        .where('boxRuleNo', '=', c.boxRuleNo.trim())
        .where('statusCode', '=', '1')
        .executeTakeFirst();
      rules.set(orgNo, rule?.packQty ?? null);
    }
  const records = rows.map((r) => {
    const own = labels.get(r.id as string);
    const packQty = rules.get(r.orgNo as string) ?? null;
    return {
      ...r,
      lineId: r.id,
      packQty,
      ...plannedBoxes(r, own, packQty),
      labelled: own?.length ? 'Y' : 'N',
      labelCount: own?.length ?? 0,
      split: own?.[0]?.split ?? null,
      labels: (own ?? []).map((l) => ({
        sscc: l.sscc,
        boxNo: l.boxNo,
        qty: l.qty,
        printCount: l.printCount,
      })),
    };
  });
  return page(records, total, body.current, body.size);
}

interface PlannedLabel {
  line: Row;
  boxNo: number;
  boxCount: number;
  qty: string;
  split: 'Y' | 'N';
}

/** Notices the caller does not see are not found, before anything else is said about them. */
async function mustSee(ctx: CallContext, headIds: string[]): Promise<void> {
  const seen = await getMany(asnHeadResource, ctx, headIds, { stored: true });
  if (seen.length !== headIds.length) throw new AppError('notFound');
}

/**
 * The notice and lines a print names: `asnId` and `lineIds`, or a dialog's `rows` (one notice, or lines
 * of one notice), with a split line's quantities typed in `boxQuantities`.
 */
async function resolveRows(ctx: CallContext, given: PrintLabelCondition): Promise<PrintLabelCondition> {
  const c = { ...given };
  const ids = [...new Set((c.rows ?? []).map((r) => r.id))];
  if (!c.asnId && ids.length) {
    const heads = await ctx.db.selectFrom('srmAsnHead').select('id').where('id', 'in', ids).execute();
    if (heads.length === ids.length) {
      await mustSee(ctx, ids);
      if (ids.length > 1) throw new AppError('batchMixed', { field: ctx.t('field.asnNo') });
      c.asnId = ids[0];
    } else {
      const lines = await ctx.db
        .selectFrom('srmAsnLine')
        .select(['id', 'headId'])
        .where('id', 'in', ids)
        .execute();
      if (lines.length !== ids.length) throw new AppError('notFound');
      await mustSee(ctx, [...new Set(lines.map((l) => l.headId))]);
      if (new Set(lines.map((l) => l.headId)).size > 1)
        throw new AppError('batchMixed', { field: ctx.t('field.asnNo') });
      c.asnId = lines[0].headId;
      c.lineIds = ids;
    }
  }
  if (!c.asnId) throw new AppError('printNoSelection');
  if (c.boxQuantities !== undefined && c.boxQuantities !== null) {
    const lineIds = c.lineIds ?? [];
    if (lineIds.length !== 1) throw new AppError('printNoSelection');
    const quantities = c.boxQuantities
      .split(/[\s,;，；、]+/)
      .map((q) => q.trim())
      .filter(Boolean);
    c.splits = [{ lineId: lineIds[0], quantities }];
  }
  return c;
}

async function printLabels(ctx: CallContext, given: PrintLabelCondition): Promise<FileAnswer> {
  checkForm(ctx, given);
  const c = await resolveRows(ctx, given);
  c.regenerate = c.regenerate === true || c.regenerate === 'Y';
  const boxBarcodeNum = c.boxBarcodeNum!;
  const copies = c.numberCopies!;
  const { pdf, templateName } = await inTransaction(ctx, async (tx) => {
    // The notice is locked for the print: two prints of one notice take turns, so the second reuses
    // the first one's labels instead of making its own.
    const head = await noticeOf(tx, c.asnId!, true);
    const state = String(head.status);
    const stateName = tx.t(`enum.ASN_STATUS.${state}`);
    if (!REPRINT_STATES.includes(state))
      throw new AppError('labelAsnState', { asnNo: String(head.asnNo), state: stateName });

    const template = (await usableTemplates(tx, LABEL_MENU, LABEL_TEMPLATE_TYPE)).find(
      (t) => t.reportKey === c.templateCode,
    );
    if (!template)
      throw new AppError('printTemplateNotFound', { reportKey: String(c.templateCode).slice(0, 100) });
    const templateName = templateLabel(tx, template);
    const known = new Set<string>(LABEL_FIELDS);
    const checked = checkLayout(template.layout, (p) => known.has(p));
    if (!checked.ok)
      throw new AppError('printLayoutInvalid', { template: templateName, problem: checked.problem });
    if (template.printType !== PRINT_TYPE.server || checked.layout.kind !== 'labels')
      throw new AppError('printLayoutInvalid', {
        template: templateName,
        problem: tx.t('labelPrint.serverLabels'),
      });
    const layout: PrintLayout = checked.layout;

    const allLines = (await tx.db
      .selectFrom('srmAsnLine')
      .selectAll()
      .where('headId', '=', String(head.id))
      .orderBy('lineSeq')
      .execute()) as Row[];
    const wanted = c.lineIds?.length ? new Set(c.lineIds) : undefined;
    const splits = new Map((c.splits ?? []).map((s) => [s.lineId, s.quantities]));
    for (const id of [...(wanted ?? []), ...splits.keys()])
      if (!allLines.some((l) => l.id === id)) throw new AppError('notFound');
    const lines = allLines.filter((l) => !wanted || wanted.has(l.id as string) || splits.has(l.id as string));
    const existing = await labelsOf(
      tx,
      lines.map((l) => l.id as string),
    );

    // New codes replace old ones only before anything was received: the warehouse may hold the old.
    const received = allLines.some(
      (l) =>
        compareDecimals(String(l.receiveQty ?? '0'), '0') > 0 ||
        compareDecimals(String(l.rejectQty ?? '0'), '0') > 0,
    );
    const recut = lines.filter((l) => c.regenerate || splits.has(l.id as string));
    if (recut.some((l) => existing.get(l.id as string)?.length) || (c.regenerate && recut.length)) {
      if (!ALLOCATE_STATES.includes(state) || received)
        throw new AppError('labelRegenerate', { asnNo: String(head.asnNo) });
    }

    const rule = c.boxRuleNo?.trim()
      ? await boxRuleOf(tx, String(head.orgNo), c.boxRuleNo.trim())
      : undefined;
    const keep: LabelRow[] = [];
    const make: PlannedLabel[] = [];
    for (const line of lines) {
      const id = line.id as string;
      const own = existing.get(id) ?? [];
      const qty = String(line.deliveryQty);
      const entered = splits.get(id);
      if (entered) {
        const problem = splitProblem(qty, entered);
        if (problem?.problem === 'sum')
          throw new AppError('labelSplitSum', { line: Number(line.lineSeq), total: problem.total, qty });
        if (problem)
          throw new AppError('labelSplitQty', {
            line: Number(line.lineSeq),
            box: problem.problem === 'notPositive' ? problem.box : 1,
          });
        for (const [i, q] of entered.entries())
          make.push({ line, boxNo: i + 1, boxCount: entered.length, qty: q, split: 'Y' });
        continue;
      }
      if (own.length && !c.regenerate) {
        // Labels are reprinted as made, while they still add up to what the line ships.
        if (
          splitProblem(
            qty,
            own.map((l) => l.qty),
          )
        )
          throw new AppError('labelStale', { line: Number(line.lineSeq) });
        keep.push(...own);
        continue;
      }
      if (!ALLOCATE_STATES.includes(state))
        throw new AppError('labelAsnState', { asnNo: String(head.asnNo), state: stateName });
      if (!rule) throw new AppError('labelPrintForm', { problem: tx.t('labelPrint.requiredBoxRuleNo') });
      if (!rule.packQty) throw new AppError('labelBoxRuleQty', { boxRuleNo: rule.boxRuleNo });
      const count = boxCountByRule(qty, rule.packQty);
      if (count * boxBarcodeNum * copies > MAX_LABELS)
        throw new AppError('labelTooMany', { count: count * boxBarcodeNum * copies, max: MAX_LABELS });
      const boxes = boxesByRule(qty, rule.packQty);
      for (const [i, q] of boxes.entries())
        make.push({ line, boxNo: i + 1, boxCount: boxes.length, qty: q, split: 'N' });
    }
    const labelTotal = (keep.length + make.length) * boxBarcodeNum * copies;
    if (labelTotal > MAX_LABELS) throw new AppError('labelTooMany', { count: labelTotal, max: MAX_LABELS });
    if (!keep.length && !make.length) throw new AppError('printNoSelection');

    const now = new Date();
    const name = auditName(tx);
    if (make.length) {
      const { prefix, extension } = await ssccSettings(tx);
      const remade = [...new Set(make.map((m) => m.line.id as string))];
      await tx.db.deleteFrom('srmAsnLabel').where('lineId', 'in', remade).execute();
      const first = await takeSerials(tx, prefix, make.length);
      await tx.db
        .insertInto('srmAsnLabel')
        .values(
          make.map((m, i) => ({
            sscc: makeSscc(extension, prefix, first + BigInt(i)),
            companyPrefix: prefix,
            headId: String(head.id),
            lineId: m.line.id as string,
            asnNo: String(head.asnNo),
            lineSeq: Number(m.line.lineSeq),
            orgNo: String(head.orgNo),
            supplierNo: String(head.supplierNo),
            warehouseNo: (head.warehouseNo as string | null) ?? null,
            purchaseNo: String(m.line.purchaseNo),
            purchaseSeq: Number(m.line.purchaseSeq),
            itemNo: String(m.line.itemNo),
            itemName: (m.line.itemName as string | null) ?? null,
            unitNo: String(m.line.unitNo),
            lotNo: (m.line.lotNo as string | null) ?? null,
            boxNo: m.boxNo,
            boxCount: m.boxCount,
            qty: m.qty,
            boxRuleNo: m.split === 'Y' ? null : (rule?.boxRuleNo ?? null),
            split: m.split,
            createName: name,
            updateName: name,
          })),
        )
        .execute();
    }
    const printed = await labelsOf(
      tx,
      lines.map((l) => l.id as string),
    );
    const ids = [...printed.values()].flat().map((l) => l.id);
    await tx.db
      .updateTable('srmAsnLabel')
      .set({
        printCount: sql`print_count + 1`,
        lastPrintDate: now,
        lastPrintName: name,
      })
      .where('id', 'in', ids)
      .execute();

    const [supplier, org] = await Promise.all([
      tx.db
        .selectFrom('bmSupplier')
        .select('supplierName')
        .where('supplierNo', '=', String(head.supplierNo))
        .executeTakeFirst(),
      tx.db.selectFrom('bmOrg').select('orgName').where('orgNo', '=', String(head.orgNo)).executeTakeFirst(),
    ]);
    const set: Row[] = [];
    for (const line of lines) {
      for (const label of printed.get(line.id as string) ?? []) {
        const record: Row = {
          sscc: label.sscc,
          ssccText: ssccHumanReadable(label.sscc, label.companyPrefix),
          ssccElement: ssccElement(label.sscc),
          supplierNo: head.supplierNo,
          supplierName: supplier?.supplierName ?? '',
          orgNo: head.orgNo,
          orgName: org?.orgName ?? '',
          warehouseNo: head.warehouseNo,
          asnNo: head.asnNo,
          lineSeq: line.lineSeq,
          purchaseNo: line.purchaseNo,
          purchaseSeq: line.purchaseSeq,
          itemNo: line.itemNo,
          itemName: line.itemName,
          qty: label.qty,
          unitNo: line.unitNo,
          lotNo: line.lotNo,
          boxNo: label.boxNo,
          boxCount: label.boxCount,
          boxOf: `${label.boxNo} / ${label.boxCount}`,
          deliveryDate: head.deliveryDate,
          expectedArrivalDate: head.expectedArrivalDate,
        };
        record.qrText = qrTextOf(record);
        for (let n = 0; n < boxBarcodeNum; n++) set.push(record);
      }
    }
    const records = Array.from({ length: copies }, () => set).flat();
    const job: PrintJob = {
      templateName,
      printer: tx.user!.userName,
      printTime: now,
      count: records.length,
      timeZone: zoneOr(c.timeZone),
      t: tx.t,
      lang: tx.lang,
    };
    try {
      return {
        pdf: await renderPdf(layout, records, new RecordText(labelColumns(tx), job), job),
        templateName,
      };
    } catch (err) {
      if (err instanceof BarcodeRefused)
        throw new AppError('printBarcodeValue', { value: err.value.slice(0, 60), symbology: err.symbology });
      if (err instanceof LayoutProblem)
        throw new AppError('printLayoutInvalid', { template: templateName, problem: tx.t(err.key) });
      throw err;
    }
  });
  const out = new PassThrough();
  out.end(pdf);
  return new FileAnswer('application/pdf', `${templateName}-${stamp()}.pdf`, out);
}

export const ISupBmBarcodePrintService = defineService('ISupBmBarcodePrintService', {
  getbarcodeprintlistbyparams: defineMethod<{ current: number; size: number; condition?: ListCondition }>({
    body: {
      type: 'object',
      properties: {
        current: { type: 'integer', minimum: 1, default: 1 },
        size: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
        condition: {
          type: 'object',
          properties: {
            asnId: { anyOf: [uuid, { type: 'null' }] },
            asnNo: optionalText(50),
            itemNo: optionalText(50),
            boxRuleNo: optionalText(50),
            labelled: { type: ['string', 'null'], enum: ['Y', 'N', '', null] },
          },
        },
      },
    },
    access: { kind: 'menu', menus: LABEL_MENUS, flag: 'isSearch' },
    handler: (ctx, body) => listLines(ctx, body),
  }),
  printlabel: defineMethod<{ condition: PrintLabelCondition }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          properties: {
            asnId: { anyOf: [uuid, { type: 'null' }] },
            rows: {
              type: ['array', 'null'],
              maxItems: 500,
              items: {
                type: 'object',
                required: ['id'],
                properties: { id: uuid, version: { type: ['integer', 'null'] } },
              },
            },
            boxQuantities: { type: ['string', 'null'], maxLength: 2000 },
            lineIds: { type: ['array', 'null'], maxItems: 500, items: uuid },
            boxRuleNo: optionalText(50),
            templateCode: optionalText(100),
            boxBarcodeNum: { type: ['integer', 'null'], maximum: 10 },
            numberCopies: { type: ['integer', 'null'], maximum: 100 },
            docNature: optionalText(10),
            module: optionalText(100),
            splits: {
              type: ['array', 'null'],
              maxItems: 500,
              items: {
                type: 'object',
                required: ['lineId', 'quantities'],
                properties: {
                  lineId: uuid,
                  quantities: { type: 'array', maxItems: MAX_LABELS, items: decimalText },
                },
              },
            },
            // A dialog's checkbox sends Y or N.
            regenerate: { enum: [true, false, 'Y', 'N', null] },
            timeZone: { type: ['string', 'null'], maxLength: 64, pattern: '^[A-Za-z0-9_+/-]*$' },
          },
        },
      },
    },
    access: { kind: 'menu', menus: LABEL_MENUS, flag: 'isPrint' },
    // Makes and stores codes: an operation-log change, whatever its name says.
    audit: 'write',
    handler: (ctx, body) => printLabels(ctx, body.condition),
  }),
});
