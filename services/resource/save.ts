// A save or a delete of a record the way the resource layer owns it, in one transaction: the fields
// and the data scope, the references, the resource's hooks (ResourceDef.hooks), the record, its lines
// and the version. The standard methods call these; so does a service whose calls answer in their own
// shape (a saved view, a table layout), so every write of a resource runs the same rules.

import type { CallContext } from '../registry.js';
import type { ResourceDef } from './define.js';
import { getWithLines, writeLines } from './lines.js';
import { add, inTransaction, type Row, remove, type UpdateOptions, update } from './resource.js';

/**
 * Writes the line arrays the payload carries (an absent one keeps the stored lines; null means none);
 * `fresh`: the head is new, with no stored lines.
 */
async function saveLines(
  def: ResourceDef,
  ctx: CallContext,
  headId: string,
  payload: Row,
  fresh = false,
): Promise<void> {
  for (const [prop, spec] of Object.entries(def.lines ?? {})) {
    if (!(prop in payload)) continue;
    const rows = payload[prop];
    await writeLines(ctx, spec, headId, Array.isArray(rows) ? (rows as Row[]) : [], fresh);
  }
}

/** The saved record, its lines included, once the afterSave hook has run. */
async function finish(def: ResourceDef, ctx: CallContext, id: string, mode: 'add' | 'update', head: Row) {
  if (!def.lines && !def.hooks?.afterSave) return head;
  const saved = await getWithLines(def, ctx, id);
  // The hook checks, or writes beside the record (files linked to it); the record answered is as read.
  await def.hooks?.afterSave?.(ctx, saved, mode);
  return saved;
}

/**
 * Adds a record and its lines. `own` holds values the service sets itself (never read from the
 * payload). A new head has no lines yet: an absent line array is checked like an empty one.
 */
export function addRecord(def: ResourceDef, ctx: CallContext, payload: Row, own: Row = {}): Promise<Row> {
  const sent = {
    ...Object.fromEntries(Object.keys(def.lines ?? {}).map((p) => [p, []])),
    ...payload,
  };
  const before = def.hooks?.beforeSave;
  return inTransaction(ctx, async (tx) => {
    const head = await add(def, tx, sent, own, before && ((c, row) => before(c, row, undefined, sent)));
    await saveLines(def, tx, head.id as string, sent, true);
    return finish(def, tx, head.id as string, 'add', head);
  });
}

/**
 * Updates a record at its version and the line arrays the payload carries; the head's version guards
 * its lines. A stale version is refused before any check or hook runs, a missing one unless `opts`
 * says the stored one will do (UpdateOptions).
 */
export function updateRecord(
  def: ResourceDef,
  ctx: CallContext,
  payload: Row & { id: string; version?: number | null },
  own: Row = {},
  opts: UpdateOptions = {},
): Promise<Row> {
  const before = def.hooks?.beforeSave;
  return inTransaction(ctx, async (tx) => {
    const head = await update(
      def,
      tx,
      payload,
      own,
      before && ((c, row, current) => before(c, row, current, payload)),
      opts,
    );
    await saveLines(def, tx, payload.id, payload);
    return finish(def, tx, payload.id, 'update', head);
  });
}

/**
 * Deletes all listed records or none (with their versions). The beforeDelete hook first sees every
 * record about to go, in scope and with its lines.
 */
export function removeRecords(
  def: ResourceDef,
  ctx: CallContext,
  delList: { id: string; version: number }[],
): Promise<{ deleted: number }> {
  const hook = def.hooks?.beforeDelete;
  if (!hook) return remove(def, ctx, delList);
  return inTransaction(ctx, async (tx) => {
    const ids = [...new Set(delList.map((d) => d.id))];
    await hook(tx, await Promise.all(ids.map((id) => getWithLines(def, tx, id))));
    return remove(def, tx, delList);
  });
}
