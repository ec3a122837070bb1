// A head's lines (ResourceDef.lines): read with the head, written in the head's transaction. Each line
// goes through add/update of its own resource, so its fields are checked, whitelisted and stamped like
// any record; the head's version guards the whole (a save with a stale head version changes no line).
import { sql } from 'kysely';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import { type LinesSpec, type ResourceDef, SYSTEM_FIELDS } from './define.js';
import { addMany, get, inTransaction, type Row, update } from './resource.js';

const seqOf = (spec: LinesSpec) => spec.seqField ?? 'seqNo';

/** The lines of one head, in their order, with every declared field. */
/**
 * The stored lines of a head, in order. `visible`: only the lines the caller may see (the line
 * resource's audience: a supplier's user sees its own line of an announcement's chosen suppliers,
 * not the others'); writes compare against every stored line.
 */
export async function readLines(
  ctx: CallContext,
  spec: LinesSpec,
  headId: string,
  opts: { visible?: boolean } = {},
): Promise<Row[]> {
  const fields = [...Object.keys(SYSTEM_FIELDS), ...Object.keys(spec.resource.fields)];
  // biome-ignore lint/suspicious/noExplicitAny: the line table is named at run time.
  let q = (ctx.db as any)
    .selectFrom(`${spec.resource.table} as t1`)
    .select(fields.map((f) => `t1.${f}`))
    .where(`t1.${spec.parentField}`, '=', headId)
    .orderBy(`t1.${seqOf(spec)}`);
  for (const field of spec.thenBy ?? []) q = q.orderBy(`t1.${field}`);
  q = q.orderBy('t1.id');
  if (opts.visible && spec.resource.audience) q = spec.resource.audience(ctx, q);
  return (await q.execute()) as Row[];
}

/** The head by id (in the caller's scope, else not found) with its lines under their properties. */
export async function getWithLines(def: ResourceDef, ctx: CallContext, id: string): Promise<Row> {
  const head = await get(def, ctx, id);
  for (const [prop, spec] of Object.entries(def.lines ?? {}))
    head[prop] = await readLines(ctx, spec, id, { visible: true });
  return head;
}

/** A value of a line refused (invalidValue) is said with the line's number; anything else as it is. */
function lineError(e: unknown, line: number): unknown {
  if (e instanceof AppError && e.kind === 'invalidValue')
    return new AppError('lineInvalid', { line, field: e.params.field, problem: e.params.problem });
  return e;
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** The rules a set of lines must follow before any is written: how many, and what must differ. */
export function checkLines(ctx: CallContext, spec: LinesSpec, rows: Row[]): void {
  if (rows.length < (spec.minRows ?? 0))
    throw new AppError(spec.minRowsError ?? 'tooFewLines', { min: spec.minRows ?? 0 });
  for (const field of spec.unique ?? []) {
    const seen = new Map<string, number>();
    rows.forEach((row, i) => {
      const value = row[field];
      if (isBlank(value)) return;
      const key = String(value).trim();
      if (seen.has(key))
        throw new AppError('lineDuplicate', {
          line: i + 1,
          other: seen.get(key)! + 1,
          field: ctx.t(`field.${field}`),
          value: key,
        });
      seen.set(key, i);
    });
  }
}

/** The sent line holds what the stored one holds, in the same place. */
function unchanged(child: ResourceDef, stored: Row, sent: Row, position: number, seq: string): boolean {
  return stored[seq] === position && sameValues(child, stored, sent);
}

/** Every writable field the sent line carries holds what the stored one holds. */
function sameValues(child: ResourceDef, stored: Row, sent: Row): boolean {
  return Object.entries(child.fields).every(([name, f]) => {
    if (!f.write || !(name in sent)) return true;
    const a = stored[name];
    const b = sent[name];
    const norm = (v: unknown) => (isBlank(v) ? null : typeof v === 'string' ? v.trim() : v);
    return (
      norm(a) === norm(b) || (norm(a) !== null && norm(b) !== null && String(norm(a)) === String(norm(b)))
    );
  });
}

/**
 * Replaces the head's lines with `rows`, in their order: a row carrying the id of one of the head's
 * lines updates it, any other row is added, and the head's lines not sent are deleted. Runs in the
 * caller's transaction (inTransaction), so the head and its lines are saved together or not at all.
 * `fresh`: the head was added in this transaction, so it has no stored lines to read.
 */
export async function writeLines(
  ctx: CallContext,
  spec: LinesSpec,
  headId: string,
  rows: Row[],
  fresh = false,
): Promise<void> {
  if (spec.fixed) return writeFixedLines(ctx, spec, headId, rows);
  checkLines(ctx, spec, rows);
  const child = spec.resource;
  const seq = seqOf(spec);
  await inTransaction(ctx, async (txCtx) => {
    // biome-ignore lint/suspicious/noExplicitAny: the line table is named at run time.
    const db = txCtx.db as any;
    const stored = fresh ? [] : await readLines(txCtx, spec, headId);
    const byId = new Map(stored.map((r) => [r.id as string, r]));
    const versions = new Map(stored.map((r) => [r.id as string, r.version as number]));
    const kept = new Set(
      rows.map((r) => r.id).filter((id): id is string => typeof id === 'string' && versions.has(id)),
    );
    const gone = stored.filter((r) => !kept.has(r.id as string)).map((r) => r.id as string);
    if (gone.length) await db.deleteFrom(child.table).where('id', 'in', gone).execute();
    // New lines are added together, after the kept ones are updated: one statement, not one a line.
    const added: { payload: Row; own: Row; index: number }[] = [];
    for (const [i, row] of rows.entries()) {
      const own = { [seq]: i + 1 };
      const id = typeof row.id === 'string' && kept.has(row.id) ? row.id : undefined;
      if (!id) {
        added.push({ payload: row, own: { ...own, [spec.parentField]: headId }, index: i });
        continue;
      }
      // An unchanged line keeps its version and audit stamps.
      if (unchanged(child, byId.get(id)!, row, i + 1, seq)) continue;
      try {
        await update(child, txCtx, { ...row, id, version: versions.get(id)! }, own);
      } catch (e) {
        throw lineError(e, i + 1);
      }
    }
    await addMany(child, txCtx, added, (e, i) => lineError(e, i + 1));
    // Deferred uniqueness inside the head is checked now, while a refusal can still name the rule.
    await sql`set constraints all immediate`.execute(txCtx.db);
  });
}

/** The sent lines of a fixed set (LinesSpec.fixed) written over the stored ones, each at its version. */
async function writeFixedLines(
  ctx: CallContext,
  spec: LinesSpec,
  headId: string,
  rows: Row[],
): Promise<void> {
  await inTransaction(ctx, async (txCtx) => {
    const stored = new Map(
      (await readLines(txCtx, spec, headId, { visible: true })).map((r) => [r.id as string, r]),
    );
    for (const [i, row] of rows.entries()) {
      const current = stored.get(row.id as string);
      if (!current) throw new AppError('lineUnknown', { line: i + 1 });
      // A line sent back as it is stays as it is (and may be in a state that no longer takes changes).
      if (current.version === row.version && sameValues(spec.resource, current, row)) continue;
      try {
        // The line's own rules run as they do when it is saved alone.
        const before = spec.resource.hooks?.beforeSave;
        await update(
          spec.resource,
          txCtx,
          row as Row & { id: string; version: number },
          {},
          before && ((c, values, stored) => before(c, values, stored, row)),
        );
      } catch (e) {
        throw lineError(e, i + 1);
      }
    }
  });
}
