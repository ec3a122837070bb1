import { describe, expect, it } from 'vitest';
import { escapeCell } from '../../services/resource/export.js';

describe('export cell escaping', () => {
  it('prefixes text a spreadsheet would run as a formula and drops NUL', () => {
    expect(escapeCell('=1+1')).toBe("'=1+1");
    expect(escapeCell('+CMD')).toBe("'+CMD");
    expect(escapeCell('-2+3')).toBe("'-2+3");
    expect(escapeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCell('\tx')).toBe("'\tx");
    expect(escapeCell('\r=x')).toBe("'\r=x");
    expect(escapeCell('\u0000=x')).toBe("'=x");
    expect(escapeCell('a=b')).toBe('a=b');
    expect(escapeCell(-5)).toBe(-5);
    expect(escapeCell(null)).toBe(null);
  });
});
