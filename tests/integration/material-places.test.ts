// Zones and storage cells, customers and their addresses, and suppliers' delivery addresses on the
// resource layer, on both databases: list, add, modify, delete, stale versions, the references that
// keep a cell in its own warehouse's zone, one default address, the cell lookups (valid only, the
// bad-cell variant, scoped), and a supplier's user seeing only its own delivery addresses in every call.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const ZONE = 'Base.Material.Reservoir';
const CELL = 'Base.Material.Cell';
const CUSTOMER = 'Base.Basic.Customer';
const ADDRESS = 'Base.Basic.Address';
const DELIVERY = 'Offsite.Delivery.Address';

type Rec = Record<string, unknown> & { id: string; version: number };

describe.each(POSTGRES_ONLY)('zones, cells, customers and addresses on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;

  const ok = async (call: string, condition: unknown, token: string, menu: string, page = false) => {
    const r = await s.call(call, page ? condition : { condition }, { token, menu });
    expect(r.body.code, `${call} ${JSON.stringify(r.body)}`).toBe('0');
    return r.body.response.data;
  };
  const records = async (call: string, condition: Record<string, unknown>, token: string, menu: string) =>
    (await ok(call, { current: 1, size: 100, condition }, token, menu, true)).records as Rec[];

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer, supplier1, supplier2] = await Promise.all(
      ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  it('maintains zones: a zone lies in a warehouse of its organisation; stale versions change nothing', async () => {
    const wrongOrg = await s.call(
      'IBmZoneService/addbmzone',
      { condition: { orgNo: 'HN01', warehouseNo: 'SH01-RM', zoneNo: 'Q', zoneName: 'Quarantine' } },
      { token: admin, menu: ZONE },
    );
    expect(wrongOrg.body).toMatchObject({ code: '10017' });
    expect(wrongOrg.body.msg).toMatch(/Warehouse code "SH01-RM" does not exist/);
    const zone = await ok(
      'IBmZoneService/addbmzone',
      { orgNo: 'SH01', warehouseNo: 'SH01-RM', zoneNo: 'Q', zoneName: 'Quarantine' },
      admin,
      ZONE,
    );
    expect(zone).toMatchObject({ zoneNo: 'Q', statusCode: '1', version: 1 });
    const again = await s.call(
      'IBmZoneService/addbmzone',
      { condition: { orgNo: 'SH01', warehouseNo: 'SH01-RM', zoneNo: 'Q', zoneName: 'Twice' } },
      { token: admin, menu: ZONE },
    );
    expect(again.body.code).toBe('50M01');
    // The same zone code in another warehouse is another zone.
    await ok(
      'IBmZoneService/addbmzone',
      { orgNo: 'SH01', warehouseNo: 'SH01-FG', zoneNo: 'Q', zoneName: 'FG quarantine' },
      admin,
      ZONE,
    );
    const renamed = await ok(
      'IBmZoneService/updatebmzonebyid',
      { id: zone.id, version: 1, zoneName: 'Quarantine hold' },
      admin,
      ZONE,
    );
    expect(renamed).toMatchObject({ zoneName: 'Quarantine hold', version: 2 });
    const stale = await s.call(
      'IBmZoneService/updatebmzonebyid',
      { condition: { id: zone.id, version: 1, zoneName: 'Lost' } },
      { token: admin, menu: ZONE },
    );
    expect(stale.body.code).toBe('10007');
    const staleDelete = await s.call(
      'IBmZoneService/deletebmzonebyids',
      { condition: { delList: [{ id: zone.id, version: 1 }] } },
      { token: admin, menu: ZONE },
    );
    expect(staleDelete.body.code).toBe('10007');
    expect(await ok('IBmZoneService/getbmzonebyid', { id: zone.id }, admin, ZONE)).toMatchObject({
      zoneName: 'Quarantine hold',
    });
    expect(
      await ok('IBmZoneService/deletebmzonebyids', { delList: [{ id: zone.id, version: 2 }] }, admin, ZONE),
    ).toEqual({ deleted: 1 });
    // A zone that still has cells stays.
    const [zoneA] = await records('IBmZoneService/getbmzonelistbyparams', { zoneNo: 'A' }, admin, ZONE);
    const used = await s.call(
      'IBmZoneService/deletebmzonebyids',
      { condition: { delList: [{ id: zoneA.id, version: zoneA.version }] } },
      { token: admin, menu: ZONE },
    );
    expect(used.body.code).toBe('10016');
  });

  it('maintains cells: the zone must be one of the cell’s own warehouse, the spec fields round-trip', async () => {
    const base = { orgNo: 'SH01', warehouseNo: 'SH01-RM', cellNo: 'A-09-01-01' };
    // Zone F1 exists, but in SH01-FG.
    const otherZone = await s.call(
      'IBmWarehouseCellService/addbmwarehousecell',
      { condition: { ...base, zoneNo: 'F1' } },
      { token: admin, menu: CELL },
    );
    expect(otherZone.body.code).toBe('10017');
    expect(otherZone.body.msg).toContain('Zone code "F1" does not exist');
    const badFlag = await s.call(
      'IBmWarehouseCellService/addbmwarehousecell',
      { condition: { ...base, zoneNo: 'A', isBadCell: 'Y' } },
      { token: admin, menu: CELL },
    );
    expect(badFlag.body.errorCode).toBe('10002');
    const cell = await ok(
      'IBmWarehouseCellService/addbmwarehousecell',
      {
        ...base,
        zoneNo: 'A',
        cellName: 'Aisle 9 bay 1 level 1',
        cellType: '1',
        shelvesType: '2',
        scatterProperty: '1',
        isMixSku: '1',
        cellInSeq: 90,
        cellOutSeq: 91,
        cellX: 9,
        cellY: 1,
        cellZ: 1,
        cellLength: 1.2,
        cellWidth: 1,
        cellHeight: 1.5,
        maxWeight: 1000,
        maxQty: 40,
        rightSpaceDistance: 0.05,
        shelfNo: 'R09',
      },
      admin,
      CELL,
    );
    expect(cell).toMatchObject({
      zoneNo: 'A',
      isMixSku: '1',
      isMixLot: '0',
      isBadCell: '0',
      cellLength: '1.2',
      rightSpaceDistance: '0.05',
      version: 1,
    });
    // The zone changes within the warehouse; the warehouse and the number do not change.
    const moved = await ok(
      'IBmWarehouseCellService/updatebmwarehousecellbyid',
      // A form sends an emptied dictionary field as null.
      { id: cell.id, version: 1, zoneNo: 'B', warehouseNo: 'SH01-FG', cellNo: 'X', shelvesType: null },
      admin,
      CELL,
    );
    expect(moved).toMatchObject({
      zoneNo: 'B',
      warehouseNo: 'SH01-RM',
      cellNo: 'A-09-01-01',
      shelvesType: null,
      version: 2,
    });
    const movedAway = await s.call(
      'IBmWarehouseCellService/updatebmwarehousecellbyid',
      { condition: { id: cell.id, version: 2, zoneNo: 'HA' } },
      { token: admin, menu: CELL },
    );
    expect(movedAway.body.code).toBe('10017');
    const refused = await s.call(
      'IBmWarehouseCellService/addbmwarehousecell',
      { condition: { ...base, cellNo: 'A-09-01-02', zoneNo: 'A' } },
      { token: buyer, menu: CELL },
    );
    expect(refused.body.errorCode).toBe('10005');
    const listed = await records('IBmWarehouseCellService/getbmwarehousecelllistbyparams', {}, buyer, CELL);
    expect(listed.map((c) => c.cellNo)).toContain('A-09-01-01');
    expect(
      await ok(
        'IBmWarehouseCellService/deletebmwarehousecellbyids',
        { delList: [{ id: cell.id, version: 2 }] },
        admin,
        CELL,
      ),
    ).toEqual({ deleted: 1 });
  });

  it('looks cells up by warehouse: valid cells only, the bad-cell variant, within the caller’s warehouses', async () => {
    const call = 'IBmWarehouseCellService/getbmwarehousecelllistbyparams';
    // As the zone screen's cells dialog looks them up (a screen that names the call).
    const lookup = (condition: Record<string, unknown>, token = buyer, menu = ZONE) =>
      records(call, { statusCode: '1', ...condition }, token, menu);
    const rm = await lookup({ warehouseNo: 'SH01-RM' });
    expect(rm.map((c) => c.cellNo)).toEqual([
      'A-01-01-01',
      'A-01-01-02',
      'A-01-02-01',
      'B-01-01',
      'DMG-01',
      'R-DOCK-01',
    ]);
    expect((await lookup({ warehouseNo: 'SH01-RM', isBadCell: '1' })).map((c) => c.cellNo)).toEqual([
      'DMG-01',
    ]);
    // An invalid cell leaves the lookups but stays on its own list.
    const [dock] = await records(call, { cellNo: 'R-DOCK-01' }, admin, CELL);
    await ok(
      'IBmWarehouseCellService/updatebmwarehousecellbyid',
      { id: dock.id, version: dock.version, statusCode: '0' },
      admin,
      CELL,
    );
    expect(
      (await lookup({ warehouseNo: 'SH01-RM', statusCode: undefined })).map((c) => c.cellNo),
    ).not.toContain('R-DOCK-01');
    expect((await records(call, { cellNo: 'R-DOCK-01' }, admin, CELL)).length).toBe(1);
    // No screen a supplier opens looks cells up.
    const refused = await s.call(call, { condition: {} }, { token: supplier1, menu: DELIVERY });
    expect(refused.body.errorCode).toBe('10005');
    // Zones likewise.
    const zones = await records(
      'IBmZoneService/getbmzonelistbyparams',
      { warehouseNo: 'SH01-RM' },
      buyer,
      CELL,
    );
    expect(zones.map((z) => z.zoneNo)).toEqual(['A', 'B', 'R']);
  });

  it('imports cells by warehouse and cell code; a zone of another warehouse fails the check', async () => {
    const upload = async (rows: unknown[][]) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Cells');
      sheet.addRow([
        'Organization code',
        'Warehouse code',
        'Zone code',
        'Cell code',
        'Cell name',
        'Damaged-goods cell',
      ]);
      for (const r of rows) sheet.addRow(r);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), 'cells.xlsx');
      const res = await fetch(`${s.url}${API_PATH}/IBmWarehouseCellService/importexcel`, {
        method: 'POST',
        headers: { 'authentication-info': admin, 'app-module-number': CELL, 'accept-language': 'en-US' },
        body: form,
      });
      return (await res.json()) as { code: string; response: { data: Record<string, unknown> } };
    };
    const good = await upload([
      ['SH01', 'SH01-RM', 'A', 'IMP-01', 'Imported 1', 'No'],
      ['SH01', 'SH01-RM', 'B', 'IMP-02', 'Imported 2', 'Yes'],
    ]);
    expect(good.response.data).toMatchObject({ status: 'imported', inserted: 2, updated: 0 });
    const again = await upload([['SH01', 'SH01-RM', 'A', 'IMP-01', 'Imported once more', 'No']]);
    expect(again.response.data).toMatchObject({ status: 'imported', inserted: 0, updated: 1 });
    const [imp2] = await records(
      'IBmWarehouseCellService/getbmwarehousecelllistbyparams',
      { cellNo: 'IMP-02' },
      admin,
      CELL,
    );
    expect(imp2).toMatchObject({ isBadCell: '1', zoneNo: 'B' });
    // F1 is a zone of SH01-FG; SH01-RM belongs to SH01, not HN01: every bad row is reported, none written.
    const bad = await upload([
      ['SH01', 'SH01-RM', 'NOPE', 'IMP-03', 'Nowhere', 'No'],
      ['SH01', 'SH01-RM', 'F1', 'IMP-04', 'Other warehouse’s zone', 'No'],
      ['HN01', 'SH01-RM', 'A', 'IMP-05', 'Other organisation', 'No'],
      ['SH01', 'SH01-RM', 'A', 'IMP-06', 'Good', 'No'],
    ]);
    expect(bad.response.data).toMatchObject({ status: 'checkFailed', errorCount: 3 });
    expect(
      (bad.response.data.errors as { row: number; column: string }[]).map((e) => [e.row, e.column]),
    ).toEqual([
      [2, 'Zone code'],
      [3, 'Zone code'],
      [4, 'Warehouse code'],
    ]);
    expect(
      await records(
        'IBmWarehouseCellService/getbmwarehousecelllistbyparams',
        { cellNo: 'IMP-06' },
        admin,
        CELL,
      ),
    ).toEqual([]);
  });

  it('keeps one default address per customer and deletes addresses with their customer', async () => {
    const customer = await ok(
      'IBmCustomerService/addbmcustomer',
      {
        orgNo: 'SH01',
        customerNo: 'CUS900',
        customerName: 'Baltic Hardware OY',
        customerType: '1',
        mobileNo: '13800138000',
      },
      admin,
      CUSTOMER,
    );
    const badPhone = await s.call(
      'IBmCustomerService/updatebmcustomerbyid',
      { condition: { id: customer.id, version: 1, telNo: '12345' } },
      { token: admin, menu: CUSTOMER },
    );
    expect(badPhone.body.errorCode).toBe('10002');
    const wrongOrg = await s.call(
      'IBmCustomerAddressService/addbmcustomeraddress',
      { condition: { orgNo: 'HN01', customerNo: 'CUS900', address: 'Somewhere' } },
      { token: admin, menu: ADDRESS },
    );
    expect(wrongOrg.body.code).toBe('10017');
    const add = (address: string, isDefault: 'Y' | 'N') =>
      ok(
        'IBmCustomerAddressService/addbmcustomeraddress',
        { orgNo: 'SH01', customerNo: 'CUS900', country: 'Finland', city: 'Helsinki', address, isDefault },
        admin,
        ADDRESS,
      );
    const first = await add('Mannerheimintie 1', 'Y');
    const second = await add('Aleksanterinkatu 2', 'Y');
    const mine = () =>
      records(
        'IBmCustomerAddressService/getbmcustomeraddresslistbyparams',
        { customerNo: 'CUS900' },
        admin,
        ADDRESS,
      );
    let rows = await mine();
    expect(rows.find((r) => r.id === first.id)).toMatchObject({ isDefault: 'N', version: 2 });
    expect(rows.find((r) => r.id === second.id)).toMatchObject({ isDefault: 'Y', version: 1 });
    // Making the first the default again takes the mark from the second.
    await ok(
      'IBmCustomerAddressService/updatebmcustomeraddressbyid',
      { id: first.id, version: 2, isDefault: 'Y' },
      admin,
      ADDRESS,
    );
    rows = await mine();
    expect(rows.filter((r) => r.isDefault === 'Y').map((r) => r.id)).toEqual([first.id]);
    // A stale save changes nothing, the other address's mark included.
    const stale = await s.call(
      'IBmCustomerAddressService/updatebmcustomeraddressbyid',
      { condition: { id: second.id, version: 1, isDefault: 'Y' } },
      { token: admin, menu: ADDRESS },
    );
    expect(stale.body.code).toBe('10007');
    expect((await mine()).filter((r) => r.isDefault === 'Y').map((r) => r.id)).toEqual([first.id]);
    // The buyer views addresses and customers, and changes none.
    expect((await mine()).length).toBe(2);
    const buyerAdd = await s.call(
      'IBmCustomerAddressService/addbmcustomeraddress',
      { condition: { orgNo: 'SH01', customerNo: 'CUS900', address: 'x' } },
      { token: buyer, menu: ADDRESS },
    );
    expect(buyerAdd.body.errorCode).toBe('10005');
    const gone = await ok(
      'IBmCustomerService/physicaldeletebmcustomerbyids',
      { delList: [{ id: customer.id, version: 1 }] },
      admin,
      CUSTOMER,
    );
    expect(gone).toEqual({ deleted: 1 });
    expect(await mine()).toEqual([]);
    // The customer lookup of another screen: valid customers of the caller's organisations.
    const lookup = await records(
      'IBmCustomerService/getbmcustomerlistbyparams',
      { statusCode: '1', orgNo: 'SH01' },
      buyer,
      ADDRESS,
    );
    expect(lookup.map((c) => c.customerNo)).toEqual(['CUS001', 'CUS002']);
    // Only the fields the customer selector shows leave as a lookup.
    expect(Object.keys(lookup[0]).sort()).toEqual([
      'customerName',
      'customerNo',
      'customerShortName',
      'id',
      'orgNo',
    ]);
    // No screen a supplier opens uses the customer selector.
    const foreign = await s.call(
      'IBmCustomerService/getbmcustomerlistbyparams',
      { condition: {} },
      { token: supplier2, menu: DELIVERY },
    );
    expect(foreign.body.errorCode).toBe('10005');
  });
});

describe.each(POSTGRES_ONLY)('delivery addresses on %s', (kind) => {
  let s: TestServer;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  const LIST = 'IBmDeliveryAddressService/getbmdeliveryaddresslistbyparams';

  const call = (method: string, condition: unknown, token: string, lang = 'en-US') =>
    s.call(`IBmDeliveryAddressService/${method}`, { condition }, { token, menu: DELIVERY, lang });
  const list = async (token: string, condition: Record<string, unknown> = {}) => {
    const r = await s.call(LIST, { current: 1, size: 100, condition }, { token, menu: DELIVERY });
    expect(r.body.code).toBe('0');
    return r.body.response.data;
  };

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [buyer, supplier1, supplier2] = await Promise.all(
      ['buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a supplier sees, changes and exports only its own addresses; the buyer views all and adds none', async () => {
    const own = await list(supplier1, { countBy: 'statusCode' });
    expect(own.records.map((r: Rec) => r.supplierNo)).toEqual(['SUP001', 'SUP001']);
    expect(own.counts).toEqual({ '1': 2 });
    // Asking for the other supplier's rows finds nothing.
    expect((await list(supplier1, { supplierNo: 'SUP002' })).records).toEqual([]);
    expect((await list(supplier1, { keyword: 'Delta' })).records).toEqual([]);
    const all = await list(buyer);
    expect(all.records.map((r: Rec) => r.supplierNo).sort()).toEqual(['SUP001', 'SUP001', 'SUP002']);
    const theirs = all.records.find((r: Rec) => r.supplierNo === 'SUP002') as Rec;
    for (const [method, condition] of [
      ['getbmdeliveryaddressbyid', { id: theirs.id }],
      ['updatebmdeliveryaddressbyid', { id: theirs.id, version: theirs.version, officeName: 'Hijacked' }],
      ['deletebmdeliveryaddressbyids', { delList: [{ id: theirs.id, version: theirs.version }] }],
    ] as const) {
      const r = await call(method, condition, supplier1);
      expect(r.body.code, method).toBe('10008');
    }
    const stolen = await call(
      'addbmdeliveryaddress',
      { orgNo: 'HN01', supplierNo: 'SUP002', officeName: 'Fake', detailAddress: 'x' },
      supplier1,
    );
    expect(stolen.body.code).toBe('10013');
    // Whether another supplier number exists is none of its business: scope speaks first.
    const probe = await call(
      'addbmdeliveryaddress',
      { orgNo: 'SH01', supplierNo: 'SUP999', officeName: 'Probe', detailAddress: 'x' },
      supplier1,
    );
    expect(probe.body.code).toBe('10013');
    const buyerAdd = await call(
      'addbmdeliveryaddress',
      { orgNo: 'SH01', supplierNo: 'SUP001', officeName: 'Buyer', detailAddress: 'x' },
      buyer,
    );
    expect(buyerAdd.body.errorCode).toBe('10005');
    const exported = await fetch(`${s.url}${API_PATH}/IBmDeliveryAddressService/exportexcel`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': supplier1,
        'app-module-number': DELIVERY,
        'accept-language': 'en-US',
      },
      body: JSON.stringify({ condition: {} }),
    });
    expect(exported.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await exported.arrayBuffer());
    const text = JSON.stringify(workbook.worksheets[0].getSheetValues());
    expect(text).toContain('Acme Suzhou plant');
    expect(text).not.toContain('Delta');
    expect((await list(supplier2)).records.map((r: Rec) => r.officeName)).toEqual(['Delta Bac Ninh factory']);
  });

  it('fills in the supplier’s own number, checks times and coordinates, and keeps one default', async () => {
    const badTime = await call(
      'addbmdeliveryaddress',
      { orgNo: 'SH01', officeName: 'Night dock', detailAddress: '1 Road', startTimeStr: '24:00' },
      supplier1,
    );
    expect(badTime.body.errorCode).toBe('10002');
    const badLongitude = await call(
      'addbmdeliveryaddress',
      { orgNo: 'SH01', officeName: 'Far away', detailAddress: '1 Road', longitude: 181 },
      supplier1,
    );
    expect(badLongitude.body.code).toBe('10017');
    expect(badLongitude.body.msg).toContain('180');
    const reversed = await call(
      'addbmdeliveryaddress',
      {
        orgNo: 'SH01',
        officeName: 'Late dock',
        detailAddress: '1 Road',
        startTimeStr: '18:00',
        dueTimeStr: '09:00',
      },
      supplier1,
      'zh-CN',
    );
    expect(reversed.body.code).toBe('10017');
    expect(reversed.body.msg).toContain('最晚收货时间');
    const added = await call(
      'addbmdeliveryaddress',
      {
        orgNo: 'SH01',
        officeName: 'Acme Wuxi plant',
        detailAddress: '9 Xinwu Road, Wuxi',
        startTimeStr: '08:30',
        dueTimeStr: '17:00',
        longitude: 120.3,
        latitude: 31.5,
        defaultAddressSign: 'Y',
      },
      supplier1,
    );
    expect(added.body.response.data).toMatchObject({
      supplierNo: 'SUP001',
      longitude: '120.3',
      defaultAddressSign: 'Y',
    });
    const defaults = (await list(supplier1, { defaultAddressSign: 'Y' })).records.map(
      (r: Rec) => r.officeName,
    );
    expect(defaults).toEqual(['Acme Wuxi plant']);
    // The other supplier's default is its own business.
    expect((await list(supplier2, { defaultAddressSign: 'Y' })).records).toHaveLength(1);
    const { id } = added.body.response.data;
    const stale = await call('updatebmdeliveryaddressbyid', { id, version: 5, officeName: 'x' }, supplier1);
    expect(stale.body.code).toBe('10007');
    const gone = await call('deletebmdeliveryaddressbyids', { delList: [{ id, version: 1 }] }, supplier1);
    expect(gone.body.response.data).toEqual({ deleted: 1 });
  });
});
