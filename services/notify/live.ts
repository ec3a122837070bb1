// The inbox's live channel: a WebSocket at /noticeWebSocket on which the server tells a user its unread
// count and newest message whenever messages are written for it or it marked some read. Authentication is the import channel's:
// the browser's session cookie, or for other clients the session token as a subprotocol beside
// NOTICE_PROTOCOL (no headers can be set on a WebSocket, and a query string would leave the token in
// access logs); the handshake's Origin must be the portal's own. A socket listens to its own
// user only (the user of the token), so no call can ever hear another user's messages; the session is
// checked again every SESSION_CHECK_MS and the socket closed once it has ended.
//
// The news travels through the same bus as import progress (services/resource/import-progress.ts): on
// PostgreSQL through NOTIFY, so a message written on one instance reaches a socket on another.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { baseContext, socketUser } from '../http/context.js';
import { checkSocketOrigin } from '../http/socket-origin.js';
import { inboxSummary } from '../modules/IBmNoticeService.js';
import type { CallContext } from '../registry.js';
import type { ProgressBus } from '../resource/import-progress.js';
import type { NoticeReceiver } from '../rules/notices.js';

export const NOTICE_PROTOCOL = 'srm-notice';
export const NOTICE_SOCKET_PATH = '/noticeWebSocket';
/** The bus key of a user's inbox news. */
const INBOX = 'inbox';
const SESSION_CHECK_MS = 60_000;

/** What a socket hears: the user's unread count and latest messages. */
export interface InboxNews {
  type: 'inbox';
  unread: number;
  latest: unknown[];
}

/** Tells each user that received messages its new count (after the messages' transaction committed). */
export async function pushInbox(
  db: Db,
  bus: ProgressBus,
  receivers: readonly NoticeReceiver[],
): Promise<void> {
  const users = new Map(receivers.map((r) => [r.userId, r.userNo]));
  for (const [userId, userNo] of users) publishInbox(bus, userId, await inboxSummary({ db }, userNo));
}

/** Tells one user's open pages its inbox as it is now (a summary the caller already has). */
export function publishInbox(bus: ProgressBus, userId: string, summary: Omit<InboxNews, 'type'>): void {
  const news: InboxNews = { type: 'inbox', ...summary };
  bus.publish(userId, INBOX, JSON.stringify(news));
}

/** Whether a session is still open (not ended, not idle too long, not past its end, its user valid). */
async function sessionAlive(db: Db, config: Config, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysSession as s')
    .innerJoin('sysUser as u', 'u.id', 's.userId')
    .select(['s.lastSeenAt', 's.absoluteExpiry', 's.endedAt', 'u.statusCode'])
    .where('s.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  const now = Date.now();
  return Boolean(
    row &&
      !row.endedAt &&
      row.statusCode === '1' &&
      now - new Date(row.lastSeenAt).getTime() <= config.sessionIdleMinutes * 60_000 &&
      now <= new Date(row.absoluteExpiry).getTime(),
  );
}

function protocols(req: FastifyRequest): string[] {
  const header = req.headers['sec-websocket-protocol'];
  return typeof header === 'string' ? header.split(',').map((p) => p.trim()) : [];
}

/** The route, registered in the scope that has the WebSocket plugin (services/http/import-routes.ts). */
export function registerNoticeSocket(
  scope: FastifyInstance,
  { db, config, bus }: { db: Db; config: Config; bus: ProgressBus },
): void {
  scope.get(
    NOTICE_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (req) => {
        req.ctx = baseContext(req, db, config);
        checkSocketOrigin(req);
        const offered = protocols(req);
        if (!offered.includes(NOTICE_PROTOCOL)) throw new AppError('sessionExpired');
        req.ctx.user = await socketUser(req, req.ctx, offered, NOTICE_PROTOCOL);
      },
    },
    (socket, req) => {
      const user = (req.ctx as CallContext).user!;
      const send = (text: string) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      };
      const unsubscribe = bus.subscribe(user.id, INBOX, send);
      // The session may end (logout, idle, an administrator): the socket ends with it.
      // Checked without touching it: an open socket does not keep an idle session alive.
      const check = setInterval(() => {
        sessionAlive(db, config, user.tokenHash).then(
          (alive) => {
            if (!alive) socket.close(4001, 'session');
          },
          () => {},
        );
      }, SESSION_CHECK_MS);
      check.unref();
      const stop = () => {
        clearInterval(check);
        unsubscribe();
      };
      socket.on('close', stop);
      socket.on('error', stop);
      // The channel only speaks; anything the client sends is ignored.
      socket.on('message', () => {});
      // The current state at once, so a client needs no separate call after (re)connecting.
      inboxSummary({ db }, user.userNo).then(
        (summary) => send(JSON.stringify({ type: 'inbox', ...summary } satisfies InboxNews)),
        () => {},
      );
    },
  );
}
