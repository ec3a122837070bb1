// Adds locale keys to the four files in locales/, touching only those keys: a new key goes in at its
// place in the sorted file (before the first key that sorts after it), a key already there has its
// text replaced on its own line, and every other line stays as it is, so a diff shows only what was
// added. Usage: tsx scripts/add-locale-keys.ts keys.json, where keys.json is either
// {"some.key": {"en-US": "...", "zh-CN": "...", "zh-TW": "...", "vi": "..."}} or
// {"some.key": ["en-US text", "zh-CN text", "zh-TW text", "vi text"]}.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

export const LANGUAGES = ['en-US', 'zh-CN', 'zh-TW', 'vi'] as const;
export type LocaleTexts = string[] | Partial<Record<(typeof LANGUAGES)[number], string>>;

/** The text of each language for each key, refusing an entry that lacks one. */
function textsOf(entries: Record<string, LocaleTexts>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(entries).map(([key, texts]) => {
      const list = Array.isArray(texts) ? texts : LANGUAGES.map((l) => texts[l]);
      if (list.length !== LANGUAGES.length || list.some((t) => typeof t !== 'string' || t === ''))
        throw new Error(`${key}: needs a text in each of ${LANGUAGES.join(', ')}`);
      return [key, list as string[]];
    }),
  );
}

const line = (key: string, text: string) => `  ${JSON.stringify(key)}: ${JSON.stringify(text)}`;

/**
 * The text of a locale file with `texts` (key → text) added or replaced, every other line kept. A file
 * not in the one-key-a-line form is written out whole, keys in their existing order.
 */
export function insertLocaleKeys(source: string, texts: Record<string, string>): string {
  const current = JSON.parse(source) as Record<string, string>;
  const expected: Record<string, string> = { ...current, ...texts };
  const lines = source.replace(/\n$/, '').split('\n');
  const lineOf = (key: string) => lines.findIndex((l) => l.startsWith(`  ${JSON.stringify(key)}:`));
  for (const [key, text] of Object.entries(texts)) {
    const at = lineOf(key);
    if (at >= 0) {
      lines[at] = line(key, text) + (lines[at].trimEnd().endsWith(',') ? ',' : '');
      continue;
    }
    const keys = lines
      .map((l) => /^ {2}("(?:[^"\\]|\\.)*"):/.exec(l))
      .map((m) => (m ? JSON.parse(m[1]) : null));
    const before = keys.findIndex((k) => k !== null && k.localeCompare(key) > 0);
    if (before >= 0) lines.splice(before, 0, `${line(key, text)},`);
    else {
      const last = keys.map((k) => k !== null).lastIndexOf(true);
      if (last < 0) lines.splice(1, 0, line(key, text));
      else {
        lines[last] = `${lines[last]},`;
        lines.splice(last + 1, 0, line(key, text));
      }
    }
  }
  const out = `${lines.join('\n')}\n`;
  try {
    if (isDeepStrictEqual(JSON.parse(out), expected)) return out;
  } catch {
    // Not the one-key-a-line form: written out whole below.
  }
  return `${JSON.stringify(expected, null, 2)}\n`;
}

/** Adds `entries` to the four files of `dir` (default locales/), each written through a temp file. */
export function addLocaleKeys(
  entries: Record<string, LocaleTexts>,
  dir = fileURLToPath(new URL('../locales/', import.meta.url)),
): void {
  const texts = textsOf(entries);
  LANGUAGES.forEach((lang, i) => {
    const file = `${dir.replace(/\/?$/, '/')}${lang}.json`;
    const next = insertLocaleKeys(
      readFileSync(file, 'utf8'),
      Object.fromEntries(Object.entries(texts).map(([k, t]) => [k, t[i]])),
    );
    writeFileSync(`${file}.tmp`, next);
    renameSync(`${file}.tmp`, file);
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const input = process.argv[2];
  if (!input) throw new Error('usage: tsx scripts/add-locale-keys.ts keys.json');
  addLocaleKeys(JSON.parse(readFileSync(input, 'utf8')));
}
