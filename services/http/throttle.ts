// Per-client throttling (@fastify/rate-limit) of the calls worth guessing at, logins and password
// changes, and of the public calls a visitor makes without a login. Counted in the database (sys_rate_limit), so the limit holds across instances
// and restarts; a client over the limit gets 429 with Retry-After and a translated message until its
// window ends. Together with the per-account-and-address lock of the password policy
// (services/auth/policy.ts) this slows guessing down without letting anyone lock another user out.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store on one app's database (the plugin constructs the class itself): one
 * upsert per counted call, keyed by the route and the client.
 */
function dbStore(db: Db) {
  return class DbStore {
    constructor(
      _options?: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      this.count(key, timeWindow, true).then((r) => cb(null, r), cb);
    }

    read(key: string, cb: Callback, timeWindow: number): void {
      this.count(key, timeWindow, false).then((r) => cb(null, r), cb);
    }

    child(routeOptions: { routeInfo?: { url?: string } }): DbStore {
      return new DbStore(undefined, routeOptions.routeInfo?.url ?? '');
    }

    private async count(key: string, windowMs: number, add: boolean) {
      const id = `${this.route}|${key}`;
      const { rows } = add
        ? await sql<{ hits: number; resetAt: Date }>`
            insert into sys_rate_limit (key, hits, reset_at)
            values (${id}, 1, now() + ${`${windowMs} milliseconds`}::interval)
            on conflict (key) do update set
              hits = case when sys_rate_limit.reset_at <= now() then 1 else sys_rate_limit.hits + 1 end,
              reset_at = case when sys_rate_limit.reset_at <= now() then excluded.reset_at
                              else sys_rate_limit.reset_at end
            returning hits, reset_at as "resetAt"`.execute(db)
        : await sql<{ hits: number; resetAt: Date }>`
            select hits, reset_at as "resetAt" from sys_rate_limit
            where key = ${id} and reset_at > now()`.execute(db);
      const row = rows[0];
      // A window starting anew sweeps windows long over (of every client), so the table stays small.
      if (add && row?.hits === 1)
        await sql`delete from sys_rate_limit where reset_at < now() - interval '1 hour'`.execute(db);
      return {
        current: row?.hits ?? 0,
        ttl: row ? Math.max(0, new Date(row.resetAt).getTime() - Date.now()) : windowMs,
      };
    }
  };
}

/**
 * Registers the plugin; a route opts in with `config: { rateLimit: throttled(config, budget) }` (a
 * method declaring `throttled`).
 */
export async function registerThrottle(app: FastifyInstance, db: Db) {
  await app.register(rateLimit, {
    global: false,
    store: dbStore(db) as never,
    keyGenerator: (req: FastifyRequest) => req.ip,
    // Thrown, and answered by the app's error handler like every refusal: 429, in the caller's language.
    errorResponseBuilder: (_req, context) =>
      new AppError('tooManyAttempts', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }) as never,
  });
}

/** The route options of a throttled method: the configured limit, or the method's own budget. */
export function throttled(config: Config, budget: true | { max: number; windowMinutes: number }) {
  const { max, windowMinutes } = budget === true ? config.throttle : budget;
  return { max, timeWindow: windowMinutes * 60_000 };
}
