// A table of the records: title and header fields at the top of every page, the column head repeated,
// a row never split across pages, every cell wrapped within its column.
import type { PrintLayout } from '../../schemas/generated/print-layout.js';
import type { Row } from '../resource/resource.js';
import { BOLD, REGULAR } from './fonts.js';
import { type Sheet, YIELD_EVERY, yieldToOthers } from './sheet.js';
import type { PrintJob, RecordText } from './values.js';

const PAD = 3;
const LINE = '#bfbfbf';
const HEAD_FILL = '#f0f2f5';
const STRIPE_FILL = '#fafafa';

interface TableColumn {
  header: string;
  width: number;
  align: 'left' | 'center' | 'right';
  cell: (row: Row, index: number) => string;
}

function columnsOf(
  layout: PrintLayout,
  text: RecordText,
  job: PrintJob,
  contentWidth: number,
): TableColumn[] {
  const table = layout.table!;
  const specs: { header: string; weight: number; align: TableColumn['align']; cell: TableColumn['cell'] }[] =
    [];
  if (table.index !== false)
    specs.push({ header: job.t('print.index'), weight: 0.5, align: 'right', cell: (_r, i) => String(i + 1) });
  for (const c of table.columns) {
    const props = c.prop === '*custom' ? text.customProps : [c.prop];
    for (const prop of props) {
      specs.push({
        header: c.labelKey && c.prop !== '*custom' ? job.t(c.labelKey) : text.header(prop),
        weight: c.width ?? 1,
        align: c.align ?? 'left',
        cell: (row) => text.shown(row, prop),
      });
    }
  }
  const total = specs.reduce((sum, s) => sum + s.weight, 0);
  return specs.map((s) => ({ ...s, width: (contentWidth * s.weight) / total }));
}

export async function drawTable(
  sheet: Sheet,
  layout: PrintLayout,
  records: Row[],
  text: RecordText,
  job: PrintJob,
): Promise<void> {
  const { doc, width, height, margin } = sheet;
  const contentWidth = width - 2 * margin;
  const fontSize = layout.table?.fontSize ?? 9;
  const columns = columnsOf(layout, text, job, contentWidth);
  const bottom = height - margin;
  const title = layout.title
    ? 'key' in layout.title
      ? job.t(layout.title.key)
      : layout.title.text
    : job.templateName;
  const header = (layout.header ?? [])
    .map((h) => text.labelled(h.labelKey, text.value(h.value, records[0])))
    .join('      ');

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    return (
      Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: columns[i].width - 2 * PAD }))) +
      2 * PAD
    );
  };

  const drawRow = (cells: string[], y: number, h: number, font: string, fill?: string) => {
    let x = margin;
    if (fill) doc.rect(margin, y, contentWidth, h).fill(fill);
    doc.font(font).fontSize(fontSize).fillColor('#000000');
    cells.forEach((c, i) => {
      const col = columns[i];
      doc.text(c, x + PAD, y + PAD, {
        width: col.width - 2 * PAD,
        height: h - 2 * PAD,
        align: col.align,
        ellipsis: true,
      });
      x += col.width;
    });
    doc.lineWidth(0.5).strokeColor(LINE);
    x = margin;
    for (const col of columns) {
      doc.rect(x, y, col.width, h).stroke();
      x += col.width;
    }
  };

  const heads = columns.map((c) => c.header);
  let y = 0;
  const newPage = () => {
    doc.addPage();
    y = margin;
    doc
      .font(BOLD)
      .fontSize(14)
      .fillColor('#000000')
      .text(title, margin, y, { width: contentWidth, align: 'center' });
    y = doc.y + 4;
    if (header) {
      doc.font(REGULAR).fontSize(8.5).fillColor('#333333').text(header, margin, y, { width: contentWidth });
      y = doc.y + 6;
    }
    const h = rowHeight(heads, BOLD);
    drawRow(heads, y, h, BOLD, HEAD_FILL);
    y += h;
  };

  newPage();
  for (const [index, record] of records.entries()) {
    if (index > 0 && index % YIELD_EVERY === 0) await yieldToOthers();
    const cells = columns.map((c) => c.cell(record, index));
    let h = rowHeight(cells, REGULAR);
    if (y + h > bottom) newPage();
    // A row taller than a whole page is cut at the page's foot rather than split.
    h = Math.min(h, bottom - y);
    drawRow(cells, y, h, REGULAR, index % 2 === 1 ? STRIPE_FILL : undefined);
    y += h;
  }
}
