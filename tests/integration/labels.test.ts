// Labels, containers and SN barcode transactions on both databases: the query rules of spec 001
// section 5 (refused without criteria, a long date range needs a narrowing condition), the same rules
// on the export, supplier scope (a supplier's user sees its own labels only) and the flags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, grantSupplierRole, records } from '../support/rules.js';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const LABEL = 'Base.Barcode.Label';
const CONTAINER = 'Base.Barcode.Container';
const SN = 'Base.Barcode.SnStatus';

const ymd = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe.each(POSTGRES_ONLY)('labels, containers and SN status on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer] = await Promise.all([s.login('admin'), s.login('buyer')]);
  });
  afterAll(async () => {
    await s?.close();
  });

  const labels = (token: string, condition: Record<string, unknown>, menu = LABEL) =>
    caller(s, token, menu)('IBmBarcodeService/getbmbarcodelistbyparams', condition, { size: 100 });

  it('refuses a label query without a date range, order, item or batch number', async () => {
    const none = await labels(buyer, {});
    expect(none).toMatchObject({ status: 400, code: '10106' });
    expect(none.msg).toContain(
      'Enter a date range, or at least one of order number, item code, batch number',
    );
    // A status or a type alone narrows nothing; one end of a range is no range.
    expect((await labels(buyer, { snBarcodeStatus: '1', barType: '1' })).code).toBe('10106');
    expect((await labels(buyer, { beginDate: ymd(3) })).code).toBe('10106');
    const zh = await caller(s, buyer, LABEL, 'zh-CN')('IBmBarcodeService/getbmbarcodelistbyparams', {});
    expect(zh.msg).toContain('请输入日期范围');
  });

  it('answers a label query with a range, an item, an order or a batch number, each narrowing it', async () => {
    const week = records(await labels(buyer, { beginDate: ymd(6), endDate: ymd(0) }));
    expect(week.length).toBeGreaterThan(0);
    const since = Date.parse(`${ymd(6)}T00:00:00Z`);
    for (const l of week) expect(Date.parse(l.createDate)).toBeGreaterThanOrEqual(since);
    const byItem = records(await labels(buyer, { itemNo: 'RM-1001' }));
    expect(byItem.length).toBeGreaterThan(0);
    expect(new Set(byItem.map((l) => l.itemNo))).toEqual(new Set(['RM-1001']));
    const source = byItem[0].sourceNo;
    const bySource = records(await labels(buyer, { sourceNo: source }));
    expect(bySource.every((l) => l.sourceNo === source)).toBe(true);
    const lot = byItem[0].combinationLotNo;
    expect(
      records(await labels(buyer, { combinationLotNo: lot })).every((l) => l.combinationLotNo === lot),
    ).toBe(true);
    const byBox = records(await labels(buyer, { boxNo: 'BX0000000001' }));
    expect(byBox.length).toBeGreaterThan(1);
    expect(new Set(byBox.map((l) => l.boxNo))).toEqual(new Set(['BX0000000001']));
  });

  it('needs a narrowing condition for a date range longer than 31 days', async () => {
    const long = await labels(buyer, { beginDate: ymd(40), endDate: ymd(0) });
    expect(long).toMatchObject({ code: '10108' });
    expect(long.msg).toBe(
      'A date range longer than 31 days needs an item code, barcode, batch number or order number as well.',
    );
    // 31 days, both ends counted, is still fine; a longer one with an item is too.
    expect(records(await labels(buyer, { beginDate: ymd(30), endDate: ymd(0) })).length).toBeGreaterThan(0);
    const narrowed = records(await labels(buyer, { beginDate: ymd(60), endDate: ymd(0), itemNo: 'RM-2001' }));
    expect(narrowed.length).toBeGreaterThan(0);
    const backwards = await labels(buyer, { beginDate: ymd(0), endDate: ymd(5) });
    expect(backwards.code).toBe('10017');
  });

  it('exports labels under the same rules and the same search', async () => {
    const refused = await s.call(
      'IBmBarcodeService/exportexcel',
      { condition: {} },
      { token: buyer, menu: LABEL },
    );
    expect(refused.body).toMatchObject({ code: '10106' });
    const file = await s.call(
      'IBmBarcodeService/exportexcel',
      { condition: { itemNo: 'RM-1001', beginDate: ymd(6), endDate: ymd(0) } },
      { token: buyer, menu: LABEL },
    );
    expect(file.http).toBe(200);
    expect(typeof file.body).toBe('string');
  });

  it("limits a supplier's user to its own supplier's labels, containers and transactions", async () => {
    for (const menu of [LABEL, CONTAINER, SN]) await grantSupplierRole(s, menu, ['isSearch']);
    const supplier1 = await s.login('supplier1');
    const month = { beginDate: ymd(30), endDate: ymd(0) };
    const all = records(await labels(admin, month));
    expect(new Set(all.map((l) => l.supplierNo))).toEqual(new Set(['SUP001', 'SUP002', null]));
    const own = records(await labels(supplier1, month));
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((l) => l.supplierNo))).toEqual(new Set(['SUP001']));
    // Totals are the supplier's too, and another supplier's label is not found by id.
    const page = await labels(supplier1, { itemNo: 'RM-1001' });
    const everyRm1001 = records(await labels(admin, { itemNo: 'RM-1001' }));
    expect(page.response.data.total).toBe(everyRm1001.filter((l) => l.supplierNo === 'SUP001').length);
    expect(page.response.data.total).toBeLessThan(everyRm1001.length);
    const foreign = all.find((l) => l.supplierNo === 'SUP002');
    const get = await caller(s, supplier1, LABEL)('IBmBarcodeService/getbmbarcodebyid', { id: foreign.id });
    expect(get.code).toBe('10008');
    const boxes = records(
      await caller(s, supplier1, CONTAINER)('IBmBoxService/getbmboxlistbyparams', { boxNo: '0' }),
    );
    expect(new Set(boxes.map((b) => b.supplierNo))).toEqual(new Set(['SUP001']));
    const sn = records(
      await caller(
        s,
        supplier1,
        SN,
      )('IBmSnTransactionService/getbmsntransactionlistbyparams', {
        beginDate: ymd(30),
        endDate: ymd(0),
      }),
    );
    expect(sn.every((t) => t.supplierNo === 'SUP001')).toBe(true);
    // Export is a flag of its own: the supplier was granted search only.
    const exported = await s.call(
      'IBmBarcodeService/exportexcel',
      { condition: { itemNo: 'RM-1001' } },
      { token: supplier1, menu: LABEL },
    );
    expect(exported.body.errorCode).toBe('10005');
  });

  it('refuses a container query without a container number, barcode or item code', async () => {
    const call = caller(s, buyer, CONTAINER);
    const none = await call('IBmBoxService/getbmboxlistbyparams', { boxLevel: '2' });
    expect(none).toMatchObject({
      code: '10107',
      msg: 'Enter a container number, a barcode or an item code.',
    });
    const byNo = records(await call('IBmBoxService/getbmboxlistbyparams', { boxNo: 'BX' }));
    expect(byNo.map((b) => b.boxNo)).toEqual(['BX0000000001', 'BX0000000002']);
    // A barcode finds the container it is packed in; an item code the containers holding that item.
    const label = records(await labels(buyer, { boxNo: 'BX0000000002' }))[0];
    const byBarcode = records(await call('IBmBoxService/getbmboxlistbyparams', { barcode: label.barcode }));
    expect(byBarcode.map((b) => b.boxNo)).toEqual(['BX0000000002']);
    const byItem = records(await call('IBmBoxService/getbmboxlistbyparams', { itemNo: 'FG-3001' }));
    expect(byItem.map((b) => b.boxNo)).toEqual(['HP0000000001']);
    const exported = await s.call(
      'IBmBoxService/exportexcel',
      { condition: {} },
      { token: buyer, menu: CONTAINER },
    );
    expect(exported.body).toMatchObject({ code: '10107' });
  });

  it('lists SN barcode transactions by status, under the same range rules', async () => {
    const call = caller(s, buyer, SN);
    expect((await call('IBmSnTransactionService/getbmsntransactionlistbyparams', {})).code).toBe('10106');
    expect(
      (
        await call('IBmSnTransactionService/getbmsntransactionlistbyparams', {
          beginDate: ymd(59),
          endDate: ymd(0),
        })
      ).code,
    ).toBe('10108');
    const month = await call('IBmSnTransactionService/getbmsntransactionlistbyparams', {
      beginDate: ymd(30),
      endDate: ymd(0),
      countBy: 'snBarcodeStatus',
    });
    expect(month.status).toBe(200);
    expect(Object.keys(month.response.data.counts).sort()).toEqual(expect.arrayContaining(['1']));
    const inbound = records(
      await call('IBmSnTransactionService/getbmsntransactionlistbyparams', {
        beginDate: ymd(30),
        endDate: ymd(0),
        snBarcodeStatus: '2',
      }),
    );
    expect(inbound.every((t) => t.snBarcodeStatus === '2' && t.transactionType === '1')).toBe(true);
    const oneBarcode = records(
      await call('IBmSnTransactionService/getbmsntransactionlistbyparams', {
        barcode: inbound[0]?.barcode ?? 'none',
      }),
    );
    expect(oneBarcode.length).toBeGreaterThanOrEqual(2);
  });
});
