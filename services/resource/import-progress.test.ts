import { describe, expect, it } from 'vitest';
import { payloadParts } from './import-progress';

describe('payloadParts', () => {
  it('keeps a short message whole', () => {
    expect(payloadParts('$check|10|2000')).toEqual(['$check|10|2000']);
  });

  it('splits a long list of failure lines between lines, each part within the limit, nothing lost', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `Row ${i + 2}, 组织名称: 是必填项 ${'x'.repeat(60)}`);
    const parts = payloadParts(lines.join('\n'), 1000);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(1000);
    expect(parts.join('\n').split('\n')).toEqual(lines);
  });

  it('cuts a single line longer than the limit rather than dropping the message', () => {
    const [part] = payloadParts('y'.repeat(5000), 1000);
    expect(part).toBe('y'.repeat(1000));
  });
});
