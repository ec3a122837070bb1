import type { ThemeConfig } from 'antd';

export type UiSize = 'large' | 'middle' | 'small';
const SIZES: readonly UiSize[] = ['large', 'middle', 'small'];

/** Spec 000 section 1: small unless the size cookie says otherwise. */
export function readSize(value: string | undefined): UiSize {
  return SIZES.includes(value as UiSize) ? (value as UiSize) : 'small';
}

/**
 * The interface size in antd's theme, beside ConfigProvider's componentSize (AntdRoot.tsx). The
 * componentSize reaches only components left without a size of their own, while the pages' tables,
 * tabs and toolbars are declared compact (size="small") so that 'small' is the spec's dense default:
 * the size tokens of those compact variants, the side menu's rows and the base font follow the chosen
 * size instead, so 'middle' and 'large' enlarge the tables, tabs, forms and menus alike, not only the
 * controls. 'small' is antd's own compact look, unchanged.
 */
export const SIZE_THEMES: Record<UiSize, ThemeConfig> = {
  small: {},
  middle: {
    components: {
      Table: { cellPaddingBlockSM: 12, cellPaddingInlineSM: 10 },
      Tabs: { horizontalItemPaddingSM: '10px 0', cardPaddingSM: '8px 16px' },
      Menu: { itemHeight: 44 },
    },
  },
  large: {
    token: { fontSize: 16 },
    components: {
      Table: { cellPaddingBlockSM: 16, cellPaddingInlineSM: 12, cellFontSizeSM: 16 },
      Tabs: { horizontalItemPaddingSM: '12px 0', cardPaddingSM: '10px 18px', titleFontSizeSM: 16 },
      Menu: { itemHeight: 48 },
    },
  },
};

/** The app's theme at an interface size: the size's tokens over the theme's own (colours and the rest). */
export function themeAtSize(base: ThemeConfig, size: UiSize): ThemeConfig {
  const sized = SIZE_THEMES[size];
  const components = { ...base.components } as Record<string, object>;
  for (const [name, tokens] of Object.entries(sized.components ?? {}))
    components[name] = { ...components[name], ...tokens };
  return { ...base, token: { ...base.token, ...sized.token }, components };
}
