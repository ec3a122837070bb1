// The languages the server offers (IZlLanguageService/getAllZlLanguage), those the interface ships
// only, each named in its own language: the login page's and the top bar's switch, and a saved search
// tag's name in every language.
import { useEffect, useState } from 'react';
import { request } from '../request';
import { isLanguage } from './language';

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

/** The server's language list (only those the interface ships); the fallback names until it arrives. */
export function useLanguageOptions(): LanguageOption[] {
  const [options, setOptions] = useState<LanguageOption[]>(FALLBACK);

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

  return options;
}
