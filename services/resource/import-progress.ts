// The live channel of imports (spec 000 section 7): messages for /productWebSocket/{uid}{portKey}.
// Only the importing user's own sockets subscribe to a key that starts with that user's id, so no
// user ever receives another user's progress. Progress is transient and per instance: a socket and
// the upload it watches are expected on the same instance (sticky sessions behind a balancer); the
// job's outcome itself is kept in sys_import_job, so a download works on any instance.
import { EventEmitter } from 'node:events';

const bus = new EventEmitter();
bus.setMaxListeners(0);

/** Message kinds of the spec: the two check outcomes, '$' progress lines, tick lines and failures. */
export const CHECK_SUCCESS = 'checkSuccess';
export const CHECK_FAILED = 'checkFailed';
export const TICK = '✔';

/** A portKey names the port an import goes to; letters, digits and . _ - only. */
export const PORT_KEY = /^[A-Za-z0-9._-]{1,64}$/;

const channel = (userId: string, portKey: string) => `${userId}\u0000${portKey}`;

export function publish(userId: string, portKey: string, message: string): void {
  bus.emit(channel(userId, portKey), message);
}

export function subscribe(userId: string, portKey: string, listener: (message: string) => void): () => void {
  const name = channel(userId, portKey);
  bus.on(name, listener);
  return () => bus.off(name, listener);
}

/** How many sockets listen to a user's port (tests and diagnostics). */
export function listeners(userId: string, portKey: string): number {
  return bus.listenerCount(channel(userId, portKey));
}
