// Exact decimals end to end (DESIGN section 8): a quantity of 18 significant digits and the float trap
// 0.1 + 0.2 travel through add, get, list, sorting, the export's cells and the import without a float
// on the way, on both databases (each driver parses numeric itself).
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Base.Material.Material';
const PORT = 'IBmItemService';
const BIG = '1234567890123.12345';
/** Differs from BIG in its last digit only: as floats the two are one number. */
const BIG_LESS = '1234567890123.12344';

type Rec = Record<string, unknown> & { id: string; version: number; itemNo: string };

describe.each(BOTH_DBS)('exact decimals on %s', (kind) => {
  let s: TestServer;
  let admin: string;

  const call = async (method: string, condition: unknown, lang = 'en-US') =>
    (await s.call(`${PORT}/${method}`, { condition }, { token: admin, menu: MENU, lang })).body;
  const ok = async (method: string, condition: unknown) => {
    const body = await call(method, condition);
    expect(body.code, JSON.stringify(body)).toBe('0');
    return body.response.data;
  };
  const list = async (condition: Record<string, unknown>) =>
    (
      await s.call(
        `${PORT}/getbmitemlistbyparams`,
        { current: 1, size: 20, condition: { itemNoIndistinct: 'M-DEC', ...condition } },
        { token: admin, menu: MENU },
      )
    ).body.response.data.records as Rec[];
  const post = (path: string, body: BodyInit, json = true) =>
    fetch(`${s.url}${API_PATH}/${PORT}/${path}`, {
      method: 'POST',
      headers: {
        ...(json ? { 'content-type': 'application/json' } : {}),
        'authentication-info': admin,
        'app-module-number': MENU,
        'accept-language': 'en-US',
      },
      body,
    });

  const item = (itemNo: string, values: Record<string, unknown>) => ({
    orgNo: 'SH01',
    itemNo,
    itemName: `Decimal ${itemNo}`,
    unitNo: 'PCS',
    ...values,
  });

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    admin = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 19-digit values and 0.1, 0.2 exactly from add, get and list, and sorts them exactly', async () => {
    expect(Number(BIG) === Number(BIG_LESS)).toBe(true);
    const added = await ok(
      'addbmitem',
      // Decimal text, and leniently a JSON number (taken as the text naming it, 0.1, not a binary fraction).
      item('M-DEC1', { safetyStock: BIG, length: 0.1, width: '0.2', height: '0.30000', netWeight: '0.1' }),
    );
    expect(added).toMatchObject({
      safetyStock: BIG,
      length: '0.1',
      width: '0.2',
      height: '0.3',
      netWeight: '0.1',
      grossWeight: null,
    });
    await ok('addbmitem', item('M-DEC2', { safetyStock: BIG_LESS, grossWeight: '99999999999999.9999' }));
    const got = await ok('getbmitembyid', { id: added.id });
    expect(got).toMatchObject({ safetyStock: BIG, length: '0.1', width: '0.2', height: '0.3' });
    const byStock = async (order: 'asc' | 'desc') =>
      (await list({ field: 'safetyStock', order })).map((r) => [r.itemNo, r.safetyStock]);
    expect(await byStock('desc')).toEqual([
      ['M-DEC1', BIG],
      ['M-DEC2', BIG_LESS],
    ]);
    expect(await byStock('asc')).toEqual([
      ['M-DEC2', BIG_LESS],
      ['M-DEC1', BIG],
    ]);
    // The selector lookup by code list compares decimals exactly too.
    const inList = await list({ in: { safetyStock: [BIG_LESS] } });
    expect(inList.map((r) => r.itemNo)).toEqual(['M-DEC2']);
    const updated = await ok('updatebmitembyid', { id: added.id, version: 1, width: '0.10', height: 0.2 });
    expect(updated).toMatchObject({ width: '0.1', height: '0.2', safetyStock: BIG, version: 2 });
  });

  it('refuses a 20th digit, a 6th decimal and a negative measure in the caller’s language, writing nothing', async () => {
    const [dec1] = await list({ itemNo: 'M-DEC1' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ safetyStock: '12345678901234.123456' }, 'zh-CN', '小数不能超过5位'],
      [{ safetyStock: '123456789012345.12345' }, 'en-US', 'at most 19 digits and 5 decimals'],
      [{ cube: -1 }, 'en-US', 'must be at least 0'],
      [{ length: '1000000000000000' }, 'en-US', 'must be at most 999999999999999'],
    ];
    for (const [values, lang, problem] of cases) {
      const add = await call('addbmitem', item('M-DEC9', values), lang);
      expect(add.code, JSON.stringify(values)).toBe('10017');
      expect(add.msg).toContain(problem);
      const update = await call('updatebmitembyid', { id: dec1.id, version: dec1.version, ...values }, lang);
      expect(update.code).toBe('10017');
    }
    // Text that is no number at all is a payload error, before anything is read.
    expect((await call('addbmitem', item('M-DEC9', { cube: '1e5' }))).errorCode).toBe('10002');
    expect(await list({ itemNo: 'M-DEC9' })).toEqual([]);
    expect((await ok('getbmitembyid', { id: dec1.id })).version).toBe(dec1.version);
  });

  it('exports number cells carrying every digit and imports them back exactly', async () => {
    const res = await post('exportexcel', JSON.stringify({ condition: { itemNoIndistinct: 'M-DEC' } }));
    expect(res.status).toBe(200);
    const file = Buffer.from(await res.arrayBuffer());
    const xml = await (await JSZip.loadAsync(file)).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml).toContain(`<v>${BIG}</v>`);
    expect(xml).toContain(`<v>${BIG_LESS}</v>`);
    expect(xml).toContain('<v>0.1</v>');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf('Safety stock') + 1;
    expect(column).toBeGreaterThan(0);
    // Numbers a spreadsheet can sum, not text.
    expect(sheet.getRow(2).getCell(column).type).toBe(ExcelJS.ValueType.Number);

    // Deleted, then read back from the very file: the values come back to the last digit.
    const before = await list({});
    expect(
      (await ok('deletebmitembyids', { delList: before.map((r) => ({ id: r.id, version: r.version })) }))
        .deleted,
    ).toBe(2);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'items.xlsx');
    const imported = await post('importexcel', form, false);
    const result = await imported.json();
    expect(result.response.data, JSON.stringify(result)).toMatchObject({
      status: 'imported',
      inserted: 2,
      errorCount: 0,
    });
    const after = await list({ field: 'itemNo', order: 'asc' });
    expect(after.map((r) => [r.itemNo, r.safetyStock, r.length, r.width, r.height, r.grossWeight])).toEqual([
      ['M-DEC1', BIG, '0.1', '0.1', '0.2', null],
      ['M-DEC2', BIG_LESS, null, null, null, '99999999999999.9999'],
    ]);
  });

  it('offers an import template whose decimal columns are text, which a spreadsheet keeps to the last digit', async () => {
    const res = await post('downExcelTemplate', JSON.stringify({}));
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(sheet.getColumn(header.indexOf('Safety stock') + 1).numFmt).toBe('@');
    expect(sheet.getColumn(header.indexOf('Shelf life (days)') + 1).numFmt).not.toBe('@');
  });
});
