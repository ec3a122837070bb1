import { describe, expect, it } from 'vitest';
import { createRegistry } from './registry';

describe('widget registry', () => {
  it('finds a widget by its exact name only', () => {
    const r = createRegistry<string>('widget');
    r.register('date', 'DatePicker');
    expect(r.get('date')).toBe('DatePicker');
    expect(() => r.get('Date')).toThrow('unknown widget "Date"');
    expect(() => r.get('date ')).toThrow(/unknown widget/);
    expect(() => r.get('dat')).toThrow(/unknown widget/);
    expect(r.has('datetime')).toBe(false);
  });

  it('refuses a second widget under a taken name', () => {
    const r = createRegistry<string>('widget');
    r.register('input', 'A');
    expect(() => r.register('input', 'B')).toThrow('widget "input" is already registered');
    expect(r.get('input')).toBe('A');
  });
});
