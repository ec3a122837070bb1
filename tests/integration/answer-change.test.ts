// Answer change requests of order lines: once a line is accepted, the supplier asks to change its
// promise (quantity and/or date) with a reason; the purchaser approves (the line's promise, version and
// history move in the same transaction) or rejects with a reason (the line keeps its promise); the
// supplier withdraws. Every refusal names the line and leaves nothing behind; one pending change per
// line whatever its kind (an answer change blocks a date change and the other way round); each supplier
// sees only its own requests. Quantities are `numeric`, compared as decimals and written to the history
// and the outbox as canonical text, which each driver parses itself, so both databases; the refusals
// that depend on no driver run on PostgreSQL only.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDecimals, subtractDecimals } from '../../engine/core/decimal.js';
import { setRoleFlags } from '../support/rules.js';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const SERVICE = 'ISupSrmPurchaseAnswerChangeService';
const LINES = 'ISupSrmPurchaseService';
const DATE_CHANGE = 'ISupSrmPurchaseDateChangeService';
const MENU = 'Offsite.User.Order.Acceptance.Change';
const ORDER_MENU = 'Offsite.User.Order';

/** The date `offset` days from today, as the demo data dates its orders. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Line {
  id: string;
  version: number;
  purchaseNo: string;
  purchaseSeq: number;
  answerStatus: string;
  batchPurQty: string;
  promiseQty: string | null;
  promiseDate: string | null;
  purchaseDate: string;
  deliveryQty: string;
  receiveQty: string;
  returnExchangeQty: string;
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
  oldQty: string;
  newQty: string;
  oldDate: string;
  newDate: string;
  requestReason: string;
  decideReason: string | null;
  [field: string]: unknown;
}

/** What of a line has left the supplier: on open notices or received, less what came back for exchange. */
const shippedOf = (l: Line) =>
  subtractDecimals(addDecimals(l.deliveryQty, l.receiveQty), l.returnExchangeQty);

describe.each(BOTH_DBS)('answer change requests on %s', (kind) => {
  const onPostgres = it.runIf(kind === 'postgres');
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
  const call = (method: string, condition: unknown, token: string, menu = MENU, lang = 'en-US') =>
    s.call(`${SERVICE}/${method}`, { condition }, { token, menu, lang });
  const ask = (condition: unknown, token = supplier1, menu = ORDER_MENU) =>
    call('requestAnswerChange', condition, token, menu);
  const lineOf = async (purchaseNo: string, purchaseSeq: number, token = supplier1) => {
    const r = await s.call(
      `${LINES}/getSrmPurchasePage`,
      { condition: { purchaseNo } },
      { token, menu: ORDER_MENU, lang: 'en-US' },
    );
    expect(r.body.code, r.body.msg).toBe('0');
    return (r.body.response.data.records as Line[]).find((l) => l.purchaseSeq === purchaseSeq)!;
  };
  const lineCall = (method: string, condition: unknown, token = supplier1) =>
    s.call(`${LINES}/${method}`, { condition }, { token, menu: ORDER_MENU, lang: 'en-US' });
  const requests = async (token: string, condition: Record<string, unknown> = {}) => {
    const r = await call('getSrmPurchaseAnswerChangePage', { size: 200, ...condition }, token);
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data as { records: Request[]; rowCount: number; counts?: Record<string, number> };
  };
  const ref = (r: { id: string; version: number }) => ({ id: r.id, version: r.version });
  /** What a refused call must leave as it was: both kinds of request, the history, the outbox, the lines. */
  const written = async () => {
    const count = async (table: string) =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0].n,
      );
    const lines = await sql<{ v: string }>`select sum(version)::text as v from srm_purchase`.execute(db());
    return {
      requests: await count('srm_purchase_answer_change'),
      dateChanges: await count('srm_purchase_date_change'),
      history: await count('sys_doc_history'),
      events: await count('int_outbox'),
      lineVersions: lines.rows[0].v,
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

  onPostgres(
    'refuses every bad request with its own message, naming the line, and writes nothing',
    async () => {
      const before = await written();
      const sub = await lineOf('PO-SH01-260003', 10);
      const toConfirm = await lineOf('PO-SH01-260001', 10);
      // The demo's pending date change is on this line.
      const dateChanging = await lineOf('PO-SH01-260002', 10);
      const theirs = await lineOf('PO-HN01-260002', 10, supplier2);
      const shipped = shippedOf(sub);
      expect(Number(shipped)).toBeGreaterThan(0);
      const good = { promiseQty: '950', promiseDate: day(5), reason: 'Steel delivery slipped.' };
      const refused = async (condition: unknown, code: string, message?: RegExp, token = supplier1) => {
        const r = await ask(condition, token);
        expect(r.body.code, JSON.stringify(r.body)).toBe(code);
        if (message) expect(r.body.msg).toMatch(message);
        return r.body;
      };
      const line = (name: string) => new RegExp(`Request answer change refused for "${name}": `);

      await refused({ rows: [{ id: '00000000-0000-4000-8000-000000000000', version: 1 }], ...good }, '10008');
      // Another supplier's line is "not found", like one that does not exist.
      await refused({ rows: [ref(theirs)], ...good }, '10008');
      await refused(
        { rows: [ref(toConfirm)], ...good },
        '10140',
        /Request answer change is not possible: "PO-SH01-260001\/10" is To confirm/,
      );
      await refused({ rows: [{ id: sub.id, version: sub.version - 1 }], ...good }, '10007');
      // Above the ordered quantity, by the smallest step a quantity has.
      const over = await refused(
        { rows: [ref(sub)], ...good, promiseQty: addDecimals(sub.batchPurQty, '0.00001') },
        '10146',
        line('PO-SH01-260003/10'),
      );
      expect(over.msg).toContain(`is more than the ${sub.batchPurQty} ordered`);
      // Below what has left the supplier (on notices and received).
      const below = await refused(
        { rows: [ref(sub)], ...good, promiseQty: subtractDecimals(shipped, '0.001') },
        '10146',
        line('PO-SH01-260003/10'),
      );
      expect(below.msg).toContain(`is less than the ${shipped} already shipped or received`);
      await refused(
        { rows: [ref(sub)], ...good, promiseDate: day(-60) },
        '10146',
        new RegExp(`the promised date is before the order date ${sub.purchaseDate}`),
      );
      // The same promise, the quantity written otherwise: compared as a decimal, not as text.
      await refused(
        { rows: [ref(sub)], ...good, promiseQty: `${sub.promiseQty}.000`, promiseDate: sub.promiseDate },
        '10146',
        new RegExp(`the line already promises ${sub.promiseQty} on ${sub.promiseDate}`),
      );
      // A pending date change of the line blocks an answer change.
      await refused(
        { rows: [ref(dateChanging)], ...good },
        '10146',
        /"PO-SH01-260002\/10": a date change request of this line is already pending/,
      );
      // The demo's pending answer change of supplier2's line blocks another.
      await refused(
        { rows: [ref(theirs)], ...good, promiseQty: '700' },
        '10146',
        /"PO-HN01-260002\/10": an answer change request of this line is already pending/,
        supplier2,
      );
      await refused(
        { rows: [ref(sub)], ...good, reason: '   ' },
        '10143',
        /Enter a reason for Request answer change/,
      );
      await refused({ rows: [ref(sub)], ...good, promiseQty: null }, '10017', /Promised qty is required/);
      await refused(
        { rows: [ref(sub)], ...good, promiseQty: '0' },
        '10017',
        /Promised qty must be greater than 0/,
      );
      await refused({ rows: [ref(sub)], ...good, promiseQty: '-5' }, '10017', /Promised qty/);
      await refused({ rows: [ref(sub)], ...good, promiseQty: '12,5' }, '10017', /Promised qty/);
      await refused({ rows: [ref(sub)], ...good, promiseQty: '900.123456' }, '10017', /Promised qty/);
      await refused({ rows: [ref(sub)], ...good, promiseDate: null }, '10017', /Promised date is required/);
      // One line a request; a date that is no date is the payload's mistake, never a server fault.
      for (const condition of [
        { rows: [ref(sub), ref(dateChanging)], ...good },
        { rows: [ref(sub)], ...good, promiseDate: '2026-02-30' },
      ]) {
        const bad = await ask(condition);
        expect(bad.http).toBe(400);
        expect(bad.body.errorCode).toBe('10002');
      }

      // A line with nothing left to deliver takes no new promise.
      await db()
        .updateTable('srmPurchase')
        .set({ receiveQty: sub.batchPurQty })
        .where('id', '=', sub.id)
        .execute();
      await refused(
        { rows: [ref(sub)], ...good, promiseQty: sub.batchPurQty },
        '10146',
        /everything of this line is already delivered/,
      );
      await db()
        .updateTable('srmPurchase')
        .set({ receiveQty: sub.receiveQty })
        .where('id', '=', sub.id)
        .execute();

      // In the user's language.
      const zh = await s.call(
        `${SERVICE}/requestAnswerChange`,
        { condition: { rows: [ref(sub)], ...good, promiseQty: addDecimals(sub.batchPurQty, '1') } },
        { token: supplier1, menu: ORDER_MENU, lang: 'zh-CN' },
      );
      expect(zh.body.msg).toMatch(/承诺数量.*超过订购数量/);

      expect(await written()).toEqual(before);
      expect(await lineOf('PO-SH01-260003', 10)).toMatchObject({
        version: sub.version,
        promiseQty: sub.promiseQty,
        promiseDate: sub.promiseDate,
      });
    },
  );

  onPostgres(
    'shows each supplier its own requests only: list, counts, get, history, export and transitions',
    async () => {
      const own1 = await requests(supplier1, { countBy: 'status' });
      const own2 = await requests(supplier2, { countBy: 'status' });
      expect(own1.rowCount).toBeGreaterThan(0);
      expect(own2.rowCount).toBeGreaterThan(0);
      expect(new Set(own1.records.map((r) => r.supplierNo))).toEqual(new Set(['SUP001']));
      expect(new Set(own2.records.map((r) => r.supplierNo))).toEqual(new Set(['SUP002']));
      const sum = (c?: Record<string, number>) => Object.values(c ?? {}).reduce((a, b) => a + b, 0);
      expect(sum(own1.counts)).toBe(own1.rowCount);
      expect(sum(own2.counts)).toBe(own2.rowCount);
      const all = await requests(buyer, { countBy: 'status' });
      expect(all.rowCount).toBe(own1.rowCount + own2.rowCount);
      // The demo's pending one is supplier2's: the buyer's pending tab shows it.
      expect(all.counts?.['0']).toBeGreaterThan(0);

      const pending = own2.records.find((r) => r.status === '0')!;
      expect(pending).toMatchObject({ purchaseNo: 'PO-HN01-260002', oldQty: '800', newQty: '760' });
      const refusedTo1 = async (method: string, condition: unknown) =>
        expect((await call(method, condition, supplier1)).body.code).toBe('10008');
      await refusedTo1('getSrmPurchaseAnswerChangeById', { id: pending.id });
      await refusedTo1('getSrmPurchaseAnswerChangeHistory', { id: pending.id });
      await refusedTo1('withdrawAnswerChange', { rows: [ref(pending)] });
      expect((await requests(supplier1, { purchaseNo: pending.purchaseNo })).rowCount).toBe(0);
      expect((await requests(supplier1, { in: { lineId: [pending.lineId] } })).rowCount).toBe(0);
      // Its owner reads it, with its history.
      expect((await call('getSrmPurchaseAnswerChangeById', { id: pending.id }, supplier2)).body.code).toBe(
        '0',
      );
      const history = (await call('getSrmPurchaseAnswerChangeHistory', { id: pending.id }, supplier2)).body
        .response.data;
      expect(history.map((h: Record<string, unknown>) => h.transition)).toEqual(['requestAnswerChange']);

      // The export writes the caller's own rows only, under the template's name.
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
        expect(String(res.headers['content-disposition'])).toContain(
          encodeURIComponent('Answer change requests'),
        );
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
        const rows: unknown[][] = [];
        workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
        return rows;
      };
      for (const [token, own, supplierNo] of [
        [supplier1, own1, 'SUP001'],
        [supplier2, own2, 'SUP002'],
      ] as const) {
        const sheet = await exported(token);
        const header = sheet[0] as string[];
        const supplierColumn = header.indexOf('Supplier code');
        expect(supplierColumn).toBeGreaterThanOrEqual(0);
        expect(header).toEqual(expect.arrayContaining(['Qty before', 'Requested qty', 'Status']));
        expect(sheet).toHaveLength(own.rowCount + 1);
        expect(new Set(sheet.slice(1).map((r) => r[supplierColumn]))).toEqual(new Set([supplierNo]));
      }
    },
  );

  it('requests a new promise, and the approval moves the line promise, its version and both histories', async () => {
    const line = await lineOf('PO-SH01-260003', 10);
    expect(line.answerStatus).toBe('1');
    const newQty = addDecimals(shippedOf(line), '20.5');
    const newDate = day(9);
    const r = await ask({
      rows: [ref(line)],
      promiseQty: `${newQty}000`,
      promiseDate: newDate,
      reason: '  Part of the steel failed inspection.  ',
    });
    expect(r.body.code, r.body.msg).toBe('0');
    expect(r.body.response.data).toMatchObject({ count: 1, rows: [{ version: 1, status: '0' }] });
    const id = r.body.response.data.rows[0].id as string;

    const asked = (await call('getSrmPurchaseAnswerChangeById', { id }, supplier1)).body.response.data;
    expect(asked).toMatchObject({
      lineId: line.id,
      purchaseNo: 'PO-SH01-260003',
      purchaseSeq: 10,
      itemNo: line.itemNo,
      orgNo: 'SH01',
      supplierNo: 'SUP001',
      oldQty: line.promiseQty,
      newQty,
      oldDate: line.promiseDate,
      newDate,
      requestReason: 'Part of the steel failed inspection.',
      status: '0',
      requestName: 'Acme sales desk',
    });
    // Asking changes nothing of the line yet.
    expect(await lineOf('PO-SH01-260003', 10)).toMatchObject({
      version: line.version,
      promiseQty: line.promiseQty,
      promiseDate: line.promiseDate,
    });

    // While it is pending, the line takes no date change and no second answer change.
    const before = await written();
    const dateChange = await s.call(
      `${DATE_CHANGE}/requestDateChange`,
      { condition: { rows: [ref(line)], newDate: day(12), reason: 'x' } },
      { token: supplier1, menu: ORDER_MENU, lang: 'en-US' },
    );
    expect(dateChange.body.code).toBe('10146');
    expect(dateChange.body.msg).toMatch(
      /Request date change refused for "PO-SH01-260003\/10": an answer change request of this line is already pending/,
    );
    const second = await ask({
      rows: [ref(line)],
      promiseQty: line.batchPurQty,
      promiseDate: newDate,
      reason: 'x',
    });
    expect(second.body.code).toBe('10146');
    expect(second.body.msg).toMatch(/an answer change request of this line is already pending/);
    expect(await written()).toEqual(before);

    // The buyer finds it among the pending ones and approves it.
    const pending = await requests(buyer, { status: '0', purchaseNo: 'PO-SH01-260003' });
    expect(pending.records.map((p) => p.id)).toEqual([id]);
    const approved = await call('approveAnswerChange', { rows: [ref(asked)] }, buyer);
    expect(approved.body.code, approved.body.msg).toBe('0');
    expect(approved.body.response.data).toMatchObject({ count: 1, rows: [{ id, version: 2, status: '1' }] });
    const decided = (await call('getSrmPurchaseAnswerChangeById', { id }, buyer)).body.response.data;
    expect(decided).toMatchObject({ status: '1', decideName: 'Wang Li (purchasing)' });
    expect(decided.decideDate).toBeTruthy();

    const moved = await lineOf('PO-SH01-260003', 10);
    expect(moved).toMatchObject({
      promiseQty: newQty,
      promiseDate: newDate,
      version: line.version + 1,
      answerStatus: '1',
    });
    // An answer saved from the page read before the approval is stale.
    const stale = await s.call(
      `${LINES}/saveSrmPurchaseAnswer`,
      { condition: { id: line.id, version: line.version, promiseDate: day(9) } },
      { token: supplier1, menu: 'Offsite.User.Order.Acceptance', lang: 'en-US' },
    );
    expect(stale.body.code, JSON.stringify(stale.body)).toBe('10007');

    // The request's history: asked (from no state), approved; the line's history tells the change.
    const history = (await call('getSrmPurchaseAnswerChangeHistory', { id }, supplier1)).body.response.data;
    expect(
      history.map((h: Record<string, unknown>) => [h.transition, h.fromStatus, h.toStatus, h.userNo]),
    ).toEqual([
      ['requestAnswerChange', null, '0', 'supplier1'],
      ['approve', '0', '1', 'buyer'],
    ]);
    expect(history[0].reason).toBe('Part of the steel failed inspection.');
    const lineHistory = (await lineCall('getSrmPurchaseHistory', { id: line.id })).body.response
      .data as Record<string, unknown>[];
    expect(lineHistory.at(-1)).toMatchObject({
      transition: 'answerChange',
      fromStatus: '1',
      toStatus: '1',
      reason: `${line.promiseQty} → ${newQty}, ${line.promiseDate} → ${newDate}: Part of the steel failed inspection.`,
      userNo: 'buyer',
    });
    // The line's path shows the request and the change.
    const path = (await lineCall('getSrmPurchaseTracking', { id: line.id })).body.response.data as {
      step: string;
      details: string[];
    }[];
    const requested = path.filter((p) => p.step === 'answerChangeRequested');
    expect(requested.at(-1)?.details).toEqual([
      `${line.promiseQty} → ${newQty}, ${line.promiseDate} → ${newDate}`,
      'Part of the steel failed inspection.',
      'Approved',
    ]);
    expect(path.filter((p) => p.step === 'answerChanged')).toHaveLength(1);

    // The ERP hears both, with both promises as canonical decimals.
    expect(await events(id)).toEqual([
      {
        event: 'purchaseOrder.answerChangeRequested',
        docKind: 'purchaseAnswerChange',
        docNo: 'PO-SH01-260003/10',
        orgNo: 'SH01',
        supplierNo: 'SUP001',
        payload: expect.objectContaining({
          transition: 'requestAnswerChange',
          from: null,
          to: '0',
          reason: 'Part of the steel failed inspection.',
          fields: expect.objectContaining({
            oldQty: line.promiseQty,
            newQty,
            oldDate: line.promiseDate,
            newDate,
            lineId: line.id,
          }),
        }),
      },
      expect.objectContaining({
        event: 'purchaseOrder.answerChangeApproved',
        payload: expect.objectContaining({ from: '0', to: '1' }),
      }),
    ]);

    // Purchasing hears of the request, the supplier of the approval, each on its page of the request.
    await s.server.app.notify.worker.dispatch();
    const notices = await db()
      .selectFrom('bmNotice')
      .select(['receiverUserNo', 'noticeConfigNo', 'noticeTitle', 'link', 'supplierNo'])
      .where('docId', '=', id)
      .orderBy('noticeConfigNo')
      .orderBy('receiverUserNo')
      .execute();
    expect(notices.map((n) => [n.noticeConfigNo, n.receiverUserNo])).toEqual([
      ['PO_ANSWER_CHANGE_APPROVED', 'supplier1'],
      ['PO_ANSWER_CHANGE_REQUESTED', 'buyer'],
    ]);
    // In the receiver's language: the default one, as supplier1 has not opened its bell yet.
    expect(notices[0]).toMatchObject({
      noticeTitle: '答复变更已批准：PO-SH01-260003 第 10 行',
      link: `/orderCollaboration/userOrder/acceptance-change/detail/${id}`,
    });

    // Decided is decided: a second approval names the state.
    const again = await call('approveAnswerChange', { rows: [{ id, version: 2 }] }, buyer);
    expect(again.body.code).toBe('10140');
    expect(again.body.msg).toMatch(/"PO-SH01-260003\/10" is Approved/);
  });

  it('needs a reason to reject, which leaves the line; the supplier withdraws its own pending request', async () => {
    const [pending] = (await requests(buyer, { status: '0', purchaseNo: 'PO-HN01-260002' })).records;
    expect(pending).toBeDefined();
    const before = await written();
    const bare = await call('rejectAnswerChange', { rows: [ref(pending)], reason: ' ' }, buyer);
    expect(bare.body.code).toBe('10143');
    expect(bare.body.msg).toMatch(/Enter a reason for Reject/);
    expect(await written()).toEqual(before);

    const line = await lineOf('PO-HN01-260002', 10, supplier2);
    const rejected = await call(
      'rejectAnswerChange',
      { rows: [ref(pending)], reason: 'The housings are needed in full.' },
      buyer,
    );
    expect(rejected.body.code, rejected.body.msg).toBe('0');
    const after = (await call('getSrmPurchaseAnswerChangeById', { id: pending.id }, supplier2)).body.response
      .data;
    expect(after).toMatchObject({ status: '2', decideReason: 'The housings are needed in full.' });
    // The line keeps its promise and its version.
    expect(await lineOf('PO-HN01-260002', 10, supplier2)).toMatchObject({
      version: line.version,
      promiseQty: line.promiseQty,
      promiseDate: line.promiseDate,
    });
    expect((await events(pending.id)).map((e) => [e.event, e.payload.reason])).toEqual([
      ['purchaseOrder.answerChangeRejected', 'The housings are needed in full.'],
    ]);

    // With nothing pending the supplier may ask again, and withdraw; the buyer cannot withdraw it.
    const asked = await ask(
      { rows: [ref(line)], promiseQty: '780', promiseDate: String(line.promiseDate), reason: 'Second try.' },
      supplier2,
    );
    expect(asked.body.code, asked.body.msg).toBe('0');
    const request = asked.body.response.data.rows[0] as { id: string; version: number };
    expect((await call('withdrawAnswerChange', { rows: [ref(request)] }, buyer)).body.errorCode).toBe(
      '10005',
    );
    const withdrawn = await call('withdrawAnswerChange', { rows: [ref(request)] }, supplier2);
    expect(withdrawn.body.code, withdrawn.body.msg).toBe('0');
    expect((await events(request.id)).map((e) => e.event)).toEqual([
      'purchaseOrder.answerChangeRequested',
      'purchaseOrder.answerChangeWithdrawn',
    ]);
    expect(await lineOf('PO-HN01-260002', 10, supplier2)).toMatchObject({
      version: line.version,
      promiseQty: line.promiseQty,
    });
  });

  it('approves only while the line can take the promise: still accepted, not split, covering what shipped since', async () => {
    // Two lines of the order still to confirm, accepted as ordered: a change is asked of accepted lines.
    const accepted: Line[] = [];
    for (const seq of [20, 30]) {
      const open = await lineOf('PO-SH01-260001', seq);
      const r = await lineCall('acceptSrmPurchase', { rows: [ref(open)] });
      expect(r.body.code, r.body.msg).toBe('0');
      accepted.push(await lineOf('PO-SH01-260001', seq));
    }
    const [reopenLater, splitLater] = accepted;
    const askOf = async (line: Line, qty: string) => {
      const r = await ask({ rows: [ref(line)], promiseQty: qty, promiseDate: day(20), reason: 'Capacity.' });
      expect(r.body.code, r.body.msg).toBe('0');
      return r.body.response.data.rows[0] as { id: string; version: number };
    };
    const refusedApproval = async (request: { id: string; version: number }, problem: string) => {
      const before = await written();
      const r = await call('approveAnswerChange', { rows: [ref(request)] }, buyer);
      expect(r.body.code, JSON.stringify(r.body)).toBe('10146');
      expect(r.body.msg).toContain(problem);
      expect(await written()).toEqual(before);
    };

    // The supplier reopened its answer meanwhile.
    const first = await askOf(reopenLater, '700');
    const reopened = await lineCall('changeSrmPurchase', {
      rows: [ref(await lineOf('PO-SH01-260001', 20))],
      reason: 'Quantity to be discussed.',
    });
    expect(reopened.body.code, reopened.body.msg).toBe('0');
    await refusedApproval(
      first,
      'the order line is no longer accepted (its answer was reopened): reject the request',
    );

    // The line was answered in parts meanwhile; a line in parts takes no request either.
    const second = await askOf(splitLater, '200');
    await db()
      .insertInto('srmPurchaseAnswer')
      .values([
        { lineId: splitLater.id, partSeq: 1, promiseQty: '100', promiseDate: day(10) },
        { lineId: splitLater.id, partSeq: 2, promiseQty: '140.5', promiseDate: day(20) },
      ])
      .execute();
    const problem =
      'is answered in parts, each with its own quantity and date: change the answer and move the parts in the split instead';
    await refusedApproval(second, problem);
    const withdrawn = await call('withdrawAnswerChange', { rows: [ref(second)] }, supplier1);
    expect(withdrawn.body.code, withdrawn.body.msg).toBe('0');
    const before = await written();
    const onSplit = await ask({
      rows: [ref(await lineOf('PO-SH01-260001', 30))],
      promiseQty: '200',
      promiseDate: day(20),
      reason: 'x',
    });
    expect(onSplit.body.code).toBe('10146');
    expect(onSplit.body.msg).toContain(problem);
    expect(await written()).toEqual(before);

    // More was received after the request than it promises.
    const sub = await lineOf('PO-SH01-260003', 10);
    const shipped = shippedOf(sub);
    const third = await askOf(sub, addDecimals(shipped, '10'));
    await db()
      .updateTable('srmPurchase')
      .set({ receiveQty: addDecimals(sub.receiveQty, '20') })
      .where('id', '=', sub.id)
      .execute();
    await refusedApproval(
      third,
      `the quantity ${addDecimals(shipped, '10')} is less than the ${addDecimals(shipped, '20')} already shipped or received`,
    );
    await db()
      .updateTable('srmPurchase')
      .set({ receiveQty: sub.receiveQty })
      .where('id', '=', sub.id)
      .execute();
    // Once the receipt is corrected, the same request is approved.
    const approved = await call('approveAnswerChange', { rows: [ref(third)] }, buyer);
    expect(approved.body.code, approved.body.msg).toBe('0');
    expect((await lineOf('PO-SH01-260003', 10)).promiseQty).toBe(addDecimals(shipped, '10'));
  });

  onPostgres(
    'lets only the supplier request and only the purchaser decide, whatever flags a role holds',
    async () => {
      const line = await lineOf('PO-HN01-260002', 10, supplier2);
      const made = await ask(
        {
          rows: [ref(line)],
          promiseQty: '790',
          promiseDate: String(line.promiseDate),
          reason: 'To be decided.',
        },
        supplier2,
      );
      expect(made.body.code, made.body.msg).toBe('0');
      const condition = { rows: [ref(line)], promiseQty: '700', promiseDate: day(30), reason: 'x' };
      const before = await written();
      // Without the flags the menus grant, the call is forbidden outright.
      expect((await ask(condition, buyer)).body.errorCode).toBe('10005');
      // Even given them, the purchaser is not the side that requests.
      await setRoleFlags(db(), 'buyer', ORDER_MENU, ['isSearch', 'isSubmit']);
      const asBuyer = await ask(condition, buyer);
      expect(asBuyer.body.code).toBe('10142');
      expect(asBuyer.body.msg).toMatch(/Request answer change is only for supplier users/);

      const approve = { rows: [made.body.response.data.rows[0]].map(ref) };
      expect((await call('approveAnswerChange', approve, supplier2)).body.errorCode).toBe('10005');
      await setRoleFlags(db(), 'supplier', MENU, ['isSearch', 'isCheck']);
      const asSupplier = await call('approveAnswerChange', approve, supplier2);
      expect(asSupplier.body.code).toBe('10142');
      expect(await written()).toEqual(before);
    },
  );

  onPostgres(
    'answers the declaration the screens read: states, transitions and the caller side',
    async () => {
      const define = (await call('getSrmPurchaseAnswerChangeDefine', {}, buyer)).body.response.data;
      expect(define.side).toBe('purchaser');
      expect(define.kind).toBe('purchaseAnswerChange');
      expect(define.states.map((st: { code: string; label: string }) => [st.code, st.label])).toEqual([
        ['0', 'Pending'],
        ['1', 'Approved'],
        ['2', 'Rejected'],
        ['3', 'Withdrawn'],
      ]);
      expect(
        define.transitions.map(
          (t: { name: string; flag: string; sides: string[]; reason: string | null }) => [
            t.name,
            t.flag,
            t.sides,
            t.reason,
          ],
        ),
      ).toEqual([
        ['approve', 'isCheck', ['purchaser'], 'optional'],
        ['reject', 'isCheck', ['purchaser'], 'required'],
        ['withdraw', 'isModify', ['supplier'], null],
      ]);
    },
  );
});
