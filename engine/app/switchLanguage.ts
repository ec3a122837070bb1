import { changeI18nLanguage } from '../i18n/i18n';
import type { Language } from '../i18n/language';
import { loadMenus, menuStore } from '../menu/menuStore';
import { rememberLanguage } from './appStore';

/**
 * Switches the texts, then the remembered language (AntdRoot follows with antd's and dayjs's
 * locales), and reloads menus because the server translates their names.
 */
export async function switchLanguage(language: Language): Promise<void> {
  await changeI18nLanguage(language);
  rememberLanguage(language);
  if (menuStore.get().loaded) await loadMenus();
}
