// Inventory synergy (ISupSrmVmiService): the VMI and escrow stock and its movements as the warehouse
// reports them, read by both sides. Each supplier sees its own supplier's rows only, in lists, tab
// counts, gets and exports; the buyer sees every supplier's within its organisations; names come with
// the codes; quantities are exact decimals; the period and "stock above zero" narrow lists and exports
// alike; "Stock sync" asks the ERP for stock through the outbox. Numeric values, timestamps and the
// day arithmetic of the period differ by driver, so both databases.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const SERVICE = 'ISupSrmVmiService';
const QUERY = 'Offsite.Vmi.Query';
const MOVES = 'Offsite.Vmi.PeriodMovement';
const DAY = 86_400_000;

type Row = Record<string, unknown>;

describe.each(BOTH_DBS)('VMI stock and movements on %s', (kind) => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    for (const u of ['admin', 'buyer', 'supplier1', 'supplier2']) tokens[u] = await s.login(u);
    const db = s.server.database.db;
    const now = Date.now();
    const stock = (
      orgNo: string,
      warehouseNo: string,
      supplierNo: string,
      itemNo: string,
      itemName: string,
      stockKind: string,
      qty: string,
      snapshotQty: string,
    ) => ({
      orgNo,
      warehouseNo,
      supplierNo,
      itemNo,
      itemName,
      unitNo: 'PCS',
      stockKind,
      qty,
      snapshotQty,
      asOf: new Date(now - 3 * DAY),
      lastMoveAt: new Date(now - DAY),
    });
    const stocks = await db
      .insertInto('srmVmiStock')
      .values([
        stock('SH01', 'SH01-RM', 'SUP001', 'VMI-BOLT', 'Hex bolt M8', '1', '12.5', '0'),
        stock('SH01', 'SH01-FG', 'SUP001', 'VMI-NUT', 'Hex nut M8', '2', '0', '40'),
        stock('SH01', 'SH01-RM', 'SUP001', 'VMI-PIN', 'Dowel pin', '1', '999999999999999.99999', '1'),
        stock('SH01', 'SH01-RM', 'SUP001', 'VMI-SHIM', 'Shim 0.1', '1', '0.00001', '0'),
        stock('HN01', 'HN01-RM', 'SUP002', 'VMI-CAP', 'Plastic cap', '1', '300', '300'),
        // Supplier2's stock in supplier1's organisation: only the supplier scope hides it from supplier1.
        stock('SH01', 'SH01-RM', 'SUP002', 'VMI-WASHER', 'Nylon washer', '1', '50', '50'),
        // An organisation outside the buyer's scope.
        stock('XX01', 'XX01-RM', 'SUP001', 'VMI-ELSEWHERE', 'Elsewhere', '1', '1', '1'),
      ])
      .returning(['id', 'itemNo'])
      .execute();
    for (const r of stocks) ids[r.itemNo] = r.id;
    const move = (
      externalId: string,
      orgNo: string,
      warehouseNo: string,
      supplierNo: string,
      itemNo: string,
      moveType: string,
      qty: string,
      daysAgo: number,
      extra: Row = {},
    ) => ({
      externalId,
      externalVersion: 1,
      orgNo,
      warehouseNo,
      supplierNo,
      itemNo,
      itemName: `${itemNo} name`,
      unitNo: 'PCS',
      stockKind: '1',
      moveType,
      qty,
      moveDate: new Date(now - daysAgo * DAY),
      ...extra,
    });
    const moves = await db
      .insertInto('srmVmiMove')
      .values([
        move('WMS-M1', 'SH01', 'SH01-RM', 'SUP001', 'VMI-BOLT', '1', '20.25', 2, { docNo: 'GR-VMI-1' }),
        move('WMS-M2', 'SH01', 'SH01-RM', 'SUP001', 'VMI-BOLT', '2', '-7.75', 1, {
          docNo: 'ISS-VMI-1',
          remark: 'to line 3',
        }),
        move('WMS-M3', 'SH01', 'SH01-RM', 'SUP001', 'VMI-BOLT', '3', '-0.00001', 1, { voided: 'Y' }),
        // At noon (UTC) 60 days ago: the same day in any time zone the database may use.
        move('WMS-M4', 'SH01', 'SH01-RM', 'SUP001', 'VMI-BOLT', '1', '5', 60, {
          docNo: 'GR-VMI-OLD',
          moveDate: new Date(`${new Date(now - 60 * DAY).toISOString().slice(0, 10)}T12:00:00Z`),
        }),
        move('WMS-M5', 'HN01', 'HN01-RM', 'SUP002', 'VMI-CAP', '1', '300', 2, { docNo: 'GR-HN-1' }),
        move('WMS-M6', 'SH01', 'SH01-RM', 'SUP002', 'VMI-WASHER', '1', '50', 2, { docNo: 'GR-SH-2' }),
      ])
      .returning(['id', 'externalId'])
      .execute();
    for (const r of moves) ids[r.externalId] = r.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: string, condition: unknown, user: string, menu: string, extra: Row = {}) =>
    s.call(`${SERVICE}/${method}`, { condition, ...extra }, { token: tokens[user], menu });
  async function page(method: string, condition: Row, user: string, menu: string) {
    const r = await call(method, condition, user, menu, { size: 100 });
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return r.body.response.data as { records: Row[]; total: number; counts?: Record<string, number> };
  }
  const stockOf = (user: string, condition: Row = {}) => page('getVmiStockPage', condition, user, QUERY);
  const movesOf = (user: string, condition: Row = {}) => page('getVmiMovePage', condition, user, MOVES);
  const items = (rows: Row[]) => rows.map((r) => r.itemNo).sort();

  /** The first sheet of an export, as rows of cell values (header first). */
  async function sheet(method: string, user: string, menu: string, condition: Row = {}) {
    const res = await fetch(`${s.url}${API_PATH}/${SERVICE}/${method}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': tokens[user],
        'app-module-number': menu,
        'accept-language': 'en-US',
      },
      body: JSON.stringify({ condition }),
    });
    expect(res.headers.get('content-type'), await res.clone().text()).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it("shows each supplier its own supplier's stock only, with names beside the codes", async () => {
    const mine = await stockOf('supplier1', { countBy: 'stockKind' });
    expect(items(mine.records)).toEqual(['VMI-BOLT', 'VMI-NUT', 'VMI-PIN', 'VMI-SHIM']);
    expect(mine.counts).toEqual({ '1': 3, '2': 1 });
    const bolt = mine.records.find((r) => r.itemNo === 'VMI-BOLT')!;
    expect(bolt).toMatchObject({
      orgNo: 'SH01',
      orgShortName: 'Shanghai',
      warehouseNo: 'SH01-RM',
      warehouseName: 'Shanghai raw materials',
      supplierNo: 'SUP001',
      supplierName: 'Acme Precision Components Co., Ltd.',
      unitNo: 'PCS',
      unitName: 'Piece',
      itemName: 'Hex bolt M8',
      stockKind: '1',
      qty: '12.5',
      snapshotQty: '0',
    });
    // Another supplier's rows stay hidden even when asked for by name.
    expect((await stockOf('supplier1', { supplierNo: 'SUP002' })).total).toBe(0);
    const theirs = await stockOf('supplier2', { countBy: 'stockKind' });
    expect(items(theirs.records)).toEqual(['VMI-CAP']);
    expect(theirs.counts).toEqual({ '1': 1 });
    expect(theirs.records[0]).toMatchObject({ orgShortName: 'Hanoi', warehouseName: 'Hanoi raw materials' });
    // The buyer: every supplier within its organisations (not XX01's).
    expect(items((await stockOf('buyer')).records)).toEqual([
      'VMI-BOLT',
      'VMI-CAP',
      'VMI-NUT',
      'VMI-PIN',
      'VMI-SHIM',
      'VMI-WASHER',
    ]);
    expect(items((await stockOf('admin')).records)).toContain('VMI-ELSEWHERE');
  });

  it('answers a row of another supplier as not found', async () => {
    const own = await call('getVmiStockById', { id: ids['VMI-BOLT'] }, 'supplier1', QUERY);
    expect(own.body.code, JSON.stringify(own.body)).toBe('0');
    expect(own.body.response.data).toMatchObject({ itemNo: 'VMI-BOLT', qty: '12.5' });
    const other = await call('getVmiStockById', { id: ids['VMI-BOLT'] }, 'supplier2', QUERY);
    expect(other.body.code).toBe('10008');
    // In its own organisation too.
    const sameOrg = await call('getVmiStockById', { id: ids['VMI-WASHER'] }, 'supplier1', QUERY);
    expect(sameOrg.body.code).toBe('10008');
    expect((await call('getVmiMoveById', { id: ids['WMS-M6'] }, 'supplier1', MOVES)).body.code).toBe('10008');
    const otherMove = await call('getVmiMoveById', { id: ids['WMS-M1'] }, 'supplier2', MOVES);
    expect(otherMove.body.code).toBe('10008');
    expect((await call('getVmiMoveById', { id: ids['WMS-M5'] }, 'supplier2', MOVES)).body.code).toBe('0');
  });

  it('keeps quantities exact, sorts them as numbers and refuses any other sort', async () => {
    const byQty = await stockOf('supplier1', { field: 'qty', order: 'asc' });
    expect(byQty.records.map((r) => [r.itemNo, r.qty])).toEqual([
      ['VMI-NUT', '0'],
      ['VMI-SHIM', '0.00001'],
      ['VMI-BOLT', '12.5'],
      ['VMI-PIN', '999999999999999.99999'],
    ]);
    // By a name: the warehouse's.
    const byName = await stockOf('buyer', { field: 'warehouseName', order: 'desc' });
    expect(byName.records[0].warehouseName).toBe('Shanghai raw materials');
    for (const field of ['externalVersion', 'qty; drop table srm_vmi_stock', 'createName desc, (select 1)']) {
      const refused = await call('getVmiStockPage', { field, order: 'asc' }, 'supplier1', QUERY);
      expect(refused.body.errorCode, field).toBe('10006');
    }
    const move = await call('getVmiMovePage', { field: 'externalVersion' }, 'supplier1', MOVES);
    expect(move.body.errorCode).toBe('10006');
  });

  it('narrows the stock to what is above zero, and the item by part of its code', async () => {
    expect(items((await stockOf('supplier1', { inStock: 'Y' })).records)).toEqual([
      'VMI-BOLT',
      'VMI-PIN',
      'VMI-SHIM',
    ]);
    expect(items((await stockOf('supplier1', { inStock: 'N' })).records)).toEqual(['VMI-NUT']);
    expect(items((await stockOf('supplier1', { itemNo: 'bolt' })).records)).toEqual(['VMI-BOLT']);
    expect(items((await stockOf('supplier1', { keyword: 'dowel' })).records)).toEqual(['VMI-PIN']);
    expect(items((await stockOf('buyer', { warehouseNo: 'SH01-FG' })).records)).toEqual(['VMI-NUT']);
    const refused = await call('getVmiStockPage', { inStock: 'maybe' }, 'supplier1', QUERY);
    expect(refused.body.errorCode).toBe('10002');
  });

  it('lists the movements of a period, signed, voided ones apart', async () => {
    const all = await movesOf('supplier1', { countBy: 'voided' });
    expect(all.records.map((r) => r.externalId)).toEqual(['WMS-M3', 'WMS-M2', 'WMS-M1', 'WMS-M4']);
    expect(all.counts).toEqual({ N: 3, Y: 1 });
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
    const month = await movesOf('supplier1', { moveDateFrom: day(29), moveDateTo: day(0), voided: 'N' });
    expect(month.records.map((r) => [r.externalId, r.moveType, r.qty, r.docNo])).toEqual([
      ['WMS-M2', '2', '-7.75', 'ISS-VMI-1'],
      ['WMS-M1', '1', '20.25', 'GR-VMI-1'],
    ]);
    expect(month.records[0]).toMatchObject({
      warehouseName: 'Shanghai raw materials',
      supplierName: 'Acme Precision Components Co., Ltd.',
      orgShortName: 'Shanghai',
      remark: 'to line 3',
      voided: 'N',
    });
    // The last day of the period counts whole.
    expect((await movesOf('supplier1', { moveDateFrom: day(60), moveDateTo: day(60) })).total).toBe(1);
    expect((await movesOf('supplier1', { moveType: '3' })).records.map((r) => r.qty)).toEqual(['-0.00001']);
    expect((await movesOf('supplier1', { docNo: 'GR-VMI' })).total).toBe(2);
    expect((await movesOf('supplier1', { supplierNo: 'SUP002' })).total).toBe(0);
    expect((await movesOf('supplier2')).records.map((r) => r.externalId)).toEqual(['WMS-M5']);
    expect((await movesOf('buyer')).total).toBe(6);
    const badDay = await call('getVmiMovePage', { moveDateFrom: 'yesterday' }, 'supplier1', MOVES);
    expect(badDay.body.errorCode).toBe('10002');
  });

  it("exports each supplier's own rows only, the stock and the movements each from its list", async () => {
    const names = await call('getExportNameList', {}, 'supplier1', QUERY);
    expect(names.body.response.data).toEqual([{ exportName: 'all', exportLabel: 'VMI stock', isDefault: 1 }]);
    const moveNames = await call('getExportNameList', {}, 'supplier1', MOVES);
    expect(moveNames.body.response.data[0].exportLabel).toBe('VMI movements');

    // The VMI query exports through the spec's exportWarehouseEnd (its screen's calls.export), the period
    // movements through exportexcel.
    const rows = await sheet('exportWarehouseEnd', 'supplier1', QUERY, {
      inStock: 'Y',
      field: 'itemNo',
      order: 'asc',
    });
    expect(rows[0].slice(0, 10)).toEqual([
      'Organization code',
      'Organization',
      'Warehouse code',
      'Warehouse name',
      'Supplier code',
      'Supplier name',
      'Item code',
      'Item name',
      'Stock kind',
      'Quantity',
    ]);
    expect(rows.slice(1).map((r) => [r[4], r[6], r[8], r[9], r[11]])).toEqual([
      ['SUP001', 'VMI-BOLT', 'VMI', 12.5, 'Piece'],
      ['SUP001', 'VMI-PIN', 'VMI', 1e15, 'Piece'],
      ['SUP001', 'VMI-SHIM', 'VMI', 0.00001, 'Piece'],
    ]);
    const theirs = await sheet('exportWarehouseEnd', 'supplier2', QUERY);
    expect(theirs.slice(1).map((r) => [r[4], r[6]])).toEqual([['SUP002', 'VMI-CAP']]);
    const buyers = await sheet('exportWarehouseEnd', 'buyer', QUERY);
    expect(buyers.slice(1).map((r) => r[6])).toContain('VMI-WASHER');
    expect(buyers.length - 1).toBe(6);

    const moves = await sheet('exportexcel', 'supplier1', MOVES, { voided: 'N' });
    // Each code is followed by the name of what it names (the organisation's, the unit's).
    expect(moves[0].slice(0, 4)).toEqual([
      'Movement time',
      'Movement type',
      'Organization code',
      'Organization',
    ]);
    expect(moves[0].slice(12, 14)).toEqual(['Unit', 'Unit name']);
    expect(moves.slice(1).map((r) => [r[1], r[11], r[13], r[14]])).toEqual([
      ['Out', -7.75, 'Piece', 'ISS-VMI-1'],
      ['In', 20.25, 'Piece', 'GR-VMI-1'],
      ['In', 5, 'Piece', 'GR-VMI-OLD'],
    ]);
    expect((await sheet('exportexcel', 'supplier2', MOVES)).slice(1).map((r) => r[14])).toEqual(['GR-HN-1']);
    // Each export answers its own list only.
    const wrongMenu = await call('exportWarehouseEnd', {}, 'supplier1', MOVES);
    expect(wrongMenu.body.errorCode).toBe('10005');
    expect((await call('exportexcel', {}, 'supplier1', QUERY)).body.errorCode).toBe('10005');
  });

  it('asks the ERP for fresh stock through the outbox, naming the supplier', async () => {
    const sync = (user: string) => call('syncLatestInfo', { entity: 'stock', rows: [] }, user, QUERY);
    const first = await sync('supplier1');
    expect(first.body.code, JSON.stringify(first.body)).toBe('0');
    expect(first.body.response.data).toMatchObject({ requested: ['SH01'], count: 1 });
    expect((await sync('supplier1')).body.response.data).toMatchObject({ requested: [], count: 0 });
    expect((await sync('buyer')).body.response.data.requested).toEqual(['HN01', 'SH01']);
    const events = await s.server.database.db
      .selectFrom('intOutbox')
      .select(['orgNo', 'supplierNo', 'payload'])
      .where('event', '=', 'sync.requested')
      .orderBy('id')
      .execute();
    expect(
      events.map((e) => {
        const p = e.payload as Row;
        return [e.orgNo, e.supplierNo, p.entity, p.requestedBy];
      }),
    ).toEqual([
      ['SH01', 'SUP001', 'stock', 'supplier1'],
      ['HN01', null, 'stock', 'buyer'],
      ['SH01', null, 'stock', 'buyer'],
    ]);
    // Only stock, and only from the VMI query.
    const orders = await call('syncLatestInfo', { entity: 'purchaseOrder' }, 'supplier1', QUERY);
    expect(orders.body.errorCode).toBe('10002');
    const elsewhere = await call('syncLatestInfo', {}, 'supplier1', MOVES);
    expect(elsewhere.body.errorCode).toBe('10005');
  });
});
