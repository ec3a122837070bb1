// A user's data scope edited on the user pages (spec 001 section 6: authorisation by organisation,
// warehouse and document category): read back, checked before anything is written, limited to the
// administrator's own scope, refused to a supplier's user, and in force from the user's next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const USER = 'BaseManage.Base.User';
const WH = 'Base.Basic.Warehouse';
const ORG = 'Base.Basic.Organizational';
const SAVE = 'ISupSrmSysUserService/saveorupdatesysuser';
const PASSWORD = 'Long-enough-pass-1';

type Row = Record<string, unknown>;

describe.each(POSTGRES_ONLY)('user data scope on %s', (kind) => {
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

  const userId = async (userNo: string) =>
    (
      await s.server.database.db
        .selectFrom('sysUser')
        .select('id')
        .where('userNo', '=', userNo)
        .executeTakeFirstOrThrow()
    ).id;
  const read = async (userNo: string, token = admin) => {
    const r = await s.call(
      'ISupSrmSysUserService/getsysuserbyid',
      { condition: { id: await userId(userNo) } },
      { token, menu: USER, lang: 'en-US' },
    );
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return r.body.response.data as Row;
  };
  const save = async (condition: Row, token = admin) =>
    s.call(SAVE, { condition }, { token, menu: USER, lang: 'en-US' });
  const saveScope = async (userNo: string, scope: Row, token = admin) => {
    const user = await read(userNo, token);
    return save({ id: user.id, version: user.version, ...scope }, token);
  };
  const list = async (call: string, menu: string, token: string) => {
    const r = await s.call(call, { current: 1, size: 50, condition: {} }, { token, menu });
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return r.body.response.data.records as Row[];
  };
  const warehousesOf = async (token: string) =>
    (await list('IBmWarehouseService/getbmwarehouselistbyparams', WH, token)).map((w) => w.warehouseNo);
  const orgsOf = async (token: string) =>
    (await list('IBmOrgService/getbmorglistbyparams', ORG, token)).map((o) => o.orgNo);

  it("answers a user's organisations, warehouses and classify types with the user", async () => {
    const user = await read('buyer');
    expect(user).toMatchObject({
      dataOrgNos: ['HN01', 'SH01'],
      dataWarehouseNos: ['HN01-RM', 'SH01-FG', 'SH01-RM'],
      dataClassifyTypes: ['HN01-PO', 'SH01-PO'],
    });
    expect(user.userDataList).toEqual(
      expect.arrayContaining([
        { dataType: 1, dataValue: 'SH01' },
        { dataType: 3, dataValue: 'HN01-RM' },
        { dataType: 4, dataValue: 'SH01-PO' },
      ]),
    );
    expect(user.userDataList).toHaveLength(7);
  });

  it('refuses a value that does not exist or a warehouse outside the given organisations, changing nothing', async () => {
    const before = await read('buyer');
    const bad: [Row, string, string][] = [
      [{ dataWarehouseNos: 'SH01-RM,NOPE' }, '10017', '"NOPE" does not exist'],
      [{ dataOrgNos: ['SH01', 'XX99'] }, '10017', '"XX99" does not exist'],
      [{ dataClassifyTypes: 'BOGUS' }, '10017', '"BOGUS" does not exist'],
      [
        { dataOrgNos: 'SH01', dataWarehouseNos: 'SH01-RM,HN01-RM' },
        '10017',
        '"HN01-RM" belongs to an organization the user is not given',
      ],
      [
        { dataOrgNos: 'SH01', dataClassifyTypes: 'HN01-PO' },
        '10017',
        '"HN01-PO" belongs to an organization the user is not given',
      ],
    ];
    for (const [scope, code, text] of bad) {
      const r = await save({ id: before.id, version: before.version, ...scope });
      expect(r.body.code, JSON.stringify(scope)).toBe(code);
      expect(r.body.msg).toContain(text);
    }
    const schema = await save({ id: before.id, version: before.version, dataOrgNos: [{ no: 1 }] });
    expect(schema.http).toBe(400);
    expect(schema.body.errorCode).toBe('10002');
    expect(await read('buyer')).toEqual(before);
  });

  it("narrows the buyer's scope, and the buyer's next request on the same session sees only that", async () => {
    expect(await warehousesOf(buyer)).toEqual(['HN01-RM', 'SH01-FG', 'SH01-RM']);
    expect((await orgsOf(buyer)).sort()).toEqual(['HN01', 'SH01']);
    const hanoi = (await list('IBmOrgService/getbmorglistbyparams', ORG, buyer)).find(
      (o) => o.orgNo === 'HN01',
    );

    const saved = await saveScope('buyer', {
      dataOrgNos: 'SH01',
      dataWarehouseNos: 'SH01-RM',
      dataClassifyTypes: 'SH01-PO',
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe('0');
    expect(saved.body.response.data).toMatchObject({
      dataOrgNos: ['SH01'],
      dataWarehouseNos: ['SH01-RM'],
      dataClassifyTypes: ['SH01-PO'],
    });

    expect(await warehousesOf(buyer)).toEqual(['SH01-RM']);
    expect(await orgsOf(buyer)).toEqual(['SH01']);
    const gone = await s.call(
      'IBmOrgService/getbmorgbyid',
      { condition: { id: hanoi!.id } },
      { token: buyer, menu: ORG },
    );
    expect(gone.body.code).toBe('10008');
    const info = await s.call('ISrmBmLoginService/getUserInfo', { condition: {} }, { token: buyer });
    expect(info.body.response.data.sysUserOrgResDtoList.map((o: Row) => o.orgNo)).toEqual(['SH01']);

    // Widened again: the warehouses of Hanoi come back on the next request.
    const widened = await saveScope('buyer', {
      dataOrgNos: ['SH01', 'HN01'],
      dataWarehouseNos: ['SH01-RM', 'SH01-FG', 'HN01-RM'],
    });
    expect(widened.body.code).toBe('0');
    expect(await warehousesOf(buyer)).toEqual(['HN01-RM', 'SH01-FG', 'SH01-RM']);
  });

  it("keeps the user's own organisation, and drops warehouses of organisations taken away", async () => {
    const saved = await saveScope('buyer', { dataOrgNos: 'HN01' });
    expect(saved.body.code).toBe('0');
    // buyer's own organisation is SH01: it stays; its warehouses stay too, the rest follow HN01.
    expect(saved.body.response.data).toMatchObject({
      dataOrgNos: ['HN01', 'SH01'],
      dataWarehouseNos: ['HN01-RM', 'SH01-FG', 'SH01-RM'],
    });
    const narrowed = await saveScope('buyer', { dataOrgNos: null });
    expect(narrowed.body.response.data).toMatchObject({
      dataOrgNos: ['SH01'],
      dataWarehouseNos: ['SH01-FG', 'SH01-RM'],
      dataClassifyTypes: ['SH01-PO'],
    });
  });

  it('lets an administrator without all-scope grant only inside its own scope, and keeps what it cannot see', async () => {
    // An administrator of Shanghai only, with the user screen's flags as its own menus.
    const on = (...flags: string[]) => Object.fromEntries(flags.map((f) => [f, 'Y']));
    const made = await save({
      userNo: 'shadmin',
      userName: 'Shanghai administrator',
      pwd: PASSWORD,
      orgNo: 'SH01',
      dataOrgNos: 'SH01',
      dataWarehouseNos: 'SH01-RM,SH01-FG',
      menuList: [
        { menuNo: 'BaseManage', ...on('isSearch') },
        { menuNo: 'BaseManage.Base', ...on('isSearch') },
        { menuNo: USER, ...on('isSearch', 'isAdd', 'isModify') },
      ],
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe('0');
    // supplier2 works in Hanoi; give it Shanghai as well while we are all-scope admin.
    expect((await saveScope('supplier2', { dataOrgNos: 'HN01,SH01' })).body.code).toBe('0');
    const shadmin = await s.login('shadmin', PASSWORD);

    // supplier2's home organisation is Hanoi: outside shadmin's scope, so shadmin cannot read it.
    const hidden = await s.call(
      'ISupSrmSysUserService/getsysuserbyid',
      { condition: { id: await userId('supplier2') } },
      { token: shadmin, menu: USER },
    );
    expect(hidden.body.code).toBe('10008');

    // buyer (home Shanghai) holds Hanoi too; shadmin may narrow what it sees but not grant Hanoi.
    await saveScope('buyer', { dataOrgNos: 'SH01,HN01', dataWarehouseNos: 'SH01-RM,HN01-RM' });
    // HN01-RM is already held: keeping it is no grant.
    const keptHeld = await saveScope('buyer', { dataWarehouseNos: 'SH01-RM,SH01-FG,HN01-RM' }, shadmin);
    expect(keptHeld.body.code, JSON.stringify(keptHeld.body)).toBe('0');
    const beyond = await saveScope('supplier1', { dataOrgNos: 'SH01,HN01' }, shadmin);
    expect(beyond.body.code).toBe('10013');
    expect(beyond.body.msg).toContain('HN01');

    const kept = await saveScope('buyer', { dataOrgNos: 'SH01', dataWarehouseNos: 'SH01-RM' }, shadmin);
    expect(kept.body.code, JSON.stringify(kept.body)).toBe('0');
    expect(kept.body.response.data).toMatchObject({
      dataOrgNos: ['HN01', 'SH01'],
      dataWarehouseNos: ['HN01-RM', 'SH01-RM'],
    });
  });

  it("refuses a supplier's user, and never writes scopeAll", async () => {
    const supplierSave = await s.call(
      SAVE,
      { condition: { id: await userId('supplier1'), version: 1, dataOrgNos: 'SH01,HN01' } },
      { token: supplier1, menu: USER },
    );
    expect(supplierSave.http).toBe(403);
    expect(supplierSave.body.errorCode).toBe('10005');
    const before = await read('buyer');
    const sneaky = await save({ id: before.id, version: before.version, scopeAll: true, dataOrgNos: 'SH01' });
    expect(sneaky.body.code).toBe('0');
    const row = await s.server.database.db
      .selectFrom('sysUser')
      .select('scopeAll')
      .where('userNo', '=', 'buyer')
      .executeTakeFirstOrThrow();
    expect(row.scopeAll).toBe(false);
    expect(await orgsOf(buyer)).toEqual(['SH01']);
  });
});
