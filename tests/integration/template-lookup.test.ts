// The template selector's lookup (IBmPrintTemplateService/getbmprinttemplatelistbyparams): valid label
// templates (templateType 2) in the caller's scope, sorted by their sort order, searchable; barcode
// labels of the label screen printed as a PDF from their seeded document template.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const CALL = 'IBmPrintTemplateService/getbmprinttemplatelistbyparams';
const LABEL = 'Base.Barcode.Label';

describe.each(POSTGRES_ONLY)('template lookup on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let supplier1: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, supplier1] = await Promise.all(['admin', 'supplier1'].map((u) => s.login(u)));
    const db = s.server.database.db;
    await db
      .insertInto('bmPrintTemplate')
      .values([
        {
          module: LABEL,
          reportKey: 'aFirst',
          templateName: 'A first label',
          templateType: '2',
          printType: 1,
          sort: 0,
        },
        {
          module: LABEL,
          reportKey: 'offLabel',
          templateName: 'Switched off',
          templateType: '2',
          printType: 1,
          statusCode: '0',
        },
        {
          module: LABEL,
          reportKey: 'sup2Label',
          templateName: 'Delta only',
          templateType: '2',
          printType: 1,
          supplierNo: 'SUP002',
          sort: 5,
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await s?.close();
  });

  const lookup = (token: string, condition: Record<string, unknown>) =>
    s.call(CALL, { current: 1, size: 10, condition }, { token });

  it('lists the valid label templates by their sort order, with the option fields of the spec', async () => {
    const r = await lookup(admin, { statusCode: '1', templateType: '2', field: 'sort', order: 'asc' });
    const rows = r.body.response.data.records;
    expect(rows.map((x: { templateCode: string }) => x.templateCode)).toEqual([
      'aFirst',
      'bartenderItemLabel',
      // The delivery notices' box label (sort 1 too, so by name).
      'asnSsccLabel',
      'sup2Label',
    ]);
    expect(rows[1]).toMatchObject({
      templateName: 'Item label (BarTender)',
      templateType: '2',
      module: LABEL,
    });
    // Documents (type 4) are the print dialog's, not this selector's.
    expect(rows.some((x: { templateCode: string }) => x.templateCode === 'barcodeLabels')).toBe(false);
    const zh = await s.call(
      CALL,
      { current: 1, size: 10, condition: { keyword: '物料' } },
      { token: admin, lang: 'zh-CN' },
    );
    expect(zh.body.response.data.records.map((x: { templateName: string }) => x.templateName)).toEqual([
      '物料标签（BarTender）',
    ]);
  });

  it("never shows a supplier's user another supplier's template, and refuses a sort it does not know", async () => {
    const r = await lookup(supplier1, {});
    expect(r.body.response.data.records.map((x: { templateCode: string }) => x.templateCode)).toEqual([
      'aFirst',
      'bartenderItemLabel',
      'asnSsccLabel',
    ]);
    const bad = await lookup(admin, { field: 'reportKey; drop table bm_print_template' });
    expect(bad.http).toBe(400);
    expect(bad.body.errorCode).toBe('10002');
  });

  it('prints the selected barcode labels as a PDF from the label screen', async () => {
    const templates = await s.call(
      'ISupBmDocTemplateManageService/getReportTemplateListWithDefault',
      { current: 1, size: 10, condition: { module: LABEL } },
      { token: admin, menu: LABEL },
    );
    expect(templates.body.response.data.records.map((x: { reportKey: string }) => x.reportKey)).toEqual([
      'barcodeLabels',
    ]);
    const rows = await s.server.database.db.selectFrom('bmBarcode').select('id').limit(3).execute();
    expect(rows.length).toBeGreaterThan(0);
    const res = await fetch(`${s.url}${API_PATH}/IReportPrintService/print`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': admin,
        'app-module-number': LABEL,
      },
      body: JSON.stringify({
        condition: { ids: rows.map((x) => x.id), reportKey: 'barcodeLabels', module: LABEL },
      }),
    });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
