// Delivery approval: a supplier qualifies a material or a lot for an organisation with a report, submits
// it, and the purchaser approves, rejects (with a reason) or voids it; each move leaves its history and
// its outbox event. One supplier never sees another's qualifications or reports. Where a delivery rule
// asks for it, a delivery notice is saved and submitted only when each material (and lot) it ships has an
// approved qualification valid on its delivery date: refused otherwise, naming the item and lot, with
// nothing written. The purchaser closes (settles) a shipped notice's line from the notice's page. Rules
// and scope behave alike on both drivers: PostgreSQL only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fx from '../support/file-fixtures.js';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const SERVICE = 'ISrmDeliveryApprovalService';
const MENU = 'Offsite.Delivery.Approval';
const ASN = 'ISrmAsnHeadService';
const ASN_MENU = 'Offsite.Delivery.OrderDelivery.Detail';
const RULE_MENU = 'Offsite.Config.DeliveryRule';
const ORDER_MENU = 'Offsite.User.Order';

interface Approval {
  id: string;
  version: number;
  approvalNo: string;
  status: string;
  supplierNo: string;
  itemNo: string;
  itemName?: string;
  lotNo: string | null;
  validFrom: string;
  validTo: string;
  reportIds: string | null;
  lastReason: string | null;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(POSTGRES_ONLY)('delivery approval on %s', (kind) => {
  let s: TestServer;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  /** A report supplier1 uploaded, and one of supplier2's. */
  let report1 = '';
  let report2 = '';

  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [buyer, supplier1, supplier2] = await Promise.all(
      ['buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
    report1 = await upload(supplier1, 'report-1.txt');
    report2 = await upload(supplier2, 'report-2.txt');
  });
  afterAll(async () => {
    await s?.close();
  });

  const db = () => s.server.database.db;
  const call = (method: string, condition: unknown, token: string, menu = MENU) =>
    s.call(`${SERVICE}/${method}`, { condition }, { token, menu, lang: 'en-US' });
  const ref = (r: { id: string; version: number }) => ({ id: r.id, version: r.version });
  const move = (method: string, a: { id: string; version: number }, token: string, reason?: string) =>
    call(method, { rows: [ref(a)], ...(reason !== undefined ? { reason } : {}) }, token);

  async function upload(token: string, name: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(fx.txt())]), name);
    const res = await fetch(`${s.url}${API_PATH}/ISrmFileService/uploadFile?purpose=attachment`, {
      method: 'POST',
      headers: { 'authentication-info': token, 'app-module-number': MENU, 'accept-language': 'en-US' },
      body: form,
    });
    const body = await res.json();
    expect(body.code, body.msg).toBe('0');
    return body.response.data.id as string;
  }
  async function get(id: string, token = supplier1): Promise<Approval> {
    const r = await call('getSrmDeliveryApprovalById', { id }, token);
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data;
  }
  async function draft(values: Record<string, unknown> = {}, token = supplier1): Promise<Approval> {
    const r = await call(
      'addSrmDeliveryApproval',
      {
        orgNo: 'SH01',
        itemNo: 'M-1001',
        lotNo: 'LT-1',
        validFrom: day(-10),
        validTo: day(10),
        reportIds: report1,
        ...values,
      },
      token,
    );
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return get(r.body.response.data.id, token);
  }
  /** Submitted by supplier1 and approved by the buyer. */
  async function approved(values: Record<string, unknown> = {}): Promise<Approval> {
    const a = await draft(values);
    expect((await move('submitSrmDeliveryApproval', a, supplier1)).body.code).toBe('0');
    const pending = await get(a.id);
    const r = await move('approveSrmDeliveryApproval', pending, buyer);
    expect(r.body.code, r.body.msg).toBe('0');
    return get(a.id);
  }
  /** What a refused call must leave as it was. */
  const written = async () => {
    const count = async (table: string) =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0].n,
      );
    return {
      approvals: await count('srm_delivery_approval'),
      notices: await count('srm_asn_head'),
      history: await count('sys_doc_history'),
      events: await count('int_outbox'),
    };
  };

  it('refuses to approve a qualification whose last valid day has passed, changing nothing', async () => {
    const a = await draft({ lotNo: 'LT-OLD', validFrom: day(-30), validTo: day(-1) });
    expect((await move('submitSrmDeliveryApproval', a, supplier1)).body.code).toBe('0');
    const pending = await get(a.id, buyer);
    const before = await written();
    const r = await move('approveSrmDeliveryApproval', pending, buyer);
    expect(r.body.code).not.toBe('0');
    expect(r.body.msg).toContain(`was valid until ${day(-1)} and has expired: it can no longer be approved`);
    expect(await written()).toEqual(before);
    expect((await get(a.id, buyer)).status).toBe('0');
    // The purchaser can still reject it, so the supplier sends a new period.
    expect(
      (await move('rejectSrmDeliveryApproval', pending, buyer, 'Expired: send the new report')).body.code,
    ).toBe('0');
  });

  it('moves a qualification from the supplier’s draft to the purchaser’s approval, with history and events', async () => {
    const a = await draft();
    expect(a).toMatchObject({ status: 'D', supplierNo: 'SUP001', itemNo: 'M-1001', itemName: 'Hex bolt' });
    expect(a.approvalNo).toMatch(/^DA\d{12}$/);
    // A draft is the supplier's own.
    expect((await call('getSrmDeliveryApprovalById', { id: a.id }, buyer)).body.code).toBe('10008');
    // Only the supplier submits; the purchaser may not add one (no isAdd on its menu).
    expect((await move('submitSrmDeliveryApproval', a, buyer)).body.code).not.toBe('0');
    expect((await call('addSrmDeliveryApproval', { orgNo: 'SH01' }, buyer)).body.errorCode).toBe('10005');
    expect((await move('submitSrmDeliveryApproval', a, supplier1)).body.code).toBe('0');
    const pending = await get(a.id, buyer);
    expect(pending.status).toBe('0');
    // The supplier may not approve its own (its menu does not grant isApprove).
    expect((await move('approveSrmDeliveryApproval', pending, supplier1)).body.errorCode).toBe('10005');
    expect((await move('approveSrmDeliveryApproval', pending, buyer)).body.code).toBe('0');
    expect((await get(a.id)).status).toBe('1');
    // Approved, it is no longer the supplier's to change.
    const locked = await call(
      'updateSrmDeliveryApprovalById',
      { ...(await get(a.id)), validTo: day(20) },
      supplier1,
    );
    expect(locked.body.code).toBe('10145');

    const history = (await call('getSrmDeliveryApprovalHistory', { id: a.id }, supplier1)).body.response
      .data as { transition: string; toStatus: string; userNo: string }[];
    expect(history.map((h) => [h.transition, h.toStatus, h.userNo])).toEqual([
      ['submit', '0', 'supplier1'],
      ['approve', '1', 'buyer'],
    ]);
    const events = await db()
      .selectFrom('intOutbox')
      .select(['event', 'supplierNo', 'docNo'])
      .where('docId', '=', a.id)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { event: 'deliveryApproval.submitted', supplierNo: 'SUP001', docNo: a.approvalNo },
      { event: 'deliveryApproval.approved', supplierNo: 'SUP001', docNo: a.approvalNo },
    ]);
  });

  it('rejects only with a reason; the supplier fixes it, submits again, or cancels it', async () => {
    const a = await draft({ lotNo: 'LT-9' });
    await move('submitSrmDeliveryApproval', a, supplier1);
    const pending = await get(a.id, buyer);
    const before = await written();
    const bare = await move('rejectSrmDeliveryApproval', pending, buyer, '  ');
    expect(bare.body.code).toBe('10143');
    expect(bare.body.msg).toContain('reason');
    expect(await written()).toEqual(before);
    const reason = 'The report does not name the lot.';
    expect((await move('rejectSrmDeliveryApproval', pending, buyer, reason)).body.code).toBe('0');
    const rejected = await get(a.id);
    expect(rejected).toMatchObject({ status: '2', lastReason: reason });

    // Fixed while rejected and submitted again; changed while pending, which makes the purchaser's
    // copy stale.
    const fixed = await call('updateSrmDeliveryApprovalById', { ...rejected, validTo: day(30) }, supplier1);
    expect(fixed.body.code, fixed.body.msg).toBe('0');
    expect((await move('submitSrmDeliveryApproval', await get(a.id), supplier1)).body.code).toBe('0');
    const seen = await get(a.id, buyer);
    const changed = await call(
      'updateSrmDeliveryApprovalById',
      { ...seen, remark: 'Lot printed on p. 2.' },
      supplier1,
    );
    expect(changed.body.code, changed.body.msg).toBe('0');
    const stale = await move('approveSrmDeliveryApproval', seen, buyer);
    expect(stale.body.code).toBe('10007');
    expect((await get(a.id)).status).toBe('0');
    // A stale save changes nothing either.
    const staleSave = await call('updateSrmDeliveryApprovalById', { ...seen, remark: 'old copy' }, supplier1);
    expect(staleSave.body.code).toBe('10007');
    expect((await get(a.id)).version).toBe(seen.version + 1);

    // The supplier withdraws it; a submitted one is cancelled, not deleted.
    const current = await get(a.id);
    const del = await call('deleteSrmDeliveryApprovalByIds', { delList: [ref(current)] }, supplier1);
    expect(del.body.code).toBe('10145');
    expect((await move('cancelSrmDeliveryApproval', current, supplier1)).body.code).toBe('0');
    expect((await get(a.id)).status).toBe('X');
    // A draft is deleted.
    const d = await draft({ lotNo: 'LT-10' });
    expect((await call('deleteSrmDeliveryApprovalByIds', { delList: [ref(d)] }, supplier1)).body.code).toBe(
      '0',
    );
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await written();
    const refused = async (values: Record<string, unknown>) => {
      const r = await call(
        'addSrmDeliveryApproval',
        { orgNo: 'SH01', itemNo: 'M-1001', validFrom: day(0), validTo: day(5), ...values },
        supplier1,
      );
      expect(r.body.code).not.toBe('0');
      return (r.body.msg ?? r.body.errorMessage) as string;
    };
    expect(await refused({ validFrom: day(5), validTo: day(0) })).toMatch(/Valid (from|to)/);
    expect(await refused({ itemNo: 'NO-SUCH-ITEM' })).toContain('does not exist');
    expect(await refused({ validTo: undefined })).toContain('Valid to is required');
    // Another supplier's report is not the caller's to attach.
    expect(await refused({ reportIds: report2 })).toContain('Report');
    expect(await refused({ reportIds: 'not-a-file' })).toContain('Report');
    expect(await written()).toEqual(before);
    // No report, no submit.
    const a = await draft({ reportIds: null, lotNo: 'LT-11' });
    const mid = await written();
    const r = await move('submitSrmDeliveryApproval', a, supplier1);
    expect(r.body.code).toBe('10146');
    expect(r.body.msg).toContain('the report is missing');
    expect(await written()).toEqual(mid);
  });

  it('shows a supplier none of another supplier’s qualifications or reports', async () => {
    const mine = await approved({ lotNo: 'LT-12' });
    const theirs = (await call('getSrmDeliveryApprovalPage', { size: 200 }, supplier2)).body.response.data
      .records as Approval[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.supplierNo === 'SUP002')).toBe(true);
    expect((await call('getSrmDeliveryApprovalById', { id: mine.id }, supplier2)).body.code).toBe('10008');
    expect((await call('getSrmDeliveryApprovalHistory', { id: mine.id }, supplier2)).body.code).toBe('10008');
    expect((await move('cancelSrmDeliveryApproval', mine, supplier2)).body.code).toBe('10008');
    // The report: the purchaser downloads it, the other supplier does not even learn it exists.
    const download = (token: string) =>
      s.call('ISrmFileService/downloadFileById', { condition: { id: report1 } }, { token, menu: MENU });
    expect((await download(buyer)).http).toBe(200);
    expect((await download(buyer)).body).toContain('Lieferschein');
    expect((await download(supplier2)).body.code).toBe('10008');
    const names = await s.call(
      'ISrmFileService/getSrmFileInfoByIds',
      { condition: { ids: [report1] } },
      { token: supplier2, menu: MENU },
    );
    expect(names.body.response.data).toEqual([]);
  });

  it('lets the purchaser close a shipped notice’s line from the notice’s page, with a reason', async () => {
    const DETAIL = 'Offsite.Delivery.AsnList.Detail';
    const asnCall = (method: string, condition: unknown, token = buyer) =>
      s.call(`${ASN}/${method}`, { condition }, { token, menu: DETAIL, lang: 'en-US' });
    const shipped = (await asnCall('getSrmAsnHeadPage', { status: '2' })).body.response.data.records[0];
    const notice = (await asnCall('getSrmAsnHeadById', { id: shipped.id })).body.response.data;
    const [line] = notice.lineList as { id: string; version: number; lineStatus: string }[];
    expect(line.lineStatus).toBe('0');
    expect((await asnCall('closeSrmAsnLine', { rows: [ref(line)] })).body.code).toBe('10143');
    const closed = await asnCall('closeSrmAsnLine', {
      rows: [ref(line)],
      reason: 'Settled: short shipment.',
    });
    expect(closed.body.code, closed.body.msg).toBe('0');
    const after = (await asnCall('getSrmAsnHeadById', { id: shipped.id })).body.response.data;
    expect(after.lineList[0].lineStatus).toBe('1');
    // The supplier's page offers no such thing.
    expect(
      (
        await s.call(
          `${ASN}/closeSrmAsnLine`,
          { condition: { rows: [ref(after.lineList[0])], reason: 'x' } },
          { token: supplier1, menu: 'Offsite.Delivery.AsnTracking.Detail' },
        )
      ).body.errorCode,
    ).toBe('10005');
  });

  describe('on delivery notices', () => {
    const head = {
      orgNo: 'SH01',
      orderType: '1',
      warehouseNo: 'SH01-RM',
      shipAddress: 'No. 8 Supplier Road, Kunshan',
      deliveryAddress: 'Shanghai Manufacturing Centre, raw material gate 2',
      sender: 'Li Wei',
      senderContact: '13800000001',
    };
    const lineOf = async (purchaseNo: string, seq: number) => {
      const r = await s.call(
        'ISupSrmPurchaseService/getSrmPurchasePage',
        { condition: { purchaseNo } },
        { token: supplier1, menu: ORDER_MENU },
      );
      return (r.body.response.data.records as { id: string; version: number; purchaseSeq: number }[]).find(
        (l) => l.purchaseSeq === seq,
      )!;
    };
    const notice = (deliveryDate: string, lines: Record<string, unknown>[], extra = {}) =>
      s.call(
        `${ASN}/addSrmAsnHead`,
        {
          condition: {
            ...head,
            deliveryDate,
            expectedArrivalDate: deliveryDate,
            lineList: lines,
            ...extra,
          },
        },
        { token: supplier1, menu: ASN_MENU, lang: 'en-US' },
      );
    let bolt = '';

    beforeAll(async () => {
      const line = await lineOf('PO-SH01-260001', 10);
      const accepted = await s.call(
        'ISupSrmPurchaseService/acceptSrmPurchase',
        { condition: { rows: [ref(line)] } },
        { token: supplier1, menu: ORDER_MENU },
      );
      expect(accepted.body.code, accepted.body.msg).toBe('0');
      bolt = line.id;
      // From now on the bolt of SH01 ships only when qualified.
      const rule = await s.call(
        'ISrmDeliveryRuleService/addSrmDeliveryRule',
        { condition: { orgNo: 'SH01', itemNo: 'M-1001', needDeliveryApproval: 'Y' } },
        { token: buyer, menu: RULE_MENU },
      );
      expect(rule.body.code, rule.body.msg).toBe('0');
    });

    it('refuses a notice shipping a material without an approved, valid qualification', async () => {
      const when = day(40);
      const before = await written();
      const r = await notice(when, [{ purchaseId: bolt, deliveryQty: '10' }]);
      expect(r.body.code).toBe('10102');
      expect(r.body.msg).toBe(`Line 1: Item code M-1001 has no approved delivery approval valid on ${when}.`);
      const zh = await s.call(
        `${ASN}/addSrmAsnHead`,
        {
          condition: {
            ...head,
            deliveryDate: when,
            expectedArrivalDate: when,
            lineList: [{ purchaseId: bolt, deliveryQty: '10' }],
          },
        },
        { token: supplier1, menu: ASN_MENU, lang: 'zh-CN' },
      );
      expect(zh.body.msg).toContain('M-1001 没有在');
      expect(await written()).toEqual(before);
    });

    it('accepts it under an approved qualification of the material or of the line’s lot', async () => {
      const when = day(60);
      await approved({ lotNo: 'LQ-1', validFrom: day(50), validTo: day(70) });
      // A line without a lot ships under any qualification of the material.
      expect((await notice(when, [{ purchaseId: bolt, deliveryQty: '1' }])).body.code).toBe('0');
      // A line with a lot needs that lot's (or one for every lot).
      const other = await notice(when, [{ purchaseId: bolt, deliveryQty: '1', lotNo: 'LQ-2' }]);
      expect(other.body.msg).toBe(
        `Line 1: Item code M-1001, lot LQ-2, has no approved delivery approval valid on ${when}.`,
      );
      const ok = await notice(when, [{ purchaseId: bolt, deliveryQty: '1', lotNo: 'LQ-1' }]);
      expect(ok.body.code, ok.body.msg).toBe('0');
      const all = await approved({ lotNo: null, validFrom: day(50), validTo: day(70) });
      expect(all.lotNo).toBeNull();
      expect((await notice(when, [{ purchaseId: bolt, deliveryQty: '1', lotNo: 'LQ-2' }])).body.code).toBe(
        '0',
      );
      // Outside the period: refused.
      expect((await notice(day(71), [{ purchaseId: bolt, deliveryQty: '1', lotNo: 'LQ-1' }])).body.code).toBe(
        '10102',
      );
    });

    it('refuses to submit once the qualification is voided, and an expired or voided lot of the demo', async () => {
      const when = day(90);
      const q = await approved({ lotNo: 'LV-1', validFrom: day(85), validTo: day(95) });
      const saved = await notice(when, [{ purchaseId: bolt, deliveryQty: '1', lotNo: 'LV-1' }]);
      expect(saved.body.code, saved.body.msg).toBe('0');
      const asn = (
        await s.call(
          `${ASN}/getSrmAsnHeadById`,
          { condition: { id: saved.body.response.data.id } },
          {
            token: supplier1,
            menu: ASN_MENU,
          },
        )
      ).body.response.data;
      // Voiding needs a reason, and then the notice no longer goes.
      expect((await move('voidSrmDeliveryApproval', q, buyer)).body.code).toBe('10143');
      expect((await move('voidSrmDeliveryApproval', q, buyer, 'Lot recalled.')).body.code).toBe('0');
      expect((await get(q.id)).status).toBe('X');
      const before = await written();
      const submit = await s.call(
        `${ASN}/submitSrmAsnHead`,
        { condition: { rows: [ref(asn)] } },
        { token: supplier1, menu: ASN_MENU, lang: 'en-US' },
      );
      expect(submit.body.code).toBe('10146');
      expect(submit.body.msg).toContain(
        `item M-1001, lot LV-1, has no approved delivery approval valid on ${when}`,
      );
      expect(await written()).toEqual(before);

      // The demo: the bracket of SH01 needs approval; lot L2605-02 is approved but expired, L2609-15 voided,
      // L2611-07 approved.
      const bracket = await lineOf('PO-SH01-260003', 10);
      const sub = (lotNo: string) =>
        notice(day(1), [{ purchaseId: bracket.id, deliveryQty: '1', lotNo }], { orderType: '2' });
      expect((await sub('L2605-02')).body.msg).toContain('lot L2605-02, has no approved delivery approval');
      expect((await sub('L2609-15')).body.msg).toContain('lot L2609-15, has no approved delivery approval');
      const fine = await sub('L2611-07');
      expect(fine.body.code, fine.body.msg).toBe('0');
    });
  });
});
