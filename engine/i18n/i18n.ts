import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from './language';

// Each language is its own chunk, so the login page downloads one dictionary, not four.
const dictionaries = import.meta.glob<{ default: Record<string, string> }>('../../locales/*.json');

async function loadDictionary(language: Language): Promise<Record<string, string>> {
  const load = dictionaries[`../../locales/${language}.json`];
  if (!load) throw new Error(`no locale file for ${language}`);
  return (await load()).default;
}

export const i18n = i18next.createInstance();

export async function initI18n(language: Language): Promise<void> {
  const resources = { [language]: { translation: await loadDictionary(language) } };
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources,
    // Locale files are flat, and keys such as error.50M01 or "a: b" must not be split.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (language !== DEFAULT_LANGUAGE) document.documentElement.lang = language;
}

export async function changeI18nLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loadDictionary(language));
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options) as string;
