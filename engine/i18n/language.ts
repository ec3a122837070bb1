export const LANGUAGES = ['en-US', 'zh-CN', 'zh-TW', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a browser language tag (en-GB, zh-Hant-HK, vi-VN) to one we ship, if any. */
export function matchLanguage(tag: string): Language | undefined {
  const lower = tag.toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const [primary, ...rest] = lower.split('-');
  if (primary === 'zh') {
    const traditional = rest.some(
      (part) => part === 'hant' || part === 'tw' || part === 'hk' || part === 'mo',
    );
    return traditional ? 'zh-TW' : 'zh-CN';
  }
  if (primary === 'en') return 'en-US';
  if (primary === 'vi') return 'vi';
  return undefined;
}

/** Spec 000 section 1: the stored choice, otherwise the browser language, otherwise zh-CN. */
export function chooseLanguage(stored: string | undefined, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
