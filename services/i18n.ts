// Server messages come from the same locales/ files as the browser's, in the caller's language.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';

export const LANGUAGES = ['en-US', 'zh-CN', 'zh-TW', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

const resources = Object.fromEntries(
  LANGUAGES.map((lang) => {
    const file = fileURLToPath(new URL(`../locales/${lang}.json`, import.meta.url));
    return [lang, { translation: JSON.parse(readFileSync(file, 'utf8')) as Record<string, string> }];
  }),
);

const instance = i18next.createInstance();
await instance.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: 'en-US',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
} as Parameters<typeof instance.init>[0]);

const fixed = new Map<Language, TFunction>(LANGUAGES.map((lang) => [lang, instance.getFixedT(lang)]));

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export function translator(lang: Language): Translate {
  const t = fixed.get(lang)!;
  return (key, params) => t(key, params ?? {}) as string;
}

const byPrefix = new Map<string, Record<string, string>>();

/**
 * Every text of `lang` whose key starts with `prefix`, by the rest of the key, en-US filling what the
 * language lacks (the menu titles by menu number, for SQL that names menus in the caller's language).
 */
export function textsByPrefix(lang: Language, prefix: string): Record<string, string> {
  const cacheKey = `${lang}\u0000${prefix}`;
  let found = byPrefix.get(cacheKey);
  if (!found) {
    found = {};
    for (const source of [resources['en-US'], resources[lang]])
      for (const [key, text] of Object.entries(source.translation))
        if (key.startsWith(prefix) && text) found[key.slice(prefix.length)] = text;
    byPrefix.set(cacheKey, found);
  }
  return found;
}

/** Picks the first supported language of an Accept-Language header (zh → zh-CN, zh-HK → zh-TW, en → en-US). */
export function resolveLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.split('=')[1]) : 1 };
    })
    .filter((w) => w.tag && !Number.isNaN(w.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
    if (tag.startsWith('vi')) return 'vi';
  }
  return DEFAULT_LANGUAGE;
}
