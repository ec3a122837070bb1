// Operation and abnormal logs, written where every call passes (services/http/server.ts), so no
// service writes its own. An operation row for every successful call that writes and for every
// login (success or failure) and logout; an abnormal row for a server fault (with its stack, which
// stays in this table and the server log, never in an answer) and for refusals worth auditing
// (forbidden, outside the data scope).
//
// A log row is written after the answer has been sent and never awaited by the call: a failing or
// slow log write cannot fail or delay the call. The writes still in flight are awaited on close.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { CallContext, MethodDef } from '../registry.js';

/** Method names that only read, for methods that do not declare `audit` themselves. */
const READ_NAME = /^(get|down|export|list|query|search|check|my|print|count)/i;
const LOGIN = 'ISrmBmLoginService/login';
const LOGOUT = 'ISrmBmLoginService/logout';

export function isWriteMethod(name: string, def: Pick<MethodDef, 'audit'>): boolean {
  if (def.audit) return def.audit === 'write';
  return !READ_NAME.test(name);
}

/**
 * A value as the log can store it, always written: PostgreSQL text holds no NUL, and a control
 * character in a name (a user name typed at the login, say) could forge what a reader of the log
 * sees, so each becomes a visible \uXXXX escape. Texts (a message, a stack) keep their line breaks
 * and tabs.
 */
export function storable(value: string, text = false): string {
  return value.replace(
    text ? /(?![\t\n\r])\p{Cc}/gu : /\p{Cc}|[\u2028\u2029]/gu,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Operation type of spec 001 section 9: 1 PC, 2 PDA, 0 unknown. */
function clientType(req: FastifyRequest): string {
  const v = req.headers.invokerparam;
  return v === '1' || v === '2' ? v : '0';
}

/** Service and method of an API path, or undefined for anything else. */
export function callOf(url: string, prefix: string): { service: string; method: string } | undefined {
  if (!url.startsWith(`${prefix}/`)) return undefined;
  const [service, method] = url
    .slice(prefix.length + 1)
    .split('?')[0]
    .split('/');
  return service && method ? { service: service.slice(0, 100), method: method.slice(0, 100) } : undefined;
}

interface Envelope {
  status?: number;
  code?: string;
  msg?: string;
  response?: { data?: Record<string, unknown> | null } | null;
}

function rowsOf(data: unknown): number | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d.deleted === 'number') return d.deleted;
  if (typeof d.inserted === 'number' && typeof d.updated === 'number') return d.inserted + d.updated;
  if (Array.isArray(d.records)) return d.records.length;
  return 1;
}

export class AuditLog {
  private readonly pending = new Set<Promise<unknown>>();
  /** "Service/method" of every method that writes. */
  private readonly writes = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly prefix: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  declareWrites(service: string, methods: Record<string, MethodDef>): void {
    for (const [name, def] of Object.entries(methods))
      if (isWriteMethod(name, def)) this.writes.add(`${service}/${name}`);
  }

  declareWrite(service: string, method: string): void {
    this.writes.add(`${service}/${method}`);
  }

  /** Whether the answer of this request is needed for its operation log row. */
  wants(url: string): boolean {
    const call = callOf(url, this.prefix);
    if (!call || !this.config.auditLog) return false;
    const key = `${call.service}/${call.method}`;
    return key === LOGIN || key === LOGOUT || call.method === 'importexcel' || this.writes.has(key);
  }

  private track(work: Promise<unknown>): void {
    const p = work.catch(this.onError);
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /**
   * After the answer was sent: the operation row of a write, a login or a logout. `payload` is the
   * answer's envelope, as an object or as the text sent.
   */
  operation(req: FastifyRequest, httpStatus: number, payload: unknown, durationMs: number): void {
    const call = callOf(req.url, this.prefix);
    if (!call || !this.wants(req.url)) return;
    const key = `${call.service}/${call.method}`;
    let env: Envelope | undefined;
    if (typeof payload === 'string') {
      try {
        env = JSON.parse(payload) as Envelope;
      } catch {
        env = undefined;
      }
    } else if (payload && typeof payload === 'object' && 'code' in payload) env = payload as Envelope;
    const success = httpStatus === 200 && (env === undefined || env.code === '0');
    // Refused writes are the caller's mistake, answered and changing nothing; logins are kept either way.
    if (!success && key !== LOGIN) return;
    const ctx = req.ctx;
    const body = req.body as { condition?: { userNo?: unknown } } | undefined;
    const data = env?.response?.data as Record<string, unknown> | null | undefined;
    const userNo =
      ctx?.user?.userNo ??
      (key === LOGIN
        ? String(body?.condition?.userNo ?? '')
            .trim()
            .slice(0, 64)
        : null);
    const userName = ctx?.user?.userName ?? (key === LOGIN && success ? String(data?.userName ?? '') : null);
    this.track(
      this.insert('sys_operation_log', ctx, req, {
        user_no: userNo || null,
        user_name: userName || null,
        service: call.service,
        method: call.method,
        result: success ? 'success' : 'failure',
        result_code: env?.code ?? (success ? '0' : String(httpStatus)),
        // A password step that passed but opened no session yet says which second factor step is due.
        message: success
          ? key === LOGIN && data?.secondFactor
            ? `second factor due: ${String(data.secondFactor)}`
            : null
          : (env?.msg ?? null),
        duration_ms: Math.round(durationMs),
        rows_affected: success && key !== LOGIN && key !== LOGOUT ? rowsOf(data) : null,
      }),
    );
  }

  /**
   * After an integration API call's answer (services/integration/routes.ts): the key's use, as a
   * security event of the operation log. The actor is the key (its name), or nobody when the key was
   * missing, unknown or revoked (a failure, so guessing at keys shows); the call is the method and the
   * route, the result its status and error code, with the address it came from.
   */
  integration(
    req: FastifyRequest,
    keyName: string | undefined,
    httpStatus: number,
    errorCode: string | undefined,
    durationMs: number,
  ): void {
    if (!this.config.auditLog) return;
    const success = httpStatus < 400;
    this.track(
      this.insert('sys_operation_log', undefined, req, {
        user_no: keyName?.slice(0, 64) ?? null,
        user_name: keyName ? 'API key' : null,
        service: 'integration',
        method: `${req.method} ${(req.routeOptions.url ?? req.url.split('?')[0]).slice(0, 200)}`,
        result: success ? 'success' : 'failure',
        result_code: success ? '0' : (errorCode ?? String(httpStatus)),
        message: null,
        duration_ms: Math.round(durationMs),
        rows_affected: null,
      }),
    );
  }

  /** A server fault or an audited refusal. */
  abnormal(
    req: FastifyRequest,
    ctx: CallContext | undefined,
    errorType: 'system' | 'operation' | 'integration',
    errorCode: string,
    message: string,
    stack?: string,
  ): void {
    if (!this.config.auditLog) return;
    const call = callOf(req.url, this.prefix) ?? { service: '-', method: req.url.slice(0, 100) };
    this.track(
      this.insert('sys_abnormal_log', ctx, req, {
        user_no: ctx?.user?.userNo ?? null,
        user_name: ctx?.user?.userName ?? null,
        service: call.service,
        method: call.method,
        error_type: errorType,
        error_code: errorCode,
        message: message.slice(0, 2000),
        stack: stack?.slice(0, 16000) ?? null,
      }),
    );
  }

  /**
   * One statement: the row, with the operation type taken from the calling menu's app (PC or PDA)
   * when there is one, else from the client's invokerParam header.
   */
  private insert(
    table: 'sys_operation_log' | 'sys_abnormal_log',
    ctx: CallContext | undefined,
    req: FastifyRequest,
    values: Record<string, string | number | null>,
  ) {
    const header = req.headers['app-module-number'];
    const menuNo = ctx?.menuNo ?? (typeof header === 'string' ? storable(header.slice(0, 100)) : null);
    const cols = Object.keys(values);
    for (const c of cols) {
      const v = values[c];
      if (typeof v === 'string') values[c] = storable(v, c === 'message' || c === 'stack');
    }
    return sql`
      insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}, menu_no, client_ip, operation_type)
      values (${sql.join(cols.map((c) => sql`${values[c]}`))}, ${menuNo}, ${req.ip},
        coalesce((select case app_no when 'PDA' then '2' else '1' end from sys_menu where menu_no = ${menuNo}::text), ${clientType(req)}))
    `.execute(this.db);
  }

  /** Waits for the log writes still in flight (on close, before the database goes). */
  async flush(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
