// Reading a cell: what an empty cell and the clearing marker answer is decided by the row (new or
// existing record), so the cell says only which it is; a value is checked as before.
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n';
import { readCell } from './import-cells';
import type { ImportColumn } from './import-columns';

const t = translator('en-US');
const column = (over: Partial<ImportColumn> = {}): ImportColumn => ({
  prop: 'orgShortName',
  label: 'Short name',
  names: ['short name'],
  field: { type: 'string', write: 'always', maxLength: 5, default: 'dflt' },
  required: false,
  ...over,
});

describe('readCell', () => {
  it('answers empty for an empty cell, whatever the field default or required', () => {
    for (const cell of [null, undefined, '', '   ', { richText: [{ text: ' ' }] }]) {
      expect(readCell(column(), cell, t)).toEqual({ empty: true });
      expect(readCell(column({ required: true }), cell, t)).toEqual({ empty: true });
    }
  });

  it('answers clear for the marker in any case, before any check of the field', () => {
    expect(readCell(column(), '#CLEAR', t)).toEqual({ clear: true });
    expect(readCell(column(), ' #clear ', t)).toEqual({ clear: true });
    // The marker is longer than the field allows: it is still the marker, not a value.
    expect(
      readCell(column({ field: { type: 'string', write: 'always', maxLength: 3 } }), '#CLEAR', t),
    ).toEqual({
      clear: true,
    });
    expect(readCell(column(), { formula: 'A1', result: '#Clear' }, t)).toEqual({ clear: true });
  });

  it('reads and checks a value as the field declares', () => {
    expect(readCell(column(), 'abc', t)).toEqual({ value: 'abc' });
    expect(readCell(column(), 'abcdef', t)).toEqual({ error: 'must be at most 5 characters' });
    expect(readCell(column(), '#CLEARED', t)).toEqual({ error: 'must be at most 5 characters' });
  });
});
