// File records: reading them within the caller's visibility, streaming their bytes, deleting them.
import type { FileRecord } from '../../schemas/generated/file-record.js';
import { AppError } from '../errors.js';
import { type CallContext, FileAnswer } from '../registry.js';
import { whereVisible } from './access.js';
import { PURPOSE_RULES, type Purpose } from './kinds.js';
import { ContentReader } from './store.js';

/** What callers see of a file; never where its bytes are or who owns it by id. */
export const FILE_COLUMNS = [
  'id',
  'version',
  'originalName',
  'fileExt',
  'contentType',
  'sizeBytes',
  'sha256',
  'module',
  'refId',
  'orgNo',
  'supplierNo',
  'createName',
  'createDate',
  'updateName',
  'updateDate',
] as const;

/** The row as it goes out: a count as a number, times as ISO text (what JSON makes of them anyway). */
const present = (row: Record<string, unknown>): FileRecord =>
  ({
    ...row,
    sizeBytes: Number(row.sizeBytes),
    createDate: new Date(row.createDate as Date).toISOString(),
    updateDate: new Date(row.updateDate as Date).toISOString(),
  }) as FileRecord;

/** A file the caller may see, or 'not found' (10008). */
export async function visibleFile(ctx: CallContext, id: string, module?: Purpose) {
  let q = ctx.db
    .selectFrom('sysFile as t1')
    .select([...FILE_COLUMNS.map((c) => `t1.${c}` as const), 't1.contentId'])
    .where('t1.id', '=', id);
  if (module) q = q.where('t1.module', '=', module);
  const row = await whereVisible(ctx, q).executeTakeFirst();
  if (!row) throw new AppError('notFound');
  const { contentId, ...rest } = row;
  return { record: present(rest), contentId };
}

/** A file by id without a visibility check (the caller has just written it). */
export async function fileById(ctx: CallContext, id: string): Promise<FileRecord> {
  const row = await ctx.db
    .selectFrom('sysFile')
    .select([...FILE_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return present(row);
}

/** The files of these ids the caller may see, in the order asked; others are left out. */
export async function visibleFiles(ctx: CallContext, ids: string[]): Promise<FileRecord[]> {
  if (!ids.length) return [];
  const rows = await whereVisible(
    ctx,
    ctx.db
      .selectFrom('sysFile as t1')
      .select(FILE_COLUMNS.map((c) => `t1.${c}` as const))
      .where('t1.id', 'in', ids),
  ).execute();
  const byId = new Map(rows.map((r) => [r.id, present(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The file's bytes as a download: the detected type, the original name, inline only for avatars. */
export async function downloadFile(ctx: CallContext, id: string, module?: Purpose): Promise<FileAnswer> {
  const { record, contentId } = await visibleFile(ctx, id, module);
  const reader = new ContentReader(ctx.db, contentId, record.sizeBytes);
  return new FileAnswer(record.contentType, record.originalName, reader.stream(), {
    inline: PURPOSE_RULES[record.module].inline === true,
    length: record.sizeBytes,
  });
}

/**
 * Deletes file rows and their bytes, and clears a user's avatar that was one of them. Run inside the
 * caller's transaction; a file an app version still uses is refused by its foreign key (10016).
 */
export async function removeFileRows(tx: CallContext, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await tx.db.selectFrom('sysFile').select('contentId').where('id', 'in', ids).execute();
  await tx.db.updateTable('sysUser').set({ avatarFileId: null }).where('avatarFileId', 'in', ids).execute();
  await tx.db.deleteFrom('sysFile').where('id', 'in', ids).execute();
  if (rows.length)
    await tx.db
      .deleteFrom('sysFileContent')
      .where(
        'id',
        'in',
        rows.map((r) => r.contentId),
      )
      .execute();
}

/** Deletes the listed files, all or none: each must be visible and carry its current version. */
export async function deleteFiles(
  tx: CallContext,
  delList: { id: string; version: number }[],
): Promise<{ deleted: number }> {
  const ids = [...new Set(delList.map((d) => d.id))];
  for (const { id, version } of delList) {
    const { record } = await visibleFile(tx, id);
    if (record.version !== version) throw new AppError('staleVersion');
  }
  await removeFileRows(tx, ids);
  return { deleted: ids.length };
}
