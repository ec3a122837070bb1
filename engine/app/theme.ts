import type { ThemeConfig } from 'antd';

/** The user asked the system for less motion: antd's zooms, slides and waves are switched off. */
const reducedMotion =
  typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

export const theme: ThemeConfig = {
  token: { colorPrimary: '#1677ff', borderRadius: 4, motion: !reducedMotion },
};
