// Data scope and permission flags: a supplier never sees another supplier's data, a missing flag
// refuses the call on the server, menus follow the roles.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFlagName, MENU_FLAGS } from '../../engine/core/flags.js';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Base.Basic.Organizational';
const schema = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../schemas/${name}`, import.meta.url), 'utf8'));

interface MenuNode {
  menuNo: string;
  isAdd: string;
  children: MenuNode[];
}
const flatten = (list: MenuNode[]): MenuNode[] => list.flatMap((m) => [m, ...flatten(m.children)]);

describe.each(POSTGRES_ONLY)('data scope and permissions on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer, supplier1, supplier2] = await Promise.all(
      ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  it('gives each role its menus, with every flag, valid against the menu schema', async () => {
    // tsType is json-schema-to-typescript's: how the generated type spells the flags.
    const ajv = new Ajv({ allErrors: true, keywords: ['tsType'] }).addSchema(schema('flag.schema.json'));
    const validate = ajv.compile(schema('menu.schema.json'));
    const menusOf = async (token: string) => {
      const r = await s.call('ISysMenuService/getsysmenulist', {}, { token });
      const tree = r.body.response.data.allMenuList as MenuNode[];
      for (const m of tree) expect(validate(m), JSON.stringify(validate.errors)).toBe(true);
      const flat = flatten(tree);
      // The schema cannot require every flag by name: each menu answers them all, 'Y' or 'N'.
      for (const m of flat) expect(Object.keys(m).filter(isFlagName), m.menuNo).toEqual([...MENU_FLAGS]);
      return flat;
    };
    const adminMenus = await menusOf(admin);
    const supplierMenus = await menusOf(supplier1);
    const buyerMenus = await menusOf(buyer);
    expect(adminMenus.find((m) => m.menuNo === MENU)?.isAdd).toBe('Y');
    expect(buyerMenus.find((m) => m.menuNo === MENU)?.isAdd).toBe('N');
    expect(supplierMenus.some((m) => m.menuNo.startsWith('Base.') || m.menuNo.startsWith('BaseManage'))).toBe(
      false,
    );
    expect(supplierMenus.length).toBeGreaterThan(5);
    expect(adminMenus.length).toBeGreaterThan(supplierMenus.length);
    const pda = (
      await s.call('ISysMenuService/getsysmenulist', { condition: { appNo: 'PDA' } }, { token: admin })
    ).body.response.data;
    expect(flatten(pda.allMenuList).every((m) => (m as unknown as { appNo: string }).appNo === 'PDA')).toBe(
      true,
    );
  });

  it('answers menu titles in the caller language', async () => {
    const zh = await s.call(
      'ISysMenuService/getsysmenubyparamssearch',
      { condition: { keyword: 'Base.Basic.Organizational' } },
      { token: admin, lang: 'zh-CN' },
    );
    const en = await s.call(
      'ISysMenuService/getsysmenubyparamssearch',
      { condition: { keyword: 'Base.Basic.Organizational' } },
      { token: admin, lang: 'en-US' },
    );
    const zhName = zh.body.response.data.find((m: { menuNo: string }) => m.menuNo === MENU).menuName;
    const enName = en.body.response.data.find((m: { menuNo: string }) => m.menuNo === MENU).menuName;
    expect(zhName).toMatch(/[\u4e00-\u9fff]/);
    expect(enName).toMatch(/^[A-Za-z ]+$/);
  });

  it('refuses an add to a user whose role lacks isAdd, and writes nothing', async () => {
    const r = await s.call(
      'IBmOrgService/addbmorg',
      { condition: { orgNo: 'B01', orgName: 'By buyer' } },
      { token: buyer, menu: MENU },
    );
    expect(r).toMatchObject({ http: 403, body: { errorCode: '10005' } });
    const list = await s.call(
      'IBmOrgService/getbmorglistbyparams',
      { condition: { keyword: 'B01' } },
      { token: admin, menu: MENU },
    );
    expect(list.body.response.data.total).toBe(0);
    // Borrowing another menu's flags does not work either: the flag must come from the organisation menu.
    const borrowed = await s.call(
      'IBmOrgService/addbmorg',
      { condition: { orgNo: 'B01', orgName: 'x' } },
      { token: buyer, menu: 'Offsite.Announcement.News' },
    );
    expect(borrowed.body.errorCode).toBe('10005');
    const none = await s.call(
      'IBmOrgService/addbmorg',
      { condition: { orgNo: 'B01', orgName: 'x' } },
      { token: buyer },
    );
    expect(none.body.errorCode).toBe('10005');
  });

  it('lets a hidden add page act under its list menu', async () => {
    const addPage = flatten(
      (await s.call('ISysMenuService/getsysmenulist', {}, { token: admin })).body.response.data.allMenuList,
    ).find((m) => m.menuNo !== MENU && m.menuNo.startsWith(MENU));
    expect(addPage).toBeDefined();
    const r = await s.call(
      'IBmOrgService/addbmorg',
      { condition: { orgNo: 'HID1', orgName: 'Via hidden page' } },
      { token: admin, menu: addPage!.menuNo },
    );
    expect(r.body.code).toBe('0');
  });

  it('keeps suppliers out of the organisation screen and inside their own organisations in lookups', async () => {
    const screen = await s.call(
      'IBmOrgService/getbmorglistbyparams',
      { condition: {} },
      { token: supplier1, menu: MENU },
    );
    expect(screen).toMatchObject({ http: 403, body: { errorCode: '10005' } });
    // No screen uses the organisation screen's list as a selector (the organisation selector reads the
    // session's list): from no menu or another menu it is refused too.
    for (const menu of [undefined, 'Offsite.User.Order']) {
      const lookup1 = await s.call(
        'IBmOrgService/getbmorglistbyparams',
        { condition: {} },
        { token: supplier1, menu },
      );
      expect(lookup1).toMatchObject({ http: 403, body: { errorCode: '10005' } });
    }
    const lookup2 = await s.call(
      'IBmOrgService/getFullAuthorityOrgListByParams',
      { current: 1, size: 20, condition: {} },
      { token: supplier2 },
    );
    expect(lookup2.body.response.data.records).toEqual([expect.objectContaining({ orgNo: 'HN01' })]);
    expect(Object.keys(lookup2.body.response.data.records[0]).sort()).toEqual([
      'id',
      'orgName',
      'orgNo',
      'orgShortName',
      'statusCode',
    ]);
    // Even asking by id or by keyword for the other supplier's organisation finds nothing.
    const hn01 = (
      await s.call(
        'IBmOrgService/getbmorglistbyparams',
        { condition: { keyword: 'HN01' } },
        { token: admin, menu: MENU },
      )
    ).body.response.data.records[0];
    const byKeyword = await s.call(
      'IBmOrgService/getbmorglistbyparams',
      { condition: { keyword: 'HN01' } },
      { token: supplier1 },
    );
    expect(byKeyword.body.errorCode).toBe('10005');
    const byId = await s.call(
      'IBmOrgService/getbmorgbyid',
      { condition: { id: hn01.id } },
      { token: supplier1, menu: MENU },
    );
    expect(byId.body.errorCode ?? byId.body.code).toMatch(/10005|10008/);
    const info = (await s.call('ISrmBmLoginService/getUserInfo', {}, { token: supplier1 })).body.response
      .data;
    expect(JSON.stringify(info)).not.toMatch(/HN01|SUP002|Delta/);
  });

  it('shows lookups valid records only, while the screen shows all', async () => {
    const UNIT = 'Base.Material.Unit';
    const unit = (
      await s.call(
        'IBmUnitService/addbmunit',
        { condition: { orgNo: 'SH01', unitNo: 'INVU', unitName: 'Invalid unit', statusCode: '0' } },
        { token: admin, menu: UNIT },
      )
    ).body.response.data;
    const screen = await s.call(
      'IBmUnitService/getbmunitlistbyparams',
      { condition: { keyword: 'INVU' } },
      { token: admin, menu: UNIT },
    );
    expect(screen.body.response.data.total).toBe(1);
    // The material screen's unit selector.
    const lookup = await s.call(
      'IBmUnitService/getbmunitlistbyparams',
      { condition: { keyword: 'INVU' } },
      { token: admin, menu: 'Base.Material.Material' },
    );
    expect(lookup.body.response.data.total).toBe(0);
    await s.call(
      'IBmUnitService/deletebmunitbyids',
      { condition: { delList: [{ id: unit.id, version: 1 }] } },
      { token: admin, menu: UNIT },
    );
  });

  it('applies a change of roles on the next request', async () => {
    const { db } = s.server.database;
    const user = await db
      .selectFrom('sysUser')
      .select('id')
      .where('userNo', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const adminRole = await db
      .selectFrom('sysRole')
      .select('id')
      .where('roleNo', '=', 'admin')
      .executeTakeFirstOrThrow();
    await db.insertInto('sysUserRole').values({ userId: user.id, roleId: adminRole.id }).execute();
    const r = await s.call(
      'IBmOrgService/addbmorg',
      { condition: { orgNo: 'B02', orgName: 'Now allowed' } },
      { token: buyer, menu: MENU },
    );
    expect(r.body.code).toBe('0');
    await db
      .deleteFrom('sysUserRole')
      .where('userId', '=', user.id)
      .where('roleId', '=', adminRole.id)
      .execute();
    const again = await s.call(
      'IBmOrgService/addbmorg',
      { condition: { orgNo: 'B03', orgName: 'Not any more' } },
      { token: buyer, menu: MENU },
    );
    expect(again.body.errorCode).toBe('10005');
  });

  it('keeps favourite menus per user: defaults, star, unstar, reorder, never a menu the user cannot open', async () => {
    const favs = async (token: string) =>
      (await s.call('ISysMenuService/getBusinessCommonMenu', {}, { token })).body.response.data.map(
        (m: { menuNo: string }) => m.menuNo,
      );
    expect(await favs(admin)).toEqual([
      'Base.Basic.Organizational',
      'Base.Basic.Warehouse',
      'Base.Material.Material',
      'Base.Material.Cell',
    ]);
    expect(await favs(supplier1)).toEqual([]);
    await s.call(
      'ISysMenuService/collectBusinessCommonMenu',
      { condition: { menuNo: 'Base.Basic.Warehouse', collect: 'N' } },
      { token: admin },
    );
    await s.call(
      'ISysMenuService/collectBusinessCommonMenu',
      { condition: { menuNo: 'Index.Dashboard', collect: 'Y' } },
      { token: admin },
    );
    expect(await favs(admin)).toEqual([
      'Base.Basic.Organizational',
      'Base.Material.Material',
      'Base.Material.Cell',
      'Index.Dashboard',
    ]);
    await s.call(
      'ISysMenuService/collectBusinessCommonMenu',
      { condition: { menuNos: ['Index.Dashboard', 'Base.Basic.Organizational'] } },
      { token: admin },
    );
    expect(await favs(admin)).toEqual(['Index.Dashboard', 'Base.Basic.Organizational']);
    const forbidden = await s.call(
      'ISysMenuService/collectBusinessCommonMenu',
      { condition: { menuNo: MENU, collect: 'Y' } },
      { token: supplier1 },
    );
    expect(forbidden.body.code).toBe('10008');
    expect(await favs(supplier1)).toEqual([]);
  });

  it('answers the custom menu entry with no address until one is configured, then filled from the caller', async () => {
    const unset = await s.call('IReportCenterService/getReportUrl', {}, { token: supplier2 });
    expect(unset.body, JSON.stringify(unset.body)).toMatchObject({ response: { data: { url: null } } });
    s.config.reportCenterUrl = 'https://reports.example.com/?orgNo={orgNo}';
    try {
      const r = await s.call('IReportCenterService/getReportUrl', {}, { token: supplier2 });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({
        response: { data: { url: 'https://reports.example.com/?orgNo=HN01' } },
      });
    } finally {
      s.config.reportCenterUrl = '';
    }
  });
});
