// Notifications on both databases: business events of the outbox become messages for exactly the
// right receivers (supplier1 and supplier2 side by side: neither ever hears of the other's documents,
// whoever a policy names), each event once however often the dispatcher runs; answers overdue once per
// line; the live channel tells a user its own news only; e-mail goes through a real SMTP conversation
// with a local sink (subject, receiver and language checked), and a failing server leaves the message
// queued with its error until a later attempt delivers it. The dispatcher runs from the test (the
// server's loop is off), so every step is deterministic. Row locks and JSONB differ by driver.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_PROTOCOL, NOTICE_SOCKET_PATH } from '../../services/notify/live.js';
import { processMailQueue } from '../../services/notify/mail.js';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

interface Ws {
  on(event: 'message', cb: (data: Buffer) => void): void;
  on(event: 'open' | 'close', cb: () => void): void;
  on(event: 'error', cb: (err: Error) => void): void;
  close(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, protocols?: string[]) => Ws;

const ASN = 'ISrmAsnHeadService';
const LINES = 'ISupSrmPurchaseService';
const DATE_CHANGE = 'ISupSrmPurchaseDateChangeService';
const NOTICES = 'IBmNoticeService';
const TRACKING_MENU = 'Offsite.Delivery.AsnTracking';
const CREATE_MENU = 'Offsite.Delivery.OrderDelivery.Detail';
const LIST_MENU = 'Offsite.Delivery.AsnList';
const ORDER_MENU = 'Offsite.User.Order';
const DATE_MENU = 'Offsite.User.Order.Acceptance.DateChange';
const QUERY_MENU = 'Base.Message.Query';
const MY_MENU = 'Index.Message.List';
const NEWS_MENU = 'Offsite.Announcement.News';

interface Mail {
  from: string;
  to: string[];
  body: string;
}

describe.each(BOTH_DBS)('notifications on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  let erpKey: string;
  // A local SMTP sink: what it received, and how many of the next senders it turns away.
  const mails: Mail[] = [];
  let refuseNext = 0;
  let sink: SMTPServer;
  let sinkPort = 0;

  beforeAll(async () => {
    sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onMailFrom(_address, _session, cb) {
        if (refuseNext > 0) {
          refuseNext--;
          const err = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          return cb(err);
        }
        cb();
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            body: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    sinkPort = (sink.server.address() as AddressInfo).port;
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [admin, buyer, supplier1, supplier2] = await Promise.all(
      ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
    const key = await s.call(
      'ISysApiKeyService/addSysApiKey',
      { condition: { keyName: 'erp-notify', entities: 'purchaseOrder,event', orgNos: 'SH01,HN01' } },
      { token: admin, menu: 'BaseManage.Config.ApiKey' },
    );
    expect(key.body.code, key.body.msg).toBe('0');
    erpKey = key.body.response.data.apiKey;
    // Each reads English (the language of its last request) unless a test says otherwise.
    for (const token of [admin, buyer, supplier1, supplier2])
      await s.call(`${NOTICES}/getmynoticesummary`, {}, { token, lang: 'en-US' });
  });
  afterAll(async () => {
    await s?.close();
    await new Promise<void>((resolve) => sink?.close(() => resolve()));
  });

  const db = () => s.server.database.db;
  const dispatch = () => s.server.app.notify.worker.dispatch();
  const ok = (r: { body: { code: string; msg: string; response: { data: unknown } } }) => {
    expect(r.body.code, r.body.msg).toBe('0');
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape came back.
    return r.body.response.data as any;
  };
  const call = (path: string, condition: unknown, token: string, menu?: string, lang = 'en-US') =>
    s.call(path, { condition }, { token, menu, lang });
  const ref = (r: { id: string; version: number }) => ({ id: r.id, version: r.version });
  /** The messages of one document, as receiverUserNo → titles. */
  const messagesOf = async (docId: string) => {
    const rows = await db()
      .selectFrom('bmNotice')
      .select(['receiverUserNo', 'noticeConfigNo', 'noticeTitle', 'link', 'docKind', 'supplierNo'])
      .where('docId', '=', docId)
      .orderBy('receiverUserNo')
      .orderBy('noticeConfigNo')
      .execute();
    return rows;
  };
  const receiversOf = async (docId: string, event: string) =>
    (await messagesOf(docId)).filter((m) => m.noticeConfigNo === event).map((m) => m.receiverUserNo);
  const erp = async (orders: unknown[]) => {
    const r = await s.server.app.inject({
      method: 'POST',
      url: '/integration/v1/purchase-orders',
      headers: { authorization: `Bearer ${erpKey}`, 'accept-language': 'en-US' },
      payload: { orders },
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  const order = (purchaseNo: string, orgNo: string, supplierNo: string, version: number, qty = '100') => ({
    externalId: `ERP-${purchaseNo}`,
    externalVersion: version,
    purchaseNo,
    orgNo,
    supplierNo,
    purchaseDate: '2026-12-01',
    lines: [
      {
        purchaseSeq: 10,
        itemNo: 'M-1001',
        unitNo: 'PCS',
        batchPurQty: qty,
        expectArrivalDate: '2026-12-20',
      },
    ],
  });
  const asnOf = async (token: string, menu: string, condition: Record<string, unknown>) =>
    ok(await call(`${ASN}/getSrmAsnHeadPage`, { size: 100, ...condition }, token, menu)).records as {
      id: string;
      version: number;
      asnNo: string;
      supplierNo: string;
    }[];

  it('turns order publication and change into messages for the order supplier only, once', async () => {
    await erp([order('PO-NT-1', 'SH01', 'SUP001', 1), order('PO-NT-2', 'HN01', 'SUP002', 1)]);
    const heads = await db()
      .selectFrom('srmPurchaseHead')
      .select(['id', 'purchaseNo'])
      .where('purchaseNo', 'in', ['PO-NT-1', 'PO-NT-2'])
      .execute();
    const id = (no: string) => heads.find((h) => h.purchaseNo === no)!.id;
    await dispatch();
    expect(await receiversOf(id('PO-NT-1'), 'PO_PUBLISHED')).toEqual(['supplier1']);
    expect(await receiversOf(id('PO-NT-2'), 'PO_PUBLISHED')).toEqual(['supplier2']);
    const [published] = await messagesOf(id('PO-NT-1'));
    expect(published.noticeTitle).toBe('New purchase order PO-NT-1');
    expect(published.link).toMatch(/^\/orderCollaboration\/userOrder\/detail\/[0-9a-f-]{36}$/);
    // A second run, and a replay of the same version, send nothing more.
    await dispatch();
    await erp([order('PO-NT-1', 'SH01', 'SUP001', 1)]);
    await dispatch();
    expect(await receiversOf(id('PO-NT-1'), 'PO_PUBLISHED')).toEqual(['supplier1']);
    // A changed quantity is a change; the ERP's own events are not sent back to it.
    await erp([order('PO-NT-1', 'SH01', 'SUP001', 2, '120')]);
    await dispatch();
    expect(await receiversOf(id('PO-NT-1'), 'PO_CHANGED')).toEqual(['supplier1']);
    const feed = await s.server.app.inject({
      method: 'GET',
      url: '/integration/v1/events?limit=1000',
      headers: { authorization: `Bearer ${erpKey}` },
    });
    expect(feed.json().events.filter((e: { docNo: string }) => e.docNo === 'PO-NT-1')).toEqual([]);
    const stored = await db()
      .selectFrom('intOutbox')
      .select('event')
      .where('docId', '=', id('PO-NT-1'))
      .orderBy('id')
      .execute();
    expect(stored.map((e) => e.event)).toEqual(['purchaseOrder.published', 'purchaseOrder.changed']);
  });

  it('tells purchasing of submitted notices and the supplier of its decisions, never the other supplier', async () => {
    // Even a policy that names supplier2 does not reach it with supplier1's notice.
    await db()
      .updateTable('bmNoticePolicy')
      .set({ receiverUsers: 'supplier2' })
      .where('orgNo', '=', 'SH01')
      .where('policyNo', '=', 'POL-ASN-OK')
      .execute();
    const [draft1] = await asnOf(supplier1, TRACKING_MENU, { status: 'D' });
    const [pending1] = await asnOf(supplier1, TRACKING_MENU, { status: '0' });
    const [draft2] = await asnOf(supplier2, TRACKING_MENU, { status: 'D' });
    ok(await call(`${ASN}/submitSrmAsnHead`, { rows: [ref(draft1)] }, supplier1, CREATE_MENU));
    ok(await call(`${ASN}/submitSrmAsnHead`, { rows: [ref(draft2)] }, supplier2, CREATE_MENU));
    ok(await call(`${ASN}/approveSrmAsnHead`, { rows: [ref(pending1)] }, buyer, LIST_MENU));
    await dispatch();
    // SH01's demo policy asks the buyer and the admin role; HN01's default asks the buyer role.
    expect(await receiversOf(draft1.id, 'ASN_SUBMITTED')).toEqual(['admin', 'buyer']);
    expect(await receiversOf(draft2.id, 'ASN_SUBMITTED')).toEqual(['buyer']);
    expect(await receiversOf(pending1.id, 'ASN_APPROVED')).toEqual(['supplier1']);
    const approved = (await messagesOf(pending1.id)).find((m) => m.noticeConfigNo === 'ASN_APPROVED')!;
    expect(approved).toMatchObject({
      docKind: 'asn',
      supplierNo: 'SUP001',
      link: `/delivery/asnTracking/detail/${pending1.id}`,
    });
    const toBuyer = (await messagesOf(draft1.id)).find((m) => m.receiverUserNo === 'buyer')!;
    expect(toBuyer.link).toBe(`/delivery/asn-list/detail/${draft1.id}`);
    // The warehouse's receipts (asn.received, written by the receipt API): an acceptance tells the
    // supplier, a rejection of goods does not read as "goods received".
    const receipt = (receiptType: string) => sql`
      insert into int_outbox (event, doc_kind, doc_id, doc_no, org_no, supplier_no, payload)
      values ('asn.received', 'asn', ${pending1.id}, ${pending1.asnNo}, 'SH01', 'SUP001', ${JSON.stringify({
        transition: 'receive',
        source: 'integration',
        fields: { asnNo: pending1.asnNo, receiptType, qty: '10' },
      })}::jsonb)`;
    await receipt('2').execute(db());
    await receipt('1').execute(db());
    await dispatch();
    expect(await receiversOf(pending1.id, 'RECEIPT_DONE')).toEqual(['supplier1']);
    // supplier2 sees none of it, through the list, the count and the bell.
    const list2 = ok(await call(`${NOTICES}/getbmnoticelistbyparams`, {}, supplier2, MY_MENU));
    expect(list2.records.every((r: { receiverUserNo: string }) => r.receiverUserNo === 'supplier2')).toBe(
      true,
    );
    expect(list2.records.map((r: { docNo: string }) => r.docNo)).not.toContain(pending1.asnNo);
    const bell2 = ok(await call(`${NOTICES}/getmynoticesummary`, {}, supplier2));
    expect(bell2.latest.map((m: { docNo: string }) => m.docNo)).toEqual(
      expect.not.arrayContaining([pending1.asnNo, draft1.asnNo]),
    );
    // The message query: a supplier has no such menu; the bell's page shows its own only.
    expect((await call(`${NOTICES}/getbmnoticelistbyparams`, {}, supplier1, QUERY_MENU)).body.errorCode).toBe(
      '10005',
    );
    const own = ok(await call(`${NOTICES}/getbmnoticelistbyparams`, { mine: 'N' }, supplier1, MY_MENU));
    expect(new Set(own.records.map((r: { receiverUserNo: string }) => r.receiverUserNo))).toEqual(
      new Set(['supplier1']),
    );
    // Purchasing sees its organisations' messages (supplier1's too) on the message query.
    const all = ok(await call(`${NOTICES}/getbmnoticelistbyparams`, { mine: 'N' }, buyer, QUERY_MENU));
    expect(all.records.map((r: { receiverUserNo: string }) => r.receiverUserNo)).toContain('supplier1');
  });

  it('tells purchasing of a submitted delivery approval and each supplier of its own decisions only', async () => {
    const DA = 'ISrmDeliveryApprovalService';
    const DA_MENU = 'Offsite.Delivery.Approval';
    const one = (supplierNo: string, status: string) =>
      db()
        .selectFrom('srmDeliveryApproval')
        .select(['id', 'version', 'approvalNo'])
        .where('supplierNo', '=', supplierNo)
        .where('status', '=', status)
        .orderBy('approvalNo')
        .executeTakeFirstOrThrow();
    const rejected1 = await one('SUP001', '2');
    const pending1 = await one('SUP001', '0');
    const pending2 = await one('SUP002', '0');
    ok(await call(`${DA}/submitSrmDeliveryApproval`, { rows: [ref(rejected1)] }, supplier1, DA_MENU));
    ok(await call(`${DA}/approveSrmDeliveryApproval`, { rows: [ref(pending1)] }, buyer, DA_MENU));
    ok(
      await call(
        `${DA}/rejectSrmDeliveryApproval`,
        { rows: [ref(pending2)], reason: 'Report unreadable' },
        buyer,
        DA_MENU,
      ),
    );
    await dispatch();
    const submitted = await receiversOf(rejected1.id, 'DA_SUBMITTED');
    expect(submitted).toContain('buyer');
    expect(submitted.filter((u) => u.startsWith('supplier'))).toEqual([]);
    expect(await receiversOf(pending1.id, 'DA_APPROVED')).toEqual(['supplier1']);
    expect(await receiversOf(pending2.id, 'DA_REJECTED')).toEqual(['supplier2']);
    const [approved] = (await messagesOf(pending1.id)).filter((m) => m.noticeConfigNo === 'DA_APPROVED');
    expect(approved).toMatchObject({
      docKind: 'deliveryApproval',
      supplierNo: 'SUP001',
      noticeTitle: `Delivery approval ${pending1.approvalNo} approved`,
      link: `/delivery/delivery-approval-detail/${pending1.id}`,
    });
    const [refusal] = (await messagesOf(pending2.id)).filter((m) => m.noticeConfigNo === 'DA_REJECTED');
    expect(refusal.noticeTitle).toBe(`Delivery approval ${pending2.approvalNo} rejected`);
  });

  it('tells purchasing of a date change request and the supplier of the decision', async () => {
    const lines = ok(
      await call(`${LINES}/getSrmPurchasePage`, { purchaseNo: 'PO-SH01-260003' }, supplier1, ORDER_MENU),
    ).records as { id: string; version: number; purchaseSeq: number; expectArrivalDate: string }[];
    const line = lines.find((l) => l.purchaseSeq === 10)!;
    const made = ok(
      await call(
        `${DATE_CHANGE}/requestDateChange`,
        { rows: [ref(line)], newDate: '2027-01-15', reason: 'Furnace maintenance' },
        supplier1,
        ORDER_MENU,
      ),
    );
    const request = ok(
      await call(`${DATE_CHANGE}/getSrmPurchaseDateChangePage`, { status: '0' }, buyer, DATE_MENU),
    ).records.find((r: { lineId: string }) => r.lineId === line.id);
    expect(request, JSON.stringify(made)).toBeTruthy();
    ok(
      await call(
        `${DATE_CHANGE}/rejectDateChange`,
        { rows: [ref(request)], reason: 'The line is needed on time' },
        buyer,
        DATE_MENU,
      ),
    );
    await dispatch();
    expect(await receiversOf(request.id, 'PO_DATE_CHANGE_REQUESTED')).toEqual(['buyer']);
    expect(await receiversOf(request.id, 'PO_DATE_CHANGE_REJECTED')).toEqual(['supplier1']);
    const rejected = (await messagesOf(request.id)).find(
      (m) => m.noticeConfigNo === 'PO_DATE_CHANGE_REJECTED',
    )!;
    expect(rejected.noticeTitle).toBe('Date change rejected: PO-SH01-260003 line 10');
  });

  it('reports an overdue answer once per line, to its supplier and purchasing', async () => {
    const [line] = await db()
      .selectFrom('srmPurchase')
      .select(['id'])
      .where('purchaseNo', '=', 'PO-NT-2')
      .execute();
    await db()
      .updateTable('srmPurchase')
      .set({ answerDueDate: '2026-01-05' })
      .where('id', '=', line.id)
      .execute();
    await s.server.app.notify.worker.overdue('2026-01-10');
    await s.server.app.notify.worker.overdue('2026-01-11');
    expect(await receiversOf(line.id, 'PO_ANSWER_OVERDUE')).toEqual(['buyer', 'supplier2']);
  });

  it('sends an announcement to its target only', async () => {
    const news = async (publishTarget: string, supplierList: { supplierNo: string }[] = []) => {
      const made = ok(
        await call(
          'ISrmSysNewsService/addSysNews',
          {
            orgNo: 'SH01',
            title: `Target ${publishTarget}`,
            content: '<p>Text</p>',
            publishTarget,
            supplierList,
          },
          buyer,
          NEWS_MENU,
        ),
      );
      ok(await call('ISrmSysNewsService/publishSysNews', { rows: [ref(made)] }, buyer, NEWS_MENU));
      // Publishing writes news.published; written here too when this build's publish does not yet.
      const has = await db()
        .selectFrom('intOutbox')
        .select('id')
        .where('docId', '=', made.id)
        .where('event', '=', 'news.published')
        .executeTakeFirst();
      if (!has)
        await sql`insert into int_outbox (event, doc_kind, doc_id, doc_no, org_no, supplier_no, payload)
          values ('news.published', 'news', ${made.id}, ${made.newsNo}, 'SH01', null, '{}'::jsonb)`.execute(
          db(),
        );
      return made.id as string;
    };
    const chosen = await news('3', [{ supplierNo: 'SUP002' }]);
    const internal = await news('4');
    const everyone = await news('1');
    await dispatch();
    expect(await receiversOf(chosen, 'NEWS_PUBLISHED')).toEqual(['supplier2']);
    expect(await receiversOf(internal, 'NEWS_PUBLISHED')).toEqual(['admin', 'buyer']);
    expect(await receiversOf(everyone, 'NEWS_PUBLISHED')).toEqual([
      'admin',
      'buyer',
      'supplier1',
      'supplier2',
    ]);
  });

  it('pushes a new message, and a read one, to its receiver over the live channel, and nobody else', async () => {
    const open = (token: string) =>
      new Promise<{ ws: Ws; news: { unread: number; latest: { noticeTitle: string; link: string }[] }[] }>(
        (resolve, reject) => {
          const ws = new WebSocket(`${s.url.replace('http', 'ws')}${NOTICE_SOCKET_PATH}`, [
            NOTICE_PROTOCOL,
            token,
          ]);
          const socket = {
            ws,
            news: [] as { unread: number; latest: { noticeTitle: string; link: string }[] }[],
          };
          ws.on('message', (data) => {
            socket.news.push(JSON.parse(data.toString()));
            if (socket.news.length === 1) resolve(socket);
          });
          ws.on('error', reject);
        },
      );
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(check()).toBe(true);
    };
    const one = await open(supplier1);
    const two = await open(supplier2);
    // Without a valid token there is no channel.
    const refused = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`${s.url.replace('http', 'ws')}${NOTICE_SOCKET_PATH}`, [
        NOTICE_PROTOCOL,
        'nope',
      ]);
      ws.on('error', () => resolve('refused'));
      ws.on('open', () => resolve('opened'));
    });
    expect(refused).toBe('refused');
    const before = one.news[0].unread;
    const [pending] = await asnOf(supplier1, TRACKING_MENU, { status: '0' });
    ok(
      await call(
        `${ASN}/rejectSrmAsnHead`,
        { rows: [ref(pending)], reason: 'Wrong pallets' },
        buyer,
        LIST_MENU,
      ),
    );
    await dispatch();
    const link = `/delivery/asnTracking/detail/${pending.id}`;
    const heard = () => one.news.find((n) => n.latest[0]?.link === link);
    await until(() => heard() !== undefined);
    expect(heard()!.unread).toBe(before + 1);
    expect(heard()!.latest[0].noticeTitle).toBe(`Delivery notice ${pending.asnNo} rejected`);
    // supplier2 heard nothing of it.
    await new Promise((r) => setTimeout(r, 200));
    expect(JSON.stringify(two.news)).not.toContain(pending.asnNo);
    expect(JSON.stringify(two.news)).not.toContain(pending.id);
    // Marking read: own messages only; another user's id changes nothing.
    const mine = ok(await call(`${NOTICES}/getmynoticesummary`, {}, supplier1));
    const theirs = ok(await call(`${NOTICES}/getmynoticesummary`, {}, supplier2));
    const [heardOne, heardTwo] = [one.news.length, two.news.length];
    const read = ok(
      await call(`${NOTICES}/readmynotice`, { ids: [mine.latest[0].id, theirs.latest[0].id] }, supplier1),
    );
    expect(read.read).toBe(1);
    expect(read.unread).toBe(mine.unread - 1);
    expect(ok(await call(`${NOTICES}/getmynoticesummary`, {}, supplier2)).unread).toBe(theirs.unread);
    // The reader's other open pages hear the lower count at once; the other supplier hears nothing.
    await until(() => one.news.length > heardOne);
    expect(one.news.at(-1)!.unread).toBe(mine.unread - 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(two.news.length).toBe(heardTwo);
    one.ws.close();
    two.ws.close();
  });

  it('e-mails through the configured SMTP server in the receiver language, retrying a failure', async () => {
    const params = ok(
      await call(
        'ISysParamService/getsysparamlistbyparams',
        { keyword: 'MAIL_' },
        admin,
        'BaseManage.Config.Parameter',
      ),
    ).records as { id: string; version: number; paramNo: string }[];
    const set = async (paramNo: string, paramValue: string) => {
      const p = params.find((r) => r.paramNo === paramNo)!;
      const r = ok(
        await call(
          'ISysParamService/updatesysparambyid',
          { id: p.id, version: p.version, paramValue },
          admin,
          'BaseManage.Config.Parameter',
        ),
      );
      p.version = r.version;
    };
    // The SMTP password is nobody's to read through the client call.
    await set('MAIL_SMTP_PASSWORD', 'secret-pass');
    expect(
      ok(await call('ISysParamService/getValueByParamNo', { paramNo: 'MAIL_SMTP_PASSWORD' }, supplier1)),
    ).toBe(null);
    await set('MAIL_SMTP_PASSWORD', '');
    // supplier1 reads Vietnamese from now on (its last request's language) and has an address.
    ok(await call(`${NOTICES}/getmynoticesummary`, {}, supplier1, undefined, 'vi'));
    await db()
      .updateTable('sysUser')
      .set({ email: 'acme@example.test' })
      .where('userNo', '=', 'supplier1')
      .execute();
    // An unreachable server first: the transition is not slowed, the message stays queued with its error.
    await set('MAIL_SMTP_HOST', '127.0.0.1');
    await set('MAIL_SMTP_PORT', '1');
    await set('MAIL_FROM', 'portal@example.test');
    const [draft] = await asnOf(supplier1, TRACKING_MENU, { status: '1' });
    ok(await call(`${ASN}/submitSrmAsnHead`, { rows: [ref(draft)] }, supplier1, CREATE_MENU));
    const again = (await asnOf(supplier1, TRACKING_MENU, { status: '0' })).find((a) => a.id === draft.id)!;
    ok(
      await call(
        `${ASN}/rejectSrmAsnHead`,
        { rows: [ref(again)], reason: 'Thiếu chứng từ' },
        buyer,
        LIST_MENU,
      ),
    );
    await dispatch();
    const mailOf = () =>
      db()
        .selectFrom('bmNotice')
        .select(['id', 'mailStatus', 'mailAttempts', 'mailError', 'mailTo', 'noticeTitle'])
        .where('docId', '=', again.id)
        .where('noticeConfigNo', '=', 'ASN_REJECTED')
        .orderBy('sendDate', 'desc')
        .executeTakeFirstOrThrow();
    expect(await mailOf()).toMatchObject({
      mailStatus: 'queued',
      mailAttempts: 0,
      mailTo: 'acme@example.test',
    });
    expect((await mailOf()).noticeTitle).toBe(`Phiếu giao hàng ${again.asnNo} bị từ chối`);
    await processMailQueue(db());
    const unreachable = await mailOf();
    expect(unreachable).toMatchObject({ mailStatus: 'queued', mailAttempts: 1 });
    expect(unreachable.mailError).toMatch(/ECONNREFUSED|connect/i);
    // Not due again before its pause is over.
    expect(await processMailQueue(db())).toEqual({ sent: 0, retried: 0, failed: 0 });
    // The sink, refusing once and then accepting.
    await set('MAIL_SMTP_PORT', String(sinkPort));
    refuseNext = 1;
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await processMailQueue(db(), later(2))).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await mailOf()).mailError).toMatch(/Mailbox busy/);
    expect(await processMailQueue(db(), later(30))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await mailOf()).toMatchObject({ mailStatus: 'sent', mailAttempts: 3, mailError: null });
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(['acme@example.test']);
    expect(mails[0].from).toBe('portal@example.test');
    const headers = mails[0].body.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
    const subject = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
    // The subject is MIME-encoded; decoded it is the Vietnamese title.
    // RFC 2047 encoded words, their bytes joined before decoding (a character may span two words).
    const bytes: Buffer[] = [];
    for (const [, enc, text] of subject.matchAll(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi))
      bytes.push(
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
              'latin1',
            ),
      );
    const decoded = bytes.length ? Buffer.concat(bytes).toString('utf8') : subject;
    expect(decoded).toBe(`Phiếu giao hàng ${again.asnNo} bị từ chối`);
    // The message query shows the delivery state.
    const row = ok(await call(`${NOTICES}/getbmnoticebyid`, { id: (await mailOf()).id }, supplier1, MY_MENU));
    expect(row).toMatchObject({ mailStatus: 'sent', mailAttempts: 3 });
  });
});
