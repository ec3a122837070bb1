// What an import does with the rows of a workbook: the rules the import dialog states and the server
// applies, in one file both sides read (the server imports engine/core/ only).
//
// - A mode says which rows a file may hold: `add` (new records only), `update` (existing records
//   only) or `upsert` (both). A row against the mode is an error row; nothing is written while any row
//   is in error. The dialog starts on `add`: nothing that exists changes unless the user says so.
// - On update, an empty cell leaves the stored value as it is; a cell holding exactly the marker
//   `#CLEAR` (any case, spaces around ignored) empties the field. On a new record an empty cell (or the
//   marker) means "no value": the field's default, and the required check.
// - An update row whose cells equal the stored values is left unchanged: not written, its version kept.

export const IMPORT_MODES = ['add', 'update', 'upsert'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** The mode the dialog offers first: the one that cannot change an existing record. */
export const DEFAULT_IMPORT_MODE: ImportMode = 'add';

/** What a call without a mode gets (machine clients of the API): add and update, as it always was. */
export const API_IMPORT_MODE: ImportMode = 'upsert';

export const isImportMode = (value: unknown): value is ImportMode =>
  typeof value === 'string' && (IMPORT_MODES as readonly string[]).includes(value);

/** The cell text that clears a field on update: the same in every language. */
export const CLEAR_MARKER = '#CLEAR';

export const isClearMarker = (text: string): boolean => text.trim().toUpperCase() === CLEAR_MARKER;

/** Why a row cannot be imported in this mode (a locale key), or undefined when it may. */
export function modeRefusal(mode: ImportMode, exists: boolean): string | undefined {
  if (exists && mode === 'add') return 'import.existsInAddMode';
  if (!exists && mode === 'update') return 'import.missingInUpdateMode';
  return undefined;
}

/** What a cell says to a stored field: a value, the marker, or nothing. */
export type CellIntent = 'value' | 'clear' | 'empty';

/**
 * Does this cell change the stored field? A value changes it when it differs from the stored one (as
 * the database compares them), the marker when something is stored, an empty cell never.
 */
export function cellChanges(intent: CellIntent, differs: boolean, storedIsNull: boolean): boolean {
  if (intent === 'value') return differs;
  if (intent === 'clear') return !storedIsNull;
  return false;
}
