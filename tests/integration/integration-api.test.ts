// The integration API as the ERP meets it: keys (created once, scoped, revoked), orders pushed in
// all-or-nothing batches (replays change nothing, older versions are ignored, changed lines are to be
// answered again, moved lines are not the ERP's any more), and the outbox of the supplier's answers,
// written in the answer's own transaction and read after a cursor. Both databases: arrays, numeric,
// jsonb and identity columns differ by driver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DBS, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const KEYS = 'ISysApiKeyService';
const KEY_MENU = 'BaseManage.Config.ApiKey';
const LINES = 'ISupSrmPurchaseService';
const ORDER_MENU = 'Offsite.User.Order';

const line = (purchaseSeq: number, extra: Record<string, unknown> = {}) => ({
  purchaseSeq,
  itemNo: 'M-1001',
  itemName: 'Hex bolt',
  unitNo: 'PCS',
  batchPurQty: '100',
  price: '0.5',
  taxRate: '13',
  expectArrivalDate: '2026-12-20',
  ...extra,
});
const order = (purchaseNo: string, externalVersion: number, extra: Record<string, unknown> = {}) => ({
  externalId: `ERP-${purchaseNo}`,
  externalVersion,
  purchaseNo,
  orgNo: 'SH01',
  supplierNo: 'SUP001',
  orderType: '1',
  currency: 'CNY',
  purchaseDate: '2026-12-01',
  lines: [line(10), line(20, { itemNo: 'M-2001', batchPurQty: 40 })],
  ...extra,
});

describe.each(BOTH_DBS)('the integration API on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let supplier1: string;
  let key: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [admin, supplier1] = await Promise.all([s.login('admin'), s.login('supplier1')]);
    key = await newKey('erp', 'purchaseOrder,event', 'SH01');
  });
  afterAll(async () => {
    await s?.close();
  });

  async function newKey(keyName: string, entities: string, orgNos: string): Promise<string> {
    const r = await s.call(
      `${KEYS}/addSysApiKey`,
      { condition: { keyName, entities, orgNos } },
      {
        token: admin,
        menu: KEY_MENU,
      },
    );
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data.apiKey;
  }
  const api = async (method: 'GET' | 'POST', url: string, body?: unknown, auth: string | null = key) => {
    const r = await s.server.app.inject({
      method,
      url: `/integration/v1${url}`,
      headers: { ...(auth ? { authorization: `Bearer ${auth}` } : {}), 'accept-language': 'en-US' },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: r.statusCode, body: r.json() };
  };
  const push = (orders: unknown[], auth?: string) => api('POST', '/purchase-orders', { orders }, auth);
  const linesOf = async (purchaseNo: string) => {
    const r = await s.call(
      `${LINES}/getSrmPurchasePage`,
      { condition: { purchaseNo } },
      {
        token: supplier1,
        menu: ORDER_MENU,
      },
    );
    return (r.body.response.data.records as Record<string, unknown>[]).sort(
      (a, b) => Number(a.purchaseSeq) - Number(b.purchaseSeq),
    );
  };

  it('keeps a key only as its hash, shows it once, and refuses the wrong doors', async () => {
    expect(key).toMatch(/^srm_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    const listed = await s.call(
      `${KEYS}/getSysApiKeyList`,
      { condition: {} },
      { token: admin, menu: KEY_MENU },
    );
    const row = listed.body.response.data.records.find((k: { keyName: string }) => k.keyName === 'erp');
    expect(row).toMatchObject({ keyPrefix: key.slice(4, 12), statusCode: '1' });
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(13));
    expect(row.keyHash).toBeUndefined();

    expect((await api('GET', '/events', undefined, null)).body.error.code).toBe('10150');
    expect((await api('GET', '/events', undefined, `${key.slice(0, -1)}x`)).status).toBe(401);
    // A user's session token is no key; a key is no session.
    expect((await api('GET', '/events', undefined, supplier1)).status).toBe(401);
    const portal = await s.call(
      `${LINES}/getSrmPurchasePage`,
      { condition: {} },
      { token: key, menu: ORDER_MENU },
    );
    expect(portal.http).toBe(401);
    expect(portal.body.errorCode).toBe('10004');
    // A key for events only may not push orders.
    const reader = await newKey('reader', 'event', 'SH01');
    const refused = await push([order('PO-KEY-1', 1)], reader);
    expect(refused).toMatchObject({ status: 403, body: { error: { code: '10151' } } });

    // Each use of a key is a security event of the operation log: the key, the call, the result and
    // the address; a call without a valid key is kept as a failure of nobody.
    await api('GET', '/events?limit=1');
    const logged = () =>
      s.server.database.db
        .selectFrom('sysOperationLog')
        .select(['userNo', 'userName', 'method', 'result', 'resultCode', 'clientIp'])
        .where('service', '=', 'integration')
        .orderBy('operateDate')
        .execute();
    // The rows are written after the answers went out.
    for (let i = 0; i < 100 && (await logged()).length < 5; i++) await new Promise((r) => setTimeout(r, 20));
    const uses = await logged();
    // (Written after each answer, so not necessarily in the calls' order.)
    const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
    expect(sorted(uses.map((u) => [u.userNo, u.method, u.result, u.resultCode]))).toEqual(
      sorted([
        [null, 'GET /integration/v1/events', 'failure', '10150'],
        [null, 'GET /integration/v1/events', 'failure', '10150'],
        [null, 'GET /integration/v1/events', 'failure', '10150'],
        ['reader', 'POST /integration/v1/purchase-orders', 'failure', '10151'],
        ['erp', 'GET /integration/v1/events', 'success', '0'],
      ]),
    );
    expect(uses.find((u) => u.userNo === 'erp')).toMatchObject({
      userName: 'API key',
      clientIp: expect.stringMatching(/\S/),
    });
  });

  it('creates orders, replays change nothing, older versions are ignored and counted', async () => {
    const first = await push([order('PO-ERP-1', 1), order('PO-ERP-2', 1)]);
    expect(first).toMatchObject({
      status: 200,
      body: { received: 2, created: 2, updated: 0, unchanged: 0, stale: 0 },
    });
    const lines = await linesOf('PO-ERP-1');
    expect(lines.map((l) => [l.purchaseSeq, l.batchPurQty, l.amount, l.taxAmount, l.answerStatus])).toEqual([
      [10, '100', '50', '6.5', '0'],
      [20, '40', '20', '2.6', '0'],
    ]);
    // A unit the portal knows is named; the ERP's own unit code stands for itself.
    await push([
      order('PO-ERP-U', 1, {
        lines: [
          line(10, { itemName: 'Renamed by the ERP' }),
          line(20, { unitNo: 'DRUM', itemNo: 'ERP-NEW-1' }),
        ],
      }),
    ]);
    expect((await linesOf('PO-ERP-U')).map((l) => [l.unitNo, l.unitName])).toEqual([
      ['PCS', 'Piece'],
      ['DRUM', 'DRUM'],
    ]);
    // Items are the ERP's: one the item master lacks is created there, with its unit; one it holds is
    // left as the portal keeps it.
    const items = await s.server.database.db
      .selectFrom('bmItem')
      .select(['itemNo', 'itemName', 'unitNo', 'createName'])
      .where('orgNo', '=', 'SH01')
      .where('itemNo', 'in', ['M-1001', 'ERP-NEW-1'])
      .orderBy('itemNo')
      .execute();
    expect(items).toEqual([
      { itemNo: 'ERP-NEW-1', itemName: 'Hex bolt', unitNo: 'DRUM', createName: 'erp' },
      expect.objectContaining({ itemNo: 'M-1001', itemName: expect.not.stringContaining('Renamed') }),
    ]);
    const drum = await s.server.database.db
      .selectFrom('bmUnit')
      .select(['unitName'])
      .where('orgNo', '=', 'SH01')
      .where('unitNo', '=', 'DRUM')
      .execute();
    expect(drum).toEqual([{ unitName: 'DRUM' }]);
    const replay = await push([order('PO-ERP-1', 1), order('PO-ERP-2', 1)]);
    expect(replay.body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect((await linesOf('PO-ERP-1')).map((l) => l.version)).toEqual(lines.map((l) => l.version));
    await push([
      order('PO-ERP-1', 3, {
        lines: [line(10, { batchPurQty: '120' }), line(20, { itemNo: 'M-2001', batchPurQty: 40 })],
      }),
    ]);
    const older = await push([order('PO-ERP-1', 2, { lines: [line(10, { batchPurQty: '1' })] })]);
    expect(older.body).toMatchObject({ stale: 1, updated: 0 });
    expect((await linesOf('PO-ERP-1'))[0].batchPurQty).toBe('120');
  });

  it('writes a batch whole or not at all, naming each refused record and field', async () => {
    const bad = await push([
      order('PO-ERP-OK', 1),
      order('PO-ERP-BAD', 1, { supplierNo: 'NOPE' }),
      order('PO-ERP-HN', 1, { orgNo: 'HN01', supplierNo: 'SUP002' }),
      order('PO-ERP-QTY', 1, { lines: [line(10, { batchPurQty: '0' })] }),
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({
      code: '10152',
      message: '3 of 4 records were refused, so nothing was written.',
    });
    expect(bad.body.error.records).toEqual([
      {
        index: 1,
        externalId: 'ERP-PO-ERP-BAD',
        purchaseNo: 'PO-ERP-BAD',
        field: 'supplierNo',
        message: 'supplier NOPE does not exist in the portal',
      },
      {
        index: 2,
        externalId: 'ERP-PO-ERP-HN',
        purchaseNo: 'PO-ERP-HN',
        field: 'orgNo',
        message: 'organization HN01 is not served by this key',
      },
      {
        index: 3,
        externalId: 'ERP-PO-ERP-QTY',
        purchaseNo: 'PO-ERP-QTY',
        field: 'lines.1.batchPurQty',
        message: 'line 1: batchPurQty is not a valid quantity or amount',
      },
    ]);
    expect(await linesOf('PO-ERP-OK')).toEqual([]);
    // The schema refuses before anything is read, naming where.
    const malformed = await push([{ ...order('PO-ERP-X', 1), lines: [{ purchaseSeq: 1 }] }]);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({ code: '10002', pointer: '/orders/0/lines/0' });
    // A line's warehouse must be one of the organisation's: another's is refused like an unknown one.
    const elsewhere = await push([
      order('PO-ERP-WH', 1, {
        lines: [line(10, { warehouseNo: 'SH01-RM' }), line(20, { warehouseNo: 'HN01-RM' })],
      }),
    ]);
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.error.records).toEqual([
      {
        index: 0,
        externalId: 'ERP-PO-ERP-WH',
        purchaseNo: 'PO-ERP-WH',
        field: 'lines.2.warehouseNo',
        message: 'warehouse HN01-RM is not a warehouse of organization SH01',
      },
    ]);
    expect(await linesOf('PO-ERP-WH')).toEqual([]);
    // A refused batch creates no item either.
    await push([
      order('PO-ERP-WH2', 1, {
        lines: [line(10, { itemNo: 'ERP-NEVER' }), line(20, { warehouseNo: 'HN01-RM' })],
      }),
    ]);
    const never = await s.server.database.db
      .selectFrom('bmItem')
      .select('itemNo')
      .where('itemNo', '=', 'ERP-NEVER')
      .execute();
    expect(never).toEqual([]);
  });

  it('a changed line is to be answered again; a moved line is no longer the ERP’s', async () => {
    await push([order('PO-ERP-CH', 1)]);
    const [ten, twenty] = await linesOf('PO-ERP-CH');
    const accept = await s.call(
      `${LINES}/acceptSrmPurchase`,
      {
        condition: {
          rows: [
            { id: ten.id, version: ten.version },
            { id: twenty.id, version: twenty.version },
          ],
        },
      },
      { token: supplier1, menu: ORDER_MENU },
    );
    expect(accept.body.code, accept.body.msg).toBe('0');
    const changed = await push([
      order('PO-ERP-CH', 2, {
        lines: [
          line(10, { expectArrivalDate: '2026-12-24' }),
          line(20, { itemNo: 'M-2001', batchPurQty: 40 }),
        ],
      }),
    ]);
    expect(changed.body).toMatchObject({ updated: 1 });
    const after = await linesOf('PO-ERP-CH');
    expect(after.map((l) => l.answerStatus)).toEqual(['3', '1']);
    const history = await s.call(
      `${LINES}/getSrmPurchaseHistory`,
      { condition: { id: ten.id } },
      { token: supplier1, menu: ORDER_MENU },
    );
    expect(history.body.response.data.at(-1)).toMatchObject({
      transition: 'erpChange',
      fromStatus: '1',
      toStatus: '3',
      source: 'integration',
      userName: 'erp',
    });

    // Goods on their way: the warehouse's business now (set here as the receipt flow will).
    await s.server.database.db
      .updateTable('srmPurchase')
      .set({ deliveryQty: '10' })
      .where('id', '=', twenty.id as string)
      .execute();
    const late = await push([
      order('PO-ERP-CH', 3, {
        lines: [
          line(10, { expectArrivalDate: '2026-12-24' }),
          line(20, { itemNo: 'M-2001', batchPurQty: 5 }),
        ],
      }),
    ]);
    expect(late.status).toBe(422);
    expect(late.body.error.records[0].message).toBe(
      'line 20/1/1 has goods shipped or received in the portal and can no longer be changed or canceled',
    );
    const cancel = await push([
      order('PO-ERP-CH', 3, { lines: [line(20, { itemNo: 'M-2001', batchPurQty: 40, cancelled: true })] }),
    ]);
    expect(cancel.status).toBe(422);
    expect((await linesOf('PO-ERP-CH')).map((l) => l.batchPurQty)).toEqual(['100', '40']);
  });

  it('publishes each answer to the outbox in its own transaction, read in order after a cursor', async () => {
    const start = (await api('GET', '/events?limit=1000')).body.next as string;
    await push([order('PO-ERP-EV', 1)]);
    const [ten, twenty] = await linesOf('PO-ERP-EV');
    // A refused transition (no reason) writes no event.
    const bare = await s.call(
      `${LINES}/refuseSrmPurchase`,
      { condition: { rows: [{ id: twenty.id, version: twenty.version }] } },
      { token: supplier1, menu: ORDER_MENU },
    );
    expect(bare.body.code).toBe('10143');
    await s.call(
      `${LINES}/acceptSrmPurchase`,
      { condition: { rows: [{ id: ten.id, version: ten.version }] } },
      { token: supplier1, menu: ORDER_MENU },
    );
    await s.call(
      `${LINES}/refuseSrmPurchase`,
      { condition: { rows: [{ id: twenty.id, version: twenty.version }], reason: 'No stock' } },
      { token: supplier1, menu: ORDER_MENU },
    );

    const page = await api('GET', `/events?after=${start}`);
    expect(page.status).toBe(200);
    expect(page.body.events.map((e: { event: string; docNo: string }) => [e.event, e.docNo])).toEqual([
      ['purchaseOrder.lineAccepted', 'PO-ERP-EV/10'],
      ['purchaseOrder.lineRefused', 'PO-ERP-EV/20'],
    ]);
    expect(page.body.events[0]).toMatchObject({
      orgNo: 'SH01',
      supplierNo: 'SUP001',
      payload: {
        transition: 'accept',
        from: '0',
        to: '1',
        source: 'portal',
        fields: { promiseQty: '100', promiseDate: '2026-12-20', externalId: 'ERP-PO-ERP-EV/10/1/1' },
      },
    });
    expect(page.body.events[1].payload.reason).toBe('No stock');
    // After the last one: nothing new; a key of another organisation sees none of them.
    expect((await api('GET', `/events?after=${page.body.next}`)).body.events).toEqual([]);
    const hanoi = await newKey('hanoi', 'event', 'HN01');
    expect((await api('GET', `/events?after=${start}`, undefined, hanoi)).body.events).toEqual([]);
  });

  it('names each batch of a line apart: in messages, the history and the events', async () => {
    const start = (await api('GET', '/events?limit=1000')).body.next as string;
    const batches = [line(10, { batchPurQty: '60' }), line(10, { batchSeq: 2, batchPurQty: '40' })];
    expect((await push([order('PO-ERP-BT', 1, { lines: batches })])).status).toBe(200);
    const second = (await linesOf('PO-ERP-BT')).find((l) => l.batchSeq === 2)!;
    const accept = (rows: Record<string, unknown>[]) =>
      s.call(
        `${LINES}/acceptSrmPurchase`,
        { condition: { rows: rows.map((r) => ({ id: r.id, version: r.version })) } },
        { token: supplier1, menu: ORDER_MENU },
      );
    expect((await accept([second])).body.code).toBe('0');
    const again = await accept((await linesOf('PO-ERP-BT')).filter((l) => l.batchSeq === 2));
    expect(again.body.msg).toBe('Accept is not possible: "PO-ERP-BT/10.2" is Accepted.');
    // In a batch of both, only the second is refused, by its name; nothing is written.
    const both = await accept(await linesOf('PO-ERP-BT'));
    expect(both.body.code).toBe('10141');
    expect(both.body.response.data.refused).toEqual([
      expect.objectContaining({ id: second.id, docNo: 'PO-ERP-BT/10.2' }),
    ]);
    const states = (await linesOf('PO-ERP-BT')).map((l) => [l.batchSeq, l.answerStatus]);
    expect(states.sort()).toEqual([
      [1, '0'],
      [2, '1'],
    ]);
    const history = await s.server.database.db
      .selectFrom('sysDocHistory')
      .select(['docNo', 'transition'])
      .where('docId', '=', second.id as string)
      .execute();
    expect(history).toEqual([{ docNo: 'PO-ERP-BT/10.2', transition: 'accept' }]);
    const events = (await api('GET', `/events?after=${start}`)).body.events as { docNo: string }[];
    expect(events.map((e) => e.docNo)).toEqual(['PO-ERP-BT/10.2']);

    // The order shows its lines by line number, then phase and batch, however the ERP sent them.
    const batched = [
      line(10, { batchSeq: 3 }),
      line(10),
      line(10, { batchSeq: 2 }),
      line(20, { batchSeq: 2 }),
      line(20),
    ];
    expect((await push([order('PO-ERP-BO', 1, { lines: batched })])).status).toBe(200);
    const head = await s.call(
      'ISupSrmPurchaseHeadService/getSrmPurchaseHeadById',
      { condition: { id: (await linesOf('PO-ERP-BO'))[0].headId } },
      { token: supplier1, menu: ORDER_MENU },
    );
    const ordered = head.body.response.data.lineList as { purchaseSeq: number; batchSeq: number }[];
    expect(ordered.map((l) => `${l.purchaseSeq}.${l.batchSeq}`)).toEqual([
      '10.1',
      '10.2',
      '10.3',
      '20.1',
      '20.2',
    ]);

    // A date change asked for the batch keeps its sequences and its name.
    const accepted = (await linesOf('PO-ERP-BT')).find((l) => l.batchSeq === 2)!;
    const asked = await s.call(
      'ISupSrmPurchaseDateChangeService/requestDateChange',
      {
        condition: {
          rows: [{ id: accepted.id, version: accepted.version }],
          newDate: '2026-12-28',
          reason: 'Second batch later',
        },
      },
      { token: supplier1, menu: ORDER_MENU },
    );
    expect(asked.body.code, asked.body.msg).toBe('0');
    const request = await s.server.database.db
      .selectFrom('srmPurchaseDateChange')
      .select(['id', 'phaseSeq', 'batchSeq'])
      .where('lineId', '=', second.id as string)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ phaseSeq: 1, batchSeq: 2 });
    const named = await s.server.database.db
      .selectFrom('sysDocHistory')
      .select('docNo')
      .where('docId', '=', request.id)
      .execute();
    expect(named).toEqual([{ docNo: 'PO-ERP-BT/10.2' }]);
  });

  it('a revoked key opens nothing, and its history says who revoked it and why', async () => {
    const doomed = await newKey('doomed', 'event', 'SH01');
    expect((await api('GET', '/events', undefined, doomed)).status).toBe(200);
    const listed = await s.call(
      `${KEYS}/getSysApiKeyList`,
      { condition: { keyName: 'doomed' } },
      { token: admin, menu: KEY_MENU },
    );
    const row = listed.body.response.data.records[0];
    expect(row).toMatchObject({ requestCount: 1 });
    expect(row.lastUsed).toBeTruthy();
    const revoked = await s.call(
      `${KEYS}/revokeSysApiKey`,
      { condition: { rows: [{ id: row.id, version: row.version }], reason: 'Leaked' } },
      { token: admin, menu: KEY_MENU },
    );
    expect(revoked.body.code, revoked.body.msg).toBe('0');
    expect((await api('GET', '/events', undefined, doomed)).body.error.code).toBe('10150');
  });
});

describe.each(POSTGRES_ONLY)('the integration API’s budget per key on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer({
      database: kind,
      config: { scheduler: false, integrationRate: { max: 3, windowMinutes: 1 } },
    });
    admin = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
  });

  const newKey = async (keyName: string) => {
    const r = await s.call(
      `${KEYS}/addSysApiKey`,
      { condition: { keyName, entities: 'purchaseOrder,event', orgNos: 'SH01' } },
      { token: admin, menu: KEY_MENU },
    );
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data.apiKey as string;
  };
  const api = async (method: 'GET' | 'POST', url: string, key: string, body?: unknown) => {
    const r = await s.server.app.inject({
      method,
      url: `/integration/v1${url}`,
      headers: { authorization: `Bearer ${key}`, 'accept-language': 'en-US' },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: r.statusCode, headers: r.headers, body: r.json() };
  };

  it('refuses a key past its calls in the window, writing nothing, while another key goes on', async () => {
    const [busy, other] = [await newKey('busy'), await newKey('other')];
    for (let i = 0; i < 3; i++) expect((await api('GET', '/events', busy)).status).toBe(200);
    const over = await api('POST', '/purchase-orders', busy, { orders: [order('PO-RATE-1', 1)] });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('10153');
    expect(over.body.error.message).toMatch(/^This key has made too many calls; please wait \d+ seconds/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Nothing of the refused batch was written.
    const orders = await s.server.database.db
      .selectFrom('srmPurchaseHead')
      .select('purchaseNo')
      .where('purchaseNo', '=', 'PO-RATE-1')
      .execute();
    expect(orders).toEqual([]);
    // The budget is the key's, not the address's: another key from the same client still works.
    expect((await api('POST', '/purchase-orders', other, { orders: [order('PO-RATE-1', 1)] })).status).toBe(
      200,
    );
    // An unknown key is refused as such, not counted against anyone.
    expect((await api('GET', '/events', `${busy.slice(0, -1)}x`)).body.error.code).toBe('10150');
  });
});
