// The system administration screens against a real database: staff, parameters, the
// dictionary, menus, cache, password policy, licence, and the operation and abnormal logs the dispatch
// layer writes. Buyers and suppliers are refused; stale versions and bad input change nothing.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyPair, signLicense } from '../../scripts/sign-license.js';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const STAFF = 'BaseManage.Base.Staff';
const PARAM = 'BaseManage.Config.Parameter';
const DICT = 'BaseManage.Config.Dictionary';
const MENU = 'BaseManage.Base.Menu';
const CACHE = 'BaseManage.Monitor.Cache';
const POLICY = 'BaseManage.Security.PasswordPolicy';
const LICENSE = 'BaseManage.Security.License';
const OPLOG = 'BaseManage.Monitor.OperationLog';
const ABLOG = 'BaseManage.Monitor.AbnormalLog';

const vendor = newKeyPair();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Polls until `check` holds: log rows are written just after the answer is sent. */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (check(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(POSTGRES_ONLY)('system administration on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  beforeAll(async () => {
    s = await startTestServer({
      database: kind,
      config: { licensePublicKey: vendor.publicPem, scheduler: false },
    });
    [admin, buyer, supplier1] = await Promise.all(['admin', 'buyer', 'supplier1'].map((u) => s.login(u)));
    // Licences are checked on this server: a valid one first (the licence test takes it away again).
    const key = signLicense(vendor.privatePem, 'Acme Trading', day(10));
    const r = await s.call(
      'ISysLicenseService/activateLicense',
      { condition: { licenseKey: key } },
      { token: admin, menu: LICENSE },
    );
    if (r.body.code !== '0') throw new Error(JSON.stringify(r.body));
  });
  afterAll(async () => {
    await s?.close();
  });

  const as =
    (token: string, menu: string) =>
    (path: string, condition: unknown, extra: object = {}) =>
      s.call(path, { condition, ...extra }, { token, menu, lang: 'en-US' });

  it('staff: add, list by organisation, modify with version, delete; bad input and other roles refused', async () => {
    const call = as(admin, STAFF);
    const added = await call('ISysEmployeeService/addsysemployee', {
      employeeNo: 'E100',
      employeeName: 'Lan Nguyen',
      orgNo: 'HN01',
      sex: '2',
      title: 'ENG',
      tel: '13800138000',
      email: 'lan@example.com',
    });
    expect(added.body.code).toBe('0');
    const e = added.body.response.data;
    expect(e).toMatchObject({ employeeNo: 'E100', orgNo: 'HN01', sex: '2', statusCode: '1', version: 1 });

    const bad = await call('ISysEmployeeService/addsysemployee', {
      employeeNo: 'E101',
      employeeName: 'X',
      orgNo: 'HN01',
      sex: '3',
    });
    expect(bad.http).toBe(400);
    expect(bad.body.errorMessage).toContain('Sex');
    const badMail = await call('ISysEmployeeService/addsysemployee', {
      employeeNo: 'E101',
      employeeName: 'X',
      orgNo: 'HN01',
      email: 'nope',
    });
    expect(badMail.body.errorMessage).toContain('E-mail');
    const dup = await call('ISysEmployeeService/addsysemployee', {
      employeeNo: 'E100',
      employeeName: 'Y',
      orgNo: 'SH01',
    });
    expect(dup.body.code).toBe('50M01');

    // The lookup of spec 001 section 7: getsysemployeelistbyparams (orgNo).
    const byOrg = await s.call(
      'ISysEmployeeService/getsysemployeelistbyparams',
      { current: 1, size: 10, condition: { orgNo: 'HN01', statusCode: '1' } },
      { token: admin, menu: STAFF },
    );
    expect(byOrg.body.response.data.records.map((r: { employeeNo: string }) => r.employeeNo)).toEqual([
      'E100',
    ]);
    const other = await s.call(
      'ISysEmployeeService/getsysemployeelistbyparams',
      { condition: { orgNo: 'SH01' } },
      { token: admin, menu: STAFF },
    );
    expect(other.body.response.data.total).toBe(0);

    const upd = await call('ISysEmployeeService/updatesysemployeebyid', {
      id: e.id,
      version: 1,
      employeeName: 'Lan N.',
      title: 'MANAGER',
    });
    expect(upd.body.response.data).toMatchObject({ employeeName: 'Lan N.', title: 'MANAGER', version: 2 });
    const stale = await call('ISysEmployeeService/updatesysemployeebyid', {
      id: e.id,
      version: 1,
      employeeName: 'Z',
    });
    expect(stale.body.code).toBe('10007');

    // The buyer has no staff menu; a supplier is refused whatever its flags.
    expect((await as(buyer, STAFF)('ISysEmployeeService/addsysemployee', { employeeNo: 'B1' })).http).toBe(
      403,
    );
    expect((await as(supplier1, STAFF)('ISysEmployeeService/getsysemployeelistbyparams', {})).http).toBe(403);
    expect(
      (await as(supplier1, 'Base.Basic.Organizational')('ISysEmployeeService/getsysemployeelistbyparams', {}))
        .http,
    ).toBeGreaterThanOrEqual(400);

    const del = await call('ISysEmployeeService/deletesysemployeebyids', {
      delList: [{ id: e.id, version: 2 }],
    });
    expect(del.body.response.data).toEqual({ deleted: 1 });
  });

  it('parameters: typed values, system parameters protected, getValueByParamNo for any user of a readable one through the cache', async () => {
    const call = as(admin, PARAM);
    const added = await call('ISysParamService/addsysparam', {
      paramNo: 'PRINT_COPIES',
      paramName: 'Label copies',
      paramType: 'NUMBER',
      paramValue: '2',
      userReadable: 'Y',
    });
    expect(added.body.response.data).toMatchObject({
      paramNo: 'PRINT_COPIES',
      paramValue: '2',
      isSystem: 'N',
      userReadable: 'Y',
    });
    const p = added.body.response.data;
    const notNumber = await call('ISysParamService/addsysparam', {
      paramNo: 'X1',
      paramName: 'x',
      paramType: 'NUMBER',
      paramValue: 'two',
    });
    expect(notNumber.body).toMatchObject({ code: '10017' });
    expect(notNumber.body.msg).toContain('must be a number');
    const badJson = await call('ISysParamService/addsysparam', {
      paramNo: 'X2',
      paramName: 'x',
      paramType: 'JSON',
      paramValue: '{nope',
    });
    expect(badJson.body.msg).toContain('must be valid JSON');

    // A supplier's print dialog reads a value; the read fills the shared cache.
    const read = (token: string, paramNo: string) =>
      s.call('ISysParamService/getValueByParamNo', { condition: { paramNo } }, { token });
    expect((await read(supplier1, 'PRINT_COPIES')).body.response.data).toBe('2');
    // A parameter not marked readable, or none at all, only for users of the parameter menu.
    expect((await read(supplier1, 'LOG_RETAIN_DAYS')).body.errorCode).toBe('10005');
    expect((await read(supplier1, 'NO_SUCH_PARAM')).body.errorCode).toBe('10005');
    expect((await read(admin, 'LOG_RETAIN_DAYS')).body.response.data).toBe('180');
    expect((await read(admin, 'NO_SUCH_PARAM')).body.response.data).toBeNull();
    // The print service's address is readable by the print dialogs of every user.
    expect((await read(supplier1, 'PRINT_CHECK_URL')).body.code).toBe('0');
    const cached = await s.call(
      'ISysCacheService/getsyscachelist',
      { condition: { cacheType: 'param' } },
      { token: admin, menu: CACHE },
    );
    expect(cached.body.response.data.records.map((r: { cacheKey: string }) => r.cacheKey)).toContain(
      'PRINT_COPIES',
    );

    // A change is read at once (the writer drops the entry), not after the ttl.
    const upd = await call('ISysParamService/updatesysparambyid', { id: p.id, version: 1, paramValue: '3' });
    expect(upd.body.response.data.version).toBe(2);
    expect((await read(buyer, 'PRINT_COPIES')).body.response.data).toBe('3');

    // A system parameter keeps its type and bounds and cannot be deleted.
    const list = await call('ISysParamService/getsysparamlistbyparams', { isSystem: 'Y' });
    const warn = list.body.response.data.records.find(
      (r: { paramNo: string }) => r.paramNo === 'LICENSE_WARN_DAYS',
    );
    expect(warn).toMatchObject({ paramType: 'NUMBER', paramValue: '30', isSystem: 'Y' });
    const retype = await call('ISysParamService/updatesysparambyid', {
      id: warn.id,
      version: warn.version,
      paramType: 'STRING',
    });
    expect(retype.body.code).toBe('10072');
    const tooBig = await call('ISysParamService/updatesysparambyid', {
      id: warn.id,
      version: warn.version,
      paramValue: '9999',
    });
    expect(tooBig.body.msg).toContain('at most 365');
    const delSystem = await call('ISysParamService/deletesysparambyids', {
      delList: [
        { id: p.id, version: 2 },
        { id: warn.id, version: warn.version },
      ],
    });
    expect(delSystem.body.code).toBe('10072');
    // All or none: the ordinary one is still there.
    expect((await read(admin, 'PRINT_COPIES')).body.response.data).toBe('3');
    expect((await as(buyer, PARAM)('ISysParamService/getsysparamlistbyparams', {})).http).toBe(403);
    const del = await call('ISysParamService/deletesysparambyids', { delList: [{ id: p.id, version: 2 }] });
    expect(del.body.response.data.deleted).toBe(1);
    expect((await read(admin, 'PRINT_COPIES')).body.response.data).toBeNull();
  });

  it('dictionary: add a value with names per language, seen by the lookup; system dictionaries protected', async () => {
    const call = as(admin, DICT);
    const added = await call('IBmEnumService/addsysenum', {
      enumMid: 'EMPLOYEE_TITLE',
      enumValue: 'QE',
      enumName: 'Quality engineer',
      enumSeq: 9,
      enumNameI18n: { 'zh-CN': '质量工程师', 'en-US': '' },
    });
    expect(added.body.response.data).toMatchObject({
      enumValue: 'QE',
      enumName: 'Quality engineer',
      isSystem: 'N',
    });
    const id = added.body.response.data.id;
    // Any screen's dropdown (a lookup) sees it, named in the caller's language.
    const lookup = (lang: string) =>
      s.call(
        'IBmEnumService/getsysenumbyparamssearch',
        { current: 1, size: 100, condition: { enumMid: 'EMPLOYEE_TITLE', status: '1' } },
        { token: buyer, menu: 'Base.Basic.Organizational', lang },
      );
    const zh = await lookup('zh-CN');
    expect(
      zh.body.response.data.records.find((r: { enumValue: string }) => r.enumValue === 'QE').enumName,
    ).toBe('质量工程师');
    const en = await lookup('en-US');
    expect(
      en.body.response.data.records.find((r: { enumValue: string }) => r.enumValue === 'QE').enumName,
    ).toBe('Quality engineer');

    // Invalid: the lookup no longer offers it; the admin list still shows it.
    const off = await call('IBmEnumService/updatesysenumbyid', { id, version: 1, status: '0' });
    expect(off.body.response.data.version).toBe(2);
    expect(
      (await lookup('en-US')).body.response.data.records.some(
        (r: { enumValue: string }) => r.enumValue === 'QE',
      ),
    ).toBe(false);

    // The code's dictionaries: no new value, no deletion, no disabling; names may change.
    const sys = await call('IBmEnumService/getsysenumbyparamssearch', { enumMid: 'JOB_STATE' });
    const paused = sys.body.response.data.records.find((r: { enumValue: string }) => r.enumValue === '1');
    expect(paused).toMatchObject({ isSystem: 'Y', enumName: 'Paused' });
    expect(
      (await call('IBmEnumService/addsysenum', { enumMid: 'JOB_STATE', enumValue: '9', enumName: 'x' })).body
        .code,
    ).toBe('10072');
    expect(
      (
        await call('IBmEnumService/deletesysenumbyids', {
          delList: [{ id: paused.id, version: paused.version }],
        })
      ).body.code,
    ).toBe('10072');
    expect(
      (
        await call('IBmEnumService/updatesysenumbyid', {
          id: paused.id,
          version: paused.version,
          status: '0',
        })
      ).body.code,
    ).toBe('10072');
    const renamed = await call('IBmEnumService/updatesysenumbyid', {
      id: paused.id,
      version: paused.version,
      enumNameI18n: { 'en-US': 'On hold' },
    });
    expect(renamed.body.response.data.enumName).toBe('On hold');
    const bad = await call('IBmEnumService/addsysenum', {
      enumMid: 'bad mid',
      enumValue: '1',
      enumName: 'x',
    });
    expect(bad.http).toBe(400);
    expect(
      (
        await as(supplier1, DICT)('IBmEnumService/addsysenum', {
          enumMid: 'A',
          enumValue: '1',
          enumName: 'x',
        })
      ).http,
    ).toBe(403);
    const del = await call('IBmEnumService/deletesysenumbyids', { delList: [{ id, version: 2 }] });
    expect(del.body.response.data.deleted).toBe(1);
  });

  it('menus: the tree, a title per language and a hidden entry apply to the next request; keys and routes stay', async () => {
    const call = as(admin, MENU);
    const list = await call('ISysMenuService/getsysmenuadminlist', { keyword: 'Staff' }, { size: 50 });
    const staff = list.body.response.data.records.find(
      (m: { menuNo: string }) => m.menuNo === 'BaseManage.Base.Staff',
    );
    expect(staff).toMatchObject({ menuType: 'route', url: '/baseManage/staff', isShow: 'Y', menuLevel: 3 });
    const upd = await call('ISysMenuService/updatesysmenubyid', {
      id: staff.id,
      version: staff.version,
      titleI18n: { 'en-US': 'Employees', 'zh-CN': '' },
      sort: 7,
      icon: 'TeamOutlined',
    });
    expect(upd.body.response.data).toMatchObject({ menuName: 'Employees', sort: 7, icon: 'TeamOutlined' });
    const mine = await s.call(
      'ISysMenuService/getsysmenubyparamssearch',
      { condition: { keyword: 'Employees' } },
      { token: admin },
    );
    expect(mine.body.response.data.map((m: { menuNo: string }) => m.menuNo)).toContain(
      'BaseManage.Base.Staff',
    );
    const zh = await s.call(
      'ISysMenuService/getsysmenubyparamssearch',
      { condition: { keyword: 'Staff' } },
      { token: admin, lang: 'zh-CN' },
    );
    expect(
      zh.body.response.data.find((m: { menuNo: string }) => m.menuNo === 'BaseManage.Base.Staff')?.menuName,
    ).not.toBe('Employees');

    const v = upd.body.response.data.version;
    expect(
      (await call('ISysMenuService/updatesysmenubyid', { id: staff.id, version: v - 1, sort: 1 })).body.code,
    ).toBe('10007');
    // A route's path belongs to its screen.
    const url = await call('ISysMenuService/updatesysmenubyid', {
      id: staff.id,
      version: v,
      url: '/elsewhere',
    });
    expect(url.body.code).toBe('10077');
    const badIcon = await call('ISysMenuService/updatesysmenubyid', {
      id: staff.id,
      version: v,
      icon: 'drop table',
    });
    expect(badIcon.http).toBe(400);
    // The way back to the menu screen cannot be hidden.
    const self = (await call('ISysMenuService/getsysmenubyid', { id: MENU })).body.response.data;
    expect(
      (await call('ISysMenuService/updatesysmenubyid', { id: MENU, version: self.version, isShow: 'N' })).body
        .code,
    ).toBe('10077');

    const hidden = await call('ISysMenuService/updatesysmenubyid', { id: staff.id, version: v, isShow: 'N' });
    expect(hidden.body.response.data.isShow).toBe('N');
    const tree = await s.call('ISysMenuService/getsysmenulist', {}, { token: admin });
    const flat = JSON.stringify(tree.body.response.data);
    expect(flat).toContain('"menuNo":"BaseManage.Base.Staff"');
    const find = (nodes: { menuNo: string; hidden?: boolean; children: unknown[] }[]): unknown =>
      nodes.map((n) => (n.menuNo === staff.menuNo ? n : find(n.children as typeof nodes))).find(Boolean);
    expect(find(tree.body.response.data.allMenuList)).toMatchObject({ hidden: true });

    // An external entry's address may change, and must be an address.
    const ext = (await call('ISysMenuService/getsysmenubyid', { id: 'Index.Link.Wms' })).body.response.data;
    expect(
      (
        await call('ISysMenuService/updatesysmenubyid', {
          id: ext.id,
          version: ext.version,
          url: 'javascript:alert(1)',
        })
      ).body.code,
    ).toBe('10017');
    const moved = await call('ISysMenuService/updatesysmenubyid', {
      id: ext.id,
      version: ext.version,
      url: 'https://wms.example.com/#/?orgNo={orgNo}',
    });
    expect(moved.body.response.data.url).toBe('https://wms.example.com/#/?orgNo={orgNo}');
    expect((await as(buyer, MENU)('ISysMenuService/getsysmenuadminlist', {})).http).toBe(403);
  });

  it('cache: lists entries, clears one with its version, clears all', async () => {
    for (const no of ['LOG_RETAIN_DAYS', 'SESSION_RETAIN_DAYS'])
      await s.call('ISysParamService/getValueByParamNo', { condition: { paramNo: no } }, { token: admin });
    const call = as(admin, CACHE);
    const list = await call('ISysCacheService/getsyscachelist', {});
    const entry = list.body.response.data.records.find(
      (r: { cacheKey: string }) => r.cacheKey === 'LOG_RETAIN_DAYS',
    );
    expect(entry).toMatchObject({ cacheType: 'param', cacheValue: '"180"', ttl: 1 });
    const one = await call('ISysCacheService/deletesyscachebyids', {
      delList: [{ id: entry.id, version: entry.version }],
    });
    expect(one.body.response.data.deleted).toBe(1);
    const all = await call('ISysCacheService/clearsyscache', {});
    expect(all.body.response.data.deleted).toBeGreaterThanOrEqual(1);
    expect((await call('ISysCacheService/getsyscachelist', {})).body.response.data.total).toBe(0);
    expect((await as(supplier1, CACHE)('ISysCacheService/clearsyscache', {})).http).toBe(403);
  });

  it('licence: none activated means not licensed; a vendor-signed key licenses, warns before expiry; forged or expired keys refused', async () => {
    const auth = async () =>
      (await s.call('ISrmBmLoginService/getAuth', { condition: { type: '1' } }, { token: buyer })).body
        .response.data;
    // No licence: the session and licence calls answer, every other call is refused.
    await s.server.database.db.deleteFrom('sysLicense').execute();
    expect((await auth()).isLicense).toBe(0);
    const gated = await as(admin, STAFF)('ISysEmployeeService/getsysemployeelistbyparams', {});
    expect(gated.body).toMatchObject({ code: '10078' });
    expect(gated.body.msg).toContain('ask an administrator to activate it');
    expect((await s.call('ISysMenuService/getsysmenulist', {}, { token: buyer })).body.code).toBe('0');
    const call = as(admin, LICENSE);
    expect((await call('ISysLicenseService/activateLicense', { licenseKey: 'abc.def' })).body.code).toBe(
      '10074',
    );
    const forged = signLicense(newKeyPair().privatePem, 'Acme', day(100));
    expect((await call('ISysLicenseService/activateLicense', { licenseKey: forged })).body.code).toBe(
      '10074',
    );
    const expired = signLicense(vendor.privatePem, 'Acme', day(-1));
    const old = await call('ISysLicenseService/activateLicense', { licenseKey: expired });
    expect(old.body.code).toBe('10075');
    // A buyer cannot activate, with or without a key.
    expect(
      (await as(buyer, LICENSE)('ISysLicenseService/activateLicense', { licenseKey: forged })).http,
    ).toBe(403);

    const key = signLicense(vendor.privatePem, 'Acme Trading', day(10));
    const ok = await call('ISysLicenseService/activateLicense', { licenseKey: key });
    expect(ok.body.response.data).toMatchObject({
      isLicense: '1',
      licensee: 'Acme Trading',
      expireDate: day(10),
      daysLeft: 10,
    });
    expect(await auth()).toMatchObject({
      isLicense: 1,
      licenseWarn: true,
      licenseDaysLeft: 10,
      licenseExpireDate: day(10),
    });
    expect((await as(admin, STAFF)('ISysEmployeeService/getsysemployeelistbyparams', {})).body.code).toBe(
      '0',
    );

    // The warning lead is the LICENSE_WARN_DAYS parameter.
    const params = await as(admin, PARAM)('ISysParamService/getsysparamlistbyparams', {
      paramNoIndistinct: 'LICENSE_WARN',
    });
    const p = params.body.response.data.records[0];
    await as(admin, PARAM)('ISysParamService/updatesysparambyid', {
      id: p.id,
      version: p.version,
      paramValue: '5',
    });
    expect(await auth()).toMatchObject({ isLicense: 1, licenseWarn: false });
    const shown = await call('ISysLicenseService/getLicense', {});
    expect(shown.body.response.data).toMatchObject({
      warnDays: 5,
      activatedBy: 'Administrator',
      licenseKey: null,
    });
  });

  it('logs: a login, a failed login, an add and a refused call each leave their row; no password is kept', async () => {
    const failed = await s.call('ISrmBmLoginService/login', {
      condition: { userNo: 'buyer', pwd: 'secret-guess-99' },
    });
    expect(failed.body.code).toBe('10009');
    await s.login('buyer');
    await as(admin, STAFF)('ISysEmployeeService/addsysemployee', {
      employeeNo: 'LOG1',
      employeeName: 'Logged',
      orgNo: 'SH01',
    });
    const refused = await as(buyer, STAFF)('ISysEmployeeService/getsysemployeelistbyparams', {});
    expect(refused.http).toBe(403);
    // An import is an operation too, with the rows it wrote.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Data');
    sheet.addRow(['Organization code', 'Organization name', 'Status']);
    for (const no of ['LG1', 'LG2', 'LG3']) sheet.addRow([no, `Logged ${no}`, 'Valid']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'orgs.xlsx');
    const imported = await fetch(`${s.url}${API_PATH}/IBmOrgService/importexcel`, {
      method: 'POST',
      headers: { 'authentication-info': admin, 'app-module-number': 'Base.Basic.Organizational' },
      body: form,
    });
    expect((await imported.json()).response.data).toMatchObject({ status: 'imported', inserted: 3 });

    const ops = as(admin, OPLOG);
    const rows = await eventually(
      async () =>
        (await ops('ISysLogService/getsysoperationloglist', {}, { size: 200 })).body.response.data
          .records as Record<string, unknown>[],
      (r) => r.some((x) => x.method === 'addsysemployee') && r.some((x) => x.method === 'importexcel'),
    );
    expect(rows.find((r) => r.method === 'importexcel')).toMatchObject({
      service: 'IBmOrgService',
      userNo: 'admin',
      result: 'success',
      rowsAffected: 3,
    });
    expect(
      rows.find((r) => r.method === 'login' && r.userNo === 'buyer' && r.result === 'failure'),
    ).toMatchObject({
      resultCode: '10009',
      service: 'ISrmBmLoginService',
    });
    expect(
      rows.find((r) => r.method === 'login' && r.userNo === 'buyer' && r.result === 'success'),
    ).toMatchObject({
      userName: 'Wang Li (purchasing)',
    });
    expect(rows.find((r) => r.method === 'addsysemployee')).toMatchObject({
      userNo: 'admin',
      menuNo: STAFF,
      // The menu named beside its number as the menus name it: the title the administrator gave it
      // (the menus test renamed Staff "Employees"), else the locale's in the caller's language.
      menuName: 'Employees',
      result: 'success',
      rowsAffected: 1,
      operationType: '1',
    });
    const zhRows = (
      await s.call(
        'ISysLogService/getsysoperationloglist',
        { current: 1, size: 200, condition: {} },
        { token: admin, menu: OPLOG, lang: 'zh-CN' },
      )
    ).body.response.data.records as Record<string, unknown>[];
    // Its Chinese title was left empty: the English one the administrator gave stands in.
    expect(zhRows.find((r) => r.method === 'addsysemployee')?.menuName).toBe('Employees');
    expect(zhRows.find((r) => r.method === 'importexcel')?.menuName).toBe('组织管理');
    // Reads are not operations.
    expect(rows.some((r) => r.method === 'getsysemployeelistbyparams')).toBe(false);
    const dump = JSON.stringify(
      await s.server.database.db.selectFrom('sysOperationLog').selectAll().execute(),
    );
    expect(dump).not.toContain('secret-guess-99');
    expect(dump).not.toContain('demo1234');

    // Search by user, result and date range.
    const today = day(0);
    const found = await ops('ISysLogService/getsysoperationloglist', {
      userNo: 'buyer',
      result: 'failure',
      dateFrom: today,
      dateTo: today,
    });
    expect(found.body.response.data.records.length).toBeGreaterThanOrEqual(1);
    const none = await ops('ISysLogService/getsysoperationloglist', {
      userNo: 'buyer',
      dateFrom: day(1),
      dateTo: day(2),
    });
    expect(none.body.response.data.total).toBe(0);

    const abn = await eventually(
      async () =>
        (await as(admin, ABLOG)('ISysLogService/getsysabnormalloglist', { userNo: 'buyer' })).body.response
          .data.records as Record<string, unknown>[],
      (r) => r.some((x) => x.method === 'getsysemployeelistbyparams'),
    );
    expect(abn.find((r) => r.method === 'getsysemployeelistbyparams')).toMatchObject({
      errorType: 'operation',
      errorCode: '10005',
      service: 'ISysEmployeeService',
    });
    expect(abn[0]).not.toHaveProperty('stack');
    const badSort = await as(admin, OPLOG)('ISysLogService/getsysoperationloglist', {
      field: 'message; drop table x',
    });
    expect(badSort.http).toBe(400);
    expect((await as(supplier1, OPLOG)('ISysLogService/getsysoperationloglist', {})).http).toBe(403);
  });

  it('password policy: bounds and consistency checked; a change applies at the next password change and login', async () => {
    const call = as(admin, POLICY);
    const got = (await call('ISysPasswordPolicyService/getPasswordPolicy', {})).body.response.data;
    expect(got).toMatchObject({ id: 1, minLength: 12, maxLength: 20, allowMistakeTimes: 5 });
    const tooShort = await call('ISysPasswordPolicyService/updatePasswordPolicy', {
      id: 1,
      version: got.version,
      minLength: 5,
    });
    expect(tooShort.http).toBe(400);
    const crossed = await call('ISysPasswordPolicyService/updatePasswordPolicy', {
      id: 1,
      version: got.version,
      minLength: 16,
      maxLength: 14,
    });
    expect(crossed.body.code).toBe('10017');
    const warnAlone = await call('ISysPasswordPolicyService/updatePasswordPolicy', {
      id: 1,
      version: got.version,
      isExpireWarn: 'Y',
      predate: 3,
    });
    expect(warnAlone.body.msg).toContain('needs the validity to be controlled');
    const badDefault = await call('ISysPasswordPolicyService/updatePasswordPolicy', {
      id: 1,
      version: got.version,
      defaultPwd: 'short',
    });
    expect(badDefault.body.code).toBe('10017');

    // Raise the minimum: a new password of 13 characters is refused at the next change.
    const raised = await call('ISysPasswordPolicyService/updatePasswordPolicy', {
      id: 1,
      version: got.version,
      minLength: 14,
    });
    expect(raised.body.response.data).toMatchObject({ minLength: 14, version: got.version + 1 });
    expect(
      (
        await call('ISysPasswordPolicyService/updatePasswordPolicy', {
          id: 1,
          version: got.version,
          lockTime: 2,
        })
      ).body.code,
    ).toBe('10007');
    const supplier2 = await s.login('supplier2');
    const short = await s.call(
      'ISupSrmSysUserService/updatepwd',
      { condition: { oldPwd: 'demo1234', newPwd: 'thirteen-char' } },
      { token: supplier2 },
    );
    expect(short.body.code).toBe('10011');
    expect(short.body.msg).toContain('at least 14');

    // Lower the lock count to 2: the second wrong password locks the account.
    await call('ISysPasswordPolicyService/updatePasswordPolicy', {
      id: 1,
      version: got.version + 1,
      allowMistakeTimes: 2,
    });
    const wrong = () =>
      s.call('ISrmBmLoginService/login', { condition: { userNo: 'supplier2', pwd: 'wrong-password' } });
    expect((await wrong()).body.code).toBe('10009');
    expect((await wrong()).body.code).toBe('10009');
    const locked = await s.call('ISrmBmLoginService/login', {
      condition: { userNo: 'supplier2', pwd: 'demo1234' },
    });
    expect(locked.body.code).toBe('10009');

    // Validity: a password older than indate days no longer logs in.
    await call('ISysPasswordPolicyService/updatePasswordPolicy', {
      id: 1,
      version: got.version + 2,
      isControlIndate: 'Y',
      indate: 30,
      isExpireWarn: 'Y',
      predate: 7,
    });
    await s.server.database.db
      .updateTable('sysUser')
      .set({ pwdChangedAt: new Date(Date.now() - 25 * 86_400_000) })
      .where('userNo', '=', 'buyer')
      .execute();
    const warnToken = await s.login('buyer');
    const auth = (
      await s.call('ISrmBmLoginService/getAuth', { condition: { type: '1' } }, { token: warnToken })
    ).body.response.data;
    expect(auth).toMatchObject({ pwdWarn: true, pwdDaysLeft: 4 });
    await s.server.database.db
      .updateTable('sysUser')
      .set({ pwdChangedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where('userNo', '=', 'buyer')
      .execute();
    const expiredLogin = await s.call('ISrmBmLoginService/login', {
      condition: { userNo: 'buyer', pwd: 'demo1234' },
    });
    expect(expiredLogin.body.code).toBe('10073');
    expect((await as(buyer, POLICY)('ISysPasswordPolicyService/getPasswordPolicy', {})).http).toBe(403);
  });

  it('a server fault answers 500 without internals and leaves an abnormal row whose stack stays server-side', async () => {
    // A fault no client can cause: the table behind the cache screen is gone.
    await sql`drop table sys_cache`.execute(s.server.database.db);
    const r = await as(admin, CACHE)('ISysCacheService/getsyscachelist', {});
    expect(r.http).toBe(500);
    expect(r.body).toEqual({ errorCode: 'Unknown!', errorMessage: expect.any(String) });
    expect(JSON.stringify(r.body)).not.toMatch(/sys_cache|at .*\.ts/);
    const rows = await eventually(
      () =>
        s.server.database.db
          .selectFrom('sysAbnormalLog')
          .selectAll()
          .where('errorType', '=', 'system')
          .where('method', '=', 'getsyscachelist')
          .execute(),
      (x) => x.length > 0,
    );
    expect(rows[0]).toMatchObject({
      userNo: 'admin',
      errorCode: '500',
      service: 'ISysCacheService',
      menuNo: CACHE,
    });
    expect(rows[0].stack).toContain('sys_cache');
    const listed = await as(admin, ABLOG)('ISysLogService/getsysabnormalloglist', { errorType: 'system' });
    expect(listed.body.response.data.records[0]).toMatchObject({
      method: 'getsyscachelist',
      errorType: 'system',
    });
    expect(listed.body.response.data.records[0]).not.toHaveProperty('stack');
  });
});
