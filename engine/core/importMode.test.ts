import { describe, expect, it } from 'vitest';
import {
  API_IMPORT_MODE,
  CLEAR_MARKER,
  cellChanges,
  DEFAULT_IMPORT_MODE,
  isClearMarker,
  isImportMode,
  modeRefusal,
} from './importMode';

describe('import rules', () => {
  it('the dialog starts on adding only; the API keeps adding and updating', () => {
    expect(DEFAULT_IMPORT_MODE).toBe('add');
    expect(API_IMPORT_MODE).toBe('upsert');
    expect(['add', 'update', 'upsert'].every(isImportMode)).toBe(true);
    expect(isImportMode('replace')).toBe(false);
    expect(isImportMode(undefined)).toBe(false);
  });

  it('a row against the mode is refused: an existing key when adding, an unknown one when updating', () => {
    expect(modeRefusal('add', true)).toBe('import.existsInAddMode');
    expect(modeRefusal('add', false)).toBeUndefined();
    expect(modeRefusal('update', false)).toBe('import.missingInUpdateMode');
    expect(modeRefusal('update', true)).toBeUndefined();
    expect(modeRefusal('upsert', true)).toBeUndefined();
    expect(modeRefusal('upsert', false)).toBeUndefined();
  });

  it('the clearing marker is #CLEAR in any case, spaces around ignored, and nothing else', () => {
    expect(CLEAR_MARKER).toBe('#CLEAR');
    expect(isClearMarker('#CLEAR')).toBe(true);
    expect(isClearMarker(' #clear ')).toBe(true);
    expect(isClearMarker('#CLEARED')).toBe(false);
    expect(isClearMarker('CLEAR')).toBe(false);
    expect(isClearMarker('')).toBe(false);
  });

  it('an empty cell never changes a stored field; a value when it differs; the marker when something is stored', () => {
    expect(cellChanges('empty', true, false)).toBe(false);
    expect(cellChanges('value', true, false)).toBe(true);
    expect(cellChanges('value', false, false)).toBe(false);
    expect(cellChanges('clear', false, false)).toBe(true);
    expect(cellChanges('clear', false, true)).toBe(false);
  });
});
