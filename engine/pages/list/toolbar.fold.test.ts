import { describe, expect, it } from 'vitest';
import type { NormalisedAction } from '../../screens/types';
import { fitCount, splitToolbar, type ToolbarButton } from './toolbar';

const button = (key: string, more = false): ToolbarButton => ({
  action: {
    key,
    flag: 'isAdd',
    kind: 'add',
    labelKey: key,
    selection: 'none',
    danger: false,
    more,
  } as NormalisedAction,
  disabled: false,
});
const keys = (list: ToolbarButton[]) => list.map((b) => b.action.key);

describe('toolbar folding', () => {
  it('always folds the buttons marked more, and the others as far as they do not fit', () => {
    const all = [button('a'), button('b', true), button('c'), button('d', true)];
    expect(keys(splitToolbar(all, 5).open)).toEqual(['a', 'c']);
    expect(keys(splitToolbar(all, 5).folded)).toEqual(['b', 'd']);
    // Room for one: the other unmarked button folds too, in the screen's order.
    expect(keys(splitToolbar(all, 1).open)).toEqual(['a']);
    expect(keys(splitToolbar(all, 1).folded)).toEqual(['b', 'c', 'd']);
  });

  it('otherwise keeps the first buttons that fit and folds the rest, in order', () => {
    const all = [button('a'), button('b'), button('c')];
    expect(keys(splitToolbar(all, 2).open)).toEqual(['a', 'b']);
    expect(keys(splitToolbar(all, 2).folded)).toEqual(['c']);
    expect(keys(splitToolbar(all, 5).folded)).toEqual([]);
    expect(keys(splitToolbar(all, 0).open)).toEqual([]);
  });

  it('counts what fits, keeping room for More only when something folds', () => {
    expect(fitCount([60, 60, 60], 196, 8, 70)).toBe(3);
    // Not all fit in 190: More (70) + 60 + 8 = 138 fits, a second button (206) does not.
    expect(fitCount([60, 60, 60], 190, 8, 70)).toBe(1);
    expect(fitCount([60, 60, 60, 60], 250, 8, 70)).toBe(2);
    expect(fitCount([60, 60, 60], 100, 8, 70)).toBe(0);
    // More is there anyway (buttons marked more): its room is kept even when all the others would fit.
    expect(fitCount([60, 60, 60], 196, 8, 70, true)).toBe(1);
  });
});
