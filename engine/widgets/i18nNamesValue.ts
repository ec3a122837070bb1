// The value of the i18nNames widget, without React: one text per language, as an object keyed by
// language code ({"en-US": …, "zh-CN": …, "zh-TW": …, "vi": …}), the shape the server takes for a
// name in every language (frame-define fieldNoName). Form rules check it here.
import { LANGUAGES } from '../i18n/language';

export type I18nValue = Partial<Record<(typeof LANGUAGES)[number], string>>;

/** Each language by its own name, as language pickers show them whatever the page's language. */
export const NATIVE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  vi: 'Tiếng Việt',
};

/** A stored value as an object; a plain string (a name in one language) fills no language. */
export function asNames(value: unknown): I18nValue | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as I18nValue) : undefined;
}

/** The object as the form keeps it: only languages with text; undefined when none has any. */
export function setLanguage(value: unknown, language: string, text: string): I18nValue | undefined {
  const next: Record<string, string> = { ...(asNames(value) ?? {}) };
  if (text) next[language] = text;
  else delete next[language];
  return Object.keys(next).length ? next : undefined;
}

/** The languages a name still lacks (empty or blank). */
export const missingLanguages = (value: unknown): string[] =>
  LANGUAGES.filter((l) => !asNames(value)?.[l]?.trim());

export interface TypedNames {
  value: I18nValue | undefined;
  /** The languages holding a copy of another language's text, not translated yet (shown marked). */
  copied: ReadonlySet<string>;
}

/**
 * What typing `text` into one language's input makes of the names. A language typed into is the user's
 * own from then on. The languages still empty, or still holding a copy, follow the language typed
 * into: a name is typed once and the other languages start from it, marked untranslated until edited.
 * Emptying the typed language takes its copies with it.
 */
export function typeName(
  value: unknown,
  copied: ReadonlySet<string>,
  language: string,
  text: string,
): TypedNames {
  const names = asNames(value) ?? {};
  if (copied.has(language)) {
    const rest = new Set(copied);
    rest.delete(language);
    return { value: setLanguage(value, language, text), copied: rest };
  }
  let next: unknown = setLanguage(value, language, text);
  const follow = new Set(copied);
  for (const other of LANGUAGES) {
    if (other === language) continue;
    const own = names[other];
    if (own?.trim() && !copied.has(other)) continue;
    next = setLanguage(next, other, text);
    if (text) follow.add(other);
    else follow.delete(other);
  }
  return { value: asNames(next), copied: follow };
}
