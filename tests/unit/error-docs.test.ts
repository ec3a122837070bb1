// The table of error codes in services/README.md must be what `npm run docs:errors` writes today.
import { describe, expect, it } from 'vitest';
import {
  END_MARKER,
  errorDocs,
  errorTable,
  generatedBlock,
  markedBlock,
  replaceBlock,
  START_MARKER,
} from '../../scripts/generate-error-docs';
import { ERRORS } from '../../services/errors';

describe('error code docs', () => {
  it('are fresh in services/README.md (run `npm run docs:errors` when this fails)', () => {
    const { current, expected } = errorDocs();
    expect(current).toBe(expected);
  });

  it('list every code of the catalogue once', () => {
    const { expected } = errorDocs();
    for (const [name, { code }] of Object.entries(ERRORS)) {
      expect(expected).toContain(`| \`${code}\``);
      expect(expected).toContain(`| \`${name}\``);
    }
    const rows = expected.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toHaveLength(Object.keys(ERRORS).length);
  });

  it('say how each code travels, with its English message', () => {
    const table = errorTable(
      {
        sessionExpired: { code: '10004', status: 401, transport: true },
        staleVersion: { code: '10007', status: 409, transport: false },
      },
      { 'error.10004': 'Expired.', 'error.10007': 'A | B.' },
    );
    const [head, , first, second] = table.split('\n');
    expect(head).toMatch(/^\| code +\| name +\| HTTP status \| answer +\| message \(en-US\) \|$/);
    expect(first).toMatch(/^\| `10004` \| `sessionExpired` \| 401 +\| error body +\| Expired\. +\|$/);
    expect(second).toMatch(
      /^\| `10007` \| `staleVersion` +\| 200 +\| envelope, status 409 \| A \\\| B\. +\|$/,
    );
  });

  it('refuse a code without an English message', () => {
    expect(() => errorTable({ x: { code: '99999', status: 400, transport: false } }, {})).toThrow(
      'error.99999',
    );
  });

  it('replace only what stands between the markers', () => {
    const doc = `# Title\n\nbefore\n\n${START_MARKER}\nold\n${END_MARKER}\n\nafter\n`;
    const block = generatedBlock('| table |');
    const next = replaceBlock(doc, block);
    expect(next.startsWith('# Title\n\nbefore\n\n')).toBe(true);
    expect(next.endsWith('\n\nafter\n')).toBe(true);
    expect(markedBlock(next)).toBe(block);
  });
});
