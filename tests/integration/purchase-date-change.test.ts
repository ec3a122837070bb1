// Date-change requests of order lines: the supplier asks for a new date on accepted lines, the
// purchaser approves (the line's promised date moves in the same transaction) or rejects with a reason,
// the supplier withdraws. Every refusal leaves nothing behind; each supplier sees only its own requests.
// Dates, the history's arrays (with a null from-state) and the outbox's JSON differ by driver, so both
// databases.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRoleFlags } from '../support/rules.js';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const SERVICE = 'ISupSrmPurchaseDateChangeService';
const LINES = 'ISupSrmPurchaseService';
const MENU = 'Offsite.User.Order.Acceptance.DateChange';
const ORDER_MENU = 'Offsite.User.Order';

/** The date `offset` days from today, as the demo data dates its orders. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Line {
  id: string;
  version: number;
  purchaseNo: string;
  purchaseSeq: number;
  answerStatus: string;
  promiseDate: string | null;
  purchaseDate: string;
  [field: string]: unknown;
}

interface Request {
  id: string;
  version: number;
  lineId: string;
  purchaseNo: string;
  purchaseSeq: number;
  supplierNo: string;
  status: string;
  oldDate: string;
  newDate: string;
  requestReason: string;
  decideReason: string | null;
  decideName: string | null;
  [field: string]: unknown;
}

describe.each(BOTH_DBS)('date-change requests on %s', (kind) => {
  let s: TestServer;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [buyer, supplier1, supplier2] = await Promise.all([
      s.login('buyer'),
      s.login('supplier1'),
      s.login('supplier2'),
    ]);
  });
  afterAll(async () => {
    await s?.close();
  });

  const db = () => s.server.database.db;
  const call = (method: string, condition: unknown, token: string, menu = MENU) =>
    s.call(`${SERVICE}/${method}`, { condition }, { token, menu, lang: 'en-US' });
  const ask = (condition: unknown, token = supplier1, menu = ORDER_MENU) =>
    call('requestDateChange', condition, token, menu);
  const lineOf = async (purchaseNo: string, purchaseSeq: number, token = supplier1) => {
    const r = await s.call(
      `${LINES}/getSrmPurchasePage`,
      { condition: { purchaseNo } },
      { token, menu: ORDER_MENU, lang: 'en-US' },
    );
    expect(r.body.code, r.body.msg).toBe('0');
    return (r.body.response.data.records as Line[]).find((l) => l.purchaseSeq === purchaseSeq)!;
  };
  const requests = async (token: string, condition: Record<string, unknown> = {}) => {
    const r = await call('getSrmPurchaseDateChangePage', { size: 200, ...condition }, token);
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data as { records: Request[]; rowCount: number; counts?: Record<string, number> };
  };
  const ref = (r: { id: string; version: number }) => ({ id: r.id, version: r.version });
  /** What a refused call must leave as it was: the requests, the history, the outbox. */
  const written = async () => {
    const count = async (table: string) =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0].n,
      );
    return {
      requests: await count('srm_purchase_date_change'),
      history: await count('sys_doc_history'),
      events: await count('int_outbox'),
    };
  };
  const events = async (docId: string) =>
    (
      await db()
        .selectFrom('intOutbox')
        .select(['event', 'docKind', 'docNo', 'orgNo', 'supplierNo', 'payload'])
        .where('docId', '=', docId)
        .orderBy('id')
        .execute()
    ).map((e) => ({ ...e, payload: e.payload as Record<string, unknown> }));

  it('refuses every bad request with its own message and writes nothing', async () => {
    const before = await written();
    const sub = await lineOf('PO-SH01-260003', 10);
    const toConfirm = await lineOf('PO-SH01-260001', 10);
    const pendingLine = await lineOf('PO-SH01-260002', 10);
    const theirs = await lineOf('PO-HN01-260002', 10, supplier2);
    const good = { newDate: day(5), reason: 'Steel delivery slipped.' };
    const refused = async (condition: unknown, code: string, message?: RegExp) => {
      const r = await ask(condition);
      expect(r.body.code, JSON.stringify(r.body)).toBe(code);
      if (message) expect(r.body.msg).toMatch(message);
      return r.body;
    };

    await refused({ rows: [{ id: '00000000-0000-4000-8000-000000000000', version: 1 }], ...good }, '10008');
    // Another supplier's line is "not found", like one that does not exist.
    await refused({ rows: [ref(theirs)], ...good }, '10008');
    await refused(
      { rows: [ref(toConfirm)], ...good },
      '10140',
      /Request date change is not possible: "PO-SH01-260001\/10" is To confirm/,
    );
    await refused({ rows: [{ id: sub.id, version: sub.version - 1 }], ...good }, '10007');
    await refused(
      { rows: [ref(sub)], newDate: day(-50), reason: 'x' },
      '10146',
      new RegExp(`the new date is before the order date ${sub.purchaseDate}`),
    );
    await refused(
      { rows: [ref(sub)], newDate: sub.promiseDate, reason: 'x' },
      '10146',
      new RegExp(`the line's date is already ${sub.promiseDate}`),
    );
    await refused(
      { rows: [ref(pendingLine)], ...good },
      '10146',
      /a date change request of this line is already pending/,
    );
    await refused({ rows: [ref(sub)], newDate: day(5), reason: '   ' }, '10143', /Enter a reason/);
    await refused({ rows: [ref(sub)], reason: 'x' }, '10017', /Requested date is required/);
    // A date that is no date is the payload's mistake, never a server fault.
    const bad = await ask({ rows: [ref(sub)], newDate: '2026-02-30', reason: 'x' });
    expect(bad.http).toBe(400);
    expect(bad.body.errorCode).toBe('10002');

    // A line with nothing left to deliver takes no new date.
    await db().updateTable('srmPurchase').set({ receiveQty: '1000' }).where('id', '=', sub.id).execute();
    await refused({ rows: [ref(sub)], ...good }, '10146', /everything of this line is already delivered/);
    await db().updateTable('srmPurchase').set({ receiveQty: '500' }).where('id', '=', sub.id).execute();

    // A batch is all or nothing: the good line is not requested either, and every refused line is named.
    const batch = await refused({ rows: [ref(sub), ref(toConfirm), ref(pendingLine)], ...good }, '10141');
    expect(batch.msg).toMatch(/2 of 3 selected records were refused/);
    expect(batch.response.data.refused.map((r: { docNo: string }) => r.docNo)).toEqual([
      'PO-SH01-260001/10',
      'PO-SH01-260002/10',
    ]);

    // In the user's language.
    const zh = await s.call(
      `${SERVICE}/requestDateChange`,
      { condition: { rows: [ref(sub)], newDate: day(-50), reason: 'x' } },
      { token: supplier1, menu: ORDER_MENU, lang: 'zh-CN' },
    );
    expect(zh.body.msg).toMatch(/新交期早于订单日期/);

    expect(await written()).toEqual(before);
    expect(await lineOf('PO-SH01-260003', 10)).toMatchObject({
      version: sub.version,
      promiseDate: sub.promiseDate,
    });
  });

  it('shows each supplier its own requests only: list, counts, get, history, export and transitions', async () => {
    const own1 = await requests(supplier1, { countBy: 'status' });
    const own2 = await requests(supplier2, { countBy: 'status' });
    expect(own1.rowCount).toBeGreaterThan(0);
    expect(own2.rowCount).toBeGreaterThan(0);
    expect(new Set(own1.records.map((r) => r.supplierNo))).toEqual(new Set(['SUP001']));
    expect(new Set(own2.records.map((r) => r.supplierNo))).toEqual(new Set(['SUP002']));
    const sum = (c?: Record<string, number>) => Object.values(c ?? {}).reduce((a, b) => a + b, 0);
    expect(sum(own1.counts)).toBe(own1.rowCount);
    expect(sum(own2.counts)).toBe(own2.rowCount);
    // The demo's pending work is supplier1's: the buyer's pending tab shows it, supplier2's has none.
    expect(own1.counts?.['0']).toBeGreaterThan(0);
    expect(own2.counts?.['0'] ?? 0).toBe(0);
    const all = await requests(buyer, { countBy: 'status' });
    expect(all.rowCount).toBe(own1.rowCount + own2.rowCount);

    const pending = own1.records.find((r) => r.status === '0')!;
    const refusedTo2 = async (method: string, condition: unknown) =>
      expect((await call(method, condition, supplier2)).body.code).toBe('10008');
    await refusedTo2('getSrmPurchaseDateChangeById', { id: pending.id });
    await refusedTo2('getSrmPurchaseDateChangeHistory', { id: pending.id });
    await refusedTo2('withdrawDateChange', { rows: [ref(pending)] });
    expect((await requests(supplier2, { purchaseNo: pending.purchaseNo })).rowCount).toBe(0);
    expect((await requests(supplier2, { in: { lineId: [pending.lineId] } })).rowCount).toBe(0);

    // The export writes the caller's own rows only.
    const exported = async (token: string) => {
      const res = await s.server.app.inject({
        method: 'POST',
        url: `${API_PATH}/${SERVICE}/exportexcel`,
        headers: {
          'content-type': 'application/json',
          'authentication-info': token,
          'app-module-number': MENU,
          'accept-language': 'en-US',
        },
        payload: JSON.stringify({ condition: {} }),
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const sheet = await exported(supplier2);
    const supplierColumn = (sheet[0] as string[]).indexOf('Supplier code');
    expect(supplierColumn).toBeGreaterThanOrEqual(0);
    expect(sheet).toHaveLength(own2.rowCount + 1);
    expect(new Set(sheet.slice(1).map((r) => r[supplierColumn]))).toEqual(new Set(['SUP002']));
  });

  it('requests a date, and the approval moves the line promise, its version and its history', async () => {
    const line = await lineOf('PO-SH01-260003', 10);
    expect(line.answerStatus).toBe('1');
    const newDate = day(5);
    const r = await ask({ rows: [ref(line)], newDate, reason: '  Steel delivery slipped.  ' });
    expect(r.body.code, r.body.msg).toBe('0');
    expect(r.body.response.data).toMatchObject({ count: 1, rows: [{ version: 1, status: '0' }] });
    const id = r.body.response.data.rows[0].id as string;

    const asked = (await call('getSrmPurchaseDateChangeById', { id }, supplier1)).body.response.data;
    expect(asked).toMatchObject({
      lineId: line.id,
      purchaseNo: 'PO-SH01-260003',
      purchaseSeq: 10,
      itemNo: line.itemNo,
      orgNo: 'SH01',
      supplierNo: 'SUP001',
      oldDate: line.promiseDate,
      newDate,
      requestReason: 'Steel delivery slipped.',
      status: '0',
      requestName: 'Acme sales desk',
    });
    // Asking changes nothing of the line yet.
    expect(await lineOf('PO-SH01-260003', 10)).toMatchObject({
      version: line.version,
      promiseDate: line.promiseDate,
    });

    // The buyer finds it among the pending ones and approves it.
    const pending = await requests(buyer, { status: '0', purchaseNo: 'PO-SH01-260003' });
    expect(pending.records.map((p) => p.id)).toEqual([id]);
    const approved = await call('approveDateChange', { rows: [ref(asked)] }, buyer);
    expect(approved.body.code, approved.body.msg).toBe('0');
    expect(approved.body.response.data).toMatchObject({ count: 1, rows: [{ id, version: 2, status: '1' }] });
    const decided = (await call('getSrmPurchaseDateChangeById', { id }, buyer)).body.response.data;
    expect(decided).toMatchObject({ status: '1', decideName: 'Wang Li (purchasing)' });
    expect(decided.decideDate).toBeTruthy();

    const moved = await lineOf('PO-SH01-260003', 10);
    expect(moved).toMatchObject({ promiseDate: newDate, version: line.version + 1, answerStatus: '1' });
    // An answer saved from the page read before the approval is stale.
    const stale = await s.call(
      `${LINES}/saveSrmPurchaseAnswer`,
      { condition: { id: line.id, version: line.version, promiseDate: day(9) } },
      { token: supplier1, menu: 'Offsite.User.Order.Acceptance', lang: 'en-US' },
    );
    expect(stale.body.code, JSON.stringify(stale.body)).toBe('10007');

    // The request's history: asked (from no state), approved; the line's history tells the change.
    const history = (await call('getSrmPurchaseDateChangeHistory', { id }, supplier1)).body.response.data;
    expect(
      history.map((h: Record<string, unknown>) => [h.transition, h.fromStatus, h.toStatus, h.userNo]),
    ).toEqual([
      ['requestDateChange', null, '0', 'supplier1'],
      ['approve', '0', '1', 'buyer'],
    ]);
    expect(history[0].reason).toBe('Steel delivery slipped.');
    const lineHistory = (
      await s.call(
        `${LINES}/getSrmPurchaseHistory`,
        { condition: { id: line.id } },
        { token: supplier1, menu: ORDER_MENU, lang: 'en-US' },
      )
    ).body.response.data as Record<string, unknown>[];
    expect(lineHistory.at(-1)).toMatchObject({
      transition: 'dateChange',
      fromStatus: '1',
      toStatus: '1',
      reason: `${line.promiseDate} → ${newDate}: Steel delivery slipped.`,
      userNo: 'buyer',
    });

    // The ERP hears both, with the request's dates.
    expect(await events(id)).toEqual([
      {
        event: 'purchaseOrder.dateChangeRequested',
        docKind: 'purchaseDateChange',
        docNo: 'PO-SH01-260003/10',
        orgNo: 'SH01',
        supplierNo: 'SUP001',
        payload: expect.objectContaining({
          transition: 'requestDateChange',
          from: null,
          to: '0',
          reason: 'Steel delivery slipped.',
          fields: expect.objectContaining({ oldDate: line.promiseDate, newDate, lineId: line.id }),
        }),
      },
      expect.objectContaining({
        event: 'purchaseOrder.dateChangeApproved',
        payload: expect.objectContaining({ from: '0', to: '1' }),
      }),
    ]);

    // Decided is decided: a second approval names the state.
    const again = await call('approveDateChange', { rows: [{ id, version: 2 }] }, buyer);
    expect(again.body.code).toBe('10140');
    expect(again.body.msg).toMatch(/"PO-SH01-260003\/10" is Approved/);
  });

  it('needs a reason to reject; the supplier withdraws its own pending request', async () => {
    const [pending] = (await requests(buyer, { status: '0', purchaseNo: 'PO-SH01-260002' })).records;
    expect(pending).toBeDefined();
    const before = await written();
    const bare = await call('rejectDateChange', { rows: [ref(pending)], reason: ' ' }, buyer);
    expect(bare.body.code).toBe('10143');
    expect(bare.body.msg).toMatch(/Enter a reason for Reject/);
    expect(await written()).toEqual(before);

    const rejected = await call(
      'rejectDateChange',
      { rows: [ref(pending)], reason: 'Needed for the line start.' },
      buyer,
    );
    expect(rejected.body.code, rejected.body.msg).toBe('0');
    const line = await lineOf('PO-SH01-260002', 10);
    const after = (await call('getSrmPurchaseDateChangeById', { id: pending.id }, supplier1)).body.response
      .data;
    expect(after).toMatchObject({ status: '2', decideReason: 'Needed for the line start.' });
    // The line keeps its date.
    expect(line.promiseDate).toBe(pending.oldDate);
    expect((await events(pending.id)).map((e) => [e.event, e.payload.reason])).toEqual([
      ['purchaseOrder.dateChangeRejected', 'Needed for the line start.'],
    ]);

    // With nothing pending the supplier may ask again, and withdraw; the buyer cannot withdraw it.
    const asked = await ask({ rows: [ref(line)], newDate: day(20), reason: 'Second try.' });
    expect(asked.body.code, asked.body.msg).toBe('0');
    const request = asked.body.response.data.rows[0] as { id: string; version: number };
    expect((await call('withdrawDateChange', { rows: [ref(request)] }, buyer)).body.errorCode).toBe('10005');
    const withdrawn = await call('withdrawDateChange', { rows: [ref(request)] }, supplier1);
    expect(withdrawn.body.code, withdrawn.body.msg).toBe('0');
    expect((await events(request.id)).map((e) => e.event)).toEqual([
      'purchaseOrder.dateChangeRequested',
      'purchaseOrder.dateChangeWithdrawn',
    ]);
    expect((await lineOf('PO-SH01-260002', 10)).promiseDate).toBe(line.promiseDate);
  });

  it('lets only the supplier request and only the purchaser decide, whatever flags a role holds', async () => {
    const line = await lineOf('PO-SH01-260003', 10);
    const condition = { rows: [ref(line)], newDate: day(30), reason: 'x' };
    const other = await lineOf('PO-SH01-260002', 10);
    const made = await ask({ rows: [ref(other)], newDate: day(25), reason: 'To be decided.' });
    expect(made.body.code, made.body.msg).toBe('0');
    const before = await written();
    // Without the flags the menus grant, the call is forbidden outright.
    expect((await ask(condition, buyer)).body.errorCode).toBe('10005');
    // Even given them, the purchaser is not the side that requests.
    await setRoleFlags(db(), 'buyer', ORDER_MENU, ['isSearch', 'isSubmit']);
    const asBuyer = await ask(condition, buyer);
    expect(asBuyer.body.code).toBe('10142');
    expect(asBuyer.body.msg).toMatch(/Request date change is only for supplier users/);

    const approve = { rows: [made.body.response.data.rows[0]].map(ref) };
    expect((await call('approveDateChange', approve, supplier1)).body.errorCode).toBe('10005');
    await setRoleFlags(db(), 'supplier', MENU, ['isSearch', 'isCheck']);
    const asSupplier = await call('approveDateChange', approve, supplier1);
    expect(asSupplier.body.code).toBe('10142');
    expect(await written()).toEqual(before);
  });

  it('refuses to approve a request whose line was reopened meanwhile', async () => {
    const [pending] = (await requests(buyer, { status: '0', purchaseNo: 'PO-SH01-260002' })).records;
    const line = await lineOf('PO-SH01-260002', 10);
    const reopened = await s.call(
      `${LINES}/changeSrmPurchase`,
      { condition: { rows: [ref(line)], reason: 'Quantity to be discussed.' } },
      { token: supplier1, menu: ORDER_MENU, lang: 'en-US' },
    );
    expect(reopened.body.code, reopened.body.msg).toBe('0');
    const before = await written();
    const approved = await call('approveDateChange', { rows: [ref(pending)] }, buyer);
    expect(approved.body.code).toBe('10146');
    expect(approved.body.msg).toMatch(/the order line is no longer accepted/);
    expect(await written()).toEqual(before);
    expect((await lineOf('PO-SH01-260002', 10)).promiseDate).toBe(line.promiseDate);
  });

  it('takes no new date for a line answered in parts, at the request and at the approval', async () => {
    const open = await db()
      .selectFrom('srmPurchase as l')
      .select(['l.purchaseNo', 'l.purchaseSeq', 'l.answerStatus'])
      .where('l.supplierNo', '=', 'SUP001')
      .where('l.answerStatus', 'in', ['0', '1'])
      .where('l.deliveryStatus', '<>', '3')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('srmPurchaseDateChange as c')
              .select('c.id')
              .whereRef('c.lineId', '=', 'l.id')
              .where('c.status', '=', '0'),
          ),
        ),
      )
      .orderBy('l.answerStatus', 'desc')
      .orderBy('l.purchaseNo')
      .orderBy('l.purchaseSeq')
      .limit(2)
      .execute();
    expect(open).toHaveLength(2);
    // A line still to confirm is accepted as ordered first: a date change is asked of accepted lines.
    for (const l of open.filter((x) => x.answerStatus === '0')) {
      const toAccept = await lineOf(l.purchaseNo, l.purchaseSeq);
      const accepted = await s.call(
        `${LINES}/acceptSrmPurchase`,
        { condition: { rows: [ref(toAccept)] } },
        { token: supplier1, menu: ORDER_MENU, lang: 'en-US' },
      );
      expect(accepted.body.code, accepted.body.msg).toBe('0');
    }
    const [first, second] = await Promise.all(open.map((l) => lineOf(l.purchaseNo, l.purchaseSeq)));
    const newDate = day(30);
    const splitInTwo = (line: Line) =>
      db()
        .insertInto('srmPurchaseAnswer')
        .values([
          { lineId: line.id, partSeq: 1, promiseQty: '1', promiseDate: String(line.promiseDate) },
          { lineId: line.id, partSeq: 2, promiseQty: '1', promiseDate: newDate },
        ])
        .execute();
    const problem =
      "is answered in parts, each with its own date: change the answer and move the parts' dates in the split instead";

    // Asked while the line had one date, then split in two: the approval is refused and changes nothing.
    const asked = await ask({ rows: [ref(first)], newDate, reason: 'Carrier moved the pickup.' });
    expect(asked.body.code, asked.body.msg).toBe('0');
    const request = asked.body.response.data.rows[0] as { id: string; version: number };
    await splitInTwo(first);
    const before = await written();
    const approved = await call('approveDateChange', { rows: [ref(request)] }, buyer);
    expect(approved.body.code).toBe('10146');
    expect(approved.body.msg).toContain(problem);
    expect(await written()).toEqual(before);

    // A line already split takes no request.
    await splitInTwo(second);
    const refused = await ask({ rows: [ref(second)], newDate, reason: 'Carrier moved the pickup.' });
    expect(refused.body.code).not.toBe('0');
    expect(refused.body.msg).toContain(problem);
    expect(await written()).toEqual(before);
  });

  it('answers the declaration the screens read: states, transitions and the caller side', async () => {
    const define = (await call('getSrmPurchaseDateChangeDefine', {}, buyer)).body.response.data;
    expect(define.side).toBe('purchaser');
    expect(define.states.map((st: { code: string; label: string }) => [st.code, st.label])).toEqual([
      ['0', 'Pending'],
      ['1', 'Approved'],
      ['2', 'Rejected'],
      ['3', 'Withdrawn'],
    ]);
    expect(
      define.transitions.map((t: { name: string; flag: string; sides: string[]; reason: string | null }) => [
        t.name,
        t.flag,
        t.sides,
        t.reason,
      ]),
    ).toEqual([
      ['approve', 'isCheck', ['purchaser'], 'optional'],
      ['reject', 'isCheck', ['purchaser'], 'required'],
      ['withdraw', 'isModify', ['supplier'], null],
    ]);
  });
});
