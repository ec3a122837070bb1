import type { Menu } from '@schemas/generated/menu';
import { describe, expect, it } from 'vitest';
import { yesNoFlags } from '../core/flags';
import { fillExternalUrl } from './externalUrl';
import {
  firstVisibleRoute,
  flattenMenus,
  moduleNumberOf,
  openableEntries,
  searchMenus,
  splitColumns,
  visibleTree,
} from './menuTree';
import { addressOf, openMenu } from './openMenu';

const flags = yesNoFlags(['isSearch', 'isAdd', 'isModify', 'isDelete', 'isExport']);

function menu(menuNo: string, over: Partial<Menu> = {}): Menu {
  return {
    menuNo,
    menuName: menuNo,
    menuLevel: 2,
    menuOwner: '0',
    sort: 0,
    url: '',
    appNo: 'PC',
    menuType: 'route',
    children: [],
    ...flags,
    ...over,
  };
}

const org = menu('Base.Basic.Organizational', { url: '/base/organizational', sort: 2, menuOwner: 'Base' });
const orgAdd = menu('Base.Basic.Organizational.Add', {
  url: '/base/add-organizational',
  hidden: true,
  sort: 1,
  menuOwner: 'Base.Basic.Organizational',
});
const wh = menu('Base.Basic.Warehouse', {
  menuName: 'Warehouse',
  url: '/base/warehouse',
  sort: 3,
  menuOwner: 'Base',
});
const base = menu('Base', { menuType: 'group', url: '/base', menuLevel: 1, children: [wh, orgAdd, org] });
const empty = menu('Empty', { menuType: 'group', url: '/empty', children: [orgAdd] });

describe('menu tree', () => {
  it('flattens parents before children', () => {
    expect(flattenMenus([base]).map((m) => m.menuNo)).toEqual([
      'Base',
      'Base.Basic.Warehouse',
      'Base.Basic.Organizational.Add',
      'Base.Basic.Organizational',
    ]);
  });
  it('shows no hidden entries, sorts by sort, and drops groups left empty', () => {
    const tree = visibleTree([base, empty]);
    expect(tree.map((m) => m.menuNo)).toEqual(['Base']);
    expect(tree[0].children.map((m) => m.menuNo)).toEqual([
      'Base.Basic.Organizational',
      'Base.Basic.Warehouse',
    ]);
  });
  it('a group redirects to its first visible child by sort', () => {
    expect(firstVisibleRoute(base)).toBe('/base/organizational');
    expect(firstVisibleRoute(empty)).toBeUndefined();
  });
  it("hidden child pages send their parent's menu number", () => {
    const byNo = new Map(flattenMenus([base]).map((m) => [m.menuNo, m]));
    expect(moduleNumberOf(orgAdd, byNo)).toBe('Base.Basic.Organizational');
    expect(moduleNumberOf(org, byNo)).toBe('Base.Basic.Organizational');
  });
  it('search keeps matching entries with their group, case-insensitively', () => {
    const found = searchMenus(visibleTree([base]), 'WARE');
    expect(found.map((m) => m.menuNo)).toEqual(['Base']);
    expect(found[0].children.map((m) => m.menuNo)).toEqual(['Base.Basic.Warehouse']);
    expect(searchMenus(visibleTree([base]), 'nothing')).toEqual([]);
    expect(searchMenus(visibleTree([base]), '  ')).toHaveLength(1);
  });
  it('splits columns after 5 entries', () => {
    expect(splitColumns([1, 2, 3, 4, 5, 6, 7]).map((c) => c.length)).toEqual([5, 2]);
    expect(splitColumns([1, 2, 3, 4, 5])).toHaveLength(1);
  });
  it('lists openable entries of a group without hidden pages', () => {
    expect(openableEntries(base).map((m) => m.menuNo)).toEqual([
      'Base.Basic.Organizational',
      'Base.Basic.Warehouse',
    ]);
  });
});

describe('fillExternalUrl', () => {
  const user = {
    tenantsid: 'T 1',
    userDataList: [
      { dataType: 1 as const, dataValue: 'ORG1' },
      { dataType: 1 as const, dataValue: 'ORG2' },
      { dataType: 2 as const, dataValue: 'IGNORED' },
      { dataType: 3 as const, dataValue: 'WH&1' },
      { dataType: 4 as const, dataValue: 'PO' },
    ],
  };
  it('fills every placeholder from the data scope and tenant, encoding values', () => {
    expect(
      fillExternalUrl(
        'https://bi.example/r?org={orgNo}&wh={warehouseNo}&ct={classifyType}&t={tenantsid}',
        user,
      ),
    ).toBe('https://bi.example/r?org=ORG1,ORG2&wh=WH%261&ct=PO&t=T%201');
  });
  it('leaves an address without placeholders alone and empties missing scope values', () => {
    expect(fillExternalUrl('https://x.example/a', user)).toBe('https://x.example/a');
    expect(fillExternalUrl('https://x/{warehouseNo}', { tenantsid: '', userDataList: [] })).toBe(
      'https://x/',
    );
  });
});

describe('openMenu', () => {
  function deps() {
    const log: string[] = [];
    return {
      log,
      deps: {
        navigate: (p: string) => log.push(`nav ${p}`),
        openWindow: (u: string) => log.push(`open ${u}`),
        request: async (call: string, _p?: unknown, o?: { moduleNumber?: string }) => {
          log.push(`post ${call} as ${o?.moduleNumber}`);
          return call.endsWith('empty') ? null : { url: 'https://sso.example/x' };
        },
        user: { tenantsid: 't9', userDataList: [] },
        noAddress: () => log.push('no address'),
      },
    };
  }
  it('routes navigate, externals open filled, customs post and open the answer', async () => {
    const { log, deps: d } = deps();
    await openMenu(org, d);
    await openMenu(menu('Ext', { menuType: 'external', url: 'https://e.example/?t={tenantsid}' }), d);
    await openMenu(menu('Cus', { menuType: 'custom', url: 'custom:ISupSrmPurchaseService/ssoLink' }), d);
    await openMenu(menu('Cus2', { menuType: 'custom', url: 'custom:X/empty' }), d);
    expect(log).toEqual([
      'nav /base/organizational',
      'open https://e.example/?t=t9',
      'post ISupSrmPurchaseService/ssoLink as Cus',
      'open https://sso.example/x',
      'post X/empty as Cus2',
      'no address',
    ]);
  });
  it('reads an address from a string or a url/address field', () => {
    expect(addressOf('https://a')).toBe('https://a');
    expect(addressOf({ address: 'https://b' })).toBe('https://b');
    expect(addressOf({})).toBeUndefined();
  });
});
