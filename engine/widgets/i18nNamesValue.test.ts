import { describe, expect, it } from 'vitest';
import { typeName } from './i18nNamesValue';

describe('typeName', () => {
  it('fills the other languages from the first one typed, marked as copies until each is edited', () => {
    let s = typeName(undefined, new Set(), 'en-US', 'Fragile');
    expect(s.value).toEqual({ 'en-US': 'Fragile', 'zh-CN': 'Fragile', 'zh-TW': 'Fragile', vi: 'Fragile' });
    expect([...s.copied].sort()).toEqual(['vi', 'zh-CN', 'zh-TW']);

    s = typeName(s.value, s.copied, 'zh-CN', '易碎');
    expect(s.value).toMatchObject({ 'zh-CN': '易碎' });
    expect([...s.copied].sort()).toEqual(['vi', 'zh-TW']);

    // the source typed again: its copies follow, a translation stays
    s = typeName(s.value, s.copied, 'en-US', 'Fragile goods');
    expect(s.value).toEqual({
      'en-US': 'Fragile goods',
      'zh-CN': '易碎',
      'zh-TW': 'Fragile goods',
      vi: 'Fragile goods',
    });
    // emptied: the copies go with it, the translation stays
    s = typeName(s.value, s.copied, 'en-US', '');
    expect(s.value).toEqual({ 'zh-CN': '易碎' });
    expect(s.copied.size).toBe(0);
  });

  it('never overwrites a name a record already has in another language', () => {
    const s = typeName({ 'zh-CN': '托盘', vi: 'Pallet' }, new Set(), 'en-US', 'Pallet');
    expect(s.value).toEqual({ 'en-US': 'Pallet', 'zh-CN': '托盘', 'zh-TW': 'Pallet', vi: 'Pallet' });
    expect([...s.copied]).toEqual(['zh-TW']);
  });
});
