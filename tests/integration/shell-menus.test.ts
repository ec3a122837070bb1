// What the shell is given to list: only menu entries with something to open. A route whose page is not
// built yet and an external or custom entry without an address are in no user's menus or favourites;
// the menu screen shows them to the administrator, marked; an address set there brings the entry back.
// A list's page size is kept per user with its column settings. And a call under a menu the caller
// lacks is refused with its catalogue code, in the caller's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

interface MenuNode {
  menuNo: string;
  children: MenuNode[];
}
const flatten = (list: MenuNode[]): MenuNode[] => list.flatMap((m) => [m, ...flatten(m.children)]);

const NOT_BUILT = 'Offsite.Schedule.Kanban';
const MENU_SCREEN = 'BaseManage.Base.Menu';

describe.each(POSTGRES_ONLY)('menu entries with something to open, on %s', (kind) => {
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

  const menuNos = async (token: string) =>
    flatten(
      (await s.call('ISysMenuService/getsysmenulist', {}, { token })).body.response.data.allMenuList,
    ).map((m) => m.menuNo);
  const adminRow = async (menuNo: string) =>
    (
      await s.call(
        'ISysMenuService/getsysmenuadminlist',
        { current: 1, size: 10, condition: { keyword: menuNo } },
        { token: admin, menu: MENU_SCREEN },
      )
    ).body.response.data.records.find((m: { menuNo: string }) => m.menuNo === menuNo);

  it('keeps an unbuilt route that a built page acts under, hidden from the side menu', async () => {
    // Order tracking (/delivery/orderTracking) has no page yet and is not listed; put the notice's own
    // page (/delivery/addAsn/add/:id) under it, and the route stays for the page's sake, hidden.
    const supplier1 = await s.login('supplier1');
    const entries = async () =>
      flatten(
        (await s.call('ISysMenuService/getsysmenulist', {}, { token: supplier1 })).body.response.data
          .allMenuList,
      ) as (MenuNode & { hidden?: boolean; menuOwner?: string })[];
    const find = (all: (MenuNode & { hidden?: boolean; menuOwner?: string })[], menuNo: string) =>
      all.find((m) => m.menuNo === menuNo);
    const UNBUILT = 'Offsite.Delivery.OrderTracking';
    const PAGE = 'Offsite.Delivery.OrderDelivery.Detail';
    expect(find(await entries(), UNBUILT)).toBeUndefined();
    const { db } = s.server.database;
    const move = (owner: string) =>
      db.updateTable('sysMenu').set({ menuOwner: owner }).where('menuNo', '=', PAGE).execute();
    await move(UNBUILT);
    try {
      const all = await entries();
      expect(find(all, PAGE)?.menuOwner).toBe(UNBUILT);
      expect(find(all, UNBUILT)?.hidden).toBe(true);
    } finally {
      await move('Offsite.Delivery.OrderDelivery');
    }
    // The order delivery route has its page: listed.
    expect(find(await entries(), 'Offsite.Delivery.OrderDelivery')?.hidden).toBe(false);
  });

  it('lists no route without a page and no link without an address; the menu screen marks them', async () => {
    for (const token of [admin, buyer]) {
      const nos = await menuNos(token);
      expect(nos).toContain('Base.Basic.Organizational');
      // a hidden page whose route takes a parameter the menu's address leaves out still acts under it
      expect(nos).toContain('Offsite.User.Order.Acceptance');
      expect(nos).not.toContain(NOT_BUILT);
      expect(nos).not.toContain('Index.Link.Wms');
      expect(nos).not.toContain('Index.Link.Report');
    }
    const favourite = await s.call(
      'ISysMenuService/collectBusinessCommonMenu',
      { condition: { menuNo: NOT_BUILT, collect: 'Y' } },
      { token: buyer },
    );
    expect(favourite.body.code).toBe('10008');

    expect(await adminRow(NOT_BUILT)).toMatchObject({ availability: 'Page not built: not shown' });
    expect(await adminRow('Index.Link.Wms')).toMatchObject({
      url: '',
      availability: 'No address: not shown',
    });
    expect(await adminRow('Base.Basic.Organizational')).toMatchObject({ availability: '' });
  });

  it('brings an external entry back once the menu screen gives it an address, and hides it again when emptied', async () => {
    const row = await adminRow('Index.Link.Wms');
    const set = await s.call(
      'ISysMenuService/updatesysmenubyid',
      { condition: { id: row.id, version: row.version, url: 'https://wms.example.com/#/?orgNo={orgNo}' } },
      { token: admin, menu: MENU_SCREEN },
    );
    expect(set.body.response.data).toMatchObject({ availability: '' });
    expect(await menuNos(buyer)).toContain('Index.Link.Wms');
    const cleared = await s.call(
      'ISysMenuService/updatesysmenubyid',
      { condition: { id: row.id, version: row.version + 1, url: '' } },
      { token: admin, menu: MENU_SCREEN },
    );
    expect(cleared.body.response.data).toMatchObject({ url: '', availability: 'No address: not shown' });
    expect(await menuNos(buyer)).not.toContain('Index.Link.Wms');
  });

  it("keeps a list's page size per user beside the column settings, one of the spec's sizes only", async () => {
    const module = { module: 'Base.Basic.Organizational' };
    const get = async (token: string) =>
      (await s.call('ISysViewService/getColumnSetting', { condition: module }, { token })).body.response.data;
    expect(await get(buyer)).toMatchObject({ pageSize: null });
    const saved = await s.call(
      'ISysViewService/savePageSize',
      { condition: { ...module, pageSize: 50 } },
      { token: buyer },
    );
    expect(saved.body.code).toBe('0');
    expect(await get(buyer)).toMatchObject({ pageSize: 50 });
    expect(await get(admin)).toMatchObject({ pageSize: null });
    const odd = await s.call(
      'ISysViewService/savePageSize',
      { condition: { ...module, pageSize: 7 } },
      { token: buyer },
    );
    expect(odd.http).toBe(400);
    expect(await get(buyer)).toMatchObject({ pageSize: 50 });
  });

  it("refuses a call under a menu the caller lacks with the catalogue's code, in the caller's language", async () => {
    const supplier1 = await s.login('supplier1');
    const r = await s.call(
      'IBmOrgService/getbmorglistbyparams',
      { current: 1, size: 20, condition: {} },
      { token: supplier1, menu: 'Base.Basic.Organizational', lang: 'zh-CN' },
    );
    expect(r.http).toBe(403);
    expect(r.body.errorCode).toBe('10005');
    expect(r.body.errorMessage).toMatch(/权限/);
    expect(r.body.errorMessage).not.toMatch(/internal|exception|menu not found/i);
  });
});
