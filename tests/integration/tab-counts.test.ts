// Tab counts on the resource layer (condition.countBy): one list call answers the page and each value's
// count of the same search, the counted filter's own condition left out, under the same data scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Base.Basic.Organizational';

describe.each(POSTGRES_ONLY)('tab counts on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  const list = (token: string, condition: Record<string, unknown>, size = 5) =>
    s.call('IBmOrgService/getbmorglistbyparams', { current: 1, size, condition }, { token, menu: MENU });

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    admin = await s.login('admin');
    // The buyer's data scope holds SH01 and HN01 only, not the organisations added below.
    buyer = await s.login('buyer');
    // Seeded: SH01 and HN01, both valid. Add 7 more: C0..C6, C0, C3 and C6 invalid, C1 closing accounts.
    for (let i = 0; i < 7; i++) {
      const r = await s.call(
        'IBmOrgService/addbmorg',
        {
          condition: {
            orgNo: `C${i}`,
            orgName: `Counted ${i}`,
            statusCode: i % 3 ? '1' : '0',
            closeAcctFlag: i === 1 ? 'Y' : 'N',
          },
        },
        { token: admin, menu: MENU },
      );
      expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    }
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers the page and the counts of every value in one call', async () => {
    const r = await list(admin, { countBy: 'statusCode' });
    const data = r.body.response.data;
    expect(data.total).toBe(9);
    expect(data.records).toHaveLength(5);
    expect(data.counts).toEqual({ '1': 6, '0': 3 });
  });

  it("leaves out the counted filter's own condition but applies every other one", async () => {
    const invalid = (await list(admin, { countBy: 'statusCode', statusCode: '0' })).body.response.data;
    expect(invalid.total).toBe(3);
    expect(invalid.counts).toEqual({ '1': 6, '0': 3 });
    const named = (await list(admin, { countBy: 'statusCode', statusCode: '1', keyword: 'Counted' })).body
      .response.data;
    expect(named.total).toBe(4);
    expect(named.counts).toEqual({ '1': 4, '0': 3 });
    const closing = (await list(admin, { countBy: 'statusCode', closeAcctFlag: 'Y' })).body.response.data;
    expect(closing.records.map((o: { orgNo: string }) => o.orgNo)).toEqual(['C1']);
    expect(closing.counts).toEqual({ '1': 1 });
  });

  it('counts within the data scope, exactly as the rows', async () => {
    const r = await list(buyer, { countBy: 'statusCode' }, 100);
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    const data = r.body.response.data;
    expect(data.records.map((o: { orgNo: string }) => o.orgNo).sort()).toEqual(['HN01', 'SH01']);
    expect(data.counts).toEqual({ '1': 2 });
    const invalid = (await list(buyer, { countBy: 'statusCode', statusCode: '0' })).body.response.data;
    expect(invalid.total).toBe(0);
    expect(invalid.counts).toEqual({ '1': 2 });
  });

  it('has no counts unless asked, and refuses a countBy that is no exact-match filter', async () => {
    const plain = (await list(admin, {})).body.response.data;
    expect(plain.counts).toBeUndefined();
    for (const countBy of ['orgNameIndistinct', 'orgName', 'statusCode; drop table bmOrg']) {
      const r = await list(admin, { countBy });
      expect(r.http).toBe(400);
      expect(r.body.errorCode).toBe('10002');
    }
    expect((await list(admin, { countBy: 'statusCode' })).body.response.data.total).toBe(9);
  });
});
