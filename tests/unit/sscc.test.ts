// The SSCC-18 and its GS1 mod-10 check digit against published GS1 examples and cases worked by hand,
// cross-checked with bwip-js, which refuses a GS1-128 (00) whose check digit is wrong.
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { boxCountByRule, boxesByRule, splitProblem } from '../../services/print/boxes.js';
import {
  gs1CheckDigit,
  isValidSscc,
  makeSscc,
  maxSerial,
  serialDigits,
  ssccElement,
  ssccHumanReadable,
} from '../../services/print/sscc.js';

describe('GS1 check digit', () => {
  it('matches the GS1 General Specifications SSCC example and known GTINs', () => {
    // GS1 General Specifications: SSCC 1 0614141 234567890 8.
    expect(gs1CheckDigit('10614141234567890')).toBe(8);
    // Worked by hand: weights 3,1,3,... from the right give 48, so 2.
    expect(gs1CheckDigit('00614141000000001')).toBe(2);
    // GTIN-13 4006381333931 and the UPC-A 036000291452 use the same mod-10.
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('03600029145')).toBe(2);
    // A sum that is already a multiple of 10 gives 0, not 10.
    expect(gs1CheckDigit('00000000000000000')).toBe(0);
    expect(() => gs1CheckDigit('12a')).toThrow(TypeError);
  });

  it('tells a valid SSCC from a mistyped one', () => {
    expect(isValidSscc('106141412345678908')).toBe(true);
    expect(isValidSscc('106141412345678907')).toBe(false);
    // Two neighbouring digits swapped: the weights catch it.
    expect(isValidSscc('106141412345678098')).toBe(false);
    expect(isValidSscc('10614141234567890')).toBe(false);
  });
});

describe('makeSscc', () => {
  it('puts extension digit, company prefix and the padded serial before the check digit', () => {
    expect(makeSscc(1, '0614141', 234567890n)).toBe('106141412345678908');
    expect(makeSscc(0, '0614141', 1n)).toBe('006141410000000012');
    expect(serialDigits('0614141')).toBe(9);
    expect(maxSerial('0614141')).toBe(999_999_999n);
    expect(makeSscc(9, '061414112345', 99n)).toMatch(/^90614141123450099\d$/);
  });

  it('refuses what does not fit 17 data digits', () => {
    expect(() => makeSscc(10, '0614141', 1n)).toThrow(RangeError);
    expect(() => makeSscc(0, '06141', 1n)).toThrow(RangeError);
    expect(() => makeSscc(0, '0614141', 1_000_000_000n)).toThrow(RangeError);
    expect(() => makeSscc(0, '0614141', -1n)).toThrow(RangeError);
  });

  it('makes codes a GS1-128 encoder accepts, and every serial a different code', () => {
    const seen = new Set<string>();
    for (let serial = 0n; serial < 200n; serial++) {
      const sscc = makeSscc(3, '95012345', serial * 7919n);
      expect(isValidSscc(sscc)).toBe(true);
      seen.add(sscc);
    }
    expect(seen.size).toBe(200);
    for (const sscc of [...seen].slice(0, 20))
      expect(() => bwipjs.raw('gs1-128', ssccElement(sscc), {})).not.toThrow();
    expect(() => bwipjs.raw('gs1-128', ssccElement('106141412345678907'), {})).toThrow(/checksum/i);
  });

  it('reads as GS1 prints it under the bars', () => {
    expect(ssccHumanReadable('106141412345678908', '0614141')).toBe('(00) 1 0614141 234567890 8');
  });
});

describe('cutting a line into boxes', () => {
  it('fills boxes by the rule and puts the rest in the last, exactly', () => {
    expect(boxesByRule('300', '120')).toEqual(['120', '120', '60']);
    expect(boxesByRule('300', '100')).toEqual(['100', '100', '100']);
    expect(boxesByRule('10.5', '4')).toEqual(['4', '4', '2.5']);
    // 0.1 + 0.2 is no float here: ten boxes of 0.3 and a last of 0.1.
    expect(boxesByRule('3.1', '0.3')).toEqual([...Array(10).fill('0.3'), '0.1']);
    expect(boxesByRule('50', '120')).toEqual(['50']);
    expect(boxCountByRule('3.1', '0.3')).toBe(11);
    expect(boxCountByRule('300', '100')).toBe(3);
  });

  it('takes entered quantities only when each is above 0 and they add up to the line', () => {
    expect(splitProblem('150', ['99.5', '0.5', '50'])).toBeUndefined();
    expect(splitProblem('150', ['100', '40'])).toEqual({ problem: 'sum', total: '140' });
    expect(splitProblem('150', ['150', '0'])).toEqual({ problem: 'notPositive', box: 2 });
    expect(splitProblem('150', ['-1', '151'])).toEqual({ problem: 'notPositive', box: 1 });
    expect(splitProblem('1', ['0.999999', '0.000001'])).toEqual({ problem: 'notPositive', box: 1 });
    expect(splitProblem('1', ['abc'])).toEqual({ problem: 'notPositive', box: 1 });
    expect(splitProblem('1', [])).toEqual({ problem: 'none' });
  });
});
