// A business document is a resource with a status that moves through declared states. The declaration
// is data: states with a label and a colour, transitions with their from-states, to-state, permission
// flag, the side that may take them, whether a reason is required, named guards, the fields a batch
// must agree on and effects. services/document/transition.ts runs them; the engine reads the same
// declaration (getDocumentDefine) to show status tags and enable transition buttons.
import type { CallContext, MenuFlag } from '../registry.js';
import type { Row } from '../resource/resource.js';
import type { NumberRule } from './numbering.js';

/**
 * Who may take a transition: a supplier's user, a purchaser's or warehouse user (any user without a
 * supplier), or the system through the integration API.
 */
export type Side = 'supplier' | 'purchaser' | 'system';
export const SIDES: readonly Side[] = ['supplier', 'purchaser', 'system'];

/** antd tag colours: the status tag of every list and detail page takes it from here. */
export type StateColor = 'default' | 'processing' | 'success' | 'warning' | 'error' | 'blue' | 'purple';

export interface StateDef {
  /** Locale key of the state's name. */
  label: string;
  color: StateColor;
}

/** Why a guard refuses one row: a locale key under `problem.` and its parameters. */
export interface GuardRefusal {
  id: string;
  problem: string;
  params?: Record<string, string | number>;
}

/**
 * A named server-side check that may read other tables. It gets every row of the batch at once (in
 * the transaction, locked) and answers the rows it refuses.
 */
export interface Guard {
  name: string;
  /** The problems it may answer (locale keys under `problem.`), so every language has their text. */
  problems: readonly string[];
  /**
   * The fields of the rows it reads. A transition whose guards all name theirs, with no effects, reads
   * only what it checks and writes; otherwise every stored field.
   */
  fields?: readonly string[];
  check(ctx: CallContext, rows: Row[]): Promise<GuardRefusal[]>;
}

/** Every locale key a document declaration shows: its name, states, transitions, sides and guards. */
export function documentLocaleKeys(doc: DocumentSpec): string[] {
  return [
    doc.label,
    // A refusal for the wrong side names the sides that may: any of them, in every language.
    ...SIDES.map((side) => `side.${side}`),
    ...Object.values(doc.states).map((s) => s.label),
    ...Object.entries(doc.transitions).flatMap(([name, t]) => [
      t.label ?? `transition.${name}`,
      ...(t.guards ?? []).flatMap((g) => g.problems.map((p) => `problem.${p}`)),
    ]),
  ];
}

export interface TransitionEvent {
  name: string;
  from: Map<string, string>;
  to: string;
  reason: string | null;
}

/** Work done in the transition's transaction once the status is written (a line closed, a date set). */
export type Effect = (ctx: CallContext, rows: Row[], event: TransitionEvent) => Promise<void>;

export interface TransitionDef {
  from: readonly string[];
  to: string;
  flag: MenuFlag;
  sides: readonly Side[];
  /** A reason the user must give ('required'), may give ('optional') or is not asked for (absent). */
  reason?: 'required' | 'optional';
  guards?: readonly Guard[];
  /** Fields every row of one batch must share (spec 001: no batch across organisations, ...). */
  agree?: readonly string[];
  /**
   * Columns the transition writes with the status: the time it happened ('now'), the user's name
   * ('user'), or, when the column is empty, another column's value (`{ifEmpty: 'batchPurQty'}`: an
   * order line accepted without a promise is promised as ordered).
   */
  stamp?: Record<string, 'now' | 'user' | { ifEmpty: string }>;
  effects?: readonly Effect[];
  /** The service method; default the transition's name. */
  method?: string;
  /**
   * The business event the transition publishes to the integration's outbox (`purchaseOrder.lineAccepted`),
   * written in its transaction for each document, with the document's `eventFields`.
   */
  event?: string;
  /** Locale key of the action's name; default `transition.<name>`. */
  label?: string;
  /**
   * What each row's event carries beyond the document's `eventFields`, read in the transition's
   * transaction (an order line's answer parts).
   */
  eventExtra?: (ctx: CallContext, rows: Row[]) => Promise<(row: Row) => Record<string, unknown>>;
}

export interface DocumentSpec {
  /** The document kind: names its history rows and its numbering rule. */
  kind: string;
  /** Locale key naming one document of the kind in messages. */
  label: string;
  statusField: string;
  /** The state a new document starts in. */
  initial: string;
  states: Record<string, StateDef>;
  transitions: Record<string, TransitionDef>;
  /** States in which the document may still be modified or deleted; absent: any. */
  editableIn?: readonly string[];
  /** The field that holds the document number, given on add by the kind's numbering rule. */
  numberField?: string;
  /**
   * Fields that together name a document without a number of its own in messages, the history and the
   * screens, joined by '/' (an order line: its order's number and its line number).
   */
  nameFields?: readonly string[];
  /** Sequences under the name, written after it where one is above 1 (engine/core/documents.ts). */
  nameSequences?: readonly string[];
  /** The kind's numbering when no rule is written (sys_doc_number_rule): prefix, date part, length. */
  numberRule?: Partial<NumberRule>;
  /** A column holding the last transition's reason, for lists ("why was it rejected"). */
  reasonField?: string;
  /** Fields of the document its events carry (as stored after the transition). */
  eventFields?: readonly string[];
}

/** Checks a document declaration against itself and the resource's fields; throws at start-up. */
export function checkDocument(table: string, fields: Record<string, unknown>, doc: DocumentSpec): void {
  const fail = (problem: string) => {
    throw new Error(`${table}: document ${doc.kind}: ${problem}`);
  };
  if (!fields[doc.statusField]) fail(`status field ${doc.statusField} is not declared`);
  if ((fields[doc.statusField] as { write?: string }).write)
    fail(`status field ${doc.statusField} must not be writable: only transitions move it`);
  if (!doc.states[doc.initial]) fail(`initial state ${doc.initial} is not a state`);
  for (const code of doc.editableIn ?? [])
    if (!doc.states[code]) fail(`editable state ${code} is not a state`);
  for (const field of [
    doc.numberField,
    doc.reasonField,
    ...(doc.nameFields ?? []),
    ...(doc.nameSequences ?? []),
    ...(doc.eventFields ?? []),
  ])
    if (field && !fields[field]) fail(`field ${field} is not declared`);
  const methods = new Set<string>();
  for (const [name, t] of Object.entries(doc.transitions)) {
    if (!t.from.length) fail(`transition ${name} has no from-state`);
    for (const code of [...t.from, t.to])
      if (!doc.states[code]) fail(`transition ${name}: ${code} is not a state`);
    if (!t.sides.length) fail(`transition ${name} names no side`);
    for (const field of t.agree ?? []) if (!fields[field]) fail(`transition ${name}: agree field ${field}`);
    for (const guard of t.guards ?? [])
      for (const field of guard.fields ?? [])
        if (field !== 'id' && !fields[field]) fail(`transition ${name}: guard ${guard.name} reads ${field}`);
    for (const [column, what] of Object.entries(t.stamp ?? {})) {
      if (!fields[column]) fail(`transition ${name}: stamp field ${column} is not declared`);
      if (typeof what === 'object' && !fields[what.ifEmpty])
        fail(`transition ${name}: stamp ${column} takes ${what.ifEmpty}, which is not declared`);
    }
    if (t.event && !/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/.test(t.event))
      fail(`transition ${name}: event ${t.event} is not named entity.happening`);
    const method = t.method ?? name;
    if (methods.has(method)) fail(`method ${method} is declared twice`);
    methods.add(method);
  }
}
