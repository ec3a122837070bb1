// Custom fields end to end on the server: definitions, values stored with the record, checked by
// type, searchable (exact, range, contains), sortable, switched off and on, bad definitions refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const MODULE = 'Base.Basic.Organizational';
const FD_MENU = 'BaseManage.Config.FrameDefine';
const names = (en: string) => ({
  'en-US': en,
  'zh-CN': `${en}（中）`,
  'zh-TW': `${en}（繁）`,
  vi: `${en} (vi)`,
});

describe.each(BOTH_DBS)('custom fields on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  const define = (condition: Record<string, unknown>, token = admin) =>
    s.call(
      'ISysFrameDefineService/addSysFrameDefine',
      { condition: { module: MODULE, displayPage: '123', ...condition } },
      { token, menu: FD_MENU },
    );
  const org = (method: string, body: unknown) =>
    s.call(`IBmOrgService/${method}`, body, { token: admin, menu: MODULE });
  const search = async (condition: Record<string, unknown>) =>
    (await org('getbmorglistbyparams', { current: 1, size: 50, condition: { keyword: 'CF', ...condition } }))
      .body;

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer, supplier1] = await Promise.all(['admin', 'buyer', 'supplier1'].map((u) => s.login(u)));
    const defs = [
      {
        fieldNo: 'deadline',
        fieldNoName: names('Deadline'),
        fieldType: 3,
        dateFormat: 'yyyy-MM-dd',
        displayOrder: 1,
      },
      {
        fieldNo: 'tier',
        fieldNoName: names('Tier'),
        fieldType: 4,
        dropDownDataSource: JSON.stringify([
          { name: 'Gold', code: 'G' },
          { name: 'Silver', code: 'S' },
        ]),
        displayOrder: 2,
      },
      { fieldNo: 'headcount', fieldNoName: names('Headcount'), fieldType: 2, displayOrder: 3 },
      { fieldNo: 'region', fieldNoName: names('Region'), fieldType: 1, displayOrder: 4 },
    ];
    for (const d of defs) expect((await define(d)).body.code).toBe('0');
    const orgs = [
      {
        orgNo: 'CF1',
        orgName: 'Custom one',
        deadline: '2025-01-10',
        tier: 'G',
        headcount: 120,
        region: 'East China',
      },
      {
        orgNo: 'CF2',
        orgName: 'Custom two',
        deadline: '2025-03-01',
        tier: 'S',
        // A number is a decimal: sent as text (or leniently a JSON number), answered as its text.
        headcount: '45.50',
        region: 'North Vietnam',
      },
      { orgNo: 'CF3', orgName: 'Custom three' },
    ];
    for (const o of orgs) expect((await org('addbmorg', { condition: o })).body.code).toBe('0');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('gives every user of the screen the enabled definitions in their language', async () => {
    const r = await s.call(
      'ISysFrameDefineService/getSysFrameDefineListByModule',
      { condition: { module: MODULE } },
      { token: buyer, lang: 'zh-CN' },
    );
    expect(
      r.body.response.data.map((d: { fieldNo: string; fieldNoName: string }) => [d.fieldNo, d.fieldNoName]),
    ).toEqual([
      ['deadline', 'Deadline（中）'],
      ['tier', 'Tier（中）'],
      ['headcount', 'Headcount（中）'],
      ['region', 'Region（中）'],
    ]);
    const supplier = await s.call(
      'ISysFrameDefineService/getSysFrameDefineListByModule',
      { condition: { module: MODULE } },
      { token: supplier1 },
    );
    expect(supplier.body.errorCode).toBe('10005');
  });

  it('stores values with the record and returns them from get and list', async () => {
    const list = await search({ field: 'orgNo', order: 'asc' });
    expect(
      list.response.data.records.map((o: Record<string, unknown>) => [
        o.orgNo,
        o.deadline,
        o.tier,
        o.headcount,
        o.region,
      ]),
    ).toEqual([
      ['CF1', '2025-01-10', 'G', '120', 'East China'],
      ['CF2', '2025-03-01', 'S', '45.5', 'North Vietnam'],
      ['CF3', null, null, null, null],
    ]);
    expect(list.response.data.records[0]).not.toHaveProperty('ext');
    const one = list.response.data.records[1];
    const got = await org('getbmorgbyid', { condition: { id: one.id } });
    expect(got.body.response.data).toMatchObject({ tier: 'S', headcount: '45.5' });
    // A partial update keeps the other custom values; null clears one.
    const upd = await org('updatebmorgbyid', {
      condition: { id: one.id, version: one.version, region: null, headcount: '1234567890123.12345' },
    });
    expect(upd.body.response.data).toMatchObject({
      tier: 'S',
      headcount: '1234567890123.12345',
      region: null,
      deadline: '2025-03-01',
    });
  });

  it('searches exact, by range and by contains, and sorts by a custom field', async () => {
    const nos = async (condition: Record<string, unknown>) =>
      (await search({ field: 'orgNo', order: 'asc', ...condition })).response.data.records.map(
        (o: { orgNo: string }) => o.orgNo,
      );
    expect(await nos({ tier: 'G' })).toEqual(['CF1']);
    expect(await nos({ tier: ['G', 'S'] })).toEqual(['CF1', 'CF2']);
    expect(await nos({ headcount: [40, 100] })).toEqual([]);
    expect(await nos({ headcount: ['100', '1234567890123.12345'] })).toEqual(['CF1', 'CF2']);
    expect(await nos({ headcount: [null, 200] })).toEqual(['CF1']);
    expect(await nos({ headcount: '1234567890123.12345' })).toEqual(['CF2']);
    expect(await nos({ headcount: '1234567890123.12344' })).toEqual([]);
    expect(await nos({ deadline: ['2025-02-01', null] })).toEqual(['CF2']);
    expect(await nos({ deadline: '2025-01-10' })).toEqual(['CF1']);
    expect(await nos({ region: 'china' })).toEqual(['CF1']);
    const byHeadcount = (await search({ field: 'headcount', order: 'desc' })).response.data.records.map(
      (o: { orgNo: string }) => o.orgNo,
    );
    expect(byHeadcount.filter((no: string) => no !== 'CF3')).toEqual(['CF2', 'CF1']);
    const ascending = (await search({ field: 'headcount', order: 'asc' })).response.data.records.map(
      (o: { orgNo: string }) => o.orgNo,
    );
    expect(ascending.filter((no: string) => no !== 'CF3')).toEqual(['CF1', 'CF2']);
    // A condition or sort naming no field changes nothing or is refused.
    expect(await nos({ "x' or 1=1 --": 1 })).toEqual(['CF1', 'CF2', 'CF3']);
    expect((await search({ field: 'notAField' })).errorCode).toBe('10006');
  });

  it('refuses values of the wrong type and changes nothing', async () => {
    const bad = [
      { tier: 'B' },
      { headcount: 'ten' },
      { headcount: 1e25 },
      { headcount: 1.1234567 },
      { headcount: '12345678901234567890' },
      { deadline: '2025-13-01' },
      { region: 'x'.repeat(100) },
    ];
    for (const extra of bad) {
      const r = await org('addbmorg', { condition: { orgNo: 'CFX', orgName: 'Bad', ...extra } });
      expect(r.body.code, JSON.stringify(extra)).toBe('10017');
    }
    expect((await search({ orgNoIndistinct: 'CFX' })).response.data.total).toBe(0);
  });

  it('hides a switched-off field and brings its values back when switched on', async () => {
    const all = await s.call(
      'ISysFrameDefineService/getSysFrameDefineDown',
      { condition: { module: MODULE } },
      { token: admin, menu: FD_MENU },
    );
    expect(all.body.response.data).toMatchObject({ total: 4, current: 1, pages: 1 });
    expect(all.body.response.data.builtInFields).toContain('orgName');
    const tier = all.body.response.data.records.find((d: { fieldNo: string }) => d.fieldNo === 'tier');
    const byId = await s.call(
      'ISysFrameDefineService/getSysFrameDefineById',
      { condition: { id: tier.id } },
      { token: admin, menu: FD_MENU },
    );
    expect(byId.body.response.data).toMatchObject({ fieldNo: 'tier', fieldNoNameI18n: names('Tier') });
    const byKeyword = await s.call(
      'ISysFrameDefineService/getSysFrameDefineDown',
      { condition: { keyword: 'head' } },
      { token: admin, menu: FD_MENU },
    );
    expect(byKeyword.body.response.data.records.map((d: { fieldNo: string }) => d.fieldNo)).toEqual([
      'headcount',
    ]);
    const off = await s.call(
      'ISysFrameDefineService/updateSysFrameDefine',
      { condition: { id: tier.id, version: tier.version, isDisplay: 'N' } },
      { token: admin, menu: FD_MENU },
    );
    expect(off.body.response.data.isDisplay).toBe('N');
    const hidden = (await search({ orgNoIndistinct: 'CF1' })).response.data.records[0];
    expect(hidden).not.toHaveProperty('tier');
    expect(hidden.headcount).toBe('120');
    await s.call(
      'ISysFrameDefineService/updateSysFrameDefine',
      { condition: { id: tier.id, version: tier.version + 1, isDisplay: 'Y' } },
      { token: admin, menu: FD_MENU },
    );
    expect((await search({ orgNoIndistinct: 'CF1' })).response.data.records[0].tier).toBe('G');
  });

  it('takes what the admin forms send: the type as its text code, emptied inputs as null', async () => {
    const added = await define({
      fieldNo: 'formAdded',
      fieldNoName: names('Form added'),
      fieldType: '3',
      dateFormat: 'yyyy-MM',
      enumMid: null,
      dropDownDataSource: null,
      fixedMatchingCondition: null,
      displayPage: null,
      displayOrder: null,
      isDisplay: 'Y',
    });
    expect(added.body.code).toBe('0');
    const row = added.body.response.data;
    expect(row).toMatchObject({ fieldType: 3, dateFormat: 'yyyy-MM', displayPage: '', displayOrder: 0 });
    // The modify form loads the name in every language, the shape update takes.
    const byId = await s.call(
      'ISysFrameDefineService/getSysFrameDefineById',
      { condition: { id: row.id } },
      { token: admin, menu: FD_MENU },
    );
    expect(byId.body.response.data.fieldNoName).toEqual(names('Form added'));
    const changed = await s.call(
      'ISysFrameDefineService/updateSysFrameDefine',
      {
        condition: {
          id: row.id,
          version: row.version,
          fieldNoName: names('Form changed'),
          fieldType: '4',
          dateFormat: null,
          enumMid: 'YES_NO',
          dropDownDataSource: null,
          displayPage: '13',
          displayOrder: 7,
          isDisplay: 'N',
        },
      },
      { token: admin, menu: FD_MENU },
    );
    expect(changed.body.response.data).toMatchObject({
      fieldType: 4,
      dateFormat: null,
      enumMid: 'YES_NO',
      displayPage: '13',
      displayOrder: 7,
      isDisplay: 'N',
      fieldNoName: 'Form changed',
    });
    // A dropdown left without a source is refused in the caller's language, and nothing changes.
    const refused = await s.call(
      'ISysFrameDefineService/updateSysFrameDefine',
      { condition: { id: row.id, version: row.version + 1, enumMid: null } },
      { token: admin, menu: FD_MENU, lang: 'zh-CN' },
    );
    expect(refused.body.code).toBe('10017');
    expect(refused.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const after = await s.call(
      'ISysFrameDefineService/getSysFrameDefineById',
      { condition: { id: row.id } },
      { token: admin, menu: FD_MENU },
    );
    expect(after.body.response.data).toMatchObject({ version: row.version + 1, enumMid: 'YES_NO' });
    await s.call(
      'ISysFrameDefineService/deleteSysFrameDefine',
      { condition: { delList: [{ id: row.id, version: row.version + 1 }] } },
      { token: admin, menu: FD_MENU },
    );
  });

  it("offers the dictionaries with valid values to the forms' dictionary selector, administrators only", async () => {
    const r = await s.call(
      'ISysFrameDefineService/getSysFrameDefineDictionaries',
      { condition: { keyword: 'asn_' } },
      { token: admin, menu: FD_MENU },
    );
    expect(r.body.response.data).toContainEqual({ enumMid: 'ASN_STATUS' });
    expect(r.body.response.data.every((d: { enumMid: string }) => /asn_/i.test(d.enumMid))).toBe(true);
    const all = await s.call(
      'ISysFrameDefineService/getSysFrameDefineDictionaries',
      {},
      { token: admin, menu: FD_MENU },
    );
    expect(all.body.response.data.length).toBeGreaterThan(1);
    const wildcard = await s.call(
      'ISysFrameDefineService/getSysFrameDefineDictionaries',
      { condition: { keyword: '%' } },
      { token: admin, menu: FD_MENU },
    );
    expect(wildcard.body.response.data).toEqual([]);
    const denied = await s.call(
      'ISysFrameDefineService/getSysFrameDefineDictionaries',
      {},
      { token: buyer, menu: FD_MENU },
    );
    expect(denied.body.errorCode ?? denied.body.code).toBe('10005');
  });

  it('refuses definitions that could break a screen', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fieldNo: 'f1', fieldNoName: names('x'), fieldType: 9 }, '10002'],
      [{ fieldNo: 'f1', fieldNoName: names('x'), fieldType: '9' }, '10002'],
      [{ fieldNo: 'f1', fieldNoName: names('x'), fieldType: 'text' }, '10002'],
      [{ fieldNo: 'f2', fieldNoName: names('x'), fieldType: 1, displayPage: '16' }, '10002'],
      [{ fieldNo: 'f3', fieldNoName: names('x'), fieldType: 1, displayPage: '11' }, '10002'],
      [{ fieldNo: '1bad', fieldNoName: names('x'), fieldType: 1 }, '10002'],
      [{ fieldNo: 'f4', fieldNoName: { 'en-US': 'only English' }, fieldType: 1 }, '10002'],
      [{ fieldNo: 'f5', fieldNoName: names('x'), fieldType: 4 }, '10017'],
      [{ fieldNo: 'f6', fieldNoName: names('x'), fieldType: 4, dropDownDataSource: 'not json' }, '10017'],
      [{ fieldNo: 'f7', fieldNoName: names('x'), fieldType: 4, enumMid: 'NO_SUCH_DICTIONARY' }, '10017'],
      [{ fieldNo: 'orgName', fieldNoName: names('x'), fieldType: 2 }, '10017'],
      [{ fieldNo: 'tier', fieldNoName: names('x'), fieldType: 1 }, '50M01'],
    ];
    for (const [condition, code] of cases) {
      const r = await define(condition);
      expect(r.body.errorCode ?? r.body.code, JSON.stringify(condition)).toBe(code);
    }
    // Overriding a built-in field's label and placement is allowed; a dictionary dropdown too.
    expect(
      (await define({ fieldNo: 'orgName', fieldNoName: names('Plant name'), fieldType: 0, displayPage: '2' }))
        .body.code,
    ).toBe('0');
    expect(
      (await define({ fieldNo: 'yn', fieldNoName: names('Flag'), fieldType: 4, enumMid: 'YES_NO' })).body
        .code,
    ).toBe('0');
    expect(
      (await define({ fieldNo: 'f8', fieldNoName: names('x'), fieldType: 1 }, buyer)).body.errorCode,
    ).toBe('10005');
  });
});
