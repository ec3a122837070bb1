// The papers of a delivery notice and what the portal does with it beyond the warehouse: the invoices
// that travel with the goods (saved with the notice at its version, exact money, the tax checked, a
// number once a notice, only while the supplier may change it), its attachments (seen by whoever sees the
// notice and nobody else), exportAsnDetail (head and lines of the notices the list shows, scoped), the
// delivery note (a PDF read back), and receipt and cancel receipt in the portal where the delivery rule
// says the portal records them (the notice lines' and order lines' quantities exact after each step).
// Nothing here differs by driver beyond what asn.test.ts and receipts.test.ts run on both: PostgreSQL.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fx from '../support/file-fixtures.js';
import { parsePdf } from '../support/pdf.js';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const ASN = 'ISrmAsnHeadService';
const LINES = 'ISupSrmPurchaseService';
const EDIT_MENU = 'Offsite.Delivery.OrderDelivery.Detail';
const TRACKING_MENU = 'Offsite.Delivery.AsnTracking';
const LIST_MENU = 'Offsite.Delivery.AsnList';
const ORDER_MENU = 'Offsite.User.Order';
const RULE_MENU = 'Offsite.Config.DeliveryRule';

type Row = Record<string, unknown> & { id: string; version: number };

describe.each(POSTGRES_ONLY)('delivery notice documents on %s', (kind) => {
  let s: TestServer;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  /** A draft of supplier1 shipping the first demo order's bolts, with its invoices. */
  let notice: Row;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [buyer, supplier1, supplier2] = await Promise.all(
      ['buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
    const bolt = await orderLine('PO-SH01-260001', 10);
    const r = await call(`${LINES}/acceptSrmPurchase`, { rows: [ref(bolt)] }, supplier1, ORDER_MENU);
    expect(r.body.code, r.body.msg).toBe('0');
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: string, condition: unknown, token: string, menu = EDIT_MENU) =>
    s.call(method, { condition }, { token, menu, lang: 'en-US' });
  const ref = (r: { id: string; version: number }) => ({ id: r.id, version: r.version });
  const db = () => s.server.database.db;
  async function orderLine(purchaseNo: string, seq: number): Promise<Row> {
    const r = await call(`${LINES}/getSrmPurchasePage`, { purchaseNo }, supplier1, ORDER_MENU);
    return (r.body.response.data.records as Row[]).find((l) => l.purchaseSeq === seq)!;
  }
  async function get(id: string, token = supplier1, menu = TRACKING_MENU): Promise<Row> {
    const r = await call(`${ASN}/getSrmAsnHeadById`, { id }, token, menu);
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data;
  }
  const save = (values: Record<string, unknown>, token = supplier1) =>
    call(`${ASN}/updateSrmAsnHeadById`, values, token);
  const invoice = (values: Record<string, unknown> = {}) => ({
    invoiceType: '3',
    invoiceClassify: '2',
    invoiceNo: 'INV-0001',
    invoiceDate: '2026-11-20',
    invoiceAmount: '1000.10',
    taxRate: '13',
    taxAmount: '130.01',
    ...values,
  });
  async function upload(token: string, menu = EDIT_MENU): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(fx.txt())]), 'packing-list.txt');
    const res = await fetch(`${s.url}${API_PATH}/ISrmFileService/uploadFile?purpose=attachment`, {
      method: 'POST',
      headers: { 'authentication-info': token, 'app-module-number': menu, 'accept-language': 'en-US' },
      body: form,
    });
    const body = await res.json();
    expect(body.code, body.msg).toBe('0');
    return body.response.data.id as string;
  }
  async function post(method: string, condition: unknown, token: string, menu: string) {
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
    return { type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
  }

  it('saves invoices with the notice at its version, money exact, the tax computed when not given', async () => {
    const bolt = await orderLine('PO-SH01-260001', 10);
    const added = await call(
      `${ASN}/addSrmAsnHead`,
      {
        orgNo: 'SH01',
        orderType: '1',
        deliveryDate: '2026-12-01',
        expectedArrivalDate: '2026-12-03',
        warehouseNo: 'SH01-RM',
        shipAddress: 'No. 8 Supplier Road, Kunshan',
        deliveryAddress: 'Raw material gate 2',
        sender: 'Li Wei',
        senderContact: '13800000001',
        lineList: [{ purchaseId: bolt.id, deliveryQty: '100' }],
        invoiceList: [invoice()],
      },
      supplier1,
    );
    expect(added.body.code, added.body.msg).toBe('0');
    notice = await get(added.body.response.data.id);
    expect(notice.invoiceList).toEqual([
      expect.objectContaining({
        seqNo: 1,
        invoiceNo: 'INV-0001',
        invoiceAmount: '1000.1',
        taxRate: '13',
        taxAmount: '130.01',
        invoiceClassify: '2',
      }),
    ]);
    const stored = notice.invoiceList as Row[];
    const r = await save({
      ...ref(notice),
      invoiceList: [
        { ...stored[0] },
        invoice({ invoiceNo: 'INV-0002', invoiceAmount: '0.15', taxRate: '10', taxAmount: undefined }),
      ],
    });
    expect(r.body.code, r.body.msg).toBe('0');
    notice = await get(notice.id);
    // 0.15 × 10 % = 0.015, half-up to cents.
    expect((notice.invoiceList as Row[]).map((i) => [i.seqNo, i.invoiceNo, i.taxAmount])).toEqual([
      [1, 'INV-0001', '130.01'],
      [2, 'INV-0002', '0.02'],
    ]);
  });

  it('refuses a wrong tax, a negative amount, a number twice and a stale version, changing nothing', async () => {
    const before = await get(notice.id);
    const kept = before.invoiceList as Row[];
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { invoiceList: [invoice({ taxAmount: '130.50' })] },
        '10102',
        'must be the amount 1000.1 × the rate 13 % = 130.01',
      ],
      [
        { invoiceList: [invoice({ invoiceAmount: '-1', taxAmount: '0' })] },
        '10102',
        'Line 1: Invoice amount must be at least 0',
      ],
      [{ invoiceList: [invoice(), invoice({ taxAmount: '130.01' })] }, '10103', 'INV-0001'],
    ];
    for (const [values, code, text] of cases) {
      const r = await save({ ...ref(before), ...values });
      expect(r.body.code, JSON.stringify(values)).toBe(code);
      expect(r.body.msg).toContain(text);
    }
    const stale = await save({ ...ref(before), version: before.version - 1, invoiceList: [] });
    expect(stale.body.code).toBe('10007');
    const after = await get(notice.id);
    expect(after.version).toBe(before.version);
    expect(after.invoiceList).toEqual(kept);
  });

  it('keeps attachments with the notice: its supplier and its organisation see them, others do not', async () => {
    const file = await upload(supplier1);
    const r = await save({ ...ref(notice), fileIds: file });
    expect(r.body.code, r.body.msg).toBe('0');
    notice = await get(notice.id);
    expect(notice.fileIds).toBe(file);
    const info = (token: string) =>
      call('ISrmFileService/getSrmFileInfoByIds', { ids: [file] }, token, TRACKING_MENU).then(
        (x) => (x.body.response?.data ?? []) as Row[],
      );
    const download = (token: string) =>
      call('ISrmFileService/downloadFileById', { fileId: file }, token, TRACKING_MENU);
    expect((await info(supplier1)).map((f) => f.id)).toEqual([file]);
    expect((await info(supplier2)).map((f) => f.id)).toEqual([]);
    expect((await download(supplier2)).body.code).toBe('10008');
    // Another supplier's upload cannot be attached; nor can a file the caller does not see.
    const other = await upload(supplier2);
    const refused = await save({ ...ref(notice), fileIds: `${file},${other}` });
    expect(refused.body.code).toBe('10017');
    expect((await get(notice.id)).fileIds).toBe(file);
  });

  it('lets the purchaser see the submitted notice with its invoices, and locks them once submitted', async () => {
    const submitted = await call(
      `${ASN}/submitSrmAsnHead`,
      { rows: [ref(notice)] },
      supplier1,
      TRACKING_MENU,
    );
    expect(submitted.body.code, submitted.body.msg).toBe('0');
    notice = await get(notice.id);
    const seen = await get(notice.id, buyer, LIST_MENU);
    expect((seen.invoiceList as Row[]).map((i) => i.invoiceNo)).toEqual(['INV-0001', 'INV-0002']);
    expect(seen.fileIds).toBe(notice.fileIds);
    const locked = await save({ ...ref(notice), invoiceList: [] });
    expect(locked.body.code).toBe('10145');
    expect((await get(notice.id)).invoiceList).toHaveLength(2);
  });

  it('exports head and lines of the notices the list shows, each supplier its own', async () => {
    const sheet = async (token: string, menu: string, condition: Record<string, unknown> = {}) => {
      const res = await post(`${ASN}/exportAsnDetail`, condition, token, menu);
      expect(res.type, res.bytes.toString().slice(0, 200)).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.bytes as unknown as ExcelJS.Buffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const expected = async (token: string, menu: string, condition: Record<string, unknown> = {}) => {
      const heads = (await call(`${ASN}/getSrmAsnHeadPage`, { size: 500, ...condition }, token, menu)).body
        .response.data.records as Row[];
      const keys: string[] = [];
      for (const h of heads) {
        const lines = (await call(`${ASN}/getSrmAsnLineList`, { headId: h.id }, token, menu)).body.response
          .data.records as Row[];
        for (const l of lines) keys.push(`${h.asnNo}/${l.lineSeq}/${l.deliveryQty}`);
      }
      return keys;
    };
    for (const [token, menu, condition] of [
      [supplier1, TRACKING_MENU, {}],
      [supplier2, TRACKING_MENU, {}],
      [buyer, LIST_MENU, {}],
      [buyer, LIST_MENU, { status: '2' }],
    ] as const) {
      const rows = await sheet(token, menu, condition);
      const header = rows[0] as string[];
      expect(header.slice(0, 2)).toEqual(['ASN no.', 'Status']);
      const at = (label: string) => header.indexOf(label);
      const keys = rows.slice(1).map((r) => `${r[0]}/${r[at('Line')]}/${r[at('In transit')]}`);
      const want = await expected(token, menu, condition);
      expect(want.length).toBeGreaterThan(0);
      expect(keys).toEqual(want);
    }
    // The list's own Export offers the same template.
    const viaDialog = await post(`${ASN}/exportexcel`, { exportName: 'asnDetail' }, supplier1, TRACKING_MENU);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(viaDialog.bytes as unknown as ExcelJS.Buffer);
    const dialogRows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => dialogRows.push((row.values as unknown[]).slice(1)));
    expect(dialogRows).toEqual(await sheet(supplier1, TRACKING_MENU));
    const own = await sheet(supplier2, TRACKING_MENU);
    const supplierCol = (own[0] as string[]).indexOf('Supplier code');
    expect(new Set(own.slice(1).map((r) => r[supplierCol]))).toEqual(new Set(['SUP002']));
  });

  it('prints the delivery note with its head, lines, invoices and the number as a barcode, scoped', async () => {
    const print = (token: string, menu: string, ids: string[]) =>
      post('IReportPrintService/print', { ids, reportKey: 'asnDeliveryNote', module: menu }, token, menu);
    const res = await print(supplier1, TRACKING_MENU, [notice.id]);
    expect(res.type).toContain('application/pdf');
    const pdf = parsePdf(res.bytes);
    const text = pdf.pages.map((p) => p.text).join('\n');
    for (const part of [
      'Delivery note',
      String(notice.asnNo),
      'PO-SH01-260001/10',
      'INV-0001',
      '1,000.10',
      '130.01',
    ])
      expect(text).toContain(part);
    // The barcode is drawn as bars (rectangles), never an image.
    expect(pdf.pages[0].rects.length).toBeGreaterThan(20);
    expect(pdf.images).toBe(0);
    const buyerNote = await print(buyer, LIST_MENU, [notice.id]);
    expect(buyerNote.type).toContain('application/pdf');
    const other = await print(supplier2, TRACKING_MENU, [notice.id]);
    expect(JSON.parse(other.bytes.toString()).code).toBe('10008');
  });

  it('receives and cancels receipt in the portal where the rule says so, quantities exact', async () => {
    const approved = await call(
      `${ASN}/approveSrmAsnHead`,
      { rows: [ref(await get(notice.id, buyer, LIST_MENU))] },
      buyer,
      LIST_MENU,
    );
    expect(approved.body.code, approved.body.msg).toBe('0');
    let head = await get(notice.id, buyer, LIST_MENU);
    const line = (head.lineList as Row[])[0];
    const receive = (h: Row, qty: string, token = buyer) =>
      call(`${ASN}/receiveSrmAsnHead`, { ...ref(h), lines: [{ id: line.id, qty }] }, token, LIST_MENU);
    const before = await orderLine('PO-SH01-260001', 10);

    // Off by default: the warehouse records receipts.
    const off = await receive(head, '40');
    expect(off.body.code).toBe('10146');
    expect(off.body.msg).toContain('recorded by the warehouse system');
    const rule = await call(
      'ISrmDeliveryRuleService/addSrmDeliveryRule',
      {
        orgNo: 'SH01',
        supplierNo: 'SUP001',
        portalReceipt: 'Y',
        needApproval: 'Y',
        aheadDays: 3,
        frozen: 'N',
        statusCode: '1',
      },
      buyer,
      RULE_MENU,
    );
    expect(rule.body.code, rule.body.msg).toBe('0');

    // Only the purchaser; over-receipt refused; nothing written by a refusal.
    expect((await receive(head, '40', supplier1)).body.code).not.toBe('0');
    const over = await receive(head, '100.00001');
    expect(over.body.code).toBe('10146');
    expect((await receive(head, '0')).body.code).toBe('10146');

    const first = await receive(head, '40.5');
    expect(first.body.code, first.body.msg).toBe('0');
    expect(first.body.response.data.status).toBe('3');
    // The page read before is stale now.
    expect((await receive(head, '1')).body.code).toBe('10007');
    head = await get(notice.id, buyer, LIST_MENU);
    expect((head.lineList as Row[])[0]).toMatchObject({ receiveQty: '40.5', unreceivedQty: '59.5' });
    let order = await orderLine('PO-SH01-260001', 10);
    expect(order.receiveQty).toBe('40.5');
    expect(order.deliveryQty).toBe('59.5');
    expect(order.unDeliveryQty).toBe(before.unDeliveryQty);

    // The list's dialog sends each line's received quantity as it should stand: the growth is received.
    const dialog = (h: Row, receiveQty: string) =>
      call(
        `${ASN}/receiveSrmAsnHead`,
        { rows: [ref(h)], lineList: [{ ...line, receiveQty }] },
        buyer,
        LIST_MENU,
      );
    const lower = await dialog(head, '40');
    expect(lower.body.code).toBe('10146');
    expect(lower.body.msg).toContain('cannot go down');
    expect((await dialog(head, '40.5')).body.code).toBe('10146');
    const rest = await dialog(head, '100');
    expect(rest.body.code, rest.body.msg).toBe('0');
    expect(rest.body.response.data.status).toBe('4');
    head = await get(notice.id, buyer, LIST_MENU);
    order = await orderLine('PO-SH01-260001', 10);
    expect([order.receiveQty, order.deliveryQty]).toEqual(['100', '0']);

    const cancel = await call(
      `${ASN}/cancelReceiptSrmAsnHead`,
      { rows: [ref(head)], reason: 'Counted twice' },
      buyer,
      LIST_MENU,
    );
    expect(cancel.body.code, cancel.body.msg).toBe('0');
    expect(cancel.body.response.data.status).toBe('2');
    head = await get(notice.id, buyer, LIST_MENU);
    expect((head.lineList as Row[])[0]).toMatchObject({ receiveQty: '0', unreceivedQty: '100' });
    order = await orderLine('PO-SH01-260001', 10);
    expect([order.receiveQty, order.deliveryQty, order.unDeliveryQty]).toEqual([
      '0',
      '100',
      before.unDeliveryQty,
    ]);
    const receipts = await db()
      .selectFrom('srmReceipt')
      .select(['status', 'source', 'qty', 'remark'])
      .where('asnId', '=', notice.id)
      .orderBy('qty')
      .execute();
    expect(receipts).toEqual([
      { status: 'V', source: 'portal', qty: '40.5', remark: 'Counted twice' },
      { status: 'V', source: 'portal', qty: '59.5', remark: 'Counted twice' },
    ]);
    // Nothing left to cancel.
    expect((await call(`${ASN}/cancelReceiptSrmAsnHead`, ref(head), buyer, LIST_MENU)).body.code).toBe(
      '10140',
    );
  });

  it("shows a purchaser only its organisations' notices, files and notes", async () => {
    const user = await db()
      .selectFrom('sysUser')
      .select('id')
      .where('userNo', '=', 'buyer')
      .executeTakeFirstOrThrow();
    await db()
      .deleteFrom('sysUserData')
      .where('userId', '=', user.id)
      .where('dataType', '=', 1)
      .where('dataValue', '=', 'SH01')
      .execute();
    const hanoiBuyer = await s.login('buyer');
    expect((await call(`${ASN}/getSrmAsnHeadById`, { id: notice.id }, hanoiBuyer, LIST_MENU)).body.code).toBe(
      '10008',
    );
    const file = String(notice.fileIds);
    expect(
      (await call('ISrmFileService/downloadFileById', { fileId: file }, hanoiBuyer, LIST_MENU)).body.code,
    ).toBe('10008');
    const res = await post(`${ASN}/exportAsnDetail`, {}, hanoiBuyer, LIST_MENU);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as unknown as ExcelJS.Buffer);
    const orgs = new Set<unknown>();
    workbook.worksheets[0].eachRow((row, n) => {
      if (n > 1) orgs.add((row.values as unknown[])[3]);
    });
    expect(orgs.has('SH01')).toBe(false);
  });
});
