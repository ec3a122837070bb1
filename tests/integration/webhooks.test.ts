// Webhooks as an ERP's receiver meets them: a key naming an address gets a signing secret once, the
// outbox's events of its organisations are posted there signed (HMAC-SHA256 of `<timestamp>.<body>`),
// each event once per key, a document's events in order; a receiver that refuses or does not answer
// is tried again after growing pauses until the attempts run out, the delivery log shows each attempt's
// outcome, and an administrator resends. A real HTTP receiver on a local port; both databases.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFF_MS, MAX_ATTEMPTS, processWebhooks } from '../../services/integration/webhooks.js';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const KEYS = 'ISysApiKeyService';
const KEY_MENU = 'BaseManage.Config.ApiKey';
const LOG = 'ISysWebhookDeliveryService';
const LOG_MENU = 'BaseManage.Config.WebhookLog';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the receiver does with a request to one path: answer a status, or never answer. */
type Behaviour = (req: Received) => number | 'hang';

/** A receiver on a local port: each path behaves as the test says and every request is kept. */
async function startReceiver() {
  const received: Received[] = [];
  const behaviours = new Map<string, Behaviour>();
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
      const answer = (behaviours.get(got.path) ?? (() => 404))(got);
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end(answer >= 300 ? `refused with ${answer}\n  (a receiver's own words)` : 'ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    on: (path: string, b: Behaviour) => behaviours.set(path, b),
    at: (path: string) => received.filter((r) => r.path === path),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** The receiver's own check of a signature, written from the documented scheme. */
function signedWith(secret: string, r: Received): boolean {
  const timestamp = String(r.headers['x-srm-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  const got = String(r.headers['x-srm-signature'] ?? '');
  return got.length === expected.length && timingSafeEqual(Buffer.from(got), Buffer.from(expected));
}

const order = (purchaseNo: string, externalVersion: number, qty = '100') => ({
  externalId: `ERP-${purchaseNo}`,
  externalVersion,
  purchaseNo,
  orgNo: 'SH01',
  supplierNo: 'SUP001',
  orderType: '1',
  currency: 'CNY',
  purchaseDate: '2026-12-01',
  lines: [
    {
      purchaseSeq: 10,
      itemNo: 'M-1001',
      unitNo: 'PCS',
      batchPurQty: qty,
      price: '0.5',
      taxRate: '13',
      expectArrivalDate: '2026-12-20',
    },
  ],
});

describe.each(BOTH_DBS)('webhooks on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let erp: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    [s, receiver] = await Promise.all([
      startTestServer({ database: kind, config: { scheduler: false } }),
      startReceiver(),
    ]);
    admin = await s.login('admin');
    erp = (await addKey({ keyName: 'erp', entities: 'purchaseOrder', orgNos: 'SH01' })).body.response.data
      .apiKey;
  });
  afterAll(async () => {
    await Promise.all([s?.close(), receiver?.close()]);
  });

  const keyCall = (method: string, condition: Record<string, unknown>) =>
    s.call(`${KEYS}/${method}`, { condition }, { token: admin, menu: KEY_MENU, lang: 'en-US' });
  const addKey = (condition: Record<string, unknown>) => keyCall('addSysApiKey', condition);
  const logCall = (method: string, condition: Record<string, unknown>) =>
    s.call(`${LOG}/${method}`, { condition }, { token: admin, menu: LOG_MENU, lang: 'en-US' });
  const push = async (orders: unknown[]) => {
    const r = await s.server.app.inject({
      method: 'POST',
      url: '/integration/v1/purchase-orders',
      headers: { authorization: `Bearer ${erp}` },
      payload: { orders },
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  const dispatch = () => s.server.app.notify.worker.dispatch();
  const db = () => s.server.database.db;
  /** Runs the worker as if the clock showed `ms` after now. */
  const sendAt = (ms: number, timeoutMs?: number) =>
    processWebhooks(db(), { now: new Date(Date.now() + ms), ...(timeoutMs ? { timeoutMs } : {}) });
  const deliveriesOf = (keyName: string) =>
    db()
      .selectFrom('intWebhookDelivery')
      .select(['id', 'version', 'event', 'docNo', 'statusCode', 'attempts', 'lastStatus', 'lastError'])
      .where('keyName', '=', keyName)
      .orderBy('eventId')
      .execute();
  /** A key that hears SH01's events at `path`; answers its id, its signing secret and the key. */
  async function hookedKey(keyName: string, path: string) {
    const r = await addKey({ keyName, entities: 'event', orgNos: 'SH01', webhookUrl: receiver.url(path) });
    expect(r.body.code, r.body.msg).toBe('0');
    const { id, webhookSecret, apiKey } = r.body.response.data;
    return { id: id as string, secret: webhookSecret as string, apiKey: apiKey as string };
  }
  /** Revokes a key, so the scenarios after it do not post to its receiver. */
  const revoke = async (id: string) => {
    const { version } = (await keyCall('getSysApiKeyById', { id })).body.response.data;
    const r = await s.call(
      `${KEYS}/revokeSysApiKey`,
      { condition: { rows: [{ id, version }], reason: 'scenario over' } },
      { token: admin, menu: KEY_MENU },
    );
    expect(r.body.code, r.body.msg).toBe('0');
  };

  it('answers the signing secret once, and refuses an address it cannot use', async () => {
    const made = await addKey({
      keyName: 'wms-once',
      entities: 'event',
      orgNos: 'SH01',
      webhookUrl: receiver.url('/once'),
    });
    const data = made.body.response.data;
    expect(data.apiKey).toMatch(/^srm_/);
    expect(data.webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // Never again: not by the list, not by the record.
    const listed = await keyCall('getSysApiKeyList', {});
    const got = await keyCall('getSysApiKeyById', { id: data.id });
    for (const answer of [listed.body, got.body])
      expect(JSON.stringify(answer)).not.toContain(data.webhookSecret);
    expect(got.body.response.data.webhookUrl).toBe(receiver.url('/once'));

    // A save that leaves the address alone makes no new secret; asking for one does.
    const plain = await keyCall('updateSysApiKeyById', { id: data.id, version: data.version, remark: 'x' });
    expect(plain.body.response.data.webhookSecret).toBeUndefined();
    const rotated = await keyCall('updateSysApiKeyById', {
      id: data.id,
      version: plain.body.response.data.version,
      newWebhookSecret: 'Y',
    });
    expect(rotated.body.response.data.webhookSecret).toMatch(/^whsec_/);
    expect(rotated.body.response.data.webhookSecret).not.toBe(data.webhookSecret);
    await revoke(data.id);

    const refusals = [
      [{ webhookUrl: 'ftp://erp.example/hook' }, 'Webhook address must be an http or https address'],
      [
        { webhookUrl: 'https://user:pw@erp.example/hook' },
        'Webhook address must be an http or https address',
      ],
      [
        { webhookUrl: 'https://erp.example/hook', entities: 'purchaseOrder' },
        'Webhook address needs the key',
      ],
    ] as const;
    for (const [extra, message] of refusals) {
      const r = await addKey({ keyName: 'wms-bad', entities: 'event', orgNos: 'SH01', ...extra });
      expect(r.body.code).toBe('10017');
      expect(r.body.msg).toContain(message);
    }
    const none = await db().selectFrom('sysApiKey').select('id').where('keyName', '=', 'wms-bad').execute();
    expect(none).toEqual([]);
  });

  it('posts each event once, signed, as the pull feed answers it, and not the history', async () => {
    await push([order('PO-WH-OLD', 1)]);
    await dispatch();
    const key = await hookedKey('wms-good', '/good');
    receiver.on('/good', (r) => (signedWith(key.secret, r) ? 204 : 401));
    await push([order('PO-WH-1', 1)]);
    await dispatch();
    await dispatch();
    expect((await sendAt(0)).delivered).toBe(1);
    expect(await sendAt(0)).toEqual({ delivered: 0, retried: 0, givenUp: 0 });

    const [got] = receiver.at('/good');
    expect(receiver.at('/good')).toHaveLength(1);
    expect(signedWith(key.secret, got)).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'application/json',
      'x-srm-event': 'purchaseOrder.published',
    });
    const posted = JSON.parse(got.body);
    expect(posted).toMatchObject({ event: 'purchaseOrder.published', docNo: 'PO-WH-1', orgNo: 'SH01' });
    // The same event as the key reads it from the pull feed.
    const feed = await s.server.app.inject({
      method: 'GET',
      url: `/integration/v1/events?after=${Number(posted.id) - 1}&limit=1`,
      headers: { authorization: `Bearer ${key.apiKey}` },
    });
    expect(JSON.parse(JSON.stringify(feed.json().events[0]))).toEqual(posted);
    // The history before the address was set (PO-WH-OLD) is not posted.
    const [row] = await deliveriesOf('wms-good');
    expect(row).toMatchObject({ docNo: 'PO-WH-1', statusCode: '1', attempts: 1, lastStatus: 204 });
    expect(got.headers['x-srm-delivery']).toBe(row.id);
    await revoke(key.id);
  });

  it('retries a receiver that fails twice, then delivers; a document waits for its earlier event', async () => {
    const key = await hookedKey('wms-flaky', '/flaky');
    let calls = 0;
    receiver.on('/flaky', () => (++calls <= 2 ? 503 : 200));
    await push([order('PO-WH-2', 1)]);
    await push([order('PO-WH-2', 2, '150')]);
    await dispatch();
    expect((await deliveriesOf('wms-flaky')).map((d) => d.event)).toEqual([
      'purchaseOrder.published',
      'purchaseOrder.changed',
    ]);

    expect(await sendAt(0)).toEqual({ delivered: 0, retried: 1, givenUp: 0 });
    // The change is not posted while the order's publication still waits.
    expect(receiver.at('/flaky').map((r) => JSON.parse(r.body).event)).toEqual(['purchaseOrder.published']);
    expect((await deliveriesOf('wms-flaky'))[0]).toMatchObject({
      statusCode: '0',
      attempts: 1,
      lastStatus: 503,
      lastError: "HTTP 503: refused with 503 (a receiver's own words)",
    });
    // Not before its pause is over.
    expect((await sendAt(BACKOFF_MS[0] - 5_000)).retried).toBe(0);
    expect(await sendAt(BACKOFF_MS[0] + 1_000)).toMatchObject({ retried: 1 });
    expect(await sendAt(BACKOFF_MS[0] + BACKOFF_MS[1] + 2_000)).toMatchObject({ delivered: 1 });
    expect(await sendAt(BACKOFF_MS[0] + BACKOFF_MS[1] + 3_000)).toMatchObject({ delivered: 1 });
    expect(receiver.at('/flaky').map((r) => JSON.parse(r.body).event)).toEqual([
      'purchaseOrder.published',
      'purchaseOrder.published',
      'purchaseOrder.published',
      'purchaseOrder.changed',
    ]);
    expect((await deliveriesOf('wms-flaky')).map((d) => [d.statusCode, d.attempts])).toEqual([
      ['1', 3],
      ['1', 1],
    ]);
    await revoke(key.id);
  });

  it('gives up on a receiver that never answers or rejects the signature, shows it, and resends', async () => {
    const silent = await hookedKey('wms-silent', '/silent');
    receiver.on('/silent', () => 'hang');
    const picky = await hookedKey('wms-picky', '/picky');
    // This receiver was given another secret: every signature is wrong to it.
    receiver.on('/picky', (r) => (signedWith('whsec_not-the-one', r) ? 200 : 401));
    await push([order('PO-WH-3', 1)]);
    await dispatch();

    let at = 0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const run = await sendAt(at, 200);
      expect(run.delivered).toBe(0);
      expect(run.retried + run.givenUp).toBe(2);
      at += (BACKOFF_MS[attempt - 1] ?? 0) + 1_000;
    }
    // Attempts are used up: nothing is tried again, however late.
    expect(await sendAt(at + 24 * 3600_000, 200)).toEqual({ delivered: 0, retried: 0, givenUp: 0 });
    expect(receiver.at('/silent')).toHaveLength(MAX_ATTEMPTS);
    expect(receiver.at('/picky')).toHaveLength(MAX_ATTEMPTS);

    const log = await logCall('getWebhookDeliveryList', { docNo: 'PO-WH-3', statusCode: '2' });
    const rows = log.body.response.data.records as Record<string, unknown>[];
    expect(rows.map((r) => [r.keyName, r.attempts, r.lastStatus ?? null, r.lastError]).sort()).toEqual([
      ['wms-picky', MAX_ATTEMPTS, 401, "HTTP 401: refused with 401 (a receiver's own words)"],
      ['wms-silent', MAX_ATTEMPTS, null, 'No answer within 200 ms.'],
    ]);

    // The picky receiver learns the right secret; the administrator resends its delivery.
    receiver.on('/picky', (r) => (signedWith(picky.secret, r) ? 200 : 401));
    const row = rows.find((r) => r.keyName === 'wms-picky')!;
    const resent = await logCall('resendWebhookDelivery', {
      rows: [{ id: row.id, version: row.version }],
      reason: 'secret fixed on the WMS',
    });
    expect(resent.body.code, resent.body.msg).toBe('0');
    const again = await logCall('getWebhookDeliveryById', { id: row.id });
    expect(again.body.response.data).toMatchObject({ statusCode: '0', attempts: 0 });
    // A delivery waiting already is not resent: it is on its way.
    const twice = await logCall('resendWebhookDelivery', {
      rows: [{ id: row.id, version: again.body.response.data.version }],
    });
    expect(twice.body.code).not.toBe('0');
    expect(twice.body.msg).toContain('Waiting');
    expect(await sendAt(0, 200)).toMatchObject({ delivered: 1 });
    const history = await logCall('getWebhookDeliveryHistory', { id: row.id });
    expect(history.body.response.data).toEqual([
      expect.objectContaining({
        transition: 'resend',
        fromStatus: '2',
        toStatus: '0',
        reason: 'secret fixed on the WMS',
      }),
    ]);

    // A key revoked meanwhile: its waiting deliveries are given up, nobody is told.
    await revoke(silent.id);
    await revoke(picky.id);
  });

  it('gives up the waiting deliveries of a key that was revoked', async () => {
    const key = await hookedKey('wms-gone', '/gone');
    receiver.on('/gone', () => 200);
    await push([order('PO-WH-4', 1)]);
    await dispatch();
    await revoke(key.id);
    expect(await sendAt(0)).toEqual({ delivered: 0, retried: 0, givenUp: 1 });
    expect(receiver.at('/gone')).toHaveLength(0);
    expect((await deliveriesOf('wms-gone'))[0]).toMatchObject({
      statusCode: '2',
      lastError: 'The key is revoked.',
    });
  });
});
