// Opaque random tokens; the database keeps only their SHA-256, so a leaked table opens no session.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type ChainEntry, type ChainRow, chainOf, menuChainQuery } from '../access/permissions.js';
import type { Config } from '../config.js';
import { type Db, keepPrepared } from '../db/database.js';
import { AppError } from '../errors.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where a session was opened from, shown to its user on the settings page. */
export interface SessionOrigin {
  ip?: string;
  userAgent?: string;
}

/**
 * A new session. With `maxSessions`, the user's oldest active sessions beyond it end (reason 'limit'):
 * the login that just succeeded wins, as a user who signs in on a new device expects.
 */
export async function createSession(
  db: Db,
  config: Config,
  userId: string,
  origin: SessionOrigin = {},
  maxSessions: number | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('sysSession')
      .values({
        tokenHash: hashToken(token),
        userId,
        lastSeenAt: now,
        absoluteExpiry: new Date(now.getTime() + config.sessionAbsoluteHours * 3_600_000),
        clientIp: origin.ip?.slice(0, 64) ?? null,
        userAgent: origin.userAgent?.slice(0, 300) ?? null,
      })
      .execute();
    if (maxSessions) {
      const beyond = await tx
        .selectFrom('sysSession')
        .select('tokenHash')
        .where('userId', '=', userId)
        .where('endedAt', 'is', null)
        .where('absoluteExpiry', '>', now)
        .orderBy('createdAt', 'desc')
        .orderBy('lastSeenAt', 'desc')
        .offset(maxSessions)
        .limit(1000)
        .execute();
      if (beyond.length)
        await tx
          .updateTable('sysSession')
          .set({ endedAt: now, endReason: 'limit' })
          .where(
            'tokenHash',
            'in',
            beyond.map((b) => b.tokenHash),
          )
          .execute();
    }
  });
  return token;
}

export interface SessionView {
  sessionId: string;
  createdAt: string;
  lastSeenAt: string;
  clientIp: string | null;
  userAgent: string | null;
  /** The session this call came with. */
  current: boolean;
}

/** The user's sessions still open (not ended, not past their absolute expiry), newest first. */
export async function activeSessions(db: Db, config: Config, userId: string, tokenHash: string) {
  const now = Date.now();
  const rows = await db
    .selectFrom('sysSession')
    .select(['sessionId', 'tokenHash', 'createdAt', 'lastSeenAt', 'clientIp', 'userAgent'])
    .where('userId', '=', userId)
    .where('endedAt', 'is', null)
    .where('absoluteExpiry', '>', new Date(now))
    .where('lastSeenAt', '>', new Date(now - config.sessionIdleMinutes * 60_000))
    .orderBy('createdAt', 'desc')
    .limit(200)
    .execute();
  return rows.map(
    (r): SessionView => ({
      sessionId: r.sessionId,
      createdAt: new Date(r.createdAt).toISOString(),
      lastSeenAt: new Date(r.lastSeenAt).toISOString(),
      clientIp: r.clientIp,
      userAgent: r.userAgent,
      current: r.tokenHash === tokenHash,
    }),
  );
}

/** Ends one of the user's own sessions by its id; false when the user holds no such open session. */
export async function endOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .updateTable('sysSession')
    .set({ endedAt: new Date(), endReason: 'ended' })
    .where('userId', '=', userId)
    .where('sessionId', '=', sessionId)
    .where('endedAt', 'is', null)
    .executeTakeFirst();
  return Number(ended.numUpdatedRows) > 0;
}

export async function endSession(db: Db, tokenHash: string, reason: string): Promise<void> {
  await db
    .updateTable('sysSession')
    .set({ endedAt: new Date(), endReason: reason })
    .where('tokenHash', '=', tokenHash)
    .where('endedAt', 'is', null)
    .execute();
}

export async function endUserSessions(
  db: Db,
  userId: string,
  reason: string,
  except?: string,
): Promise<void> {
  let q = db
    .updateTable('sysSession')
    .set({ endedAt: new Date(), endReason: reason })
    .where('userId', '=', userId)
    .where('endedAt', 'is', null);
  if (except) q = q.where('tokenHash', '!=', except);
  await q.execute();
}

/** Why a session ended, by its public name: the browser words each (engine/request/sessionEnd.ts). */
const END_REASONS: Record<string, string> = {
  disabled: 'accountDisabled',
  passwordChanged: 'passwordChanged',
  logout: 'loggedOut',
};

/** sessionInvalid (000701) naming why, in response.data, so the browser can say what happened. */
function sessionEnded(endReason: string | null): AppError {
  return new AppError('sessionInvalid', {}, { reason: END_REASONS[endReason ?? ''] ?? 'ended' });
}

// Writing last_seen_at on every call would turn each read into a write; once a minute is enough
// to keep the idle clock right to the minute.
const TOUCH_AFTER_MS = 60_000;

export interface ActiveSession {
  tokenHash: string;
  user: {
    id: string;
    userNo: string;
    userName: string;
    orgNo: string | null;
    scopeAll: boolean;
    supplierNo: string | null;
  };
  /** sys_user_data rows: t is the data type, v the value. */
  scopeRows: { t: number; v: string }[];
  /** The calling menu's chain with the user's flags (menuChainFlags), where a menu was named. */
  chain?: ChainEntry[];
}

/**
 * Resolves a token to its session, its user and the user's scope rows in one query, with the flags of
 * the user's roles on the calling menu's chain where `menuNo` names one (one round trip for what
 * every call checks first). Unknown or timed out: sessionExpired (10004). Ended by logout, a password
 * change or a disabled account: sessionInvalid (000701).
 */
export async function resolveSession(
  db: Db,
  config: Config,
  token: string | undefined,
  menuNo?: string,
): Promise<ActiveSession> {
  if (!token || token.length > 200) throw new AppError('sessionExpired');
  const tokenHash = hashToken(token);
  const query = db
    .selectFrom('sysSession as s')
    .innerJoin('sysUser as u', 'u.id', 's.userId')
    .select([
      's.lastSeenAt',
      's.absoluteExpiry',
      's.endedAt',
      's.endReason',
      'u.id',
      'u.userNo',
      'u.userName',
      'u.orgNo',
      'u.scopeAll',
      'u.supplierNo',
      'u.statusCode',
    ])
    .select(
      sql<
        { t: number; v: string }[]
      >`coalesce((select json_agg(json_build_object('t', d.data_type, 'v', d.data_value))
        from sys_user_data d where d.user_id = u.id), '[]'::json)`.as('scopeRows'),
    )
    .select(
      menuNo
        ? sql<ChainRow[]>`(select coalesce(json_agg(json_build_object('menuNo', c.menu_no, 'roles', c.roles,
            'granted', c.granted) order by c.depth), '[]'::json) from (${menuChainQuery(sql.ref('u.id'), menuNo)}) c)`.as(
            'chain',
          )
        : sql<null>`null`.as('chain'),
    )
    .where('s.tokenHash', '=', tokenHash);
  const [row] = (await db.executeQuery(keepPrepared(query.compile()))).rows;
  if (!row) throw new AppError('sessionExpired');
  if (row.endedAt) {
    if (row.endReason === 'expired') throw new AppError('sessionExpired');
    throw sessionEnded(row.endReason);
  }
  if (row.statusCode !== '1') {
    await endSession(db, tokenHash, 'disabled');
    throw sessionEnded('disabled');
  }
  const now = Date.now();
  const lastSeen = new Date(row.lastSeenAt).getTime();
  if (now - lastSeen > config.sessionIdleMinutes * 60_000 || now > new Date(row.absoluteExpiry).getTime()) {
    await endSession(db, tokenHash, 'expired');
    throw new AppError('sessionExpired');
  }
  if (now - lastSeen > TOUCH_AFTER_MS) {
    await db
      .updateTable('sysSession')
      .set({ lastSeenAt: new Date(now) })
      .where('tokenHash', '=', tokenHash)
      .execute();
  }
  const { id, userNo, userName, orgNo, scopeAll, supplierNo } = row;
  return {
    tokenHash,
    user: { id, userNo, userName, orgNo, scopeAll, supplierNo },
    scopeRows: row.scopeRows,
    ...(row.chain ? { chain: chainOf(row.chain) } : {}),
  };
}
