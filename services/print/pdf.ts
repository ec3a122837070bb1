// Draws a template's layout for the selected records into a PDF (pdfkit): the paper, the fonts, the
// page numbers, and then the table or the labels. The whole document is built in memory before any
// byte is answered (a print is capped at MAX_PRINT_IDS records), so a failure is a clean refusal.
import PDFDocument from 'pdfkit';
import type { PrintLayout } from '../../schemas/generated/print-layout.js';
import type { Row } from '../resource/resource.js';
import { BOLD, fontData, REGULAR } from './fonts.js';
import { drawLabels } from './labels.js';
import { mm, type Sheet } from './sheet.js';
import { drawTable } from './table.js';
import type { PrintJob, RecordText } from './values.js';

const NAMED: Record<string, [number, number]> = {
  A3: [297, 420],
  A4: [210, 297],
  A5: [148, 210],
  A6: [105, 148],
  LETTER: [215.9, 279.4],
  LEGAL: [215.9, 355.6],
};

function paper(layout: PrintLayout): [number, number] {
  const size = layout.page.size;
  const [w, h] = typeof size === 'string' ? NAMED[size] : [size.width, size.height];
  const landscape = layout.page.orientation === 'landscape';
  return landscape ? [mm(Math.max(w, h)), mm(Math.min(w, h))] : [mm(w), mm(h)];
}

export async function renderPdf(
  layout: PrintLayout,
  records: Row[],
  text: RecordText,
  job: PrintJob,
): Promise<Buffer> {
  const [width, height] = paper(layout);
  return writePdf(job, [width, height], async (doc) => {
    const sheet: Sheet = { doc, width, height, margin: mm(layout.page.margin ?? 12) };
    if (layout.kind === 'table') {
      await drawTable(sheet, layout, records, text, job);
      numberPages(sheet, job);
    } else await drawLabels(sheet, layout, records, text);
  });
}

/**
 * A print job's PDF: a document with the job's metadata and the portal's fonts (pages added by
 * `draw`, on `size` or pdfkit's default A4), drawn whole in memory, then its bytes. A failure while
 * drawing ends the document and is thrown.
 */
export async function writePdf(
  job: PrintJob,
  size: [number, number] | undefined,
  draw: (doc: PDFKit.PDFDocument) => Promise<void>,
): Promise<Buffer> {
  const doc = new PDFDocument({
    ...(size ? { size } : {}),
    // Margins are the layout's business; pdfkit's own would start pages on its own.
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    info: {
      Title: job.templateName,
      Author: job.printer,
      Creator: 'SRM portal',
      CreationDate: job.printTime,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont(REGULAR, fontData(REGULAR));
  doc.registerFont(BOLD, fontData(BOLD));
  try {
    await draw(doc);
  } catch (err) {
    doc.end();
    await ended.catch(() => undefined);
    throw err;
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** "Page n of m" at the foot of every page of a table. */
function numberPages({ doc, width, height, margin }: Sheet, job: PrintJob): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const label = job.t('print.page', { page: i + 1, pages: range.count });
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor('#666666')
      .text(label, margin, height - margin * 0.75, {
        width: width - 2 * margin,
        align: 'center',
        lineBreak: false,
      });
  }
}
