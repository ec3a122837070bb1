// The resource layer, through the organisation calls: paging, keyword, filters, sorting, locking,
// writable fields, delete all-or-nothing; and its bulk writes (unnest.ts) straight on the database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows, setColumn } from '../../services/resource/unnest.js';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Base.Basic.Organizational';

describe.each(BOTH_DBS)('the resource layer on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  const call = (method: string, body: unknown) =>
    s.call(`IBmOrgService/${method}`, body, { token: admin, menu: MENU });
  const add = async (orgNo: string, extra: Record<string, unknown> = {}) => {
    const r = await call('addbmorg', { condition: { orgNo, orgName: `Org ${orgNo}`, ...extra } });
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return r.body.response.data;
  };
  const listAll = async (condition: Record<string, unknown> = {}, paging: Record<string, unknown> = {}) =>
    (await call('getbmorglistbyparams', { current: 1, size: 100, ...paging, condition })).body.response.data;

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    admin = await s.login('admin');
    // 25 more organisations: T00..T24, every third one invalid.
    for (let i = 0; i < 25; i++) {
      await add(`T${String(i).padStart(2, '0')}`, {
        orgName: i % 2 ? `Tianjin ${i}` : `Taipei ${i}`,
        statusCode: i % 3 ? '1' : '0',
      });
    }
  });
  afterAll(async () => {
    await s?.close();
  });

  it('pages with the default size 20, answering records, total, current, pages and size', async () => {
    const r = await call('getbmorglistbyparams', { condition: {} });
    const data = r.body.response.data;
    expect(data.records).toHaveLength(20);
    expect(data).toMatchObject({
      total: 27,
      current: 1,
      pages: 2,
      size: 20,
      pageSize: 20,
      rowCount: 27,
      pageCount: 2,
      currentPage: 1,
    });
    const second = (await call('getbmorglistbyparams', { current: 2, size: 20, condition: {} })).body.response
      .data;
    expect(second.records).toHaveLength(7);
    const seen = new Set([...data.records, ...second.records].map((o: { orgNo: string }) => o.orgNo));
    expect(seen.size).toBe(27);
  });

  it('caps the result at limitCount and counts everything when it is 0', async () => {
    const capped = (
      await call('getbmorglistbyparams', { current: 1, size: 20, condition: { limitCount: 10 } })
    ).body.response.data;
    expect(capped).toMatchObject({ total: 10, pages: 1 });
    expect(capped.records).toHaveLength(10);
    const beyond = (
      await call('getbmorglistbyparams', { current: 2, size: 20, condition: { limitCount: 10 } })
    ).body.response.data;
    expect(beyond.records).toHaveLength(0);
    const all = (await call('getbmorglistbyparams', { current: 1, size: 20, condition: { limitCount: 0 } }))
      .body.response.data;
    expect(all.total).toBe(27);
  });

  it('caps the page size at 1000 instead of refusing it', async () => {
    const data = (await call('getbmorglistbyparams', { current: 1, size: 5000, condition: {} })).body.response
      .data;
    expect(data.size).toBe(1000);
    expect(data.records).toHaveLength(27);
  });

  it('sorts by updateDate descending by default and by declared fields on request', async () => {
    const latest = await add('ZZ99');
    const first = (await listAll()).records[0];
    expect(first.orgNo).toBe(latest.orgNo);
    const byNo = (await listAll({ field: 'orgNo', order: 'asc' })).records.map(
      (o: { orgNo: string }) => o.orgNo,
    );
    expect(byNo).toEqual([...byNo].sort());
    const byNameDesc = (await listAll({ field: 't1.orgName', order: 'desc' })).records.map(
      (o: { orgName: string }) => o.orgName,
    );
    expect(byNameDesc).toEqual([...byNameDesc].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    await call('deletebmorgbyids', { condition: { delList: [{ id: latest.id, version: latest.version }] } });
  });

  it('refuses an undeclared or malicious sort field before any SQL carries it', async () => {
    const seen: string[] = [];
    const stop = s.server.database.onQuery((text) => seen.push(text));
    const attacks = [
      'orgNo; drop table bm_org',
      'pwd_hash',
      'closeAcctRemark',
      '(select 1)',
      't1.org_no desc, (select pg_sleep(1))',
    ];
    for (const field of attacks) {
      const r = await call('getbmorglistbyparams', { condition: { field, order: 'asc' } });
      expect(r.http).toBe(400);
      expect(r.body.errorCode).toBe('10006');
      expect(r.body.errorMessage).toContain('Cannot sort by');
    }
    stop();
    for (const text of seen) for (const field of attacks) expect(text).not.toContain(field);
    expect((await listAll()).total).toBe(27);
  });

  it('matches the keyword on number, name and short name, case-insensitively, with LIKE characters taken literally', async () => {
    expect((await listAll({ keyword: 'taipei' })).total).toBe(13);
    expect((await listAll({ keyword: 'T1' })).records.map((o: { orgNo: string }) => o.orgNo).sort()).toEqual([
      'T10',
      'T11',
      'T12',
      'T13',
      'T14',
      'T15',
      'T16',
      'T17',
      'T18',
      'T19',
    ]);
    expect((await listAll({ keyword: '%' })).total).toBe(0);
    expect((await listAll({ keyword: "' or 1=1 --" })).total).toBe(0);
  });

  it('applies the declared filters', async () => {
    expect((await listAll({ orgNoIndistinct: 't2' })).total).toBe(5);
    expect((await listAll({ orgNameIndistinct: 'tianjin' })).total).toBe(12);
    expect((await listAll({ statusCode: '0' })).total).toBe(9);
    expect((await listAll({ statusCode: '1', orgNameIndistinct: 'tianjin' })).total).toBe(8);
    const bad = await call('getbmorglistbyparams', { condition: { statusCode: '7' } });
    expect(bad).toMatchObject({ http: 400, body: { errorCode: '10002' } });
  });

  it('writes only declared writable fields and sets the audit fields itself', async () => {
    const r = await call('addbmorg', {
      condition: {
        orgNo: 'W01',
        orgName: 'Writable',
        createName: 'mallory',
        createDate: '2000-01-01',
        version: 99,
        id: '00000000-0000-0000-0000-000000000000',
        isAdmin: true,
      },
    });
    const row = r.body.response.data;
    expect(row).toMatchObject({
      orgNo: 'W01',
      version: 1,
      createName: 'Administrator',
      updateName: 'Administrator',
    });
    expect(row.id).not.toBe('00000000-0000-0000-0000-000000000000');
    expect(new Date(row.createDate).getFullYear()).toBeGreaterThan(2020);
    // orgNo is written on add only; createName never.
    const u = await call('updatebmorgbyid', {
      condition: { id: row.id, version: 1, orgNo: 'CHANGED', orgName: 'Renamed', createName: 'mallory' },
    });
    expect(u.body.response.data).toMatchObject({
      orgNo: 'W01',
      orgName: 'Renamed',
      createName: 'Administrator',
      version: 2,
    });
  });

  it('refuses a stale version on update and on delete, changing nothing', async () => {
    const org = await add('V01', { orgName: 'Versioned' });
    const first = await call('updatebmorgbyid', {
      condition: { id: org.id, version: 1, orgName: 'First save' },
    });
    expect(first.body.response.data.version).toBe(2);
    const stale = await call('updatebmorgbyid', {
      condition: { id: org.id, version: 1, orgName: 'Second save' },
    });
    expect(stale.body).toMatchObject({ status: 409, code: '10007', response: null });
    const staleDelete = await call('deletebmorgbyids', {
      condition: { delList: [{ id: org.id, version: 1 }] },
    });
    expect(staleDelete.body.code).toBe('10007');
    const now = await call('getbmorgbyid', { condition: { id: org.id } });
    expect(now.body.response.data).toMatchObject({ orgName: 'First save', version: 2 });
  });

  it('deletes every listed row or none', async () => {
    const a = await add('D01');
    const b = await add('D02');
    const mixed = await call('deletebmorgbyids', {
      condition: {
        delList: [
          { id: a.id, version: 1 },
          { id: b.id, version: 5 },
        ],
      },
    });
    expect(mixed.body.code).toBe('10007');
    expect((await listAll({ orgNoIndistinct: 'D0' })).total).toBe(2);
    const both = await call('deletebmorgbyids', {
      condition: {
        delList: [
          { id: a.id, version: 1 },
          { id: b.id, version: 1 },
        ],
      },
    });
    expect(both.body.response.data).toEqual({ deleted: 2 });
    expect((await listAll({ orgNoIndistinct: 'D0' })).total).toBe(0);
    const gone = await call('getbmorgbyid', { condition: { id: a.id } });
    expect(gone.body).toMatchObject({ status: 404, code: '10008' });
  });

  it('answers a duplicate number with 50M01 and a record in use with 10016', async () => {
    const dup = await call('addbmorg', { condition: { orgNo: 'SH01', orgName: 'Again' } });
    expect(dup.body).toMatchObject({
      status: 409,
      code: '50M01',
      msg: 'Organization code "SH01" already exists.',
    });
    const sh01 = (await listAll({ orgNoIndistinct: 'SH01' })).records[0];
    const inUse = await call('deletebmorgbyids', {
      condition: { delList: [{ id: sh01.id, version: sh01.version }] },
    });
    expect(inUse.body).toMatchObject({ code: '10016' });
    expect((await listAll({ orgNoIndistinct: 'SH01' })).total).toBe(1);
  });

  it('validates types, lengths, patterns and date order before writing', async () => {
    const cases: [unknown, string][] = [
      [{ orgName: 'No number' }, 'Organization code is required'],
      [{ orgNo: 'X1', orgName: 5 }, 'Organization name must be a text'],
      [{ orgNo: 'bad no!', orgName: 'x' }, 'Organization code has an invalid format'],
      [{ orgNo: 'X2', orgName: 'x'.repeat(101) }, 'at most 100 characters'],
      [{ orgNo: 'X3', orgName: 'x', closeAcctStartDate: '2024-13-45' }, 'must be a valid date'],
      [{ orgNo: 'X5', orgName: 'nul\u0000byte' }, 'Organization name has an invalid format'],
    ];
    for (const [condition, text] of cases) {
      const r = await call('addbmorg', { condition });
      expect(r.http, JSON.stringify(condition)).toBe(400);
      expect(r.body.errorCode).toBe('10002');
      expect(r.body.errorMessage).toContain(text);
    }
    const order = await call('addbmorg', {
      condition: {
        orgNo: 'X4',
        orgName: 'x',
        closeAcctStartDate: '2024-05-01',
        closeAcctEndDate: '2024-04-01',
      },
    });
    expect(order.body).toMatchObject({ code: '10017' });
    expect((await listAll({ orgNoIndistinct: 'X' })).total).toBe(0);
  });

  it('writes many rows in one statement, each value as sent, and sets a column row by row', async () => {
    const { db } = s.server.database;
    const docId = randomUUID();
    const awkward = ['a "quoted", {braced} value', 'back\\slash\\', 'NULL', '', 'line\nbreak', '中文 ✓'];
    await insertRows(db, 'intOutbox', [
      ...awkward.map((docNo, i) => ({
        event: 'test.bulk',
        docKind: 'bulk',
        docId,
        docNo,
        orgNo: 'SH01',
        supplierNo: i % 2 ? null : 'SUP001',
        payload: { seq: i, text: docNo, nested: { list: [1, '2', null] } },
      })),
      // Without a payload: the column's default.
      { event: 'test.bulk', docKind: 'bulk', docId, docNo: 'defaulted', orgNo: 'SH01' },
    ]);
    const rows = await db
      .selectFrom('intOutbox')
      .select(['id', 'docNo', 'supplierNo', 'payload'])
      .where('docId', '=', docId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.docNo)).toEqual([...awkward, 'defaulted']);
    expect(rows.map((r) => r.supplierNo)).toEqual(['SUP001', null, 'SUP001', null, 'SUP001', null, null]);
    expect(rows[0].payload).toEqual({ seq: 0, text: awkward[0], nested: { list: [1, '2', null] } });
    expect(rows[6].payload).toEqual({});

    // A table keyed by uuid: the ids are made for the rows.
    await insertRows(
      db,
      'sysDocHistory',
      Array.from({ length: 3 }, () => ({ docKind: 'bulk', docId, transition: 't', toStatus: '1' })),
    );
    const history = await db.selectFrom('sysDocHistory').select('id').where('docId', '=', docId).execute();
    expect(new Set(history.map((h) => h.id)).size).toBe(3);

    await setColumn(
      db,
      'intOutbox',
      'docNo',
      new Map([
        [String(rows[0].id), 'first, "changed"'],
        [String(rows[1].id), null],
      ]),
    );
    const changed = await db
      .selectFrom('intOutbox')
      .select('docNo')
      .where('docId', '=', docId)
      .orderBy('id')
      .execute();
    expect(changed.map((r) => r.docNo)).toEqual(['first, "changed"', null, ...awkward.slice(2), 'defaulted']);
  });
});
