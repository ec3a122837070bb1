// The locale completeness check (`npm test` runs it through tests/unit/check-locales.test.ts; by hand:
// `npx tsx scripts/check-locales.ts`). Fails when a key used by a screen, the engine or the server is
// missing from a language, when a file holds a key nothing uses, when the {{placeholders}} of a message
// differ between languages, or when the four files do not hold the same keys.
//
// "Used" is derived from the sources, never from a prefix allow-list:
// - screens: every *Key property (read from the schema) and the engine's field.<prop> / action.<kind> defaults;
// - engine and server code: every key-shaped string literal that names a locale key, and every literal in a
//   translating position (t('…'), translate('…'), fail('…'), someKey: '…') even when it names none;
// - the dynamic families, each from what builds it: error.<code> from services/errors.ts, menu.<menuNo>
//   from services/seed/menus.ts, menuPermission.flag.<flag> from schemas/flag.schema.json, enum.<enumMid>.<value> from services/seed/enums.ts,
//   exportTemplate.<module>.<exportName> from services/seed/export-templates.ts, importTemplate.<port> from
//   the importable resources, field.<prop> from every declared resource (fields, system fields, scope
//   columns) and every payload property (services/http/validation.ts names the field), problem.<keyword> from
//   the cases of services/http/validation.ts, type.<type> from the JSON types of the payload schemas,
//   action.<kind> and validation.<rule type> from the kinds and rule types the screen schema allows;
//   a document's name, state, transition, side and guard-problem keys from its declaration;
//   dashboard.schedule.type.<type> from the kinds of pending work (services/rules/dashboard.ts);
// - SPEC_KEYS: keys the specification names for behaviour that is not built yet.
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flagLabelKey, MENU_FLAGS } from '../engine/core/flags.js';
import { documentLocaleKeys } from '../services/document/define.js';
import { ERRORS } from '../services/errors.js';
import { SERVICES } from '../services/modules/index.js';
import { SYSTEM_FIELDS } from '../services/resource/define.js';
import { importPorts } from '../services/resource/import-ports.js';
import { namedReferences } from '../services/resource/references.js';
import { SCHEDULE_TYPES } from '../services/rules/dashboard.js';
import { SYSTEM_ENUMS } from '../services/seed/enums.js';
import { EXPORT_TEMPLATES } from '../services/seed/export-templates.js';
import { MENUS } from '../services/seed/menus.js';
import { SYSTEM_ADMIN_ENUMS } from '../services/seed/system.js';
import { SYSTEM_CONTROLS } from '../services/system/business-control.js';
import { jobClassNames } from '../services/system/job-classes.js';
import { SYSTEM_PARAMS } from '../services/system/params.js';
import { LANGUAGES, type Locales, loadLocales, missingIn, placeholders } from './tooling/locales.js';
import { ACTION_KINDS, jsonFiles, RULE_TYPES, readJson, screenLocaleKeys, walk } from './tooling/screens.js';

/**
 * Keys the specification names (spec 000 sections 1, 4, 5, 8) whose screens are still to come; they are
 * kept translated so the screen that needs them finds them. Remove a key here when the code uses it.
 */
export const SPEC_KEYS: readonly string[] = [
  'confirm.allData',
  'common.validMobile',
  'common.validPhone',
  'common.validEmail',
  'requiredLabelName',
  'i18nListRule',
];

export interface LocaleProblem {
  key: string;
  message: string;
}

const KEY_SHAPE = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const visit = (d: string) => {
    for (const name of readdirSafe(d)) {
      const full = join(d, name.name);
      if (name.isDirectory()) visit(full);
      else if (/\.(ts|tsx)$/.test(name.name) && !/\.(test|e2e)\.tsx?$/.test(name.name)) out.push(full);
    }
  };
  visit(join(root, dir));
  return out.sort();
}

function readdirSafe(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Comments out, so a quote in a comment cannot pair with a quote in code. */
function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

interface CodeUse {
  key: string;
  where: string;
  /** In a translating position: the key must exist. */
  required: boolean;
}

const TRANSLATING =
  /(?:\bt|translate|\bfail|i18n\.t)\(\s*$|[A-Za-z]Key\s*[:=]\s*$|[A-Za-z]Key\s*\?\?\s*$|i18nKey=\{?\s*$/;

function codeUses(root: string, files: string[], namespaces: Set<string>): CodeUse[] {
  const uses: CodeUse[] = [];
  for (const file of files) {
    const src = stripComments(readFileSync(file, 'utf8'));
    for (const m of src.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`$\\\n]*)`/g)) {
      const text = m[1] ?? m[2] ?? m[3];
      if (!KEY_SHAPE.test(text)) continue;
      const before = src.slice(Math.max(0, (m.index ?? 0) - 40), m.index);
      const where = `${relative(root, file)}:${src.slice(0, m.index).split('\n').length}`;
      // A literal is a key reference when it sits where a key goes, or when it is shaped like a key of
      // one of the locale namespaces (login.userNoRequired returned by a validator, for example).
      const required = TRANSLATING.test(before) || namespaces.has(text.split('.')[0]);
      uses.push({ key: text, where, required });
    }
  }
  return uses;
}

/** The keyword cases that fall through to t(`problem.${err.keyword}`) in services/http/validation.ts. */
function problemKeywords(root: string): string[] {
  const lines = readFileSync(join(root, 'services/http/validation.ts'), 'utf8').split('\n');
  const at = lines.findIndex((l) => /`problem\.\$\{err\.keyword\}`/.test(l));
  if (at < 0) return [];
  const out: string[] = [];
  for (let i = at - 1; i >= 0; i--) {
    const m = /^\s*case '([A-Za-z]+)':\s*$/.exec(lines[i]);
    if (!m) break;
    out.push(m[1]);
  }
  return out;
}

interface ServerFamilies {
  required: Map<string, string>;
  optional: Map<string, string>;
}

/** field.<prop> of resources, error.<code>, menu.<menuNo>, type.<type>, payload property labels. */
function serverFamilies(root: string): ServerFamilies {
  const required = new Map<string, string>();
  const optional = new Map<string, string>();
  for (const e of Object.values(ERRORS)) required.set(`error.${e.code}`, 'services/errors.ts');
  for (const m of MENUS) required.set(`menu.${m.menuNo}`, 'services/seed/menus.ts');
  for (const f of MENU_FLAGS) required.set(flagLabelKey(f), 'schemas/flag.schema.json');
  for (const [mid, values] of Object.entries(SYSTEM_ENUMS))
    for (const [value] of values) required.set(`enum.${mid}.${value}`, 'services/seed/enums.ts');
  for (const [mid, values] of Object.entries(SYSTEM_ADMIN_ENUMS))
    for (const [value] of values) required.set(`enum.${mid}.${value}`, 'services/seed/system.ts');
  for (const name of jobClassNames()) required.set(`jobClass.${name}`, 'services/system/job-classes.ts');
  for (const p of SYSTEM_PARAMS) required.set(`param.${p.paramNo}`, 'services/system/params.ts');
  for (const type of [...SCHEDULE_TYPES.supplier, ...SCHEDULE_TYPES.purchaser])
    required.set(`dashboard.schedule.type.${type}`, 'services/rules/dashboard.ts');
  for (const c of SYSTEM_CONTROLS)
    required.set(`control.${c.controlNo}`, 'services/system/business-control.ts');
  for (const x of EXPORT_TEMPLATES)
    required.set(`exportTemplate.${x.module}.${x.exportName}`, 'services/seed/export-templates.ts');
  for (const decl of importPorts(SERVICES))
    required.set(decl.templateNameKey, `${decl.port}: its resource declares import`);
  for (const f of Object.keys(SYSTEM_FIELDS))
    required.set(`field.${f}`, 'services/resource/define.ts SYSTEM_FIELDS');
  for (const kw of problemKeywords(root)) required.set(`problem.${kw}`, 'services/http/validation.ts');
  for (const service of SERVICES) {
    for (const [name, method] of Object.entries(service.methods)) {
      const where = `${service.name}/${name}`;
      const res = method.resource;
      if (res) {
        for (const f of Object.keys(res.fields)) required.set(`field.${f}`, `${where} resource`);
        if (res.document)
          for (const key of documentLocaleKeys(res.document)) required.set(key, `${where} document`);
        for (const c of Object.values(res.scope ?? {})) if (c) required.set(`field.${c}`, `${where} scope`);
        // The name a reference answers beside its code is an exportable field with a label of its own.
        for (const n of namedReferences(res))
          required.set(n.name.labelKey ?? `field.${n.name.as}`, `${where} reference name`);
      }
      for (const { value, pointer } of walk(method.body)) {
        if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
        // validation.ts reports ajv's first error; in an anyOf/oneOf that is the first branch's.
        if (/\/(anyOf|oneOf)\/[1-9]/.test(pointer)) continue;
        const node = value as { type?: unknown; properties?: Record<string, unknown> };
        // ajv reports a union type as "string,null"; validation.ts translates the first one.
        const type = Array.isArray(node.type) ? node.type[0] : node.type;
        if (typeof type === 'string') required.set(`type.${type}`, `${where} payload schema`);
        // validation.ts labels a payload property with field.<prop>, falling back to the property name.
        for (const p of Object.keys(node.properties ?? {}))
          if (!optional.has(`field.${p}`)) optional.set(`field.${p}`, `${where} payload schema`);
      }
    }
  }
  return { required, optional };
}

export interface GlossaryTerm {
  /** The term en-US uses for the concept. */
  term: string;
  /** Words en-US must not use for it, each matched at the start of a word, in any case. */
  forbidden: string[];
  /** Phrases holding a forbidden word that name something else ('raw material', an item type). */
  allowed: string[];
}

const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1].toLowerCase());

/** The terms of locales/GLOSSARY.md: its table between the glossary:start and glossary:end marks. */
export function readGlossary(root: string): GlossaryTerm[] {
  const text = readFileSync(join(root, 'locales/GLOSSARY.md'), 'utf8');
  const table = text.split('<!-- glossary:start -->')[1]?.split('<!-- glossary:end -->')[0] ?? '';
  return table
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) => line.split('|').map((c) => c.trim()))
    .map((cells) => ({ term: cells[2], forbidden: ticked(cells[6] ?? ''), allowed: ticked(cells[7] ?? '') }))
    .filter((t) => t.forbidden.length > 0);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** en-US texts using a word the glossary forbids (British spelling, a second word for one concept). */
export function glossaryProblems(texts: Record<string, string>, glossary: GlossaryTerm[]): LocaleProblem[] {
  const problems: LocaleProblem[] = [];
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value !== 'string') continue;
    for (const { term, forbidden, allowed } of glossary) {
      let text = value.toLowerCase();
      for (const phrase of allowed) text = text.split(phrase).join(' ');
      const found = forbidden.find((word) =>
        new RegExp(`(^|[^\\p{L}])${escapeRegExp(word)}`, 'u').test(text),
      );
      if (found)
        problems.push({
          key,
          message: `en-US says "${found}…" where locales/GLOSSARY.md says "${term}": use the glossary's term`,
        });
    }
  }
  return problems;
}

export function checkLocales(root: string, locales: Locales = loadLocales(root)): LocaleProblem[] {
  const problems: LocaleProblem[] = [];
  const base = locales['en-US'];
  const allKeys = new Set(LANGUAGES.flatMap((l) => Object.keys(locales[l])));
  const namespaces = new Set([...allKeys].filter((k) => k.includes('.')).map((k) => k.split('.')[0]));

  // Same key set in all four files; placeholders the same in every language.
  for (const key of [...allKeys].sort()) {
    const missing = missingIn(locales, key);
    if (missing.length)
      problems.push({
        key,
        message: `missing or empty in ${missing.join(', ')}: add the translation with scripts/add-locale-keys.ts`,
      });
    const present = LANGUAGES.filter((l) => typeof locales[l][key] === 'string');
    const sets = present.map((l) => placeholders(locales[l][key]).join(','));
    if (new Set(sets).size > 1)
      problems.push({
        key,
        message: `placeholders differ between languages (${present.map((l, i) => `${l}: {${sets[i]}}`).join('; ')}): use the same {{names}} in every language`,
      });
  }

  // What uses which key.
  const required = new Map<string, string>();
  const used = new Set<string>();
  const require = (key: string, where: string) => {
    used.add(key);
    if (!required.has(key)) required.set(key, where);
  };
  for (const file of jsonFiles(join(root, 'screens')))
    for (const u of screenLocaleKeys(readJson(file))) require(u.key, `${relative(root, file)}#${u.pointer}`);
  const code = [...sourceFiles(root, 'engine'), ...sourceFiles(root, 'services')];
  for (const u of codeUses(root, code, namespaces)) {
    if (u.required) require(u.key, u.where);
    else if (allKeys.has(u.key)) used.add(u.key);
  }
  const server = serverFamilies(root);
  for (const [key, where] of server.required) require(key, where);
  for (const key of server.optional.keys()) used.add(key);
  for (const kind of ACTION_KINDS) require(`action.${kind}`, 'schemas/screen.schema.json action kinds');
  for (const type of RULE_TYPES) require(`validation.${type}`, 'schemas/screen.schema.json rule types');
  for (const key of SPEC_KEYS) require(key, 'the specification (SPEC_KEYS in scripts/check-locales.ts)');

  for (const [key, where] of [...required].sort(([a], [b]) => a.localeCompare(b))) {
    if (allKeys.has(key) || [...allKeys].some((k) => k.replace(PLURAL, '') === key)) continue;
    problems.push({
      key,
      message: `used by ${where} but in no locale file: add it in all four languages with scripts/add-locale-keys.ts`,
    });
  }
  problems.push(...glossaryProblems(base, readGlossary(root)));
  for (const key of [...allKeys].sort()) {
    if (used.has(key) || used.has(key.replace(PLURAL, ''))) continue;
    problems.push({
      key,
      message: `nothing uses it (${typeof base[key] === 'string' ? JSON.stringify(base[key]) : 'no en-US text'}): remove it from the four files, or use it`,
    });
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const problems = checkLocales(root);
  for (const p of problems) console.log(`locales/*.json ${p.key}: ${p.message}`);
  console.log(problems.length ? `${problems.length} locale problem(s)` : 'locales: ok');
  process.exit(problems.length ? 1 : 0);
}
