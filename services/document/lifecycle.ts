// What the resource layer does for a document outside its transitions: a new document starts in its
// initial state with a number from its kind's rule, and it is modified or deleted only in its
// editable states (spec 001: notices outside draft cannot be modified or deleted).
import { documentName } from '../../engine/core/documents.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import type { DocumentSpec } from './define.js';
import { DEFAULT_RULE, nextNumber } from './numbering.js';

type Row = Record<string, unknown>;

export function stateLabel(t: CallContext['t'], doc: DocumentSpec, code: string): string {
  const state = doc.states[code];
  return state ? t(state.label) : code;
}

/**
 * How messages and the history name a document: its number, its name fields and sequences (as the
 * browser names it, engine/core/documents.ts), else its id.
 */
export function docNoOf(doc: DocumentSpec, row: Row): string {
  if (doc.numberField && row[doc.numberField]) return String(row[doc.numberField]);
  return documentName(doc, row) ?? String(row.id);
}

/**
 * The values the server sets on a new document: its initial state and its number (taken in the
 * caller's transaction). The organisation of the number is the row's organisation scope column.
 */
export async function newDocumentValues(
  doc: DocumentSpec,
  ctx: CallContext,
  values: Row,
  orgColumn: string | undefined,
): Promise<Row> {
  const own: Row = { [doc.statusField]: doc.initial };
  if (doc.numberField) {
    const orgNo = orgColumn ? String(values[orgColumn.replace(/^t1\./, '')] ?? '') : '';
    own[doc.numberField] = await documentNumber(ctx.db, doc, orgNo);
  }
  return own;
}

/** The next number of a document of this kind, by its rule or the kind's default. */
export function documentNumber(db: Db, doc: DocumentSpec, orgNo: string): Promise<string> {
  return nextNumber(db, doc.kind, orgNo, { ...DEFAULT_RULE, ...doc.numberRule });
}

/** Refuses a change or delete of a document outside its editable states. */
export function checkEditable(doc: DocumentSpec | undefined, ctx: CallContext, row: Row): void {
  if (!doc?.editableIn) return;
  const status = String(row[doc.statusField]);
  if (doc.editableIn.includes(status)) return;
  throw new AppError('documentLocked', {
    doc: docNoOf(doc, row),
    state: stateLabel(ctx.t, doc, status),
    states: doc.editableIn.map((code) => stateLabel(ctx.t, doc, code)).join(', '),
  });
}
