// `npm run new:screen -- --service IBmOrgService --area base --name my-orgs [--menu Menu.No] [--out screens]`
// Scaffolds the list, add and modify screens of an existing service from its resource declaration:
// columns, search fields and form fields come from the declared fields and filters, so the pages work
// at once and pass check:screens. Only the pages whose standard methods exist are written.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Action, Column, Field, Options, Screen } from '../schemas/generated/screen.js';
import type { MethodDef, ServiceDef } from '../services/registry.js';
import type { FieldDef, ResourceDef } from '../services/resource/define.js';
import { MENUS } from '../services/seed/menus.js';

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
}

export interface ScaffoldedFile {
  path: string;
  screen: Screen & { $schema: string };
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

function formField(prop: string, f: FieldDef, mode: 'add' | 'modify'): Field {
  const options = fieldOptions(f);
  const widget: Field['widget'] = options
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
    ...(options ? { options } : {}),
    ...(f.required ? { required: true } : {}),
    ...(f.type === 'string' && f.maxLength && !options ? { maxLength: f.maxLength } : {}),
    ...(f.pattern ? { pattern: f.pattern } : {}),
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

function searchField(name: string, def: ResourceDef): Field | undefined {
  const filter = def.filters?.[name];
  if (!filter || filter.op === 'in') return undefined;
  const f = def.fields[filter.field];
  if (!f) return undefined;
  const options = fieldOptions(f);
  return {
    prop: name,
    ...(name !== filter.field ? { labelKey: `field.${filter.field}` } : {}),
    ...(options ? { widget: 'select', options } : f.type === 'date' ? { widget: 'date' } : {}),
  };
}

export function scaffoldScreens(opts: ScaffoldOptions): ScaffoldedFile[] {
  const service = opts.services.find((s) => s.name === opts.service);
  if (!service) throw new Error(`no service ${opts.service}; see services/modules/index.ts`);
  if (!/^[a-z][a-z0-9-]*$/.test(opts.area) || !/^[a-z][a-z0-9-]*$/.test(opts.name))
    throw new Error('--area and --name are kebab-case (base, my-orgs)');
  const roles = standardRoles(service);
  const resource = (roles.list ?? roles.add ?? roles.update ?? roles.get)?.def.resource;
  if (!resource) throw new Error(`${opts.service} has no standard methods with a resource declaration`);
  const menuNo = opts.menu ?? resource.menus[0];
  if (!MENUS.some((m) => m.menuNo === menuNo))
    throw new Error(`menu ${menuNo} is not in services/seed/menus.ts; add it there first`);
  const menuEntry = MENUS.find((m) => m.menuNo === menuNo);
  const title = (suffix: string) =>
    MENUS.some((m) => m.menuNo === `${menuNo}.${suffix}`) ? `menu.${menuNo}.${suffix}` : `menu.${menuNo}`;

  const dir = join(resolve(opts.root, opts.out ?? 'screens'), opts.area);
  const $schema = relative(dir, join(opts.root, 'schemas', 'screen.schema.json')).replace(/\\/g, '/');
  const area = pascal(opts.area);
  const page = pascal(opts.name);
  const listPath = `/${opts.area}/${opts.name}`;
  const addPath = `/${opts.area}/add-${opts.name}`;
  const modifyPath = `/${opts.area}/modify-${opts.name}/:id`;
  /** A hidden child menu (Base.Basic.Supplier.Add) at this path names the page. */
  const childName = (suffix: string, path: string) =>
    MENUS.find((m) => m.menuNo === `${menuNo}.${suffix}` && m.path === path)?.menuNo;
  const fields = Object.entries(resource.fields);
  const writable = fields.filter(([, f]) => f.write);
  if (!fields.length) throw new Error(`${opts.service}: the resource declares no fields`);
  const rules = (resource.ordered ?? [])
    .filter(([from, to]) => resource.fields[from]?.write && resource.fields[to]?.write)
    .map(([field, other]) => ({ type: 'notAfter' as const, field, other }));
  const files: ScaffoldedFile[] = [];

  if (roles.list) {
    const actions: Action[] = [];
    if (roles.add) actions.push({ flag: 'isAdd', kind: 'add', target: addPath });
    if (roles.get && roles.update) actions.push({ flag: 'isModify', kind: 'modify', target: modifyPath });
    if (roles.delete && roles.delete.def.access.kind === 'menu') {
      const flag = roles.delete.def.access.flag;
      actions.push({ flag, kind: flag === 'isPhysicalDelete' ? 'physicalDelete' : 'delete' });
    }
    const keyword = fields.some(([, f]) => f.keyword);
    const searchFields = Object.keys(resource.filters ?? {})
      .map((n) => searchField(n, resource))
      .filter((f): f is Field => !!f);
    const sort = resource.defaultSort ?? { field: 't1.updateDate', order: 'desc' as const };
    files.push({
      path: join(dir, `${opts.name}.json`),
      screen: {
        $schema,
        // The menu's own page (the side menu's entry) is named after the menu, as the spec names routes.
        name: menuEntry?.path === listPath ? menuNo : `${area}.${page}`,
        kind: 'list',
        path: listPath,
        menuNo,
        titleKey: `menu.${menuNo}`,
        service: service.name,
        calls: {
          list: roles.list.name,
          ...(roles.get ? { get: roles.get.name } : {}),
          ...(roles.delete ? { delete: roles.delete.name } : {}),
        },
        list: {
          ...(keyword ? { keyword: {} } : {}),
          ...(searchFields.length ? { searchFields } : {}),
          columns: [
            column(fields[0][0], fields[0][1]),
            ...fields.slice(1).map(([p, f]) => column(p, f)),
            { prop: 'createName' },
            { prop: 'createDate', type: 'datetime' },
            { prop: 'updateName' },
            { prop: 'updateDate', type: 'datetime' },
          ],
          ...(actions.length ? { actions } : {}),
          defaultSort: sort,
        },
      },
    });
  }
  const form = (mode: 'add' | 'modify'): Screen['form'] => ({
    mode,
    groups: [{ fields: writable.map(([p, f]) => formField(p, f, mode)) as [Field, ...Field[]] }],
    ...(rules.length ? { rules } : {}),
  });
  if (roles.add)
    files.push({
      path: join(dir, `add-${opts.name}.json`),
      screen: {
        $schema,
        name: childName('Add', addPath) ?? `${area}.Add${page}`,
        kind: 'form',
        path: addPath,
        menuNo,
        titleKey: title('Add'),
        parentPath: listPath,
        service: service.name,
        calls: { add: roles.add.name },
        form: form('add'),
      },
    });
  if (roles.get && roles.update)
    files.push({
      path: join(dir, `modify-${opts.name}.json`),
      screen: {
        $schema,
        name: childName('Modify', modifyPath) ?? `${area}.Modify${page}`,
        kind: 'form',
        path: modifyPath,
        menuNo,
        titleKey: title('Modify'),
        parentPath: listPath,
        service: service.name,
        calls: { get: roles.get.name, update: roles.update.name },
        form: form('modify'),
      },
    });
  return files;
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
      'usage: npm run new:screen -- --service IBmOrgService --area base --name my-orgs [--menu Menu.No] [--out screens] [--force]',
    );
    process.exit(2);
  }
  const { SERVICES } = await import('../services/modules/index.js');
  let files: ScaffoldedFile[];
  try {
    files = scaffoldScreens({
      root,
      services: SERVICES,
      service,
      area,
      name,
      menu: arg(args, 'menu'),
      out: arg(args, 'out'),
    });
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const existing = files.filter((f) => existsSync(f.path));
  if (existing.length && !args.includes('--force')) {
    console.error(`not overwriting ${existing.map((f) => relative(root, f.path)).join(', ')} (use --force)`);
    process.exit(1);
  }
  for (const f of files) {
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, `${JSON.stringify(f.screen, null, 2)}\n`);
    console.log(`wrote ${relative(root, f.path)} (${f.screen.path})`);
  }
  console.log('next: npm run check:screens, then open the list path in npm run dev');
}
