import type { Menu } from '@schemas/generated/menu';
import { describe, expect, it } from 'vitest';
import { yesNoFlags } from '../../core/flags';
import { buildAppRoutes, groupPath, resolveRoute } from './appRoutes';
import type { ScreenRouteInfo } from './screenCatalog';

const flags = yesNoFlags(['isSearch']);
const m = (menuNo: string, over: Partial<Menu> = {}): Menu => ({
  menuNo,
  menuName: `${menuNo} name`,
  menuLevel: 1,
  menuOwner: '0',
  sort: 1,
  url: '',
  appNo: 'PC',
  menuType: 'route',
  children: [],
  ...flags,
  ...over,
});

const orgList = m('Base.Basic.Organizational', { url: '/base/organizational', menuOwner: 'Base.Basic' });
const orgModify = m('Base.Basic.Organizational.Modify', {
  url: '/base/modify-organizational/:id',
  hidden: true,
  menuOwner: 'Base.Basic.Organizational',
});
const wh = m('Base.Basic.Warehouse', { url: '/base/warehouse', sort: 2, menuOwner: 'Base.Basic' });
const basic = m('Base.Basic', { menuType: 'group', menuOwner: 'Base', children: [orgList, orgModify, wh] });
const base = m('Base', { menuType: 'group', children: [basic] });
const dashboard = m('Index.Dashboard', { url: '/dashboard' });
const ext = m('Index.Link.Wms', { menuType: 'external', url: 'http://x/{orgNo}' });

const screens: ScreenRouteInfo[] = [
  {
    path: '/base/organizational',
    name: 'Base.Basic.Organizational',
    menuNo: 'Base.Basic.Organizational',
    titleKey: 'menu.Base.Basic.Organizational',
  },
  {
    path: '/base/modify-organizational/:id',
    name: 'Base.Basic.Organizational.Modify',
    menuNo: 'Base.Basic.Organizational',
    titleKey: 'screen.org.modify',
    parentPath: '/base/organizational',
  },
  {
    path: '/base/customer',
    name: 'Base.Basic.Customer',
    menuNo: 'Base.Basic.Customer',
    titleKey: 'menu.Base.Basic.Customer',
  },
];

describe('buildAppRoutes', () => {
  const routes = buildAppRoutes([dashboard, base, ext], screens);

  it('mounts screens the menus grant, with that menu (and its flags)', () => {
    const org = resolveRoute(routes, '/base/organizational');
    expect(org?.kind).toBe('screen');
    expect(org?.kind === 'screen' && org.menu.menuNo).toBe('Base.Basic.Organizational');
    expect(org?.kind === 'screen' && org.title).toBe('Base.Basic.Organizational name');
  });
  it('child screens match their parameters and act under the parent menu number', () => {
    const modify = resolveRoute(routes, '/base/modify-organizational/42');
    expect(modify?.kind).toBe('screen');
    expect(modify?.kind === 'screen' && modify.moduleNo).toBe('Base.Basic.Organizational');
  });
  it('a screen whose menu the user lacks is "menu not found"', () => {
    expect(resolveRoute(routes, '/base/customer')).toEqual({ kind: 'forbidden', path: '/base/customer' });
  });
  it('a route menu without a screen still gets its page and its own menu number', () => {
    expect(resolveRoute(routes, '/base/warehouse')).toMatchObject({
      kind: 'menu',
      moduleNo: 'Base.Basic.Warehouse',
    });
  });
  it('area paths redirect to the first visible child', () => {
    expect(resolveRoute(routes, '/base')).toEqual({
      kind: 'redirect',
      path: '/base',
      to: '/base/organizational',
    });
  });
  it('shell pages win over menus and take the menu number of the matching menu', () => {
    expect(resolveRoute(routes, '/dashboard')).toMatchObject({ kind: 'shell', moduleNo: 'Index.Dashboard' });
  });
  it('unknown paths resolve to nothing (the 404 page)', () => {
    expect(resolveRoute(routes, '/nowhere')).toBeUndefined();
  });
  it('a supplier without base menus gets "menu not found" on every base screen', () => {
    const supplier = buildAppRoutes([dashboard], screens);
    expect(resolveRoute(supplier, '/base/organizational')?.kind).toBe('forbidden');
    expect(resolveRoute(supplier, '/base/modify-organizational/1')?.kind).toBe('forbidden');
    expect(resolveRoute(supplier, '/base')).toBeUndefined();
  });
});

describe('groupPath', () => {
  it('derives an area from the first segment all its routes share', () => {
    expect(groupPath(base)).toBe('/base');
    const mixed = m('Mixed', { menuType: 'group', children: [orgList, m('X', { url: '/other/x' })] });
    expect(groupPath(mixed)).toBeUndefined();
  });
});
