// Column settings and saved views: per user on the server, shared with a role, one default per user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const MODULE = 'Base.Basic.Organizational';
const columns = [
  { prop: 'orgName', fixed: 'left', sort: 0, isShow: true },
  { prop: 'orgNo', fixed: 'none', sort: 1, isShow: true },
  { prop: 'remark', fixed: 'none', sort: 2, isShow: false },
];

describe.each(POSTGRES_ONLY)('list views on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer, supplier1, supplier2] = await Promise.all(
      ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  it('keeps column settings per user and screen across sessions, and resets them', async () => {
    const get = (token: string) =>
      s.call('ISysViewService/getColumnSetting', { condition: { module: MODULE } }, { token });
    expect((await get(buyer)).body.response.data).toEqual({
      columns: null,
      adminColumns: null,
      pageSize: null,
    });
    await s.call(
      'ISysViewService/saveColumnSetting',
      { condition: { module: MODULE, columns } },
      { token: buyer },
    );
    const again = await s.login('buyer');
    expect((await get(again)).body.response.data.columns).toEqual(columns);
    expect((await get(admin)).body.response.data.columns).toBeNull();
    await s.call('ISysViewService/resetColumnSetting', { condition: { module: MODULE } }, { token: again });
    expect((await get(buyer)).body.response.data.columns).toBeNull();
    const bad = await s.call(
      'ISysViewService/saveColumnSetting',
      { condition: { module: MODULE, columns: [{ prop: 'orgNo', fixed: 'right', isShow: true }] } },
      { token: buyer },
    );
    expect(bad.body.errorCode).toBe('10002');
    const other = await s.call(
      'ISysViewService/getColumnSetting',
      { condition: { module: MODULE } },
      { token: supplier1 },
    );
    expect(other.body.errorCode).toBe('10005');
  });

  it('shares a view with a role: another user of the role sees it, others do not', async () => {
    const content = {
      params: { statusCode: '1' },
      sort: { field: 'orgNo', order: 'asc' },
      pageSize: 50,
      columns,
    };
    const saved = await s.call(
      'ISysViewService/saveView',
      { condition: { module: MODULE, viewName: 'Valid by number', sharedRoleNo: 'admin', content } },
      { token: admin },
    );
    expect(saved.body.response.data).toMatchObject({
      viewName: 'Valid by number',
      mine: true,
      sharedRoleNo: 'admin',
      content,
    });
    // A second administrator sees the shared view; the buyer, not in the role, does not.
    const { db } = s.server.database;
    const buyerId = (
      await db.selectFrom('sysUser').select('id').where('userNo', '=', 'buyer').executeTakeFirstOrThrow()
    ).id;
    const adminRole = (
      await db.selectFrom('sysRole').select('id').where('roleNo', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    const list = async (token: string) =>
      (await s.call('ISysViewService/getViewList', { condition: { module: MODULE } }, { token })).body
        .response.data.records;
    expect(await list(buyer)).toEqual([]);
    await db.insertInto('sysUserRole').values({ userId: buyerId, roleId: adminRole }).execute();
    const seen = await list(buyer);
    expect(seen).toEqual([expect.objectContaining({ viewName: 'Valid by number', mine: false, content })]);
    // Not the owner: may use it, not change or delete it.
    const change = await s.call(
      'ISysViewService/saveView',
      { condition: { id: seen[0].id, version: 1, module: MODULE, viewName: 'Hijacked', content: {} } },
      { token: buyer },
    );
    expect(change.body.code).toBe('10008');
    const del = await s.call(
      'ISysViewService/deleteView',
      { condition: { delList: [{ id: seen[0].id, version: 1 }] } },
      { token: buyer },
    );
    expect(del.body.code).toBe('10008');
    // A default is personal.
    await s.call(
      'ISysViewService/setDefaultView',
      { condition: { module: MODULE, id: seen[0].id } },
      { token: buyer },
    );
    expect((await list(buyer))[0].isDefault).toBe(true);
    expect((await list(admin))[0].isDefault).toBe(false);
    await db
      .deleteFrom('sysUserRole')
      .where('userId', '=', buyerId)
      .where('roleId', '=', adminRole)
      .execute();
  });

  it("shares a supplier's view only with users of the same supplier, whatever the role", async () => {
    const ORDERS = 'Offsite.User.Order';
    // supplier1 and supplier2 both hold the role 'supplier'.
    const shared = (
      await s.call(
        'ISysViewService/saveView',
        {
          condition: {
            module: ORDERS,
            viewName: 'Acme open lines',
            sharedRoleNo: 'supplier',
            content: { params: { itemNo: 'ACME-SECRET' } },
          },
        },
        { token: supplier1 },
      )
    ).body.response.data;
    expect(shared).toMatchObject({ mine: true, sharedRoleNo: 'supplier' });
    const views = async (token: string) =>
      (await s.call('ISysViewService/getViewList', { condition: { module: ORDERS } }, { token })).body
        .response.data.records as { id: string }[];
    expect(await views(supplier2)).toEqual([]);
    const asDefault = await s.call(
      'ISysViewService/setDefaultView',
      { condition: { module: ORDERS, id: shared.id } },
      { token: supplier2 },
    );
    expect(asDefault.body.code).toBe('10008');
    expect((await views(supplier1)).map((v) => v.id)).toEqual([shared.id]);
  });

  it('shares only with the owner roles and updates with the version', async () => {
    const foreign = await s.call(
      'ISysViewService/saveView',
      { condition: { module: MODULE, viewName: 'x', sharedRoleNo: 'supplier', content: {} } },
      { token: buyer },
    );
    expect(foreign.body.code).toBe('10017');
    const v = (
      await s.call(
        'ISysViewService/saveView',
        { condition: { module: MODULE, viewName: 'Mine', content: { pageSize: 20 } } },
        { token: buyer },
      )
    ).body.response.data;
    const upd = await s.call(
      'ISysViewService/saveView',
      { condition: { id: v.id, version: 1, module: MODULE, viewName: 'Mine', content: { pageSize: 100 } } },
      { token: buyer },
    );
    expect(upd.body.response.data).toMatchObject({ version: 2, content: { pageSize: 100 } });
    const stale = await s.call(
      'ISysViewService/saveView',
      { condition: { id: v.id, version: 1, module: MODULE, viewName: 'Mine', content: {} } },
      { token: buyer },
    );
    expect(stale.body.code).toBe('10007');
    const badSize = await s.call(
      'ISysViewService/saveView',
      { condition: { module: MODULE, viewName: 'Odd', content: { pageSize: 7 } } },
      { token: buyer },
    );
    expect(badSize.body.errorCode).toBe('10002');
  });
});
