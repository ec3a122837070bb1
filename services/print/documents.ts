// Documents drawn by code instead of a layout: a template whose reportKey names a registered renderer
// (a delivery note: a head, its lines and its invoices, with a barcode of its number) is drawn by it,
// for the records the print service read through the caller's scope. The template row is still the
// print dialog's entry (module, name, default, scope); its layout is the fallback when no renderer is
// registered under its key.
import type { CallContext } from '../registry.js';
import type { ResourceDef } from '../resource/define.js';
import type { Row } from '../resource/resource.js';
import type { PrintJob } from './values.js';

export type DocumentRenderer = (
  ctx: CallContext,
  def: ResourceDef,
  records: Row[],
  job: PrintJob,
) => Promise<Buffer>;

const RENDERERS = new Map<string, DocumentRenderer>();

/** Registers the renderer of a reportKey; a key registered twice is a start-up error. */
export function registerDocumentRenderer(reportKey: string, render: DocumentRenderer): void {
  if (RENDERERS.has(reportKey)) throw new Error(`print renderer ${reportKey} is registered twice`);
  RENDERERS.set(reportKey, render);
}

export function documentRenderer(reportKey: string): DocumentRenderer | undefined {
  return RENDERERS.get(reportKey);
}
