// Attachments of a delivery notice (spec 001 section 3, the ASN's "attachments"): files of the file store
// uploaded as form attachments (purpose `attachment`), listed on the notice in `fileIds` and saved with it
// (so only while the supplier may change it). On save each listed file is marked as the notice's
// (`ref_id`) and takes the notice's organisation and supplier, so the file store's own visibility rule
// (services/files/access.ts) shows it to whoever sees the notice: the supplier's users and the buyer-side
// users of the notice's organisation, and nobody else. A file taken off the notice names none again and
// stays with its uploader (file management may delete it).
import { checkListedFiles, fileIdsOf, linkListedFiles } from '../files/listed.js';
import type { CallContext } from '../registry.js';
import type { Row } from '../resource/resource.js';

/** The most files one notice carries. */
export const ASN_MAX_FILES = 20;

/**
 * Before a save: the listed files are attachments the caller may see that no other record holds, at
 * most ASN_MAX_FILES; answered as the clean comma-joined list to store.
 */
export async function attachableAsnFiles(ctx: CallContext, row: Row, current: Row | undefined): Promise<Row> {
  if (row.fileIds === undefined && current) return {};
  const fileIds = await checkListedFiles(ctx, fileIdsOf(row.fileIds), {
    field: 'fileIds',
    module: 'attachment',
    max: ASN_MAX_FILES,
    tooMany: 'problem.asnTooManyFiles',
    unknown: 'problem.asnFileUnknown',
    owned: { ownId: current?.id ? String(current.id) : null },
  });
  return { fileIds };
}

/** Once saved: the listed files are the notice's (its id, organisation and supplier); others are let go. */
export function linkAsnFiles(ctx: CallContext, saved: Row): Promise<void> {
  return linkListedFiles(ctx, 'attachment', String(saved.id), saved.fileIds, {
    orgNo: String(saved.orgNo),
    supplierNo: String(saved.supplierNo),
  });
}
