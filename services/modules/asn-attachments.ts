// Attachments of a delivery notice (spec 001 section 3, the ASN's "attachments"): files of the file store
// uploaded as form attachments (purpose `attachment`), listed on the notice in `fileIds` and saved with it
// (so only while the supplier may change it). On save each listed file is marked as the notice's
// (`ref_id`) and takes the notice's organisation and supplier, so the file store's own visibility rule
// (services/files/access.ts) shows it to whoever sees the notice: the supplier's users and the buyer-side
// users of the notice's organisation, and nobody else. A file taken off the notice names none again and
// stays with its uploader (file management may delete it).
// hand-written SQL: the listed files are read and marked in the file store's own table
import { sql } from 'kysely';
import { whereVisible } from '../files/access.js';
import type { CallContext } from '../registry.js';
import { invalid } from '../resource/hooks.js';
import type { Row } from '../resource/resource.js';

/** The most files one notice carries. */
export const ASN_MAX_FILES = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const fileIdsOf = (value: unknown): string[] => [
  ...new Set(
    String(value ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/**
 * Before a save: the listed files are attachments the caller may see that no other record holds, at
 * most ASN_MAX_FILES; answered as the clean comma-joined list to store.
 */
export async function attachableAsnFiles(ctx: CallContext, row: Row, current: Row | undefined): Promise<Row> {
  if (row.fileIds === undefined && current) return {};
  const ids = fileIdsOf(row.fileIds);
  if (ids.length > ASN_MAX_FILES)
    throw invalid(ctx, 'fileIds', 'problem.asnTooManyFiles', { max: ASN_MAX_FILES });
  if (ids.some((id) => !UUID.test(id))) throw invalid(ctx, 'fileIds', 'problem.asnFileUnknown');
  if (ids.length) {
    const found = await whereVisible(
      ctx,
      ctx.db
        .selectFrom('sysFile as t1')
        .select(['t1.id', 't1.refId'])
        .where('t1.id', 'in', ids)
        .where('t1.module', '=', 'attachment'),
    ).execute();
    const own = current?.id ? String(current.id) : null;
    const usable = new Set(found.filter((f) => !f.refId || f.refId === own).map((f) => f.id));
    if (ids.some((id) => !usable.has(id))) throw invalid(ctx, 'fileIds', 'problem.asnFileUnknown');
  }
  return { fileIds: ids.length ? ids.join(',') : null };
}

/** Once saved: the listed files are the notice's (its id, organisation and supplier); others are let go. */
export async function linkAsnFiles(ctx: CallContext, saved: Row): Promise<void> {
  const id = String(saved.id);
  const ids = fileIdsOf(saved.fileIds);
  let unlink = ctx.db
    .updateTable('sysFile')
    .set({ refId: null })
    .where('module', '=', 'attachment')
    .where('refId', '=', id);
  if (ids.length) unlink = unlink.where('id', 'not in', ids);
  await unlink.execute();
  if (!ids.length) return;
  await ctx.db
    .updateTable('sysFile')
    .set({
      refId: id,
      orgNo: String(saved.orgNo),
      supplierNo: String(saved.supplierNo),
      version: sql`version + 1`,
    })
    .where('module', '=', 'attachment')
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('refId', 'is', null), eb('refId', '=', id)]))
    .execute();
}
