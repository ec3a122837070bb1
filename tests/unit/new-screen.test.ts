// new:screen scaffolds list, add, modify and detail screens from a resource declaration; what it writes
// must pass check:screens as it is (with the titles and, with --menu-entry, the menu it adds), and
// reflect the declaration (fields, filters, selectors, flags, fixed keys, the document's transitions).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckContext,
  checkScreens,
  defaultContext,
  formatProblem,
  readScreens,
} from '../../scripts/check-screens';
import { type Scaffold, type ScaffoldedFile, scaffold, scaffoldScreens } from '../../scripts/new-screen';
import { LANGUAGES } from '../../scripts/tooling/locales';
import { jsonFiles } from '../../scripts/tooling/screens';
import { SERVICES } from '../../services/modules/index';
import { menuOffers } from '../../services/seed/menus';
import { screenMenuSeeds, screenMenusServing } from '../../services/seed/screen-menus';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'new-screen-'));
let ctx: CheckContext;
let files: ScaffoldedFile[];

/** Writes a scaffold's files and adds its locale keys to the check's locales (as the CLI does). */
function write(made: Scaffold): string[] {
  for (const f of made.files) {
    mkdirSync(join(f.path, '..'), { recursive: true });
    writeFileSync(f.path, `${JSON.stringify(f.screen, null, 2)}\n`);
  }
  for (const [key, texts] of Object.entries(made.localeKeys))
    LANGUAGES.forEach((l, i) => {
      ctx.locales[l][key] = texts[i];
    });
  return made.files.map((f) => f.path);
}

beforeAll(async () => {
  ctx = await defaultContext(root);
  ctx = { ...ctx, locales: structuredClone(ctx.locales) };
  const made = scaffold({
    root,
    services: SERVICES,
    service: 'IBmOrgService',
    area: 'base',
    name: 'my-orgs',
    out,
  });
  files = made.files;
  write(made);
});

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('new:screen', () => {
  it('writes a list, an add, a modify and a detail screen', () => {
    expect(files.map((f) => f.path)).toEqual([
      join(out, 'base/my-orgs.json'),
      join(out, 'base/add-my-orgs.json'),
      join(out, 'base/modify-my-orgs.json'),
      join(out, 'base/my-orgs-detail.json'),
    ]);
    expect(files.map((f) => f.screen.path)).toEqual([
      '/base/my-orgs',
      '/base/add-my-orgs',
      '/base/modify-my-orgs/:id',
      '/base/my-orgs-detail/:id',
    ]);
  });

  it("titles the add, modify and detail pages: their menus' titles, else titles of their own in the four languages", () => {
    const [, add, modify, detail] = files.map((f) => f.screen);
    // The organisation menu has hidden add and modify pages with titles; no detail page.
    expect([add.titleKey, modify.titleKey, detail.titleKey]).toEqual([
      'menu.Base.Basic.Organizational.Add',
      'menu.Base.Basic.Organizational.Modify',
      'title.base.myOrgsDetail',
    ]);
    const made = scaffold({
      root,
      services: SERVICES,
      service: 'IBmWarehouseService',
      area: 'base',
      name: 'depots',
      out,
    });
    expect(made.files.slice(1).map((f) => f.screen.titleKey)).toEqual([
      'title.base.addDepots',
      'title.base.modifyDepots',
      'title.base.depotsDetail',
    ]);
    const list = LANGUAGES.map((l) => ctx.locales[l]['menu.Base.Basic.Warehouse']);
    expect(made.localeKeys['title.base.addDepots']).toEqual([
      `Add ${list[0].toLowerCase()}`,
      `新增${list[1]}`,
      `新增${list[2]}`,
      `Thêm ${list[3]}`,
    ]);
    expect(made.localeKeys['title.base.modifyDepots'][1]).toBe(`修改${list[1]}`);
  });

  it('chooses the organisation with its selector, opens the detail from a View row action, and offers import, export and print', () => {
    const [list, add, , detail] = files.map((f) => f.screen);
    expect(add.form?.groups[0].fields.find((f) => f.prop === 'orgNo')).toMatchObject({
      widget: 'remoteSelect',
      selector: 'organisation',
      readOnlyOnEdit: true,
    });
    expect(list.list?.rowActions?.[0]).toEqual({ kind: 'view', detail: '/base/my-orgs-detail/:id' });
    expect(list.list?.rowActions?.map((a) => a.kind)).toEqual(['view', 'modify']);
    expect(detail.detail?.actions).toEqual([
      { kind: 'modify', flag: 'isModify', target: '/base/modify-my-orgs/:id' },
    ]);
    expect(list.list?.actions?.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['import', 'export', 'print']),
    );
  });

  it("declares a document's transitions on the toolbar and the rows, its state column and its history", () => {
    const made = scaffold({
      root,
      services: SERVICES,
      service: 'ISrmSysNewsService',
      area: 'base',
      name: 'my-news',
      out,
    });
    const paths = write(made);
    const [list, , , detail] = made.files.map((f) => f.screen);
    expect(list.list?.actions?.filter((a) => a.kind === 'transition')).toEqual([
      { flag: 'isRelease', kind: 'transition', transition: 'publish' },
      { flag: 'isClose', kind: 'transition', transition: 'cancel' },
    ]);
    expect(list.list?.rowActions?.filter((a) => a.kind === 'transition').map((a) => a.transition)).toEqual([
      'publish',
      'cancel',
    ]);
    expect(list.list?.columns.find((c) => c.prop === 'status')).toEqual({ prop: 'status', type: 'state' });
    expect(detail.calls.history).toBeDefined();
    expect(detail.detail?.document).toBe(true);
    const screens = jsonFiles(join(root, 'screens'));
    const problems = checkScreens(
      readScreens(root, [...screens, ...paths]),
      ctx,
      new Set(paths.map((p) => relative(root, p))),
    );
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('with --menu-entry, writes the menu, its hidden pages and their titles, serving the resource', () => {
    const made = scaffold({
      root,
      services: SERVICES,
      service: 'IBmZoneService',
      area: 'base',
      name: 'zone-board',
      out,
      menuEntry: { parent: 'Base.Material', titles: ['Zone board', '库区看板', '庫區看板', 'Bảng khu kho'] },
    });
    const paths = write(made);
    expect(made.menus.map((m) => [m.menuNo, m.path, m.hidden ?? false])).toEqual([
      ['Base.Material.ZoneBoard', '/base/zone-board', false],
      ['Base.Material.ZoneBoard.Add', '/base/add-zone-board', true],
      ['Base.Material.ZoneBoard.Modify', '/base/modify-zone-board/:id', true],
      ['Base.Material.ZoneBoard.Detail', '/base/zone-board-detail/:id', true],
    ]);
    expect(made.menus[0].serves).toBe('bmZone');
    expect(made.localeKeys['menu.Base.Material.ZoneBoard']).toEqual([
      'Zone board',
      '库区看板',
      '庫區看板',
      'Bảng khu kho',
    ]);
    expect(made.localeKeys['menu.Base.Material.ZoneBoard.Add']).toEqual(
      made.localeKeys['title.base.addZoneBoard'],
    );
    expect(made.files.map((f) => [f.screen.name, f.screen.menuNo])).toEqual([
      ['Base.Material.ZoneBoard', 'Base.Material.ZoneBoard'],
      ['Base.Material.ZoneBoard.Add', 'Base.Material.ZoneBoard'],
      ['Base.Material.ZoneBoard.Modify', 'Base.Material.ZoneBoard'],
      ['Base.Material.ZoneBoard.Detail', 'Base.Material.ZoneBoard'],
    ]);
    // What the server makes of the entries at its next start: seeded menus, and the resource serving them.
    const seeds = screenMenuSeeds(made.menus);
    expect(screenMenusServing('bmZone', made.menus)).toEqual(['Base.Material.ZoneBoard']);
    const served = (menus: readonly string[]) => [...menus, 'Base.Material.ZoneBoard'];
    const withMenu: CheckContext = {
      ...ctx,
      menuNos: new Set([...ctx.menuNos, ...seeds.map((m) => m.menuNo)]),
      menuOwners: new Map([...ctx.menuOwners, ...seeds.map((m) => [m.menuNo, m.owner] as [string, string])]),
      menuFlags: new Map([
        ...ctx.menuFlags,
        ...seeds.map((m) => [m.menuNo, menuOffers(m)] as [string, string[]]),
      ]),
      services: ctx.services.map((s) =>
        s.name !== 'IBmZoneService'
          ? s
          : {
              ...s,
              methods: Object.fromEntries(
                Object.entries(s.methods).map(([n, m]) => [
                  n,
                  m.access.kind === 'menu' && m.resource?.table === 'bmZone'
                    ? { ...m, access: { ...m.access, menus: served(m.access.menus) } }
                    : m,
                ]),
              ),
            },
      ),
    };
    const screens = jsonFiles(join(root, 'screens'));
    const only = new Set(paths.map((p) => relative(root, p)));
    expect(
      checkScreens(readScreens(root, [...screens, ...paths]), withMenu, only).map(formatProblem),
    ).toEqual([]);
    // Without the entry the menu would be unknown: the check says so.
    expect(
      checkScreens(readScreens(root, [...screens, ...paths]), ctx, only).map((p) => p.pointer),
    ).toContain('/menuNo');
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
      'isImport:import',
      'isExport:export',
      'isPrint:print',
    ]);
    const orgNo = (s: typeof add) => s.form?.groups[0].fields.find((f) => f.prop === 'orgNo');
    expect(orgNo(add)).toMatchObject({ required: true, selector: 'organisation', readOnlyOnEdit: true });
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
      ['Base.WarehouseDetail', '/base/warehouse-detail/:id'],
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
