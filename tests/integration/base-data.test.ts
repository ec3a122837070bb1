// Warehouse and supplier maintenance on the resource layer: validation patterns, flags, the scope of
// written values, granting a new warehouse to its creator, references that block a delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const WH = 'Base.Basic.Warehouse';
const SUP = 'Base.Basic.Supplier';

describe.each(POSTGRES_ONLY)('warehouses and suppliers on %s', (kind) => {
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

  it('adds a warehouse with the spec patterns checked, and modifies it', async () => {
    const base = { orgNo: 'SH01', warehouseNo: 'SH01-QC', warehouseName: 'Quality hold' };
    const bad: [Record<string, unknown>, string][] = [
      [{ mobileNo: '1380013800' }, 'Mobile has an invalid format'],
      [{ telNo: '021-1234567' }, 'Telephone has an invalid format'],
      [{ email: 'not-an-email' }, 'E-mail has an invalid format'],
      [{ isMainWarehouse: 'yes' }, 'Main warehouse must be one of Y, N'],
    ];
    for (const [extra, text] of bad) {
      const r = await s.call(
        'IBmWarehouseService/addbmwarehouse',
        { condition: { ...base, ...extra } },
        { token: admin, menu: WH },
      );
      expect(r.body.errorMessage, JSON.stringify(extra)).toContain(text);
    }
    const ok = await s.call(
      'IBmWarehouseService/addbmwarehouse',
      {
        condition: {
          ...base,
          mobileNo: '13800138000',
          telNo: '021-12345678',
          email: 'qc@example.com',
          createFlag: 'HACK',
        },
      },
      { token: admin, menu: WH },
    );
    expect(ok.body.response.data).toMatchObject({
      ...base,
      mobileNo: '13800138000',
      controlInv: 'Y',
      isMainWarehouse: 'N',
      createFlag: 'SRM',
      version: 1,
    });
    const upd = await s.call(
      'IBmWarehouseService/updatebmwarehousebyid',
      { condition: { id: ok.body.response.data.id, version: 1, telNo: '', orgNo: 'HN01' } },
      { token: admin, menu: WH },
    );
    expect(upd.body.response.data).toMatchObject({ orgNo: 'SH01', telNo: '', version: 2 });
  });

  it('keeps the buyer to viewing, and grants a new warehouse to a creator without all-scope', async () => {
    const refused = await s.call(
      'IBmWarehouseService/addbmwarehouse',
      { condition: { orgNo: 'SH01', warehouseNo: 'SH01-X', warehouseName: 'x' } },
      { token: buyer, menu: WH },
    );
    expect(refused.body.errorCode).toBe('10005');
    const { db } = s.server.database;
    const buyerId = (
      await db.selectFrom('sysUser').select('id').where('userNo', '=', 'buyer').executeTakeFirstOrThrow()
    ).id;
    const adminRole = (
      await db.selectFrom('sysRole').select('id').where('roleNo', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    await db.insertInto('sysUserRole').values({ userId: buyerId, roleId: adminRole }).execute();
    const outside = await s.call(
      'IBmWarehouseService/addbmwarehouse',
      { condition: { orgNo: 'ZZ01', warehouseNo: 'ZZ-1', warehouseName: 'x' } },
      { token: buyer, menu: WH },
    );
    expect(outside.body.code).toBe('10013');
    const made = await s.call(
      'IBmWarehouseService/addbmwarehouse',
      { condition: { orgNo: 'HN01', warehouseNo: 'HN01-NEW', warehouseName: 'New Hanoi store' } },
      { token: buyer, menu: WH },
    );
    expect(made.body.response.data.warehouseNo).toBe('HN01-NEW');
    const mine = await s.call(
      'IBmWarehouseService/getFullAuthorityWarehouseListByParams',
      { condition: { orgNo: 'HN01' } },
      { token: buyer },
    );
    expect(mine.body.response.data.records.map((w: { warehouseNo: string }) => w.warehouseNo)).toEqual([
      'HN01-NEW',
      'HN01-RM',
    ]);
    await db
      .deleteFrom('sysUserRole')
      .where('userId', '=', buyerId)
      .where('roleId', '=', adminRole)
      .execute();
  });

  it('maintains suppliers: numbers checked, a supplier user sees itself only, a used supplier is not deleted', async () => {
    const added = await s.call(
      'IBmSupplierService/addbmsupplier',
      {
        condition: {
          orgNo: 'SH01',
          supplierNo: 'SUP003',
          supplierName: 'Orion Metals',
          taxRate: '13',
          registeredCapital: 5000000.5,
          establishDate: '2010-05-04',
        },
      },
      { token: admin, menu: SUP },
    );
    expect(added.body.response.data).toMatchObject({
      supplierNo: 'SUP003',
      // Decimals answer as canonical text; a JSON number is taken as the text naming it.
      taxRate: '13',
      registeredCapital: '5000000.5',
      establishDate: '2010-05-04',
      approvalStatusCode: '0',
    });
    const badTax = await s.call(
      'IBmSupplierService/updatebmsupplierbyid',
      { condition: { id: added.body.response.data.id, version: 1, taxRate: 120 } },
      { token: admin, menu: SUP },
    );
    expect(badTax.body.code).toBe('10017');
    expect(badTax.body.msg).toContain('99.9999');
    // The supplier screen's own list is no supplier's; its selector's lookup shows the user's own.
    const screen = await s.call(
      'IBmSupplierService/getbmsupplierlistbyparams',
      { condition: {} },
      { token: supplier1, menu: 'Offsite.User.Order' },
    );
    expect(screen.body.errorCode).toBe('10005');
    const own = await s.call(
      'IBmSupplierService/getFullAuthoritySupListByParams',
      { condition: {} },
      { token: supplier1, menu: 'Offsite.User.Order' },
    );
    expect(own.body.response.data.records.map((x: { supplierNo: string }) => x.supplierNo)).toEqual([
      'SUP001',
    ]);
    const list = await s.call(
      'IBmSupplierService/getbmsupplierlistbyparams',
      { condition: { supplierNo: 'SUP002' } },
      { token: admin, menu: SUP },
    );
    const sup2 = list.body.response.data.records[0];
    const inUse = await s.call(
      'IBmSupplierService/physicaldeletebmsupplierbyids',
      { condition: { delList: [{ id: sup2.id, version: sup2.version }] } },
      { token: admin, menu: SUP },
    );
    expect(inUse.body.code).toBe('10016');
    const templates = await s.call('IBmSupplierService/getExportNameList', {}, { token: admin, menu: SUP });
    expect(templates.body.response.data).toEqual([
      { exportName: 'all', exportLabel: 'Suppliers', isDefault: 1 },
    ]);
    const whTemplates = await s.call('IBmWarehouseService/getExportNameList', {}, { token: admin, menu: WH });
    expect(whTemplates.body.response.data).toEqual([
      { exportName: 'all', exportLabel: 'Warehouses', isDefault: 1 },
    ]);
    const gone = await s.call(
      'IBmSupplierService/physicaldeletebmsupplierbyids',
      { condition: { delList: [{ id: added.body.response.data.id, version: 1 }] } },
      { token: admin, menu: SUP },
    );
    expect(gone.body.response.data).toEqual({ deleted: 1 });
  });
});
