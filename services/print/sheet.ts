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
