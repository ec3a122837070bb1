// Removes locale keys from all four files in locales/ at once, the counterpart of add-locale-keys.ts.
// Usage: tsx scripts/remove-locale-keys.ts some.key other.key ...
// Before removing a key, grep that nothing builds it dynamically (`field.${prop}`, `menu.${menuNo}`).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from './add-locale-keys.js';

export function removeLocaleKeys(keys: string[]): void {
  for (const lang of LANGUAGES) {
    const file = fileURLToPath(new URL(`../locales/${lang}.json`, import.meta.url));
    const current = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    for (const key of keys) delete current[key];
    writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const keys = process.argv.slice(2);
  if (!keys.length) throw new Error('usage: tsx scripts/remove-locale-keys.ts key ...');
  removeLocaleKeys(keys);
}
