// A new demo's orders come from the simulated ERP: `npm start` runs the simulator's demo load against
// itself once it listens (services/seed/demo-erp.ts). Here the same function runs against a server on
// a socket, with a smaller load: the orders arrive through the integration API, the load is marked
// done, and a later start loads nothing; a load that cannot reach the portal leaves no mark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedDemoErp } from '../../services/seed/demo-erp.js';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

describe.each(POSTGRES_ONLY)('the demo ERP load on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
  });
  afterAll(async () => {
    await s?.close();
  });

  const marked = () =>
    s.server.database.db.selectFrom('sysSeed').select('name').where('name', '=', 'demo-erp').execute();

  it('fails without a mark when the portal cannot be reached', async () => {
    const lines: string[] = [];
    expect(
      await feedDemoErp(s.server.database.db, 'http://127.0.0.1:9', (l) => lines.push(l), ['--count', '3']),
    ).toBe('failed');
    expect(lines.at(-1)).toMatch(/ended with 1; the next start tries again/);
    expect(await marked()).toEqual([]);
  }, 120_000);

  it('loads the orders through the integration API once', async () => {
    const lines: string[] = [];
    const result = await feedDemoErp(s.server.database.db, s.url, (l) => lines.push(l), ['--count', '12']);
    expect(result, lines.join('\n')).toBe('loaded');
    expect(lines.join('\n')).toMatch(/created a key .*srm_[0-9a-f]{8}_…/);
    // The key itself never reaches the server's log.
    expect(lines.join('\n')).not.toMatch(/srm_[0-9a-f]{8}_[A-Za-z0-9_-]{43}/);
    const supplier1 = await s.login('supplier1');
    const r = await s.call(
      'ISupSrmPurchaseService/getSrmPurchasePage',
      { current: 1, size: 100, condition: { purchaseNo: '4500' } },
      { token: supplier1, menu: 'Offsite.User.Order' },
    );
    expect(r.body.code, r.body.msg).toBe('0');
    expect(r.body.response.data.total).toBeGreaterThan(0);
    // Through the API, with a key of its own, as an ERP would.
    const keys = await s.server.database.db
      .selectFrom('sysApiKey')
      .select(['keyName', 'requestCount'])
      .execute();
    expect(keys.some((k) => k.keyName.startsWith('ERP simulator') && Number(k.requestCount) > 0)).toBe(true);
    expect(await marked()).toHaveLength(1);

    const again: string[] = [];
    expect(await feedDemoErp(s.server.database.db, s.url, (l) => again.push(l))).toBe('done before');
    expect(again).toEqual([]);
  }, 180_000);
});
