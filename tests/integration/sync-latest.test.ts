// "Sync latest" (ISupSrmPurchaseService/syncLatestInfo): a user's request becomes a `sync.requested`
// event per organisation of its scope in the outbox, which the ERP reads with its key; a second click
// within the minute adds none; the ERP's next accepted batch stamps when it fed the organisation, which
// the next answer shows. A supplier's request names its supplier and only its organisations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Offsite.User.Order';

describe.each(BOTH_DBS)('sync latest on %s', (kind) => {
  let s: TestServer;
  let key: string;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    for (const u of ['admin', 'buyer', 'supplier1', 'supplier2']) tokens[u] = await s.login(u);
    const r = await s.call(
      'ISysApiKeyService/addSysApiKey',
      { condition: { keyName: 'erp', entities: 'purchaseOrder,event', orgNos: 'SH01,HN01' } },
      { token: tokens.admin, menu: 'BaseManage.Config.ApiKey' },
    );
    key = r.body.response.data.apiKey;
  });
  afterAll(async () => {
    await s?.close();
  });

  const sync = async (user: string) => {
    const r = await s.call(
      'ISupSrmPurchaseService/syncLatestInfo',
      { condition: {} },
      { token: tokens[user], menu: MENU },
    );
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return r.body.response.data as {
      requested: string[];
      count: number;
      lastFed: { orgNo: string; fedAt: string | null }[];
    };
  };
  const events = async () => {
    const r = await s.server.app.inject({
      method: 'GET',
      url: '/integration/v1/events?after=0&limit=1000',
      headers: { authorization: `Bearer ${key}` },
    });
    return (
      r.json().events as {
        event: string;
        orgNo: string;
        supplierNo: string | null;
        payload: Record<string, unknown>;
      }[]
    ).filter((e) => e.event === 'sync.requested');
  };

  it("asks the ERP through the outbox, for the user's organisations and supplier, once a minute", async () => {
    const first = await sync('supplier1');
    expect(first).toEqual({ requested: ['SH01'], count: 1, lastFed: [{ orgNo: 'SH01', fedAt: null }] });
    expect(await sync('supplier1')).toMatchObject({ requested: [], count: 0 });
    // Another supplier's request is its own, in its own organisation only.
    expect(await sync('supplier2')).toMatchObject({ requested: ['HN01'], lastFed: [{ orgNo: 'HN01' }] });
    expect(await sync('buyer')).toMatchObject({ requested: ['HN01', 'SH01'] });
    const asked = await events();
    expect(asked.map((e) => [e.orgNo, e.supplierNo, e.payload.entity, e.payload.requestedBy])).toEqual([
      ['SH01', 'SUP001', 'purchaseOrder', 'supplier1'],
      ['HN01', 'SUP002', 'purchaseOrder', 'supplier2'],
      ['HN01', null, 'purchaseOrder', 'buyer'],
      ['SH01', null, 'purchaseOrder', 'buyer'],
    ]);
  });

  it('shows when the ERP last fed the organisation, stamped by its next batch', async () => {
    const pushed = await s.server.app.inject({
      method: 'POST',
      url: '/integration/v1/purchase-orders',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        orders: [
          {
            externalId: 'ERP-SYNC-1',
            externalVersion: 1,
            purchaseNo: 'PO-SYNC-1',
            orgNo: 'SH01',
            supplierNo: 'SUP001',
            orderType: '1',
            currency: 'CNY',
            purchaseDate: '2026-12-01',
            lines: [
              {
                purchaseSeq: 10,
                itemNo: 'M-1001',
                itemName: 'Hex bolt',
                unitNo: 'PCS',
                batchPurQty: '5',
                price: '1',
                taxRate: '13',
                expectArrivalDate: '2026-12-20',
              },
            ],
          },
        ],
      },
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    await s.server.database.db
      .updateTable('intOutbox')
      .set({ createDate: new Date(Date.now() - 120_000) })
      .where('event', '=', 'sync.requested')
      .execute();
    const after = await sync('supplier1');
    expect(after.requested).toEqual(['SH01']);
    expect(Date.now() - new Date(after.lastFed[0].fedAt as string).getTime()).toBeLessThan(60_000);
    // HN01 was not fed.
    expect((await sync('supplier2')).lastFed).toEqual([{ orgNo: 'HN01', fedAt: null }]);
  });

  it('is refused without the order menu', async () => {
    const r = await s.call(
      'ISupSrmPurchaseService/syncLatestInfo',
      {},
      { token: tokens.supplier1, menu: 'Index.Dashboard' },
    );
    expect(r.body.errorCode).toBe('10005');
  });
});
