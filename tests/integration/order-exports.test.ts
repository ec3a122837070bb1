// The order exports read back with a spreadsheet reader: the order line list's export
// (`ISupSrmPurchaseService/exportSrmPurchase`) holds the rows the list shows for the same search, with
// quantities as number cells and codes named; the order page's menu exports whole orders
// (`ISupSrmPurchaseHeadService/exportexcel`). Each supplier's files hold its own orders only. How an
// export is written is the driver's business nowhere here (export.test.ts runs both), so PostgreSQL.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const ORDER_MENU = 'Offsite.User.Order';
const ACCEPTANCE_MENU = 'Offsite.User.Order.Acceptance';

describe.each(POSTGRES_ONLY)('order exports on %s', (kind) => {
  let s: TestServer;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [buyer, supplier1, supplier2] = await Promise.all(
      ['buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  /** The first sheet of an export, as rows of cell values (header first). */
  async function sheet(method: string, token: string, menu: string, condition: Record<string, unknown> = {}) {
    const res = await fetch(`${s.url}${API_PATH}/${method}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': menu,
        'accept-language': 'en-US',
      },
      body: JSON.stringify({ condition }),
    });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }
  const lineKeys = (rows: unknown[][]) => rows.slice(1).map((r) => `${r[0]}/${r[1]}`);
  async function listed(token: string, condition: Record<string, unknown> = {}) {
    const r = await s.call(
      'ISupSrmPurchaseService/getSrmPurchasePage',
      { condition: { size: 500, ...condition } },
      { token, menu: ORDER_MENU },
    );
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data.records as Record<string, unknown>[];
  }

  it('writes the order lines the list shows, in its order, quantities as numbers and codes named', async () => {
    const rows = await sheet('ISupSrmPurchaseService/exportSrmPurchase', supplier1, ORDER_MENU);
    expect(rows[0].slice(0, 6)).toEqual([
      'Order no.',
      'Item seq.',
      'Phase seq.',
      'Batch seq.',
      'Order type',
      'Organization code',
    ]);
    const list = await listed(supplier1);
    expect(list.length).toBeGreaterThan(3);
    expect(lineKeys(rows)).toEqual(list.map((l) => `${l.purchaseNo}/${l.purchaseSeq}`));
    const header = rows[0] as string[];
    const col = (label: string) => header.indexOf(label);
    const first = rows[1];
    // A quantity is a number cell with the exact value; a code is written as its name.
    expect(first[col('Order qty')]).toBe(Number(list[0].batchPurQty));
    expect(String(first[col('Order type')])).toMatch(/^(General|Subcontract|VMI)/);
    expect(new Set(rows.slice(1).map((r) => r[header.indexOf('Supplier code')]))).toEqual(
      new Set(['SUP001']),
    );
  });

  it('writes the current search: a keyword and a tab give the rows the list gives', async () => {
    const condition = { answerStatus: '0' };
    const rows = await sheet('ISupSrmPurchaseService/exportSrmPurchase', supplier1, ORDER_MENU, condition);
    const list = await listed(supplier1, condition);
    expect(list.length).toBeGreaterThan(0);
    expect(lineKeys(rows)).toEqual(list.map((l) => `${l.purchaseNo}/${l.purchaseSeq}`));
    const one = String(list[0].purchaseNo);
    const byKeyword = await sheet('ISupSrmPurchaseService/exportSrmPurchase', supplier1, ORDER_MENU, {
      keyword: one,
    });
    expect(new Set(byKeyword.slice(1).map((r) => r[0]))).toEqual(new Set([one]));
  });

  it('gives each supplier its own lines only; the buyer both suppliers’', async () => {
    const own1 = lineKeys(await sheet('ISupSrmPurchaseService/exportSrmPurchase', supplier1, ORDER_MENU));
    const own2 = lineKeys(await sheet('ISupSrmPurchaseService/exportSrmPurchase', supplier2, ORDER_MENU));
    expect(own2.length).toBeGreaterThan(0);
    expect(own1.filter((k) => own2.includes(k))).toEqual([]);
    const all = lineKeys(await sheet('ISupSrmPurchaseService/exportSrmPurchase', buyer, ORDER_MENU));
    expect(all).toEqual(expect.arrayContaining([...own1, ...own2]));
    // Searching for the other supplier's order finds nothing in the file either.
    const other = own2[0].split('/')[0];
    const forged = await sheet('ISupSrmPurchaseService/exportSrmPurchase', supplier1, ORDER_MENU, {
      purchaseNo: other,
    });
    expect(forged).toHaveLength(1);
  });

  it('exports whole orders, one row each, from the order page’s menu', async () => {
    const rows = await sheet('ISupSrmPurchaseHeadService/exportexcel', supplier1, ACCEPTANCE_MENU);
    expect(rows[0].slice(0, 4)).toEqual(['Order no.', 'Order type', 'Organization code', 'Supplier code']);
    const orders = rows.slice(1).map((r) => r[0]);
    const fromLines = [...new Set((await listed(supplier1)).map((l) => l.purchaseNo))];
    expect([...orders].sort()).toEqual([...fromLines].sort());
    expect(new Set(rows.slice(1).map((r) => r[3]))).toEqual(new Set(['SUP001']));
    const theirs = await sheet('ISupSrmPurchaseHeadService/exportexcel', supplier2, ACCEPTANCE_MENU);
    expect(theirs.slice(1).filter((r) => orders.includes(r[0]))).toEqual([]);
  });
});
