import { describe, expect, it } from 'vitest';
import { BASE_MENU_FLAGS, MENU_FLAGS } from '../core/flags';
import {
  filterMenus,
  fromGrants,
  grantAll,
  type MenuNode,
  parentMenuNos,
  toGrants,
  toggle,
} from './menuPermissionValue';

const node = (menuNo: string, children: MenuNode[] = []): MenuNode => ({
  menuNo,
  menuName: menuNo,
  children,
});
const tree = [
  node('Base', [node('Base.Basic', [node('Base.Basic.Warehouse'), node('Base.Basic.Supplier')])]),
  node('Other'),
];

describe('menu permission value', () => {
  it('reads and writes the server menu list, leaving out menus that grant nothing', () => {
    const grants = toGrants([
      { menuNo: 'Base', isSearch: 'Y', isAdd: 'N' },
      { menuNo: 'Other', isSearch: 'N' },
    ]);
    expect([...grants.keys()]).toEqual(['Base']);
    const [row] = fromGrants(grants);
    expect(row).toMatchObject({ menuNo: 'Base', isSearch: 'Y', isAdd: 'N', isOut: 'N' });
    expect(Object.keys(row)).toHaveLength(17);
    // The form keeps the list as JSON text; unreadable text grants nothing.
    expect([...toGrants(JSON.stringify([row])).keys()]).toEqual(['Base']);
    expect(toGrants('not json').size).toBe(0);
  });

  it('granting a flag also grants view on the menu and every menu above it', () => {
    const next = fromGrants(toggle(tree, new Map(), 'Base.Basic.Warehouse', ['isAdd'], true));
    expect(next.map((m) => [m.menuNo, m.isSearch, m.isAdd])).toEqual([
      ['Base.Basic.Warehouse', 'Y', 'Y'],
      ['Base', 'Y', 'N'],
      ['Base.Basic', 'Y', 'N'],
    ]);
  });

  it('taking view away takes the whole menu away; a row toggle reaches every menu below', () => {
    let g = toggle(tree, new Map(), 'Base', ['isSearch', 'isAdd'], true, true);
    expect(
      fromGrants(g)
        .map((m) => m.menuNo)
        .sort(),
    ).toEqual(['Base', 'Base.Basic', 'Base.Basic.Supplier', 'Base.Basic.Warehouse'].sort());
    g = toggle(tree, g, 'Base.Basic.Warehouse', ['isSearch'], false);
    expect(fromGrants(g).some((m) => m.menuNo === 'Base.Basic.Warehouse')).toBe(false);
    g = toggle(tree, g, 'Base.Basic', ['isAdd'], false, true);
    expect(fromGrants(g).find((m) => m.menuNo === 'Base.Basic.Supplier')).toMatchObject({
      isSearch: 'Y',
      isAdd: 'N',
    });
  });

  it('authorises all and lists the expandable menus', () => {
    expect(fromGrants(grantAll(tree))).toHaveLength(5);
    expect(fromGrants(grantAll(tree)).every((m) => m.isOut === 'Y')).toBe(true);
    expect(parentMenuNos(tree)).toEqual(['Base', 'Base.Basic']);
  });

  it('grants each menu only the flags it offers: the base ones, and its own others', () => {
    const offers = [...BASE_MENU_FLAGS, 'isApprove', 'isReject'] as const;
    const asn = { menuNo: 'Asn', menuName: 'Asn', flags: offers, children: [] };
    const withAsn = [node('Delivery', [asn]), node('Other')];
    const all = fromGrants(grantAll(withAsn));
    expect(all.find((m) => m.menuNo === 'Asn')).toMatchObject({ isApprove: 'Y', isReject: 'Y', isOut: 'Y' });
    // A menu without other flags answers the base ones alone, as it always did.
    expect(all.find((m) => m.menuNo === 'Other')).not.toHaveProperty('isApprove');
    expect(Object.keys(all.find((m) => m.menuNo === 'Other')!)).toHaveLength(17);
    // A row toggle grants every menu below what that menu offers, no more.
    const g = toggle(withAsn, new Map(), 'Delivery', MENU_FLAGS, true, true);
    expect([...g.get('Asn')!].sort()).toEqual([...offers].sort());
    expect(g.get('Delivery')!.has('isApprove')).toBe(false);
    expect(toggle(withAsn, new Map(), 'Other', ['isApprove'], true).get('Other')).toEqual(
      new Set(['isSearch']),
    );
    // Read back from the list the server answers.
    expect(
      toGrants([{ menuNo: 'Asn', isSearch: 'Y', isApprove: 'Y', isNoSuchFlag: 'Y' }]).get('Asn'),
    ).toEqual(new Set(['isSearch', 'isApprove']));
  });

  it('finds menus by number or name, keeping the menus above them, expanded', () => {
    const named = [{ ...tree[0], menuName: 'Base data' }, tree[1]] as MenuNode[];
    const found = filterMenus(named, ' warehouse ');
    expect(found.rows.map((r) => r.menuNo)).toEqual(['Base']);
    expect(found.rows[0].children.map((r) => r.menuNo)).toEqual(['Base.Basic']);
    expect(found.rows[0].children[0].children.map((r) => r.menuNo)).toEqual(['Base.Basic.Warehouse']);
    expect(found.expand.sort()).toEqual(['Base', 'Base.Basic']);
    // A matching menu keeps every row below it; by name, any case.
    const byName = filterMenus(named, 'BASE DATA');
    expect(byName.rows[0]).toBe(named[0]);
    expect(byName.expand).toEqual([]);
    expect(filterMenus(named, 'nothing like it').rows).toEqual([]);
    expect(filterMenus(named, '  ').rows).toEqual(named);
  });
});
