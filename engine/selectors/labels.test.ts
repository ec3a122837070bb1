// Names for the codes a page shows: one lookup per selector (and constant condition) for the whole
// page, the code itself when the record is gone or invalid, no call for what is already known.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normaliseField } from '../screens/normalise';
import type { NormalisedSelector } from '../screens/types';
import { createLabelResolver, selectorValues } from './labels';

const sel = (f: Parameters<typeof normaliseField>[0]) => normaliseField(f).selector as NormalisedSelector;
const warehouse = sel({
  prop: 'warehouseNo',
  widget: 'remoteSelect',
  selector: 'warehouse',
  dependsOn: 'orgNo',
});
const warehouses = sel({
  prop: 'dataWarehouseNos',
  widget: 'remoteSelect',
  selector: 'warehouse',
  multiple: true,
});
const supplier = sel({ prop: 'supplierNo', widget: 'remoteSelect', selector: 'supplier' });
const org = sel({ prop: 'orgNo', widget: 'remoteSelect', selector: 'organisation' });
const yesNo = sel({ prop: 'a', widget: 'remoteSelect', selector: 'enum', enumMid: 'YES_NO' });
const status = sel({ prop: 'b', widget: 'remoteSelect', selector: 'enum', enumMid: 'STATUS_CODE' });
const carType = sel({
  prop: 'carType',
  widget: 'remoteSelect',
  selector: 'dropdownData',
  lookupCondition: { dataSource: 'CAR_TYPE' },
});

type Body = {
  current?: number;
  size?: number;
  condition: Record<string, unknown> & { in?: Record<string, string[]> };
};

/** A lookup that knows some rows: it answers those among condition.in, as the server does. */
function fakeLookup(rows: Record<string, Record<string, unknown>[]>) {
  return vi.fn(async (call: string, body: unknown, _options?: unknown) => {
    const b = body as Body;
    const known = rows[call] ?? [];
    if (!b.condition?.in) return Array.isArray(body) ? known : { records: known, total: known.length };
    const [[field, values]] = Object.entries(b.condition.in);
    return { records: known.filter((r) => values.includes(String(r[field]))) };
  });
}

const ROWS = {
  'IBmWarehouseService/getFullAuthorityWarehouseListByParams': [
    { warehouseNo: 'SH01-RM', warehouseName: 'Shanghai raw materials' },
    { warehouseNo: 'SH01-FG', warehouseName: 'Shanghai finished goods' },
  ],
  'IBmSupplierService/getFullAuthoritySupListByParams': [
    { supplierNo: 'SUP001', supplierShortName: 'Acme', supplierName: 'Acme Precision' },
    { supplierNo: 'SUP002', supplierShortName: '', supplierName: 'Delta Plastics' },
  ],
  'IBmEnumService/getsysenumbyparamssearch': [{ enumValue: 'Y', enumName: 'Yes' }],
  'ISysDropDownDataService/getsysdropdowndatalistbyparams': [{ code: 'VAN', name: 'Van' }],
};
const local = (name: string) =>
  name === 'organisation' ? [{ orgNo: 'SH01', orgShortName: 'Shanghai', orgName: 'Shanghai Centre' }] : [];

describe('label resolver', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks each selector once for every code of the page, and shows a code it does not answer as the code', async () => {
    const request = fakeLookup(ROWS);
    const names = createLabelResolver({ request: request as never, moduleNumber: 'M', local });
    await names.prefetch([
      { selector: warehouse, values: 'SH01-RM' },
      { selector: warehouses, values: 'SH01-FG,GONE-01' },
      { selector: warehouses, values: ['SH01-RM'] },
      { selector: supplier, values: 'SUP002' },
      { selector: org, values: 'SH01' },
    ]);
    expect(request.mock.calls.map(([call]) => call)).toEqual([
      'IBmWarehouseService/getFullAuthorityWarehouseListByParams',
      'IBmSupplierService/getFullAuthoritySupListByParams',
    ]);
    expect(request.mock.calls[0][1]).toEqual({
      current: 1,
      size: 3,
      condition: { statusCode: '1', in: { warehouseNo: ['SH01-RM', 'SH01-FG', 'GONE-01'] } },
    });
    expect(request.mock.calls[0][2]).toEqual({ moduleNumber: 'M', showError: false });
    expect(names.text(warehouses, 'SH01-FG,GONE-01')).toBe('Shanghai finished goods, GONE-01');
    expect(names.label(warehouse, 'SH01-RM')).toBe('Shanghai raw materials');
    // The supplier's short name is empty: its full name stands in.
    expect(names.label(supplier, 'SUP002')).toBe('Delta Plastics');
    expect(names.label(org, 'SH01')).toBe('Shanghai');
    expect(names.label(supplier, 'SUP001')).toBeUndefined();

    await names.prefetch([{ selector: warehouse, values: 'SH01-FG' }]);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it("keeps selectors with different constant conditions apart (a dictionary's enumMid, a data source)", async () => {
    const request = fakeLookup(ROWS);
    const names = createLabelResolver({ request: request as never });
    await names.prefetch([
      { selector: yesNo, values: 'Y' },
      { selector: status, values: '1' },
      { selector: carType, values: 'VAN' },
    ]);
    const bodies = request.mock.calls.map(([, body]) => (body as Body).condition);
    expect(bodies).toEqual([
      { status: '1', enumMid: 'YES_NO', in: { enumValue: ['Y'] } },
      { status: '1', enumMid: 'STATUS_CODE', in: { enumValue: ['1'] } },
      // The lookup's sort (createDate descending) is left out: names do not need it.
      { statusCode: '1', dataSource: 'CAR_TYPE', in: { code: ['VAN'] } },
    ]);
    expect(names.text(yesNo, 'Y')).toBe('Yes');
    expect(names.text(status, '1')).toBe('1');
    expect(names.text(carType, 'VAN')).toBe('Van');
  });

  it('gathers what the widgets want in one turn into one call, and asks nothing it was told', async () => {
    vi.useFakeTimers();
    const request = fakeLookup(ROWS);
    const names = createLabelResolver({ request: request as never });
    const changed = vi.fn();
    names.subscribe(changed);
    names.remember(supplier, [{ value: 'SUP001', label: 'Acme' }]);
    names.want(warehouse, 'SH01-RM');
    names.want(warehouses, 'SH01-FG,SH01-RM');
    names.want(supplier, 'SUP001');
    expect(request).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(request).toHaveBeenCalledTimes(1);
    expect((request.mock.calls[0][1] as Body).condition.in).toEqual({ warehouseNo: ['SH01-RM', 'SH01-FG'] });
    expect(names.text(warehouses, 'SH01-RM,SH01-FG')).toBe('Shanghai raw materials, Shanghai finished goods');
    expect(changed).toHaveBeenCalled();
  });

  it('a failed lookup leaves the codes showing; flat lists are read once; a dictionary name is its code', async () => {
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    const names = createLabelResolver({ request: failing as never });
    await names.prefetch([{ selector: warehouse, values: 'SH01-RM' }]);
    expect(names.label(warehouse, 'SH01-RM')).toBe('SH01-RM');

    const menus = vi.fn(async () => [
      { menuNo: 'Base', menuName: 'Base data' },
      { menuNo: 'Base.Basic', menuName: 'Basic data' },
    ]);
    const menuNames = createLabelResolver({ request: menus as never });
    const menu = sel({ prop: 'm', widget: 'remoteSelect', selector: 'menu', multiple: true });
    const dictionary = sel({ prop: 'd', widget: 'remoteSelect', selector: 'dictionary' });
    await menuNames.prefetch([
      { selector: menu, values: 'Base,Gone' },
      { selector: dictionary, values: 'YES_NO' },
    ]);
    expect(menus).toHaveBeenCalledTimes(1);
    expect(menus.mock.calls[0]).toEqual([
      'ISysMenuService/getsysmenubyparamssearch',
      { appNo: 'PC' },
      { moduleNumber: undefined, showError: false },
    ]);
    expect(menuNames.text(menu, 'Base,Gone')).toBe('Base data, Gone');
    expect(menuNames.label(menu, 'Base.Basic')).toBe('Basic data');
    expect(menuNames.text(dictionary, 'YES_NO')).toBe('YES_NO');
  });

  it('asks for at most 1000 codes a call', async () => {
    const request = fakeLookup(ROWS);
    const names = createLabelResolver({ request: request as never });
    const codes = Array.from({ length: 1500 }, (_, i) => `W${i}`);
    await names.prefetch([{ selector: warehouses, values: codes }]);
    expect(request.mock.calls.map(([, b]) => (b as Body).condition.in?.warehouseNo.length)).toEqual([
      1000, 500,
    ]);
  });

  it("takes a record's selector values, the empty ones left out", () => {
    const fields = [
      normaliseField({ prop: 'supplierNo', widget: 'remoteSelect', selector: 'supplier' }),
      normaliseField({ prop: 'x' }),
    ];
    expect(selectorValues(fields, { supplierNo: 'SUP001', x: 'y' })).toEqual([
      { selector: supplier, values: 'SUP001' },
    ]);
    expect(selectorValues(fields, { supplierNo: null })).toEqual([]);
  });
});
