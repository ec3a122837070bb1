// The live channel of imports (spec 000 section 7): messages for /productWebSocket/{uid}{portKey}.
// Only the importing user's own sockets subscribe to a key that starts with that user's id, so no
// user ever receives another user's progress.
//
// On PostgreSQL the messages travel through the database (NOTIFY on one channel, LISTEN by every
// instance), so a socket on one instance hears an upload running on another behind the same balancer.
// Embedded PGlite serves one instance, so its messages stay in the process.
import { EventEmitter } from 'node:events';
import pg from 'pg';

/** Message kinds of the spec: the two check outcomes, '$' progress lines, tick lines and failures. */
export const CHECK_SUCCESS = 'checkSuccess';
export const CHECK_FAILED = 'checkFailed';
export const TICK = '✔';

/** A portKey names the port an import goes to; letters, digits and . _ - only. */
export const PORT_KEY = /^[A-Za-z0-9._-]{1,64}$/;

const NOTIFY_CHANNEL = 'srm_import_progress';
/** NOTIFY carries at most 8000 bytes; a longer message goes as several, split between its lines. */
const MAX_PAYLOAD_BYTES = 7000;

export interface ProgressBus {
  publish(userId: string, portKey: string, message: string): void;
  subscribe(userId: string, portKey: string, listener: (message: string) => void): () => void;
  close(): Promise<void>;
}

const channel = (userId: string, portKey: string) => `${userId}\u0000${portKey}`;

function localBus(): ProgressBus & { deliver(name: string, message: string): void } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    deliver: (name, message) => emitter.emit(name, message),
    publish: (userId, portKey, message) => emitter.emit(channel(userId, portKey), message),
    subscribe(userId, portKey, listener) {
      const name = channel(userId, portKey);
      emitter.on(name, listener);
      return () => emitter.off(name, listener);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** The parts of a message that each fit one NOTIFY (failure lines are read one by one anyway). */
export function payloadParts(message: string, limit = MAX_PAYLOAD_BYTES): string[] {
  if (Buffer.byteLength(message) <= limit) return [message];
  const parts: string[] = [];
  let current = '';
  for (const line of message.split('\n')) {
    const piece = Buffer.byteLength(line) > limit ? Buffer.from(line).subarray(0, limit).toString() : line;
    const joined = current ? `${current}\n${piece}` : piece;
    if (Buffer.byteLength(joined) > limit && current) {
      parts.push(current);
      current = piece;
    } else current = joined;
  }
  if (current) parts.push(current);
  return parts;
}

/**
 * LISTEN on one connection, NOTIFY on another. Publishing is queued on its own connection, outside any
 * import's transaction (a NOTIFY in a transaction would wait for its commit), so messages leave in the
 * order they were published; every instance, this one included, delivers them from its LISTEN.
 */
async function postgresBus(databaseUrl: string): Promise<ProgressBus> {
  const local = localBus();
  const listener = new pg.Client({ connectionString: databaseUrl });
  const sender = new pg.Client({ connectionString: databaseUrl });
  // A dropped connection must not crash the server; progress is transient.
  listener.on('error', () => {});
  sender.on('error', () => {});
  await Promise.all([listener.connect(), sender.connect()]);
  listener.on('notification', (n) => {
    if (n.channel !== NOTIFY_CHANNEL || !n.payload) return;
    try {
      const { c, m } = JSON.parse(n.payload) as { c: string; m: string };
      local.deliver(c, m);
    } catch {}
  });
  await listener.query(`listen ${NOTIFY_CHANNEL}`);
  let queue: Promise<unknown> = Promise.resolve();
  return {
    publish(userId, portKey, message) {
      const c = channel(userId, portKey);
      for (const m of payloadParts(message)) {
        const payload = JSON.stringify({ c, m });
        queue = queue
          .then(() => sender.query('select pg_notify($1, $2)', [NOTIFY_CHANNEL, payload]))
          .catch(() => {});
      }
    },
    subscribe: local.subscribe,
    async close() {
      await queue;
      await Promise.allSettled([listener.end(), sender.end()]);
      await local.close();
    },
  };
}

export function openProgressBus(databaseUrl: string | undefined): Promise<ProgressBus> {
  return databaseUrl ? postgresBus(databaseUrl) : Promise.resolve(localBus());
}
