// Barcodes drawn as vectors from bwip-js's encoding (bwipjs.raw): bars or modules become filled
// rectangles, sharp at any printer resolution, and the human-readable line uses the document's font. A
// value the symbology cannot hold is refused before anything is drawn.
import bwipjs from 'bwip-js/node';
import type { BarcodeElement } from '../../schemas/generated/print-layout.js';

export type Symbology = BarcodeElement['symbology'];

export type Encoded =
  /** Widths of bar, space, bar, ... in modules. */
  | { kind: 'linear'; widths: number[] }
  /** Dark (1) and light (0) modules row by row. */
  | { kind: 'matrix'; modules: number[]; columns: number; rows: number };

export class BarcodeValueError extends Error {}

const LINEAR = new Set<Symbology>(['code128', 'code39', 'ean13', 'gs1-128']);

/** Whether a symbology is drawn as bars (with a human-readable line) rather than as modules. */
export const isLinear = (symbology: Symbology) => LINEAR.has(symbology);
const ASCII = /^[\x20-\x7e]+$/;

/** Quiet zone on each side, in modules (ISO/IEC 15417, 16388, 15420, 18004, 16022, 15438). */
const QUIET: Record<Symbology, number> = {
  code128: 10,
  code39: 10,
  ean13: 11,
  'gs1-128': 10,
  qrcode: 4,
  datamatrix: 1,
  pdf417: 2,
};

/** Encodes `text`; throws BarcodeValueError when the symbology cannot hold it. */
export function encodeBarcode(symbology: Symbology, text: string): Encoded {
  if ((symbology === 'code128' || symbology === 'code39' || symbology === 'gs1-128') && !ASCII.test(text))
    throw new BarcodeValueError(`${symbology} holds printable ASCII only`);
  // 2D codes carry UTF-8: handing bwip-js the bytes keeps Latin-1-only texts from being sent as Latin-1.
  const data = LINEAR.has(symbology) ? text : Buffer.from(text, 'utf8').toString('latin1');
  type Raw =
    | { sbs: number[]; bhs: number[]; bbs: number[] }
    | { pixs: number[]; pixx: number; pixy: number; height: number; width: number };
  let out: Raw[];
  try {
    out = bwipjs.raw(symbology, data, symbology === 'code39' ? { includecheck: false } : {});
  } catch (err) {
    throw new BarcodeValueError((err as Error).message);
  }
  const first = out[0];
  if (!first) throw new BarcodeValueError('nothing encoded');
  if ('sbs' in first) return { kind: 'linear', widths: first.sbs };
  return { kind: 'matrix', modules: first.pixs, columns: first.pixx, rows: first.pixy };
}

/** What draws: pdfkit's rect/fill/text, in points. */
export interface BarcodeCanvas {
  rect(x: number, y: number, w: number, h: number): void;
  fill(): void;
  caption(text: string, x: number, y: number, width: number, size: number): void;
}

/** Draws an encoded barcode into the box (points) with its quiet zones inside the box. */
export function drawBarcode(
  canvas: BarcodeCanvas,
  symbology: Symbology,
  encoded: Encoded,
  box: { x: number; y: number; width: number; height: number },
  text: string | undefined,
): void {
  const quiet = QUIET[symbology];
  if (encoded.kind === 'linear') {
    const total = encoded.widths.reduce((a, b) => a + b, 0);
    const module = box.width / (total + 2 * quiet);
    // The human-readable line takes at most a quarter of the box, never more than 9 pt.
    const size = text ? Math.min(9, box.height * 0.22) : 0;
    const barHeight = box.height - (text ? size * 1.3 : 0);
    let x = box.x + quiet * module;
    encoded.widths.forEach((w, i) => {
      if (i % 2 === 0) canvas.rect(x, box.y, w * module, barHeight);
      x += w * module;
    });
    canvas.fill();
    if (text) canvas.caption(text, box.x, box.y + barHeight + size * 0.15, box.width, size);
    return;
  }
  // PDF417 rows are three modules high; the other 2D codes have square modules.
  const aspect = symbology === 'pdf417' ? 3 : 1;
  const module = Math.min(
    box.width / (encoded.columns + 2 * quiet),
    box.height / (encoded.rows * aspect + 2 * quiet * aspect),
  );
  const w = encoded.columns * module;
  const h = encoded.rows * module * aspect;
  const left = box.x + (box.width - w) / 2;
  const top = box.y + (box.height - h) / 2;
  for (let r = 0; r < encoded.rows; r++) {
    let c = 0;
    while (c < encoded.columns) {
      if (!encoded.modules[r * encoded.columns + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < encoded.columns && encoded.modules[r * encoded.columns + c]) c++;
      canvas.rect(left + start * module, top + r * module * aspect, (c - start) * module, module * aspect);
    }
  }
  canvas.fill();
}
