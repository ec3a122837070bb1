// Labels: one per record, left to right and top to bottom on a grid from the page's top left margin,
// each with its texts, lines, boxes and barcodes.
import type { BarcodeElement, PrintLayout } from '../../schemas/generated/print-layout.js';
import type { Row } from '../resource/resource.js';
import { type BarcodeCanvas, BarcodeValueError, drawBarcode, encodeBarcode, isLinear } from './barcode.js';
import { BOLD, printable, REGULAR } from './fonts.js';
import { LayoutProblem, mm, type Sheet, YIELD_EVERY, yieldToOthers } from './sheet.js';
import type { RecordText } from './values.js';

/** A barcode value the symbology cannot hold: the print is refused with the value and the symbology. */
export class BarcodeRefused extends Error {
  constructor(
    readonly value: string,
    readonly symbology: BarcodeElement['symbology'],
    readonly reason: string,
  ) {
    super(`${symbology} cannot hold "${value}": ${reason}`);
  }
}

export async function drawLabels(
  sheet: Sheet,
  layout: PrintLayout,
  records: Row[],
  text: RecordText,
): Promise<void> {
  const { doc, width, height, margin } = sheet;
  const spec = layout.labels!;
  const w = mm(spec.width);
  const h = mm(spec.height);
  const columns = spec.columns ?? 1;
  const rows = spec.rows ?? 1;
  const gapX = mm(spec.gapX ?? 0);
  const gapY = mm(spec.gapY ?? 0);
  // A grid wider or taller than the paper would print labels cut in half.
  const tolerance = 0.5;
  if (margin + columns * w + (columns - 1) * gapX > width - margin + tolerance)
    throw new LayoutProblem('print.problem.tooWide');
  if (margin + rows * h + (rows - 1) * gapY > height - margin + tolerance)
    throw new LayoutProblem('print.problem.tooTall');

  const perPage = columns * rows;
  for (const [i, record] of records.entries()) {
    if (i > 0 && i % YIELD_EVERY === 0) await yieldToOthers();
    const slot = i % perPage;
    if (slot === 0) doc.addPage();
    const left = margin + (slot % columns) * (w + gapX);
    const top = margin + Math.floor(slot / columns) * (h + gapY);
    if (spec.border) doc.lineWidth(0.5).strokeColor('#999999').rect(left, top, w, h).stroke();
    for (const el of spec.elements) {
      doc.fillColor('#000000').strokeColor('#000000');
      switch (el.type) {
        case 'text': {
          const value = text.value(el.value, record);
          // A labelled empty value ("Address:") says nothing: the line is left out.
          if (!value && el.labelKey) break;
          const shown = el.labelKey ? text.labelled(el.labelKey, value) : value;
          doc
            .font(el.bold ? BOLD : REGULAR)
            .fontSize(el.fontSize ?? 9)
            .text(shown, left + mm(el.x), top + mm(el.y), {
              width: mm(el.width),
              height: mm(el.height ?? Math.max(1, spec.height - el.y)),
              align: el.align ?? 'left',
              ellipsis: true,
              lineGap: 0,
            });
          break;
        }
        case 'barcode': {
          const value = text.value(el.value, record, true);
          if (!value) break;
          let encoded: ReturnType<typeof encodeBarcode>;
          try {
            encoded = encodeBarcode(el.symbology, value);
          } catch (err) {
            if (err instanceof BarcodeValueError) throw new BarcodeRefused(value, el.symbology, err.message);
            throw err;
          }
          const canvas: BarcodeCanvas = {
            rect: (x, y, rw, rh) => doc.rect(x, y, rw, rh),
            fill: () => doc.fill('#000000'),
            caption: (caption, x, y, cw, size) =>
              doc
                .font(REGULAR)
                .fontSize(size)
                .text(printable(caption), x, y, { width: cw, align: 'center', lineBreak: false }),
          };
          const linear = isLinear(el.symbology);
          drawBarcode(
            canvas,
            el.symbology,
            encoded,
            { x: left + mm(el.x), y: top + mm(el.y), width: mm(el.width), height: mm(el.height) },
            linear && el.showText !== false ? value : undefined,
          );
          break;
        }
        case 'line':
          doc
            .lineWidth(mm(el.thickness ?? 0.3))
            .moveTo(left + mm(el.x1), top + mm(el.y1))
            .lineTo(left + mm(el.x2), top + mm(el.y2))
            .stroke();
          break;
        case 'box':
          doc
            .lineWidth(mm(el.thickness ?? 0.3))
            .rect(left + mm(el.x), top + mm(el.y), mm(el.width), mm(el.height))
            .stroke();
          break;
      }
    }
  }
}
