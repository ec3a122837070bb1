// The dispatcher: business events of the outbox (int_outbox) become messages, and deliveries to the
// webhooks that hear them (services/integration/webhooks.ts). It keeps its own place
// in the outbox, in the database (notify_cursor, notify_dispatched), so every event is handled once
// whichever instance runs it and however often it restarts:
//
// - an event is handled in one transaction that first claims it (insert into notify_dispatched, keyed by
//   the event's id; a second instance trying the same event waits for the first and then finds the key
//   taken) and then writes its messages, so the messages exist exactly when the claim does;
// - events are looked for above the cursor and not yet claimed, oldest first; an event whose writing
//   transaction commits late (its id below events already handled) is still found, because the cursor
//   only moves past events older than SETTLE_MS, and no transaction writes an event that long before
//   committing it.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { queueWebhooks } from '../integration/webhooks.js';
import { deliverNotice, type NoticeReceiver } from '../rules/notices.js';
import { noticeFor, type OutboxEvent } from './events.js';

export const CURSOR = 'notices';
/** How old an event must be before the cursor may move past it. */
export const SETTLE_MS = 10 * 60_000;
const BATCH = 100;

export interface DispatchResult {
  /** Events handled (with or without messages). */
  events: number;
  /** The messages written, one entry per message. */
  receivers: NoticeReceiver[];
}

/** Starts the cursor at the outbox's end when there is none: events from before are history. */
export async function initCursor(db: Db): Promise<void> {
  await sql`
    insert into notify_cursor (name, last_id)
    select ${CURSOR}, coalesce((select max(id) from int_outbox), 0)
    on conflict (name) do nothing`.execute(db);
}

/** An event that failed this many times is set aside (logged), so it cannot hold up the others. */
export const MAX_FAILURES = 3;

export interface DispatchOptions {
  /** Failures per event id so far (kept by the caller between runs). */
  failures?: Map<string, number>;
  log?: (msg: string, err?: unknown) => void;
}

/** Handles the events waiting, in batches, until none is left; answers what was written. */
export async function dispatchEvents(db: Db, opts: DispatchOptions = {}): Promise<DispatchResult> {
  const failures = opts.failures ?? new Map<string, number>();
  await initCursor(db);
  const out: DispatchResult = { events: 0, receivers: [] };
  for (;;) {
    const cursor = await db
      .selectFrom('notifyCursor')
      .select('lastId')
      .where('name', '=', CURSOR)
      .executeTakeFirstOrThrow();
    const waiting = await db
      .selectFrom('intOutbox as o')
      .select(['o.id'])
      .where('o.id', '>', cursor.lastId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('notifyDispatched as d').select('d.outboxId').whereRef('d.outboxId', '=', 'o.id'),
          ),
        ),
      )
      .orderBy('o.id')
      .limit(BATCH)
      .execute();
    let failed = 0;
    for (const { id } of waiting) {
      const key = String(id);
      try {
        const receivers = await handleEvent(db, key);
        failures.delete(key);
        if (receivers) {
          out.events++;
          out.receivers.push(...receivers);
        }
      } catch (err) {
        failed++;
        const count = (failures.get(key) ?? 0) + 1;
        failures.set(key, count);
        opts.log?.(`notification of outbox event ${key} failed (${count} of ${MAX_FAILURES})`, err);
        if (count >= MAX_FAILURES) {
          // Set aside: claimed without messages (its webhooks still hear it), so the cursor can move on.
          await db.transaction().execute(async (tx) => {
            const claimed = await tx
              .insertInto('notifyDispatched')
              .values({ outboxId: Number(key) })
              .onConflict((oc) => oc.column('outboxId').doNothing())
              .returning('outboxId')
              .executeTakeFirst();
            if (claimed) await queueWebhooks(tx, Number(key));
          });
          failures.delete(key);
        }
      }
    }
    // A full batch of failures would be read again at once: the next run tries again instead.
    if (waiting.length < BATCH || failed === waiting.length) break;
  }
  await advanceCursor(db);
  return out;
}

/**
 * One event in its own transaction: claimed, then its webhook deliveries and its messages; undefined
 * when another had it.
 */
async function handleEvent(db: Db, id: string): Promise<NoticeReceiver[] | undefined> {
  return db.transaction().execute(async (tx) => {
    const claimed = await tx
      .insertInto('notifyDispatched')
      .values({ outboxId: Number(id) })
      .onConflict((oc) => oc.column('outboxId').doNothing())
      .returning('outboxId')
      .executeTakeFirst();
    if (!claimed) return undefined;
    await queueWebhooks(tx, Number(id));
    const row = await tx
      .selectFrom('intOutbox')
      .select(['id', 'event', 'docKind', 'docId', 'docNo', 'orgNo', 'supplierNo', 'payload'])
      .where('id', '=', Number(id))
      .executeTakeFirst();
    if (!row) return [];
    const notice = await noticeFor(tx, { ...row, id: String(row.id) } as OutboxEvent);
    return notice ? deliverNotice(tx, notice) : [];
  });
}

/**
 * Moves the cursor up to the last event before the oldest one still unhandled, but never past an event
 * younger than SETTLE_MS; the handled rows below the cursor are no longer needed.
 */
async function advanceCursor(db: Db): Promise<void> {
  const settled = new Date(Date.now() - SETTLE_MS);
  await sql`
    update notify_cursor c set last_id = coalesce((
        select max(o.id) from int_outbox o
        where o.id > c.last_id and o.create_date < ${settled}
          and o.id < coalesce((
            select min(u.id) from int_outbox u
            where u.id > c.last_id
              and not exists (select 1 from notify_dispatched d where d.outbox_id = u.id)
          ), 9223372036854775807)
      ), c.last_id), update_date = now()
    where c.name = ${CURSOR}`.execute(db);
  await sql`
    delete from notify_dispatched
    where outbox_id <= (select last_id from notify_cursor where name = ${CURSOR})`.execute(db);
}
