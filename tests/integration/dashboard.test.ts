// The dashboard's calls on data the test makes (the demo's orders, notices, requests and announcements
// are removed first, so every figure is exact): the order line figures and the delivery figures of the
// last 90 days, the orders and lines a month (the summary tables of migration 098, kept by triggers, so
// both databases run them), my schedule with its kinds, order, paging and search, each side and scope
// apart (supplier1 never counts supplier2's work, a purchaser of one organisation counts that one
// only), and getCommonSetting with its system parameter.
import dayjs from 'dayjs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobClass } from '../../services/system/job-classes.js';
import { keeperOf } from '../support/rules.js';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const INDEX = 'ISupSrmIndexService';
const MENU = 'Index.Dashboard';
const T = dayjs().format('YYYY-MM-DD');
const d = (days: number) => dayjs(T).add(days, 'day').format('YYYY-MM-DD');

describe.each(BOTH_DBS)('the dashboard on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  let keeperHN: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [admin, buyer, supplier1, supplier2] = await Promise.all(
      ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
    keeperHN = await keeperOf(s, admin, 'HN01', 'dash_hn01');
    const db = s.server.database.db;
    // Every order, notice, request and announcement goes, with what refers to them (receipts); the
    // summary tables hold nothing else, so they start empty too.
    await sql`truncate srm_asn_line, srm_asn_head, srm_purchase_date_change, srm_purchase_answer_change,
      srm_purchase, srm_purchase_head,
      srm_sys_news, srm_purchase_day_stat, srm_purchase_month_stat, srm_purchase_org_day_stat,
      srm_purchase_org_month_stat cascade`.execute(db);

    const head = async (no: string, orgNo: string, supplierNo: string, purchaseDate: string) =>
      (
        await db
          .insertInto('srmPurchaseHead')
          .values({ purchaseNo: no, orgNo, supplierNo, purchaseDate })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const A = await head('PO-T-A', 'SH01', 'SUP001', d(-70));
    const B = await head('PO-T-B', 'HN01', 'SUP002', d(-40));
    const line = async (
      name: string,
      h: string,
      no: string,
      orgNo: string,
      supplierNo: string,
      seq: number,
      v: Record<string, unknown>,
    ) => {
      ids[name] = (
        await db
          .insertInto('srmPurchase')
          .values({
            headId: h,
            purchaseNo: no,
            orgNo,
            supplierNo,
            orderType: '1',
            purchaseSeq: seq,
            itemNo: `ITEM-${name}`,
            unitNo: 'PCS',
            purchaseDate: no === 'PO-T-A' ? d(-70) : d(-40),
            ...v,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const a = (name: string, seq: number, v: Record<string, unknown>) =>
      line(name, A, 'PO-T-A', 'SH01', 'SUP001', seq, v);
    const b = (name: string, seq: number, v: Record<string, unknown>) =>
      line(name, B, 'PO-T-B', 'HN01', 'SUP002', seq, v);
    // Fully received, due 10 days ago: in the window, full.
    await a('L1', 1, { batchPurQty: '10', expectArrivalDate: d(-10), answerStatus: '1', receiveQty: '10' });
    // Accepted, 2 of 5 received, due 5 days ago: open, overdue, in the window.
    await a('L2', 2, { batchPurQty: '5', expectArrivalDate: d(-5), answerStatus: '1', receiveQty: '2' });
    // To confirm, answer due tomorrow, goods due in 5 days.
    await a('L3', 3, { batchPurQty: '4', expectArrivalDate: d(5), answerStatus: '0', answerDueDate: d(1) });
    // Refused: counted in the month's lines only.
    await a('L4', 4, { batchPurQty: '3', expectArrivalDate: d(-3), answerStatus: '2' });
    // Changed by the buyer, its answer due two days ago; promised in two days (not overdue). The
    // line's second batch: named with it (PO-T-A/5.2).
    await a('L5', 5, {
      batchSeq: 2,
      batchPurQty: '7',
      expectArrivalDate: d(-30),
      promiseDate: d(2),
      answerStatus: '3',
      answerDueDate: d(-2),
    });
    // Fully received 60 days ago (a decimal quantity).
    await a('L6', 6, { batchPurQty: '1.5', expectArrivalDate: d(-60), answerStatus: '1', receiveQty: '1.5' });
    await b('M1', 1, { batchPurQty: '6', expectArrivalDate: d(-7), answerStatus: '1', receiveQty: '6' });
    await b('M2', 2, { batchPurQty: '8', expectArrivalDate: d(-1), answerStatus: '0', answerDueDate: d(3) });

    const asn = async (
      no: string,
      status: string,
      arrival: string,
      lines: { purchase: string; qty: string; receive?: string; reject?: string; timing: string }[],
    ) => {
      const id = (
        await db
          .insertInto('srmAsnHead')
          .values({
            asnNo: no,
            orgNo: 'SH01',
            supplierNo: 'SUP001',
            status,
            deliveryDate: arrival,
            expectedArrivalDate: arrival,
            warehouseNo: 'SH01-RM',
            shipAddress: 'Plant 1',
            deliveryAddress: 'Dock 2',
            sender: 'Acme',
            senderContact: '021-12345678',
            submitDate: status === 'D' ? null : new Date(),
            lastReason: status === '1' ? 'wrong lot' : null,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      ids[no] = id;
      let seq = 0;
      for (const l of lines)
        await db
          .insertInto('srmAsnLine')
          .values({
            headId: id,
            lineSeq: ++seq,
            purchaseId: ids[l.purchase],
            purchaseNo: 'PO-T-A',
            purchaseSeq: 1,
            orgNo: 'SH01',
            supplierNo: 'SUP001',
            itemNo: 'ITEM',
            unitNo: 'PCS',
            deliveryQty: l.qty,
            receiveQty: l.receive ?? '0',
            rejectQty: l.reject ?? '0',
            deliveryTiming: l.timing,
          } as never)
          .execute();
    };
    // Counted: received, shipped and pending notices arriving in the window.
    await asn('ASN-T-1', '4', d(-10), [
      { purchase: 'L1', qty: '10', receive: '8', reject: '2', timing: '1' },
      { purchase: 'L2', qty: '2', receive: '2', timing: '3' },
      { purchase: 'L6', qty: '1', receive: '1', timing: '1' },
    ]);
    await asn('ASN-T-2', '2', d(-5), [{ purchase: 'L2', qty: '1', timing: '1' }]);
    await asn('ASN-T-5', '0', d(-2), [{ purchase: 'L2', qty: '1', timing: '2' }]);
    // Not counted: rejected, a draft, and one arriving before the window.
    await asn('ASN-T-3', '1', d(-4), [{ purchase: 'L2', qty: '1', timing: '3' }]);
    await asn('ASN-T-4', 'D', d(0), [{ purchase: 'L3', qty: '1', timing: '3' }]);
    await asn('ASN-T-6', '4', d(-95), [{ purchase: 'L6', qty: '1', receive: '1', reject: '5', timing: '3' }]);

    await db
      .insertInto('srmPurchaseDateChange')
      .values({
        lineId: ids.L2,
        headId: A,
        purchaseNo: 'PO-T-A',
        purchaseSeq: 2,
        itemNo: 'ITEM-L2',
        orgNo: 'SH01',
        supplierNo: 'SUP001',
        oldDate: d(-5),
        newDate: d(6),
        requestReason: 'machine down',
      })
      .execute();
    await db
      .insertInto('srmPurchaseAnswerChange')
      .values({
        lineId: ids.L3,
        headId: A,
        purchaseNo: 'PO-T-A',
        purchaseSeq: 3,
        itemNo: 'ITEM-L3',
        orgNo: 'SH01',
        supplierNo: 'SUP001',
        oldQty: '4',
        newQty: '3.5',
        oldDate: d(-1),
        newDate: d(3),
        requestReason: 'short of material',
      })
      .execute();

    const news = async (no: string, orgNo: string, status: string, target: string, title: string) =>
      (
        await db
          .insertInto('srmSysNews')
          .values({
            newsNo: no,
            orgNo,
            title,
            content: '<p>x</p>',
            status,
            publishTarget: target,
            publishDate: status === '1' ? new Date(`${d(-1)}T09:00:00`) : null,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.newsAll = await news('NT-T-1', 'SH01', '1', '1', 'Holiday shipping plan');
    ids.newsHN = await news('NT-T-2', 'HN01', '1', '3', 'HN01 dock closure');
    await db
      .insertInto('srmSysNewsSupplier')
      .values({ newsId: ids.newsHN, seqNo: 1, supplierNo: 'SUP002' })
      .execute();
    await news('NT-T-3', 'SH01', '0', '1', 'Draft only');
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = async (method: string, body: unknown, token: string, menu = MENU) => {
    const r = await s.call(`${INDEX}/${method}`, body, { token, menu });
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return r.body.response.data;
  };
  const figures = (token: string) => call('getKeyFigures', {}, token);
  const schedule = (token: string, body: Record<string, unknown> = {}) => call('mySchedulePage', body, token);

  it('counts a supplier’s open and overdue lines, its fill rate, on-time rate and rejection rate', async () => {
    expect(await figures(supplier1)).toEqual({
      from: d(-90),
      to: d(-1),
      // L2, L3 and L5 still owe goods; L2 only is past its date (L5 is promised in two days).
      openLines: 3,
      overdueLines: 1,
      // Notice lines of received, shipped and pending notices arriving in the window: 3 of 5 normal.
      onTimeLines: 3,
      shippedLines: 5,
      onTimeRate: '60',
      // Lines due in the window (L1, L2, L6; L4 refused): L1 and L6 received in full.
      fullLines: 2,
      dueLines: 3,
      fillRate: '66.67',
      // 2 rejected of 13 inspected (11 received + 2 rejected).
      receivedQty: '11',
      rejectedQty: '2',
      rejectionRate: '15.38',
    });
  });

  it('shows supplier2 its own figures only, with no rate where nothing was shipped', async () => {
    expect(await figures(supplier2)).toMatchObject({
      openLines: 1,
      overdueLines: 1,
      fillRate: '50',
      dueLines: 2,
      onTimeRate: null,
      shippedLines: 0,
      rejectionRate: null,
    });
  });

  it('sums a purchaser’s organisations, and one organisation for a purchaser of it', async () => {
    expect(await figures(buyer)).toMatchObject({
      openLines: 4,
      overdueLines: 2,
      fullLines: 3,
      dueLines: 5,
      fillRate: '60',
      onTimeRate: '60',
    });
    expect(await figures(keeperHN)).toMatchObject({
      openLines: 1,
      overdueLines: 1,
      fillRate: '50',
      shippedLines: 0,
    });
  });

  it('keeps the figures true as lines are answered, received and removed', async () => {
    const db = s.server.database.db;
    // L2 is received in full: no longer open nor overdue, and full in the window.
    await db.updateTable('srmPurchase').set({ receiveQty: '5' }).where('id', '=', ids.L2).execute();
    expect(await figures(supplier1)).toMatchObject({
      openLines: 2,
      overdueLines: 0,
      fullLines: 3,
      fillRate: '100',
    });
    // L3 refused: it leaves the open lines.
    await db.updateTable('srmPurchase').set({ answerStatus: '2' }).where('id', '=', ids.L3).execute();
    expect(await figures(supplier1)).toMatchObject({ openLines: 1 });
    await db
      .updateTable('srmPurchase')
      .set({ receiveQty: '2', answerStatus: '1' })
      .where('id', '=', ids.L2)
      .execute();
    await db.updateTable('srmPurchase').set({ answerStatus: '0' }).where('id', '=', ids.L3).execute();
    expect(await figures(supplier1)).toMatchObject({ openLines: 3, overdueLines: 1, fillRate: '66.67' });
  });

  it('folds the appended counts into one row a key on its scheduled job, every figure as it was', async () => {
    const db = s.server.database.db;
    const job = await db
      .selectFrom('sysJob')
      .select(['id', 'isStart', 'cron'])
      .where('jobClass', '=', 'compactPurchaseStats')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ isStart: 'Y', cron: '0 */10 * * * *' });
    const TABLES = [
      ['srm_purchase_day_stat', 'supplier_no, org_no, due_date'],
      ['srm_purchase_month_stat', 'supplier_no, org_no, month'],
      ['srm_purchase_org_day_stat', 'org_no, due_date'],
      ['srm_purchase_org_month_stat', 'org_no, month'],
    ];
    const sumOf = async (count: (table: string, key: string) => string) =>
      Number(
        (
          await sql<{
            n: string;
          }>`select ${sql.raw(TABLES.map(([t, k]) => `(${count(t, k)})`).join(' + '))} as n`.execute(db)
        ).rows[0].n,
      );
    const rows = () => sumOf((t) => `select count(*) from ${t}`);
    const keys = () => sumOf((t, k) => `select count(distinct (${k})) from ${t}`);
    const before = await Promise.all([
      figures(supplier1),
      figures(buyer),
      call('purCountPreMouth', {}, supplier1),
      call('purCountPreMouth', {}, buyer),
    ]);
    // The test before moved the same lines back and forth: several rows a key.
    expect(await rows()).toBeGreaterThan(await keys());
    const message = await jobClass('compactPurchaseStats')!({
      db,
      config: s.config,
      jobId: job.id,
      fireTime: new Date(),
    });
    expect(await rows()).toBeLessThanOrEqual(await keys());
    expect(message).toMatch(/^dashboard count rows folded: \d+ to \d+$/);
    expect(
      await Promise.all([
        figures(supplier1),
        figures(buyer),
        call('purCountPreMouth', {}, supplier1),
        call('purCountPreMouth', {}, buyer),
      ]),
    ).toEqual(before);
  });

  it('counts orders and lines of the last 12 months, each supplier its own', async () => {
    const one = await call('purCountPreMouth', {}, supplier1);
    expect(one.records).toHaveLength(12);
    expect(one.records[11].month).toBe(T.slice(0, 7));
    const month = (date: string) => date.slice(0, 7);
    const nonZero = (records: { month: string; orderCount: number; lineCount: number }[]) =>
      records.filter((r) => r.orderCount || r.lineCount);
    expect(nonZero(one.records)).toEqual([{ month: month(d(-70)), orderCount: 1, lineCount: 6 }]);
    const two = await call('purCountPreMouth', {}, supplier2);
    expect(nonZero(two.records)).toEqual([{ month: month(d(-40)), orderCount: 1, lineCount: 2 }]);
    const all = await call('purCountPreMouth', {}, buyer);
    const sum = nonZero(all.records).reduce((n, r) => n + r.lineCount, 0);
    expect(sum).toBe(8);
  });

  it('lists a supplier’s pending work most urgent first, five a page by default', async () => {
    const page = await schedule(supplier1);
    expect(page.size).toBe(5);
    expect(page.current).toBe(1);
    expect(page.total).toBe(5);
    expect(page.typeCounts).toEqual({
      orderToConfirm: 1,
      orderChanged: 1,
      asnRejected: 1,
      asnDraft: 1,
      newsUnread: 1,
    });
    expect(
      page.records.map((r: Record<string, unknown>) => [r.type, r.docNo, r.scheduleDate, r.keyword]),
    ).toEqual([
      ['asnRejected', 'ASN-T-3', d(-4), 'ASN-T-3'],
      ['orderChanged', 'PO-T-A/5.2', d(-2), 'PO-T-A'],
      ['newsUnread', 'NT-T-1', d(-1), 'Holiday shipping plan'],
      ['asnDraft', 'ASN-T-4', d(0), 'ASN-T-4'],
      ['orderToConfirm', 'PO-T-A/3', d(1), 'PO-T-A'],
    ]);
    const second = await schedule(supplier1, { current: 2, size: 2 });
    expect(second.records.map((r: Record<string, unknown>) => r.docNo)).toEqual(['NT-T-1', 'ASN-T-4']);
    expect(second.pages).toBe(3);
    const third = await schedule(supplier1, { current: 3, size: 2 });
    expect(third.records.map((r: Record<string, unknown>) => r.docNo)).toEqual(['PO-T-A/3']);
  });

  it('searches the schedule by number or text and by day', async () => {
    const byNo = await schedule(supplier1, { condition: { keyword: 'po-t-a' } });
    expect(byNo.records.map((r: Record<string, unknown>) => r.docNo)).toEqual(['PO-T-A/5.2', 'PO-T-A/3']);
    expect(byNo.total).toBe(2);
    const byDay = await schedule(supplier1, { condition: { scheduleDate: d(-4) } });
    expect(byDay.records.map((r: Record<string, unknown>) => r.docNo)).toEqual(['ASN-T-3']);
    // A like pattern is text, not a wildcard.
    expect((await schedule(supplier1, { condition: { keyword: '%' } })).total).toBe(0);
  });

  it('drops an announcement from the schedule once the user has read it', async () => {
    const db = s.server.database.db;
    await db
      .insertInto('srmSysNewsRead')
      .values({ newsId: ids.newsAll, userNo: 'supplier1', supplierNo: 'SUP001' })
      .execute();
    expect((await schedule(supplier1)).typeCounts.newsUnread).toBe(0);
    await db.deleteFrom('srmSysNewsRead').execute();
  });

  it('shows supplier2 its own work only', async () => {
    const page = await schedule(supplier2);
    expect(page.records.map((r: Record<string, unknown>) => [r.type, r.docNo])).toEqual([
      ['newsUnread', 'NT-T-2'],
      ['orderToConfirm', 'PO-T-B/2'],
    ]);
  });

  it('lists a purchaser’s decisions: overdue answers, notices to approve, date and answer changes', async () => {
    const page = await schedule(buyer);
    expect(page.typeCounts).toEqual({
      answerOverdue: 1,
      dateChangePending: 1,
      answerChangePending: 1,
      asnPending: 1,
    });
    expect(page.records.map((r: Record<string, unknown>) => [r.type, r.docNo, r.note])).toEqual([
      ['answerOverdue', 'PO-T-A/5.2', expect.any(String)],
      ['asnPending', 'ASN-T-5', null],
      ['dateChangePending', 'PO-T-A/2', `ITEM-L2: ${d(-5)} → ${d(6)}`],
      ['answerChangePending', 'PO-T-A/3', `ITEM-L3: 4 → 3.5, ${d(-1)} → ${d(3)}`],
    ]);
    // A purchaser of HN01 has none of SH01's work.
    expect((await schedule(keeperHN)).total).toBe(0);
  });

  it('opens from the my-schedule page too, and refuses bad paging and other menus', async () => {
    expect((await call('mySchedulePage', { size: 20 }, supplier1, 'Index.MySchedule.List')).total).toBe(5);
    const bad = await s.call(`${INDEX}/mySchedulePage`, { size: 0 }, { token: supplier1, menu: MENU });
    expect(bad.http).toBe(400);
    expect(bad.body.errorCode).toBe('10002');
    const badDate = await s.call(
      `${INDEX}/mySchedulePage`,
      { condition: { scheduleDate: '2026-13-40' } },
      { token: supplier1, menu: MENU },
    );
    expect(badDate.http).toBe(400);
    const elsewhere = await s.call(
      `${INDEX}/getKeyFigures`,
      {},
      { token: supplier1, menu: 'Base.Basic.Organizational' },
    );
    expect(elsewhere.http).toBe(403);
  });

  it('answers the schedules’ common setting from its system parameter, 2 by default', async () => {
    const setting = (token: string) =>
      s
        .call('ISrmSchedulingDisplayConfigService/getCommonSetting', {}, { token })
        .then((r) => r.body.response.data);
    expect(await setting(supplier1)).toEqual({ monthPlanDays: 2 });
    const params = await s.call(
      'ISysParamService/getsysparamlistbyparams',
      { condition: { paramNoIndistinct: 'MONTH_PLAN_DAYS' } },
      { token: admin, menu: 'BaseManage.Config.Parameter' },
    );
    const row = params.body.response.data.records[0];
    const saved = await s.call(
      'ISysParamService/updatesysparambyid',
      { condition: { id: row.id, version: row.version, paramValue: '5' } },
      { token: admin, menu: 'BaseManage.Config.Parameter' },
    );
    expect(saved.body.code, JSON.stringify(saved.body)).toBe('0');
    expect(await setting(buyer)).toEqual({ monthPlanDays: 5 });
  });
});
