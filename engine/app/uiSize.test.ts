import { describe, expect, it } from 'vitest';
import { readSize, themeAtSize, type UiSize } from './uiSize';

describe('readSize', () => {
  it('is small by default and takes a valid cookie value', () => {
    expect(readSize(undefined)).toBe('small');
    expect(readSize('huge')).toBe('small');
    expect(readSize('large')).toBe('large');
    expect(readSize('middle')).toBe('middle');
  });
});

describe('themeAtSize', () => {
  const base = { token: { colorPrimary: '#1677ff' }, components: { Table: { headerBg: '#fafafa' } } };

  it("keeps 'small' as the theme is and grows the compact tables, tabs and menus with the size", () => {
    expect(themeAtSize(base, 'small')).toEqual(base);
    const pad = (size: UiSize) =>
      (themeAtSize(base, size).components?.Table as { cellPaddingBlockSM?: number } | undefined)
        ?.cellPaddingBlockSM ?? 8;
    expect(pad('small')).toBeLessThan(pad('middle'));
    expect(pad('middle')).toBeLessThan(pad('large'));
    const large = themeAtSize(base, 'large');
    expect(large.token).toMatchObject({ colorPrimary: '#1677ff', fontSize: 16 });
    expect(large.components?.Table).toMatchObject({ headerBg: '#fafafa', cellFontSizeSM: 16 });
    expect(large.components?.Tabs).toMatchObject({ titleFontSizeSM: 16 });
    expect(large.components?.Menu).toMatchObject({ itemHeight: 48 });
  });
});
