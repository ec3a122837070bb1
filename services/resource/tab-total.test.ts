// A list's total read off its tab counts: only where the page is one tab of them.
import { describe, expect, it } from 'vitest';
import { tabTotal } from './resource.js';

const tabs = { counts: { '0': 4, '1': 7, '': 1 } };
const named = { filterCounts: { overdue: 3, changed: 2 }, countTotal: 12 };

describe('tabTotal', () => {
  it('is the count of the value the search asks for, or 0 when no record has it', () => {
    expect(tabTotal({ answerStatus: '1' }, { by: 'answerStatus' }, tabs)).toBe(7);
    expect(tabTotal({ answerStatus: '9' }, { by: 'answerStatus' }, tabs)).toBe(0);
    expect(tabTotal({ answerStatus: 1 }, { by: 'answerStatus' }, tabs)).toBe(7);
  });

  it('is every tab together when the search asks for no value', () => {
    expect(tabTotal({}, { by: 'answerStatus' }, tabs)).toBe(12);
    expect(tabTotal({ answerStatus: '' }, { by: 'answerStatus' }, tabs)).toBe(12);
    expect(tabTotal({}, { filters: ['overdue', 'changed'] }, named)).toBe(12);
  });

  it('is the count of the named filter the search is on', () => {
    expect(tabTotal({ namedFilter: 'overdue' }, { filters: ['overdue', 'changed'] }, named)).toBe(3);
    // A named filter not among those counted is part of the counted search itself.
    expect(tabTotal({ namedFilter: 'late' }, { filters: ['overdue'] }, named)).toBe(12);
  });

  it('is unknown where the counts do not tell it', () => {
    // A value and a counted named filter together: each count leaves the other out.
    expect(
      tabTotal(
        { answerStatus: '1', namedFilter: 'overdue' },
        { by: 'answerStatus', filters: ['overdue'] },
        {
          ...tabs,
          ...named,
        },
      ),
    ).toBeUndefined();
    // A value no tab is keyed by (a list of values).
    expect(tabTotal({ answerStatus: ['0', '1'] }, { by: 'answerStatus' }, tabs)).toBeUndefined();
  });
});
