// What the table and label drawers share: the page they draw on, in PDF points.

/** Millimetres to PDF points. */
export const mm = (v: number) => (v * 72) / 25.4;

/** A layout that cannot be drawn (labels wider than the paper, say): the template is refused. */
export class LayoutProblem extends Error {
  /** `key` is the locale key of the problem. */
  constructor(readonly key: string) {
    super(key);
  }
}

export interface Sheet {
  doc: PDFKit.PDFDocument;
  width: number;
  height: number;
  margin: number;
}

/**
 * Drawing is CPU work (a QR code takes milliseconds to encode): every so many records the drawer lets
 * the event loop answer other requests, so a print of a thousand labels does not stall the instance.
 */
export const YIELD_EVERY = 25;
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
