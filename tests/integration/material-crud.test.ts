// The same life of a record for every material resource, on both databases: the administrator adds
// one, finds it in the list, modifies it, a stale save and a stale delete change nothing, the
// purchaser (view and export only) can neither add nor delete, and the delete removes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

interface Case {
  service: string;
  menu: string;
  /** Method stem: getbm<stem>listbyparams, addbm<stem>, updatebm<stem>byid, getbm<stem>byid. */
  stem: string;
  deleteMethod: string;
  add: Record<string, unknown>;
  /** A filter that finds the new record. */
  find: Record<string, unknown>;
  patch: Record<string, unknown>;
}

const CASES: Case[] = [
  {
    service: 'IBmZoneService',
    menu: 'Base.Material.Reservoir',
    stem: 'zone',
    deleteMethod: 'deletebmzonebyids',
    add: { orgNo: 'HN01', warehouseNo: 'HN01-RM', zoneNo: 'HQ', zoneName: 'Hanoi quarantine' },
    find: { zoneNo: 'HQ' },
    patch: { zoneName: 'Hanoi QC hold' },
  },
  {
    service: 'IBmWarehouseCellService',
    menu: 'Base.Material.Cell',
    stem: 'warehousecell',
    deleteMethod: 'deletebmwarehousecellbyids',
    add: { orgNo: 'HN01', warehouseNo: 'HN01-RM', zoneNo: 'HA', cellNo: 'HA-09-09' },
    find: { cellNo: 'HA-09-09' },
    patch: { maxQty: '120', isMixLot: '1' },
  },
  {
    service: 'IBmCustomerService',
    menu: 'Base.Basic.Customer',
    stem: 'customer',
    deleteMethod: 'physicaldeletebmcustomerbyids',
    add: { orgNo: 'HN01', customerNo: 'CUS199', customerName: 'Hai Phong Trading', customerType: '2' },
    find: { customerNo: 'CUS199' },
    patch: { customerShortName: 'HP Trading', email: 'buy@hp.example' },
  },
  {
    service: 'IBmCustomerAddressService',
    menu: 'Base.Basic.Address',
    stem: 'customeraddress',
    deleteMethod: 'physicaldeletebmcustomeraddressbyids',
    add: { orgNo: 'HN01', customerNo: 'CUS101', city: 'Da Nang', address: '1 Bach Dang' },
    find: { cityIndistinct: 'Da Nang' },
    patch: { zip: '550000', contact: 'Tran Thi Mai' },
  },
  {
    service: 'IBmDeliveryAddressService',
    menu: 'Offsite.Delivery.Address',
    stem: 'deliveryaddress',
    deleteMethod: 'deletebmdeliveryaddressbyids',
    add: { orgNo: 'HN01', supplierNo: 'SUP002', officeName: 'Delta Hai Duong', detailAddress: 'KCN Dai An' },
    find: { officeNameIndistinct: 'Hai Duong' },
    patch: { platformNo: 'D4', startTimeStr: '06:00' },
  },
  {
    service: 'IBmItemService',
    menu: 'Base.Material.Material',
    stem: 'item',
    deleteMethod: 'deletebmitembyids',
    add: { orgNo: 'HN01', itemNo: 'H-5001', itemName: 'Gasket', unitNo: 'PCS', categoryNo: 'RAW' },
    find: { itemNo: 'H-5001' },
    patch: { itemSpec: 'EPDM 40 mm', shelfLife: 365 },
  },
  {
    service: 'IBmCategoryService',
    menu: 'Base.Material.Category',
    stem: 'category',
    deleteMethod: 'deletebmcategorybyids',
    add: { orgNo: 'HN01', categoryNo: 'RAW-RUB', categoryName: 'Rubber parts', parentCategoryNo: 'RAW' },
    find: { categoryNo: 'RAW-RUB' },
    patch: { categoryName: 'Rubber and seals' },
  },
  {
    service: 'IBmItemGroupService',
    menu: 'Base.Material.ItemGroupSubstitution',
    stem: 'itemgroup',
    deleteMethod: 'deletebmitemgroupbyids',
    add: { orgNo: 'HN01', itemGroupNo: 'GRP-BAG', itemGroupName: 'Polybags' },
    find: { itemGroupNo: 'GRP-BAG' },
    patch: { itemGroupName: 'Polybags, any size' },
  },
  {
    service: 'IBmUnitService',
    menu: 'Base.Material.Unit',
    stem: 'unit',
    deleteMethod: 'deletebmunitbyids',
    add: { orgNo: 'HN01', unitNo: 'M', unitName: 'Metre', unitType: '4', dicimalDigit: 2 },
    find: { unitNo: 'M' },
    patch: { roundingType: '3' },
  },
  {
    service: 'IBmUnitConvertService',
    menu: 'Base.Material.UnitConversion',
    stem: 'unitconvert',
    deleteMethod: 'deletebmunitconvertbyids',
    add: { orgNo: 'HN01', fromUnitNo: 'KG', fromUnitPt: '1', toUnitNo: 'PCS', toUnitPt: '40' },
    find: { fromUnitNo: 'KG' },
    patch: { toUnitPt: '42.5' },
  },
  {
    service: 'IBmItemUnitConvertService',
    menu: 'Base.Material.ItemUnitConversion',
    stem: 'itemunitconvert',
    deleteMethod: 'deletebmitemunitconvertbyids',
    add: {
      orgNo: 'HN01',
      itemNo: 'H-9001',
      fromUnitNo: 'BOX',
      fromUnitPt: '1',
      toUnitNo: 'PCS',
      toUnitPt: '1000',
    },
    find: { itemNo: 'H-9001' },
    patch: { grossWeight: '2.2', cube: '18000' },
  },
  {
    service: 'IBmCustomerItemService',
    menu: 'Base.Material.CustomerItem',
    stem: 'customeritem',
    deleteMethod: 'deletebmcustomeritembyids',
    add: { orgNo: 'HN01', merchantNo: 'CUS101', itemNo: 'H-3001', merchantItemNo: 'SE-HSG-A12' },
    find: { merchantItemNoIndistinct: 'SE-HSG' },
    patch: { inShelflife: 30, inShelflifeUnit: 'D' },
  },
  {
    service: 'IBmSupplierItemService',
    menu: 'Base.Material.SupplierItem',
    stem: 'supplieritem',
    deleteMethod: 'deletebmsupplieritembyids',
    add: { orgNo: 'HN01', merchantNo: 'SUP002', itemNo: 'H-9001', merchantItemNo: 'DP-BAG-23' },
    find: { merchantItemNoIndistinct: 'DP-BAG' },
    patch: { minPurQty: '10000', effectiveStart: '2026-01-01' },
  },
];

describe.each(POSTGRES_ONLY)('every material resource on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer] = await Promise.all(['admin', 'buyer'].map((u) => s.login(u)));
  });
  afterAll(async () => {
    await s?.close();
  });

  it.each(CASES.map((c) => [c.service, c] as const))(
    '%s: list, add, modify, stale, delete',
    async (_name, c) => {
      const call = (method: string, body: unknown, token = admin) =>
        s.call(`${c.service}/${method}`, body, { token, menu: c.menu });
      const list = async () => {
        const r = await call(`getbm${c.stem}listbyparams`, { current: 1, size: 20, condition: c.find });
        expect(r.body.code, JSON.stringify(r.body)).toBe('0');
        return r.body.response.data.records as { id: string; version: number }[];
      };
      expect(await list()).toEqual([]);
      const refused = await call(`addbm${c.stem}`, { condition: c.add }, buyer);
      expect(refused.body.errorCode).toBe('10005');
      const added = await call(`addbm${c.stem}`, { condition: c.add });
      expect(added.body.code, JSON.stringify(added.body)).toBe('0');
      const { id } = added.body.response.data;
      expect(added.body.response.data).toMatchObject({ ...c.add, version: 1 });
      expect((await list()).map((r) => r.id)).toEqual([id]);
      // The buyer sees it (view) and cannot delete it.
      const seen = await s.call(
        `${c.service}/getbm${c.stem}byid`,
        { condition: { id } },
        { token: buyer, menu: c.menu },
      );
      expect(seen.body.response.data.id).toBe(id);
      const buyerDelete = await call(c.deleteMethod, { condition: { delList: [{ id, version: 1 }] } }, buyer);
      expect(buyerDelete.body.errorCode).toBe('10005');
      const updated = await call(`updatebm${c.stem}byid`, { condition: { id, version: 1, ...c.patch } });
      expect(updated.body.code, JSON.stringify(updated.body)).toBe('0');
      expect(updated.body.response.data).toMatchObject({ ...c.patch, version: 2 });
      const stale = await call(`updatebm${c.stem}byid`, { condition: { id, version: 1, ...c.patch } });
      expect(stale.body.code).toBe('10007');
      const staleDelete = await call(c.deleteMethod, { condition: { delList: [{ id, version: 1 }] } });
      expect(staleDelete.body.code).toBe('10007');
      const gone = await call(c.deleteMethod, { condition: { delList: [{ id, version: 2 }] } });
      expect(gone.body.response.data).toEqual({ deleted: 1 });
      expect(await list()).toEqual([]);
    },
  );
});
