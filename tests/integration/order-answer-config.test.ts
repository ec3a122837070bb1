// Order answer configuration and what it drives: the purchaser's rules (checked, unique per
// organisation, order type and supplier, refused in the caller's language with nothing written), the
// due date an order line gets when it arrives through the integration API (the most specific valid
// rule wins; a rule changed later moves no line), and the order line list's state tabs: overdue and
// delivery incomplete as named filters, counted in the caller's scope beside the answer states, and
// the order-date preset's condition. Both databases for the counts (one grouped query with FILTER
// clauses and a bound date); the rules' refusals and the inbound API's choices are PostgreSQL only.
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const CONFIG = 'ISrmOrderAnswerConfigService';
const CONFIG_MENU = 'Offsite.Config.OrderAnswer';
const LINES = 'ISupSrmPurchaseService';
const ORDER_MENU = 'Offsite.User.Order';
const TABS = { countBy: 'answerStatus', countFilters: ['deliveryIncomplete', 'overdue'] };

/** Today and day arithmetic in the server's time zone, as the server's overdue rule counts. */
const today = () => dayjs().format('YYYY-MM-DD');
const plus = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

type Line = Record<string, unknown> & { purchaseNo: string; purchaseSeq: number };

describe.each(BOTH_DBS)('order answer configuration on %s', (kind) => {
  const onPostgres = it.runIf(kind === 'postgres');
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [admin, buyer, supplier1, supplier2] = await Promise.all(
      ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  const config = (method: string, condition: unknown, token = buyer, lang = 'en-US') =>
    s.call(`${CONFIG}/${method}`, { condition }, { token, menu: CONFIG_MENU, lang });
  const rules = async () =>
    (
      await s.call(
        `${CONFIG}/getSrmOrderAnswerConfigPage`,
        { size: 100, condition: {} },
        { token: admin, menu: CONFIG_MENU },
      )
    ).body.response.data.records as Record<string, unknown>[];
  const lines = async (token: string, condition: Record<string, unknown>) => {
    const r = await s.call(
      `${LINES}/getSrmPurchasePage`,
      { size: 100, condition },
      { token, menu: ORDER_MENU },
    );
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return r.body.response.data as {
      records: Line[];
      total: number;
      counts?: Record<string, number>;
      filterCounts?: Record<string, number>;
      countTotal?: number;
    };
  };
  const names = (records: Line[]) => records.map((l) => `${l.purchaseNo}/${l.purchaseSeq}`).sort();

  describe('the state tabs of the order line list', () => {
    it('count overdue and delivery incomplete beside the answer states, in the supplier’s scope only', async () => {
      const one = await lines(supplier1, TABS);
      // SUP001: PO-SH01-260001 three lines to confirm (due tomorrow), 260002 accepted and refused,
      // 260003 accepted and partly received, 260004 changed and due two days ago.
      expect(one.counts).toEqual({ '0': 3, '1': 2, '2': 1, '3': 1 });
      expect(one.filterCounts).toEqual({ overdue: 1, deliveryIncomplete: 2 });
      expect(one.countTotal).toBe(7);
      expect(one.total).toBe(7);
      const two = await lines(supplier2, TABS);
      expect(two.filterCounts).toEqual({ overdue: 2, deliveryIncomplete: 1 });
      expect(two.countTotal).toBe(3);
      expect(names(two.records).every((n) => n.startsWith('PO-HN01'))).toBe(true);
      const purchaser = await lines(buyer, TABS);
      expect(purchaser.filterCounts).toEqual({ overdue: 3, deliveryIncomplete: 3 });
    });

    it('a named filter lists exactly its lines, and the counts leave the active tab out', async () => {
      const overdue = await lines(supplier1, { ...TABS, namedFilter: 'overdue' });
      expect(names(overdue.records)).toEqual(['PO-SH01-260004/10']);
      expect(overdue.records[0]).toMatchObject({ answerStatus: '3' });
      expect(String(overdue.records[0].answerDueDate) < today()).toBe(true);
      expect(overdue.total).toBe(1);
      expect(overdue.filterCounts).toEqual({ overdue: 1, deliveryIncomplete: 2 });
      expect(overdue.counts).toEqual({ '0': 3, '1': 2, '2': 1, '3': 1 });
      const incomplete = await lines(supplier1, { namedFilter: 'deliveryIncomplete' });
      expect(names(incomplete.records)).toEqual(['PO-SH01-260002/10', 'PO-SH01-260003/10']);
      for (const l of incomplete.records) {
        expect(l.answerStatus).toBe('1');
        expect(l.deliveryStatus).not.toBe('3');
      }
      const theirs = await lines(supplier2, { namedFilter: 'overdue' });
      expect(names(theirs.records)).toEqual(['PO-HN01-260001/10', 'PO-HN01-260001/20']);
      // Every other condition applies to the counts as to the rows.
      const one = await lines(supplier1, { ...TABS, purchaseNo: '260004', answerStatus: '3' });
      expect(one.filterCounts).toEqual({ overdue: 1, deliveryIncomplete: 0 });
      expect(one.countTotal).toBe(1);
    });

    it('the order-date preset is a date-from condition: the last 30 days leave older orders out', async () => {
      const from = plus(today(), -29);
      const recent = await lines(supplier1, { ...TABS, purchaseDateFrom: from });
      expect(new Set(recent.records.map((l) => l.purchaseNo))).toEqual(
        new Set(['PO-SH01-260001', 'PO-SH01-260002', 'PO-SH01-260004']),
      );
      expect(recent.records.every((l) => String(l.purchaseDate) >= from)).toBe(true);
      expect(recent.filterCounts).toEqual({ overdue: 1, deliveryIncomplete: 1 });
      expect(recent.countTotal).toBe(6);
    });

    it('sorts by the due date, and refuses a filter it does not declare before any SQL', async () => {
      const sorted = await lines(supplier1, { field: 'answerDueDate', order: 'asc', answerStatus: '0' });
      expect(sorted.records.map((l) => l.answerDueDate)).toEqual(
        [...sorted.records.map((l) => l.answerDueDate)].sort(),
      );
      for (const condition of [
        { namedFilter: 'late' },
        { namedFilter: "overdue' or 1=1 --" },
        { countFilters: ['overdue', 'everything'] },
        { countFilters: 'overdue' },
      ]) {
        const r = await s.call(
          `${LINES}/getSrmPurchasePage`,
          { condition },
          { token: supplier1, menu: ORDER_MENU, lang: 'zh-CN' },
        );
        expect(r.http, JSON.stringify(condition)).toBe(400);
        expect(r.body.errorCode).toBe('10002');
        expect(r.body.errorMessage).toMatch(/[\u4e00-\u9fff]/);
      }
    });
  });

  describe('the rules', () => {
    onPostgres(
      'lists the demo rules and refuses bad ones in the caller’s language, writing nothing',
      async () => {
        const before = await rules();
        expect(before.map((r) => r.ruleKey).sort()).toEqual([
          'HN01/*/*',
          'SH01/*/*',
          'SH01/2/SUP001',
          'SH01/3/*',
          'SH01/3/SUP001',
        ]);
        const good = { orgNo: 'SH01', supplierNo: 'SUP002', answerRequired: 'Y', answerDays: 5 };
        const refusals: [Record<string, unknown>, string, string, RegExp][] = [
          [{ ...good, answerDays: 0 }, 'en-US', '10002', /Answer within \(days\) must be at least 1/],
          [{ ...good, answerDays: 400 }, 'en-US', '10002', /Answer within \(days\) must be at most 365/],
          [{ ...good, answerDays: 'five' }, 'zh-CN', '10002', /[\u4e00-\u9fff]/],
          [{ ...good, answerDays: 2.5 }, 'en-US', '10002', /Answer within \(days\)/],
          [{ ...good, answerDays: undefined }, 'en-US', '10017', /Answer within \(days\) is required/],
          [{ ...good, orgNo: 'XX99' }, 'en-US', '10013', /outside your data scope/],
          [{ ...good, supplierNo: 'SUP999' }, 'zh-CN', '10017', /SUP999|供应商/],
          [{ ...good, orderType: '9' }, 'en-US', '10002', /Order type/],
          [{ ...good, supplierNo: null, orderType: '3' }, 'en-US', '50M01', /"SH01\/3\/\*" already exists/],
          [{ ...good, supplierNo: null, orderType: '3' }, 'zh-CN', '50M01', /已存在/],
        ];
        for (const [condition, lang, code, message] of refusals) {
          const r = await config('addSrmOrderAnswerConfig', condition, buyer, lang);
          const got = r.body.errorCode ?? r.body.code;
          expect(got, JSON.stringify(r.body)).toBe(code);
          expect(r.body.errorMessage ?? r.body.msg, JSON.stringify(condition)).toMatch(message);
          expect(r.http).toBeLessThan(500);
        }
        // The administrator sees every organisation: an unknown one is "does not exist".
        const unknownOrg = await config('addSrmOrderAnswerConfig', { ...good, orgNo: 'XX99' }, admin);
        expect(unknownOrg.body).toMatchObject({ code: '10017' });
        expect(await rules()).toEqual(before);
        // A supplier's user has no such menu.
        const supplier = await config('getSrmOrderAnswerConfigPage', {}, supplier1);
        expect(supplier.http).toBe(403);
      },
    );

    onPostgres(
      'adds, modifies with the version and deletes; a rule without an answer keeps no days',
      async () => {
        const added = await config('addSrmOrderAnswerConfig', {
          orgNo: 'HN01',
          orderType: '2',
          answerRequired: 'N',
          answerDays: 9,
          remark: 'Subcontract orders are confirmed by phone',
        });
        expect(added.body.code, added.body.msg).toBe('0');
        const row = (await rules()).find((r) => r.ruleKey === 'HN01/2/*')!;
        expect(row).toMatchObject({ answerRequired: 'N', answerDays: null, statusCode: '1', version: 1 });
        const modified = await config('updateSrmOrderAnswerConfigById', {
          id: row.id,
          version: 1,
          answerRequired: 'Y',
          answerDays: 2,
        });
        expect(modified.body.code, modified.body.msg).toBe('0');
        const stale = await config('updateSrmOrderAnswerConfigById', {
          id: row.id,
          version: 1,
          answerDays: 3,
        });
        expect(stale.body.code).toBe('10007');
        const now = (await rules()).find((r) => r.id === row.id)!;
        expect(now).toMatchObject({ answerRequired: 'Y', answerDays: 2, version: 2 });
        const gone = await config('deleteSrmOrderAnswerConfigByIds', {
          delList: [{ id: row.id, version: 2 }],
        });
        expect(gone.body.code, gone.body.msg).toBe('0');
        expect((await rules()).some((r) => r.id === row.id)).toBe(false);
      },
    );
  });

  describe('due dates of lines that arrive through the integration API', () => {
    let key: string;
    const api = (orders: unknown[]) =>
      s.server.app
        .inject({
          method: 'POST',
          url: '/integration/v1/purchase-orders',
          headers: { authorization: `Bearer ${key}`, 'accept-language': 'en-US' },
          payload: { orders },
        })
        .then((r) => ({ status: r.statusCode, body: r.json() }));
    const order = (
      purchaseNo: string,
      orderType: string,
      supplierNo: string,
      extra: Record<string, unknown> = {},
    ) => ({
      externalId: `ERP-${purchaseNo}`,
      externalVersion: 1,
      purchaseNo,
      orgNo: 'SH01',
      supplierNo,
      orderType,
      purchaseDate: '2026-02-02',
      lines: [
        {
          purchaseSeq: 10,
          itemNo: 'M-1001',
          unitNo: 'PCS',
          batchPurQty: '10',
          expectArrivalDate: '2026-03-01',
        },
      ],
      ...extra,
    });
    const dueOf = async (purchaseNo: string) =>
      (await lines(admin, { purchaseNo })).records.map((l) => [l.purchaseSeq, l.answerDueDate]);

    beforeAll(async () => {
      const r = await s.call(
        'ISysApiKeyService/addSysApiKey',
        { condition: { keyName: 'erp-due', entities: 'purchaseOrder', orgNos: 'SH01,HN01' } },
        { token: admin, menu: 'BaseManage.Config.ApiKey' },
      );
      expect(r.body.code, r.body.msg).toBe('0');
      key = r.body.response.data.apiKey;
    });

    onPostgres(
      'the most specific valid rule wins; no rule or no answer asked gives no due date',
      async () => {
        // Beside the demo rules (SH01 3 days, SH01 VMI 10, SH01 VMI of SUP001 4, SH01 subcontract of
        // SUP001 none, HN01 1 day): SUP001 in SH01 6 days, and an invalid rule that never applies.
        for (const rule of [
          { orgNo: 'SH01', supplierNo: 'SUP001', answerRequired: 'Y', answerDays: 6 },
          {
            orgNo: 'SH01',
            orderType: '1',
            supplierNo: 'SUP002',
            answerRequired: 'Y',
            answerDays: 30,
            statusCode: '0',
          },
        ]) {
          const r = await config('addSrmOrderAnswerConfig', rule);
          expect(r.body.code, r.body.msg).toBe('0');
        }
        const hn01 = (await rules()).find((r) => r.ruleKey === 'HN01/*/*')!;
        expect(
          (
            await config('deleteSrmOrderAnswerConfigByIds', {
              delList: [{ id: hn01.id, version: hn01.version }],
            })
          ).body.code,
        ).toBe('0');
        const pushed = await api([
          order('PO-DUE-1', '1', 'SUP001'), // supplier rule (6) over the organisation's (3)
          order('PO-DUE-2', '3', 'SUP001'), // supplier and type (4) over supplier (6) and type (10)
          order('PO-DUE-3', '3', 'SUP002'), // type (10) over the organisation's (3)
          order('PO-DUE-4', '1', 'SUP002'), // the organisation's (3); the invalid 30-day rule does not apply
          order('PO-DUE-5', '2', 'SUP001'), // SUP001's subcontract orders need no answer
          order('PO-DUE-6', '1', 'SUP002', { orgNo: 'HN01' }), // no rule left in HN01
        ]);
        expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
        expect(await dueOf('PO-DUE-1')).toEqual([[10, '2026-02-08']]);
        expect(await dueOf('PO-DUE-2')).toEqual([[10, '2026-02-06']]);
        expect(await dueOf('PO-DUE-3')).toEqual([[10, '2026-02-12']]);
        expect(await dueOf('PO-DUE-4')).toEqual([[10, '2026-02-05']]);
        expect(await dueOf('PO-DUE-5')).toEqual([[10, null]]);
        expect(await dueOf('PO-DUE-6')).toEqual([[10, null]]);
      },
    );

    onPostgres(
      'a changed rule moves no line already there; a line added later and a reopened line take the rule then',
      async () => {
        const rule = (await rules()).find((r) => r.ruleKey === 'SH01/*/SUP001')!;
        const changed = await config('updateSrmOrderAnswerConfigById', {
          id: rule.id,
          version: rule.version,
          answerDays: 20,
        });
        expect(changed.body.code, changed.body.msg).toBe('0');
        expect(await dueOf('PO-DUE-1')).toEqual([[10, '2026-02-08']]);
        // The supplier accepts line 10; the ERP then changes it and adds line 20.
        const [line] = (await lines(supplier1, { purchaseNo: 'PO-DUE-1' })).records;
        const accepted = await s.call(
          `${LINES}/acceptSrmPurchase`,
          { condition: { rows: [{ id: line.id, version: line.version }] } },
          { token: supplier1, menu: ORDER_MENU },
        );
        expect(accepted.body.code, accepted.body.msg).toBe('0');
        const line10 = {
          purchaseSeq: 10,
          itemNo: 'M-1001',
          unitNo: 'PCS',
          batchPurQty: '12',
          expectArrivalDate: '2026-03-01',
        };
        const line20 = { ...line10, purchaseSeq: 20, batchPurQty: '5' };
        const pushed = await api([
          order('PO-DUE-1', '1', 'SUP001', { externalVersion: 2, lines: [line10, line20] }),
        ]);
        expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
        const after = (await lines(admin, { purchaseNo: 'PO-DUE-1' })).records.sort(
          (a, b) => a.purchaseSeq - b.purchaseSeq,
        );
        // Reopened by the ERP's change: to be answered again within the rule's days from today.
        expect(after[0]).toMatchObject({ answerStatus: '3', answerDueDate: plus(today(), 20) });
        expect(after[1]).toMatchObject({ answerStatus: '0', answerDueDate: '2026-02-22' });
      },
    );
  });
});
