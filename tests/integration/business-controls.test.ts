// Business control: typed switches with a default and a value per organisation, the values
// limited to the caller's organisations, the effective value through the shared cache, and the seeded
// BASE_DATA_PHYSICAL_DELETE enforced by the resource layer's delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_TYPE } from '../../services/access/scope.js';
import { setRoleFlags } from '../support/rules.js';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'BaseManage.Config.BusinessControl';
const UNIT = 'Base.Material.Unit';
const NAMES = { 'en-US': 'Max lines', 'zh-CN': '最大行数', 'zh-TW': '最大行數', vi: 'Số dòng tối đa' };

describe.each(BOTH_DBS)('business control on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let limited: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    admin = await s.login('admin');
    // A second administrator limited to SH01 (and a third organisation nobody else has): the values of
    // HN01 are outside its scope.
    const { db } = s.server.database;
    await db.insertInto('bmOrg').values({ orgNo: 'XX01', orgName: 'Extra plant' }).execute();
    const me = await db
      .selectFrom('sysUser')
      .select('id')
      .where('userNo', '=', 'buyer')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('sysUserData').where('userId', '=', me.id).where('dataValue', '=', 'HN01').execute();
    await db
      .insertInto('sysUserData')
      .values({ userId: me.id, dataType: DATA_TYPE.org, dataValue: 'XX01' })
      .execute();
    await setRoleFlags(db, 'buyer', MENU, ['isSearch', 'isAdd', 'isModify', 'isDelete']);
    limited = await s.login('buyer');
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (path: string, condition: unknown, token = admin, extra: object = {}) =>
    s.call(
      `IBmBusinessControlService/${path}`,
      { condition, ...extra },
      { token, menu: MENU, lang: 'en-US' },
    );
  const effective = (orgNo: string, controlNo: string, token = admin) =>
    s.call(
      'IBmBusinessControlService/getBusinessControlValue',
      { condition: { orgNo, controlNo } },
      { token, lang: 'en-US' },
    );

  it('adds, lists, modifies with version and deletes a control; values are checked by type', async () => {
    const added = await call('addbmbusinesscontrol', {
      controlNo: 'PO_MAX_LINES',
      controlName: NAMES,
      module: 'PO',
      valueType: 'NUMBER',
      defaultValue: '200',
      controlValues: [{ orgNo: 'SH01', controlValue: '50' }],
    });
    expect(added.body.code).toBe('0');
    const c = added.body.response.data;
    expect(c).toMatchObject({ controlNo: 'PO_MAX_LINES', valueType: 'NUMBER', isSystem: 'N', version: 1 });
    expect(c.controlValues).toEqual([expect.objectContaining({ orgNo: 'SH01', controlValue: '50' })]);

    const list = await call('getbmbusinesscontrollistbyparams', { keyword: 'PO_MAX' });
    expect(list.body.response.data.records).toEqual([
      expect.objectContaining({ controlNo: 'PO_MAX_LINES', controlName: 'Max lines', orgValues: 'SH01: 50' }),
    ]);
    const zh = await s.call(
      'IBmBusinessControlService/getbmbusinesscontrollistbyparams',
      { condition: { keyword: 'PO_MAX' } },
      { token: admin, menu: MENU, lang: 'zh-CN' },
    );
    expect(zh.body.response.data.records[0].controlName).toBe('最大行数');

    // Bad values for the type, refused with the control's field and nothing changed.
    const bad = await call('updatebmbusinesscontrolbyid', {
      id: c.id,
      version: 1,
      controlValues: [{ orgNo: 'HN01', controlValue: 'many' }],
    });
    expect(bad.body.code).toBe('10128');
    expect(bad.body.msg).toContain('many');
    const badDefault = await call('updatebmbusinesscontrolbyid', { id: c.id, version: 1, defaultValue: 'x' });
    expect(badDefault.body.code).toBe('10128');
    const yn = await call('addbmbusinesscontrol', {
      controlNo: 'X_SWITCH',
      controlName: NAMES,
      module: 'PO',
      valueType: 'YN',
      defaultValue: 'yes',
    });
    expect(yn.body.code).toBe('10128');
    const badEnum = await call('addbmbusinesscontrol', {
      controlNo: 'X_ENUM',
      controlName: NAMES,
      module: 'PO',
      valueType: 'ENUM',
      enumMid: 'UNIT_TYPE',
      defaultValue: '9',
    });
    expect(badEnum.body.code).toBe('10128');
    const okEnum = await call('addbmbusinesscontrol', {
      controlNo: 'X_ENUM',
      controlName: NAMES,
      module: 'PO',
      valueType: 'ENUM',
      enumMid: 'UNIT_TYPE',
      defaultValue: '1',
      controlValues: [{ orgNo: 'HN01', controlValue: '2' }],
    });
    expect(okEnum.body.code).toBe('0');
    // A type change must fit the values already stored.
    const retype = await call('updatebmbusinesscontrolbyid', {
      id: okEnum.body.response.data.id,
      version: 1,
      valueType: 'YN',
      defaultValue: 'Y',
    });
    expect(retype.body.code).toBe('10128');
    const noName = await call('addbmbusinesscontrol', {
      controlNo: 'X_NONAME',
      controlName: { 'en-US': 'Only English' },
      module: 'PO',
      valueType: 'TEXT',
      defaultValue: '',
    });
    expect(noName.body.errorCode).toBe('10002');

    const modified = await call('updatebmbusinesscontrolbyid', {
      id: c.id,
      version: 1,
      defaultValue: '300',
      controlValues: [
        { orgNo: 'SH01', controlValue: '60' },
        { orgNo: 'HN01', controlValue: '70' },
      ],
    });
    expect(modified.body.code).toBe('0');
    expect(modified.body.response.data.version).toBe(2);
    const stale = await call('updatebmbusinesscontrolbyid', { id: c.id, version: 1, defaultValue: '1' });
    expect(stale.body.code).toBe('10007');
    const dup = await call('updatebmbusinesscontrolbyid', {
      id: c.id,
      version: 2,
      controlValues: [
        { orgNo: 'SH01', controlValue: '1' },
        { orgNo: 'SH01', controlValue: '2' },
      ],
    });
    expect(dup.body.code).toBe('10103');

    expect((await effective('HN01', 'PO_MAX_LINES')).body.response.data).toMatchObject({
      value: '70',
      source: 'org',
    });
    expect((await effective('XX01', 'PO_MAX_LINES')).body.response.data).toMatchObject({
      value: '300',
      source: 'default',
    });
    expect((await effective('SH01', 'NO_SUCH')).body.code).toBe('10129');

    const staleDelete = await call('deletebmbusinesscontrolbyids', { delList: [{ id: c.id, version: 1 }] });
    expect(staleDelete.body.code).toBe('10007');
    const deleted = await call('deletebmbusinesscontrolbyids', { delList: [{ id: c.id, version: 2 }] });
    expect(deleted.body.code).toBe('0');
    expect((await effective('HN01', 'PO_MAX_LINES')).body.code).toBe('10129');
  });

  it('limits the per-organisation values to the caller’s organisations', async () => {
    const added = await call('addbmbusinesscontrol', {
      controlNo: 'ASN_LIMIT',
      controlName: NAMES,
      module: 'ASN',
      valueType: 'NUMBER',
      defaultValue: '1',
      controlValues: [
        { orgNo: 'SH01', controlValue: '2' },
        { orgNo: 'HN01', controlValue: '3' },
      ],
    });
    const c = added.body.response.data;
    // The limited administrator sees only SH01's value and cannot write HN01's.
    const got = await call('getbmbusinesscontrolbyid', { id: c.id }, limited);
    expect(got.body.response.data.controlValues.map((v: { orgNo: string }) => v.orgNo)).toEqual(['SH01']);
    const out = await call(
      'updatebmbusinesscontrolbyid',
      { id: c.id, version: 1, controlValues: [{ orgNo: 'HN01', controlValue: '9' }] },
      limited,
    );
    expect(out.body.code).toBe('10013');
    expect((await effective('HN01', 'ASN_LIMIT', limited)).body.code).toBe('10013');
    // Its save replaces its own organisations' values and leaves HN01's alone.
    const saved = await call(
      'updatebmbusinesscontrolbyid',
      { id: c.id, version: 1, controlValues: [{ orgNo: 'XX01', controlValue: '5' }] },
      limited,
    );
    expect(saved.body.code).toBe('0');
    const all = (await call('getbmbusinesscontrolbyid', { id: c.id })).body.response.data.controlValues;
    expect(all.map((v: { orgNo: string; controlValue: string }) => `${v.orgNo}=${v.controlValue}`)).toEqual([
      'HN01=3',
      'XX01=5',
    ]);
    // Deleting the control would take HN01's value with it: refused for the limited administrator.
    const del = await call('deletebmbusinesscontrolbyids', { delList: [{ id: c.id, version: 2 }] }, limited);
    expect(del.body.code).toBe('10013');
    // A supplier's user is refused the screen whatever a role grants.
    const supplier = await s.login('supplier1');
    expect((await call('getbmbusinesscontrollistbyparams', {}, supplier)).body.errorCode).toBe('10005');
  });

  it('BASE_DATA_PHYSICAL_DELETE N refuses the delete of that organisation’s base data', async () => {
    const list = await call('getbmbusinesscontrollistbyparams', { keyword: 'BASE_DATA_PHYSICAL_DELETE' });
    const control = list.body.response.data.records[0];
    expect(control).toMatchObject({ isSystem: 'Y', valueType: 'YN', defaultValue: 'Y' });
    expect(control.controlName).toBe('Physical deletion of base data');
    // The code's control keeps its type and cannot be deleted.
    const retype = await call('updatebmbusinesscontrolbyid', {
      id: control.id,
      version: control.version,
      valueType: 'TEXT',
    });
    expect(retype.body.code).toBe('10072');
    const del = await call('deletebmbusinesscontrolbyids', {
      delList: [{ id: control.id, version: control.version }],
    });
    expect(del.body.code).toBe('10072');

    const unit = async (orgNo: string, unitNo: string) =>
      (
        await s.call(
          'IBmUnitService/addbmunit',
          { condition: { orgNo, unitNo, unitName: 'Temp', unitType: '1' } },
          { token: admin, menu: UNIT, lang: 'en-US' },
        )
      ).body.response.data;
    const removeUnit = (u: { id: string; version: number }) =>
      s.call(
        'IBmUnitService/deletebmunitbyids',
        { condition: { delList: [{ id: u.id, version: u.version }] } },
        { token: admin, menu: UNIT, lang: 'en-US' },
      );
    const hn = await unit('HN01', 'TMP1');
    const sh = await unit('SH01', 'TMP1');
    // Read once, so the default sits in the shared cache: the switch must drop it.
    expect((await effective('HN01', 'BASE_DATA_PHYSICAL_DELETE')).body.response.data.value).toBe('Y');
    const off = await call('updatebmbusinesscontrolbyid', {
      id: control.id,
      version: control.version,
      controlValues: [{ orgNo: 'HN01', controlValue: 'N' }],
    });
    expect(off.body.code).toBe('0');
    const refused = await removeUnit(hn);
    expect(refused.body.code).toBe('10125');
    expect(refused.body.msg).toContain('HN01');
    expect(refused.body.msg).toContain('invalid');
    const kept = await s.server.database.db
      .selectFrom('bmUnit')
      .select('id')
      .where('id', '=', hn.id)
      .executeTakeFirst();
    expect(kept).toBeTruthy();
    // Another organisation's base data still goes; and when switched back, so does HN01's.
    expect((await removeUnit(sh)).body.code).toBe('0');
    const on = await call('updatebmbusinesscontrolbyid', {
      id: control.id,
      version: off.body.response.data.version,
      controlValues: [],
    });
    expect(on.body.code).toBe('0');
    expect((await removeUnit(hn)).body.code).toBe('0');
  });

  if (kind === 'postgres')
    it('a change on one instance is seen by another at once (the cache is shared)', async () => {
      const b = await startTestServer({ database: 'postgres', databaseUrl: s.config.databaseUrl });
      try {
        const adminB = await b.login('admin');
        const read = async () =>
          (
            await b.call(
              'IBmBusinessControlService/getBusinessControlValue',
              { condition: { orgNo: 'SH01', controlNo: 'BASE_DATA_PHYSICAL_DELETE' } },
              { token: adminB },
            )
          ).body.response.data.value;
        expect(await read()).toBe('Y');
        const control = (await call('getbmbusinesscontrollistbyparams', { keyword: 'BASE_DATA_PHYSICAL' }))
          .body.response.data.records[0];
        await call('updatebmbusinesscontrolbyid', {
          id: control.id,
          version: control.version,
          controlValues: [{ orgNo: 'SH01', controlValue: 'N' }],
        });
        expect(await read()).toBe('N');
      } finally {
        await b.close();
      }
    });
});
