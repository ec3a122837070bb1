// Export and import template configuration: the admin screens' calls, their refusals, and
// what they change for a user: an export through an admin-made template writes exactly its columns in
// its order with its headers, and {port}/downExcelTemplate serves the configured workbook or address.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const EXPORT_MENU = 'BaseManage.Config.ExportTemplate';
const IMPORT_MENU = 'BaseManage.Config.ImportTemplate';
const ORG_MENU = 'Base.Basic.Organizational';
const NAMES = { 'en-US': 'Codes and grade', 'zh-CN': '编码和等级', 'zh-TW': '編碼和等級', vi: 'Mã và hạng' };

async function workbookOf(columns: string[], rows: unknown[][] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Template');
  sheet.addRow(columns);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function rowsOf(res: Response): Promise<unknown[][]> {
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(POSTGRES_ONLY)('export and import template configuration on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;

  const exp = (method: string, condition: unknown, token = admin) =>
    s.call(`ISysExportTemplateService/${method}`, { condition }, { token, menu: EXPORT_MENU, lang: 'en-US' });
  const imp = (method: string, condition: unknown, token = admin) =>
    s.call(`ISysImportTemplateService/${method}`, { condition }, { token, menu: IMPORT_MENU, lang: 'en-US' });
  const code = (r: { body: { code?: string; errorCode?: string } }) => r.body.code ?? r.body.errorCode;

  async function templatesOf(module: string) {
    const r = await exp('getsysexporttemplatelistbyparams', { module, field: 'exportName', order: 'asc' });
    return r.body.response.data.records as Record<string, unknown>[];
  }

  function post(path: string, token: string, condition: unknown, menu = ORG_MENU) {
    return fetch(`${s.url}${API_PATH}/${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': menu,
        'accept-language': 'en-US',
      },
      body: JSON.stringify({ condition }),
    });
  }

  async function upload(token: string, data: Buffer, name: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const res = await fetch(`${s.url}${API_PATH}/ISrmFileService/uploadFile?purpose=attachment`, {
      method: 'POST',
      headers: { 'authentication-info': token, 'app-module-number': IMPORT_MENU, 'accept-language': 'en-US' },
      body: form,
    });
    return (await res.json()) as { code?: string; errorCode?: string; response?: { data: { id: string } } };
  }

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer, supplier1] = await Promise.all(['admin', 'buyer', 'supplier1'].map((u) => s.login(u)));
    const grade = await s.call(
      'ISysFrameDefineService/addSysFrameDefine',
      {
        condition: {
          module: ORG_MENU,
          fieldNo: 'grade',
          fieldNoName: { 'en-US': 'Grade', 'zh-CN': '等级', 'zh-TW': '等級', vi: 'Hạng' },
          fieldType: 1,
          displayPage: '23',
        },
      },
      { token: admin, menu: 'BaseManage.Config.FrameDefine' },
    );
    expect(grade.body.status).toBe(200);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('offers the modules with an export and their exportable fields, custom ones included', async () => {
    const modules = (await exp('getExportModules', {})).body.response.data as { module: string }[];
    expect(modules.map((m) => m.module)).toEqual(expect.arrayContaining([ORG_MENU, 'Base.Basic.Warehouse']));
    expect(modules.map((m) => m.module)).not.toContain(EXPORT_MENU);
    const fields = (await exp('getExportableFields', { module: ORG_MENU })).body.response.data as {
      prop: string;
      label: string;
    }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        { prop: 'orgNo', label: 'Organization code', custom: false },
        { prop: 'grade', label: 'Grade', custom: true },
        { prop: '*custom', label: 'All custom fields', custom: true },
        { prop: 'updateDate', label: 'Updated at', custom: false },
      ]),
    );
    expect(fields.map((f) => f.prop)).not.toContain('id');
    // A service with two exports (VMI stock and its movements) offers each one's own fields.
    const props = async (module: string) =>
      ((await exp('getExportableFields', { module })).body.response.data as { prop: string }[]).map(
        (f) => f.prop,
      );
    expect(await props('Offsite.Vmi.Query')).toEqual(
      expect.arrayContaining(['snapshotQty', 'asOf', 'warehouseName']),
    );
    expect(await props('Offsite.Vmi.PeriodMovement')).toEqual(
      expect.arrayContaining(['moveType', 'moveDate']),
    );
    expect(await props('Offsite.Vmi.Query')).not.toContain('moveType');
  });

  it('lists the seeded templates with their names, marks and column counts; keyword search works', async () => {
    const rows = await templatesOf(ORG_MENU);
    expect(rows.map((r) => [r.exportName, r.templateName, r.isDefault, r.columnCount])).toEqual([
      ['all', 'Organizations', '1', 10],
      ['codes', 'Organization codes', '0', 2],
    ]);
    const found = await exp('getsysexporttemplatelistbyparams', { keyword: 'Base.Material.Unit' });
    expect(found.body.response.data.records.map((r: { module: string }) => r.module)).toEqual(
      expect.arrayContaining(['Base.Material.Unit', 'Base.Material.UnitConversion']),
    );
    const sorted = await exp('getsysexporttemplatelistbyparams', {
      field: 'columns; drop table x',
      order: 'asc',
    });
    expect(sorted.http).toBe(400);
  });

  it('seeds every template with exportable columns only, each code followed by the name it stands for', async () => {
    const all = await s.call(
      'ISysExportTemplateService/getsysexporttemplatelistbyparams',
      { size: 1000, condition: {} },
      { token: admin, menu: EXPORT_MENU, lang: 'en-US' },
    );
    const seeded = all.body.response.data.records as { id: string; module: string; exportName: string }[];
    expect(seeded.length).toBeGreaterThan(40);
    const offered = new Map<string, string[]>();
    for (const t of seeded) {
      let fields = offered.get(t.module);
      if (!fields) {
        const r = await exp('getExportableFields', { module: t.module });
        fields = (r.body.response.data as { prop: string }[]).map((f) => f.prop);
        offered.set(t.module, fields);
      }
      const got = (await exp('getsysexporttemplatebyid', { id: t.id })).body.response.data;
      const raw = typeof got.columns === 'string' ? JSON.parse(got.columns) : got.columns;
      const columns = (raw as { prop: string }[]).map((c) => c.prop);
      const label = `${t.module}/${t.exportName}`;
      // An order's lines and its head export under different menus: each template fits its own.
      expect({ label, unknown: columns.filter((c) => !fields.includes(c)) }).toEqual({ label, unknown: [] });
      // The exportable fields list a record's name right after its code (orgNo, orgShortName).
      const unnamed = columns.filter((c) => {
        const name = fields[fields.indexOf(c) + 1];
        return /No$/.test(c) && name && /Name$/.test(name) && !columns.includes(name);
      });
      expect({ label, unnamed }).toEqual({ label, unnamed: [] });
    }
  });

  it('adds a template with ordered columns and headers; the export writes exactly those', async () => {
    const added = await exp('addsysexporttemplate', {
      module: ORG_MENU,
      exportName: 'grades',
      templateName: NAMES,
      isDefault: '0',
      columns: [
        { prop: 'orgName', header: 'Plant' },
        { prop: 'grade' },
        { prop: 'orgNo', header: '  ' },
        { prop: 'statusCode', header: 'State' },
      ],
    });
    expect(added.body.status).toBe(200);
    expect(added.body.response.data).toMatchObject({
      exportName: 'grades',
      templateName: 'Codes and grade',
      isDefault: '0',
      columnCount: 4,
      createName: 'Administrator',
    });
    const list = await s.call(
      'IBmOrgService/getExportNameList',
      {},
      { token: buyer, menu: ORG_MENU, lang: 'vi' },
    );
    expect(list.body.response.data).toContainEqual({
      exportName: 'grades',
      exportLabel: 'Mã và hạng',
      isDefault: 0,
    });

    const res = await post('IBmOrgService/exportexcel', buyer, {
      exportName: 'grades',
      field: 'orgNo',
      order: 'asc',
    });
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain('Codes and grade-');
    const rows = await rowsOf(res);
    expect(rows[0]).toEqual(['Plant', 'Grade', 'Organization code', 'State']);
    expect(rows.slice(1)).toEqual([
      ['Hanoi Assembly Plant', undefined, 'HN01', 'Valid'],
      ['Shanghai Manufacturing Centre', undefined, 'SH01', 'Valid'],
    ]);
  });

  it('keeps exactly one default per module: a new default takes the mark in the same save', async () => {
    const before = await templatesOf(ORG_MENU);
    const all = before.find((r) => r.exportName === 'all')!;
    const grades = before.find((r) => r.exportName === 'grades')!;
    const made = await exp('updatesysexporttemplatebyid', {
      id: grades.id,
      version: grades.version,
      isDefault: '1',
    });
    expect(made.body.status).toBe(200);
    const after = await templatesOf(ORG_MENU);
    expect(after.filter((r) => r.isDefault === '1').map((r) => r.exportName)).toEqual(['grades']);
    expect(after.find((r) => r.exportName === 'all')!.version).toBe(Number(all.version) + 1);
    // The export without a choice uses the new default.
    const rows = await rowsOf(await post('IBmOrgService/exportexcel', admin, { keyword: 'SH01' }));
    expect(rows[0]).toEqual(['Plant', 'Grade', 'Organization code', 'State']);

    // The default is not switched off, nor deleted while the module has other templates.
    const now = after.find((r) => r.exportName === 'grades')!;
    const off = await exp('updatesysexporttemplatebyid', {
      id: now.id,
      version: now.version,
      isDefault: '0',
    });
    expect(code(off)).toBe('10122');
    const gone = await exp('deletesysexporttemplatebyids', {
      delList: [{ id: now.id, version: now.version }],
    });
    expect(code(gone)).toBe('10122');
    expect((await templatesOf(ORG_MENU)).length).toBe(3);

    // Back to the seeded default for the other tests' sake.
    const seeded = (await templatesOf(ORG_MENU)).find((r) => r.exportName === 'all')!;
    const back = await exp('updatesysexporttemplatebyid', {
      id: seeded.id,
      version: seeded.version,
      isDefault: '1',
    });
    expect(back.body.status).toBe(200);
  });

  it('refuses unknown columns, modules without export, a stale version, and changes nothing', async () => {
    const unknown = await exp('addsysexporttemplate', {
      module: ORG_MENU,
      exportName: 'bad',
      templateName: NAMES,
      columns: [{ prop: 'orgNo' }, { prop: 'passwordHash' }],
    });
    expect(code(unknown)).toBe('10120');
    expect(unknown.body.msg).toContain('"passwordHash"');
    const twice = await exp('addsysexporttemplate', {
      module: ORG_MENU,
      exportName: 'bad',
      templateName: NAMES,
      columns: [{ prop: 'orgNo' }, { prop: 'orgNo' }],
    });
    expect(code(twice)).toBe('10120');
    const noExport = await exp('addsysexporttemplate', {
      module: EXPORT_MENU,
      exportName: 'bad',
      templateName: NAMES,
      columns: [{ prop: 'module' }],
    });
    expect(code(noExport)).toBe('10121');
    const noColumns = await exp('addsysexporttemplate', {
      module: ORG_MENU,
      exportName: 'bad',
      templateName: NAMES,
      columns: [],
    });
    expect(noColumns.http).toBe(400);
    const missingName = await exp('addsysexporttemplate', {
      module: ORG_MENU,
      exportName: 'bad',
      templateName: { 'en-US': 'Only English' },
      columns: [{ prop: 'orgNo' }],
    });
    expect(missingName.http).toBe(400);
    expect((await templatesOf(ORG_MENU)).map((r) => r.exportName)).not.toContain('bad');

    const grades = (await templatesOf(ORG_MENU)).find((r) => r.exportName === 'grades')!;
    const changed = await exp('updatesysexporttemplatebyid', {
      id: grades.id,
      version: grades.version,
      columns: [{ prop: 'orgNo', header: 'Code' }],
    });
    expect(changed.body.response.data.columnCount).toBe(1);
    const stale = await exp('updatesysexporttemplatebyid', {
      id: grades.id,
      version: grades.version,
      columns: [{ prop: 'orgName' }],
    });
    expect(code(stale)).toBe('10007');
    const unknownOnUpdate = await exp('updatesysexporttemplatebyid', {
      id: grades.id,
      version: changed.body.response.data.version,
      columns: [{ prop: 'nope' }],
    });
    expect(code(unknownOnUpdate)).toBe('10120');
    const got = await exp('getsysexporttemplatebyid', { id: grades.id });
    expect(got.body.response.data.columns).toEqual([{ prop: 'orgNo', header: 'Code' }]);
    expect(got.body.response.data.templateName).toEqual(NAMES);
    // A seeded template's form starts from its locale names in every language.
    const all = (await templatesOf(ORG_MENU)).find((r) => r.exportName === 'all')!;
    const seeded = await exp('getsysexporttemplatebyid', { id: all.id });
    expect(seeded.body.response.data.templateName).toMatchObject({ 'en-US': 'Organizations' });
  });

  it('deletes with id and version', async () => {
    const grades = (await templatesOf(ORG_MENU)).find((r) => r.exportName === 'grades')!;
    const stale = await exp('deletesysexporttemplatebyids', { delList: [{ id: grades.id, version: 1 }] });
    expect(code(stale)).toBe('10007');
    const del = await exp('deletesysexporttemplatebyids', {
      delList: [{ id: grades.id, version: grades.version }],
    });
    expect(del.body.response.data).toEqual({ deleted: 1 });
    expect((await templatesOf(ORG_MENU)).map((r) => r.exportName)).toEqual(['all', 'codes']);
  });

  it('is for administrators only', async () => {
    const asBuyer = await exp('getsysexporttemplatelistbyparams', {}, buyer);
    expect(asBuyer.http).toBe(403);
    const asSupplier = await imp('getsysimporttemplatelistbyparams', {}, supplier1);
    expect(asSupplier.http).toBe(403);
  });

  describe('import templates', () => {
    let fileId: string;

    it('offers the real import ports and refuses an unknown one', async () => {
      const ports = (await imp('getImportPorts', {})).body.response.data as {
        port: string;
        portName: string;
      }[];
      expect(ports).toContainEqual({ port: 'IBmOrgService', portName: 'Organization import template' });
      const unknown = await imp('addsysimporttemplate', {
        port: 'ISysUserService',
        templateSource: 'generated',
      });
      expect(code(unknown)).toBe('10123');
    });

    it('refuses a workbook that is not a real .xlsx', async () => {
      const docx = await upload(admin, Buffer.from('not a workbook at all'), 'template.xlsx');
      expect(docx.code ?? docx.errorCode).toBe('10062');
      const pdf = await upload(
        admin,
        Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
        't.pdf',
      );
      expect(pdf.response?.data.id).toBeTruthy();
      const refused = await imp('addsysimporttemplate', {
        port: 'IBmOrgService',
        templateSource: 'file',
        fileId: pdf.response!.data.id,
      });
      expect(code(refused)).toBe('10124');
      const noFile = await imp('addsysimporttemplate', { port: 'IBmOrgService', templateSource: 'file' });
      expect(code(noFile)).toBe('10124');
      const badUrl = await imp('addsysimporttemplate', {
        port: 'IBmOrgService',
        templateSource: 'url',
        templateUrl: 'javascript:alert(1)',
      });
      expect(code(badUrl)).toBe('10017');
      expect((await imp('getsysimporttemplatelistbyparams', {})).body.response.data.total).toBe(0);
    });

    it('serves an uploaded workbook from {port}/downExcelTemplate; one active configuration a port', async () => {
      const generated = await rowsOf(await post('IBmOrgService/downExcelTemplate', admin, {}));
      expect(generated[0]).toContain('*Organization code');

      const up = await upload(
        admin,
        await workbookOf(['Our code', 'Our name'], [['X1', 'Example']]),
        'ours.xlsx',
      );
      fileId = up.response!.data.id;
      const added = await imp('addsysimporttemplate', {
        port: 'IBmOrgService',
        templateSource: 'file',
        fileId,
        remark: 'the plant template',
      });
      expect(added.body.response.data).toMatchObject({
        port: 'IBmOrgService',
        templateSource: 'file',
        fileId,
      });
      // The list names the port as users call it, in their language, beside its code.
      const listed = (await imp('getsysimporttemplatelistbyparams', { port: 'IBmOrgService' })).body.response
        .data.records as Record<string, unknown>[];
      expect(listed.map((r) => [r.port, r.portName])).toEqual([
        ['IBmOrgService', 'Organization import template'],
      ]);
      const res = await post('IBmOrgService/downExcelTemplate', admin, {});
      expect(res.headers.get('content-disposition')).toContain('Organization%20import%20template.xlsx');
      expect(await rowsOf(res)).toEqual([
        ['Our code', 'Our name'],
        ['X1', 'Example'],
      ]);
      const address = await post('IBmOrgService/getImportTemplateAddress', admin, {});
      expect((await address.json()).response.data).toEqual({});

      const second = await imp('addsysimporttemplate', {
        port: 'IBmOrgService',
        templateSource: 'url',
        templateUrl: 'https://example.com/org.xlsx',
      });
      expect(code(second)).toBe('50M01');
      // A switched-off one may stand beside it.
      const off = await imp('addsysimporttemplate', {
        port: 'IBmOrgService',
        templateSource: 'url',
        templateUrl: 'https://example.com/org.xlsx',
        statusCode: '0',
      });
      expect(off.body.status).toBe(200);
    });

    it('switches to an address: the lookup names it and the download redirects; then back', async () => {
      const list = (
        await imp('getsysimporttemplatelistbyparams', {
          port: 'IBmOrgService',
          field: 'statusCode',
          order: 'desc',
        })
      ).body.response.data.records as Record<string, unknown>[];
      const [active, inactive] = list;
      expect(active.statusCode).toBe('1');
      const stale = await imp('updatesysimporttemplatebyid', { id: active.id, version: 99, statusCode: '0' });
      expect(code(stale)).toBe('10007');
      const offFirst = await imp('updatesysimporttemplatebyid', {
        id: active.id,
        version: active.version,
        statusCode: '0',
      });
      expect(offFirst.body.status).toBe(200);
      const on = await imp('updatesysimporttemplatebyid', {
        id: inactive.id,
        version: inactive.version,
        statusCode: '1',
      });
      expect(on.body.status).toBe(200);
      const address = await post('IBmOrgService/getImportTemplateAddress', admin, {});
      expect((await address.json()).response.data).toEqual({ url: 'https://example.com/org.xlsx' });
      const res = await post('IBmOrgService/downExcelTemplate', admin, {});
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('https://example.com/org.xlsx');
      // Whoever may not import there (the buyer only searches and exports organisations) learns nothing.
      const asBuyer = await post('IBmOrgService/getImportTemplateAddress', buyer, {});
      expect(asBuyer.status).toBe(403);

      // Deleting both leaves the generated template, and the uploaded workbook goes with its row.
      const rows = (await imp('getsysimporttemplatelistbyparams', { port: 'IBmOrgService' })).body.response
        .data.records as { id: string; version: number }[];
      const del = await imp('deletesysimporttemplatebyids', {
        delList: rows.map((r) => ({ id: r.id, version: r.version })),
      });
      expect(del.body.response.data).toEqual({ deleted: 2 });
      const generated = await rowsOf(await post('IBmOrgService/downExcelTemplate', admin, {}));
      expect(generated[0]).toContain('*Organization code');
      const file = await s.call(
        'ISrmFileService/downloadFileById',
        { condition: { id: fileId } },
        { token: admin, menu: 'Base.Message.File' },
      );
      expect(file.body.code ?? file.body.errorCode).toBe('10008');
    });
  });
});
