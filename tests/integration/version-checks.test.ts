// The writes of the export and import template, licence and user screens leave their version to the
// resource layer (services/resource/resource.ts, update): on both databases a stale version is refused
// with 10007 and changes nothing (another template's default mark, a user's roles, data scope and
// password included), a missing one with 10017, and a write the server makes without a version (a
// licence activated without one, a user's own password change) moves the stored version on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyPair, signLicense } from '../../scripts/sign-license.js';
import { BOTH_DBS, type CallResult, startTestServer, type TestServer } from '../support/server.js';

const EXPORT_MENU = 'BaseManage.Config.ExportTemplate';
const IMPORT_MENU = 'BaseManage.Config.ImportTemplate';
const LICENSE_MENU = 'BaseManage.Security.License';
const USER_MENU = 'BaseManage.Base.User';
const ORG_MENU = 'Base.Basic.Organizational';
const NAMES = { 'en-US': 'Mine', 'zh-CN': '我的', 'zh-TW': '我的', vi: 'Của tôi' };

const vendor = newKeyPair();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Row = Record<string, unknown>;

describe.each(BOTH_DBS)('versions of the template, licence and user writes on %s', (kind) => {
  let s: TestServer;
  let admin: string;

  const call = (path: string, condition: unknown, menu: string, token = admin) =>
    s.call(path, { condition }, { token, menu, lang: 'en-US' });
  const code = (r: CallResult) => r.body.code ?? r.body.errorCode;
  const data = (r: CallResult) => {
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return r.body.response.data;
  };

  beforeAll(async () => {
    s = await startTestServer({
      database: kind,
      config: { licensePublicKey: vendor.publicPem, scheduler: false },
    });
    admin = await s.login('admin');
    // Licences are checked here: every other call needs a valid one.
    const key = signLicense(vendor.privatePem, 'First Licensee', day(30));
    data(await call('ISysLicenseService/activateLicense', { licenseKey: key }, LICENSE_MENU));
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('export templates', () => {
    const exp = (method: string, condition: unknown) =>
      call(`ISysExportTemplateService/${method}`, condition, EXPORT_MENU);
    const templates = async () =>
      data(
        await exp('getsysexporttemplatelistbyparams', {
          module: ORG_MENU,
          field: 'exportName',
          order: 'asc',
        }),
      ).records as Row[];
    const byName = (rows: Row[], name: string) => rows.find((r) => r.exportName === name)!;

    it('refuses a stale version with 10007 and keeps every mark, version and column as it was', async () => {
      const before = await templates();
      const codes = byName(before, 'codes');
      const stale = await exp('updatesysexporttemplatebyid', {
        id: codes.id,
        version: Number(codes.version) + 1,
        isDefault: '1',
        columns: [{ prop: 'orgName' }],
        templateName: NAMES,
      });
      expect(code(stale)).toBe('10007');
      expect(await templates()).toEqual(before);
      const got = data(await exp('getsysexporttemplatebyid', { id: codes.id }));
      expect(got.columns).not.toEqual([{ prop: 'orgName' }]);

      // At the current version the mark moves, and the previous default's version moves on.
      const made = await exp('updatesysexporttemplatebyid', {
        id: codes.id,
        version: codes.version,
        isDefault: '1',
      });
      expect(data(made)).toMatchObject({ isDefault: '1', version: Number(codes.version) + 1 });
      const after = await templates();
      const all = byName(before, 'all');
      expect(byName(after, 'all')).toMatchObject({ isDefault: '0', version: Number(all.version) + 1 });
      // Back to the seeded default.
      const back = byName(after, 'all');
      data(await exp('updatesysexporttemplatebyid', { id: back.id, version: back.version, isDefault: '1' }));
    });

    it("deletes a module's default only with its last templates; the next first template is the default", async () => {
      const rows = await templates();
      const all = byName(rows, 'all');
      const codes = byName(rows, 'codes');
      const kept = await exp('deletesysexporttemplatebyids', {
        delList: [{ id: all.id, version: all.version }],
      });
      expect(code(kept)).toBe('10122');
      data(
        await exp('deletesysexporttemplatebyids', {
          delList: [
            { id: all.id, version: all.version },
            { id: codes.id, version: codes.version },
          ],
        }),
      );
      const first = await exp('addsysexporttemplate', {
        module: ORG_MENU,
        exportName: 'mine',
        templateName: NAMES,
        isDefault: '0',
        columns: [{ prop: 'orgNo' }],
      });
      expect(data(first)).toMatchObject({ exportName: 'mine', isDefault: '1', version: 1 });
      const second = await exp('addsysexporttemplate', {
        module: ORG_MENU,
        exportName: 'second',
        templateName: NAMES,
        isDefault: null,
        columns: [{ prop: 'orgName' }],
      });
      expect(data(second)).toMatchObject({ exportName: 'second', isDefault: '0' });
      expect((await templates()).map((r) => [r.exportName, r.isDefault])).toEqual([
        ['mine', '1'],
        ['second', '0'],
      ]);
    });
  });

  describe('import templates', () => {
    const imp = (method: string, condition: unknown) =>
      call(`ISysImportTemplateService/${method}`, condition, IMPORT_MENU);

    it('refuses a stale version with 10007 and changes nothing; a second active one is 50M01', async () => {
      const added = data(
        await imp('addsysimporttemplate', { port: 'IBmOrgService', templateSource: 'generated' }),
      );
      expect(added).toMatchObject({ templateSource: 'generated', statusCode: '1', version: 1 });
      const stale = await imp('updatesysimporttemplatebyid', {
        id: added.id,
        version: 2,
        templateSource: 'url',
        templateUrl: 'https://example.com/lost.xlsx',
      });
      expect(code(stale)).toBe('10007');
      expect(data(await imp('getsysimporttemplatebyid', { id: added.id }))).toEqual(added);

      const second = await imp('addsysimporttemplate', {
        port: 'IBmOrgService',
        templateSource: 'url',
        templateUrl: 'https://example.com/org.xlsx',
      });
      expect(code(second)).toBe('50M01');
      expect(second.body.msg).toBe('Import port "IBmOrgService" already exists.');

      const saved = data(
        await imp('updatesysimporttemplatebyid', {
          id: added.id,
          version: 1,
          templateSource: 'url',
          templateUrl: 'https://example.com/org.xlsx',
        }),
      );
      expect(saved).toMatchObject({ templateSource: 'url', fileId: null, version: 2 });
      const generated = data(
        await imp('updatesysimporttemplatebyid', { id: added.id, version: 2, templateSource: 'generated' }),
      );
      // The address goes with the source that used it.
      expect(generated).toMatchObject({ templateSource: 'generated', templateUrl: null, version: 3 });
    });
  });

  describe('licence', () => {
    const activate = (licensee: string, version?: number) =>
      call(
        'ISysLicenseService/activateLicense',
        { licenseKey: signLicense(vendor.privatePem, licensee, day(60)), version },
        LICENSE_MENU,
      );
    const shown = async () => data(await call('ISysLicenseService/getLicense', {}, LICENSE_MENU));

    it('activates at the stored version without one, refuses a stale one with 10007 and keeps the licence', async () => {
      const before = await shown();
      expect(before).toMatchObject({ licensee: 'First Licensee', activatedBy: 'Administrator' });
      const again = data(await activate('Second Licensee'));
      expect(again).toMatchObject({ licensee: 'Second Licensee', version: before.version + 1 });

      const stale = await activate('Lost Licensee', before.version);
      expect(code(stale)).toBe('10007');
      expect(await shown()).toMatchObject({ licensee: 'Second Licensee', version: before.version + 1 });

      const current = data(await activate('Third Licensee', before.version + 1));
      expect(current).toMatchObject({
        licensee: 'Third Licensee',
        version: before.version + 2,
        activatedBy: 'Administrator',
      });
    });
  });

  describe('users', () => {
    const save = (condition: Row) => call('ISupSrmSysUserService/saveorupdatesysuser', condition, USER_MENU);
    const read = async (id: unknown) =>
      data(await call('ISupSrmSysUserService/getsysuserbyid', { id }, USER_MENU)) as Row;

    it('refuses a stale modify with 10007 and keeps the roles, data scope and password; a missing version is 10017', async () => {
      const made = data(
        await save({
          userNo: 'vc-clerk',
          userName: 'Version clerk',
          orgNo: 'SH01',
          pwd: 'Amber-lantern-2026',
          roleNos: 'buyer',
          dataOrgNos: 'SH01',
        }),
      );
      const renamed = data(await save({ id: made.id, version: 1, userName: 'Clerk renamed' }));
      expect(renamed).toMatchObject({ version: 2, roleNos: ['buyer'], dataOrgNos: ['SH01'] });

      const stale = await save({
        id: made.id,
        version: 1,
        userName: 'Lost',
        pwd: 'Another-pass-2026',
        roleNos: ['supplier'],
        dataOrgNos: 'SH01,HN01',
        menuList: [{ menuNo: ORG_MENU, isSearch: 'Y' }],
      });
      expect(code(stale)).toBe('10007');
      expect(await read(made.id)).toEqual(renamed);
      await s.login('vc-clerk', 'Amber-lantern-2026');

      const missing = await save({ id: made.id, userName: 'No version' });
      expect(missing.body).toMatchObject({ code: '10017', msg: 'Invalid value: Version is required.' });
      expect(await read(made.id)).toEqual(renamed);

      // The user's own password change moves the version on: the form read before is stale now.
      const clerk = await s.login('vc-clerk', 'Amber-lantern-2026');
      const changed = await s.call(
        'ISupSrmSysUserService/updatepwd',
        { condition: { oldPwd: 'Amber-lantern-2026', newPwd: 'Changed-pass-2026' } },
        { token: clerk },
      );
      expect(code(changed)).toBe('0');
      const after = await read(made.id);
      expect(after).toMatchObject({ version: 3, updateName: 'Clerk renamed' });
      expect(code(await save({ id: made.id, version: 2, userName: 'Late' }))).toBe('10007');
      expect(data(await save({ id: made.id, version: 3, userName: 'On time' }))).toMatchObject({
        version: 4,
      });
    });
  });
});
