// The locale completeness check: the real files pass, and each kind of mistake is caught.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLocales, readGlossary, SPEC_KEYS } from '../../scripts/check-locales';
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

describe('the glossary (locales/GLOSSARY.md)', () => {
  it('is read with a term and its forbidden variants per concept', () => {
    const terms = readGlossary(root);
    expect(terms).toContainEqual({
      term: 'organization',
      forbidden: ['organisation', 'organise'],
      allowed: [],
    });
    expect(terms).toContainEqual({ term: 'item', forbidden: ['material'], allowed: ['raw material'] });
  });

  it('flags a forbidden variant in en-US, in any case and inflection, but not in an allowed phrase', () => {
    const l = copy();
    l['en-US']['layout.noFavourites'] = 'No favourites yet';
    l['en-US']['field.orgNos'] = 'Organisations';
    l['en-US']['menu.Base.Material.Material'] = 'Materials';
    l['en-US']['enum.ITEM_TYPE.1'] = 'Raw material';
    expect(problemsFor(l, 'layout.noFavourites')).toEqual([
      expect.stringMatching(/^en-US says "favourite…" where locales\/GLOSSARY.md says "favorite"/),
    ]);
    expect(problemsFor(l, 'field.orgNos')).toEqual([expect.stringMatching(/says "organization"/)]);
    expect(problemsFor(l, 'menu.Base.Material.Material')).toEqual([expect.stringMatching(/says "item"/)]);
    expect(problemsFor(l, 'enum.ITEM_TYPE.1')).toEqual([]);
    // Other languages are not judged by the English glossary.
    const zh = copy();
    zh['zh-CN']['field.orgNos'] = 'organisation';
    expect(problemsFor(zh, 'field.orgNos')).toEqual([]);
  });
});
