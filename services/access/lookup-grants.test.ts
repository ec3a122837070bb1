import { describe, expect, it } from 'vitest';
import { grantsOf, lookupGrants, projectLookup } from './lookup-grants.js';

const screen = (menuNo: string, selectors: string[], calls: string[] = [], own: string[] = []) => ({
  menuNo,
  service: 'IBmThingService',
  own,
  selectors: new Set(selectors),
  calls: new Set(calls),
});

describe('lookup grants derived from the screens', () => {
  it("grants a selector's call to the menus of the screens that name it, with the selector's fields", () => {
    const grants = grantsOf([screen('A', ['warehouse']), screen('B', [])]);
    const g = grants.get('IBmWarehouseService/getFullAuthorityWarehouseListByParams');
    expect([...(g?.menus.keys() ?? [])]).toEqual(['A']);
    expect([...((g?.menus.get('A') ?? []) as Set<string>)].sort()).toEqual([
      'id',
      'orgNo',
      'warehouseName',
      'warehouseNo',
    ]);
  });

  it("gives a screen's own calls and named calls their whole rows, relative names under its service", () => {
    const grants = grantsOf([
      screen('A', ['unit'], ['IBmUnitService/getbmunitlistbyparams', 'doThing'], ['list']),
    ]);
    expect(grants.get('IBmUnitService/getbmunitlistbyparams')?.menus.get('A')).toBe('all');
    expect(grants.get('IBmThingService/doThing')?.menus.get('A')).toBe('all');
    expect(grants.get('IBmThingService/list')?.menus.get('A')).toBe('all');
  });

  it('lets every menu look the dictionary up, for the custom dropdown fields any screen may have', () => {
    expect(grantsOf([]).get('IBmEnumService/getsysenumbyparamssearch')?.anyMenu).toBeInstanceOf(Set);
  });

  it('holds for the shipped screens: no supplier menu looks customers up', () => {
    const customers = lookupGrants().get('IBmCustomerService/getbmcustomerlistbyparams');
    expect([...(customers?.menus.keys() ?? [])].filter((m) => m.startsWith('Offsite.'))).toEqual([]);
  });

  it('cuts pages and flat lists to the fields, and passes the rest', () => {
    const fields = new Set(['id', 'name']);
    expect(projectLookup(fields, { total: 1, records: [{ id: 1, name: 'x', street: 'y' }] })).toEqual({
      total: 1,
      records: [{ id: 1, name: 'x' }],
    });
    expect(projectLookup(fields, [{ id: 1, secret: 2 }])).toEqual([{ id: 1 }]);
    expect(projectLookup('all', [{ id: 1, secret: 2 }])).toEqual([{ id: 1, secret: 2 }]);
    expect(projectLookup(fields, 'text')).toBe('text');
  });
});
