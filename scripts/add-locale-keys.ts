// Merges locale keys into the four files in locales/, sorted, leaving other keys alone.
// Usage: tsx scripts/add-locale-keys.ts keys.json, where keys.json is
// {"some.key": ["en-US text", "zh-CN text", "zh-TW text", "vi text"], ...}.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const LANGUAGES = ['en-US', 'zh-CN', 'zh-TW', 'vi'] as const;

export function addLocaleKeys(entries: Record<string, string[]>): void {
  LANGUAGES.forEach((lang, i) => {
    const file = fileURLToPath(new URL(`../locales/${lang}.json`, import.meta.url));
    const current = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    for (const [key, texts] of Object.entries(entries)) {
      if (texts.length !== LANGUAGES.length) throw new Error(`${key}: needs ${LANGUAGES.length} texts`);
      current[key] = texts[i];
    }
    const sorted = Object.fromEntries(Object.entries(current).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const input = process.argv[2];
  if (!input) throw new Error('usage: tsx scripts/add-locale-keys.ts keys.json');
  addLocaleKeys(JSON.parse(readFileSync(input, 'utf8')));
}
