// WCAG 2.1 AA contrast of the theme every page inherits (engine/app/theme.ts), through antd's own
// token algorithm: text 4.5:1 on every background it is shown on, parts of the interface 3:1, the state
// tags of every colour a document state may declare, and the tooltips that say why a button is
// disabled. The interface sizes change sizes, never colours, and no size puts ordinary text at
// large-text size, so 4.5:1 is the bar for all of them.
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { describe, expect, it } from 'vitest';
import { AA, contrast } from '../../engine/app/contrast';
import { theme } from '../../engine/app/theme';
import * as uiSize from '../../engine/app/uiSize';
import type { StateColor } from '../../services/document/define';

type Tokens = Record<string, string>;
const tokens = antdTheme.getDesignToken(theme) as unknown as Tokens;

/** The theme as a size setting makes it (the size's own tokens, where uiSize.ts declares any). */
function tokensAt(size: uiSize.UiSize): Tokens {
  const sized = (uiSize as { SIZE_THEMES?: Record<string, ThemeConfig> }).SIZE_THEMES?.[size] ?? {};
  return antdTheme.getDesignToken({
    ...theme,
    token: { ...theme.token, ...sized.token },
  }) as unknown as Tokens;
}

/** Every colour a document state may declare (a new one fails the type check until listed here). */
const STATE_COLOURS = {
  default: true,
  processing: true,
  success: true,
  warning: true,
  error: true,
  blue: true,
  purple: true,
} satisfies Record<StateColor, true>;

/** The text and background of a state tag, as antd's Tag styles it. */
function tagColours(colour: StateColor): [string, string] {
  const status: Partial<Record<StateColor, string>> = {
    processing: 'Info',
    success: 'Success',
    warning: 'Warning',
    error: 'Error',
  };
  if (colour === 'default') return [tokens.colorText, tokens.colorFillQuaternary];
  const s = status[colour];
  if (s) return [tokens[`color${s}`], tokens[`color${s}Bg`]];
  return [tokens[`${colour}7`], tokens[`${colour}1`]];
}

describe('contrast', () => {
  it('follows WCAG 2.1 (black on white 21:1, antd blue 4.1:1, alpha laid over the background)', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrast('rgba(0,0,0,0.45)', '#fff')).toBeCloseTo(3.35, 1);
    expect(contrast('#767676', '#fff')).toBeGreaterThanOrEqual(AA.text);
    expect(contrast('#777777', '#fff')).toBeLessThan(AA.text);
    expect(() => contrast('blue', '#fff')).toThrow(/not a colour/);
  });
});

describe('the theme meets WCAG 2.1 AA in every size setting', () => {
  const backgroundsOf = (tokens: Tokens) => ({
    container: tokens.colorBgContainer,
    layout: tokens.colorBgLayout,
    elevated: tokens.colorBgElevated,
    'table header': tokens.colorFillAlter,
    'sub-menu': '#fafafa',
    'selected item': tokens.colorPrimaryBg,
    'hovered row': tokens.controlItemBgHover,
  });
  const textsOf = (tokens: Tokens) => ({
    text: tokens.colorText,
    secondary: tokens.colorTextSecondary,
    tertiary: tokens.colorTextTertiary,
    description: tokens.colorTextDescription,
    placeholder: tokens.colorTextPlaceholder,
    'link and selection': tokens.colorPrimary,
    'link hovered': tokens.colorLinkHover,
    'error message': tokens.colorError,
  });
  /** A disabled control's value (a locked field on a modify page) on the disabled background. */
  const disabled = () => contrast(tokens.colorTextDisabled, tokens.colorBgContainerDisabled, '#ffffff');

  for (const size of ['small', 'middle', 'large'].map(uiSize.readSize))
    it(`text on every background (${size})`, () => {
      const sized = tokensAt(size);
      const below: string[] = [];
      for (const [t, fg] of Object.entries(textsOf(sized)))
        for (const [b, bg] of Object.entries(backgroundsOf(sized))) {
          // A selected item's text is the primary colour; other text never sits on it.
          if (b === 'selected item' && !t.startsWith('link')) continue;
          const ratio = contrast(fg, bg, sized.colorBgContainer);
          if (ratio < AA.text) below.push(`${t} ${fg} on ${b} ${bg}: ${ratio.toFixed(2)}`);
        }
      expect(below).toEqual([]);
    });

  it("a locked field's value stays readable", () => {
    expect(disabled()).toBeGreaterThanOrEqual(AA.text);
  });

  it('white text on primary, hovered, pressed and danger buttons', () => {
    for (const bg of [
      tokens.colorPrimary,
      tokens.colorPrimaryHover,
      tokens.colorPrimaryActive,
      tokens.colorError,
      tokens.colorErrorHover,
    ])
      expect(contrast(tokens.colorTextLightSolid, bg), bg).toBeGreaterThanOrEqual(AA.text);
  });

  it('tooltips (the reasons a button is disabled) and control borders', () => {
    expect(contrast(tokens.colorTextLightSolid, tokens.colorBgSpotlight, '#ffffff')).toBeGreaterThanOrEqual(
      AA.text,
    );
    expect(contrast(tokens.colorBorder, tokens.colorBgContainer)).toBeGreaterThanOrEqual(AA.ui);
    // The focus ring (engine/shell/shell.css) is the primary colour.
    expect(contrast(tokens.colorPrimary, tokens.colorBgContainer)).toBeGreaterThanOrEqual(AA.ui);
  });

  for (const colour of Object.keys(STATE_COLOURS) as StateColor[])
    it(`state tag "${colour}"`, () => {
      const [fg, bg] = tagColours(colour);
      expect(contrast(fg, bg, tokens.colorBgContainer)).toBeGreaterThanOrEqual(AA.text);
    });
});
