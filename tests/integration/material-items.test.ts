// Units and conversions, categories, item groups, items and their conversions, customer and supplier
// items on the resource layer, on both databases: list, add, modify, delete, stale versions, the spec's
// validations (a conversion quantity of 0 refused with the spec's message in the caller's language,
// valid-from not after valid-to), references within the organisation, the item picker (valid items of
// the caller's organisations) and a supplier's user seeing only its own supplier items.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const UNIT = 'Base.Material.Unit';
const CONVERT = 'Base.Material.UnitConversion';
const ITEM_CONVERT = 'Base.Material.ItemUnitConversion';
const CATEGORY = 'Base.Material.Category';
const ITEM = 'Base.Material.Material';
const GROUP = 'Base.Material.ItemGroupSubstitution';
const SUPPLIER_ITEM = 'Base.Material.SupplierItem';
const CUSTOMER_ITEM = 'Base.Material.CustomerItem';

type Rec = Record<string, unknown> & { id: string; version: number };

describe.each(POSTGRES_ONLY)('units, items and merchant items on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;

  const ok = async (call: string, condition: unknown, token: string, menu: string) => {
    const r = await s.call(call, { condition }, { token, menu });
    expect(r.body.code, `${call} ${JSON.stringify(r.body)}`).toBe('0');
    return r.body.response.data;
  };
  const refused = async (call: string, condition: unknown, token: string, menu: string, lang = 'en-US') => {
    const r = await s.call(call, { condition }, { token, menu, lang });
    return {
      code: (r.body.code ?? r.body.errorCode) as string,
      msg: (r.body.msg ?? r.body.errorMessage) as string,
    };
  };
  const records = async (
    call: string,
    condition: Record<string, unknown>,
    token: string,
    menu: string,
    size = 100,
  ) => {
    const r = await s.call(call, { current: 1, size, condition }, { token, menu });
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return r.body.response.data.records as Rec[];
  };

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer, supplier1] = await Promise.all(['admin', 'buyer', 'supplier1'].map((u) => s.login(u)));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('maintains units per organisation', async () => {
    const unit = await ok(
      'IBmUnitService/addbmunit',
      { orgNo: 'SH01', unitNo: 'DZ', unitName: 'Dozen', unitType: '1', dicimalDigit: 0 },
      admin,
      UNIT,
    );
    expect(unit).toMatchObject({ unitNo: 'DZ', roundingType: '1', statusCode: '1', version: 1 });
    expect(
      (await refused('IBmUnitService/addbmunit', { orgNo: 'SH01', unitNo: 'DZ', unitName: 'x' }, admin, UNIT))
        .code,
    ).toBe('50M01');
    // The same code in another organisation is that organisation's unit.
    await ok('IBmUnitService/addbmunit', { orgNo: 'HN01', unitNo: 'DZ', unitName: 'Tá' }, admin, UNIT);
    // Spec 001 section 5: fewer than 6 decimal places.
    expect(
      (
        await refused(
          'IBmUnitService/updatebmunitbyid',
          { id: unit.id, version: 1, dicimalDigit: 6 },
          admin,
          UNIT,
        )
      ).code,
    ).toBe('10002');
    expect(
      (await refused('IBmUnitService/addbmunit', { orgNo: 'SH01', unitNo: 'X', unitName: 'x' }, buyer, UNIT))
        .code,
    ).toBe('10005');
    const lookup = await records(
      'IBmUnitService/getbmunitlistbyparams',
      { orgNo: 'HN01', statusCode: '1' },
      buyer,
      ITEM,
    );
    expect(lookup.map((u) => u.unitNo)).toEqual(['BOX', 'DZ', 'KG', 'PCS']);
    // Only the fields the unit selector shows leave as a lookup.
    expect(Object.keys(lookup[0]).sort()).toEqual(['id', 'orgNo', 'unitName', 'unitNo']);
    // No screen a supplier opens uses the unit selector.
    const noSelector = await s.call(
      'IBmUnitService/getbmunitlistbyparams',
      { condition: { orgNo: 'HN01' } },
      { token: supplier1, menu: 'Offsite.Delivery.Address' },
    );
    expect(noSelector.body.errorCode).toBe('10005');
  });

  it('refuses a unit conversion quantity of 0 with the spec’s message, in the caller’s language', async () => {
    const base = { orgNo: 'SH01', fromUnitNo: 'BOX', fromUnitPt: 1, toUnitNo: 'PCS', toUnitPt: 0 };
    const en = await refused('IBmUnitConvertService/addbmunitconvert', base, admin, CONVERT);
    expect(en).toEqual({
      code: '10090',
      msg: 'Unit conversion: source or destination quantity cannot be 0.',
    });
    const zh = await refused(
      'IBmUnitConvertService/addbmunitconvert',
      { ...base, fromUnitPt: 0, toUnitPt: 12 },
      admin,
      CONVERT,
      'zh-CN',
    );
    expect(zh).toEqual({ code: '10090', msg: '单位换算：源数量或目标数量不能为0。' });
    expect(
      await refused('IBmUnitConvertService/addbmunitconvert', { ...base, toUnitPt: -2 }, admin, CONVERT),
    ).toEqual({ code: '10017', msg: 'Invalid value: Target quantity must be at least 0.' });
    expect(
      await refused(
        'IBmUnitConvertService/addbmunitconvert',
        { ...base, toUnitPt: '2.123456' },
        admin,
        CONVERT,
        'zh-CN',
      ),
    ).toMatchObject({ code: '10017', msg: expect.stringContaining('小数不能超过5位') });
    const same = await refused(
      'IBmUnitConvertService/addbmunitconvert',
      { ...base, toUnitNo: 'BOX', toUnitPt: 2 },
      admin,
      CONVERT,
    );
    expect(same).toMatchObject({
      code: '10017',
      msg: expect.stringContaining('must differ from the source unit'),
    });
    // HN01's dozen is not a unit of SH01... but SH01 has its own DZ; DOZ exists nowhere.
    const unknown = await refused(
      'IBmUnitConvertService/addbmunitconvert',
      { ...base, toUnitNo: 'DOZ', toUnitPt: 2 },
      admin,
      CONVERT,
    );
    expect(unknown).toMatchObject({ code: '10017', msg: expect.stringContaining('"DOZ" does not exist') });
    const conversion = await ok(
      'IBmUnitConvertService/addbmunitconvert',
      { ...base, toUnitPt: 24 },
      admin,
      CONVERT,
    );
    expect(conversion).toMatchObject({ fromUnitPt: '1', toUnitPt: '24', version: 1 });
    const zero = await refused(
      'IBmUnitConvertService/updatebmunitconvertbyid',
      { id: conversion.id, version: 1, toUnitPt: 0 },
      admin,
      CONVERT,
    );
    expect(zero.code).toBe('10090');
    const updated = await ok(
      'IBmUnitConvertService/updatebmunitconvertbyid',
      { id: conversion.id, version: 1, toUnitPt: 20.5 },
      admin,
      CONVERT,
    );
    expect(updated).toMatchObject({ toUnitPt: '20.5', version: 2 });
    expect(
      (
        await refused(
          'IBmUnitConvertService/updatebmunitconvertbyid',
          { id: conversion.id, version: 1, toUnitPt: 3 },
          admin,
          CONVERT,
        )
      ).code,
    ).toBe('10007');
    // A unit a conversion uses is not deleted.
    const [box] = await records(
      'IBmUnitService/getbmunitlistbyparams',
      { orgNo: 'SH01', unitNo: 'BOX' },
      admin,
      UNIT,
    );
    expect(
      (
        await refused(
          'IBmUnitService/deletebmunitbyids',
          { delList: [{ id: box.id, version: box.version }] },
          admin,
          UNIT,
        )
      ).code,
    ).toBe('10016');
    expect(
      await ok(
        'IBmUnitConvertService/deletebmunitconvertbyids',
        { delList: [{ id: conversion.id, version: 2 }] },
        admin,
        CONVERT,
      ),
    ).toEqual({ deleted: 1 });
  });

  it('keeps categories free of loops', async () => {
    const child = await ok(
      'IBmCategoryService/addbmcategory',
      { orgNo: 'SH01', categoryNo: 'RAW-MET-F', categoryName: 'Fasteners', parentCategoryNo: 'RAW-MET' },
      admin,
      CATEGORY,
    );
    const [raw] = await records(
      'IBmCategoryService/getbmcategorylistbyparams',
      { orgNo: 'SH01', categoryNo: 'RAW' },
      admin,
      CATEGORY,
    );
    const loop = await refused(
      'IBmCategoryService/updatebmcategorybyid',
      { id: raw.id, version: raw.version, parentCategoryNo: 'RAW-MET-F' },
      admin,
      CATEGORY,
    );
    expect(loop).toMatchObject({ code: '10017', msg: expect.stringContaining('one of its sub-categories') });
    const self = await refused(
      'IBmCategoryService/updatebmcategorybyid',
      { id: child.id, version: 1, parentCategoryNo: 'RAW-MET-F' },
      admin,
      CATEGORY,
    );
    expect(self.code).toBe('10017');
    // HN01 has no RAW-MET.
    const elsewhere = await refused(
      'IBmCategoryService/addbmcategory',
      { orgNo: 'HN01', categoryNo: 'X1', categoryName: 'x', parentCategoryNo: 'RAW-MET' },
      admin,
      CATEGORY,
    );
    expect(elsewhere.code).toBe('10017');
    await ok(
      'IBmCategoryService/deletebmcategorybyids',
      { delList: [{ id: child.id, version: 1 }] },
      admin,
      CATEGORY,
    );
  });

  it('maintains items with their unit, category and group from the same organisation', async () => {
    const base = {
      orgNo: 'SH01',
      itemNo: 'M-3001',
      itemName: 'Washer',
      itemSpec: 'M8, DIN 125',
      unitNo: 'PCS',
    };
    const foreignGroup = await refused(
      'IBmItemService/addbmitem',
      { ...base, itemGroupNo: 'GRP-ABS' },
      admin,
      ITEM,
    );
    expect(foreignGroup).toMatchObject({ code: '10017', msg: expect.stringContaining('"GRP-ABS"') });
    const heavyNet = await refused(
      'IBmItemService/addbmitem',
      { ...base, netWeight: 2, grossWeight: 1.5 },
      admin,
      ITEM,
    );
    expect(heavyNet).toMatchObject({
      code: '10017',
      msg: expect.stringContaining('must not be less than Net weight'),
    });
    // Decimals compare as numbers, not as text (9 is less than 10).
    const item = await ok(
      'IBmItemService/addbmitem',
      {
        ...base,
        categoryNo: 'RAW-MET',
        itemGroupNo: 'GRP-BOLT',
        itemType: '1',
        abcClass: 'C',
        netWeight: 9,
        grossWeight: 10,
      },
      admin,
      ITEM,
    );
    expect(item).toMatchObject({
      isLotControl: 'N',
      isSnControl: 'N',
      netWeight: '9',
      grossWeight: '10',
      version: 1,
    });
    expect((await refused('IBmItemService/addbmitem', { ...base, abcClass: 'D' }, admin, ITEM)).code).toBe(
      '10002',
    );
    const modified = await ok(
      'IBmItemService/updatebmitembyid',
      { id: item.id, version: 1, itemName: 'Flat washer', unitNo: 'KG', orgNo: 'HN01' },
      admin,
      ITEM,
    );
    expect(modified).toMatchObject({ itemName: 'Flat washer', unitNo: 'KG', orgNo: 'SH01', version: 2 });
    expect(
      (
        await refused(
          'IBmItemService/updatebmitembyid',
          { id: item.id, version: 1, itemName: 'x' },
          admin,
          ITEM,
        )
      ).code,
    ).toBe('10007');
    expect((await refused('IBmItemService/addbmitem', { ...base, itemNo: 'M-3002' }, buyer, ITEM)).code).toBe(
      '10005',
    );
    // The group's items, as the row dialog of the item group screen asks for them.
    const group = await records(
      'IBmItemService/getbmitemlistbyparamssearch',
      { orgNo: 'SH01', itemGroupNo: 'GRP-BOLT' },
      buyer,
      GROUP,
    );
    expect(group.map((i) => i.itemNo)).toEqual(['M-1001', 'M-1002', 'M-3001']);
    await ok('IBmItemService/deletebmitembyids', { delList: [{ id: item.id, version: 2 }] }, admin, ITEM);
  });

  it('offers valid items of the caller’s organisations to the item picker, 20 a page', async () => {
    const picker = (condition: Record<string, unknown>, token: string, size = 20) =>
      records(
        'IBmItemService/getbmitemlistbyparamssearch',
        { statusCode: '1', ...condition },
        token,
        'Offsite.Delivery.Address',
        size,
      );
    const sh = await picker({ orgNo: 'SH01' }, buyer);
    expect(sh.map((i) => i.itemNo)).toEqual(['M-1001', 'M-1002', 'M-2001', 'P-9001']);
    expect(Object.keys(sh[0]).sort()).toEqual(
      [
        'categoryNo',
        'id',
        'itemGroupNo',
        'itemModel',
        'itemName',
        'itemNo',
        'itemSpec',
        'orgNo',
        'unitNo',
      ].sort(),
    );
    // The discontinued M-1999 is invalid: even asked for by its number it is not offered.
    expect(await picker({ orgNo: 'SH01', keyword: 'M-1999', statusCode: undefined }, buyer)).toEqual([]);
    expect((await picker({ keyword: 'housing' }, buyer)).map((i) => i.itemNo)).toEqual(['H-3001', 'H-3002']);
    // supplier1 works in SH01 only.
    expect((await picker({ keyword: 'housing' }, supplier1)).length).toBe(0);
    expect((await picker({}, supplier1)).every((i) => i.orgNo === 'SH01')).toBe(true);
    const page = await s.call(
      'IBmItemService/getbmitemlistbyparamssearch',
      { current: 1, size: 2, condition: { statusCode: '1' } },
      { token: buyer },
    );
    expect(page.body.response.data).toMatchObject({ size: 2, total: 7 });
  });

  it('keeps item conversions to the spec’s rules and the item’s organisation', async () => {
    const base = {
      orgNo: 'SH01',
      itemNo: 'M-2001',
      fromUnitNo: 'BOX',
      fromUnitPt: 1,
      toUnitNo: 'PCS',
      toUnitPt: 10,
    };
    expect(
      (
        await refused(
          'IBmItemUnitConvertService/addbmitemunitconvert',
          { ...base, fromUnitPt: 0 },
          admin,
          ITEM_CONVERT,
        )
      ).code,
    ).toBe('10090');
    expect(
      (
        await refused(
          'IBmItemUnitConvertService/addbmitemunitconvert',
          { ...base, itemNo: 'H-3001' },
          admin,
          ITEM_CONVERT,
        )
      ).code,
    ).toBe('10017');
    const added = await ok(
      'IBmItemUnitConvertService/addbmitemunitconvert',
      { ...base, length: 40, width: 30, height: 20, cube: 24000, netWeight: 5, grossWeight: 5.4 },
      admin,
      ITEM_CONVERT,
    );
    expect(added).toMatchObject({ cube: '24000', grossWeight: '5.4' });
    const list = await records(
      'IBmItemUnitConvertService/getbmitemunitconvertlistbyparams',
      { itemNo: 'M-2001' },
      buyer,
      ITEM_CONVERT,
    );
    expect(list).toHaveLength(1);
  });

  it('shows a supplier only its own supplier items; valid-from is not after valid-to', async () => {
    // The supplier-item menu belongs to staff, and no screen a supplier opens uses it as a selector:
    // supplier1 reaches no rows, neither through the menu nor as a lookup.
    for (const menu of [SUPPLIER_ITEM, 'Offsite.Delivery.Address']) {
      const denied = await s.call(
        'IBmSupplierItemService/getbmsupplieritemlistbyparams',
        { condition: {} },
        { token: supplier1, menu },
      );
      expect(denied.body.errorCode).toBe('10005');
    }
    const all = await records(
      'IBmSupplierItemService/getbmsupplieritemlistbyparams',
      {},
      buyer,
      SUPPLIER_ITEM,
    );
    expect(all).toHaveLength(3);
    const base = { orgNo: 'SH01', merchantNo: 'SUP001', itemNo: 'P-9001', merchantItemNo: 'ACME-CTN-43' };
    const reversed = await refused(
      'IBmSupplierItemService/addbmsupplieritem',
      { ...base, effectiveStart: '2026-05-01', effectiveEnd: '2026-04-30' },
      admin,
      SUPPLIER_ITEM,
    );
    expect(reversed).toMatchObject({ code: '10017', msg: expect.stringContaining('Valid to') });
    expect(
      (
        await refused(
          'IBmSupplierItemService/addbmsupplieritem',
          { ...base, supplierProportion: 120 },
          admin,
          SUPPLIER_ITEM,
        )
      ).code,
    ).toBe('10017');
    expect((await refused('IBmSupplierItemService/addbmsupplieritem', base, buyer, SUPPLIER_ITEM)).code).toBe(
      '10005',
    );
    const added = await ok(
      'IBmSupplierItemService/addbmsupplieritem',
      {
        ...base,
        effectiveStart: '2026-01-01',
        effectiveEnd: '2026-12-31',
        isPreferredSupplier: 'Y',
        refPrice: 0.8,
      },
      admin,
      SUPPLIER_ITEM,
    );
    expect(added).toMatchObject({
      effectiveStart: '2026-01-01',
      inShelflifeUnit: 'D',
      refPrice: '0.8',
      version: 1,
    });
    const narrowed = await refused(
      'IBmSupplierItemService/updatebmsupplieritembyid',
      { id: added.id, version: 1, effectiveEnd: '2025-12-31' },
      admin,
      SUPPLIER_ITEM,
    );
    expect(narrowed.code).toBe('10017');
    await ok(
      'IBmSupplierItemService/updatebmsupplieritembyid',
      { id: added.id, version: 1, minPurQty: 1000 },
      admin,
      SUPPLIER_ITEM,
    );
    expect(
      (
        await records(
          'IBmSupplierItemService/getbmsupplieritemlistbyparams',
          { merchantNo: 'SUP001' },
          buyer,
          SUPPLIER_ITEM,
        )
      ).length,
    ).toBe(3);
    await ok(
      'IBmSupplierItemService/deletebmsupplieritembyids',
      { delList: [{ id: added.id, version: 2 }] },
      admin,
      SUPPLIER_ITEM,
    );
  });

  it('maintains customer items for customers of the item’s organisation', async () => {
    const base = { orgNo: 'SH01', merchantNo: 'CUS101', itemNo: 'M-1001', merchantItemNo: 'SE-1001' };
    expect((await refused('IBmCustomerItemService/addbmcustomeritem', base, admin, CUSTOMER_ITEM)).code).toBe(
      '10017',
    );
    const added = await ok(
      'IBmCustomerItemService/addbmcustomeritem',
      { ...base, merchantNo: 'CUS002', outShelflife: 6, outShelflifeUnit: 'M' },
      admin,
      CUSTOMER_ITEM,
    );
    expect(added).toMatchObject({ merchantNo: 'CUS002', outShelflifeUnit: 'M' });
    expect(
      (
        await refused(
          'IBmCustomerItemService/addbmcustomeritem',
          { ...base, merchantNo: 'CUS002', outShelflifeUnit: 'W' },
          admin,
          CUSTOMER_ITEM,
        )
      ).code,
    ).toBe('10002');
    const list = await records(
      'IBmCustomerItemService/getbmcustomeritemlistbyparams',
      { merchantNo: 'CUS002' },
      buyer,
      CUSTOMER_ITEM,
    );
    expect(list.map((r) => r.merchantItemNo)).toEqual(['SE-1001']);
  });

  it('imports items by organisation and item code, checking the unit', async () => {
    const upload = async (rows: unknown[][]) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Items');
      sheet.addRow(['Organization code', 'Item code', 'Item name', 'Unit', 'Item type', 'Lot control']);
      for (const r of rows) sheet.addRow(r);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), 'items.xlsx');
      const res = await fetch(`${s.url}${API_PATH}/IBmItemService/importexcel`, {
        method: 'POST',
        headers: { 'authentication-info': admin, 'app-module-number': ITEM, 'accept-language': 'en-US' },
        body: form,
      });
      return (await res.json()) as { response: { data: Record<string, unknown> } };
    };
    const first = await upload([
      ['SH01', 'IMP-1', 'Imported spring', 'PCS', 'Raw material', 'Yes'],
      ['HN01', 'IMP-1', 'Lò xo nhập', 'PCS', 'Nguyên liệu', 'No'],
    ]);
    expect(first.response.data).toMatchObject({ status: 'imported', inserted: 2 });
    const again = await upload([['SH01', 'IMP-1', 'Imported spring, renamed', 'PCS', 'Raw material', 'Yes']]);
    expect(again.response.data).toMatchObject({ status: 'imported', inserted: 0, updated: 1 });
    const rows = await records(
      'IBmItemService/getbmitemlistbyparams',
      { itemNo: 'IMP-1', field: 'orgNo', order: 'asc' },
      admin,
      ITEM,
    );
    expect(rows.map((r) => [r.orgNo, r.itemName, r.itemType, r.isLotControl])).toEqual([
      ['HN01', 'Lò xo nhập', '1', 'N'],
      ['SH01', 'Imported spring, renamed', '1', 'Y'],
    ]);
    // BAG exists nowhere; pallets (PLT) are a unit of SH01 only.
    const badUnit = await upload([
      ['SH01', 'IMP-2', 'No unit', 'BAG', 'Raw material', 'No'],
      ['HN01', 'IMP-3', 'Shanghai unit', 'PLT', 'Raw material', 'No'],
      ['SH01', 'IMP-4', 'Pallet item', 'PLT', 'Raw material', 'No'],
    ]);
    expect(badUnit.response.data).toMatchObject({ status: 'checkFailed', errorCount: 2 });
  });
});
