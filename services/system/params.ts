// Parameters the code itself reads (sys_param rows marked is_system): their number and type are
// fixed, their value is checked against these bounds and they cannot be deleted.
import type { Db } from '../db/database.js';
import { cached } from './cache.js';

export interface SystemParam {
  paramNo: string;
  /** English name; the screens show the locale key param.<paramNo>. */
  name: string;
  type: 'NUMBER' | 'STRING' | 'BOOLEAN' | 'JSON';
  value: string;
  min?: number;
  max?: number;
  /** Never answered to clients (getValueByParamNo): only the administrators' parameter screen shows it. */
  secret?: boolean;
  /** Answered to every logged-in user (getValueByParamNo), not only to users of the parameter menu. */
  readable?: boolean;
}

/** Days a monthly plan shows on the schedule screens (ISrmSchedulingDisplayConfigService/getCommonSetting). */
export const MONTH_PLAN_DAYS = 'MONTH_PLAN_DAYS';

export const SYSTEM_PARAMS: SystemParam[] = [
  {
    paramNo: 'LICENSE_WARN_DAYS',
    name: 'Licence expiry warning (days before)',
    type: 'NUMBER',
    value: '30',
    min: 1,
    max: 365,
  },
  {
    paramNo: 'SESSION_RETAIN_DAYS',
    name: 'Keep ended sessions (days)',
    type: 'NUMBER',
    value: '7',
    min: 1,
    max: 3650,
  },
  {
    paramNo: 'EXPORT_RETAIN_DAYS',
    name: 'Keep finished export files (days)',
    type: 'NUMBER',
    value: '1',
    min: 1,
    max: 3650,
  },
  {
    paramNo: 'IMPORT_RETAIN_DAYS',
    name: 'Keep import error workbooks (days)',
    type: 'NUMBER',
    value: '7',
    min: 1,
    max: 3650,
  },
  {
    paramNo: 'LOG_RETAIN_DAYS',
    name: 'Keep operation and abnormal logs (days)',
    type: 'NUMBER',
    value: '180',
    min: 1,
    max: 3650,
  },
  {
    paramNo: 'JOB_RUN_RETAIN_DAYS',
    name: 'Keep scheduled job runs (days)',
    type: 'NUMBER',
    value: '30',
    min: 1,
    max: 3650,
  },
  // Spec 001 section 9: "monthly plan days default 2".
  {
    paramNo: MONTH_PLAN_DAYS,
    name: 'Schedules: days a monthly plan shows',
    type: 'NUMBER',
    value: '2',
    min: 1,
    max: 31,
  },
  // The local print services (spec 001 section 7); empty: the server's environment variable of the
  // same name, else none (services/print/params.ts).
  {
    paramNo: 'PRINT_CHECK_URL',
    name: 'Local print service: check address (GET)',
    type: 'STRING',
    value: '',
    readable: true,
  },
  {
    paramNo: 'PRINT_BARTENDER_URL',
    name: 'Local print service: BarTender print address (print type 1)',
    type: 'STRING',
    value: '',
    readable: true,
  },
  {
    paramNo: 'PRINT_JASPER_URL',
    name: 'Local print service: Jasper print address (print type 3)',
    type: 'STRING',
    value: '',
    readable: true,
  },
  // The serial shipping container codes of delivery notice labels (services/print/sscc.ts): the GS1
  // company prefix (6 to 12 digits; empty: no labels can be printed) and the extension digit.
  { paramNo: 'SSCC_COMPANY_PREFIX', name: 'GS1 company prefix of SSCC labels', type: 'STRING', value: '' },
  {
    paramNo: 'SSCC_EXTENSION_DIGIT',
    name: 'Extension digit of SSCC labels',
    type: 'NUMBER',
    value: '0',
    min: 0,
    max: 9,
  },
  // The SMTP server messages are e-mailed through (services/notify/mail.ts); no host: nothing is sent
  // and e-mail messages stay queued. TLS Y: TLS from the start (port 465); N: STARTTLS when offered.
  { paramNo: 'MAIL_SMTP_HOST', name: 'E-mail: SMTP server host', type: 'STRING', value: '' },
  {
    paramNo: 'MAIL_SMTP_PORT',
    name: 'E-mail: SMTP server port',
    type: 'NUMBER',
    value: '587',
    min: 1,
    max: 65535,
  },
  { paramNo: 'MAIL_SMTP_TLS', name: 'E-mail: TLS from the start (Y/N)', type: 'BOOLEAN', value: 'N' },
  { paramNo: 'MAIL_SMTP_USER', name: 'E-mail: SMTP user', type: 'STRING', value: '' },
  { paramNo: 'MAIL_SMTP_PASSWORD', name: 'E-mail: SMTP password', type: 'STRING', value: '', secret: true },
  { paramNo: 'MAIL_FROM', name: 'E-mail: sender address', type: 'STRING', value: '' },
];

/** Parameters no client reads through getValueByParamNo. */
export const SECRET_PARAMS = new Set(SYSTEM_PARAMS.filter((p) => p.secret).map((p) => p.paramNo));

export const PARAM_CACHE = 'param';
// Short: a reader racing a writer may store the old value again, and it must not live long.
const PARAM_TTL_HOURS = 1;

/** A parameter's value for a client or the code, through the shared cache; null when there is none. */
export async function paramValue(db: Db, paramNo: string): Promise<string | null> {
  const text = await cached(db, PARAM_CACHE, paramNo, PARAM_TTL_HOURS, async () => {
    const row = await db
      .selectFrom('sysParam')
      .select('paramValue')
      .where('paramNo', '=', paramNo)
      .executeTakeFirst();
    return JSON.stringify(row ? row.paramValue : null);
  });
  return JSON.parse(text) as string | null;
}

/** A system number parameter, falling back to its default when missing or unreadable. */
export async function numberParam(db: Db, paramNo: string): Promise<number> {
  const def = SYSTEM_PARAMS.find((p) => p.paramNo === paramNo);
  const raw = await paramValue(db, paramNo);
  const n = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(n) ? n : Number(def?.value ?? 0);
}

/** Why a value does not fit its type (and, for a system parameter, its bounds); undefined when it does. */
export function valueProblem(
  type: string,
  value: string,
  system?: SystemParam,
): { key: string; params?: Record<string, unknown> } | undefined {
  if (type === 'NUMBER') {
    if (value.trim() === '' || !Number.isFinite(Number(value))) return { key: 'problem.notNumber' };
    const n = Number(value);
    if (system?.min !== undefined && n < system.min)
      return { key: 'problem.minimum', params: { limit: system.min } };
    if (system?.max !== undefined && n > system.max)
      return { key: 'problem.maximum', params: { limit: system.max } };
    if (system && !Number.isInteger(n)) return { key: 'problem.notInteger' };
  }
  if (type === 'BOOLEAN' && value !== 'Y' && value !== 'N')
    return { key: 'problem.enum', params: { allowed: 'Y, N' } };
  if (type === 'JSON') {
    try {
      JSON.parse(value);
    } catch {
      return { key: 'problem.notJson' };
    }
  }
  return undefined;
}
