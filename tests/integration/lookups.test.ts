// The selector lookups: valid records only, the caller's data scope, nothing of another supplier, and
// only from a screen that uses the selector (services/access/lookup-grants.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

describe.each(POSTGRES_ONLY)('selector lookups on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  const records = async (
    call: string,
    condition: Record<string, unknown>,
    token: string,
    menu = 'Index.Dashboard',
  ) => {
    const r = await s.call(call, { current: 1, size: 20, condition }, { token, menu });
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return r.body.response.data.records as Record<string, unknown>[];
  };

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer, supplier1] = await Promise.all(['admin', 'buyer', 'supplier1'].map((u) => s.login(u)));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists warehouses of an organisation, within the caller scope', async () => {
    const sh = await records(
      'IBmWarehouseService/getbmwarehouselistbyparams',
      { orgNo: 'SH01' },
      buyer,
      'Base.Basic.Warehouse',
    );
    expect(sh.map((w) => w.warehouseNo)).toEqual(['SH01-FG', 'SH01-RM']);
    const mine = await records(
      'IBmWarehouseService/getFullAuthorityWarehouseListByParams',
      {},
      supplier1,
      'Offsite.Delivery.AsnList',
    );
    expect(mine.map((w) => w.warehouseNo)).toEqual(['SH01-RM']);
    expect(Object.keys(mine[0]).sort()).toEqual(['id', 'orgNo', 'warehouseName', 'warehouseNo']);
    // The warehouse screen's own list is no selector of any screen a supplier opens.
    const foreign = await s.call(
      'IBmWarehouseService/getbmwarehouselistbyparams',
      { condition: { orgNo: 'HN01' } },
      { token: supplier1, menu: 'Offsite.Delivery.AsnList' },
    );
    expect(foreign.body.errorCode).toBe('10005');
  });

  it('never shows a supplier user another supplier', async () => {
    const all = await records(
      'IBmSupplierService/getbmsupplierlistbyparams',
      {},
      buyer,
      'Base.Basic.Supplier',
    );
    expect(all.map((x) => x.supplierNo)).toEqual(['SUP001', 'SUP002']);
    const own = await records(
      'IBmSupplierService/getFullAuthoritySupListByParams',
      { keyword: 'SUP' },
      supplier1,
      'Offsite.User.Order',
    );
    expect(own.map((x) => x.supplierNo)).toEqual(['SUP001']);
    // No screen a supplier opens uses the user picker: its users are nobody's to list from there.
    const users = await s.call(
      'ISysUserService/getAuthUserList',
      { condition: {} },
      { token: supplier1, menu: 'Offsite.User.Order' },
    );
    expect(users.body.errorCode).toBe('10005');
    const picked = await records('ISysUserService/getAuthUserList', {}, buyer, 'Base.Message.Policy');
    expect(Object.keys(picked[0]).sort()).toEqual(['id', 'userName', 'userNo']);
  });

  it('lists classify types in scope and valid roles for staff only', async () => {
    expect(
      (
        await records(
          'IBmClassifyTypeService/getFullAuthorityClassifyTypeListByParams',
          {},
          supplier1,
          'Offsite.User.Order',
        )
      ).map((c) => c.classifyType),
    ).toEqual(['SH01-PO']);
    expect(
      (
        await records(
          'IBmClassifyTypeService/getbmclassifytypelistbyparams',
          {},
          admin,
          'BaseManage.Config.ApplicationClassification',
        )
      ).map((c) => c.classifyType),
    ).toEqual(['HN01-PO', 'SH01-PO']);
    expect(
      (
        await records('ISrmSysRoleService/getsysrolelist', { statusCode: '1' }, admin, 'BaseManage.Base.Role')
      ).map((r) => r.roleNo),
    ).toEqual(['admin', 'buyer', 'supplier']);
    const refused = await s.call(
      'ISrmSysRoleService/getsysrolelist',
      { condition: {} },
      { token: supplier1, menu: 'Index.Dashboard' },
    );
    expect(refused.body.errorCode).toBe('10005');
  });

  it('answers dictionary values in order, valid only, named in the caller language', async () => {
    const { db } = s.server.database;
    await db
      .insertInto('sysEnum')
      .values({ enumMid: 'YES_NO', enumValue: 'M', enumName: 'Maybe', enumSeq: 9, status: '0' })
      .execute();
    const en = await records(
      'IBmEnumService/getsysenumbyparamssearch',
      { enumMid: 'YES_NO', status: '1' },
      buyer,
    );
    expect(en.map((e) => [e.enumValue, e.enumName])).toEqual([
      ['Y', 'Yes'],
      ['N', 'No'],
    ]);
    const r = await s.call(
      'IBmEnumService/getsysenumbyparamssearch',
      { condition: { enumMid: 'ASN_STATUS', keyword: 'X' } },
      { token: buyer, lang: 'zh-CN', menu: 'Index.Dashboard' },
    );
    expect(r.body.response.data.records.map((e: { enumName: string }) => e.enumName)).toEqual(['已作废']);
  });
});
