// VMI and escrow stock as the warehouse system pushes it: snapshots (a later count replaces an earlier
// one, an older one is ignored and counted, the same one again changes nothing) and movements (keyed by
// the WMS's id and version, corrected and voided by newer versions), the stock now being the snapshot
// plus the valid movements after it, in exact decimals; a batch written whole or not at all, naming every
// refused record. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const KEYS = 'ISysApiKeyService';
const KEY_MENU = 'BaseManage.Config.ApiKey';

const where = { orgNo: 'SH01', warehouseNo: 'SH01-RM', supplierNo: 'SUP001', unitNo: 'PCS', kind: 'vmi' };
const snapshot = (
  itemNo: string,
  qty: string | number,
  asOf: string,
  extra: Record<string, unknown> = {},
) => ({
  ...where,
  itemNo,
  itemName: 'Hex bolt',
  qty,
  asOf,
  ...extra,
});
const move = (
  externalId: string,
  externalVersion: number,
  type: 'in' | 'out' | 'adjustment',
  qty: string | number,
  moveDate: string,
  extra: Record<string, unknown> = {},
) => ({
  ...where,
  itemNo: 'M-VMI-1',
  externalId,
  externalVersion,
  type,
  qty,
  moveDate,
  docNo: `DOC-${externalId}`,
  ...extra,
});

describe.each(BOTH_DBS)('the stock API on %s', (kind) => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    const admin = await s.login('admin');
    const made = await s.call(
      `${KEYS}/addSysApiKey`,
      { condition: { keyName: 'wms stock', entities: 'stock', orgNos: 'SH01' } },
      { token: admin, menu: KEY_MENU },
    );
    key = made.body.response.data.apiKey;
  });
  afterAll(async () => {
    await s?.close();
  });

  const post = async (path: string, body: unknown) => {
    const r = await s.server.app.inject({
      method: 'POST',
      url: `/integration/v1/${path}`,
      headers: { authorization: `Bearer ${key}`, 'accept-language': 'en-US' },
      payload: body as object,
    });
    return { status: r.statusCode, body: r.json() };
  };
  const snapshots = (list: unknown[]) => post('stock-snapshots', { snapshots: list });
  const movements = (list: unknown[]) => post('stock-movements', { movements: list });
  const stockOf = (itemNo: string) =>
    s.server.database.db
      .selectFrom('srmVmiStock')
      .select(['snapshotQty', 'qty', 'asOf', 'lastMoveAt', 'itemName'])
      .where('itemNo', '=', itemNo)
      .executeTakeFirst();

  it('takes a later count, ignores an older one, and changes nothing on a replay', async () => {
    expect(await snapshots([snapshot('M-VMI-0', '120.5', '2026-11-20T08:00:00Z')])).toMatchObject({
      status: 200,
      body: { received: 1, created: 1, updated: 0, unchanged: 0, stale: 0 },
    });
    expect((await snapshots([snapshot('M-VMI-0', '120.5', '2026-11-20T08:00:00Z')])).body).toMatchObject({
      unchanged: 1,
    });
    expect((await snapshots([snapshot('M-VMI-0', 99, '2026-11-19T08:00:00Z')])).body).toMatchObject({
      stale: 1,
    });
    expect(await stockOf('M-VMI-0')).toMatchObject({ snapshotQty: '120.5', qty: '120.5' });
    expect((await snapshots([snapshot('M-VMI-0', '0.1', '2026-11-21T08:00:00Z')])).body).toMatchObject({
      updated: 1,
    });
    expect(await stockOf('M-VMI-0')).toMatchObject({ snapshotQty: '0.1', qty: '0.1' });
  });

  it('keeps the stock now as the count plus the movements after it, corrected and voided by newer versions', async () => {
    await snapshots([snapshot('M-VMI-1', '100', '2026-11-20T12:00:00Z')]);
    const first = await movements([
      move('MV-1', 1, 'in', '0.2', '2026-11-21T09:00:00Z'),
      move('MV-2', 1, 'out', '30', '2026-11-22T09:00:00Z'),
      // Counted already by the snapshot: history, it changes nothing now.
      move('MV-0', 1, 'in', '500', '2026-11-19T09:00:00Z'),
      move('MV-3', 1, 'adjustment', '-0.1', '2026-11-23T09:00:00Z'),
    ]);
    expect(first).toMatchObject({ status: 200, body: { received: 4, created: 4 } });
    expect(await stockOf('M-VMI-1')).toMatchObject({ snapshotQty: '100', qty: '70.1' });
    const lastMove = (await stockOf('M-VMI-1'))!.lastMoveAt as Date;
    expect(lastMove.toISOString()).toBe('2026-11-23T09:00:00.000Z');

    // A replay and an older version change nothing; a newer one corrects, a void takes it back.
    expect((await movements([move('MV-2', 1, 'out', '30', '2026-11-22T09:00:00Z')])).body).toMatchObject({
      unchanged: 1,
    });
    expect((await movements([move('MV-2', 0, 'out', '1', '2026-11-22T09:00:00Z')])).body).toMatchObject({
      stale: 1,
    });
    expect(
      (
        await movements([
          move('MV-2', 2, 'out', '25', '2026-11-22T09:00:00Z'),
          move('MV-1', 2, 'in', '0.2', '2026-11-21T09:00:00Z', { voided: true }),
        ])
      ).body,
    ).toMatchObject({ updated: 2 });
    expect(await stockOf('M-VMI-1')).toMatchObject({ qty: '74.9' });

    // A new count makes the movements before it history.
    await snapshots([snapshot('M-VMI-1', '80', '2026-11-22T12:00:00Z')]);
    expect(await stockOf('M-VMI-1')).toMatchObject({ qty: '79.9' });

    // A movement never moves to another stock.
    const moved = await movements([
      move('MV-3', 2, 'adjustment', '-0.1', '2026-11-23T09:00:00Z', { itemNo: 'M-VMI-9' }),
    ]);
    expect(moved.status).toBe(422);
    expect(moved.body.error.records).toEqual([
      {
        index: 0,
        externalId: 'MV-3',
        field: 'externalId',
        message:
          'movement MV-3 was recorded for another warehouse, supplier, item or kind; void it and send a new movement',
      },
    ]);
  });

  it('writes a batch whole or not at all, naming each refused record', async () => {
    const bad = await movements([
      move('MV-OK', 1, 'in', '5', '2026-11-24T09:00:00Z', { itemNo: 'M-VMI-2' }),
      move('MV-SUP', 1, 'in', '5', '2026-11-24T09:00:00Z', { supplierNo: 'NOPE' }),
      move('MV-ORG', 1, 'in', '5', '2026-11-24T09:00:00Z', { orgNo: 'HN01' }),
      move('MV-WH', 1, 'in', '5', '2026-11-24T09:00:00Z', { warehouseNo: 'NO-SUCH-WH' }),
      move('MV-ZERO', 1, 'adjustment', '0', '2026-11-24T09:00:00Z'),
      move('MV-NEG', 1, 'out', '-3', '2026-11-24T09:00:00Z'),
      move('MV-OK', 1, 'in', '5', '2026-11-24T09:00:00Z', { itemNo: 'M-VMI-2' }),
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({
      code: '10152',
      message: '6 of 7 records were refused, so nothing was written.',
    });
    expect(bad.body.error.records.map((r: { index: number; field?: string }) => [r.index, r.field])).toEqual([
      [1, 'supplierNo'],
      [2, 'orgNo'],
      [3, 'warehouseNo'],
      [4, 'qty'],
      [5, 'qty'],
      [6, undefined],
    ]);
    expect(bad.body.error.records[2].message).toBe(
      'warehouse NO-SUCH-WH is not a warehouse of organization SH01',
    );
    expect(await stockOf('M-VMI-2')).toBeUndefined();
    const none = await s.server.database.db
      .selectFrom('srmVmiMove')
      .select('id')
      .where('externalId', '=', 'MV-OK')
      .execute();
    expect(none).toEqual([]);

    const negative = await snapshots([snapshot('M-VMI-3', '-1', '2026-11-24T09:00:00Z')]);
    expect(negative.body.error.records[0]).toMatchObject({
      field: 'qty',
      message: 'the quantity must be a number of at least 0 with at most 5 decimals',
    });
    const malformed = await snapshots([{ ...snapshot('M-VMI-3', '1', 'yesterday') }]);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.pointer).toBe('/snapshots/0/asOf');
  });

  it('takes stock only from a key allowed it, and stamps when the stock was last fed', async () => {
    const admin = await s.login('admin');
    const other = await s.call(
      `${KEYS}/addSysApiKey`,
      { condition: { keyName: 'erp orders only', entities: 'purchaseOrder', orgNos: 'SH01' } },
      { token: admin, menu: KEY_MENU },
    );
    const refused = await s.server.app.inject({
      method: 'POST',
      url: '/integration/v1/stock-snapshots',
      headers: { authorization: `Bearer ${other.body.response.data.apiKey}` },
      payload: { snapshots: [snapshot('M-VMI-4', '1', '2026-11-24T09:00:00Z')] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('10151');
    const fed = await s.server.database.db
      .selectFrom('intFeed')
      .select(['orgNo'])
      .where('entity', '=', 'stock')
      .execute();
    expect(fed).toEqual([{ orgNo: 'SH01' }]);
  });
});
