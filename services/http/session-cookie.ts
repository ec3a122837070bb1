// The browser's session in a cookie script cannot read (OWASP ASVS V3.4.1 to V3.4.4), and the CSRF
// defence that comes with any ambient credential (V3.3.x, V4.2.2 / V50.4.1 of ASVS 5).
//
// - A session-opening call (login) that carries `X-Session-Transport: cookie` answers without the token
//   and sets it as an HttpOnly, SameSite=Strict cookie, Secure (and `__Host-` prefixed) when the portal
//   is served over HTTPS, beside a non-secret marker cookie the browser reads to know it is signed in.
//   Without that header the answer carries the token and no cookie is set (machine clients, tests).
// - A call authenticates by the `Authentication-Info` header first, else by the session cookie. A call
//   authenticated by the cookie, and a login asking for one, must carry `X-Requested-With:
//   XMLHttpRequest` unless it is a GET or HEAD (the live channels' handshakes, judged by their Origin).
// - Logout clears both cookies, and so does a call refused because its cookie's session timed out or
//   is unknown. A session ended for a reason (signed out elsewhere, password changed, account
//   disabled) keeps its dead cookie until the next login replaces it, so that every call still in
//   flight names that reason (spec 000 section 8, 000701) rather than a bare expiry; the browser
//   forgets its marker as soon as it handles the session's end.
//
// SameSite=Strict rather than Lax: the page itself is public (index.html needs no session), so a link
// from a mail or another site still opens the portal, whose own calls then carry the cookie; Strict
// only withholds it from requests another site starts, which the portal never needs.
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  COOKIE_TRANSPORT,
  CSRF_HEADER,
  CSRF_VALUE,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_TRANSPORT_HEADER,
  SIGNED_IN_COOKIE,
} from '../../engine/core/sessionCookie.js';
import { endSession, hashToken } from '../auth/sessions.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';

/** How one call came with its session, and what its answer must do to the cookies. */
interface CallTransport {
  /** The session cookie's token, when the call carried one. */
  cookieToken?: string;
  /** The call asked for a cookie session (login from the browser). */
  cookieMode: boolean;
  /** What authenticated the call. */
  via?: 'header' | 'cookie';
  /** A new session's token to set as the cookie. */
  issue?: string;
  /** The session ended: clear both cookies. */
  clear?: boolean;
}

const transports = new WeakMap<CallContext, CallTransport>();

export function sessionCookieName(config: Pick<Config, 'https'>): string {
  return config.https ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return typeof v === 'string' ? v : undefined;
}

function transportOf(req: FastifyRequest, ctx: CallContext): CallTransport {
  let t = transports.get(ctx);
  if (!t) {
    const cookie = req.cookies?.[sessionCookieName(ctx.config)];
    t = {
      cookieToken: cookie || undefined,
      cookieMode: header(req, SESSION_TRANSPORT_HEADER) === COOKIE_TRANSPORT,
    };
    transports.set(ctx, t);
  }
  return t;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses (csrfHeaderMissing) a state-changing call that relies on the cookie without the custom header. */
function requireCsrfHeader(req: FastifyRequest): void {
  if (SAFE_METHODS.has(req.method)) return;
  if (header(req, CSRF_HEADER) !== CSRF_VALUE)
    throw new AppError('csrfHeaderMissing', { header: CSRF_HEADER });
}

/**
 * Checks how the call comes with its session before anything else is done: a login asking for a
 * cookie session must carry the CSRF header like any cookie-authenticated call.
 */
export function checkSessionTransport(req: FastifyRequest, ctx: CallContext): void {
  if (transportOf(req, ctx).cookieMode) requireCsrfHeader(req);
}

/**
 * The call's session token: the `Authentication-Info` header (machine clients), else the session cookie,
 * which on any call but GET or HEAD must come with the CSRF header. Undefined when there is neither.
 */
export function callToken(req: FastifyRequest, ctx: CallContext): string | undefined {
  const t = transportOf(req, ctx);
  const given = header(req, 'authentication-info');
  if (given) {
    t.via = 'header';
    return given;
  }
  if (!t.cookieToken) return undefined;
  requireCsrfHeader(req);
  t.via = 'cookie';
  return t.cookieToken;
}

/**
 * A live channel's token: the one offered as a subprotocol beside `protocol`, else the session cookie.
 * A socket on the cookie must say where it was opened from (checkSocketOrigin then holds it to the
 * portal's own host): only browsers send cookies by themselves, and every browser sends an Origin.
 */
export function socketToken(req: FastifyRequest, ctx: CallContext, offered: string[], protocol: string) {
  const given = offered.find((p) => p !== protocol);
  if (given) {
    transportOf(req, ctx).via = 'header';
    return given;
  }
  const t = transportOf(req, ctx);
  if (!t.cookieToken) return undefined;
  if (!req.headers.origin) throw new AppError('forbidden', { flag: 'origin' });
  t.via = 'cookie';
  return t.cookieToken;
}

/** Notes a refusal of the call's session: one that timed out (or is unknown) clears the cookies it came with. */
export function noteSessionRefused(ctx: CallContext, error: unknown): void {
  const t = transports.get(ctx);
  if (t?.via === 'cookie' && error instanceof AppError && error.kind === 'sessionExpired') t.clear = true;
}

/**
 * The answer of a call that opened a session: `{token}` for a machine client; for a browser that asked
 * for a cookie session, nothing (the token goes in the HttpOnly cookie). A session cookie the browser
 * still held is ended: the new login replaces it.
 */
export async function sessionAnswer(ctx: CallContext, token: string): Promise<{ token?: string }> {
  const t = transports.get(ctx);
  if (!t?.cookieMode) return { token };
  if (t.cookieToken && t.cookieToken !== token) await endSession(ctx.db, hashToken(t.cookieToken), 'logout');
  t.issue = token;
  t.clear = false;
  return {};
}

/** The call ended its own session (logout): a browser's cookies go with it. */
export function endSessionCookie(ctx: CallContext): void {
  const t = transports.get(ctx);
  if (t?.cookieToken) t.clear = true;
}

function cookieOptions(config: Config, httpOnly: boolean) {
  return { path: '/', httpOnly, secure: config.https, sameSite: 'strict' as const };
}

function applyCookies(req: FastifyRequest, reply: FastifyReply, config: Config): void {
  const t = req.ctx && transports.get(req.ctx);
  if (!t) return;
  const name = sessionCookieName(config);
  if (t.issue) {
    reply.setCookie(name, t.issue, cookieOptions(config, true));
    reply.setCookie(SIGNED_IN_COOKIE, '1', cookieOptions(config, false));
  } else if (t.clear) {
    reply.clearCookie(name, cookieOptions(config, true));
    reply.clearCookie(SIGNED_IN_COOKIE, cookieOptions(config, false));
  }
}

/** Cookie parsing for every route, and the answer's cookies written from what the call decided. */
export async function registerSessionCookie(app: FastifyInstance, config: Config): Promise<void> {
  // Unsigned: the token is itself an unguessable secret, checked against the database on every call.
  await app.register(fastifyCookie);
  app.addHook('onSend', async (req, reply, payload) => {
    applyCookies(req, reply, config);
    return payload;
  });
}
