import type { ThemeConfig } from 'antd';

/** The user asked the system for less motion: antd's zooms, slides and waves are switched off. */
const reducedMotion =
  typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

/**
 * The colours every page inherits, chosen for WCAG 2.1 AA (tests/unit/a11y-contrast.test.ts holds it): text at
 * least 4.5:1 on the backgrounds it is shown on (links, selected menu items, the state tags on their
 * tinted backgrounds, secondary and placeholder text), and control borders at least 3:1 on white.
 * antd's own blue (#1677ff) is 4.1:1 on white, its tertiary text 3.4:1 and its borders 1.4:1.
 */
export const palette = {
  primary: '#0958d9',
  primaryHover: '#003eb3',
  primaryActive: '#002c8c',
  success: '#237804',
  warning: '#874d00',
  error: '#cf1322',
  /** The tinted backgrounds and borders of the states (antd's own, which darker seeds would grey). */
  successBg: '#f6ffed',
  successBorder: '#b7eb8f',
  warningBg: '#fffbe6',
  warningBorder: '#ffe58f',
  errorBg: '#fff2f0',
  errorBorder: '#ffccc7',
  /** Secondary text: hints, counts, descriptions, dates. */
  textTertiary: 'rgba(0, 0, 0, 0.6)',
  placeholder: 'rgba(0, 0, 0, 0.56)',
  /** The border of a control (input, select, checkbox, switch off). */
  border: '#8c8c8c',
  /**
   * A disabled control's text: a locked field on a modify page still holds a value the user reads,
   * so it stays readable (4.5:1 on the disabled grey) and is told apart by its grey background.
   */
  textDisabled: 'rgba(0, 0, 0, 0.62)',
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: palette.primary,
    colorInfo: palette.primary,
    colorLink: palette.primary,
    colorPrimaryHover: palette.primaryHover,
    colorLinkHover: palette.primaryHover,
    colorPrimaryActive: palette.primaryActive,
    colorLinkActive: palette.primaryActive,
    colorSuccess: palette.success,
    colorWarning: palette.warning,
    colorError: palette.error,
    colorSuccessBg: palette.successBg,
    colorSuccessBorder: palette.successBorder,
    colorWarningBg: palette.warningBg,
    colorWarningBorder: palette.warningBorder,
    colorErrorBg: palette.errorBg,
    colorErrorBorder: palette.errorBorder,
    colorTextTertiary: palette.textTertiary,
    colorTextDescription: palette.textTertiary,
    colorTextPlaceholder: palette.placeholder,
    colorBorder: palette.border,
    colorTextDisabled: palette.textDisabled,
    borderRadius: 4,
    motion: !reducedMotion,
  },
};
