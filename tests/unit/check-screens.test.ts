// check:screens on broken fixture screens (tests/fixtures/check-screens/), one per kind of mistake:
// each must be reported with its file and JSON pointer, and the real screens/ must pass.
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
    expect(fixtures).toHaveLength(42);
  });

  it('formats a problem as file#pointer: message', () => {
    const [p] = checkScreens(readScreens(root, [join(root, dir, 'unknown-menu.json')]), ctx);
    expect(formatProblem(p)).toMatch(/^tests\/fixtures\/check-screens\/unknown-menu\.json#\/menuNo: menu /);
  });
});
