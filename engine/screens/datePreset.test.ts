import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { applyDatePresets, PRESET_ALL, presetChoices, presetDays, presetStart } from './datePreset';

const today = dayjs('2026-01-05');
const fields = [
  { prop: 'purchaseDateFrom', widget: 'datePreset' },
  { prop: 'itemNo', widget: 'input' },
];

describe('date presets', () => {
  it('reads a number of days from text or a number; anything else is all', () => {
    expect(presetDays('30')).toBe(30);
    expect(presetDays(7)).toBe(7);
    for (const v of [PRESET_ALL, '', undefined, null, '0', '-7', '1.5', 'x', 4000])
      expect(presetDays(v)).toBeUndefined();
  });

  it('counts today in: the last 7 days start 6 days back, across a year', () => {
    expect(presetStart(7, today)).toBe('2025-12-30');
    expect(presetStart(1, today)).toBe('2026-01-05');
    expect(presetStart(365, today)).toBe('2025-01-06');
  });

  it('turns only preset fields into their first day and drops all', () => {
    expect(applyDatePresets(fields, { purchaseDateFrom: '30', itemNo: '30' }, today)).toEqual({
      purchaseDateFrom: '2025-12-07',
      itemNo: '30',
    });
    expect(applyDatePresets(fields, { purchaseDateFrom: PRESET_ALL, itemNo: 'M' }, today)).toEqual({
      itemNo: 'M',
    });
    const condition = { purchaseDateFrom: '7' };
    applyDatePresets(fields, condition, today);
    expect(condition).toEqual({ purchaseDateFrom: '7' });
  });

  it('offers the days in order, then all', () => {
    expect(presetChoices([7, 30]).map((c) => c.value)).toEqual(['7', '30', PRESET_ALL]);
  });
});
