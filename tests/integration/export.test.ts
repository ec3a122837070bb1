// Exports: the template list, an xlsx of the current search across pages, names for codes, formula
// escaping, data scope, the isExport flag, and clean JSON errors before any byte of a file.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Base.Basic.Organizational';

describe.each(BOTH_DBS)('exports on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;

  async function download(token: string, condition: Record<string, unknown>) {
    const res = await fetch(`${s.url}${API_PATH}/IBmOrgService/exportexcel`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': MENU,
        'accept-language': 'en-US',
      },
      body: JSON.stringify({ condition }),
    });
    return res;
  }
  async function sheetOf(res: Response): Promise<unknown[][]> {
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer, supplier1] = await Promise.all(['admin', 'buyer', 'supplier1'].map((u) => s.login(u)));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists the export templates of the menu, the default first', async () => {
    const r = await s.call('IBmOrgService/getExportNameList', {}, { token: buyer, menu: MENU });
    expect(r.body.response.data).toEqual([
      { exportName: 'all', exportLabel: 'Organizations', isDefault: 1 },
      { exportName: 'codes', exportLabel: 'Organization codes', isDefault: 0 },
    ]);
  });

  it('writes the current search with headers in the caller language and names for codes', async () => {
    const res = await download(admin, { keyword: 'SH01' });
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Organizations-\d{14}\.xlsx"; filename\*=UTF-8''Organizations-\d{14}\.xlsx$/,
    );
    const rows = await sheetOf(res);
    expect(rows[0]).toEqual([
      'Organization code',
      'Organization name',
      'Short name',
      'Status',
      'Remark',
      'Created by',
      'Created at',
      'Updated by',
      'Updated at',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ['SH01', 'Shanghai Manufacturing Centre', 'Shanghai', 'Valid'],
    ]);
    const codes = await sheetOf(await download(admin, { exportName: 'codes', field: 'orgNo', order: 'asc' }));
    expect(codes).toEqual([
      ['Organization code', 'Organization name'],
      ['HN01', 'Hanoi Assembly Plant'],
      ['SH01', 'Shanghai Manufacturing Centre'],
    ]);
  });

  it('escapes text a spreadsheet would run as a formula', async () => {
    const add = await s.call(
      'IBmOrgService/addbmorg',
      {
        condition: {
          orgNo: 'EVIL1',
          orgName: '=HYPERLINK("http://evil.example","x")',
          orgShortName: '+1+2',
          remark: '@SUM(A1)',
        },
      },
      { token: admin, menu: MENU },
    );
    expect(add.body.code).toBe('0');
    const rows = await sheetOf(await download(admin, { keyword: 'EVIL1' }));
    expect(rows[1].slice(0, 5)).toEqual([
      'EVIL1',
      '\'=HYPERLINK("http://evil.example","x")',
      "'+1+2",
      'Valid',
      "'@SUM(A1)",
    ]);
  });

  it('exports every page of a large result and only the caller scope', async () => {
    await sql`insert into bm_org (org_no, org_name, create_name, update_name)
      select 'BULK' || lpad(i::text, 5, '0'), 'Bulk ' || i, 'bench', 'bench' from generate_series(1, 2500) as i`.execute(
      s.server.database.db,
    );
    const adminRows = await sheetOf(await download(admin, { keyword: 'BULK' }));
    expect(adminRows.length - 1).toBe(2500);
    expect(new Set(adminRows.slice(1).map((r) => r[0])).size).toBe(2500);
    // The buyer's scope holds SH01 and HN01 only; the bulk organisations are outside it.
    const buyerRows = await sheetOf(await download(buyer, {}));
    expect(
      buyerRows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['HN01', 'SH01']);
  });

  it('refuses without isExport, and answers a bad request as JSON before any file', async () => {
    const supplier = await download(supplier1, {});
    expect(supplier.status).toBe(403);
    expect(await supplier.json()).toMatchObject({ errorCode: '10005' });
    const badSort = await download(admin, { field: 'pwd_hash' });
    expect(badSort.status).toBe(400);
    expect(await badSort.json()).toMatchObject({ errorCode: '10006' });
    const noTemplate = await download(admin, { exportName: 'nope' });
    expect(await noTemplate.json()).toMatchObject({
      code: '10018',
      msg: 'No export is configured here (export template "nope").',
    });
  });
});
