// Roles and users (spec 001 sections 2, 6, 7): role and user administration with menu permissions,
// roles given to users, the password policy on create, optimistic locking, bad input changing
// nothing, supplier users refused, and a change of roles or menus applying to the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const ROLE = 'BaseManage.Base.Role';
const USER = 'BaseManage.Base.User';
const WH = 'Base.Basic.Warehouse';

const on = (...flags: string[]) => Object.fromEntries(flags.map((f) => [f, 'Y']));
const WAREHOUSE_KEEPER_MENUS = [
  { menuNo: 'Base', ...on('isSearch') },
  { menuNo: 'Base.Basic', ...on('isSearch') },
  { menuNo: WH, ...on('isSearch', 'isAdd', 'isModify') },
];

describe.each(POSTGRES_ONLY)('roles and users on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer, supplier1] = await Promise.all(['admin', 'buyer', 'supplier1'].map((u) => s.login(u)));
  });
  afterAll(async () => {
    await s?.close();
  });

  const asAdmin = (path: string, condition: unknown, menu = ROLE) =>
    s.call(path, { condition }, { token: admin, menu, lang: 'en-US' });
  const roleCount = async () =>
    Number(
      (
        await s.server.database.db
          .selectFrom('sysRole')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('adds, reads, lists, modifies (with version) and deletes a role with its menu permissions', async () => {
    const added = await asAdmin('ISrmSysRoleService/saveorupdaterole', {
      roleNo: 'QA',
      roleName: 'Quality',
      remark: 'checks',
      createName: 'HACK',
      menuList: [{ menuNo: WH, ...on('isSearch', 'isExport') }],
    });
    expect(added.body.status).toBe(200);
    const role = added.body.response.data;
    expect(role).toMatchObject({ roleNo: 'QA', roleName: 'Quality', statusCode: '1', version: 1 });
    expect(role.createName).toBe('Administrator');
    expect(role.menuList).toEqual([
      expect.objectContaining({ menuNo: WH, isSearch: 'Y', isExport: 'Y', isAdd: 'N', isOut: 'N' }),
    ]);

    const got = await asAdmin('ISrmSysRoleService/getsysrolebyid', { id: role.id });
    expect(got.body.response.data.menuList).toHaveLength(1);

    const listed = await s.call(
      'ISrmSysRoleService/getsysrolelist',
      { current: 1, size: 20, condition: { keyword: 'qual' } },
      { token: admin, menu: ROLE },
    );
    expect(listed.body.response.data.records.map((r: { roleNo: string }) => r.roleNo)).toEqual(['QA']);

    const modified = await asAdmin('ISrmSysRoleService/saveorupdaterole', {
      id: role.id,
      version: 1,
      roleNo: 'CHANGED',
      roleName: 'Quality control',
      // As the form's tree widget sends it: JSON text.
      menuList: JSON.stringify([{ menuNo: WH, ...on('isSearch') }]),
    });
    expect(modified.body.response.data).toMatchObject({
      roleNo: 'QA',
      roleName: 'Quality control',
      version: 2,
    });
    expect(modified.body.response.data.menuList[0]).toMatchObject({ isSearch: 'Y', isExport: 'N' });

    // A stale version changes nothing, not even the menus.
    const stale = await asAdmin('ISrmSysRoleService/saveorupdaterole', {
      id: role.id,
      version: 1,
      roleName: 'Lost update',
      menuList: [],
    });
    expect(stale.body.code).toBe('10007');
    const after = await asAdmin('ISrmSysRoleService/getsysrolebyid', { id: role.id });
    expect(after.body.response.data).toMatchObject({ roleName: 'Quality control', version: 2 });
    expect(after.body.response.data.menuList).toHaveLength(1);

    const staleDelete = await asAdmin('ISrmSysRoleService/deletesysrolebyids', {
      delList: [{ id: role.id, version: 1 }],
    });
    expect(staleDelete.body.code).toBe('10007');
    const deleted = await asAdmin('ISrmSysRoleService/deletesysrolebyids', {
      delList: [{ id: role.id, version: 2 }],
    });
    expect(deleted.body.response.data).toEqual({ deleted: 1 });
    expect((await asAdmin('ISrmSysRoleService/getsysrolebyid', { id: role.id })).body.code).toBe('10008');
  });

  it('refuses bad role input with a clear message and changes nothing', async () => {
    const before = await roleCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ roleName: 'No number' }, 'Role code is required'],
      [{ roleNo: 'has space', roleName: 'x' }, 'Role code'],
      [
        { roleNo: 'OK1', roleName: 'x', menuList: [{ menuNo: 'No.Such.Menu', isSearch: 'Y' }] },
        'No.Such.Menu',
      ],
      [{ roleNo: 'OK2', roleName: 'x', menuList: [{ menuNo: WH, isAdd: 'yes' }] }, 'must be one of'],
      [{ roleNo: 'admin', roleName: 'Duplicate' }, 'already exists'],
      [{ roleNo: 'OK3', roleName: 'x', menuList: '[{"menuNo": 1}]' }, 'Menu permissions is invalid'],
      [{ roleNo: 'OK4', roleName: 'x', menuList: 'not json' }, 'Menu permissions is invalid'],
      [
        { roleNo: 'OK5', roleName: 'x', menuList: `[{"menuNo":"${WH}","isAdd":"yes"}]` },
        'Menu permissions is invalid',
      ],
    ];
    for (const [condition, text] of cases) {
      const r = await asAdmin('ISrmSysRoleService/saveorupdaterole', condition);
      expect(r.http, JSON.stringify(condition)).toBeLessThan(500);
      expect(r.body.msg ?? r.body.errorMessage, JSON.stringify(condition)).toContain(text);
    }
    expect(await roleCount()).toBe(before);
    // A role still given to users cannot be deleted.
    const buyerRole = await s.server.database.db
      .selectFrom('sysRole')
      .select(['id', 'version'])
      .where('roleNo', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const inUse = await asAdmin('ISrmSysRoleService/deletesysrolebyids', { delList: [buyerRole] });
    expect(inUse.body.code).toBe('10016');
  });

  it('refuses role and user administration to buyers and supplier users, even with the flags', async () => {
    for (const token of [buyer, supplier1]) {
      const r = await s.call(
        'ISrmSysRoleService/saveorupdaterole',
        { condition: { roleNo: 'X', roleName: 'x' } },
        { token, menu: ROLE },
      );
      expect(r.body.errorCode).toBe('10005');
      const u = await s.call(
        'ISupSrmSysUserService/getsysuserlist',
        { current: 1, size: 20, condition: {} },
        { token, menu: USER },
      );
      expect(u.body.errorCode).toBe('10005');
    }
    // Give the supplier role the role and user menus: a supplier's user is still refused.
    const supplierRole = await s.server.database.db
      .selectFrom('sysRole')
      .select(['id', 'version'])
      .where('roleNo', '=', 'supplier')
      .executeTakeFirstOrThrow();
    const current = await asAdmin('ISrmSysRoleService/getsysrolebyid', { id: supplierRole.id });
    const all = on('isSearch', 'isAdd', 'isModify', 'isDelete');
    const granted = await asAdmin('ISrmSysRoleService/saveorupdaterole', {
      id: supplierRole.id,
      version: supplierRole.version,
      menuList: [
        ...current.body.response.data.menuList,
        { menuNo: 'BaseManage', ...all },
        { menuNo: 'BaseManage.Base', ...all },
        { menuNo: ROLE, ...all },
        { menuNo: USER, ...all },
      ],
    });
    expect(granted.body.status).toBe(200);
    const list = await s.call(
      'ISrmSysRoleService/getsysrolelist',
      { current: 1, size: 20, condition: {} },
      { token: supplier1, menu: ROLE },
    );
    expect(list.body.errorCode).toBe('10005');
    const users = await s.call(
      'ISupSrmSysUserService/getsysuserlist',
      { current: 1, size: 20, condition: {} },
      { token: supplier1, menu: USER },
    );
    expect(users.body.errorCode).toBe('10005');
    const save = await s.call(
      'ISupSrmSysUserService/saveorupdatesysuser',
      { condition: { userNo: 'sneaky', userName: 'x', pwd: 'Long-enough-pass-1' } },
      { token: supplier1, menu: USER },
    );
    expect(save.body.errorCode).toBe('10005');
    // Put the supplier role back as it was.
    const back = await asAdmin('ISrmSysRoleService/saveorupdaterole', {
      id: supplierRole.id,
      version: granted.body.response.data.version,
      menuList: current.body.response.data.menuList,
    });
    expect(back.body.status).toBe(200);
  });

  it('adds a user with roles and a supplier under the password policy, modifies and deletes it', async () => {
    const base = { userNo: 'sup1clerk', userName: 'Supplier clerk', orgNo: 'SH01', supplierNo: 'SUP001' };
    const userCount = async () =>
      Number(
        (
          await s.server.database.db
            .selectFrom('sysUser')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await userCount();
    const bad: [Record<string, unknown>, string][] = [
      [{ pwd: 'short' }, 'password policy'],
      [{ pwd: 'sup1clerk-password' }, 'password policy'],
      [{}, 'Password is required'],
      [{ pwd: 'Long-enough-pass-1', supplierNo: 'NOPE' }, 'NOPE'],
      [{ pwd: 'Long-enough-pass-1', roleNos: ['supplier', 'ghost'] }, 'ghost'],
      [{ pwd: 'Long-enough-pass-1', phone: '123' }, 'Mobile'],
      [{ pwd: 'Long-enough-pass-1', menuList: [{ menuNo: 'nope' }] }, 'nope'],
      [{ pwd: 'Long-enough-pass-1', userNo: 'admin' }, 'already exists'],
      [{ pwd: 'Long-enough-pass-1', pwdConfirm: 'Other-pass-12345' }, 'not the same'],
    ];
    for (const [extra, text] of bad) {
      const r = await asAdmin('ISupSrmSysUserService/saveorupdatesysuser', { ...base, ...extra }, USER);
      expect(r.http, JSON.stringify(extra)).toBeLessThan(500);
      expect(r.body.msg ?? r.body.errorMessage, JSON.stringify(extra)).toContain(text);
    }
    expect(await userCount()).toBe(before);

    const added = await asAdmin(
      'ISupSrmSysUserService/saveorupdatesysuser',
      {
        ...base,
        pwd: 'Long-enough-pass-1',
        pwdConfirm: 'Long-enough-pass-1',
        roleNos: 'supplier',
        menuList: null,
        pwdHash: 'x',
        scopeAll: true,
      },
      USER,
    );
    expect(added.body.status).toBe(200);
    const user = added.body.response.data;
    expect(user).toMatchObject({ ...base, statusCode: '1', version: 1, roleNos: ['supplier'], menuList: [] });
    expect(user.pwdHash).toBeUndefined();
    const row = await s.server.database.db
      .selectFrom('sysUser')
      .select(['scopeAll'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.scopeAll).toBe(false);

    // The new user logs in and, being SUP001's, sees only SUP001's suppliers.
    const clerk = await s.login('sup1clerk', 'Long-enough-pass-1');
    const sups = await s.call(
      'IBmSupplierService/getFullAuthoritySupListByParams',
      { current: 1, size: 20, condition: {} },
      { token: clerk },
    );
    expect(sups.body.response.data.records.map((r: { supplierNo: string }) => r.supplierNo)).toEqual([
      'SUP001',
    ]);

    const listed = await s.call(
      'ISupSrmSysUserService/getsysuserlist',
      { current: 1, size: 20, condition: { userNoIndistinct: 'clerk' } },
      { token: admin, menu: USER },
    );
    expect(listed.body.response.data.records).toEqual([expect.objectContaining({ userNo: 'sup1clerk' })]);

    const modified = await asAdmin(
      'ISupSrmSysUserService/saveorupdatesysuser',
      {
        id: user.id,
        version: 1,
        userNo: 'renamed',
        userName: 'Clerk two',
        roleNos: [],
        phone: '13800138000',
      },
      USER,
    );
    expect(modified.body.response.data).toMatchObject({
      userNo: 'sup1clerk',
      userName: 'Clerk two',
      phone: '13800138000',
      roleNos: [],
      version: 2,
    });
    const stale = await asAdmin(
      'ISupSrmSysUserService/updatesysuserbyid',
      { id: user.id, version: 1, userName: 'Lost' },
      USER,
    );
    expect(stale.body.code).toBe('10007');
    const basic = await asAdmin(
      'ISupSrmSysUserService/updatesysuserbyid',
      { id: user.id, version: 2, userName: 'Clerk three' },
      USER,
    );
    expect(basic.body.response.data).toMatchObject({ userName: 'Clerk three', version: 3 });

    const self = await s.server.database.db
      .selectFrom('sysUser')
      .select(['id', 'version'])
      .where('userNo', '=', 'admin')
      .executeTakeFirstOrThrow();
    const deleteSelf = await asAdmin('ISupSrmSysUserService/deletesysuserbyids', { delList: [self] }, USER);
    expect(deleteSelf.body.msg).toContain('your own account');
    const deleted = await asAdmin(
      'ISupSrmSysUserService/deletesysuserbyids',
      { delList: [{ id: user.id, version: 3 }] },
      USER,
    );
    expect(deleted.body.response.data).toEqual({ deleted: 1 });
    expect(await userCount()).toBe(before);
  });

  it('takes isAdd away from a role: its users are refused the add call on their next request', async () => {
    const role = await asAdmin('ISrmSysRoleService/saveorupdaterole', {
      roleNo: 'WHKEEPER',
      roleName: 'Warehouse keeper',
      menuList: WAREHOUSE_KEEPER_MENUS,
    });
    const created = await asAdmin(
      'ISupSrmSysUserService/saveorupdatesysuser',
      {
        userNo: 'keeper1',
        userName: 'Keeper',
        orgNo: 'SH01',
        pwd: 'Violet-harbour-2026',
        roleNos: ['WHKEEPER'],
      },
      USER,
    );
    expect(created.body.status).toBe(200);
    const keeper = await s.login('keeper1', 'Violet-harbour-2026');
    const addWh = (no: string) =>
      s.call(
        'IBmWarehouseService/addbmwarehouse',
        { condition: { orgNo: 'SH01', warehouseNo: no, warehouseName: no } },
        { token: keeper, menu: WH },
      );
    expect((await addWh('KEEP-1')).body.status).toBe(200);

    const taken = await asAdmin('ISrmSysRoleService/saveorupdaterole', {
      id: role.body.response.data.id,
      version: 1,
      menuList: WAREHOUSE_KEEPER_MENUS.map((m) => (m.menuNo === WH ? { ...m, isAdd: 'N' } : m)),
    });
    expect(taken.body.status).toBe(200);
    // Same session, next request: refused, and the menu the client reads says isAdd N.
    const refused = await addWh('KEEP-2');
    expect(refused.body.errorCode).toBe('10005');
    const menus = await s.call(
      'ISysMenuService/getsysmenulist',
      { condition: { appNo: 'PC' } },
      { token: keeper },
    );
    const flat = JSON.stringify(menus.body.response.data);
    expect(flat).toContain(`"menuNo":"${WH}"`);
    expect(menus.body.response.data.allMenuList[0].children[0].children[0]).toMatchObject({
      menuNo: WH,
      isAdd: 'N',
      isModify: 'Y',
    });

    // The user's own menu permissions give it back, and taking them away refuses again.
    const keeperRow = created.body.response.data;
    const own = await asAdmin(
      'ISupSrmSysUserService/saveorupdatesysuser',
      {
        id: keeperRow.id,
        version: keeperRow.version,
        menuList: [{ menuNo: WH, ...on('isSearch', 'isAdd') }],
      },
      USER,
    );
    expect(own.body.response.data.menuList).toEqual([expect.objectContaining({ menuNo: WH, isAdd: 'Y' })]);
    expect(own.body.response.data.roleNos).toEqual(['WHKEEPER']);
    expect((await addWh('KEEP-3')).body.status).toBe(200);
    // The personal role never shows among roles.
    const roles = await s.call(
      'ISrmSysRoleService/getsysrolelist',
      { current: 1, size: 100, condition: {} },
      { token: admin, menu: ROLE },
    );
    expect(roles.body.response.data.records.some((r: { roleNo: string }) => r.roleNo.startsWith('@'))).toBe(
      false,
    );
    // Nor among the user's own roles, nor as a role to share a view with.
    const info = await s.call('ISrmBmLoginService/getUserInfo', {}, { token: keeper });
    expect(info.body.response.data.roles).toEqual(['WHKEEPER']);
    const shared = await s.call(
      'ISysViewService/saveView',
      {
        condition: {
          module: WH,
          viewName: 'mine',
          content: { params: {}, sort: { field: 'warehouseNo', order: 'asc' }, pageSize: 20 },
          sharedRoleNo: '@keeper1',
        },
      },
      { token: admin },
    );
    expect(shared.body).toMatchObject({ status: 400, code: '10017' });
    const ownGone = await asAdmin(
      'ISupSrmSysUserService/saveorupdatesysuser',
      { id: keeperRow.id, version: own.body.response.data.version, menuList: [] },
      USER,
    );
    expect(ownGone.body.status).toBe(200);
    expect((await addWh('KEEP-4')).body.errorCode).toBe('10005');

    // Taking the role away from the user ends its access to the warehouse list at once.
    await asAdmin(
      'ISupSrmSysUserService/saveorupdatesysuser',
      { id: keeperRow.id, version: ownGone.body.response.data.version, roleNos: [] },
      USER,
    );
    const list = await s.call(
      'IBmWarehouseService/getbmwarehouselistbyparams',
      { current: 1, size: 20, condition: {} },
      { token: keeper, menu: WH },
    );
    expect(list.body.errorCode).toBe('10005');
  });

  it('gives the menu tree for the permission tab to administrators only', async () => {
    const tree = await asAdmin('ISrmSysRoleService/getsysrolemenutree', {});
    const roots = tree.body.response.data.menuTree.map((m: { menuNo: string }) => m.menuNo);
    expect(roots).toEqual(expect.arrayContaining(['Base', 'BaseManage']));
    const base = tree.body.response.data.menuTree.find((m: { menuNo: string }) => m.menuNo === 'Base');
    expect(base.menuName).toBe('Base data');
    const refused = await s.call(
      'ISrmSysRoleService/getsysrolemenutree',
      { condition: {} },
      { token: buyer },
    );
    expect(refused.body.errorCode).toBe('10005');
  });
});
