import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import type { Language } from './language';

dayjs.extend(updateLocale);

const antdLocales: Record<Language, () => Promise<{ default: Locale }>> = {
  'en-US': () => import('antd/es/locale/en_US'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  vi: () => import('antd/es/locale/vi_VN'),
};

const dayjsLocales: Record<Language, { name: string; load: () => Promise<unknown> }> = {
  'en-US': { name: 'en', load: async () => undefined },
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  'zh-TW': { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  vi: { name: 'vi', load: () => import('dayjs/locale/vi') },
};

/** Loads antd's and dayjs's locale for the language; every language's calendar starts on Monday (spec 000 section 5). */
export async function loadUiLocale(language: Language): Promise<Locale> {
  const day = dayjsLocales[language];
  const [antd] = await Promise.all([antdLocales[language](), day.load()]);
  dayjs.updateLocale(day.name, { weekStart: 1 });
  dayjs.locale(day.name);
  return antd.default;
}
