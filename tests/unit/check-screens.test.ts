// check:screens on broken screens, each reported with its file, line, column and JSON pointer: fixture
// screens (tests/fixtures/check-screens/*.json), one per kind of mistake, and the held-in set of
// mutations of real screens (mutations.json: a screen of screens/, what is changed in it, the pointer
// and the finding expected), checked together with every other screen as `check:screens file` does.
// The real screens/ must pass.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckContext,
  checkScreens,
  defaultContext,
  formatProblem,
  readScreens,
} from '../../scripts/check-screens';
import { pointerSegments } from '../../scripts/tooling/positions';
import { jsonFiles } from '../../scripts/tooling/screens';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = 'tests/fixtures/check-screens';
let ctx: CheckContext;

beforeAll(async () => {
  ctx = await defaultContext(root);
});

/** Problems of one fixture, checked together with the valid list and add fixtures it refers to. */
function problemsOf(name: string) {
  const files = ['valid-list.json', 'valid-add.json', name].map((f) => join(root, dir, f));
  const file = `${dir}/${name}`;
  return checkScreens(readScreens(root, files), ctx)
    .filter((p) => p.file === file)
    .map((p) => ({ pointer: p.pointer, message: p.message }));
}

describe('check:screens', () => {
  it('passes every screen in screens/', () => {
    const problems = checkScreens(readScreens(root, jsonFiles(join(root, 'screens'))), ctx);
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('passes the valid fixtures the broken ones are built from', () => {
    const files = ['valid-list.json', 'valid-add.json'].map((f) => join(root, dir, f));
    expect(checkScreens(readScreens(root, files), ctx).map(formatProblem)).toEqual([]);
  });

  it.each([
    ['schema-unknown-property.json', '/list/columns/0/colour', /not a known property.*remove it/],
    ['bad-schema-ref.json', '/$schema', /set it to "\.\.\/\.\.\/\.\.\/schemas\/screen\.schema\.json"/],
    ['unknown-service.json', '/service', /"IBmNowhereService" does not exist on the server/],
    [
      'unknown-transition.json',
      '/list/actions/0/transition',
      /declares no transition "approve": use one of publish, cancel/,
    ],
    ['transition-flag.json', '/list/actions/0/flag', /"publish" is guarded by isRelease: name that flag/],
    [
      'row-transition.json',
      '/list/rowActions/0/transition',
      /no toolbar action runs the transition "cancel"/,
    ],
    [
      'unknown-method.json',
      '/calls/list',
      /"getnowherelist" does not exist on IBmOrgService: use one of .*getbmorglistbyparams/,
    ],
    ['unknown-column-prop.json', '/list/columns/1/prop', /"orgColour" is not a field of bmOrg/],
    ['unknown-search-prop.json', '/list/searchFields/0/prop', /"orgNo" is not a filter of .*orgNoIndistinct/],
    [
      'tab-unknown-filter.json',
      '/list/tabs/items/1/filter',
      /IBmOrgService declares no named filter "overdue": declare it in the resource \(namedFilters\)/,
    ],
    [
      'tab-prop-not-eq.json',
      '/list/tabs/prop',
      /"orgNoIndistinct" is not an exact-match \(eq\) filter of bmOrg/,
    ],
    [
      'date-preset-not-gte.json',
      '/list/searchFields/0/prop',
      /a date preset sends the first day under "statusCode", but that filter is not a date-from \(gte\) filter/,
    ],
    [
      'unknown-plain-search-prop.json',
      '/list/searchFields/0/prop',
      /"colour" is not in the condition of ISysFrameDefineService\/getSysFrameDefineDown: use one of module, isDisplay/,
    ],
    ['unknown-form-prop.json', '/form/groups/0/fields/1/prop', /"orgColour" is not a field of bmOrg/],
    [
      'unknown-plain-form-prop.json',
      '/form/groups/0/fields/1/prop',
      /"colour" is not in the condition of ISysFrameDefineService\/addSysFrameDefine: use one of module, fieldNo/,
    ],
    ['unwritten-form-prop.json', '/form/groups/0/fields/2/prop', /never writes "createName"/],
    [
      'editable-key-on-modify.json',
      '/form/groups/0/fields/0/readOnlyOnEdit',
      /on add only: set "readOnlyOnEdit": true/,
    ],
    ['bad-flag.json', '/list/actions/0/flag', /must be one of: "isSearch".*use one of these values/],
    [
      'flag-not-offered.json',
      '/list/actions/1/flag',
      /menu "Base.Basic.Organizational" does not offer the flag "isApprove": use one it offers \(isSearch, .*isOut\), or offer it in services\/seed\/menus.ts/,
    ],
    ['unknown-widget.json', '/form/groups/0/fields/1/widget', /must be one of: "input"/],
    [
      'password-policy-widget.json',
      '/form/groups/0/fields/1/format',
      /the password policy judges a password: give the field "widget": "password"/,
    ],
    ['unknown-menu.json', '/menuNo', /"Base.Basic.Nowhere" is not in services\/seed\/menus.ts/],
    ['unknown-target.json', '/list/actions/0/target', /no screen has the path "\/fixture\/nowhere"/],
    ['unknown-parent.json', '/parentPath', /no screen has the path "\/fixture\/nowhere"/],
    ['unsortable-sort.json', '/list/defaultSort/field', /cannot sort by "closeAcctRemark"/],
    [
      'missing-locale-key.json',
      '/list/columns/2/labelKey',
      /"field.noSuchLabel" is missing in en-US, zh-CN, zh-TW, vi/,
    ],
    [
      'lines-min-rows.json',
      '/form/groups/0/fields/5/minRows',
      /keeps at least 1 line\(s\) of "elementList": set "minRows": 1/,
    ],
    [
      'lines-unknown-column.json',
      '/form/groups/0/fields/5/rowFields/1/prop',
      /"colour" is not a field of bmBarRuleLine: use one of .*codingId/,
    ],
    [
      'lines-compute-input.json',
      '/form/groups/1/fields/0/rowFields/13/compute',
      /"vatRate" is not a cell of this table: .*add a row field "vatRate"/,
    ],
    [
      'lines-fixed-rows.json',
      '/form/groups/1/fields/0/fixedRows',
      /neither adds nor removes lines of "lineList": set "fixedRows": true/,
    ],
    [
      'lines-state-no-document.json',
      '/form/groups/1/fields/0/rowFields/1/widget',
      /a state cell takes its tag from the rows' document: declare "lineDocument"/,
    ],
    [
      'lines-totals-unknown.json',
      '/form/groups/1/fields/0/totals/6',
      /"discount" is not a cell of this table/,
    ],
    [
      'decimal-number-widget.json',
      '/form/groups/0/fields/2/widget',
      /"safetyStock" is an exact decimal on the server: use the widget "decimal"/,
    ],
    [
      'decimal-column-type.json',
      '/list/columns/2/type',
      /"safetyStock" is an exact decimal: show it with "type": "number"/,
    ],
    ['sum-not-number.json', '/list/columns/1/sum', /only a number column has a total/],
    [
      'dialog-unknown-field.json',
      '/list/actions/0/fields/1/prop',
      /"colour" is not in the condition of ISupSrmPurchaseDateChangeService\/requestDateChange: use one of rows, newDate, reason/,
    ],
    ['dialog-without-fields.json', '/list/actions/0/fields', /is required: add it/],
    [
      'action-unknown-state.json',
      '/list/actions/0/states/1',
      /ISupSrmPurchaseService has no state "9": use one of 0, 1, 2, 3/,
    ],
    [
      'duplicate-route-name.json',
      '/name',
      /route name "Fixture.Orgs" is also used by tests\/fixtures\/check-screens\/valid-list.json/,
    ],
    [
      'duplicate-route-path.json',
      '/path',
      /route path "\/fixture\/orgs" is also used by tests\/fixtures\/check-screens\/valid-list.json/,
    ],
  ])('%s is reported at %s', (name, pointer, message) => {
    const problems = problemsOf(name);
    expect(problems).toHaveLength(1);
    expect(problems[0].pointer).toBe(pointer);
    expect(problems[0].message).toMatch(message);
  });

  it('has a fixture for every kind of mistake and a test for every fixture', () => {
    const fixtures = jsonFiles(join(root, dir)).map((f) => f.split('/').at(-1));
    // 42 screens, and the mutations of real screens.
    expect(fixtures).toHaveLength(43);
  });

  it('formats a problem as file:line:column#pointer: message', () => {
    const [p] = checkScreens(readScreens(root, [join(root, dir, 'unknown-menu.json')]), ctx);
    expect(formatProblem(p)).toMatch(
      /^tests\/fixtures\/check-screens\/unknown-menu\.json:6:3#\/menuNo: menu "Base.Basic.Nowhere" is not in services\/seed\/menus.ts: /,
    );
  });
});

type Mutation = [
  name: string,
  screen: string,
  change: { set?: Record<string, unknown>; remove?: string[] },
  pointer: string,
  message: string,
];
const MUTATIONS = JSON.parse(readFileSync(join(root, dir, 'mutations.json'), 'utf8')) as Mutation[];

/** The screen with its change made: removals first (in the order given), then the values set. */
function mutate(screen: unknown, change: Mutation[2]): unknown {
  const copy = structuredClone(screen);
  const parentOf = (pointer: string) => {
    const segments = pointerSegments(pointer);
    const last = segments.pop()!;
    let parent = copy as Record<string | number, unknown>;
    for (const seg of segments) parent = parent[seg] as Record<string | number, unknown>;
    if (!parent || typeof parent !== 'object') throw new Error(`${pointer}: no such parent`);
    return { parent, last };
  };
  for (const pointer of change.remove ?? []) {
    const { parent, last } = parentOf(pointer);
    if (!(last in parent)) throw new Error(`${pointer}: nothing to remove`);
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  }
  for (const [pointer, value] of Object.entries(change.set ?? {}))
    parentOf(pointer).parent[parentOf(pointer).last] = value;
  return copy;
}

describe('check:screens on the held-in mutations of real screens', () => {
  const screenFiles = jsonFiles(join(root, 'screens'));

  it('holds at least 40 mutations across at least six screens', () => {
    expect(MUTATIONS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(MUTATIONS.map((m) => m[1])).size).toBeGreaterThanOrEqual(6);
  });

  it.each(MUTATIONS)('%s (%s) is reported at %s', (_name, screen, change, pointer, message) => {
    const inputs = readScreens(root, screenFiles);
    const input = inputs.find((s) => s.file === screen);
    if (!input) throw new Error(`${screen} is not a screen of screens/`);
    const original = input.data;
    input.data = mutate(original, change);
    input.text = `${JSON.stringify(input.data, null, 2)}\n`;
    const problems = checkScreens(inputs, ctx, new Set([screen]));
    const found = problems.find((p) => p.pointer === pointer && new RegExp(message).test(p.message));
    expect(found, problems.map(formatProblem).join('\n') || 'no finding').toBeDefined();
    expect(found!.file).toBe(screen);
    expect(found!.line).toBeGreaterThan(0);
    // The unchanged file passes: the finding is the mutation's.
    input.data = original;
    expect(checkScreens(inputs, ctx, new Set([screen])).map(formatProblem)).toEqual([]);
  });
});

describe('check:screens reporting', () => {
  const screenFiles = jsonFiles(join(root, 'screens'));

  it('checks a single file against every screen: its routes resolve', () => {
    const file = 'screens/base/organizational.json';
    const problems = checkScreens(readScreens(root, screenFiles), ctx, new Set([file]));
    expect(problems).toEqual([]);
  });

  it('names both files of a duplicate route, each on its own file', () => {
    const inputs = readScreens(root, screenFiles);
    const add = inputs.find((s) => s.file === 'screens/base/add-organizational.json')!;
    add.data = { ...(add.data as object), path: '/base/organizational' };
    const problems = checkScreens(inputs, ctx).filter((p) => p.pointer === '/path');
    expect(problems.map((p) => [p.file, p.message])).toEqual([
      [
        'screens/base/add-organizational.json',
        expect.stringContaining('also used by screens/base/organizational.json'),
      ],
      [
        'screens/base/organizational.json',
        expect.stringContaining('also used by screens/base/add-organizational.json'),
      ],
    ]);
  });

  it('does not let a schema error hide the other checks of the file', () => {
    const inputs = readScreens(root, screenFiles);
    const file = 'screens/base/organizational.json';
    const input = inputs.find((s) => s.file === file)!;
    input.data = mutate(input.data, {
      set: {
        '/list/columns/0/colour': 'red',
        '/list/actions/0/target': '/base/nowhere',
        '/calls/get': 'getbmorgbyId',
      },
    });
    const pointers = checkScreens(inputs, ctx, new Set([file])).map((p) => p.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining(['/list/columns/0/colour', '/list/actions/0/target', '/calls/get']),
    );
  });

  it('places a finding at the line and column of its pointer in the file as written', () => {
    const text =
      '{\n  "$schema": "../../schemas/screen.schema.json",\n  "name": "X",\n  "menuNo": "Nowhere.Menu"\n}\n';
    const problems = checkScreens(
      [{ file: 'screens/x/x.json', data: JSON.parse(text), text }],
      ctx,
      new Set(['screens/x/x.json']),
    );
    const menu = problems.find((p) => p.pointer === '/menuNo');
    expect([menu?.line, menu?.column]).toEqual([4, 3]);
    // A missing property is placed where it belongs: the object that should hold it.
    const service = problems.find((p) => p.pointer === '/service');
    expect([service?.line, service?.column]).toEqual([1, 1]);
  });
});
