// Printing end to end over HTTP on both databases: the print dialog's template list (scope, default
// first, keyword, paging), PDFs that a reader accepts (text in the caller's language, pages, barcodes
// drawn as the symbology encodes the record's values), the data scope and the isPrint flag, clean
// refusals for every client mistake, and the local print services path against a real HTTP service.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import bwipjs from 'bwip-js/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocalPrintAnswer, printLocally } from '../../engine/print/localPrint.js';
import type { Db } from '../../services/db/database.js';
import { type PdfPage, parsePdf } from '../support/pdf.js';
import { setRoleFlags } from '../support/rules.js';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const ORG = 'Base.Basic.Organizational';
const WH = 'Base.Basic.Warehouse';
const SUP = 'Base.Basic.Supplier';

interface Answer {
  http: number;
  type: string;
  disposition: string;
  bytes: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: the JSON answer when it is not a file.
  json: any;
}

/** Where the bars of a linear barcode are, in modules from its first bar: [start, width]. */
function barsOf(widths: number[]): [number, number][] {
  const bars: [number, number][] = [];
  let x = 0;
  widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push([x, w]);
    x += w;
  });
  return bars;
}

/**
 * Whether the page draws exactly this encoding somewhere, at any size: every bar (linear) or every row
 * run of dark modules (2D) is a filled rectangle where the first one puts it. The encoding comes from
 * bwip-js here, not from the server's code.
 */
function drawsBarcode(
  page: PdfPage,
  encoded: { sbs: number[] } | { pixs: number[]; pixx: number; pixy: number },
) {
  const near = (a: number, b: number) => Math.abs(a - b) < 0.01;
  const has = (x: number, y: number, w: number, h: number) =>
    page.rects.some((r) => near(r.x, x) && near(r.y, y) && near(r.w, w) && near(r.h, h));
  if ('sbs' in encoded) {
    const bars = barsOf(encoded.sbs);
    return page.rects.some((first) => {
      const module = first.w / bars[0][1];
      return bars.every(([start, w]) => has(first.x + start * module, first.y, w * module, first.h));
    });
  }
  const runs: [number, number, number][] = [];
  for (let r = 0; r < encoded.pixy; r++) {
    let c = 0;
    while (c < encoded.pixx) {
      if (!encoded.pixs[r * encoded.pixx + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < encoded.pixx && encoded.pixs[r * encoded.pixx + c]) c++;
      runs.push([r, start, c - start]);
    }
  }
  return page.rects.some((first) => {
    const module = first.h;
    const [r0, c0] = runs[0];
    return runs.every(([r, c, len]) =>
      has(first.x + (c - c0) * module, first.y + (r - r0) * module, len * module, module),
    );
  });
}

describe.each(POSTGRES_ONLY)('printing on %s', (kind) => {
  let s: TestServer;
  let db: Db;
  let admin: string;
  let supplier1: string;
  let fake: Server;
  let fakeUrl: string;
  const received: { path: string; body: unknown }[] = [];

  async function send(
    path: string,
    body: unknown,
    token: string,
    menu: string,
    lang = 'en-US',
  ): Promise<Answer> {
    const res = await fetch(`${s.url}${API_PATH}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': menu,
        'accept-language': lang,
      },
      body: JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    return {
      http: res.status,
      type,
      disposition: res.headers.get('content-disposition') ?? '',
      bytes,
      json: type.includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined,
    };
  }
  const print = (condition: Record<string, unknown>, token = admin, lang = 'en-US') =>
    send('IReportPrintService/print', { condition }, token, String(condition.module ?? WH), lang);
  const templates = (condition: Record<string, unknown>, token = admin, lang = 'en-US', size = 10) =>
    send(
      'ISupBmDocTemplateManageService/getReportTemplateListWithDefault',
      { current: 1, size, condition: { templateType: '4', ...condition } },
      token,
      String(condition.module),
      lang,
    );
  async function idsOf(table: 'bmOrg' | 'bmWarehouse' | 'bmSupplier', column: string, values: string[]) {
    // biome-ignore lint/suspicious/noExplicitAny: three tables, one lookup.
    const rows = await (db as any)
      .selectFrom(table)
      .select(['id', column])
      .where(column, 'in', values)
      .execute();
    return values.map((v) => (rows as Record<string, string>[]).find((r) => r[column] === v)!.id);
  }

  beforeAll(async () => {
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: body ? JSON.parse(body) : undefined });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    fake.listen(0, '127.0.0.1');
    await once(fake, 'listening');
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    s = await startTestServer({
      database: kind,
      config: {
        printParams: {
          PRINT_CHECK_URL: `${fakeUrl}/check`,
          PRINT_BARTENDER_URL: `${fakeUrl}/bartender/print`,
        },
      },
    });
    db = s.server.database.db;
    [admin, supplier1] = await Promise.all(['admin', 'supplier1'].map((u) => s.login(u)));
  });
  afterAll(async () => {
    await s?.close();
    fake?.close();
  });

  it('lists the templates for the selection, the default first and marked once, by keyword and page', async () => {
    const sh = await templates({ module: WH, orgNo: 'SH01' });
    expect(sh.json.code).toBe('0');
    expect(
      sh.json.response.data.records.map((r: { reportKey: string; isDefault: number }) => [
        r.reportKey,
        r.isDefault,
      ]),
    ).toEqual([
      ['warehouseLabels', 1],
      ['warehouseList', 0],
    ]);
    expect(sh.json.response.data.records[0]).toMatchObject({
      templateName: 'Warehouse labels (A4, 2 × 4)',
      templateType: '4',
      printType: 2,
      module: WH,
    });
    // The Hanoi plant's own template shows only for a Hanoi selection, before the general ones.
    const hn = await templates({ module: WH, orgNo: 'HN01' });
    expect(hn.json.response.data.records.map((r: { reportKey: string }) => r.reportKey)).toEqual([
      'warehouseLabels',
      'warehouseDockLabel',
      'warehouseList',
    ]);
    const dock = await templates({ module: WH, orgNo: 'HN01', keyword: '月台' }, admin, 'zh-CN');
    expect(dock.json.response.data.records.map((r: { templateName: string }) => r.templateName)).toEqual([
      '收货月台标签（100 × 60 mm）',
    ]);
    const paged = await templates({ module: WH, orgNo: 'HN01' }, admin, 'en-US', 1);
    expect(paged.json.response.data).toMatchObject({ total: 3, size: 1, pages: 3 });
    expect(paged.json.response.data.records).toHaveLength(1);
    const orgs = await templates({ module: ORG });
    expect(orgs.json.response.data.records).toMatchObject([{ reportKey: 'orgList', isDefault: 1 }]);
  });

  it('prints a table as a PDF: a parseable file in the caller language, one page, named after the template', async () => {
    const ids = await idsOf('bmOrg', 'orgNo', ['SH01', 'HN01']);
    const r = await print({ ids, reportKey: 'orgList', module: ORG, printer: 'Administrator' });
    expect(r.http).toBe(200);
    expect(r.type).toBe('application/pdf');
    expect(r.disposition).toMatch(
      /^attachment; filename="Organization list-\d{14}\.pdf"; filename\*=UTF-8''Organization%20list-\d{14}\.pdf$/,
    );
    expect(r.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = parsePdf(r.bytes);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.info).toMatchObject({ Title: 'Organization list', Author: 'Administrator' });
    const text = pdf.pages[0].text;
    expect(text).toContain('Organization list');
    expect(text).toContain('Printed by: Administrator');
    expect(text).toContain('Records: 2');
    // In the order of the selection, dictionary codes named.
    expect(text.indexOf('Shanghai Manufacturing Centre')).toBeLessThan(text.indexOf('Hanoi Assembly Plant'));
    expect(text).toMatch(/Valid[\s\S]*Valid/);
    expect(text).toContain('Page 1 of 1');

    const zh = parsePdf((await print({ ids, reportKey: 'orgList', module: ORG }, admin, 'zh-CN')).bytes);
    expect(zh.info.Title).toBe('组织列表');
    expect(zh.pages[0].text).toContain('有效');
    expect(zh.pages[0].text).toContain('第 1 页，共 1 页');
    const vi = parsePdf((await print({ ids, reportKey: 'orgList', module: ORG }, admin, 'vi')).bytes);
    expect(vi.pages[0].text).toContain('Danh sách tổ chức');
    expect(vi.pages[0].text).toContain('Hiệu lực');
  });

  it('breaks a long table into pages, the head on every page, no row lost', async () => {
    const numbers = Array.from({ length: 80 }, (_, i) => `PRT-${String(i).padStart(3, '0')}`);
    await db
      .insertInto('bmWarehouse')
      .values(numbers.map((n) => ({ orgNo: 'SH01', warehouseNo: n, warehouseName: `Print test ${n}` })))
      .execute();
    const ids = await idsOf('bmWarehouse', 'warehouseNo', numbers);
    const pdf = parsePdf((await print({ ids, reportKey: 'warehouseList', module: WH })).bytes);
    expect(pdf.pageCount).toBeGreaterThan(1);
    expect(pdf.pages).toHaveLength(pdf.pageCount);
    pdf.pages.forEach((p, i) => {
      expect(p.text).toContain('Warehouse name');
      expect(p.text).toContain(`Page ${i + 1} of ${pdf.pageCount}`);
    });
    const printed = pdf.pages.flatMap((p) => p.text.match(/^PRT-\d{3}$/gm) ?? []);
    expect(printed).toEqual(numbers);
  });

  it('prints labels with the Code 128 of each warehouse number and the QR code of organisation/warehouse', async () => {
    const ids = await idsOf('bmWarehouse', 'warehouseNo', ['SH01-RM', 'SH01-FG', 'HN01-RM']);
    const r = await print({ ids, reportKey: 'warehouseLabels', module: WH });
    expect(r.type).toBe('application/pdf');
    const pdf = parsePdf(r.bytes);
    expect(pdf.pageCount).toBe(1);
    const [page] = pdf.pages;
    // A4 portrait.
    expect(Math.round(page.width)).toBe(595);
    for (const no of ['SH01-RM', 'SH01-FG', 'HN01-RM']) {
      const org = no.slice(0, 4);
      expect(drawsBarcode(page, bwipjs.raw('code128', no)[0] as { sbs: number[] })).toBe(true);
      expect(
        drawsBarcode(
          page,
          bwipjs.raw('qrcode', `${org}/${no}`)[0] as { pixs: number[]; pixx: number; pixy: number },
        ),
      ).toBe(true);
      expect(page.text).toContain(`Organization code: ${org}`);
    }
    // Not any barcode: a value that is not printed is not found.
    expect(drawsBarcode(page, bwipjs.raw('code128', 'SH01-XX')[0] as { sbs: number[] })).toBe(false);
    // Vectors, not pictures of barcodes.
    expect(pdf.images).toBe(0);
    // Eight labels a page: nine warehouses take two pages.
    const more = await idsOf('bmWarehouse', 'warehouseNo', [
      'PRT-000',
      'PRT-001',
      'PRT-002',
      'PRT-003',
      'PRT-004',
      'PRT-005',
    ]);
    expect(
      parsePdf((await print({ ids: [...ids, ...more], reportKey: 'warehouseLabels', module: WH })).bytes)
        .pageCount,
    ).toBe(2);
  });

  it("lets a supplier's user print its own supplier only, and only with the menu's isPrint", async () => {
    const [own, other] = await idsOf('bmSupplier', 'supplierNo', ['SUP001', 'SUP002']);
    // The supplier role has no supplier menu at all, then the menu without isPrint: refused either way.
    const none = await print({ ids: [own], reportKey: 'supplierList', module: SUP }, supplier1);
    expect([none.http, none.json.errorCode]).toEqual([403, '10005']);
    await setRoleFlags(db, 'supplier', SUP, ['isSearch']);
    const noFlag = await print({ ids: [own], reportKey: 'supplierList', module: SUP }, supplier1);
    expect([noFlag.http, noFlag.json.errorCode]).toEqual([403, '10005']);
    const noList = await templates({ module: SUP }, supplier1);
    expect(noList.json.errorCode).toBe('10005');

    await setRoleFlags(db, 'supplier', SUP, ['isSearch', 'isPrint']);
    const mine = await print({ ids: [own], reportKey: 'supplierList', module: SUP }, supplier1);
    expect(mine.type).toBe('application/pdf');
    expect(parsePdf(mine.bytes).pages[0].text).toContain('Acme Precision Components Co., Ltd.');
    // Another supplier's record, alone or beside its own: nothing is printed.
    for (const ids of [[other], [own, other]]) {
      const refused = await print({ ids, reportKey: 'supplierList', module: SUP }, supplier1);
      expect(refused.type).toContain('application/json');
      expect(refused.json).toMatchObject({ status: 404, code: '10008', response: null });
    }

    // A template of another supplier is neither listed nor usable.
    await db
      .insertInto('bmPrintTemplate')
      .values({
        module: SUP,
        reportKey: 'deltaOnly',
        templateName: 'Delta only',
        supplierNo: 'SUP002',
        layout: JSON.stringify({
          kind: 'table',
          page: { size: 'A4' },
          table: { columns: [{ prop: 'supplierNo' }] },
        }),
      })
      .execute();
    const listed = await templates({ module: SUP, supplierNo: 'SUP002' }, supplier1);
    expect(listed.json.response.data.records.map((r: { reportKey: string }) => r.reportKey)).toEqual([
      'supplierList',
      'supplierLabels',
    ]);
    const forAdmin = await templates({ module: SUP, supplierNo: 'SUP002' });
    expect(forAdmin.json.response.data.records.map((r: { reportKey: string }) => r.reportKey)).toContain(
      'deltaOnly',
    );
    const delta = await print({ ids: [own], reportKey: 'deltaOnly', module: SUP }, supplier1);
    expect(delta.json.code).toBe('10050');
    // Even an administrator prints it for Delta's records only.
    const wrongRecords = await print({ ids: [own], reportKey: 'deltaOnly', module: SUP });
    expect(wrongRecords.json).toMatchObject({ code: '10055' });
    expect(wrongRecords.json.msg).toContain('Delta only');
  });

  it('refuses every client mistake with a clear message and no file', async () => {
    const [sh] = await idsOf('bmWarehouse', 'warehouseNo', ['SH01-RM']);
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ ids: [sh], reportKey: 'nope', module: WH }, 200, '10050', /print template "nope" does not exist/],
      // A template of another screen is not this screen's.
      [{ ids: [sh], reportKey: 'orgList', module: WH }, 200, '10050', /"orgList"/],
      [
        { ids: [sh], reportKey: 'orgList', module: 'Nope.Module' },
        200,
        '10051',
        /nothing to print on "Nope\.Module"/,
      ],
      [{ ids: [], reportKey: 'warehouseList', module: WH }, 200, '10054', /at least one record/],
      [
        { ids: ['00000000-0000-4000-8000-000000000000'], reportKey: 'warehouseList', module: WH },
        200,
        '10008',
        /does not exist/,
      ],
      [{ ids: ['not-an-id'], reportKey: 'warehouseList', module: WH }, 400, '10002', /ids/],
      [{ ids: Array(1001).fill(sh), reportKey: 'warehouseList', module: WH }, 400, '10002', /ids/],
      [{ ids: [sh], module: WH }, 400, '10002', /reportKey/],
    ];
    for (const [condition, http, code, message] of cases) {
      const r = await print(condition);
      expect(r.http, JSON.stringify(condition).slice(0, 80)).toBe(http);
      expect(r.type).toContain('application/json');
      expect(r.json.code ?? r.json.errorCode).toBe(code);
      expect(r.json.msg ?? r.json.errorMessage).toMatch(message);
    }
    const zh = await print({ ids: [sh], reportKey: 'nope', module: WH }, admin, 'zh-CN');
    expect(zh.json.msg).toBe('打印模板“nope”在此页面不存在或您无权使用。');
  });

  it('refuses a broken template and a value its barcode cannot hold, never a server fault', async () => {
    const [sh] = await idsOf('bmWarehouse', 'warehouseNo', ['SH01-RM']);
    const layouts: [string, unknown, RegExp][] = [
      [
        'brokenSchema',
        { kind: 'table', page: { size: 'B9' }, table: { columns: [{ prop: 'warehouseNo' }] } },
        /\/page\/size/,
      ],
      [
        'brokenField',
        { kind: 'table', page: { size: 'A4' }, table: { columns: [{ prop: 'colour' }] } },
        /unknown field colour/,
      ],
      [
        'brokenGrid',
        {
          kind: 'labels',
          page: { size: 'A6' },
          labels: {
            width: 90,
            height: 40,
            columns: 2,
            elements: [{ type: 'box', x: 0, y: 0, width: 5, height: 5 }],
          },
        },
        /do not fit across the paper/,
      ],
      ['noLayout', null, /must be object/],
    ];
    for (const [reportKey, layout, problem] of layouts) {
      await db
        .insertInto('bmPrintTemplate')
        .values({
          module: WH,
          reportKey,
          templateName: reportKey,
          layout: layout === null ? null : JSON.stringify(layout),
        })
        .execute();
      const r = await print({ ids: [sh], reportKey, module: WH });
      expect(r.json).toMatchObject({ status: 409, code: '10052' });
      expect(r.json.msg).toMatch(problem);
    }
    await db
      .insertInto('bmPrintTemplate')
      .values({
        module: WH,
        reportKey: 'eanOfName',
        templateName: 'EAN of a name',
        layout: JSON.stringify({
          kind: 'labels',
          page: { size: 'A6' },
          labels: {
            width: 60,
            height: 30,
            elements: [
              {
                type: 'barcode',
                symbology: 'ean13',
                x: 0,
                y: 0,
                width: 50,
                height: 20,
                value: { field: 'warehouseName' },
              },
            ],
          },
        }),
      })
      .execute();
    const ean = await print({ ids: [sh], reportKey: 'eanOfName', module: WH });
    expect(ean.json).toMatchObject({ code: '10053' });
    expect(ean.json.msg).toBe('The value "Shanghai raw materials" cannot be printed as a ean13 barcode.');
  });

  it('hands a BarTender template to the local print service the browser reaches, with the records as shown', async () => {
    await db
      .insertInto('bmPrintTemplate')
      .values([
        { module: WH, reportKey: 'btLabel', templateName: 'BarTender label', printType: 1 },
        { module: WH, reportKey: 'jasperLabel', templateName: 'Jasper label', printType: 3 },
      ])
      .execute();
    const ids = await idsOf('bmWarehouse', 'warehouseNo', ['SH01-RM', 'SH01-FG']);
    const r = await print({ ids, reportKey: 'btLabel', module: WH, printer: 'Zebra-01', standardCol01: '2' });
    expect(r.json.code).toBe('0');
    const answer = r.json.response.data;
    expect(isLocalPrintAnswer(answer)).toBe(true);
    expect(answer).toMatchObject({
      printType: 1,
      checkUrl: `${fakeUrl}/check`,
      printUrl: `${fakeUrl}/bartender/print`,
    });
    received.length = 0;
    expect(await printLocally(answer, { fetch })).toBe(true);
    expect(received.map((x) => x.path)).toEqual(['/check', '/bartender/print']);
    expect(received[1].body).toMatchObject({
      reportKey: 'btLabel',
      templateName: 'BarTender label',
      module: WH,
      printer: 'Zebra-01',
      standardCol01: '2',
      records: [
        {
          values: { warehouseNo: 'SH01-RM', statusCode: '1' },
          texts: { warehouseNo: 'SH01-RM', statusCode: 'Valid' },
        },
        { values: { warehouseNo: 'SH01-FG' } },
      ],
    });
    // No Jasper address configured: said so, nothing to send.
    const jasper = await print({ ids, reportKey: 'jasperLabel', module: WH });
    expect(jasper.json).toMatchObject({ code: '10056' });
    expect(jasper.json.msg).toContain('PRINT_JASPER_URL');
    // Set on the parameter screen (ISysParamService), the address is used from the next print on.
    const param = await s.call(
      'ISysParamService/getsysparamlistbyparams',
      { current: 1, size: 10, condition: { paramNoIndistinct: 'PRINT_JASPER_URL' } },
      { token: admin, menu: 'BaseManage.Config.Parameter' },
    );
    const row = param.body.response.data.records[0];
    const saved = await s.call(
      'ISysParamService/updatesysparambyid',
      { condition: { id: row.id, version: row.version, paramValue: `${fakeUrl}/jasper/print` } },
      { token: admin, menu: 'BaseManage.Config.Parameter' },
    );
    expect(saved.body.code, saved.body.msg).toBe('0');
    const viaParam = await print({ ids, reportKey: 'jasperLabel', module: WH });
    expect(viaParam.json.response.data).toMatchObject({ printType: 3, printUrl: `${fakeUrl}/jasper/print` });
  });
});
