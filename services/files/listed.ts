// Files a record lists by id (an announcement's attachments, a delivery notice's, a qualification's
// report), checked as the record is saved: at most so many, each a file of the given module the caller
// may see (services/files/access.ts), so nobody lists a file it could not download, and, for a record
// that owns its files, none held by another record. Once the record is saved, a record that owns its
// files marks them as its own (linkListedFiles).
import { sql } from 'kysely';
import type { SysFile } from '../db/generated.js';
import { isUuid } from '../db/types.js';
import type { CallContext } from '../registry.js';
import { invalid } from '../resource/hooks.js';
import { whereVisible } from './access.js';

/** The ids of a comma-joined list, once each, in order. */
export const fileIdsOf = (value: unknown): string[] => [
  ...new Set(
    String(value ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

export interface ListedFilesRule {
  /** The record's field, named in the refusal. */
  field: string;
  /** The files' module in the file store. */
  module: SysFile['module'];
  max: number;
  /** Problem keys: more than `max` (with {max}), and an id that is no usable file. */
  tooMany: string;
  unknown: string;
  /** The record owns its files: a file another record holds is refused (`ownId`: this record's id, or null when new). */
  owned?: { ownId: string | null };
}

/** `ids` checked by `rule`, as the clean comma-joined list to store (null for none). */
export async function checkListedFiles(
  ctx: CallContext,
  ids: string[],
  rule: ListedFilesRule,
): Promise<string | null> {
  if (ids.length > rule.max) throw invalid(ctx, rule.field, rule.tooMany, { max: rule.max });
  if (ids.some((id) => !isUuid(id))) throw invalid(ctx, rule.field, rule.unknown);
  if (ids.length) {
    const found = await whereVisible(
      ctx,
      ctx.db
        .selectFrom('sysFile as t1')
        .select(['t1.id', 't1.refId'])
        .where('t1.id', 'in', ids)
        .where('t1.module', '=', rule.module),
    ).execute();
    const usable = new Set(
      found.filter((f) => !rule.owned || !f.refId || f.refId === rule.owned.ownId).map((f) => f.id),
    );
    if (ids.some((id) => !usable.has(id))) throw invalid(ctx, rule.field, rule.unknown);
  }
  return ids.length ? ids.join(',') : null;
}

/**
 * After a save: the files the record `ownId` lists (`fileIds`, as stored) name it, with `set` (the
 * record's organisation and supplier, where the file store's visibility follows the record); a file of
 * `module` taken off the record names none again. A file another record took meanwhile stays its.
 */
export async function linkListedFiles(
  ctx: CallContext,
  module: SysFile['module'],
  ownId: string,
  fileIds: unknown,
  set: { orgNo?: string; supplierNo?: string } = {},
): Promise<void> {
  const ids = fileIdsOf(fileIds);
  let unlink = ctx.db
    .updateTable('sysFile')
    .set({ refId: null })
    .where('module', '=', module)
    .where('refId', '=', ownId);
  if (ids.length) unlink = unlink.where('id', 'not in', ids);
  await unlink.execute();
  if (!ids.length) return;
  await ctx.db
    .updateTable('sysFile')
    .set({ refId: ownId, ...set, version: sql`version + 1` })
    .where('module', '=', module)
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('refId', 'is', null), eb('refId', '=', ownId)]))
    .execute();
}
