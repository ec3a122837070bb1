// Limits of a document transition both sides hold to: the rows one call may move and the length of a
// reason. The server's payload schema refuses beyond them; the browser's reason dialog stops there.
export const MAX_TRANSITION_ROWS = 500;
export const MAX_REASON_LENGTH = 500;

/** How a document is named where it has no number of its own (both sides name it alike). */
export interface DocumentNaming {
  /** Fields that together name it, joined by '/' (an order line: its order's number and line number). */
  nameFields?: readonly string[];
  /**
   * Sequences under that name, written after it only where one is above 1 (an order line's phase and
   * batch: a line the ERP schedules in several phases or batches): '.batch' while the phase is 1,
   * '.phase.batch' beyond, so a line of one batch keeps its plain name.
   */
  nameSequences?: readonly string[];
}

/**
 * The name of `row` by its name fields and sequences (4500000211/10, 4500000211/10.2,
 * 4500000211/10.2.1), or undefined when a name field is empty or none is declared.
 */
export function documentName(naming: DocumentNaming, row: Record<string, unknown>): string | undefined {
  const fields = naming.nameFields ?? [];
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (!fields.length || fields.some((f) => empty(row[f]))) return undefined;
  const name = fields.map((f) => String(row[f])).join('/');
  const sequences = (naming.nameSequences ?? []).map((f) => (empty(row[f]) ? 1 : Number(row[f])));
  // From the first sequence above 1 on (leading 1s left out); none above 1, none written.
  const first = sequences.findIndex((s) => s !== 1);
  return first < 0 ? name : `${name}.${sequences.slice(first).join('.')}`;
}
