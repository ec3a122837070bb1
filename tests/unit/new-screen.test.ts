// new:screen scaffolds list, add and modify screens from a resource declaration; what it writes must
// pass check:screens as it is, and reflect the declaration (fields, filters, flags, fixed keys).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckContext,
  checkScreens,
  defaultContext,
  formatProblem,
  readScreens,
} from '../../scripts/check-screens';
import { type ScaffoldedFile, scaffoldScreens } from '../../scripts/new-screen';
import { SERVICES } from '../../services/modules/index';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'new-screen-'));
let ctx: CheckContext;
let files: ScaffoldedFile[];

beforeAll(async () => {
  ctx = await defaultContext(root);
  files = scaffoldScreens({
    root,
    services: SERVICES,
    service: 'IBmOrgService',
    area: 'base',
    name: 'my-orgs',
    out,
  });
  mkdirSync(join(out, 'base'), { recursive: true });
  for (const f of files) {
    writeFileSync(f.path, `${JSON.stringify(f.screen, null, 2)}\n`);
  }
});

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('new:screen', () => {
  it('writes a list, an add and a modify screen', () => {
    expect(files.map((f) => f.path)).toEqual([
      join(out, 'base/my-orgs.json'),
      join(out, 'base/add-my-orgs.json'),
      join(out, 'base/modify-my-orgs.json'),
    ]);
    expect(files.map((f) => f.screen.path)).toEqual([
      '/base/my-orgs',
      '/base/add-my-orgs',
      '/base/modify-my-orgs/:id',
    ]);
  });

  it('writes files that pass check:screens', () => {
    const problems = checkScreens(
      readScreens(
        root,
        files.map((f) => f.path),
      ),
      ctx,
    );
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('takes columns, search fields, actions and form fields from the resource', () => {
    const [list, add, modify] = files.map((f) => f.screen);
    expect(list.calls).toEqual({
      list: 'getbmorglistbyparams',
      get: 'getbmorgbyid',
      delete: 'deletebmorgbyids',
    });
    expect(list.list?.columns.map((c) => c.prop)).toEqual(
      expect.arrayContaining(['orgNo', 'orgName', 'updateDate']),
    );
    expect(list.list?.columns.find((c) => c.prop === 'closeAcctRemark')).toMatchObject({ sortable: false });
    expect(list.list?.searchFields?.map((f) => f.prop)).toEqual(
      expect.arrayContaining(['orgNoIndistinct', 'orgNameIndistinct', 'statusCode']),
    );
    expect(list.list?.actions?.map((a) => `${a.flag}:${a.kind}`)).toEqual([
      'isAdd:add',
      'isModify:modify',
      'isPhysicalDelete:physicalDelete',
    ]);
    const orgNo = (s: typeof add) => s.form?.groups[0].fields.find((f) => f.prop === 'orgNo');
    expect(orgNo(add)).toMatchObject({ required: true, maxLength: 32, readOnlyOnEdit: true });
    expect(orgNo(modify)).toMatchObject({ readOnlyOnEdit: true });
    expect(add.form?.rules).toEqual([
      { type: 'notAfter', field: 'closeAcctStartDate', other: 'closeAcctEndDate' },
    ]);
  });

  it('names the page after its menu when it takes the menu path, and writes only the pages the service serves', () => {
    const only = scaffoldScreens({
      root,
      services: SERVICES,
      service: 'IBmWarehouseService',
      area: 'base',
      name: 'warehouse',
      out,
    });
    expect(only.map((f) => [f.screen.name, f.screen.path])).toEqual([
      ['Base.Basic.Warehouse', '/base/warehouse'],
      ['Base.AddWarehouse', '/base/add-warehouse'],
      ['Base.ModifyWarehouse', '/base/modify-warehouse/:id'],
    ]);
    // A service that only lists gets a list page without add, modify or delete.
    const listOnly = scaffoldScreens({
      root,
      services: SERVICES,
      service: 'ISysUserService',
      area: 'base',
      name: 'roles',
      out,
    });
    expect(listOnly.map((f) => f.screen.path)).toEqual(['/base/roles']);
    expect(listOnly[0].screen.list?.actions).toBeUndefined();
  });

  it('names a dictionary field’s options: built-in sets by dictionary, the others by their enum keys', () => {
    const [list, add] = scaffoldScreens({
      root,
      services: SERVICES,
      service: 'IBmWarehouseCellService',
      area: 'base',
      name: 'cells',
      out,
    });
    const column = (prop: string) => list.screen.list?.columns.find((c) => c.prop === prop);
    const field = (prop: string) => add.screen.form?.groups[0].fields.find((f) => f.prop === prop);
    // isBadCell is stored 1/0 (YES_NO_FLAG): a yes/no, not a status.
    expect(field('isBadCell')).toMatchObject({ widget: 'select', options: 'yesNoNumber', default: '0' });
    expect(column('isBadCell')).toMatchObject({ type: 'enum', options: 'yesNoNumber' });
    expect(field('statusCode')).toMatchObject({ options: 'status' });
    expect(field('cellType')).toMatchObject({
      widget: 'select',
      options: [1, 2, 3, 4, 5].map((v) => ({ value: String(v), labelKey: `enum.CELL_TYPE.${v}` })),
    });
    expect(column('cellType')).toMatchObject({ type: 'enum' });
  });

  it('refuses an unknown service and a menu that does not exist', () => {
    expect(() =>
      scaffoldScreens({ root, services: SERVICES, service: 'INoService', area: 'base', name: 'x', out }),
    ).toThrow(/no service INoService/);
    expect(() =>
      scaffoldScreens({
        root,
        services: SERVICES,
        service: 'IBmOrgService',
        area: 'base',
        name: 'x',
        menu: 'No.Menu',
        out,
      }),
    ).toThrow(/menu No.Menu is not in services\/seed\/menus.ts/);
  });
});
