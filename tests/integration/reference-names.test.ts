// Names, not codes: a list, a get and an export answer the name of the record a code names (an
// organisation's short name beside orgNo, a menu's title in the caller's language beside a module), read
// in the query of the rows (one statement per page, however many rows), sorted and searched by that name.
// Both databases: the menu titles come from a jsonb column and a jsonb parameter.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const WAREHOUSES = 'Base.Basic.Warehouse';
const TEMPLATES = 'BaseManage.Config.ExportTemplate';
type Row = Record<string, unknown>;

describe.each(BOTH_DBS)('names of referenced records on %s', (kind) => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    admin = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
  });

  async function warehouses(condition: Row, size = 20, lang = 'en-US') {
    const r = await s.call(
      'IBmWarehouseService/getbmwarehouselistbyparams',
      { current: 1, size, condition },
      { token: admin, menu: WAREHOUSES, lang },
    );
    expect(r.body.status).toBe(200);
    return r.body.response.data as { total: number; records: Row[] };
  }

  it('answers the organisation short name beside its code in one query of the rows per page', async () => {
    const seen: string[] = [];
    const stop = s.server.database.onQuery((text) => seen.push(text));
    const small = await warehouses({}, 2);
    const smallQueries = seen.filter((q) => q.includes('"bm_org"')).length;
    seen.length = 0;
    const large = await warehouses({}, 200);
    const largeQueries = seen.filter((q) => q.includes('"bm_org"')).length;
    stop();
    const byCode = new Map(large.records.map((r) => [r.warehouseNo, r]));
    expect(byCode.get('SH01-RM')).toMatchObject({ orgNo: 'SH01', orgShortName: 'Shanghai' });
    expect(byCode.get('HN01-RM')).toMatchObject({ orgNo: 'HN01', orgShortName: 'Hanoi' });
    expect(small.records.every((r) => typeof r.orgShortName === 'string')).toBe(true);
    // The names come with the rows: one statement reads them, for 2 rows as for every row.
    expect(large.records.length).toBeGreaterThan(2);
    expect(smallQueries).toBe(1);
    expect(largeQueries).toBe(1);
  });

  it('sorts by the shown name, and refuses a name no reference answers', async () => {
    const up = await warehouses({ field: 'orgShortName', order: 'asc' }, 200);
    const names = up.records.map((r) => String(r.orgShortName));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(names).size).toBeGreaterThan(1);
    const down = await warehouses({ field: 'orgShortName', order: 'desc' }, 200);
    expect(down.records[0].orgShortName).toBe(names.at(-1));
    const refused = await s.call(
      'IBmWarehouseService/getbmwarehouselistbyparams',
      { current: 1, size: 20, condition: { field: 'orgName', order: 'asc' } },
      { token: admin, menu: WAREHOUSES, lang: 'en-US' },
    );
    expect(refused.body.errorCode).toBe('10006');
  });

  it('names a module by its menu title in the caller language, in the list and the get', async () => {
    const call = (method: string, body: Row, lang: string) =>
      s.call(`ISysExportTemplateService/${method}`, body, { token: admin, menu: TEMPLATES, lang });
    const en = await call(
      'getsysexporttemplatelistbyparams',
      { current: 1, size: 200, condition: {} },
      'en-US',
    );
    const zh = await call(
      'getsysexporttemplatelistbyparams',
      { current: 1, size: 200, condition: {} },
      'zh-CN',
    );
    const enRow = (en.body.response.data.records as Row[]).find((r) => r.module === WAREHOUSES)!;
    const zhRow = (zh.body.response.data.records as Row[]).find((r) => r.module === WAREHOUSES)!;
    expect(enRow.moduleName).toBe('Warehouses');
    expect(zhRow.moduleName).toBe('仓库管理');
    const got = await call('getsysexporttemplatebyid', { condition: { id: enRow.id } }, 'zh-CN');
    expect(got.body.response.data).toMatchObject({ module: WAREHOUSES, moduleName: '仓库管理' });
    // The keyword finds a template by the title of its module.
    const found = await call(
      'getsysexporttemplatelistbyparams',
      { current: 1, size: 200, condition: { keyword: '仓库管理' } },
      'zh-CN',
    );
    const modules = new Set((found.body.response.data.records as Row[]).map((r) => r.module));
    expect(modules).toContain(WAREHOUSES);
    expect(modules).not.toContain('Base.Basic.Organizational');
  });

  it('exports the names a template lists beside the codes', async () => {
    const fields = await s.call(
      'ISysExportTemplateService/getExportableFields',
      { condition: { module: WAREHOUSES } },
      { token: admin, menu: TEMPLATES, lang: 'en-US' },
    );
    const props = (fields.body.response.data as { prop: string }[]).map((f) => f.prop);
    expect(props.indexOf('orgShortName')).toBe(props.indexOf('orgNo') + 1);
    const added = await s.call(
      'ISysExportTemplateService/addsysexporttemplate',
      {
        condition: {
          module: WAREHOUSES,
          exportName: 'named',
          isDefault: '0',
          templateName: { 'en-US': 'Named', 'zh-CN': '名称', 'zh-TW': '名稱', vi: 'Tên' },
          columns: [{ prop: 'warehouseNo' }, { prop: 'orgNo' }, { prop: 'orgShortName' }],
        },
      },
      { token: admin, menu: TEMPLATES, lang: 'en-US' },
    );
    expect(added.body.status).toBe(200);
    const res = await fetch(`${s.url}${API_PATH}/IBmWarehouseService/exportexcel`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': admin,
        'app-module-number': WAREHOUSES,
        'accept-language': 'en-US',
      },
      body: JSON.stringify({ condition: { exportName: 'named', field: 'warehouseNo', order: 'asc' } }),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Warehouse code', 'Organization code', 'Organization']);
    expect(rows).toContainEqual(['SH01-RM', 'SH01', 'Shanghai']);
    expect(rows).toContainEqual(['HN01-RM', 'HN01', 'Hanoi']);
  });
});
