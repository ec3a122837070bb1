// Runs a declared transition over a batch of documents in one transaction: side, reason, scope (a row
// outside it is not found), from-state, optimistic version, the fields the batch must agree on, the
// guards, then one status write, one history insert and the effects. All or nothing: a batch with a
// refused row changes nothing and names every refused row and why.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { keepPrepared } from '../db/database.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import type { ResourceDef } from '../resource/define.js';
import { auditName, getMany, inTransaction, type Row } from '../resource/resource.js';
import type { DocumentSpec, Side, TransitionDef } from './define.js';
import { docNoOf, stateLabel } from './lifecycle.js';

export interface TransitionRequest {
  rows: readonly { id: string; version: number }[];
  reason?: string | null;
}

export interface TransitionResult {
  count: number;
  rows: { id: string; version: number; status: string }[];
}

/** One refused row of a batch, as the caller reads it. */
export interface RefusedRow {
  id: string;
  docNo: string;
  message: string;
}

/** The side the caller is on: the integration API is the system, a supplier's user the supplier. */
export function sideOf(ctx: CallContext): Side {
  if (ctx.source === 'integration') return 'system';
  return ctx.user?.scope.supplierNo ? 'supplier' : 'purchaser';
}

export function documentOf(def: ResourceDef): DocumentSpec {
  if (!def.document) throw new Error(`${def.table} is not a document`);
  return def.document;
}

export function transitionOf(def: ResourceDef, name: string): TransitionDef {
  const t = documentOf(def).transitions[name];
  if (!t) throw new Error(`${def.table}: no transition ${name}`);
  return t;
}

const actionLabel = (ctx: CallContext, name: string, t: TransitionDef) =>
  ctx.t(t.label ?? `transition.${name}`);

/**
 * The fields a transition reads of its rows, or undefined for every stored field: the state, the
 * version and the names of messages and the history, the fields a batch must agree on and the ones its
 * guards name. Effects and event extras are free to read any field, so with them it reads all.
 */
export function readFields(doc: DocumentSpec, t: TransitionDef): string[] | undefined {
  if (t.effects?.length || t.eventExtra || t.guards?.some((g) => !g.fields)) return undefined;
  const fields = new Set([
    'version',
    doc.statusField,
    ...(doc.nameFields ?? []),
    ...(doc.nameSequences ?? []),
    ...(t.agree ?? []),
  ]);
  if (doc.numberField) fields.add(doc.numberField);
  for (const guard of t.guards ?? []) for (const field of guard.fields ?? []) fields.add(field);
  // Every one of them is a declared field (checkDocument), the id always read.
  fields.delete('id');
  return [...fields];
}

/**
 * Why one row may not take the transition, before any guard: not found (outside the caller's scope),
 * not in a from-state (the message names its state), or changed since the caller read it.
 */
export function rowRefusal(
  t: CallContext['t'],
  doc: DocumentSpec,
  name: string,
  row: Row | undefined,
  version: number,
): AppError | null {
  if (!row) return new AppError('notFound');
  const transition = doc.transitions[name];
  const status = String(row[doc.statusField]);
  if (!transition.from.includes(status))
    return new AppError('transitionState', {
      action: t(transition.label ?? `transition.${name}`),
      doc: docNoOf(doc, row),
      state: stateLabel(t, doc, status),
    });
  if (row.version !== version) return new AppError('staleVersion');
  return null;
}

/** Why the caller's side may not take the transition, or null. */
export function sideRefusal(
  t: CallContext['t'],
  name: string,
  transition: TransitionDef,
  side: Side,
): AppError | null {
  if (transition.sides.includes(side)) return null;
  return new AppError('transitionSide', {
    action: t(transition.label ?? `transition.${name}`),
    side: transition.sides.map((s) => t(`side.${s}`)).join(', '),
  });
}

export async function runTransition(
  def: ResourceDef,
  ctx: CallContext,
  name: string,
  request: TransitionRequest,
): Promise<TransitionResult> {
  const doc = documentOf(def);
  const t = transitionOf(def, name);
  const action = actionLabel(ctx, name, t);
  const wrongSide = sideRefusal(ctx.t, name, t, sideOf(ctx));
  if (wrongSide) throw wrongSide;
  const reason = request.reason?.trim() || null;
  if (t.reason === 'required' && !reason) throw new AppError('reasonRequired', { action });

  const wanted = new Map<string, number>();
  for (const { id, version } of request.rows) wanted.set(id, version);
  const ids = [...wanted.keys()];

  return inTransaction(ctx, async (tx) => {
    const rows = await getMany(def, tx, ids, {
      lock: true,
      stored: true,
      names: false,
      fields: readFields(doc, t),
      prepared: true,
    });
    const found = new Map(rows.map((r) => [r.id as string, r]));
    const refused: { id: string; docNo: string; error: AppError }[] = [];
    const refuse = (id: string, error: AppError) =>
      refused.push({ id, docNo: found.has(id) ? docNoOf(doc, found.get(id)!) : id, error });

    for (const id of ids) {
      const error = rowRefusal(ctx.t, doc, name, found.get(id), wanted.get(id)!);
      if (error) refuse(id, error);
    }
    for (const field of t.agree ?? []) {
      const values = new Set(rows.map((r) => String(r[field] ?? '')));
      if (values.size > 1) throw new AppError('batchMixed', { field: ctx.t(`field.${field}`) });
    }
    if (!refused.length) {
      for (const guard of t.guards ?? []) {
        for (const r of await guard.check(tx, rows)) {
          const row = found.get(r.id);
          if (!row) continue;
          refuse(
            r.id,
            new AppError('guardRefused', {
              action,
              doc: docNoOf(doc, row),
              problem: ctx.t(`problem.${r.problem}`, r.params),
            }),
          );
        }
      }
    }
    if (refused.length) {
      if (ids.length === 1) throw refused[0].error;
      const answer: RefusedRow[] = refused.map((r) => ({
        id: r.id,
        docNo: r.docNo,
        message: ctx.t(`error.${r.error.code}`, r.error.params),
      }));
      throw new AppError(
        'transitionRefused',
        { action, count: refused.length, total: ids.length },
        { refused: answer },
      );
    }

    const now = new Date();
    const user = auditName(ctx);
    const set: Row = {
      [doc.statusField]: t.to,
      version: sql`version + 1`,
      updateName: user,
      updateDate: now,
    };
    for (const [column, what] of Object.entries(t.stamp ?? {}))
      set[column] =
        what === 'now'
          ? now
          : what === 'user'
            ? user
            : sql`coalesce(${sql.ref(column)}, ${sql.ref(what.ifEmpty)})`;
    if (doc.reasonField) set[doc.reasonField] = reason;
    const move: DocumentMove = { name, to: t.to, reason };
    const published: EventMove | undefined = t.event
      ? { ...move, event: t.event, fields: t.eventExtra ? await t.eventExtra(tx, rows) : undefined }
      : undefined;
    // The status write, the history rows and the events in one statement: the events carry the fields
    // as the write left them (the update's own RETURNING).
    const assignments = sql.join(
      Object.entries(set).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    );
    // Kept prepared: its text is the same for every batch of the transition (the rows travel as arrays).
    const { rows: written } = await tx.db.executeQuery(
      keepPrepared(
        sql<{ id: string; version: number }>`
      with r as (${movedRows(doc, rows, published ?? move)}),
      d as (
        update ${sql.table(def.table)} set ${assignments} where id = any(${ids}::uuid[])
        returning id, version${published ? sql`, ${eventColumns(def)}` : sql``}),
      h as (${historyInsert(tx, doc, move, now)})
      ${published ? sql`, e as (${eventsInsert(def, tx, published, true)})` : sql``}
      select id, version from d`.compile(tx.db),
      ),
    );
    if (written.length !== ids.length) throw new AppError('staleVersion');

    const event = {
      name,
      from: new Map(rows.map((r) => [r.id as string, String(r[doc.statusField])])),
      to: t.to,
      reason,
    };
    for (const effect of t.effects ?? []) await effect(tx, rows, event);
    const versions = new Map(written.map((w) => [w.id, w.version]));
    return {
      count: ids.length,
      rows: ids.map((id) => ({ id, version: versions.get(id)!, status: t.to })),
    };
  });
}

/**
 * A move of documents the history and the outbox record: a declared transition, or a move a service
 * makes itself (a document created by its own call, from no state; a change another document's
 * transition makes to it). `from` gives a row's state before (default its status field); `reason` is
 * one text for all rows or each row's own.
 */
export interface DocumentMove {
  name: string;
  to: string;
  reason: string | null | ((row: Row) => string | null);
  from?: (row: Row) => string | null;
}

const fromOf = (doc: DocumentSpec, move: DocumentMove) =>
  move.from ?? ((row: Row) => String(row[doc.statusField]));
const reasonOf = (move: DocumentMove) =>
  typeof move.reason === 'function' ? move.reason : () => move.reason as string | null;

/**
 * One history row per document (sys_doc_history), in one statement whose values are arrays (a batch of
 * 500 stays a few parameters): who, when, from, to, the reason and the source.
 */
export async function writeHistory(
  tx: CallContext,
  doc: DocumentSpec,
  rows: Row[],
  move: DocumentMove,
  now = new Date(),
): Promise<void> {
  if (rows.length)
    await sql`with r as (${movedRows(doc, rows, move)}) ${historyInsert(tx, doc, move, now)}`.execute(tx.db);
}

type EventMove = DocumentMove & {
  event: string;
  /** Fields of each row's event beyond the document's own (a receipt's quantity on its notice's event). */
  fields?: (row: Row) => Record<string, unknown>;
};

/**
 * The documents of a move as the relation `r` the history and the events read, one unnest of arrays:
 * the id, the number, the state before, the reason and, where the move gives them, its event fields.
 */
function movedRows(doc: DocumentSpec, rows: Row[], move: DocumentMove | EventMove) {
  const extra = 'fields' in move ? move.fields : undefined;
  // The history rows' ids are made here: on PGlite every gen_random_uuid() opens /dev/urandom through
  // the emulated file system.
  return sql`select * from unnest(${rows.map((r) => r.id as string)}::uuid[],
    ${rows.map(() => randomUUID())}::uuid[], ${rows.map((r) => docNoOf(doc, r))}::text[],
    ${rows.map(fromOf(doc, move))}::text[],
    ${rows.map(reasonOf(move))}::text[]${extra ? sql`, ${rows.map((r) => JSON.stringify(extra(r)))}::jsonb[]` : sql``})
    as r(id, history_id, doc_no, from_status, reason${extra ? sql`, extra` : sql``})`;
}

function historyInsert(tx: CallContext, doc: DocumentSpec, move: DocumentMove, now: Date) {
  return sql`
    insert into sys_doc_history
      (id, doc_kind, doc_id, doc_no, transition, from_status, to_status, reason, source, user_no, user_name, create_date)
    select r.history_id, ${doc.kind}, r.id, r.doc_no, ${move.name}, r.from_status, ${move.to}, r.reason,
      ${tx.source ?? 'portal'}, ${tx.user?.userNo ?? null}, ${tx.user?.userName ?? null}, ${now}
    from r`;
}

/**
 * The move's business event, one per document, into the outbox (int_outbox) in the caller's own
 * transaction: a move refused or rolled back leaves no event. The payload holds the transition, the
 * states, the reason, the source and the declared event fields as stored after it (decimals as
 * canonical text, dates as yyyy-MM-dd).
 */
export async function writeEvents(
  def: ResourceDef,
  tx: CallContext,
  rows: Row[],
  move: EventMove,
): Promise<void> {
  if (rows.length)
    await sql`with r as (${movedRows(documentOf(def), rows, move)}) ${eventsInsert(def, tx, move)}`.execute(
      tx.db,
    );
}

/**
 * What an event takes of its document, as columns of a select or an update's RETURNING over the
 * document's table: the organisation, the supplier and the declared event fields.
 */
function eventColumns(def: ResourceDef) {
  const doc = documentOf(def);
  const value = (field: string) =>
    def.fields[field]?.type === 'decimal'
      ? sql`trim_scale(${sql.ref(field)})::text`
      : sql`${sql.ref(field)}::text`;
  const fields = sql.join(
    (doc.eventFields ?? []).flatMap((f) => [sql.lit(f), value(f)]),
    sql`, `,
  );
  const org = def.scope?.org ? sql.ref(def.scope.org) : sql`''`;
  const supplier = def.scope?.supplier ? sql.ref(def.scope.supplier) : sql`null`;
  return sql`${org} as event_org, ${supplier} as event_supplier,
    jsonb_build_object(${doc.eventFields?.length ? fields : sql``}) as event_fields`;
}

/**
 * The outbox insert of a move over `r`; `d` is where the documents' event columns come from: the table
 * as it stands, or the update that wrote them in the same statement.
 */
function eventsInsert(def: ResourceDef, tx: CallContext, move: EventMove, written = false) {
  const doc = documentOf(def);
  const d = written ? sql`d` : sql`(select id, ${eventColumns(def)} from ${sql.table(def.table)}) d`;
  return sql`
    insert into int_outbox (event, doc_kind, doc_id, doc_no, org_no, supplier_no, payload)
    select ${move.event}, ${doc.kind}, d.id, r.doc_no, d.event_org, d.event_supplier,
      jsonb_build_object('transition', ${move.name}::text, 'from', r.from_status, 'to', ${move.to}::text,
        'reason', r.reason, 'source', ${tx.source ?? 'portal'}::text,
        'fields', d.event_fields${move.fields ? sql` || r.extra` : sql``})
    from r join ${d} on d.id = r.id
    order by r.id`;
}
