import { App, ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { loadUiLocale } from '../i18n/uiLocale';
import { useStore } from '../store/createStore';
import { appStore } from './appStore';
import { csp } from './cspNonce';
import { localeStore } from './localeStore';
import { theme } from './theme';
import { themeAtSize } from './uiSize';

/**
 * antd for the pages that use it: locale (antd and dayjs follow the language), the interface size from
 * the cookie (componentSize and the theme's size tokens, uiSize.ts), and the App context for message
 * and modal. Children wait for the locale so that dates never render with the wrong first day of the
 * week.
 */
export function AntdRoot({ children, className }: { children: ReactNode; className?: string }) {
  const { size, language } = useStore(appStore);
  const { antdLocale, language: loadedFor } = useStore(localeStore);
  const sized = useMemo(() => themeAtSize(theme, size), [size]);
  useEffect(() => {
    if (loadedFor === language) return;
    loadUiLocale(language).then((locale) => localeStore.set({ antdLocale: locale, language }));
  }, [language, loadedFor]);
  if (!loadedFor) {
    return (
      <div className="page-fill">
        <span className="boot-spinner" role="progressbar" aria-busy="true" />
      </div>
    );
  }
  return (
    <ConfigProvider locale={antdLocale} componentSize={size} theme={sized} csp={csp}>
      <App className={className}>{children}</App>
    </ConfigProvider>
  );
}
