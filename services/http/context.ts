// Builds the CallContext of one call: language, session, data scope and the calling menu's flags,
// all checked before the payload is validated or any handler runs.
import type { FastifyRequest } from 'fastify';
import { menuChain, menuFlags } from '../access/permissions.js';
import { loadScope } from '../access/scope.js';
import { resolveSession } from '../auth/sessions.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { resolveLanguage, translator } from '../i18n.js';
import type { Access, CallContext, SessionUser } from '../registry.js';

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

export function baseContext(req: FastifyRequest, db: Db, config: Config): CallContext {
  const lang = resolveLanguage(header(req, 'accept-language'));
  return { db, config, lang, t: translator(lang), lookup: false, ip: req.ip };
}

export async function sessionUser(db: Db, config: Config, token: string | undefined): Promise<SessionUser> {
  const session = await resolveSession(db, config, token);
  const user = await db
    .selectFrom('sysUser')
    .select(['id', 'userNo', 'userName', 'orgNo', 'scopeAll', 'supplierNo'])
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow();
  return {
    id: user.id,
    userNo: user.userNo,
    userName: user.userName,
    orgNo: user.orgNo,
    tokenHash: session.tokenHash,
    scope: await loadScope(db, user),
  };
}

export async function authorise(req: FastifyRequest, ctx: CallContext, access: Access): Promise<void> {
  if (access.kind === 'public') return;
  ctx.user = await sessionUser(ctx.db, ctx.config, header(req, 'authentication-info'));
  if (access.kind === 'user') return;

  const moduleNumber = header(req, 'app-module-number')?.slice(0, 100);
  const chain = moduleNumber ? await menuChain(ctx.db, moduleNumber) : [];
  const owning = chain.find((m) => access.menus.includes(m));
  if (owning) {
    const flags = await menuFlags(ctx.db, ctx.user.id, owning);
    if (!flags?.[access.flag]) throw new AppError('forbidden', { flag: access.flag });
    ctx.menuNo = owning;
    ctx.flags = flags;
    return;
  }
  if (access.lookup) {
    // A selector on another screen: the user must be able to open that screen (or call from none).
    for (const menu of chain) {
      if ((await menuFlags(ctx.db, ctx.user.id, menu))?.isSearch) {
        ctx.lookup = true;
        return;
      }
    }
    if (!moduleNumber) {
      ctx.lookup = true;
      return;
    }
  }
  throw new AppError('forbidden', { flag: access.flag });
}
