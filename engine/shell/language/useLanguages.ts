import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appStore } from '../../app/appStore';
import { switchLanguage } from '../../app/switchLanguage';
import { isLanguage, LANGUAGES, type Language } from '../../i18n/language';
import { request } from '../../request';
import { useStore } from '../../store/createStore';

export interface LanguageOption {
  id?: string;
  languageCode: string;
  description: string;
}

/** Names used until (or if) the server's list arrives, each in its own language. */
const FALLBACK: LanguageOption[] = [
  { languageCode: 'zh-CN', description: '简体中文' },
  { languageCode: 'zh-TW', description: '繁體中文' },
  { languageCode: 'en-US', description: 'English' },
  { languageCode: 'vi', description: 'Tiếng Việt' },
];

/** The server's language list (only those the interface ships) and the switch with its success message. */
export function useLanguages(onChanged?: (message: string) => void) {
  const { language } = useStore(appStore);
  const { i18n } = useTranslation();
  const [options, setOptions] = useState<LanguageOption[]>(FALLBACK);
  const [switching, setSwitching] = useState(false);

  useEffect(() => {
    let alive = true;
    request<LanguageOption[]>('IZlLanguageService/getAllZlLanguage', undefined, {
      loading: false,
      showError: false,
    })
      .then((list) => {
        const shipped = (list ?? []).filter((l) => isLanguage(l.languageCode));
        if (alive && shipped.length) setOptions(shipped);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

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
