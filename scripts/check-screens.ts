// `npm run check:screens [file.json ...]`: every screen file against the JSON Schema (the engine's own
// validator), then against everything it refers to, read from the server's own declarations (no server
// is started): the service and every method it calls (calls, toolbar, row and dialog actions, dashboard
// cards) and whether those methods serve the screen's menu, the props of the service's resource, sort
// fields, filters and named filters, transitions and states of its document, permission flags (each one
// offered by the screen's menu), registered widgets and selectors, the fields a selector depends on,
// menus, unique route names and paths, every route a screen opens, and locale keys in all four
// languages. The rule: a screen that passes opens and works for a user with its menu's flags.
// Each problem is one line, `file:line:column#/json/pointer: what is wrong: what to do`; a schema error
// does not hide the other checks of its file. Exit code 1 when there is any.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_RULE_CALL } from '../engine/core/passwordPolicy.js';
import { type ScreenError, validateScreen } from '../engine/screens/validate.js';
import { WIDGET_KINDS } from '../engine/screens/widgetKinds.js';
import { MENU_FLAGS, type MethodDef, type ServiceDef } from '../services/registry.js';
import {
  type FieldDef,
  type LinesSpec,
  type ResourceDef,
  SYSTEM_FIELDS,
} from '../services/resource/define.js';
import { namedReference } from '../services/resource/references.js';
import { MENUS, menuOffers } from '../services/seed/menus.js';
import { type Locales, loadLocales, missingIn } from './tooling/locales.js';
import { pointerSegments, positionsOf } from './tooling/positions.js';
import { checkReferences, matchesRoute } from './tooling/references.js';
import { jsonFiles, screenLocaleKeys } from './tooling/screens.js';
import { closest, fixFor } from './tooling/suggest.js';

export interface ScreenProblem extends ScreenError {
  /** 1-based line and column of the pointer in the file, when the file's text is known. */
  line?: number;
  column?: number;
}

export interface ScreenInput {
  /** Path as reported, relative to the repository root (screens/base/organizational.json). */
  file: string;
  /** The parsed file, or the JSON syntax error. */
  data: unknown;
  parseError?: string;
  /** The file's text, for line and column of each finding. */
  text?: string;
}

export interface CheckContext {
  root: string;
  services: readonly ServiceDef[];
  menuNos: ReadonlySet<string>;
  flags: ReadonlySet<string>;
  /** The flags each menu offers (services/seed/menus.ts): a screen's actions may name only these. */
  menuFlags: ReadonlyMap<string, readonly string[]>;
  widgets: ReadonlySet<string>;
  /** Registered selector names (lookup dialogs of another entity); none are built yet. */
  selectors: ReadonlySet<string>;
  locales: Locales;
  /** Each seeded menu's parent ('0' at the top): a call is served to a menu or one of its ancestors. */
  menuOwners: ReadonlyMap<string, string>;
  /** Paths the shell serves itself (the dashboard, the personal centre), which a link may open. */
  shellPaths: ReadonlySet<string>;
  /**
   * Custom fields (frame-define rows, spec 000 section 3) declared for a module, which a screen may name
   * like declared fields. None exist yet: when frame-define lands, return its fieldNo values here.
   */
  customFields(module: string): ReadonlySet<string>;
}

export async function defaultContext(root: string): Promise<CheckContext> {
  // Imported here, not at the top, so this module can be imported without starting the server's i18n.
  const { SERVICES } = await import('../services/modules/index.js');
  return {
    root,
    services: SERVICES,
    menuNos: new Set(MENUS.map((m) => m.menuNo)),
    flags: new Set(MENU_FLAGS),
    menuFlags: new Map(MENUS.map((m) => [m.menuNo, menuOffers(m)])),
    widgets: new Set(Object.keys(WIDGET_KINDS)),
    selectors: new Set((await import('../engine/selectors/definitions.js')).SELECTOR_NAMES),
    locales: loadLocales(root),
    menuOwners: new Map(MENUS.map((m) => [m.menuNo, m.owner])),
    shellPaths: new Set(
      (await import('../engine/core/shellPages.js')).SHELL_PAGES.map((p: { path: string }) => p.path),
    ),
    customFields: () => new Set(),
  };
}

export function readScreens(root: string, files: string[]): ScreenInput[] {
  return files.map((full) => {
    const file = relative(root, full);
    let text: string | undefined;
    try {
      text = readFileSync(full, 'utf8');
      return { file, data: JSON.parse(text), text };
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      return {
        file,
        data: undefined,
        text,
        parseError: err.code === 'ENOENT' ? 'no such file' : err.message,
      };
    }
  });
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** What to do about a schema error, in the same sentence; `value` is what the file holds there. */
function schemaAdvice(message: string, value: unknown): string {
  if (message === 'is required') return 'is required: add it (your editor lists it through $schema)';
  if (message === 'is not a known property here')
    return 'is not a known property here: remove it or correct its spelling (screens/REFERENCE.md lists them)';
  if (message.startsWith('must be one of')) {
    const allowed = [...message.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
    const near = typeof value === 'string' ? closest(value, allowed) : [];
    return near.length
      ? `${message}: did you mean ${near.map((n) => `"${n}"`).join(' or ')}?`
      : `${message}: use one of these values`;
  }
  return `${message}: correct it as schemas/screen.schema.json describes`;
}

/** The value at a JSON pointer, or undefined. */
function valueAt(data: unknown, pointer: string): unknown {
  let v = data;
  for (const seg of pointerSegments(pointer)) v = v && typeof v === 'object' ? (v as Obj)[seg] : undefined;
  return v;
}

const stripAlias = (field: string) => field.replace(/^t\d+\./, '');

/**
 * Checks `inputs` (every screen, so routes between them resolve); with `only`, reports the files named
 * there alone (checking one file still knows every other screen's path).
 */
export function checkScreens(
  inputs: ScreenInput[],
  ctx: CheckContext,
  only?: ReadonlySet<string>,
): ScreenProblem[] {
  const problems: ScreenProblem[] = [];
  // Every file using a route name or path, so a duplicate is reported on each of them, naming the others.
  const users = { name: new Map<string, string[]>(), path: new Map<string, string[]>() };
  for (const s of inputs)
    for (const key of ['name', 'path'] as const) {
      const value = isObj(s.data) ? str(s.data[key]) : undefined;
      if (value !== undefined) users[key].set(value, [...(users[key].get(value) ?? []), s.file]);
    }
  const paths = new Set(users.path.keys());
  const allPaths = [...paths];
  const routeExists = (path: string) => matchesRoute(path, allPaths) || ctx.shellPaths.has(path);

  for (const input of inputs) {
    if (only && !only.has(input.file)) continue;
    const found: ScreenProblem[] = [];
    const schemaPointers: string[] = [];
    try {
      checkFile(
        input,
        (pointer, message) => found.push({ file: input.file, pointer, message }),
        schemaPointers,
        found,
      );
    } catch (e) {
      // A file of an unexpected shape may break a reference check; its schema errors say what to fix.
      if (!schemaPointers.length) throw e;
    }
    // A schema error explains what is wrong at its pointer: a reference finding there or below repeats it.
    const covered = (pointer: string) =>
      schemaPointers.some((s) => pointer === s || (s !== '' && pointer.startsWith(`${s}/`)));
    const kept = found.filter((p, i) => i < schemaPointers.length || !covered(p.pointer));
    const position = input.text !== undefined ? positionsOf(input.text) : undefined;
    for (const p of kept) problems.push(position ? { ...p, ...position(p.pointer) } : p);
  }
  return problems;

  function checkFile(
    input: ScreenInput,
    report: (pointer: string, message: string) => void,
    schemaPointers: string[],
    found: readonly ScreenProblem[],
  ): void {
    const { file } = input;
    if (input.parseError) {
      report('', `is not valid JSON (${input.parseError}): fix the syntax`);
      return;
    }
    const screen = input.data;
    if (!isObj(screen)) {
      report('', 'is not a JSON object: a screen file holds one object');
      return;
    }

    const schemaErrors = validateScreen(screen, file);
    for (const e of schemaErrors) {
      report(e.pointer, schemaAdvice(e.message, valueAt(screen, e.pointer)));
      schemaPointers.push(e.pointer);
    }

    // Unique route names and paths across all screens, reported on every file that uses one.
    for (const key of ['name', 'path'] as const) {
      const value = str(screen[key]);
      const others = (value === undefined ? [] : (users[key].get(value) ?? [])).filter((f) => f !== file);
      if (others.length)
        report(
          `/${key}`,
          `route ${key} "${value}" is also used by ${others.join(', ')}: choose another ${key} in one of them`,
        );
    }

    const ref = str(screen.$schema);
    const schemaFile = join(ctx.root, 'schemas', 'screen.schema.json');
    const wanted = relative(dirname(join(ctx.root, file)), schemaFile).replace(/\\/g, '/');
    if (ref === undefined)
      report(
        '/$schema',
        `is missing, so editors neither complete nor check this file: add "$schema": "${wanted}" as its first property`,
      );
    else if (resolve(dirname(join(ctx.root, file)), ref) !== schemaFile)
      report('/$schema', `does not point at the screen schema: set it to "${wanted}"`);

    const menuNo = str(screen.menuNo) ?? '';
    if (!ctx.menuNos.has(menuNo))
      report(
        '/menuNo',
        `menu "${screen.menuNo}" is not in services/seed/menus.ts: ${fixFor(menuNo, ctx.menuNos, 'add the menu there (with its menu.<menuNo> titles; npm run new:screen -- --menu-entry writes both) or use an existing one')}`,
      );

    // Service and methods.
    const serviceNames = ctx.services.map((s) => s.name);
    const service = ctx.services.find((s) => s.name === screen.service);
    const calls = isObj(screen.calls) ? screen.calls : {};
    if (!service)
      report(
        '/service',
        `service "${screen.service}" does not exist on the server: ${fixFor(String(screen.service), serviceNames, 'use one of services/modules/index.ts or add it there')}`,
      );
    const method = (name: string, pointer: string): MethodDef | undefined => {
      if (!service) return undefined;
      const m = service.methods[name];
      if (!m)
        report(
          pointer,
          `method "${name}" does not exist on ${service.name}: ${fixFor(name, Object.keys(service.methods), `use one of ${Object.keys(service.methods).join(', ')}`)}`,
        );
      return m;
    };
    const byRole: Record<string, MethodDef | undefined> = {};
    for (const [role, name] of Object.entries(calls))
      if (typeof name === 'string') byRole[role] = method(name, `/calls/${role}`);

    const list = isObj(screen.list) ? screen.list : undefined;
    const form = isObj(screen.form) ? screen.form : undefined;
    /** A method of the screen's service, or `Service/method` of another one. */
    const anyMethod = (call: string, pointer: string): MethodDef | undefined => {
      if (!call.includes('/')) return method(call, pointer);
      const [serviceName, methodName] = call.split('/');
      const other = ctx.services.find((s) => s.name === serviceName);
      const m = other?.methods[methodName];
      if (!other)
        report(
          pointer,
          `service "${serviceName}" of ${call} does not exist on the server: ${fixFor(serviceName, serviceNames, 'name a service of services/modules/index.ts')}`,
        );
      else if (!m)
        report(
          pointer,
          `method "${methodName}" does not exist on ${serviceName}: ${fixFor(methodName, Object.keys(other.methods), `use one of ${Object.keys(other.methods).join(', ')}`)}`,
        );
      return m;
    };
    const badRoute = (path: string, pointer: string, what: string) => {
      const bare = path.split('?')[0];
      if (!routeExists(bare))
        report(
          pointer,
          `no screen has the path "${bare}": ${fixFor(bare, allPaths, `use the path of ${what}`)}`,
        );
    };
    arr(list?.actions).forEach((a, i) => {
      const at = `/list/actions/${i}`;
      const called = typeof a.call === 'string' ? anyMethod(a.call, `${at}/call`) : undefined;
      // A dialog that starts from its row's record reads it with a method of the server.
      if (typeof a.load === 'string') anyMethod(a.load, `${at}/load`);
      // A dialog sends the selected rows and its fields' values as the call's condition: the method must
      // take each of them, or the server would refuse every call.
      if (a.kind === 'dialog' && called) {
        const condition = (called.body as { properties?: { condition?: { properties?: object } } }).properties
          ?.condition?.properties;
        const takes = new Set(Object.keys(condition ?? {}));
        if (!takes.has('rows'))
          report(
            `${at}/call`,
            `${a.call} takes no rows: a dialog action calls a method with {rows: [{id, version}]}`,
          );
        arr(a.fields).forEach((f, k) => {
          if (typeof f.prop === 'string' && !takes.has(f.prop))
            report(
              `${at}/fields/${k}/prop`,
              `"${f.prop}" is not in the condition of ${a.call}: use one of ${[...takes].join(', ')}`,
            );
        });
      }
      if (!ctx.flags.has(str(a.flag) ?? ''))
        report(
          `${at}/flag`,
          `"${a.flag}" is not a permission flag: ${fixFor(String(a.flag), ctx.flags, `use one of ${[...ctx.flags].join(', ')}`)}`,
        );
      const target = str(a.target);
      if (target) badRoute(target, `${at}/target`, 'an existing screen');
    });
    // Row actions: the method a row calls (its child rows, its file, its own call) exists on the server,
    // and the page it opens is a screen.
    arr(list?.rowActions).forEach((a, i) => {
      const at = `/list/rowActions/${i}`;
      if (typeof a.call === 'string') anyMethod(a.call, `${at}/call`);
      if (typeof a.detail === 'string') badRoute(a.detail, `${at}/detail`, 'a detail screen');
      if (typeof a.target === 'string') badRoute(a.target, `${at}/target`, 'an existing screen');
    });
    // A detail field read by its own call names a method of the server.
    arr(isObj(screen.detail) ? screen.detail.groups : undefined).forEach((g, gi) => {
      arr(g.fields).forEach((f, fi) => {
        if (typeof f.call === 'string') anyMethod(f.call, `/detail/groups/${gi}/fields/${fi}/call`);
      });
    });
    checkReferences({ screen, ctx, report, anyMethod, badRoute });
    // Transitions: the service's document declares them, calls.define serves the declaration, and an
    // action's flag is the transition's own; a row transition runs a toolbar one.
    const document = Object.values(service?.methods ?? {}).find((m) => m.resource?.document)?.resource
      ?.document;
    const needsDocument = (pointer: string) => {
      if (!document)
        report(
          pointer,
          `${screen.service} serves no business document: transitions, state columns and document pages need one`,
        );
      else if (!calls.define)
        report('/calls', 'a document screen needs calls.define (the declaration the engine reads)');
      return document;
    };
    const toolbarTransitions = new Set<string>();
    arr(list?.actions).forEach((a, i) => {
      if (a.kind !== 'transition') return;
      const at = `/list/actions/${i}`;
      const doc = needsDocument(`${at}/transition`);
      const t = doc?.transitions[String(a.transition)];
      toolbarTransitions.add(String(a.transition));
      if (doc && !t)
        report(
          `${at}/transition`,
          `${screen.service} declares no transition "${a.transition}": ${fixFor(String(a.transition), Object.keys(doc.transitions), `use one of ${Object.keys(doc.transitions).join(', ')}`)}`,
        );
      else if (t && t.flag !== a.flag)
        report(`${at}/flag`, `the transition "${a.transition}" is guarded by ${t.flag}: name that flag`);
    });
    // An action's states are states of the screen's document.
    arr(list?.actions).forEach((a, i) => {
      if (!Array.isArray(a.states)) return;
      const doc = needsDocument(`/list/actions/${i}/states`);
      a.states.forEach((code, k) => {
        if (doc && !doc.states[String(code)])
          report(
            `/list/actions/${i}/states/${k}`,
            `${screen.service} has no state "${code}": ${fixFor(String(code), Object.keys(doc.states), `use one of ${Object.keys(doc.states).join(', ')}`)}`,
          );
      });
    });
    arr(list?.rowActions).forEach((a, i) => {
      if (a.kind === 'transition' && !toolbarTransitions.has(String(a.transition)))
        report(
          `/list/rowActions/${i}/transition`,
          `no toolbar action runs the transition "${a.transition}": add {"kind": "transition", "transition": "${a.transition}", "flag": ...} to list.actions`,
        );
    });
    arr(list?.columns).forEach((c, i) => {
      if (c.type === 'state') needsDocument(`/list/columns/${i}/type`);
    });
    if (isObj(screen.detail) && screen.detail.document) {
      needsDocument('/detail/document');
      if (!calls.history) report('/calls', 'a document detail page needs calls.history');
    }

    const parentPath = str(screen.parentPath);
    if (parentPath && !paths.has(parentPath))
      report(
        '/parentPath',
        `no screen has the path "${parentPath}": ${fixFor(parentPath, allPaths, 'use the path of the list screen')}`,
      );

    // Props against the resource the screen's main call serves.
    const mainRole =
      screen.kind === 'list' ? 'list' : (['add', 'update', 'get'] as const).find((r) => calls[r]);
    const main = mainRole ? byRole[mainRole] : undefined;
    const resource: ResourceDef | undefined = main?.resource;
    const conditionOf = (m: MethodDef | undefined) =>
      (m?.body as { properties?: { condition?: { properties?: Obj } } })?.properties?.condition?.properties;
    // A plain list call without a resource (an admin list such as frame-define) that declares its
    // condition: its search fields are checked against that condition; its columns cannot be.
    const plainCondition = screen.kind === 'list' && main && !resource ? conditionOf(main) : undefined;
    if (plainCondition) {
      const searchable = Object.keys(plainCondition).filter(
        (k) => !['keyword', 'field', 'order'].includes(k),
      );
      arr(list?.searchFields).forEach((f, i) => {
        const prop = String(f.prop);
        if (!searchable.includes(prop))
          report(
            `/list/searchFields/${i}/prop`,
            `"${prop}" is not in the condition of ${screen.service}/${calls.list}: ${fixFor(prop, searchable, `use one of ${searchable.join(', ')}`)}`,
          );
      });
    } else if (screen.kind === 'form' && main && !resource && conditionOf(main)) {
      // A plain add or update call without a resource (the frame-define forms): each form field must
      // be a property of the condition it declares.
      const accepted = conditionOf(main)!;
      arr(form?.groups).forEach((g, gi) => {
        arr(g.fields).forEach((f, fi) => {
          const prop = String(f.prop);
          if (!(prop in accepted))
            report(
              `/form/groups/${gi}/fields/${fi}/prop`,
              `"${prop}" is not in the condition of ${screen.service}/${calls[mainRole!]}: use one of ${Object.keys(accepted).join(', ')}`,
            );
        });
      });
    } else if (main && !resource)
      report(
        `/calls/${mainRole}`,
        `${screen.service}/${calls[mainRole!]} declares no resource, so its props cannot be checked: serve it with standardMethods or give the method a resource`,
      );
    const custom = ctx.customFields(str(screen.module) ?? str(screen.menuNo) ?? '');
    if (resource) {
      // A reference's name (ReferenceSpec.name: orgShortName beside orgNo) is answered like a field.
      const declared = (p: string) =>
        p in resource.fields ||
        p in SYSTEM_FIELDS ||
        custom.has(p) ||
        Boolean(namedReference(resource, p)) ||
        Boolean(resource.presented?.includes(p));
      const fieldList = () => Object.keys(resource.fields).join(', ');
      const fieldNames = () => [...Object.keys(resource.fields), ...Object.keys(SYSTEM_FIELDS)];
      const sortableFields = () =>
        Object.entries({ ...resource.fields, ...SYSTEM_FIELDS })
          .filter(([, d]) => d.sortable)
          .map(([n]) => n);
      arr(list?.columns).forEach((c, i) => {
        const prop = String(c.prop);
        if (!declared(prop))
          report(
            `/list/columns/${i}/prop`,
            `"${prop}" is not a field of ${resource.table}: ${fixFor(prop, fieldNames(), `use one of ${fieldList()} or a system field`)}`,
          );
        if (typeof c.sortField === 'string') checkSort(c.sortField, `/list/columns/${i}/sortField`);
        // A column sorts on the server unless it says otherwise: clicking its header must not be refused.
        else if (
          c.sortable !== false &&
          (resource.fields[prop] ?? SYSTEM_FIELDS[prop]) &&
          !(resource.fields[prop] ?? SYSTEM_FIELDS[prop]).sortable
        )
          report(
            `/list/columns/${i}/sortable`,
            `the server cannot sort by "${prop}", but the column offers to (a column sorts unless it says "sortable": false): set "sortable": false, name a sortable "sortField", or declare the field sortable in the resource`,
          );
        const named = resource.fields[prop] ? undefined : namedReference(resource, prop);
        if (c.sortable !== false && named && !resource.fields[named.field]?.sortable)
          report(
            `/list/columns/${i}/sortable`,
            `the server sorts by the name "${prop}" only when "${named.field}" is sortable: set "sortable": false or declare ${named.field} sortable in the resource`,
          );
        if (resource.fields[prop]?.type === 'decimal' && c.type !== 'number')
          report(
            `/list/columns/${i}/type`,
            `"${prop}" is an exact decimal: show it with "type": "number" (the user's separators, exact to the last digit)`,
          );
        if (c.sum === true && c.type !== 'number')
          report(
            `/list/columns/${i}/sum`,
            'only a number column has a total: set "type": "number" or remove "sum"',
          );
      });
      // A selection rule reads the rows' values: each prop it names must be a field of the records.
      arr(list?.actions).forEach((a, i) => {
        (Array.isArray(a.sameValues) ? a.sameValues : []).forEach((p, k) => {
          if (!declared(String(p)))
            report(
              `/list/actions/${i}/sameValues/${k}`,
              `"${p}" is not a field of ${resource.table}, so the rows never mix it: use one of ${fieldList()}`,
            );
        });
      });
      const condition = conditionOf(main);
      const searchable = new Set([
        ...Object.keys(resource.filters ?? {}),
        ...Object.keys(condition ?? {}).filter((k) => !['keyword', 'field', 'order'].includes(k)),
      ]);
      arr(list?.searchFields).forEach((f, i) => {
        const prop = String(f.prop);
        if (!searchable.has(prop) && !custom.has(prop))
          report(
            `/list/searchFields/${i}/prop`,
            `"${prop}" is not a filter of ${screen.service}/${calls.list}: ${fixFor(prop, searchable, `use one of ${[...searchable].join(', ')} or declare the filter in the resource`)}`,
          );
      });
      // A date preset sends a start day: its prop is a date-from (gte) filter of a date field.
      arr(list?.searchFields).forEach((f, i) => {
        if (f.widget !== 'datePreset') return;
        const filter = resource.filters?.[String(f.prop)];
        const type = filter && (resource.fields[filter.field] ?? SYSTEM_FIELDS[filter.field])?.type;
        if (filter && (filter.op !== 'gte' || (type !== 'date' && type !== 'datetime')))
          report(
            `/list/searchFields/${i}/prop`,
            `a date preset sends the first day under "${f.prop}", but that filter is not a date-from (gte) filter of a date: name one such as ${
              Object.entries(resource.filters ?? {})
                .filter(([, d]) => d.op === 'gte')
                .map(([n]) => n)
                .join(', ') || '(none declared)'
            }`,
          );
      });
      // Tabs: a value tab's prop is an exact-match filter (its counts are by value); a filter tab names
      // a named filter the resource declares.
      const tabs = isObj(list?.tabs) ? list.tabs : undefined;
      const tabProp = str(tabs?.prop);
      if (tabProp && arr(tabs?.items).some((t) => t.value) && resource.filters?.[tabProp]?.op !== 'eq')
        report(
          '/list/tabs/prop',
          `"${tabProp}" is not an exact-match (eq) filter of ${resource.table}, so the tabs cannot be counted by it: use one of ${Object.entries(
            resource.filters ?? {},
          )
            .filter(([, d]) => d.op === 'eq')
            .map(([n]) => n)
            .join(', ')}`,
        );
      const namedFilters = Object.keys(resource.namedFilters ?? {});
      arr(tabs?.items).forEach((t, i) => {
        if (typeof t.filter === 'string' && !namedFilters.includes(t.filter))
          report(
            `/list/tabs/items/${i}/filter`,
            `${screen.service} declares no named filter "${t.filter}": ${
              namedFilters.length
                ? fixFor(String(t.filter), namedFilters, `use one of ${namedFilters.join(', ')}`)
                : 'declare it in the resource (namedFilters)'
            }`,
          );
      });
      if (isObj(list?.defaultSort) && typeof list.defaultSort.field === 'string')
        checkSort(list.defaultSort.field, '/list/defaultSort/field');
      const mode = form?.mode;
      arr(form?.groups).forEach((g, gi) => {
        arr(g.fields).forEach((f, fi) => {
          const at = `/form/groups/${gi}/fields/${fi}`;
          const prop = String(f.prop);
          const def = resource.fields[prop] ?? SYSTEM_FIELDS[prop];
          const lines = resource.lines?.[prop];
          if (lines) {
            checkLines(f, lines, at);
            return;
          }
          // A prop that is no field may still be a part of the save call's condition (an instruction
          // beside the record, such as "make a new secret").
          const saveCondition = conditionOf(byRole[mode === 'modify' ? 'update' : 'add']);
          if (!def && !custom.has(prop) && !(saveCondition && prop in saveCondition))
            report(
              `${at}/prop`,
              `"${prop}" is not a field of ${resource.table} nor taken by its save call: ${fixFor(prop, fieldNames(), `use one of ${fieldList()}, or declare it in the resource`)}`,
            );
          // A modify page may show what the server keeps (readOnlyOnEdit: shown, never sent).
          else if (def && !def.write && !(mode === 'modify' && f.readOnlyOnEdit === true))
            report(
              `${at}/prop`,
              `the server never writes "${prop}": remove it from the form, show it with "readOnlyOnEdit": true on a modify page, or on the list or a detail page`,
            );
          else if (def?.write === 'create' && mode === 'modify' && f.readOnlyOnEdit !== true)
            report(
              `${at}/readOnlyOnEdit`,
              `the server writes "${prop}" on add only: set "readOnlyOnEdit": true so the modify page does not offer to change it`,
            );
          checkDecimalField(f, def, at);
        });
      });
      // A detail page shows a decimal with the user's separators through the decimal widget too.
      const detail = isObj(screen.detail) ? screen.detail : undefined;
      arr(detail?.groups).forEach((g, gi) => {
        arr(g.fields).forEach((f, fi) => {
          checkDecimalField(f, resource.fields[String(f.prop)], `/detail/groups/${gi}/fields/${fi}`);
        });
      });
      // A detail page's lines: a line array of the resource, its columns fields of the lines, their
      // transitions those of the lines' own document, served to the page's menu.
      const detailLines = isObj(detail?.lines) ? detail.lines : undefined;
      if (detailLines) {
        const at = '/detail/lines';
        const spec = resource.lines?.[String(detailLines.prop)];
        if (!spec)
          report(
            `${at}/prop`,
            `"${detailLines.prop}" is not a line array of ${resource.table}: use one of ${Object.keys(resource.lines ?? {}).join(', ') || 'none (the resource declares no lines)'}`,
          );
        else {
          const line = spec.resource;
          arr(detailLines.columns).forEach((c, ci) => {
            const prop = String(c.prop);
            if (!line.fields[prop] && !SYSTEM_FIELDS[prop] && prop !== 'id')
              report(
                `${at}/columns/${ci}/prop`,
                `"${prop}" is not a field of ${line.table}: ${fixFor(prop, Object.keys(line.fields), `use one of ${Object.keys(line.fields).join(', ')}`)}`,
              );
            if (c.type === 'state' && (!line.document || line.document.statusField !== prop))
              report(
                `${at}/columns/${ci}/type`,
                line.document
                  ? `"${prop}" is not the status of the lines' document: use "${line.document.statusField}"`
                  : `the lines of ${line.table} are no document: a state column needs one`,
              );
          });
          const lineDocument = isObj(detailLines.lineDocument) ? detailLines.lineDocument : undefined;
          const menuNo = String(screen.menuNo);
          if (lineDocument) {
            const [service, define] = [String(lineDocument.service), String(lineDocument.define)];
            if (!ctx.services.find((sv) => sv.name === service)?.methods[define])
              report(
                `${at}/lineDocument`,
                `${service}/${define} does not exist on the server: name the lines' declaration call`,
              );
            else if (!line.document || !line.menus.includes(menuNo))
              report(
                `${at}/lineDocument`,
                `the lines of "${detailLines.prop}" are no document served to ${menuNo}: declare the document on ${line.table} with this menu among its menus`,
              );
          } else if (
            arr(detailLines.transitions).length ||
            arr(detailLines.columns).some((c) => c.type === 'state')
          )
            report(
              `${at}/lineDocument`,
              'line transitions and state columns need "lineDocument": name the lines\' declaration call',
            );
          arr(detailLines.transitions).forEach((tr, ti) => {
            const t = line.document?.transitions[String(tr.transition)];
            if (!t)
              report(
                `${at}/transitions/${ti}/transition`,
                `the lines' document declares no transition "${tr.transition}": use one of ${Object.keys(line.document?.transitions ?? {}).join(', ') || 'none'}`,
              );
            else if (t.flag !== tr.flag)
              report(
                `${at}/transitions/${ti}/flag`,
                `the transition "${tr.transition}" is guarded by ${t.flag}: name that flag`,
              );
          });
        }
      }
      /** A decimal is edited and shown exactly: the decimal widget, no more decimals than the server keeps. */
      function checkDecimalField(f: Obj, def: FieldDef | undefined, at: string) {
        if (def?.type !== 'decimal') return;
        if (f.widget !== 'decimal')
          report(
            `${at}/widget`,
            `"${f.prop}" is an exact decimal on the server: use the widget "decimal", which keeps it as text (a number input makes it a float)`,
          );
        const scale = def.scale ?? 5;
        if (typeof f.precision === 'number' && f.precision > scale)
          report(
            `${at}/precision`,
            `the server keeps at most ${scale} decimals of "${f.prop}": set "precision" to ${scale} or fewer`,
          );
      }
      /** A head's line array (ResourceDef.lines): an editable table of the line resource's writable fields. */
      function checkLines(f: Obj, lines: LinesSpec, at: string) {
        if (f.widget !== 'editableTable')
          report(
            `${at}/widget`,
            `"${f.prop}" holds the record's lines: edit it with the widget "editableTable"`,
          );
        const min = lines.minRows ?? 0;
        if (typeof f.minRows === 'number' ? f.minRows < min : min > 0)
          report(
            `${at}/minRows`,
            `the server keeps at least ${min} line(s) of "${f.prop}": set "minRows": ${min} so the table says so first`,
          );
        if (lines.fixed && f.fixedRows !== true)
          report(
            `${at}/fixedRows`,
            `the server neither adds nor removes lines of "${f.prop}": set "fixedRows": true so the table offers neither`,
          );
        const line = lines.resource;
        const rowProps = new Set(arr(f.rowFields).map((r) => String(r.prop)));
        arr(f.rowFields).forEach((r, ri) => {
          const rowAt = `${at}/rowFields/${ri}`;
          const rowProp = String(r.prop);
          const rowDef = line.fields[rowProp];
          // A computed cell is the browser's own (never sent): it reads cells of the same row.
          if (isObj(r.compute)) {
            for (const input of Object.values(r.compute)
              .flatMap((v) => (Array.isArray(v) ? v : []))
              .map(String))
              if (!rowProps.has(input))
                report(
                  `${rowAt}/compute`,
                  `"${input}" is not a cell of this table: a computed cell reads other cells of its row; add a row field "${input}"`,
                );
            if (rowDef)
              report(
                `${rowAt}/prop`,
                `"${rowProp}" is a field the server keeps: name the computed cell something of its own (the server derives its own "${rowProp}")`,
              );
            return;
          }
          if (!rowDef)
            report(
              `${rowAt}/prop`,
              `"${rowProp}" is not a field of ${line.table}: ${fixFor(rowProp, Object.keys(line.fields), `use one of ${Object.keys(line.fields).join(', ')}`)}`,
            );
          // A fixed line's read-only cell shows what the server keeps; it is never edited.
          else if (!rowDef.write && !((f.fixedRows === true || lines.fixed) && r.readOnlyOnEdit === true))
            report(
              `${rowAt}/prop`,
              `the server never writes "${rowProp}" of a line: remove it from the table${lines.fixed ? ', or show it with "readOnlyOnEdit": true' : ''}`,
            );
          if (r.widget === 'state') {
            const lineDocument = isObj(f.lineDocument) ? f.lineDocument : undefined;
            if (!lineDocument)
              report(
                `${rowAt}/widget`,
                `a state cell takes its tag from the rows' document: declare "lineDocument" on the table`,
              );
            else if (line.document?.statusField !== rowProp)
              report(
                `${rowAt}/prop`,
                `"${rowProp}" is not the status of the rows' document: use "${line.document?.statusField}"`,
              );
          }
          checkDecimalField(r, rowDef, rowAt);
        });
        (Array.isArray(f.totals) ? f.totals : []).forEach((p, i) => {
          if (!rowProps.has(String(p)))
            report(`${at}/totals/${i}`, `"${p}" is not a cell of this table: total a row field's prop`);
        });
        const lineDocument = isObj(f.lineDocument) ? f.lineDocument : undefined;
        if (lineDocument) {
          const [service, define] = [String(lineDocument.service), String(lineDocument.define)];
          const menuNo = String((input.data as Obj).menuNo);
          if (!ctx.services.find((s) => s.name === service)?.methods[define])
            report(
              `${at}/lineDocument`,
              `${service}/${define} does not exist on the server: name the lines' declaration call`,
            );
          else if (!line.document || !line.menus.includes(menuNo))
            report(
              `${at}/lineDocument`,
              `the lines of "${f.prop}" are no document served to ${menuNo}: declare the document on ${line.table} with this menu among its menus`,
            );
        }
      }
      function checkSort(field: string, pointer: string) {
        const name = stripAlias(field);
        const def = resource!.fields[name] ?? SYSTEM_FIELDS[name];
        if (!def?.sortable)
          report(
            pointer,
            `the server cannot sort by "${field}": ${fixFor(name, sortableFields(), 'use a field declared sortable in the resource')}`,
          );
      }
    }

    // Widgets, selectors and permission flags named anywhere in the screen (toolbar, row and detail
    // actions): a flag must be one the screen's menu offers.
    const offered = ctx.menuFlags.get(str(screen.menuNo) ?? '');
    const visit = (v: unknown, pointer: string) => {
      if (Array.isArray(v)) {
        v.forEach((x, i) => {
          visit(x, `${pointer}/${i}`);
        });
      } else if (isObj(v))
        for (const [k, x] of Object.entries(v)) {
          if (k === 'widget' && typeof x === 'string' && !ctx.widgets.has(x))
            report(
              `${pointer}/widget`,
              `widget "${x}" is not registered: ${fixFor(x, ctx.widgets, `use one of ${[...ctx.widgets].join(', ')}`)}`,
            );
          else if (k === 'selector' && typeof x === 'string' && !ctx.selectors.has(x))
            report(
              `${pointer}/selector`,
              `selector "${x}" is not registered: ${fixFor(x, ctx.selectors, 'register it in engine/selectors/definitions.ts first')}`,
            );
          // The password policy judges a password the user types, with the rule the server answers.
          else if (k === 'format' && x === 'passwordPolicy') {
            if (v.widget !== 'password')
              report(
                `${pointer}/format`,
                `the password policy judges a password: give the field "widget": "password" (or another format)`,
              );
            const [service, method] = PASSWORD_RULE_CALL.split('/');
            if (!ctx.services.find((s) => s.name === service)?.methods[method])
              report(
                `${pointer}/format`,
                `${PASSWORD_RULE_CALL} does not exist on the server: the form could not load the password policy`,
              );
          } else if (
            k === 'flag' &&
            typeof x === 'string' &&
            offered &&
            ctx.flags.has(x) &&
            !offered.includes(x)
          )
            report(
              `${pointer}/flag`,
              `menu "${screen.menuNo}" does not offer the flag "${x}": use one it offers (${offered.join(', ')}), or offer it in services/seed/menus.ts (extraFlags of the menu)`,
            );
          else visit(x, `${pointer}/${k}`);
        }
    };
    visit(screen, '');

    // Locale keys, in all four languages (not for a prop already reported: its label key follows the fix).
    const reported = new Set(found.map((p) => p.pointer));
    for (const use of screenLocaleKeys(screen)) {
      const missing = missingIn(ctx.locales, use.key);
      if (missing.length && !reported.has(use.pointer))
        report(
          use.pointer,
          `locale key "${use.key}" is missing in ${missing.join(', ')}: add it with npx tsx scripts/add-locale-keys.ts`,
        );
    }
  }
}

/** `file:line:column#/pointer: what is wrong: what to do` (line and column when the text is known). */
export function formatProblem(p: ScreenProblem): string {
  const at = p.line !== undefined ? `:${p.line}:${p.column}` : '';
  return `${p.file}${at}#${p.pointer || '/'}: ${p.message}`;
}

/**
 * The check as `npm run check:screens [files] [--double]` runs it: every screen under screens/, or the
 * named files checked against every screen (so a single file's routes still resolve). `--double`
 * checks every screen twice over (a copy under other paths and names), to time the check on twice
 * today's screens. Prints each finding and a summary with the time; answers whether all passed.
 */
export async function runScreenCheck(args: string[], root = fileURLToPath(new URL('..', import.meta.url))) {
  const started = performance.now();
  const named = args.filter((a) => !a.startsWith('--')).map((a) => resolve(a));
  const all = jsonFiles(join(root, 'screens'));
  const inputs = readScreens(root, [...new Set([...all, ...named])]);
  if (args.includes('--double'))
    for (const s of readScreens(root, all)) {
      const copy = structuredClone(s.data) as Obj;
      if (isObj(copy)) {
        if (typeof copy.path === 'string') copy.path = copy.path.replace(/^\/[^/]+/, (m) => `${m}-copy`);
        if (typeof copy.name === 'string') copy.name = `${copy.name}.Copy`;
      }
      inputs.push({ ...s, file: s.file.replace(/^screens\//, 'screens-copy/'), data: copy });
    }
  const only = named.length ? new Set(named.map((f) => relative(root, f))) : undefined;
  const problems = checkScreens(inputs, await defaultContext(root), only);
  for (const p of problems) console.log(formatProblem(p));
  const checked = only ? only.size : inputs.length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    problems.length
      ? `${problems.length} problem(s) in ${new Set(problems.map((p) => p.file)).size} screen file(s), ${seconds} s`
      : `${checked} screen file(s): ok in ${seconds} s`,
  );
  return problems.length === 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit((await runScreenCheck(process.argv.slice(2))) ? 0 : 1);
}
