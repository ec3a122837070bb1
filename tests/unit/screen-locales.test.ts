// Every locale key a screen uses, with the engine's defaults applied, exists in all four languages.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normaliseScreen } from '@engine/screens/normalise';
import type { NormalisedField, NormalisedScreen } from '@engine/screens/types';
import { assertScreen } from '@engine/screens/validate';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LANGUAGES = ['en-US', 'zh-CN', 'zh-TW', 'vi'];
const locales = Object.fromEntries(
  LANGUAGES.map((l) => [
    l,
    JSON.parse(readFileSync(join(root, 'locales', `${l}.json`), 'utf8')) as Record<string, string>,
  ]),
);

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return jsonFiles(full);
    return name.endsWith('.json') ? [full] : [];
  });
}

function fieldKeys(f: NormalisedField): string[] {
  return [
    f.labelKey,
    f.placeholderKey,
    f.required ? f.requiredMessageKey : undefined,
    f.pattern ? f.patternMessageKey : undefined,
    f.maxLength ? 'validation.maxLength' : undefined,
    f.min !== undefined ? 'validation.min' : undefined,
    f.max !== undefined ? 'validation.max' : undefined,
    ...(f.options ?? []).map((o) => o.labelKey),
  ].filter((k): k is string => !!k);
}

function keysOf(s: NormalisedScreen): string[] {
  const keys = [s.titleKey, 'screen.loadFailed'];
  if (s.list) {
    keys.push(
      'list.total',
      'list.search',
      'list.advancedSearch',
      'list.query',
      'list.reset',
      'list.cancel',
      'list.actionDone',
      'list.confirmTitle',
      'list.confirmOk',
      'list.confirmCancel',
      'list.noSearchPermission',
      'list.reason.exactlyOne',
      'list.reason.atLeastOne',
    );
    if (s.list.keyword) keys.push(s.list.keyword.placeholderKey);
    for (const c of s.list.columns) keys.push(c.labelKey, ...(c.options ?? []).map((o) => o.labelKey));
    for (const f of s.list.searchFields) keys.push(...fieldKeys(f));
    for (const a of s.list.actions) keys.push(a.labelKey, ...(a.confirmKey ? [a.confirmKey] : []));
  }
  if (s.form) {
    keys.push('form.save', 'form.cancel', 'form.back', 'form.saved', 'form.loadFailed');
    for (const g of s.form.groups) if (g.titleKey) keys.push(g.titleKey);
    for (const tab of s.form.tabs) keys.push(tab.titleKey, 'form.tabErrors');
    for (const f of s.form.fields) keys.push(...fieldKeys(f));
    for (const r of s.form.rules) keys.push(r.messageKey);
  }
  if (s.detail) {
    keys.push('form.back', 'form.loadFailed', 'option.yes', 'option.no');
    for (const g of s.detail.groups) if (g.titleKey) keys.push(g.titleKey);
    for (const tab of s.detail.tabs) keys.push(tab.titleKey);
    for (const f of s.detail.fields) keys.push(f.labelKey, ...(f.options ?? []).map((o) => o.labelKey));
    for (const a of s.detail.actions) keys.push(a.labelKey);
  }
  return [...new Set(keys)];
}

const files = jsonFiles(join(root, 'screens')).map((f) => relative(root, f));

describe('screen locale keys', () => {
  it.each(files)('%s has every text in every language', (file) => {
    const screen = normaliseScreen(
      assertScreen(JSON.parse(readFileSync(join(root, file), 'utf8')), file),
      file,
    );
    const missing = LANGUAGES.flatMap((l) =>
      keysOf(screen)
        .filter((k) => typeof locales[l][k] !== 'string' || locales[l][k] === '')
        .map((k) => `${l}: ${k}`),
    );
    expect(missing, missing.join('\n')).toEqual([]);
  });
});
