// The locale completeness check: the real files pass, and each kind of mistake is caught.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLocales, SPEC_KEYS } from '../../scripts/check-locales';
import { LANGUAGES, type Locales, loadLocales } from '../../scripts/tooling/locales';

const root = fileURLToPath(new URL('../..', import.meta.url));
let real: Locales;

beforeAll(() => {
  real = loadLocales(root);
});

const copy = (): Locales => structuredClone(real);
const problemsFor = (locales: Locales, key: string) =>
  checkLocales(root, locales)
    .filter((p) => p.key === key)
    .map((p) => p.message);

describe('locale files', () => {
  it('are complete, used and consistent', () => {
    const problems = checkLocales(root, real).map((p) => `${p.key}: ${p.message}`);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('hold the keys the specification names', () => {
    for (const key of [...SPEC_KEYS, 'login.confirmTip', 'login.confirmLogOut'])
      for (const l of LANGUAGES) expect(real[l][key], `${l} ${key}`).toBeTruthy();
  });
});

describe('the locale check reports', () => {
  it('a key missing from one language', () => {
    const l = copy();
    delete l.vi['list.query'];
    expect(problemsFor(l, 'list.query')).toEqual([expect.stringMatching(/^missing or empty in vi: add/)]);
  });

  it('a key the engine uses that no file holds', () => {
    const l = copy();
    for (const lang of LANGUAGES) delete l[lang]['layout.noMenus'];
    expect(problemsFor(l, 'layout.noMenus')).toEqual([
      expect.stringMatching(/^used by engine\/shell\/.*\.tsx:\d+ but in no locale file/),
    ]);
  });

  it('a key of a dynamic family derived from its source (error codes, menus, resource fields)', () => {
    const l = copy();
    for (const lang of LANGUAGES) {
      delete l[lang]['error.10007'];
      delete l[lang]['menu.Base.Basic.Organizational'];
      delete l[lang]['field.orgShortName'];
    }
    expect(problemsFor(l, 'error.10007')).toEqual([expect.stringMatching(/^used by services\/errors.ts/)]);
    expect(problemsFor(l, 'menu.Base.Basic.Organizational')).toEqual([
      expect.stringMatching(/^used by (services\/seed\/menus.ts|screens\/)/),
    ]);
    expect(problemsFor(l, 'field.orgShortName')).toHaveLength(1);
  });

  it('a key nothing uses, even inside a family', () => {
    const l = copy();
    for (const lang of LANGUAGES) {
      l[lang]['layout.neverUsed'] = 'x';
      l[lang]['error.99999'] = 'x';
      l[lang]['menu.No.Such.Menu'] = 'x';
      l[lang]['field.noSuchField'] = 'x';
      l[lang]['problem.noSuchKeyword'] = 'x';
    }
    for (const key of [
      'layout.neverUsed',
      'error.99999',
      'menu.No.Such.Menu',
      'field.noSuchField',
      'problem.noSuchKeyword',
    ])
      expect(problemsFor(l, key), key).toEqual([expect.stringMatching(/^nothing uses it/)]);
  });

  it('placeholders that differ between languages', () => {
    const l = copy();
    l['zh-TW']['list.total'] = '共 {{count}} 筆';
    expect(problemsFor(l, 'list.total')).toEqual([
      expect.stringMatching(/^placeholders differ between languages .*zh-TW: \{count\}/),
    ]);
  });
});
