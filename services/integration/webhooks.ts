// Webhooks: the outbox's events posted to the address a key names, signed with the key's secret.
//
// - Queued: the dispatcher (services/notify/dispatcher.ts) writes one delivery per key that hears the
//   event (active, with an address, serving the event's organisation, allowed to read events, and not
//   the key whose own call caused it: the same rule as the pull feed), in the transaction that handles
//   the event, so each event is queued once for each key.
// - Sent: the worker claims due deliveries with `for update skip locked` and a lease (next_at moved
//   LEASE_MS ahead, the attempt counted), in a short transaction, and posts them with no lock held. Per
//   key and document only the oldest waiting delivery is sent, so a receiver hears one document's
//   events in order; a delivery given up no longer holds the later ones back.
// - The request: POST, JSON, the event as the pull feed answers it, with `X-Srm-Event`,
//   `X-Srm-Delivery` (the delivery's id: a receiver that sees one twice may skip it), `X-Srm-Timestamp`
//   (Unix seconds) and `X-Srm-Signature: sha256=<hex>`, the HMAC-SHA256 of `<timestamp>.<body>` under
//   the key's secret. Redirects are not followed. Any 2xx answer delivers it.
// - Anything else (another status, no answer within the timeout, no connection) is tried again after a
//   growing pause (BACKOFF_MS) and given up after MAX_ATTEMPTS; the delivery log shows each one's last
//   status, error and time, and an administrator resends any that was delivered or given up.
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export const MAX_ATTEMPTS = 8;
/** The pause after the 1st, 2nd, ... failed attempt: about four hours from the first to the last. */
export const BACKOFF_MS = [
  30_000,
  60_000,
  5 * 60_000,
  15 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
];
export const LEASE_MS = 2 * 60_000;
/** How long a receiver has to answer. */
export const TIMEOUT_MS = 10_000;
const BATCH = 20;
/** The part of a refusing receiver's answer kept with the error. */
const ANSWER_KEPT = 200;

/** The webhook as the integration API's OpenAPI document describes it (OpenAPI 3.1 `webhooks`). */
export const WEBHOOK_DOCUMENT = {
  event: {
    post: {
      summary: 'A business event of the key’s organisations',
      description:
        'Posted to the webhook address of a key allowed to read events, once per event (again only when an administrator resends it), one document’s events in order. Check `X-Srm-Signature`: `sha256=` and the hex HMAC-SHA256 of `<X-Srm-Timestamp>.<body>` under the key’s signing secret (shown once, when it was made); refuse old timestamps. Answer any 2xx within 10 s; anything else is tried again after 30 s, 1, 5, 15 and 30 min, 1 and 2 h, then given up (the delivery log shows it).',
      parameters: [
        ['x-srm-event', 'The event’s name, as in the body'],
        ['x-srm-delivery', 'The delivery’s id: the same on every attempt of one delivery'],
        ['x-srm-timestamp', 'When it was signed, in Unix seconds'],
        ['x-srm-signature', '`sha256=<hex>`'],
      ].map(([name, description]) => ({
        name,
        in: 'header' as const,
        required: true,
        description,
        schema: { type: 'string' },
      })),
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              description: 'The event as `GET /events` answers it.',
              required: ['id', 'event', 'docKind', 'docId', 'orgNo', 'payload', 'createDate'],
              properties: {
                id: { type: 'string', description: 'The outbox cursor of the event' },
                event: { type: 'string', examples: ['asn.submitted'] },
                docKind: { type: 'string' },
                docId: { type: 'string', format: 'uuid' },
                docNo: { type: ['string', 'null'] },
                orgNo: { type: 'string' },
                supplierNo: { type: ['string', 'null'] },
                payload: { type: 'object' },
                createDate: { type: 'string', format: 'date-time' },
              },
            },
          },
        },
      },
      responses: { '2XX': { description: 'Delivered' } },
    },
  },
};

/** A new signing secret: 32 random bytes, readable in one line. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The signature header's value for `body` sent at `timestamp` (Unix seconds). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The outbox's last event: an address set now hears the events after it. */
export async function lastEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('intOutbox')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** Queues the event `eventId` for every key that hears it; in the caller's transaction. */
export async function queueWebhooks(tx: Db, eventId: number): Promise<void> {
  // hand-written SQL: one insert from the event joined to the keys that hear it (their comma-separated
  // organisations and entities compared as arrays), once per key and event.
  await sql`
    insert into int_webhook_delivery
      (key_id, key_name, event_id, event, doc_kind, doc_id, doc_no, org_no, next_at, create_name, update_name)
    select k.id, k.key_name, o.id, o.event, o.doc_kind, o.doc_id, o.doc_no, o.org_no, now(), 'system', 'system'
    from int_outbox o
    join sys_api_key k
      on k.status_code = '1' and k.webhook_url is not null and o.id > k.webhook_from
      and o.org_no = any (string_to_array(k.org_nos, ','))
      and 'event' = any (string_to_array(k.entities, ','))
      and coalesce(o.payload->>'sourceKey', '') <> k.id::text
    where o.id = ${eventId}
    on conflict (key_id, event_id) do nothing`.execute(tx);
}

export interface WebhookRun {
  delivered: number;
  /** Failed and waiting for another attempt. */
  retried: number;
  /** Failed for the last time. */
  givenUp: number;
}

interface Claimed {
  id: string;
  attempts: number;
  url: string | null;
  secret: string | null;
  active: boolean;
  body: string;
  event: string;
}

/** Sends the deliveries due at `now`; answers what happened. */
export async function processWebhooks(
  db: Db,
  opts: { now?: Date; timeoutMs?: number } = {},
): Promise<WebhookRun> {
  const now = opts.now ?? new Date();
  const run: WebhookRun = { delivered: 0, retried: 0, givenUp: 0 };
  const claimed = await claim(db, now);
  await Promise.all(
    claimed.map(async (d) => {
      const outcome = await post(d, opts.timeoutMs ?? TIMEOUT_MS);
      if (outcome.ok) {
        run.delivered++;
        await db
          .updateTable('intWebhookDelivery')
          .set({
            statusCode: '1',
            deliveredAt: new Date(),
            nextAt: null,
            lastStatus: outcome.status,
            lastError: null,
            lastMs: outcome.ms,
            version: sql`version + 1`,
            updateDate: new Date(),
          })
          .where('id', '=', d.id)
          .execute();
        return;
      }
      const last = d.attempts >= MAX_ATTEMPTS || outcome.final;
      if (last) run.givenUp++;
      else run.retried++;
      const pause = BACKOFF_MS[Math.min(d.attempts, BACKOFF_MS.length) - 1];
      await db
        .updateTable('intWebhookDelivery')
        .set({
          statusCode: last ? '2' : '0',
          nextAt: last ? null : new Date(now.getTime() + pause),
          lastStatus: outcome.status ?? null,
          lastError: outcome.error.slice(0, 500),
          lastMs: outcome.ms ?? null,
          version: sql`version + 1`,
          updateDate: new Date(),
        })
        .where('id', '=', d.id)
        .execute();
    }),
  );
  return run;
}

/** Leases the due deliveries (each key's oldest waiting one per document) and reads what to send. */
async function claim(db: Db, now: Date): Promise<Claimed[]> {
  return db.transaction().execute(async (tx) => {
    // hand-written SQL: the claim's "oldest of its document" test is a not-exists on the same table.
    const { rows: due } = await sql<{ id: string }>`
      select d.id from int_webhook_delivery d
      where d.status_code = '0' and d.next_at <= ${now}
        and not exists (
          select 1 from int_webhook_delivery e
          where e.key_id = d.key_id and e.doc_id = d.doc_id and e.status_code = '0' and e.event_id < d.event_id)
      order by d.event_id
      limit ${BATCH}
      for update skip locked`.execute(tx);
    if (!due.length) return [];
    const leased = await tx
      .updateTable('intWebhookDelivery')
      .set((eb) => ({ nextAt: new Date(now.getTime() + LEASE_MS), attempts: eb('attempts', '+', 1) }))
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .returning(['id', 'attempts'])
      .execute();
    const rows = await tx
      .selectFrom('intWebhookDelivery as d')
      .innerJoin('intOutbox as o', 'o.id', 'd.eventId')
      .innerJoin('sysApiKey as k', 'k.id', 'd.keyId')
      .select([
        'd.id',
        'k.webhookUrl',
        'k.webhookSecret',
        'k.statusCode',
        'o.id as eventId',
        'o.event',
        'o.docKind',
        'o.docId',
        'o.docNo',
        'o.orgNo',
        'o.supplierNo',
        'o.payload',
        'o.createDate',
      ])
      .where(
        'd.id',
        'in',
        leased.map((d) => d.id),
      )
      .execute();
    const attempts = new Map(leased.map((d) => [d.id, d.attempts]));
    return rows.map((r) => ({
      id: r.id,
      attempts: attempts.get(r.id) ?? 1,
      url: r.webhookUrl,
      secret: r.webhookSecret,
      active: r.statusCode === '1',
      event: r.event,
      // The event as the pull feed (GET /events) answers it.
      body: JSON.stringify({
        id: String(r.eventId),
        event: r.event,
        docKind: r.docKind,
        docId: r.docId,
        docNo: r.docNo,
        orgNo: r.orgNo,
        supplierNo: r.supplierNo,
        payload: r.payload,
        createDate: r.createDate,
      }),
    }));
  });
}

type Outcome =
  | { ok: true; status: number; ms: number }
  | { ok: false; status?: number; ms?: number; error: string; final?: boolean };

/** One attempt: the signed POST and what came of it. */
async function post(d: Claimed, timeoutMs: number): Promise<Outcome> {
  // A key revoked, or its address or secret taken away, since the event was queued: nobody to tell.
  if (!d.active || !d.url || !d.secret)
    return {
      ok: false,
      error: d.active ? 'The key has no webhook address now.' : 'The key is revoked.',
      final: true,
    };
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(d.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'srm-portal-webhook/1',
        'x-srm-event': d.event,
        'x-srm-delivery': d.id,
        'x-srm-timestamp': String(timestamp),
        'x-srm-signature': signWebhook(d.secret, timestamp, d.body),
      },
      body: d.body,
    });
    if (res.status >= 200 && res.status < 300) {
      await res.body?.cancel();
      return { ok: true, status: res.status, ms: ms() };
    }
    const answer = await startOf(res);
    return {
      ok: false,
      status: res.status,
      ms: ms(),
      error: `HTTP ${res.status}${answer ? `: ${answer}` : ''}`,
    };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
    return {
      ok: false,
      ms: ms(),
      error: timedOut
        ? `No answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}.`
        : (e.cause?.code ?? e.cause?.message ?? e.message),
    };
  }
}

/** The first ANSWER_KEPT characters of an answer, on one line; the rest is not read. */
async function startOf(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  let text = '';
  const decoder = new TextDecoder();
  try {
    while (text.length < ANSWER_KEPT) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // An answer cut off is still worth what was read.
  } finally {
    void reader.cancel().catch(() => {});
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, ANSWER_KEPT);
}
