// The one validator of screen files: `npm run build` and the tests run it on every file in screens/
// (check:screens), and the engine runs it on each screen it loads in development, so a file that
// passes CI is a file the engine accepts. A production build holds only checked files and does not
// ship the validator (see load.ts).

import flagSchema from '@schemas/flag.schema.json';
import type { Field, Screen, Upload } from '@schemas/generated/screen';
import screenSchema from '@schemas/screen.schema.json';
import Ajv, { type ErrorObject } from 'ajv';
import { allowedFor } from '../files/uploadRules';
import { type ScreenError, ScreenValidationError } from './screenErrors';

export { formatScreenError, type ScreenError, ScreenValidationError } from './screenErrors';

let compiled: ReturnType<Ajv['compile']> | undefined;

function schemaValidator() {
  if (!compiled) {
    const ajv = new Ajv({
      allErrors: true,
      strict: true,
      strictRequired: false,
      strictTypes: false,
      allowUnionTypes: true,
    });
    // Only the regex format is used; ajv-formats would pull every format into the browser bundle.
    ajv.addFormat('regex', (s: string) => {
      try {
        new RegExp(s);
        return true;
      } catch {
        return false;
      }
    });
    // The flag names are their own schema, which the screen schema refers to.
    ajv.addSchema(flagSchema);
    compiled = ajv.compile(screenSchema);
  }
  return compiled;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function describe(e: ErrorObject): { pointer: string; message: string } {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return {
        pointer: `${e.instancePath}/${escapePointer(String(p.missingProperty))}`,
        message: 'is required',
      };
    case 'additionalProperties':
      return {
        pointer: `${e.instancePath}/${escapePointer(String(p.additionalProperty))}`,
        message: 'is not a known property here',
      };
    case 'enum':
      return {
        pointer: e.instancePath,
        message: `must be one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    default:
      return { pointer: e.instancePath, message: e.message ?? e.keyword };
  }
}

// A oneOf failure makes ajv report every branch's errors. Drop the branches whose type does not fit
// the value (the author meant another one) and keep what is left; only when nothing is left is the
// bare oneOf message useful. Errors found through a $ref carry the ref's schemaPath, so errors below
// the value count as the fitting branch's.
function pruneOneOf(errors: ErrorObject[]): ErrorObject[] {
  const drop = new Set<ErrorObject>();
  for (const o of errors.filter((e) => e.keyword === 'oneOf')) {
    const prefix = `${o.schemaPath.replace(/\/oneOf$/, '')}/oneOf/`;
    const under = errors.filter(
      (e) =>
        e !== o && (e.instancePath === o.instancePath || e.instancePath.startsWith(`${o.instancePath}/`)),
    );
    const byBranch = new Map<string, ErrorObject[]>();
    for (const e of under) {
      if (!e.schemaPath.startsWith(prefix)) continue;
      const branch = e.schemaPath.slice(prefix.length).split('/')[0];
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), e]);
    }
    for (const errs of byBranch.values()) {
      if (errs.some((e) => e.keyword === 'type' && e.instancePath === o.instancePath))
        for (const e of errs) drop.add(e);
    }
    if (under.some((e) => !drop.has(e))) drop.add(o);
  }
  return errors.filter((e) => !drop.has(e));
}

/** Schema errors, then (when the schema passes) the rules a schema cannot express. */
export function validateScreen(data: unknown, file: string): ScreenError[] {
  const validate = schemaValidator();
  if (!validate(data)) {
    const errors = pruneOneOf(validate.errors ?? []).filter((e) => e.keyword !== 'if');
    const seen = new Set<string>();
    const out: ScreenError[] = [];
    for (const e of errors) {
      const d = describe(e);
      const key = `${d.pointer}\n${d.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ file, ...d });
    }
    return out;
  }
  return checkSemantics(data as Screen, file);
}

export function assertScreen(data: unknown, file: string): Screen {
  const errors = validateScreen(data, file);
  if (errors.length) throw new ScreenValidationError(errors);
  return data as Screen;
}

function checkSemantics(screen: Screen, file: string): ScreenError[] {
  const errors: ScreenError[] = [];
  const err = (pointer: string, message: string) => errors.push({ file, pointer, message });
  const unique = (items: { prop: string }[] | undefined, base: string) => {
    const seen = new Set<string>();
    items?.forEach((item, i) => {
      if (seen.has(item.prop)) err(`${base}/${i}/prop`, `duplicate prop "${item.prop}"`);
      seen.add(item.prop);
    });
  };
  const needsOptions = (
    item: { widget?: string; type?: string; options?: unknown },
    pointer: string,
    what: 'widget' | 'type',
  ) => {
    const kind = what === 'widget' ? item.widget : item.type;
    if ((kind === 'select' || kind === 'enum') && item.options === undefined)
      err(`${pointer}/options`, `is required for ${what} "${kind}"`);
  };
  /** A date preset is a list search field with its days, starting at one of them or 'all'. */
  const checkDatePreset = (f: Field, pointer: string, search: boolean) => {
    if (f.widget !== 'datePreset') {
      if (f.days) err(`${pointer}/days`, 'is for widget "datePreset" only');
      return;
    }
    if (!search)
      err(`${pointer}/widget`, '"datePreset" is a list search field: use "date" or "dateRange" here');
    if (!f.days)
      err(`${pointer}/days`, 'is required for widget "datePreset" (for example [7, 30, 90, 180, 365])');
    else if (f.default !== undefined && f.default !== 'all' && !f.days.includes(Number(f.default)))
      err(`${pointer}/default`, `must be "all" or one of the days (${f.days.join(', ')})`);
  };
  /** An upload needs its declaration, and may only narrow the extensions its purpose allows. */
  const checkUpload = (upload: Upload | undefined, required: boolean, pointer: string, what: string) => {
    if (!upload) {
      if (required) err(`${pointer}/upload`, `is required for ${what}`);
      return;
    }
    const allowed = allowedFor(upload.purpose);
    upload.accept?.forEach((ext, i) => {
      if (!allowed.includes(ext))
        err(
          `${pointer}/upload/accept/${i}`,
          `"${ext}" cannot be uploaded for purpose "${upload.purpose}" (allowed: ${allowed.join(', ')})`,
        );
    });
  };

  if (screen.list) {
    const list = screen.list;
    unique(list.columns, '/list/columns');
    unique(list.searchFields, '/list/searchFields');
    list.columns.forEach((c, i) => {
      needsOptions(c, `/list/columns/${i}`, 'type');
    });
    list.searchFields?.forEach((f, i) => {
      needsOptions(f, `/list/searchFields/${i}`, 'widget');
      checkDatePreset(f, `/list/searchFields/${i}`, true);
    });
    // A tab is a value of the tabs' prop or a named filter of the server, one of the two, each once.
    const tabKeys = new Set<string>();
    list.tabs?.items.forEach((item, i) => {
      const at = `/list/tabs/items/${i}`;
      if ((item.value === undefined) === (item.filter === undefined))
        err(at, 'names a value or a filter: exactly one of them');
      const key = item.filter !== undefined ? `filter:${item.filter}` : (item.value ?? '');
      if (tabKeys.has(key))
        err(at, `tabs must be unique: ${item.filter ?? JSON.stringify(item.value)} is another tab's too`);
      tabKeys.add(key);
      if (item.value && !list.tabs?.prop)
        err('/list/tabs/prop', 'is required: a tab with a value names the condition it goes under');
    });
    // A search rule names conditions the page can send: search fields (a range's end too), tabs, type filter.
    const conditions = new Set<string>([
      ...(list.searchFields ?? []).flatMap((f) => [f.prop, ...(f.endProp ? [f.endProp] : [])]),
      ...(list.tabs?.prop ? [list.tabs.prop] : []),
      ...(list.typeFilter ? [list.typeFilter.prop] : []),
      ...(list.keyword ? ['keyword'] : []),
    ]);
    list.searchRules?.forEach((r, i) => {
      const named = [...(r.groups ?? []).flat(), r.from, r.to, ...(r.unless ?? [])].filter(
        (p): p is string => typeof p === 'string',
      );
      for (const prop of named)
        if (!conditions.has(prop))
          err(`/list/searchRules/${i}`, `names "${prop}", which is no search condition`);
    });
    list.actions?.forEach((a, i) => {
      if ((a.kind === 'delete' || a.kind === 'physicalDelete') && !a.call && !screen.calls.delete)
        err(`/list/actions/${i}/call`, `is required when the screen has no calls.delete`);
      if (a.kind === 'upload') checkUpload(a.upload, true, `/list/actions/${i}`, 'an upload action');
    });
  }
  if (screen.form) {
    const fields = screen.form.groups.flatMap((g, gi) =>
      g.fields.map((f, fi) => ({ f, at: `/form/groups/${gi}/fields/${fi}` })),
    );
    const seen = new Set<string>();
    for (const { f, at } of fields) {
      if (seen.has(f.prop)) err(`${at}/prop`, `duplicate prop "${f.prop}"`);
      seen.add(f.prop);
      needsOptions(f, at, 'widget');
      checkDatePreset(f, at, false);
      if (f.widget === 'editableTable' && !f.rowFields)
        err(`${at}/rowFields`, 'is required for widget "editableTable"');
      for (const prop of f.rowContext ?? [])
        if (!fields.some((o) => o.f.prop === prop))
          err(`${at}/rowContext`, `names no field of the form ("${prop}")`);
      for (const prop of f.unique ?? [])
        if (!f.rowFields?.some((r) => r.prop === prop))
          err(`${at}/unique`, `names "${prop}", which is no column of the table (rowFields)`);
      if (
        (f.widget === 'remoteSelect' || f.widget === 'userPicker' || f.widget === 'itemPicker') &&
        !f.selector
      )
        err(`${at}/selector`, `is required for widget "${f.widget}"`);
      if (f.widget === 'upload' || f.upload)
        checkUpload(f.upload, f.widget === 'upload', at, 'widget "upload"');
      if (f.dependsOn && !fields.some((o) => o.f.prop === f.dependsOn))
        err(`${at}/dependsOn`, `names no field of the form ("${f.dependsOn}")`);
      for (const [key, v] of Object.entries(f.lookupCondition ?? {}))
        if (v && typeof v === 'object' && !fields.some((o) => o.f.prop === v.field))
          err(`${at}/lookupCondition/${key}/field`, `names no field of the form ("${v.field}")`);
    }
    checkTabs(screen.form, '/form', err);
    screen.form.rules?.forEach((r, i) => {
      if (!seen.has(r.field)) err(`/form/rules/${i}/field`, `names no field of the form ("${r.field}")`);
      if (!seen.has(r.other)) err(`/form/rules/${i}/other`, `names no field of the form ("${r.other}")`);
    });
    if (screen.form.mode === 'modify' && !screen.form.single && !namesOneRecord(screen.path))
      err('/path', `a modify form needs a route parameter naming the record: ${ONE_RECORD}`);
    if (screen.form.single && (screen.form.mode !== 'modify' || /\/:/.test(screen.path)))
      err('/form/single', 'a single-record form is a modify form on a route without parameters');
  }
  if (screen.detail) {
    const seen = new Set<string>();
    screen.detail.groups.forEach((g, gi) => {
      g.fields.forEach((f, fi) => {
        const at = `/detail/groups/${gi}/fields/${fi}`;
        if (seen.has(f.prop)) err(`${at}/prop`, `duplicate prop "${f.prop}"`);
        seen.add(f.prop);
        needsOptions(f, at, 'widget');
        if (f.widget === 'upload') checkUpload(f.upload, true, at, 'widget "upload"');
      });
    });
    checkTabs(screen.detail, '/detail', err);
    screen.detail.actions?.forEach((a, i) => {
      if (a.kind === 'modify' && !a.target)
        err(`/detail/actions/${i}/target`, 'is required for a modify button');
    });
    if (!namesOneRecord(screen.path))
      err('/path', `a detail page needs a route parameter naming the record: ${ONE_RECORD}`);
  }
  return errors;
}

const ONE_RECORD =
  ':id, or a single parameter named after the field a list row holds the id under (an order line opens its order with :headId)';

/** A path naming the record's id: an :id, or its only parameter (screens/rowActions.ts recordIdOf). */
function namesOneRecord(path: string): boolean {
  return /\/:id(\/|$)/.test(path) || (path.match(/\/:[A-Za-z][A-Za-z0-9]*(?=\/|$)/g) ?? []).length === 1;
}

/** With tabs, every block names a declared tab and every tab holds a block; without, none names one. */
function checkTabs(
  page: { tabs?: { key: string }[]; groups: { tab?: string }[] },
  base: string,
  err: (pointer: string, message: string) => void,
): void {
  const keys = (page.tabs ?? []).map((t) => t.key);
  keys.forEach((key, i) => {
    if (keys.indexOf(key) !== i) err(`${base}/tabs/${i}/key`, `duplicate tab key "${key}"`);
    else if (!page.groups.some((g) => g.tab === key)) err(`${base}/tabs/${i}`, `tab "${key}" holds no group`);
  });
  page.groups.forEach((g, i) => {
    if (!page.tabs && g.tab !== undefined)
      err(`${base}/groups/${i}/tab`, `names tab "${g.tab}" but the page declares no tabs`);
    else if (page.tabs && g.tab === undefined)
      err(`${base}/groups/${i}/tab`, 'is required on a page with tabs: name one of the tab keys');
    else if (page.tabs && !keys.includes(g.tab!))
      err(`${base}/groups/${i}/tab`, `names no tab of the page ("${g.tab}")`);
  });
}
