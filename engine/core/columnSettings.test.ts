import type { ColumnSetting } from '@schemas/generated/list-view';
import { describe, expect, it } from 'vitest';
import { normaliseColumn } from '../screens/normalise';
import {
  defaultColumnSettings,
  effectiveColumnSettings,
  mergeColumnSettings,
  moveColumn,
  visibleColumns,
} from './columnSettings';

const cols = (...props: string[]) => props.map((prop) => normaliseColumn({ prop }));
const s = (prop: string, isShow = true, fixed: 'left' | 'none' = 'none'): ColumnSetting => ({
  prop,
  isShow,
  fixed,
});
const props = (list: { prop: string }[]) => list.map((c) => c.prop);

describe('column settings', () => {
  it('defaults to the screen: all shown, in screen order, frozen as the screen says', () => {
    const columns = [normaliseColumn({ prop: 'no', fixed: 'left' }), ...cols('name', 'remark')];
    expect(defaultColumnSettings(columns)).toEqual([
      { prop: 'no', fixed: 'left', isShow: true, sort: 0 },
      { prop: 'name', fixed: 'none', isShow: true, sort: 1 },
      { prop: 'remark', fixed: 'none', isShow: true, sort: 2 },
    ]);
    expect(mergeColumnSettings(columns, null)).toEqual(defaultColumnSettings(columns));
    expect(mergeColumnSettings(columns, [])).toEqual(defaultColumnSettings(columns));
  });

  it('keeps the saved order, visibility and freezing of columns the screen still has', () => {
    const merged = mergeColumnSettings(cols('a', 'b', 'c'), [s('c', true, 'left'), s('a', false), s('b')]);
    expect(merged).toEqual([
      { prop: 'c', fixed: 'left', isShow: true, sort: 0 },
      { prop: 'a', fixed: 'none', isShow: false, sort: 1 },
      { prop: 'b', fixed: 'none', isShow: true, sort: 2 },
    ]);
  });

  it('drops a saved column the screen no longer has, and a duplicate', () => {
    expect(props(mergeColumnSettings(cols('a', 'b'), [s('b'), s('gone'), s('a'), s('b', false)]))).toEqual([
      'b',
      'a',
    ]);
  });

  it('places a new screen column right after its screen predecessor, shown; a new first column goes first', () => {
    // Screen a, b, x, c, y; saved c, b, a: x follows b, y follows c wherever the user put them.
    const merged = mergeColumnSettings(cols('w', 'a', 'b', 'x', 'c', 'y'), [s('c'), s('b', false), s('a')]);
    expect(props(merged)).toEqual(['w', 'c', 'y', 'b', 'x', 'a']);
    expect(merged.find((m) => m.prop === 'x')).toMatchObject({ isShow: true, fixed: 'none' });
    expect(merged.map((m) => m.sort)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('moves a column and renumbers', () => {
    const moved = moveColumn(defaultColumnSettings(cols('a', 'b', 'c')), 2, 0);
    expect(props(moved)).toEqual(['c', 'a', 'b']);
    expect(moved.map((m) => m.sort)).toEqual([0, 1, 2]);
  });

  it('shows only visible columns, frozen-left ones first, a right-frozen screen column stays right', () => {
    const columns = [...cols('a', 'b', 'c'), normaliseColumn({ prop: 'op', fixed: 'right' })];
    const shown = visibleColumns(columns, [s('a'), s('b', false), s('c', true, 'left'), s('op')]);
    expect(shown.map((c) => [c.prop, c.fixed])).toEqual([
      ['c', 'left'],
      ['a', undefined],
      ['op', 'right'],
    ]);
  });
});

describe('column settings: user over administrator over screen', () => {
  const columns = [normaliseColumn({ prop: 'no', fixed: 'left' }), ...cols('name', 'remark')];
  const admin: ColumnSetting[] = [{ ...s('remark', true, 'left'), width: 300 }, s('no', false), s('old')];
  const own: ColumnSetting[] = [s('name', true, 'left'), s('remark', false)];

  it("takes the user's own settings first, then the administrator's layout, then the screen", () => {
    // The user's own: name and remark as saved, 'no' (not in them) first, as on the screen.
    expect(props(effectiveColumnSettings(columns, own, admin))).toEqual(['no', 'name', 'remark']);
    expect(effectiveColumnSettings(columns, own, admin)[2].isShow).toBe(false);
    expect(effectiveColumnSettings(columns, null, admin)).toEqual([
      { prop: 'remark', fixed: 'left', isShow: true, width: 300, sort: 0 },
      { prop: 'no', fixed: 'none', isShow: false, sort: 1 },
      { prop: 'name', fixed: 'none', isShow: true, sort: 2 },
    ]);
    expect(effectiveColumnSettings(columns, [], null)).toEqual(defaultColumnSettings(columns));
  });

  it('a layout survives the screen changing: a lost field drops out, a new one comes where the screen puts it', () => {
    const changed = [normaliseColumn({ prop: 'no', fixed: 'left' }), ...cols('code', 'remark')];
    expect(props(effectiveColumnSettings(changed, null, [s('remark'), s('name'), s('no')]))).toEqual([
      'remark',
      'no',
      'code',
    ]);
  });

  it("applies a layout's width and ignores one out of range", () => {
    const shown = visibleColumns(columns, [
      { ...s('name'), width: 250 },
      { ...s('no'), width: 5 },
      s('remark'),
    ]);
    expect(shown.map((c) => [c.prop, c.width])).toEqual([
      ['name', 250],
      ['no', columns[0].width],
      ['remark', columns[2].width],
    ]);
  });
});
