// Builds the CallContext of one call: language, session, data scope and the calling menu's flags,
// all checked before the payload is validated or any handler runs.
import type { FastifyRequest } from 'fastify';
import { lookupFieldsFor } from '../access/lookup-grants.js';
import type { ChainEntry } from '../access/permissions.js';
import { scopeFrom } from '../access/scope.js';
import { resolveSession } from '../auth/sessions.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { resolveLanguage, translator } from '../i18n.js';
import type { Access, CallContext, SessionUser } from '../registry.js';
import { callToken, checkSessionTransport, noteSessionRefused, socketToken } from './session-cookie.js';

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

export function baseContext(req: FastifyRequest, db: Db, config: Config): CallContext {
  const lang = resolveLanguage(header(req, 'accept-language'));
  return {
    db,
    config,
    lang,
    t: translator(lang),
    lookup: false,
    ip: req.ip,
    userAgent: header(req, 'user-agent'),
  };
}

export async function sessionUser(db: Db, config: Config, token: string | undefined): Promise<SessionUser> {
  return (await sessionWithChain(db, config, token)).user;
}

/** The session's user and, where `menuNo` names a menu, its chain with the user's flags. */
async function sessionWithChain(
  db: Db,
  config: Config,
  token: string | undefined,
  menuNo?: string,
): Promise<{ user: SessionUser; chain: ChainEntry[] }> {
  const { tokenHash, user, scopeRows, chain } = await resolveSession(db, config, token, menuNo);
  return {
    user: {
      id: user.id,
      userNo: user.userNo,
      userName: user.userName,
      orgNo: user.orgNo,
      tokenHash,
      scope: scopeFrom(scopeRows, user),
    },
    chain: chain ?? [],
  };
}

/**
 * A live channel's user: the token offered as a subprotocol beside `protocol` (machine clients), else
 * the browser's session cookie. The caller checks the handshake's Origin first (socket-origin.ts).
 */
export async function socketUser(
  req: FastifyRequest,
  ctx: CallContext,
  offered: string[],
  protocol: string,
): Promise<SessionUser> {
  try {
    return await sessionUser(ctx.db, ctx.config, socketToken(req, ctx, offered, protocol));
  } catch (error) {
    noteSessionRefused(ctx, error);
    throw error;
  }
}

/** `call` is the method's "Service/method", which lookup grants are kept by. */
export async function authorise(
  req: FastifyRequest,
  ctx: CallContext,
  access: Access,
  call = '',
): Promise<void> {
  checkSessionTransport(req, ctx);
  if (access.kind === 'public') return;
  // The Authentication-Info header (machine clients), else the browser's session cookie; the calling
  // menu's flags come in the same query.
  const moduleNumber = access.kind === 'menu' ? header(req, 'app-module-number')?.slice(0, 100) : undefined;
  let chain: ChainEntry[];
  try {
    ({ user: ctx.user, chain } = await sessionWithChain(
      ctx.db,
      ctx.config,
      callToken(req, ctx),
      moduleNumber,
    ));
  } catch (error) {
    noteSessionRefused(ctx, error);
    throw error;
  }
  if (access.kind === 'user') return;

  const owning = chain.find((m) => access.menus.includes(m.menuNo));
  if (owning) {
    if (!owning.flags?.[access.flag]) throw new AppError('forbidden', { flag: access.flag });
    ctx.menuNo = owning.menuNo;
    ctx.flags = owning.flags;
    return;
  }
  // A selector on another screen: the user must be able to open that screen, and its screens must
  // name the call (a selector or a call of theirs).
  if (access.lookup && chain.some((m) => m.flags?.isSearch)) {
    const fields = lookupFieldsFor(
      call,
      chain.map((m) => m.menuNo),
      ctx.config.extraScreens,
    );
    if (fields) {
      ctx.lookup = true;
      ctx.lookupFields = fields;
      return;
    }
  }
  throw new AppError('forbidden', { flag: access.flag });
}
