// A business document's declaration as the server answers it (calls.define: states with labels and
// colours, transitions with method, flag, sides, from-states, reason and agree fields, the caller's
// side) and the rules the pages draw from it: a state's tag, whether a transition shows for the user,
// and why it refuses rows. Pure: no React, no antd; loaded once per call and language.
import { documentName } from '../core/documents';
import type { RequestFn } from '../request/types';

export type Side = 'supplier' | 'purchaser' | 'system';

export interface DocumentState {
  code: string;
  /** In the language of the call that loaded it; labelKey follows the user's language. */
  label: string;
  labelKey: string;
  color: string;
}

export interface DocumentTransition {
  name: string;
  method: string;
  label: string;
  labelKey: string;
  from: string[];
  to: string;
  flag: string;
  sides: Side[];
  reason: 'required' | 'optional' | null;
  agree: string[];
}

export interface DocumentDefine {
  kind: string;
  statusField: string;
  numberField: string | null;
  /** Fields that together name a document without a number (joined by '/'); absent: none. */
  nameFields?: string[];
  /** Sequences under the name, written after it where one is above 1 (an order line's batch). */
  nameSequences?: string[];
  editableIn: string[] | null;
  side: Side;
  states: DocumentState[];
  transitions: DocumentTransition[];
}

type Row = Record<string, unknown>;

const cache = new Map<string, Promise<DocumentDefine>>();

/**
 * The declaration of `call` (Service/method), asked once; a failed ask is asked again. Pages show its
 * labels through their keys, so they follow a change of language.
 */
export function loadDocumentDefine(
  request: RequestFn,
  call: string,
  moduleNumber: string,
): Promise<DocumentDefine> {
  const key = call;
  let answer = cache.get(key);
  if (!answer) {
    answer = request<DocumentDefine>(call, {}, { moduleNumber, loading: false });
    cache.set(key, answer);
    answer.catch(() => cache.delete(key));
  }
  return answer;
}

/** Forgets every loaded declaration (tests). */
export function clearDocumentDefines(): void {
  cache.clear();
}

export function stateOf(define: DocumentDefine, code: unknown): DocumentState | undefined {
  return define.states.find((s) => s.code === String(code ?? ''));
}

export function transitionOf(define: DocumentDefine | undefined, name: string | undefined) {
  return define?.transitions.find((t) => t.name === name);
}

/** The transition shows only to a user on one of its sides. */
export function sideAllows(define: DocumentDefine | undefined, name: string | undefined): boolean {
  const t = transitionOf(define, name);
  return !!t && t.sides.includes(define!.side);
}

/** How a row is named to the user: its document number, else its key. */
export function rowLabel(define: DocumentDefine, row: Row, key: string): string {
  const no = define.numberField ? row[define.numberField] : undefined;
  if (no !== undefined && no !== null && no !== '') return String(no);
  // A document without a number of its own is named by its name fields, as the server names it (an
  // order line: PO-SH01-260001/10, its second batch PO-SH01-260001/10.2).
  return documentName(define, row) ?? key;
}

/** The rows not in one of the states `codes`, each with its current state's label key. */
export function rowsOutOf(
  define: DocumentDefine,
  codes: readonly string[],
  rows: readonly Row[],
  rowKey: string,
): { key: string; label: string; state: string }[] {
  return rows
    .filter((r) => !codes.includes(String(r[define.statusField] ?? '')))
    .map((r) => {
      const key = String(r[rowKey]);
      return {
        key,
        label: rowLabel(define, r, key),
        state: stateOf(define, r[define.statusField])?.labelKey ?? String(r[define.statusField] ?? ''),
      };
    });
}

/** The label keys of the states `codes`. */
export function stateKeys(define: DocumentDefine, codes: readonly string[]): string[] {
  return codes.map((code) => stateOf(define, code)?.labelKey ?? code);
}

/** Whether a document in state `code` may still be modified or deleted (every state, without editableIn). */
export function editableIn(define: DocumentDefine | undefined, code: unknown): boolean {
  return !define?.editableIn || define.editableIn.includes(String(code ?? ''));
}
