// Imports: workbooks written by LibreOffice (tests/fixtures/import, made by
// scripts/make-import-fixtures.ts), checked whole before anything is written, written all or nothing,
// idempotent by business key; whole-file refusals; the annotated workbook; the live channel and who
// may listen to it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WS_PROTOCOL } from '../../services/http/import-routes.js';
import { importHooks } from '../../services/resource/import.js';
import { setRoleFlags } from '../support/rules.js';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Base.Basic.Organizational';
const PORT = 'IBmOrgService';
const FIXTURES = fileURLToPath(new URL('../fixtures/import/', import.meta.url));
const fixture = (name: string) => readFileSync(`${FIXTURES}${name}`);

interface Ws {
  on(event: string, listener: (...args: unknown[]) => void): void;
  close(): void;
  readyState: number;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, protocols?: string[]) => Ws;

/** A workbook of `count` organisation rows, written by exceljs (the large and the killed-import cases). */
async function orgWorkbook(prefix: string, count: number, lastStatus = 'Valid'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  sheet.addRow(['Organization code', 'Organization name', 'Status']);
  for (let i = 1; i <= count; i++)
    sheet.addRow([`${prefix}${String(i).padStart(5, '0')}`, `Org ${i}`, i === count ? lastStatus : 'Valid']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip with the parts of a workbook whose sheet inflates to far more than any real spreadsheet. */
async function bomb(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  );
  zip.file('xl/workbook.xml', '<?xml version="1.0"?><workbook/>');
  zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(32 * 1024 * 1024, 0x20));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

function open(url: string, protocols: string[]): Promise<{ ws: Ws; messages: string[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    const messages: string[] = [];
    ws.on('message', (data) => messages.push(String(data)));
    ws.on('open', () => resolve({ ws, messages }));
    ws.on('unexpected-response', (_req, res) =>
      reject(new Error(`refused ${(res as { statusCode: number }).statusCode}`)),
    );
    ws.on('error', (err) => reject(err));
  });
}

describe.each(BOTH_DBS)('imports on %s', (kind) => {
  // What the driver decides (the rows written, their text, all or nothing) is held on both databases;
  // the checks before anything is written, the flags, the scope, the live channel and the template
  // are the same on both, so they run on PostgreSQL only.
  const onPostgres = it.runIf(kind === 'postgres');
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;

  async function upload(token: string, data: Buffer, name: string, portKey?: string) {
    const form = new FormData();
    if (portKey) form.append('portKey', portKey);
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const res = await fetch(`${s.url}${API_PATH}/${PORT}/importexcel`, {
      method: 'POST',
      headers: { 'authentication-info': token, 'app-module-number': MENU, 'accept-language': 'en-US' },
      body: form,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever came back.
    return { http: res.status, body: body as any };
  }

  async function post(path: string, token: string, body: unknown) {
    return fetch(`${s.url}${API_PATH}/${PORT}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': MENU,
        'accept-language': 'en-US',
      },
      body: JSON.stringify(body),
    });
  }

  async function orgCount(prefix: string): Promise<number> {
    const row = await s.server.database.db
      .selectFrom('bmOrg')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('orgNo', 'like', `${prefix}%`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function userId(token: string): Promise<string> {
    const r = await s.call('ISrmBmLoginService/getUserInfo', {}, { token });
    return r.body.response.data.id;
  }

  async function sheetRows(res: Response): Promise<unknown[][]> {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row, n) => {
      rows[n] = (row.values as unknown[]).slice(1);
    });
    return rows;
  }

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer, supplier1] = await Promise.all(['admin', 'buyer', 'supplier1'].map((u) => s.login(u)));
  });
  afterAll(async () => {
    await s?.close();
  });
  afterEach(() => {
    importHooks.beforeBatch = undefined;
  });

  it('imports a good workbook written by LibreOffice, all rows, with names and dates read', async () => {
    const r = await upload(admin, fixture('good.xlsx'), 'good.xlsx');
    expect(r.http).toBe(200);
    expect(r.body.response.data).toMatchObject({
      status: 'imported',
      total: 5,
      inserted: 5,
      updated: 0,
      errorCount: 0,
    });
    const rows = await s.server.database.db
      .selectFrom('bmOrg')
      .selectAll()
      .where('orgNo', 'in', ['IMP001', 'IMP002', 'IMP003', '0042', 'IMP005'])
      .orderBy('orgNo')
      .execute();
    expect(rows.map((o) => o.orgNo)).toEqual(['0042', 'IMP001', 'IMP002', 'IMP003', 'IMP005']);
    const byNo = Object.fromEntries(rows.map((o) => [o.orgNo, o]));
    expect(byNo.IMP001).toMatchObject({
      orgName: 'Import Org One',
      statusCode: '1',
      closeAcctFlag: 'N',
      closeAcctStartDate: '2025-01-01',
      closeAcctEndDate: '2025-01-31',
      version: 1,
    });
    expect(byNo.IMP002).toMatchObject({ closeAcctFlag: 'Y', remark: null });
    expect(byNo.IMP003).toMatchObject({ statusCode: '0' });
    // Labels in another language name the same codes.
    expect(byNo.IMP005).toMatchObject({ orgName: '导入组织五', statusCode: '1', closeAcctFlag: 'N' });
    // The importer sees what it imported through the ordinary list.
    const list = await s.call(
      'IBmOrgService/getbmorglistbyparams',
      { condition: { orgNoIndistinct: 'IMP00' } },
      { token: admin, menu: MENU },
    );
    expect(list.body.response.data.total).toBe(4);
  });

  it('sending the same file again changes nothing and never duplicates a row', async () => {
    const r = await upload(admin, fixture('good.xlsx'), 'good.xlsx');
    expect(r.body.response.data).toMatchObject({
      status: 'imported',
      total: 5,
      inserted: 0,
      updated: 0,
      unchanged: 5,
    });
    expect(await orgCount('IMP00')).toBe(4);
    // A row equal to its record is not written: its version stays.
    const one = await s.server.database.db
      .selectFrom('bmOrg')
      .select(['version'])
      .where('orgNo', '=', 'IMP001')
      .executeTakeFirstOrThrow();
    expect(one.version).toBe(1);
  });

  it('stores text exactly as the cells hold it: quotes, backslashes, braces, commas, NULL, other scripts', async () => {
    // The rows travel to the database as the text form of arrays: nothing in a value may break out of it.
    const names = [
      'He said "hi" \\ back\\',
      '{a,b}',
      'NULL',
      'a,"b",c',
      'Kho Hà Nội 仓库 🚚',
      "O'Brien; drop table bm_org",
    ];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Data');
    sheet.addRow(['Organization code', 'Organization name', 'Status', 'Remark']);
    for (const [i, name] of names.entries())
      sheet.addRow([`TXT${i}`, name, 'Valid', i === 2 ? null : `\\"${name}`]);
    const r = await upload(admin, Buffer.from(await workbook.xlsx.writeBuffer()), 'text.xlsx');
    expect(r.body.response.data).toMatchObject({ status: 'imported', inserted: names.length });
    const stored = await s.server.database.db
      .selectFrom('bmOrg')
      .select(['orgNo', 'orgName', 'remark'])
      .where('orgNo', 'like', 'TXT%')
      .orderBy('orgNo')
      .execute();
    expect(stored.map((o) => o.orgName)).toEqual(names);
    expect(stored.map((o) => o.remark)).toEqual(names.map((name, i) => (i === 2 ? null : `\\"${name}`)));
  });

  onPostgres(
    'bad rows: nothing is written, every bad row is reported and annotated in a workbook copy',
    async () => {
      const r = await upload(admin, fixture('bad-rows.xlsx'), 'bad-rows.xlsx');
      expect(r.http).toBe(200);
      const data = r.body.response.data;
      expect(data).toMatchObject({ status: 'checkFailed', total: 6, inserted: 0, updated: 0, errorCount: 5 });
      // The good first row is not written either.
      expect(await orgCount('BAD')).toBe(0);
      const byRow = (row: number) => data.errors.filter((e: { row: number }) => e.row === row);
      expect(byRow(2)).toEqual([]);
      expect(byRow(3)[0]).toMatchObject({ column: 'Organization name', reason: 'is required' });
      expect(byRow(4)[0]).toMatchObject({ column: 'Organization code', reason: 'has an invalid format' });
      expect(byRow(5)[0]).toMatchObject({ column: 'Organization code' });
      expect(byRow(5)[0].reason).toContain('row 2');
      expect(byRow(6)[0]).toMatchObject({ column: 'Status' });
      expect(byRow(6)[0].reason).toContain('Valid');
      expect(byRow(7)[0]).toMatchObject({ column: 'Closing end date' });
      expect(data.errors[0].message).toBe('Row 3, Organization name: is required');

      const rows = await sheetRows(
        await post('downImportErrorFile', admin, { condition: { jobId: data.jobId } }),
      );
      expect(rows[1].at(-1)).toBe('Errors');
      expect(rows[2][0]).toBe('BAD001');
      expect(rows[2][8]).toBeUndefined();
      expect(String(rows[3][8])).toContain('Organization name: is required');
      expect(String(rows[7][8])).toContain('Closing end date');
      // A job id that is not the caller's (or does not exist) finds nothing.
      const other = await post('downImportErrorFile', admin, {
        condition: { jobId: '00000000-0000-4000-8000-000000000000' },
      });
      expect((await other.json()).code).toBe('10036');
    },
  );

  onPostgres(
    'wrong types: text and impossible dates in a date column are refused with the row and column',
    async () => {
      const r = await upload(admin, fixture('wrong-types.xlsx'), 'wrong-types.xlsx');
      const data = r.body.response.data;
      expect(data).toMatchObject({ status: 'checkFailed', total: 3, errorCount: 2 });
      expect(data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
        [2, 'Closing start date'],
        [3, 'Closing start date'],
      ]);
      expect(await orgCount('WT')).toBe(0);
    },
  );

  onPostgres('refuses a file over 50 MB cleanly and writes nothing', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 0x41);
    big.write('PK\u0003\u0004', 0, 'latin1');
    const r = await upload(admin, big, 'big.xlsx');
    expect(r.http).toBe(200);
    expect(r.body).toMatchObject({ code: '10031', msg: 'The file size cannot exceed 50MB' });
  });

  onPostgres('refuses a non-spreadsheet renamed .xlsx or .xls, and other extensions', async () => {
    const text = await upload(admin, Buffer.from('orgNo,orgName\nX1,Y\n'), 'renamed.xlsx');
    expect(text.body).toMatchObject({ code: '10033' });
    const zip = new JSZip();
    zip.file('hello.txt', 'not a workbook');
    const plainZip = await upload(admin, await zip.generateAsync({ type: 'nodebuffer' }), 'zip.xlsx');
    expect(plainZip.body).toMatchObject({ code: '10033' });
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    // A compound file without a workbook stream is no .xls (a real one is read: import-check.test.ts).
    const xls = await upload(admin, ole, 'old.xls');
    expect(xls.body).toMatchObject({ code: '10033' });
    const csv = await upload(admin, fixture('good.csv'), 'good.csv');
    expect(csv.body).toMatchObject({ code: '10030' });
    const none = await fetch(`${s.url}${API_PATH}/${PORT}/importexcel`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': admin,
        'app-module-number': MENU,
      },
      body: '{}',
    });
    expect((await none.json()).code).toBe('10030');
  });

  onPostgres('refuses a decompression bomb from its directory, before inflating it', async () => {
    const file = await bomb();
    expect(file.length).toBeLessThan(1024 * 1024);
    const r = await upload(admin, file, 'bomb.xlsx');
    expect(r.body).toMatchObject({ code: '10034' });
  });

  onPostgres('needs the isImport flag of the menu', async () => {
    const asBuyer = await upload(buyer, fixture('good.xlsx'), 'good.xlsx');
    expect(asBuyer).toMatchObject({ http: 403, body: { errorCode: '10005' } });
    const asSupplier = await upload(supplier1, fixture('good.xlsx'), 'good.xlsx');
    expect(asSupplier.http).toBe(403);
    const template = await post('downExcelTemplate', buyer, {});
    expect(template.status).toBe(403);
  });

  it('a bad last row, after batches of good rows went to the database, leaves no row at all', async () => {
    const file = await orgWorkbook('LATE', 3500, 'Sometimes');
    const r = await upload(admin, file, 'late.xlsx');
    expect(r.body.response.data).toMatchObject({
      status: 'checkFailed',
      total: 3500,
      errorCount: 1,
      inserted: 0,
    });
    expect(r.body.response.data.errors[0]).toMatchObject({ row: 3501 });
    expect(await orgCount('LATE')).toBe(0);
  });

  it('a killed import leaves no rows; the retry imports each row once', async () => {
    const file = await orgWorkbook('KILL', 4500);
    importHooks.beforeBatch = (batch) => {
      if (batch === 2) throw new Error('killed after two batches were written');
    };
    const killed = await upload(admin, file, 'kill.xlsx');
    expect(killed.http).toBe(500);
    expect(await orgCount('KILL')).toBe(0);
    const job = await s.server.database.db
      .selectFrom('sysImportJob')
      .select('status')
      .where('fileName', '=', 'kill.xlsx')
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('error');
    importHooks.beforeBatch = undefined;
    const retry = await upload(admin, file, 'kill.xlsx');
    expect(retry.body.response.data).toMatchObject({ status: 'imported', total: 4500, inserted: 4500 });
    expect(await orgCount('KILL')).toBe(4500);
    const again = await upload(admin, file, 'kill.xlsx');
    expect(again.body.response.data).toMatchObject({ inserted: 0, updated: 0, unchanged: 4500 });
    expect(await orgCount('KILL')).toBe(4500);
  });

  onPostgres('reports progress on the live channel to its own user only', async () => {
    const [adminId, supplierId] = await Promise.all([userId(admin), userId(supplier1)]);
    const base = s.url.replace('http', 'ws');
    const mine = await open(`${base}/productWebSocket/${adminId}${PORT}`, [WS_PROTOCOL, admin]);
    const theirs = await open(`${base}/productWebSocket/${supplierId}${PORT}`, [WS_PROTOCOL, supplier1]);
    // Another user's uid, no token, or a bad token: the upgrade is refused.
    await expect(
      open(`${base}/productWebSocket/${adminId}${PORT}`, [WS_PROTOCOL, supplier1]),
    ).rejects.toThrow(/refused 403/);
    await expect(open(`${base}/productWebSocket/${adminId}${PORT}`, [WS_PROTOCOL])).rejects.toThrow(
      /refused 401/,
    );
    await expect(open(`${base}/productWebSocket/${adminId}${PORT}`, [WS_PROTOCOL, 'forged'])).rejects.toThrow(
      /refused 401/,
    );

    const good = await upload(admin, fixture('good.xlsx'), 'good.xlsx');
    expect(good.body.response.data.status).toBe('imported');
    const bad = await upload(admin, fixture('bad-rows.xlsx'), 'bad-rows.xlsx');
    expect(bad.body.response?.data?.status, JSON.stringify(bad.body)).toBe('checkFailed');
    // On PostgreSQL the messages come back through the database (LISTEN/NOTIFY), a moment later.
    await vi.waitFor(() => expect(mine.messages).toContain('checkFailed'), { timeout: 10_000 });

    const m = mine.messages;
    expect(m.some((x) => x.startsWith('$check|'))).toBe(true);
    expect(m).toContain('checkSuccess');
    expect(m.some((x) => x.startsWith('✔'))).toBe(true);
    expect(m.some((x) => x.startsWith('$import|100|'))).toBe(true);
    expect(m).toContain('checkFailed');
    const failures = m.filter((x) => !x.startsWith('$') && !x.startsWith('✔') && !x.startsWith('check'));
    expect(failures.join('\n').split('\n')).toContain('Row 3, Organization name: is required');
    expect(m.indexOf('checkSuccess')).toBeLessThan(m.indexOf('checkFailed'));
    // The supplier's socket on the same port heard nothing of the admin's imports.
    expect(theirs.messages).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });

  /** A warehouse sheet (organisation, code, name per row). */
  async function sheet(rows: string[][]) {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('Data');
    ws.addRow(['orgNo', 'warehouseNo', 'warehouseName']);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  /** The buyer's warehouse import. */
  async function warehouseUpload(data: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), 'warehouses.xlsx');
    const res = await fetch(`${s.url}${API_PATH}/IBmWarehouseService/importexcel`, {
      method: 'POST',
      headers: {
        'authentication-info': buyer,
        'app-module-number': 'Base.Basic.Warehouse',
        'accept-language': 'en-US',
      },
      body: form,
    });
    return res.json();
  }

  /** Sets the buyer role's flags on the warehouse menu: its own, and import, add and maybe modify. */
  async function buyerMayModify(isModify: boolean) {
    await setRoleFlags(s.server.database.db, 'buyer', 'Base.Basic.Warehouse', [
      'isSearch',
      'isExport',
      'isImport',
      'isAdd',
      ...(isModify ? (['isModify'] as const) : []),
    ]);
  }

  onPostgres(
    'checks data scope, references and the isModify flag row by row (warehouses, as buyer)',
    async () => {
      const { db } = s.server.database;
      // The buyer may import and add warehouses, but not modify them.
      await buyerMayModify(false);
      await db.insertInto('bmOrg').values({ orgNo: 'OUT01', orgName: 'Outside the buyer scope' }).execute();
      const bad = await warehouseUpload(
        await sheet([
          ['SH01', 'SH01-IMP', 'New in scope'],
          ['OUT01', 'OUT01-IMP', 'Organisation outside the scope'],
          ['NOPE', 'NOPE-IMP', 'Unknown organisation'],
          ['SH01', 'SH01-RM', 'Exists: needs isModify'],
        ]),
      );
      const data = bad.response.data;
      expect(data).toMatchObject({ status: 'checkFailed', total: 4, errorCount: 3 });
      const reasons = (row: number) =>
        data.errors.filter((e: { row: number }) => e.row === row).map((e: { reason: string }) => e.reason);
      expect(reasons(2)).toEqual([]);
      expect(reasons(3)).toEqual(['is outside your data scope']);
      expect(reasons(4)).toEqual(expect.arrayContaining(['does not name a valid record']));
      expect(reasons(5)).toEqual(['already exists, and you may not modify existing records']);
      const written = await db
        .selectFrom('bmWarehouse')
        .select('warehouseNo')
        .where('warehouseNo', 'like', '%-IMP')
        .execute();
      expect(written).toEqual([]);

      const good = await warehouseUpload(await sheet([['SH01', 'SH01-IMP', 'New in scope']]));
      expect(good.response.data).toMatchObject({ status: 'imported', inserted: 1 });
      // The new warehouse joins the buyer's scope, as an added one would.
      const list = await s.call(
        'IBmWarehouseService/getbmwarehouselistbyparams',
        { condition: { keyword: 'SH01-IMP' } },
        { token: buyer, menu: 'Base.Basic.Warehouse' },
      );
      expect(list.body.response.data.total).toBe(1);
    },
  );

  onPostgres(
    'updates an existing record only when the caller sees it and may modify it, in an otherwise good file',
    async () => {
      // Every row here passes its own checks, so the rows reach the upsert, which must refuse the update itself.
      const { db } = s.server.database;
      await buyerMayModify(true);
      await db.insertInto('bmOrg').values({ orgNo: 'OUT02', orgName: 'Outside the buyer scope' }).execute();
      await db
        .insertInto('bmWarehouse')
        .values({ orgNo: 'OUT02', warehouseNo: 'OUT02-WH', warehouseName: 'Original' })
        .execute();
      const name = async (warehouseNo: string) =>
        (
          await db
            .selectFrom('bmWarehouse')
            .select(['warehouseName', 'orgNo'])
            .where('warehouseNo', '=', warehouseNo)
            .executeTakeFirstOrThrow()
        ).warehouseName;
      const first = await warehouseUpload(await sheet([['SH01', 'BUY-WH1', 'First']]));
      expect(first.response.data).toMatchObject({ status: 'imported', inserted: 1, updated: 0 });

      // Someone else's warehouse named with the buyer's own organisation: still not the buyer's to change.
      const takeover = await warehouseUpload(
        await sheet([
          ['SH01', 'BUY-WH1', 'Renamed'],
          ['SH01', 'OUT02-WH', 'Taken over'],
        ]),
      );
      expect(takeover.response.data).toMatchObject({ status: 'checkFailed', errorCount: 1 });
      expect(takeover.response.data.errors).toMatchObject([{ row: 3, reason: 'is outside your data scope' }]);
      expect(await name('BUY-WH1')).toBe('First');
      expect(await name('OUT02-WH')).toBe('Original');

      const renamed = await warehouseUpload(await sheet([['SH01', 'BUY-WH1', 'Renamed']]));
      expect(renamed.response.data).toMatchObject({ status: 'imported', inserted: 0, updated: 1 });
      expect(await name('BUY-WH1')).toBe('Renamed');

      await buyerMayModify(false);
      const again = await warehouseUpload(await sheet([['SH01', 'BUY-WH1', 'Again']]));
      expect(again.response.data).toMatchObject({ status: 'checkFailed', errorCount: 1 });
      expect(again.response.data.errors).toMatchObject([
        { row: 2, reason: 'already exists, and you may not modify existing records' },
      ]);
      expect(await name('BUY-WH1')).toBe('Renamed');
    },
  );

  onPostgres(
    'the template is generated from the resource and its custom fields, with lists for dropdowns',
    async () => {
      await s.server.database.db
        .insertInto('sysFrameDefine')
        .values({
          module: MENU,
          fieldNo: 'importGrade',
          fieldNoName: JSON.stringify({ 'en-US': 'Grade', 'zh-CN': '等级', 'zh-TW': '等級', vi: 'Hạng' }),
          fieldType: 4,
          isDisplay: 'Y',
          displayPage: '123',
          dropDownDataSource: JSON.stringify([
            { name: 'Gold', code: 'G' },
            { name: 'Silver', code: 'S' },
          ]),
        })
        .execute();
      const res = await post('downExcelTemplate', admin, {});
      expect(res.headers.get('content-disposition')).toContain('Organization%20import%20template.xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
      const sheet = workbook.worksheets[0];
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(headers).toEqual(
        expect.arrayContaining(['*Organization code', '*Organization name', 'Status', 'Grade']),
      );
      const gradeColumn = headers.indexOf('Grade') + 1;
      const statusColumn = headers.indexOf('Status') + 1;
      const validation = (col: number) => sheet.getCell(2, col).dataValidation;
      expect(validation(statusColumn)).toMatchObject({ type: 'list' });
      expect(validation(gradeColumn)).toMatchObject({ type: 'list' });
      const lists = workbook.getWorksheet('lists')!;
      const listValues = (formula: string) => {
        const col = formula.match(/\$([A-Z]+)\$1/)![1];
        return lists.getColumn(col).values.filter(Boolean);
      };
      expect(listValues(validation(gradeColumn).formulae![0] as string)).toEqual(['Gold', 'Silver']);
      expect(listValues(validation(statusColumn).formulae![0] as string)).toEqual(['Invalid', 'Valid']);

      // The filled-in template imports, custom value included (by its label).
      sheet.getCell(2, headers.indexOf('*Organization code') + 1).value = 'TPL001';
      sheet.getCell(2, headers.indexOf('*Organization name') + 1).value = 'From the template';
      sheet.getCell(2, gradeColumn).value = 'Gold';
      const filled = Buffer.from(await workbook.xlsx.writeBuffer());
      const r = await upload(admin, filled, 'template.xlsx');
      expect(r.body.response?.data, JSON.stringify(r.body)).toMatchObject({
        status: 'imported',
        inserted: 1,
      });
      const got = await s.call(
        'IBmOrgService/getbmorglistbyparams',
        { condition: { orgNoIndistinct: 'TPL001' } },
        { token: admin, menu: MENU },
      );
      expect(got.body.response.data.records[0]).toMatchObject({
        orgNo: 'TPL001',
        statusCode: '1',
        importGrade: 'G',
      });
    },
  );
});
