// The delivery note of a delivery notice (reportKey `asnDeliveryNote`, a document template of the
// supplier's notice tracking and the purchaser's notice list): one A4 note a notice, starting on a new
// page, with a Code 128 barcode of the notice number at the top right (what the warehouse scans at the
// dock), the head (parties, dates, addresses, transport), the lines (order line, item, quantities, lot)
// with their totals, the invoices that travel with the goods, and lines for the signatures of who hands
// the goods over and who takes them. Values as users see them: codes named in the caller's language,
// decimals exact with the language's separators, money with its 2 decimals. The notices are the ones the
// print service read through the caller's scope; their lines and invoices are read with them.
import { addDecimals, formatDecimal } from '../../engine/core/decimal.js';
import type { CallContext } from '../registry.js';
import type { ResourceDef } from '../resource/define.js';
import { readLines } from '../resource/lines.js';
import type { Row } from '../resource/resource.js';
import { BarcodeValueError, drawBarcode, encodeBarcode } from './barcode.js';
import { registerDocumentRenderer } from './documents.js';
import { BOLD, printable, REGULAR } from './fonts.js';
import { BarcodeRefused } from './labels.js';
import { writePdf } from './pdf.js';
import { mm } from './sheet.js';
import { formatDateTime, type PrintJob } from './values.js';

export const ASN_DELIVERY_NOTE = 'asnDeliveryNote';

const PAGE = { width: mm(210), height: mm(297), margin: mm(12) };
const LINE = '#bfbfbf';
const HEAD_FILL = '#f0f2f5';
const PAD = 3;

interface Column {
  header: string;
  weight: number;
  align?: 'left' | 'right' | 'center';
}

type Doc = PDFKit.PDFDocument;

const day = (v: unknown) =>
  v instanceof Date ? v.toISOString().slice(0, 10) : v ? String(v).slice(0, 10) : '';
const txt = (v: unknown) => (v === null || v === undefined ? '' : printable(String(v)));

class Note {
  y = PAGE.margin;
  readonly bottom = PAGE.height - PAGE.margin * 1.6;
  readonly width = PAGE.width - 2 * PAGE.margin;

  constructor(
    readonly doc: Doc,
    readonly job: PrintJob,
  ) {}

  t(key: string, params?: Record<string, unknown>) {
    return this.job.t(key, params);
  }

  num(v: unknown, decimals?: number) {
    if (v === null || v === undefined || v === '') return '';
    return formatDecimal(v, { locale: this.job.lang, ...(decimals === undefined ? {} : { decimals }) });
  }

  page() {
    this.doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    this.y = PAGE.margin;
  }

  ensure(height: number) {
    if (this.y + height > this.bottom) this.page();
  }

  /** Label: value pairs, two a row. */
  fields(pairs: [string, string][]) {
    const { doc } = this;
    const half = this.width / 2;
    const labelWidth = mm(30);
    for (let i = 0; i < pairs.length; i += 2) {
      const row = pairs.slice(i, i + 2);
      doc.fontSize(9);
      // A long label (some languages' are) wraps within its own width, like the value.
      const h =
        Math.max(
          ...row.flatMap(([label, value]) => [
            doc.font(BOLD).heightOfString(label, { width: labelWidth - PAD }),
            doc.font(REGULAR).heightOfString(value || ' ', { width: half - labelWidth - PAD }),
          ]),
        ) + 3;
      this.ensure(h);
      row.forEach(([label, value], j) => {
        const x = PAGE.margin + j * half;
        doc
          .font(BOLD)
          .fillColor('#333333')
          .text(label, x, this.y, { width: labelWidth - PAD });
        doc
          .font(REGULAR)
          .fillColor('#000000')
          .text(value || ' ', x + labelWidth, this.y, {
            width: half - labelWidth - PAD,
          });
      });
      this.y += h;
    }
  }

  heading(text: string) {
    this.ensure(30);
    this.y += 6;
    this.doc
      .font(BOLD)
      .fontSize(11)
      .fillColor('#000000')
      .text(text, PAGE.margin, this.y, { lineBreak: false });
    this.y += 16;
  }

  /** A table whose head repeats on a new page; a row never splits. */
  table(columns: Column[], rows: string[][], totals?: string[]) {
    const { doc } = this;
    const total = columns.reduce((s, c) => s + c.weight, 0);
    const widths = columns.map((c) => (this.width * c.weight) / total);
    const rowHeight = (cells: string[], font: string) => {
      doc.font(font).fontSize(8);
      return (
        Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i] - 2 * PAD }))) +
        2 * PAD
      );
    };
    const draw = (cells: string[], font: string, fill?: string) => {
      const h = rowHeight(cells, font);
      let x = PAGE.margin;
      if (fill) doc.rect(PAGE.margin, this.y, this.width, h).fill(fill);
      doc.lineWidth(0.5).strokeColor(LINE);
      cells.forEach((c, i) => {
        doc.rect(x, this.y, widths[i], h).stroke();
        doc
          .font(font)
          .fontSize(8)
          .fillColor('#000000')
          .text(c || '', x + PAD, this.y + PAD, {
            width: widths[i] - 2 * PAD,
            align: columns[i].align ?? 'left',
          });
        x += widths[i];
      });
      this.y += h;
    };
    const headers = columns.map((c) => c.header);
    this.ensure(rowHeight(headers, BOLD) + rowHeight(rows[0] ?? headers, REGULAR));
    draw(headers, BOLD, HEAD_FILL);
    for (const row of rows) {
      if (this.y + rowHeight(row, REGULAR) > this.bottom) {
        this.page();
        draw(headers, BOLD, HEAD_FILL);
      }
      draw(row, REGULAR);
    }
    if (totals) {
      this.ensure(rowHeight(totals, BOLD));
      draw(totals, BOLD, HEAD_FILL);
    }
  }
}

/** The note's barcode (Code 128 of the notice number) in a box at the top right, in points. */
function barcode(doc: Doc, value: string, box: { x: number; y: number; width: number; height: number }) {
  let encoded: ReturnType<typeof encodeBarcode>;
  try {
    encoded = encodeBarcode('code128', value);
  } catch (err) {
    if (err instanceof BarcodeValueError) throw new BarcodeRefused(value, 'code128', err.message);
    throw err;
  }
  drawBarcode(
    {
      rect: (x, y, w, h) => doc.rect(x, y, w, h),
      fill: () => doc.fillColor('#000000').fill(),
      caption: (text, x, y, width, size) =>
        doc
          .font(REGULAR)
          .fontSize(size)
          .fillColor('#000000')
          .text(text, x, y, { width, align: 'center', lineBreak: false }),
    },
    'code128',
    encoded,
    box,
    value,
  );
}

/** Names of the organisations and suppliers of the notices, for the parties on the note. */
async function partyNames(ctx: CallContext, heads: Row[]) {
  const orgs = [...new Set(heads.map((h) => String(h.orgNo)))];
  const suppliers = [...new Set(heads.map((h) => String(h.supplierNo)))];
  const [o, s] = await Promise.all([
    ctx.db.selectFrom('bmOrg').select(['orgNo', 'orgName']).where('orgNo', 'in', orgs).execute(),
    ctx.db
      .selectFrom('bmSupplier')
      .select(['supplierNo', 'supplierName'])
      .where('supplierNo', 'in', suppliers)
      .execute(),
  ]);
  return {
    org: new Map(o.map((r) => [r.orgNo, r.orgName])),
    supplier: new Map(s.map((r) => [r.supplierNo, r.supplierName])),
  };
}

function drawNote(
  note: Note,
  head: Row,
  lines: Row[],
  invoices: Row[],
  names: Awaited<ReturnType<typeof partyNames>>,
) {
  const { doc } = note;
  const t = (k: string, p?: Record<string, unknown>) => note.t(k, p);
  const field = (prop: string) => t(`field.${prop}`);
  const named = (dictionary: string, v: unknown) => (v ? t(`enum.${dictionary}.${v}`) : '');
  note.page();
  const asnNo = String(head.asnNo);
  // Title and the job at the left, the barcode at the right.
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor('#000000')
    .text(t('deliveryNote.title'), PAGE.margin, note.y, { lineBreak: false });
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor('#555555')
    .text(
      `${t('print.printer')}: ${printable(note.job.printer)}   ${t('print.printTime')}: ${formatDateTime(note.job.printTime, note.job.timeZone)}`,
      PAGE.margin,
      note.y + 24,
      { lineBreak: false },
    );
  barcode(doc, asnNo, { x: PAGE.width - PAGE.margin - mm(70), y: note.y, width: mm(70), height: mm(16) });
  note.y += mm(20);

  const supplier = `${txt(head.supplierNo)} ${txt(names.supplier.get(String(head.supplierNo)))}`.trim();
  const org = `${txt(head.orgNo)} ${txt(names.org.get(String(head.orgNo)))}`.trim();
  note.fields([
    [field('asnNo'), asnNo],
    [field('status'), named('ASN_STATUS', head.status)],
    [field('supplierNo'), supplier],
    [field('orgNo'), org],
    [field('warehouseNo'), txt(head.warehouseNo)],
    [field('orderType'), named('ORDER_TYPE', head.orderType)],
    [field('deliveryDate'), day(head.deliveryDate)],
    [field('expectedArrivalDate'), day(head.expectedArrivalDate)],
    [field('shipAddress'), txt(head.shipAddress)],
    [field('deliveryAddress'), txt(head.deliveryAddress)],
    [field('sender'), txt(head.sender)],
    [field('senderContact'), txt(head.senderContact)],
    [field('wayCarriage'), named('WAY_CARRIAGE', head.wayCarriage)],
    [field('trackingNo'), txt(head.trackingNo)],
    [field('carNo'), [txt(head.carNo), txt(head.carType)].filter(Boolean).join(' ')],
    [field('driver'), [txt(head.driver), txt(head.driverPhone)].filter(Boolean).join(' ')],
    [field('remark'), txt(head.remark)],
  ]);

  note.heading(t('deliveryNotice.lines'));
  const sum = (prop: string) => addDecimals(...lines.map((l) => String(l[prop] ?? '0')), '0');
  note.table(
    [
      { header: field('lineSeq'), weight: 0.7, align: 'right' },
      { header: field('purchaseNo'), weight: 1.6 },
      { header: field('itemNo'), weight: 1.3 },
      { header: field('itemName'), weight: 1.8 },
      { header: field('unitNo'), weight: 0.6 },
      { header: t('deliveryNotice.shippedQty'), weight: 1, align: 'right' },
      { header: field('giftQty'), weight: 0.9, align: 'right' },
      { header: field('lotNo'), weight: 1.1 },
      { header: field('productDate'), weight: 1 },
    ],
    lines.map((l) => [
      String(l.lineSeq),
      `${txt(l.purchaseNo)}/${txt(l.purchaseSeq)}`,
      txt(l.itemNo),
      txt(l.itemName),
      txt(l.unitNo),
      note.num(l.deliveryQty),
      note.num(l.giftQty),
      txt(l.lotNo),
      day(l.productDate),
    ]),
    ['', t('deliveryNote.total'), '', '', '', note.num(sum('deliveryQty')), note.num(sum('giftQty')), '', ''],
  );

  note.heading(t('deliveryNote.invoices'));
  if (!invoices.length) {
    note.ensure(14);
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor('#555555')
      .text(t('deliveryNote.noInvoices'), PAGE.margin, note.y);
    note.y += 14;
  } else {
    const money = (prop: string) => addDecimals(...invoices.map((i) => String(i[prop] ?? '0')), '0');
    note.table(
      [
        { header: field('invoiceType'), weight: 1.4 },
        { header: field('invoiceClassify'), weight: 0.9 },
        { header: field('invoiceNo'), weight: 1.5 },
        { header: field('invoiceDate'), weight: 1 },
        { header: field('invoiceAmount'), weight: 1.2, align: 'right' },
        { header: field('taxRate'), weight: 0.7, align: 'right' },
        { header: field('taxAmount'), weight: 1.1, align: 'right' },
      ],
      invoices.map((i) => [
        named('INVOICE_TYPE', i.invoiceType),
        named('INVOICE_CLASSIFY', i.invoiceClassify),
        txt(i.invoiceNo),
        day(i.invoiceDate),
        note.num(i.invoiceAmount, 2),
        `${note.num(i.taxRate)} %`,
        note.num(i.taxAmount, 2),
      ]),
      [
        '',
        '',
        t('deliveryNote.total'),
        '',
        note.num(money('invoiceAmount'), 2),
        '',
        note.num(money('taxAmount'), 2),
      ],
    );
  }

  // Who hands the goods over and who takes them.
  note.ensure(50);
  note.y += 24;
  const third = note.width / 3;
  ['deliveryNote.shippedBy', 'deliveryNote.receivedBy', 'deliveryNote.receivedOn'].forEach((key, i) => {
    const x = PAGE.margin + i * third;
    doc.font(REGULAR).fontSize(9).fillColor('#000000').text(t(key), x, note.y, { lineBreak: false });
    doc
      .lineWidth(0.5)
      .strokeColor('#000000')
      .moveTo(x, note.y + 26)
      .lineTo(x + third - mm(6), note.y + 26)
      .stroke();
  });
  note.y += 30;
}

/** "Page n of m" and the notice number at the foot of every page. */
function numberPages(doc: Doc, job: PrintJob) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor('#666666')
      .text(
        job.t('print.page', { page: i + 1, pages: range.count }),
        PAGE.margin,
        PAGE.height - PAGE.margin * 0.9,
        {
          width: PAGE.width - 2 * PAGE.margin,
          align: 'center',
          lineBreak: false,
        },
      );
  }
}

export async function renderDeliveryNotes(
  ctx: CallContext,
  def: ResourceDef,
  heads: Row[],
  job: PrintJob,
): Promise<Buffer> {
  const lineSpec = def.lines?.lineList;
  const invoiceSpec = def.lines?.invoiceList;
  if (!lineSpec || !invoiceSpec) throw new Error(`${def.table} has no delivery note`);
  const names = await partyNames(ctx, heads);
  return writePdf(job, undefined, async (doc) => {
    const note = new Note(doc, job);
    for (const head of heads) {
      const id = String(head.id);
      const [lines, invoices] = await Promise.all([
        readLines(ctx, lineSpec, id),
        readLines(ctx, invoiceSpec, id),
      ]);
      drawNote(note, head, lines, invoices, names);
    }
    numberPages(doc, job);
  });
}

registerDocumentRenderer(ASN_DELIVERY_NOTE, renderDeliveryNotes);
