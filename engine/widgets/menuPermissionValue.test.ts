import { describe, expect, it } from 'vitest';
import { fromGrants, grantAll, type MenuNode, parentMenuNos, toGrants, toggle } from './menuPermissionValue';

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
});
