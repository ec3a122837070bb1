import { describe, expect, it } from 'vitest';
import { digitsToValues, valuesToDigits } from './digitSet';

// displayPage (spec 000 section 3): 1 search, 2 table column, 3 detail, 4 and 5 editable columns.
const PLACES = ['1', '2', '3', '4', '5'];

describe('the digit set of a checkbox group', () => {
  it('checks the boxes whose digits the stored string holds, whatever their order', () => {
    expect(digitsToValues('123', PLACES)).toEqual(['1', '2', '3']);
    expect(digitsToValues('31', PLACES)).toEqual(['1', '3']);
    expect(digitsToValues('5', PLACES)).toEqual(['5']);
    expect(digitsToValues('', PLACES)).toEqual([]);
    expect(digitsToValues(null, PLACES)).toEqual([]);
    expect(digitsToValues('19x', PLACES)).toEqual(['1']);
  });

  it('writes the checked digits once each, in the declared order', () => {
    expect(valuesToDigits(['3', '1', '2'], PLACES)).toBe('123');
    expect(valuesToDigits(['5', '4'], PLACES)).toBe('45');
    expect(valuesToDigits(['2', '2'], PLACES)).toBe('2');
    expect(valuesToDigits([], PLACES)).toBe('');
    expect(valuesToDigits(undefined, PLACES)).toBe('');
    expect(valuesToDigits(['9'], PLACES)).toBe('');
  });

  it('gives back what it read', () => {
    for (const stored of ['', '1', '24', '135', '12345'])
      expect(valuesToDigits(digitsToValues(stored, PLACES), PLACES)).toBe(stored);
  });
});
