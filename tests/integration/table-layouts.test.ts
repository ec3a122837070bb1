// Table management: the administrator's default column layout of a list screen, read by
// every user's column settings until they save their own; validated against the screen's columns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'BaseManage.Config.TableManagement';
const SCREEN = 'Base.Basic.Warehouse';

describe.each(POSTGRES_ONLY)('table management on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [admin, buyer] = await Promise.all(['admin', 'buyer'].map((u) => s.login(u)));
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (path: string, condition: unknown, token = admin, extra: object = {}) =>
    s.call(`ISysTableLayoutService/${path}`, { condition, ...extra }, { token, menu: MENU, lang: 'en-US' });

  it('lists the list screens with their menu and title; others are refused', async () => {
    const r = await call('getsystablelayoutlistbyparams', { keyword: 'warehouse' }, admin, { size: 100 });
    expect(r.body.code).toBe('0');
    const rows = r.body.response.data.records as { module: string; title: string; hasLayout: string }[];
    expect(rows).toContainEqual(
      expect.objectContaining({ module: SCREEN, title: 'Warehouses', hasLayout: 'N', version: 0 }),
    );
    // Form screens are not listed.
    const all = await call('getsystablelayoutlistbyparams', {}, admin, { size: 1000 });
    const modules = (all.body.response.data.records as { module: string }[]).map((x) => x.module);
    expect(modules).toContain('BaseManage.Config.Parameter');
    expect(modules).not.toContain('BaseManage.Config.TableManagement.Modify');
    expect(new Set(modules).size).toBe(modules.length);
    const bad = await call('getsystablelayoutlistbyparams', { field: 'password', order: 'asc' });
    expect(bad.body.errorCode).toBe('10006');
    const denied = await s.call(
      'ISysTableLayoutService/getsystablelayoutlistbyparams',
      { condition: {} },
      { token: buyer, menu: MENU },
    );
    expect(denied.body.errorCode).toBe('10005');
  });

  it('saves a layout with version, the users without settings get it, reset returns to it, delete ends it', async () => {
    const got = await call('getsystablelayoutbyid', { id: SCREEN });
    expect(got.body.code).toBe('0');
    const layout = got.body.response.data;
    expect(layout.version).toBe(0);
    const props = (layout.columns as { prop: string }[]).map((c) => c.prop);
    expect(props.slice(0, 2)).toEqual(['warehouseNo', 'warehouseName']);
    expect(layout.columns[0]).toMatchObject({ label: 'Warehouse code', isShow: 'Y', custom: 'N' });

    // Hide the name, move the organisation first, freeze it and widen it.
    const rows = layout.columns.map((c: { prop: string }) => ({
      ...c,
      isShow: c.prop === 'warehouseName' ? 'N' : 'Y',
      fixed: c.prop === 'orgNo' ? 'left' : 'none',
      width: c.prop === 'orgNo' ? 220 : null,
    }));
    const org = rows.findIndex((c: { prop: string }) => c.prop === 'orgNo');
    rows.unshift(...rows.splice(org, 1));
    const saved = await call('updatesystablelayoutbyid', { id: SCREEN, version: 0, columns: rows });
    expect(saved.body.code).toBe('0');
    expect(saved.body.response.data.version).toBe(1);
    // A second create, or a stale version, changes nothing.
    const again = await call('updatesystablelayoutbyid', { id: SCREEN, version: 0, columns: rows });
    expect(again.body.code).toBe('10007');

    const settings = async (token: string) =>
      (
        await s.call(
          'ISysViewService/getColumnSetting',
          { condition: { module: SCREEN } },
          { token, menu: SCREEN },
        )
      ).body.response.data;
    const seen = await settings(buyer);
    expect(seen.columns).toBeNull();
    expect(seen.adminColumns[0]).toMatchObject({ prop: 'orgNo', fixed: 'left', isShow: true, width: 220 });
    expect(seen.adminColumns.find((c: { prop: string }) => c.prop === 'warehouseName').isShow).toBe(false);

    // The buyer's own settings win; a reset answers the administrator's layout again.
    const own = [{ prop: 'warehouseName', fixed: 'none', isShow: true, sort: 0 }];
    await s.call(
      'ISysViewService/saveColumnSetting',
      { condition: { module: SCREEN, columns: own } },
      { token: buyer, menu: SCREEN },
    );
    expect((await settings(buyer)).columns).toEqual(own);
    const reset = await s.call(
      'ISysViewService/resetColumnSetting',
      { condition: { module: SCREEN } },
      { token: buyer, menu: SCREEN },
    );
    expect(reset.body.response.data.columns).toBeNull();
    expect(reset.body.response.data.adminColumns[0].prop).toBe('orgNo');

    const listed = await call('getsystablelayoutlistbyparams', { hasLayout: 'Y' });
    expect(listed.body.response.data.records).toEqual([
      expect.objectContaining({ module: SCREEN, hasLayout: 'Y', version: 1, updateName: expect.any(String) }),
    ]);
    const read = await call('getsystablelayoutbyid', { id: SCREEN });
    expect(read.body.response.data.columns[0]).toMatchObject({ prop: 'orgNo', fixed: 'left', width: 220 });

    const stale = await call('deletesystablelayoutbyids', { delList: [{ id: SCREEN, version: 9 }] });
    expect(stale.body.code).toBe('10007');
    const gone = await call('deletesystablelayoutbyids', { delList: [{ id: SCREEN, version: 1 }] });
    expect(gone.body.code).toBe('0');
    expect((await settings(buyer)).adminColumns).toBeNull();
    const missing = await call('deletesystablelayoutbyids', { delList: [{ id: SCREEN, version: 1 }] });
    expect(missing.body.code).toBe('10008');
  });

  it('refuses an unknown screen, an unknown column, a repeated column and a layout that shows nothing', async () => {
    const unknown = await call('updatesystablelayoutbyid', {
      id: 'No.Such.Screen',
      version: 0,
      columns: [{ prop: 'x', isShow: 'Y' }],
    });
    expect(unknown.body.code).toBe('10126');
    expect(unknown.body.msg).toContain('No.Such.Screen');
    // A form page's menu is no list screen either.
    const form = await call('getsystablelayoutbyid', { id: 'BaseManage.Config.TableManagement.Modify' });
    expect(form.body.code).toBe('10126');
    const column = await call('updatesystablelayoutbyid', {
      id: SCREEN,
      version: 0,
      columns: [{ prop: 'password', isShow: 'Y' }],
    });
    expect(column.body.code).toBe('10127');
    expect(column.body.msg).toContain('password');
    const twice = await call('updatesystablelayoutbyid', {
      id: SCREEN,
      version: 0,
      columns: [
        { prop: 'orgNo', isShow: 'Y' },
        { prop: 'orgNo', isShow: 'N' },
      ],
    });
    expect(twice.body.code).toBe('10017');
    const got = (await call('getsystablelayoutbyid', { id: SCREEN })).body.response.data;
    const none = await call('updatesystablelayoutbyid', {
      id: SCREEN,
      version: 0,
      columns: got.columns.map((c: { prop: string }) => ({ prop: c.prop, isShow: 'N' })),
    });
    expect(none.body.code).toBe('10017');
    const width = await call('updatesystablelayoutbyid', {
      id: SCREEN,
      version: 0,
      columns: [{ prop: 'orgNo', width: 5 }],
    });
    expect(width.body.errorCode).toBe('10002');
    expect((await call('getsystablelayoutbyid', { id: SCREEN })).body.response.data.version).toBe(0);
  });

  it('follows the screen: a custom field is a column, a column the screen lost drops out', async () => {
    const def = await s.call(
      'ISysFrameDefineService/addSysFrameDefine',
      {
        condition: {
          module: SCREEN,
          fieldNo: 'dockCount',
          fieldNoName: { 'en-US': 'Docks', 'zh-CN': '月台数', 'zh-TW': '月台數', vi: 'Số cửa' },
          fieldType: 2,
          isDisplay: 'Y',
          displayPage: '12',
          displayOrder: 1,
        },
      },
      { token: admin, menu: 'BaseManage.Config.FrameDefine', lang: 'en-US' },
    );
    expect(def.body.code).toBe('0');
    const got = (await call('getsystablelayoutbyid', { id: SCREEN })).body.response.data;
    expect(got.columns).toContainEqual(
      expect.objectContaining({ prop: 'dockCount', label: 'Docks', custom: 'Y' }),
    );
    // The custom field moved first: a layout may name it.
    const rows = [
      { prop: 'dockCount', isShow: 'Y', fixed: 'none' },
      ...got.columns
        .filter((c: { prop: string }) => c.prop !== 'dockCount')
        .map((c: { prop: string }) => ({ prop: c.prop, isShow: 'Y', fixed: 'none' })),
    ];
    const saved = await call('updatesystablelayoutbyid', { id: SCREEN, version: 0, columns: rows });
    expect(saved.body.code).toBe('0');
    expect(saved.body.response.data.columns[0].prop).toBe('dockCount');
    // A stored layout naming a column the screen no longer has: dropped when read; the others follow.
    await s.server.database.db
      .updateTable('sysTableLayout')
      .set({ columns: JSON.stringify([{ prop: 'gone', isShow: true, fixed: 'none', sort: 0 }, ...rows]) })
      .where('module', '=', SCREEN)
      .execute();
    const read = (await call('getsystablelayoutbyid', { id: SCREEN })).body.response.data;
    const props = read.columns.map((c: { prop: string }) => c.prop);
    expect(props).not.toContain('gone');
    expect(props[0]).toBe('dockCount');
    expect(props).toContain('warehouseNo');
  });
});
