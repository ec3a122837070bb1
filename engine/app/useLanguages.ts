import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, type Language } from '../i18n/language';
import { useLanguageOptions } from '../i18n/languageOptions';
import { useStore } from '../store/createStore';
import { appStore } from './appStore';
import { switchLanguage } from './switchLanguage';

/** The server's language list (only those the interface ships) and the switch with its success message. */
export function useLanguages(onChanged?: (message: string) => void) {
  const { language } = useStore(appStore);
  const { i18n } = useTranslation();
  const options = useLanguageOptions();
  const [switching, setSwitching] = useState(false);

  async function change(code: string) {
    if (!isLanguage(code) || code === language) return;
    setSwitching(true);
    try {
      await switchLanguage(code as Language);
      // In the new language: the render's t is still bound to the old one.
      onChanged?.(i18n.getFixedT(code)('layout.languageChanged'));
    } finally {
      setSwitching(false);
    }
  }

  return { current: language, options, change, switching, supported: LANGUAGES };
}
