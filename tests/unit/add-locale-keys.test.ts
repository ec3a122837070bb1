// add-locale-keys touches only the keys it adds: a new key goes in at its sorted place, a key already
// there is replaced on its own line, and every other line of the four files stays as it was.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { addLocaleKeys, insertLocaleKeys, LANGUAGES } from '../../scripts/add-locale-keys';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'locales-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Lines of `after` that are not in `before`, and lines of `before` that are gone. */
function changed(before: string, after: string) {
  const a = before.split('\n');
  const b = after.split('\n');
  return { added: b.filter((l) => !a.includes(l)), removed: a.filter((l) => !b.includes(l)) };
}

describe('add-locale-keys', () => {
  it('adds two keys to the four files and changes no other line', () => {
    for (const l of LANGUAGES) cpSync(join(root, 'locales', `${l}.json`), join(dir, `${l}.json`));
    const before = LANGUAGES.map((l) => readFileSync(join(dir, `${l}.json`), 'utf8'));
    addLocaleKeys(
      {
        'action.addTest': { 'en-US': 'Test', 'zh-CN': '测试', 'zh-TW': '測試', vi: 'Kiểm tra' },
        'title.test.zed': ['Zed', '泽', '澤', 'Zed'],
      },
      dir,
    );
    LANGUAGES.forEach((l, i) => {
      const after = readFileSync(join(dir, `${l}.json`), 'utf8');
      const { added, removed } = changed(before[i], after);
      expect(removed).toEqual([]);
      expect(added).toHaveLength(2);
      const keys = Object.keys(JSON.parse(after));
      // Each at its sorted place: after the key before it, before the key after it.
      for (const key of ['action.addTest', 'title.test.zed']) {
        const at = keys.indexOf(key);
        expect(keys[at - 1].localeCompare(key)).toBeLessThan(0);
        if (at + 1 < keys.length) expect(keys[at + 1].localeCompare(key)).toBeGreaterThan(0);
      }
    });
  });

  it('replaces a key already there on its own line, in place', () => {
    const source = '{\n  "b.key": "B",\n  "a.key": "A",\n  "c.key": "C"\n}\n';
    expect(insertLocaleKeys(source, { 'a.key': 'A2' })).toBe(
      '{\n  "b.key": "B",\n  "a.key": "A2",\n  "c.key": "C"\n}\n',
    );
  });

  it('keeps an unsorted file in its order and appends a key that sorts last', () => {
    const source = '{\n  "b.key": "B",\n  "a.key": "A"\n}\n';
    expect(insertLocaleKeys(source, { 'z.key': 'Z' })).toBe(
      '{\n  "b.key": "B",\n  "a.key": "A",\n  "z.key": "Z"\n}\n',
    );
  });

  it('refuses an entry without a text in every language, changing nothing', () => {
    expect(() => addLocaleKeys({ 'x.key': { 'en-US': 'X' } }, dir)).toThrow(/needs a text in each of en-US/);
  });
});
