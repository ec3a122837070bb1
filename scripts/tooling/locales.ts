// The four locale files as the checks read them: flat key → text, per language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LANGUAGES = ['en-US', 'zh-CN', 'zh-TW', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Locales = Record<Language, Record<string, string>>;

export function loadLocales(root: string): Locales {
  return Object.fromEntries(
    LANGUAGES.map((l) => [l, JSON.parse(readFileSync(join(root, 'locales', `${l}.json`), 'utf8'))]),
  ) as Locales;
}

/** The languages in which `key` has no non-empty text. */
export function missingIn(locales: Locales, key: string): Language[] {
  return LANGUAGES.filter((l) => typeof locales[l][key] !== 'string' || locales[l][key] === '');
}

/** The {{placeholders}} of a message, sorted and without duplicates. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]))].sort();
}
