// `npm run new:screen -- --service IBmOrgService --area base --name my-orgs [--menu Menu.No] [--out screens]
//   [--menu-entry [--parent Menu.Group] [--title "en|zh-CN|zh-TW|vi"] [--supplier]] [--force]`
// Scaffolds the list, add, modify and detail screens of an existing service from its resource
// declaration: columns, search fields and form fields come from the declared fields and filters (the
// organisation, warehouse and supplier selectors for their codes), the toolbar from the methods the
// service has (add, modify, delete, import, export, print, the document's transitions), so the pages
// work at once and pass check:screens. Only the pages whose standard methods exist are written.
// `--menu-entry` also makes the pages reachable: a side-menu entry and its hidden pages in
// services/seed/screen-menus.json (serving the resource), and their titles in the four languages.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_MENU_FLAGS, type FlagName } from '../engine/core/flags.js';
import type { Action, Column, Field, Options, RowAction, Screen } from '../schemas/generated/screen.js';
import type { MethodDef, ServiceDef } from '../services/registry.js';
import type { FieldDef, ResourceDef } from '../services/resource/define.js';
import { MENUS, type MenuFlag } from '../services/seed/menus.js';
import { PRINT_TEMPLATES } from '../services/seed/print-templates.js';
import { SCREEN_MENU_FILE, type ScreenMenuEntry } from '../services/seed/screen-menus.js';
import { LANGUAGES, type Locales, loadLocales } from './tooling/locales.js';

export interface ScaffoldOptions {
  root: string;
  services: readonly ServiceDef[];
  service: string;
  /** Folder under `out` and first path segment (base, order, delivery, ...). */
  area: string;
  /** kebab-case page name: my-orgs gives /base/my-orgs, /base/add-my-orgs, /base/modify-my-orgs/:id. */
  name: string;
  /** Menu whose flags apply; default the resource's first menu. */
  menu?: string;
  /** Folder the area folder goes in; default screens/. */
  out?: string;
  /**
   * Give the pages a side-menu entry of their own under this group (a menu number), with hidden add,
   * modify and detail pages; the entry serves the resource. `titles` are its name in the four languages.
   */
  menuEntry?: { parent: string; titles?: string[]; supplier?: boolean };
  /** The locale files, for the pages' titles (default: locales/ under root). */
  locales?: Locales;
}

export interface ScaffoldedFile {
  path: string;
  screen: Screen & { $schema: string };
}

export interface Scaffold {
  files: ScaffoldedFile[];
  /** Locale keys the pages name that the locale files do not hold yet, in the four languages. */
  localeKeys: Record<string, string[]>;
  /** With menuEntry: the menu entries to add to services/seed/screen-menus.json. */
  menus: ScreenMenuEntry[];
}

const pascal = (kebab: string) =>
  kebab
    .split(/[-_]/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

type Role = 'list' | 'get' | 'add' | 'update' | 'delete';

/** The standard methods of a service, recognised by the flag they need and the body they take. */
function standardRoles(service: ServiceDef): Partial<Record<Role, { name: string; def: MethodDef }>> {
  const out: Partial<Record<Role, { name: string; def: MethodDef }>> = {};
  for (const [name, def] of Object.entries(service.methods)) {
    if (!def.resource || def.access.kind !== 'menu') continue;
    const body = def.body as { properties?: Record<string, { required?: string[] }> };
    const required = body.properties?.condition?.required ?? [];
    const role: Role | undefined =
      def.access.flag === 'isSearch'
        ? body.properties?.current
          ? 'list'
          : 'get'
        : def.access.flag === 'isAdd'
          ? 'add'
          : def.access.flag === 'isModify'
            ? 'update'
            : required.includes('delList')
              ? 'delete'
              : undefined;
    if (role && !out[role]) out[role] = { name, def };
  }
  return out;
}

const sameSet = (a: readonly string[] | undefined, b: string[]) =>
  !!a && a.length === b.length && b.every((x) => a.includes(x));
/** The engine's built-in option sets, by the dictionary a field names (or its values when it names none). */
const BUILT_IN_SETS: Record<string, 'status' | 'yesNo' | 'yesNoNumber'> = {
  STATUS_CODE: 'status',
  YES_NO: 'yesNo',
  YES_NO_FLAG: 'yesNoNumber',
};
const builtInOptions = (f: FieldDef): 'status' | 'yesNo' | 'yesNoNumber' | undefined =>
  f.dictionary
    ? BUILT_IN_SETS[f.dictionary]
    : sameSet(f.enum, ['0', '1'])
      ? 'status'
      : sameSet(f.enum, ['Y', 'N'])
        ? 'yesNo'
        : undefined;
/** A field's choices: a built-in set, or its dictionary's values named by their enum.<enumMid>.<value> keys. */
const fieldOptions = (f: FieldDef): Options | undefined =>
  builtInOptions(f) ??
  (f.enum && f.dictionary
    ? (f.enum.map((value) => ({ value, labelKey: `enum.${f.dictionary}.${value}` })) as Options)
    : undefined);

function column(prop: string, f: FieldDef): Column {
  const builtIn = builtInOptions(f);
  const options = fieldOptions(f);
  const type: Column['type'] =
    f.type === 'date'
      ? 'date'
      : f.type === 'datetime'
        ? 'datetime'
        : f.type === 'number' || f.type === 'integer' || f.type === 'decimal'
          ? 'number'
          : builtIn === 'status' || builtIn === 'yesNo'
            ? builtIn
            : options
              ? 'enum'
              : undefined;
  return {
    prop,
    ...(type ? { type } : {}),
    ...(type === 'enum' ? { options } : {}),
    ...(type === 'number' && f.type === 'integer' ? { precision: 0 } : {}),
    // Columns sort on the server by default; the server refuses fields not declared sortable.
    ...(f.sortable ? {} : { sortable: false }),
  };
}

/** The selector a code field takes: the organisation, warehouse (after its organisation) and supplier. */
const SELECTORS: Record<string, { selector: NonNullable<Field['selector']>; dependsOn?: string }> = {
  orgNo: { selector: 'organisation' },
  warehouseNo: { selector: 'warehouse', dependsOn: 'orgNo' },
  supplierNo: { selector: 'supplier' },
};

/** A selector's widget for `prop`, its dependsOn only when the page has that field too. */
function selectorOf(prop: string, onPage: readonly string[]): Partial<Field> | undefined {
  const s = SELECTORS[prop];
  if (!s) return undefined;
  return {
    widget: 'remoteSelect',
    selector: s.selector,
    ...(s.dependsOn && onPage.includes(s.dependsOn) ? { dependsOn: s.dependsOn } : {}),
  };
}

function formField(prop: string, f: FieldDef, mode: 'add' | 'modify', onPage: readonly string[]): Field {
  const options = fieldOptions(f);
  const selector = selectorOf(prop, onPage);
  const widget: Field['widget'] = selector
    ? 'remoteSelect'
    : options
      ? 'select'
      : f.type === 'date'
        ? 'date'
        : f.type === 'datetime'
          ? 'datetime'
          : f.type === 'decimal'
            ? 'decimal'
            : f.type === 'number' || f.type === 'integer'
              ? 'number'
              : (f.maxLength ?? 0) > 200
                ? 'textarea'
                : undefined;
  return {
    prop,
    ...(widget ? { widget } : {}),
    ...(selector ?? {}),
    ...(options && !selector ? { options } : {}),
    ...(f.required ? { required: true } : {}),
    ...(f.type === 'string' && f.maxLength && !options && !selector ? { maxLength: f.maxLength } : {}),
    ...(f.pattern && !selector ? { pattern: f.pattern } : {}),
    ...(f.minimum !== undefined ? { min: f.minimum } : {}),
    ...(f.maximum !== undefined ? { max: f.maximum } : {}),
    ...(f.type === 'integer' ? { precision: 0 } : {}),
    // A decimal takes as many decimals as the server keeps.
    ...(f.type === 'decimal' && f.scale !== undefined ? { precision: f.scale } : {}),
    ...(f.write === 'create' ? { readOnlyOnEdit: true } : {}),
    ...(mode === 'add' && (typeof f.default === 'string' || typeof f.default === 'number')
      ? { default: f.default }
      : {}),
  };
}

/** A detail page's field: shown read-only, a code by its name, a choice by its label, a decimal exactly. */
function detailField(prop: string, f: FieldDef, onPage: readonly string[]): Field {
  const options = fieldOptions(f);
  const selector = selectorOf(prop, onPage);
  const widget: Field['widget'] | undefined = selector
    ? 'remoteSelect'
    : options
      ? 'select'
      : f.type === 'date'
        ? 'date'
        : f.type === 'datetime'
          ? 'datetime'
          : f.type === 'decimal'
            ? 'decimal'
            : (f.maxLength ?? 0) > 200
              ? 'textarea'
              : undefined;
  return {
    prop,
    ...(widget ? { widget } : {}),
    ...(selector ?? {}),
    ...(options && !selector ? { options } : {}),
  };
}

function searchField(name: string, def: ResourceDef, filterNames: readonly string[]): Field | undefined {
  const filter = def.filters?.[name];
  if (!filter || filter.op === 'in') return undefined;
  const f = def.fields[filter.field];
  if (!f) return undefined;
  const options = fieldOptions(f);
  const selector = filter.op === 'eq' && name === filter.field ? selectorOf(name, filterNames) : undefined;
  return {
    prop: name,
    ...(name !== filter.field ? { labelKey: `field.${filter.field}` } : {}),
    ...(selector ?? (options ? { widget: 'select', options } : f.type === 'date' ? { widget: 'date' } : {})),
  };
}

/** The document methods of a service: its declaration and its history, by their names. */
function documentCalls(service: ServiceDef): { define?: string; history?: string } {
  const names = Object.keys(service.methods);
  return {
    define: names.find((n) => /define$/i.test(n)),
    history: names.find((n) => /history$/i.test(n)),
  };
}

const camel = (kebab: string) => {
  const p = pascal(kebab);
  return p[0].toLowerCase() + p.slice(1);
};

/** Page titles made from the list's title in each language. */
const TITLE_FORMS: Record<'add' | 'modify' | 'detail', string[]> = {
  add: ['Add {{x}}', '新增{{x}}', '新增{{x}}', 'Thêm {{x}}'],
  modify: ['Modify {{x}}', '修改{{x}}', '修改{{x}}', 'Sửa {{x}}'],
  detail: ['{{x}} details', '{{x}}详情', '{{x}}詳情', 'Chi tiết {{x}}'],
};

export function scaffoldScreens(opts: ScaffoldOptions): ScaffoldedFile[] {
  return scaffold(opts).files;
}

export function scaffold(opts: ScaffoldOptions): Scaffold {
  const service = opts.services.find((s) => s.name === opts.service);
  if (!service) throw new Error(`no service ${opts.service}; see services/modules/index.ts`);
  if (!/^[a-z][a-z0-9-]*$/.test(opts.area) || !/^[a-z][a-z0-9-]*$/.test(opts.name))
    throw new Error('--area and --name are kebab-case (base, my-orgs)');
  const roles = standardRoles(service);
  const resource = (roles.list ?? roles.add ?? roles.update ?? roles.get)?.def.resource;
  if (!resource) throw new Error(`${opts.service} has no standard methods with a resource declaration`);
  const locales = opts.locales ?? loadLocales(opts.root);
  const area = pascal(opts.area);
  const page = pascal(opts.name);
  const listPath = `/${opts.area}/${opts.name}`;
  const addPath = `/${opts.area}/add-${opts.name}`;
  const modifyPath = `/${opts.area}/modify-${opts.name}/:id`;
  const detailPath = `/${opts.area}/${opts.name}-detail/:id`;

  // The menu: an entry of the pages' own (--menu-entry), or an existing one whose flags apply.
  const entry = opts.menuEntry;
  if (entry && !MENUS.some((m) => m.menuNo === entry.parent && m.menuType === 'group'))
    throw new Error(`--parent ${entry.parent} is not a menu group of services/seed/menus.ts`);
  const ownMenu = entry ? `${entry.parent}.${page}` : undefined;
  if (ownMenu && MENUS.some((m) => m.menuNo === ownMenu))
    throw new Error(`menu ${ownMenu} exists already: choose another --name`);
  const menuNo = ownMenu ?? opts.menu ?? resource.menus[0];
  if (!ownMenu && !MENUS.some((m) => m.menuNo === menuNo))
    throw new Error(`menu ${menuNo} is not in services/seed/menus.ts; add it there first`);
  const menuEntry = MENUS.find((m) => m.menuNo === menuNo);
  const localeKeys: Record<string, string[]> = {};
  /** The list's name in each language: the new entry's titles, else its menu's. */
  const listTitles =
    entry?.titles ??
    LANGUAGES.map((l) => locales[l][`menu.${resource.menus[0]}`] ?? locales[l][`menu.${menuNo}`] ?? page);
  if (entry?.titles && entry.titles.length !== LANGUAGES.length)
    throw new Error(`--title needs ${LANGUAGES.length} names separated by |: ${LANGUAGES.join('|')}`);
  const need = (key: string, texts: string[]) => {
    if (LANGUAGES.some((l) => !locales[l][key])) localeKeys[key] = texts;
    return key;
  };
  /** A page's title: its own menu's, else a title of its own made from the list's name. */
  const title = (suffix: 'Add' | 'Modify' | 'Detail', own: string) =>
    !ownMenu && MENUS.some((m) => m.menuNo === `${menuNo}.${suffix}`)
      ? `menu.${menuNo}.${suffix}`
      : need(
          own,
          TITLE_FORMS[suffix.toLowerCase() as 'add' | 'modify' | 'detail'].map((form, i) =>
            form.replace(
              '{{x}}',
              i === 0 && !form.startsWith('{{') ? listTitles[i].toLowerCase() : listTitles[i],
            ),
          ),
        );
  const listTitle = ownMenu ? need(`menu.${ownMenu}`, listTitles) : `menu.${menuNo}`;

  const dir = join(resolve(opts.root, opts.out ?? 'screens'), opts.area);
  const $schema = relative(dir, join(opts.root, 'schemas', 'screen.schema.json')).replace(/\\/g, '/');
  /** A hidden child menu (Base.Basic.Supplier.Add) at this path names the page. */
  const childName = (suffix: string, path: string) =>
    ownMenu
      ? `${ownMenu}.${suffix}`
      : MENUS.find((m) => m.menuNo === `${menuNo}.${suffix}` && m.path === path)?.menuNo;
  const fields = Object.entries(resource.fields);
  const writable = fields.filter(([, f]) => f.write);
  if (!fields.length) throw new Error(`${opts.service}: the resource declares no fields`);
  const document = resource.document;
  const docCalls = document ? documentCalls(service) : {};
  const rules = (resource.ordered ?? [])
    .filter(([from, to]) => resource.fields[from]?.write && resource.fields[to]?.write)
    .map(([field, other]) => ({ type: 'notAfter' as const, field, other }));
  const files: ScaffoldedFile[] = [];
  const hasDetail = Boolean(roles.get);
  const hasModify = Boolean(roles.get && roles.update);

  if (roles.list) {
    const actions: Action[] = [];
    if (roles.add) actions.push({ flag: 'isAdd', kind: 'add', target: addPath });
    if (hasModify) actions.push({ flag: 'isModify', kind: 'modify', target: modifyPath });
    if (roles.delete && roles.delete.def.access.kind === 'menu') {
      const flag = roles.delete.def.access.flag;
      actions.push({ flag, kind: flag === 'isPhysicalDelete' ? 'physicalDelete' : 'delete' });
    }
    // A document's transitions, each under its own flag (the toolbar's and the row's).
    for (const [name, t] of Object.entries(document?.transitions ?? {}))
      actions.push({ flag: t.flag, kind: 'transition', transition: name });
    if (resource.import) actions.push({ flag: 'isImport', kind: 'import' });
    if (service.methods.getExportNameList) actions.push({ flag: 'isExport', kind: 'export' });
    // Print when the menu has print templates to choose from (services/seed/print-templates.ts).
    if (PRINT_TEMPLATES.some((t) => t.module === menuNo)) actions.push({ flag: 'isPrint', kind: 'print' });
    const rowActions: RowAction[] = [
      ...(hasDetail ? [{ kind: 'view' as const, detail: detailPath }] : []),
      ...(hasModify ? [{ kind: 'modify' as const }] : []),
      ...Object.keys(document?.transitions ?? {}).map((transition) => ({
        kind: 'transition' as const,
        transition,
      })),
    ];
    const keyword = fields.some(([, f]) => f.keyword);
    const filterNames = Object.keys(resource.filters ?? {});
    const searchFields = filterNames
      .map((n) => searchField(n, resource, filterNames))
      .filter((f): f is Field => !!f);
    const sort = resource.defaultSort ?? { field: 't1.updateDate', order: 'desc' as const };
    const columns = fields.map(([p, f]) =>
      document?.statusField === p ? ({ prop: p, type: 'state' } as Column) : column(p, f),
    );
    files.push({
      path: join(dir, `${opts.name}.json`),
      screen: {
        $schema,
        // The menu's own page (the side menu's entry) is named after the menu, as the spec names routes.
        name: ownMenu ?? (menuEntry?.path === listPath ? menuNo : `${area}.${page}`),
        kind: 'list',
        path: listPath,
        menuNo,
        titleKey: listTitle,
        service: service.name,
        calls: {
          list: roles.list.name,
          ...(roles.get ? { get: roles.get.name } : {}),
          ...(roles.delete ? { delete: roles.delete.name } : {}),
          ...(docCalls.define ? { define: docCalls.define } : {}),
        },
        list: {
          ...(keyword ? { keyword: {} } : {}),
          ...(searchFields.length ? { searchFields } : {}),
          columns: [
            columns[0],
            ...columns.slice(1),
            { prop: 'createName' },
            { prop: 'createDate', type: 'datetime' },
            { prop: 'updateName' },
            { prop: 'updateDate', type: 'datetime' },
          ],
          ...(actions.length ? { actions } : {}),
          ...(rowActions.length ? { rowActions } : {}),
          defaultSort: sort,
        },
      },
    });
  }
  const form = (mode: 'add' | 'modify'): Screen['form'] => {
    const onPage = writable.map(([p]) => p);
    return {
      mode,
      groups: [{ fields: writable.map(([p, f]) => formField(p, f, mode, onPage)) as [Field, ...Field[]] }],
      ...(rules.length ? { rules } : {}),
    };
  };
  if (roles.add)
    files.push({
      path: join(dir, `add-${opts.name}.json`),
      screen: {
        $schema,
        name: childName('Add', addPath) ?? `${area}.Add${page}`,
        kind: 'form',
        path: addPath,
        menuNo,
        titleKey: title('Add', `title.${opts.area}.add${page}`),
        parentPath: listPath,
        service: service.name,
        calls: { add: roles.add.name },
        form: form('add'),
      },
    });
  if (hasModify && roles.get && roles.update)
    files.push({
      path: join(dir, `modify-${opts.name}.json`),
      screen: {
        $schema,
        name: childName('Modify', modifyPath) ?? `${area}.Modify${page}`,
        kind: 'form',
        path: modifyPath,
        menuNo,
        titleKey: title('Modify', `title.${opts.area}.modify${page}`),
        parentPath: listPath,
        service: service.name,
        calls: { get: roles.get.name, update: roles.update.name },
        form: form('modify'),
      },
    });
  if (hasDetail && roles.get) {
    const onPage = fields.map(([p]) => p);
    files.push({
      path: join(dir, `${opts.name}-detail.json`),
      screen: {
        $schema,
        name: childName('Detail', detailPath) ?? `${area}.${page}Detail`,
        kind: 'detail',
        path: detailPath,
        menuNo,
        titleKey: title('Detail', `title.${opts.area}.${camel(opts.name)}Detail`),
        parentPath: listPath,
        service: service.name,
        calls: {
          get: roles.get.name,
          ...(docCalls.define ? { define: docCalls.define } : {}),
          ...(document && docCalls.history ? { history: docCalls.history } : {}),
        },
        detail: {
          ...(document && docCalls.history ? { document: true } : {}),
          groups: [
            { fields: fields.map(([p, f]) => detailField(p, f, onPage)) as [Field, ...Field[]] },
            {
              titleKey: 'detail.group.record',
              fields: [
                { prop: 'createName' },
                { prop: 'createDate', widget: 'datetime' },
                { prop: 'updateName' },
                { prop: 'updateDate', widget: 'datetime' },
              ],
            },
          ],
          ...(hasModify ? { actions: [{ kind: 'modify', flag: 'isModify', target: modifyPath }] } : {}),
        },
      },
    });
  }

  // The menu entry and its hidden pages, with the flags the pages' buttons need.
  const menus: ScreenMenuEntry[] = [];
  if (ownMenu && entry) {
    const list = files.find((f) => f.screen.kind === 'list')?.screen;
    const flags = [
      'isSearch',
      ...(list?.list?.actions ?? []).map((a) => a.flag),
      ...(roles.add || hasModify ? ['isSave'] : []),
    ] as MenuFlag[];
    const used = [...new Set(flags)];
    const extraFlags = used.filter((f) => !BASE_MENU_FLAGS.includes(f as FlagName)) as FlagName[];
    const siblings = MENUS.filter((m) => m.owner === entry.parent);
    const roleFlags = (f: MenuFlag[]) => ({ buyer: f, ...(entry.supplier ? { supplier: f } : {}) });
    menus.push({
      menuNo: ownMenu,
      owner: entry.parent,
      path: listPath,
      sort: Math.max(0, ...siblings.map((m) => m.sort)) + 1,
      ...(extraFlags.length ? { extraFlags } : {}),
      roles: roleFlags(used),
      serves: resource.table,
    });
    const pages: [string, string, MenuFlag[]][] = [
      ...(roles.add
        ? [['Add', addPath, ['isSearch', 'isAdd', 'isSave']] as [string, string, MenuFlag[]]]
        : []),
      ...(hasModify
        ? [['Modify', modifyPath, ['isSearch', 'isModify', 'isSave']] as [string, string, MenuFlag[]]]
        : []),
      ...(hasDetail ? [['Detail', detailPath, ['isSearch']] as [string, string, MenuFlag[]]] : []),
    ];
    pages.forEach(([suffix, path, f], i) => {
      const no = `${ownMenu}.${suffix}`;
      menus.push({ menuNo: no, owner: ownMenu, path, sort: i + 1, hidden: true, roles: roleFlags(f) });
      // A hidden page's menu title is its page title.
      const pageTitle = files.find((x) => x.screen.name === no)?.screen.titleKey;
      const texts = pageTitle
        ? (localeKeys[pageTitle] ?? LANGUAGES.map((l) => locales[l][pageTitle]))
        : listTitles;
      need(`menu.${no}`, texts);
    });
  }
  return { files, localeKeys, menus };
}

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const root = fileURLToPath(new URL('..', import.meta.url));
  const [service, area, name] = [arg(args, 'service'), arg(args, 'area'), arg(args, 'name')];
  if (!service || !area || !name) {
    console.error(
      'usage: npm run new:screen -- --service IBmOrgService --area base --name my-orgs [--menu Menu.No] [--out screens] [--menu-entry [--parent Menu.Group] [--title "en|zh-CN|zh-TW|vi"] [--supplier]] [--force]',
    );
    process.exit(2);
  }
  const { SERVICES } = await import('../services/modules/index.js');
  let made: Scaffold;
  try {
    const resourceMenu = (() => {
      const s = SERVICES.find((x) => x.name === service);
      const m = Object.values(s?.methods ?? {}).find((x) => x.resource)?.resource?.menus[0];
      return MENUS.find((x) => x.menuNo === m)?.owner;
    })();
    made = scaffold({
      root,
      services: SERVICES,
      service,
      area,
      name,
      menu: arg(args, 'menu'),
      out: arg(args, 'out'),
      ...(args.includes('--menu-entry')
        ? {
            menuEntry: {
              parent: arg(args, 'parent') ?? resourceMenu ?? '',
              titles: arg(args, 'title')?.split('|'),
              supplier: args.includes('--supplier'),
            },
          }
        : {}),
    });
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const existing = made.files.filter((f) => existsSync(f.path));
  if (existing.length && !args.includes('--force')) {
    console.error(`not overwriting ${existing.map((f) => relative(root, f.path)).join(', ')} (use --force)`);
    process.exit(1);
  }
  for (const f of made.files) {
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, `${JSON.stringify(f.screen, null, 2)}\n`);
    console.log(`wrote ${relative(root, f.path)} (${f.screen.path})`);
  }
  if (Object.keys(made.localeKeys).length) {
    const { addLocaleKeys } = await import('./add-locale-keys.js');
    addLocaleKeys(made.localeKeys);
    console.log(`added locale keys ${Object.keys(made.localeKeys).join(', ')} (check the translations)`);
  }
  if (made.menus.length) {
    const file = join(root, SCREEN_MENU_FILE);
    const current = JSON.parse(readFileSync(file, 'utf8')) as ScreenMenuEntry[];
    writeFileSync(file, `${JSON.stringify([...current, ...made.menus], null, 2)}\n`);
    console.log(
      `added menus ${made.menus.map((m) => m.menuNo).join(', ')} to ${SCREEN_MENU_FILE} (for the buyer role${
        made.menus[0].roles.supplier ? ' and the supplier role' : ''
      }; the next start seeds them)`,
    );
  }
  // Written as biome formats them, so the tree stays clean for the linter.
  const written = [
    ...made.files.map((f) => f.path),
    ...(made.menus.length ? [join(root, SCREEN_MENU_FILE)] : []),
  ];
  spawnSync('npx', ['biome', 'format', '--write', ...written], { cwd: root, stdio: 'ignore' });
  console.log('next: npm run check, then open the list path in npm run dev (or npm start)');
}
