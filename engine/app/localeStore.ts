import type { Locale } from 'antd/es/locale';
import type { Language } from '../i18n/language';
import { createStore } from '../store/createStore';

/** antd's locale object and the language it was loaded for (undefined until first loaded). */
export const localeStore = createStore<{ antdLocale: Locale | undefined; language: Language | undefined }>(
  () => ({
    antdLocale: undefined,
    language: undefined,
  }),
);
