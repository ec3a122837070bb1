// Why the last session ended, when the start-up guard found it ended (a reload after an administrator
// disabled the account, say): the login page says so in words (engine/request/sessionEnd.ts) instead
// of a toast of the server's message. Forgotten at the next login.
import { RequestError, type SessionEndReason, sessionEndReason } from '../request';
import { createStore } from '../store/createStore';

export const sessionEndStore = createStore<{ reason: SessionEndReason | undefined }>(() => ({
  reason: undefined,
}));

/** Notes why the session ended, if `error` is a session's end; true when it was one. */
export function noteSessionEnd(error: unknown): boolean {
  const reason = error instanceof RequestError ? sessionEndReason(error.code, error.data) : undefined;
  if (reason) sessionEndStore.set({ reason });
  return reason !== undefined;
}
