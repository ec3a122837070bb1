// Server configuration, from the environment only.
import { resolve } from 'node:path';

export interface Config {
  /**
   * Screens served from outside screens/, whose selectors the server grants lookups to like the
   * shipped ones' (the e2e widget harness's inline screen); none in a real installation.
   */
  extraScreens?: readonly unknown[];
  port: number;
  host: string;
  /** Unset: embedded PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Built browser app to serve at '/', if present. */
  staticDir?: string;
  /** A session ends after this many minutes without a request (OWASP ASVS 3.3.2: 30 minutes at L2). */
  sessionIdleMinutes: number;
  /** A session ends this many hours after login, however active (ASVS 3.3.2: 12 hours at L2). */
  sessionAbsoluteHours: number;
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
  /** Cost of password hashing; tests may lower it, production never below ASVS's m=19 MiB, t=2. */
  argon2: { memoryCost: number; timeCost: number };
  logLevel: string;
  /** Address the custom 'report centre' menu opens ('' none); {orgNo}, {warehouseNo}, {classifyType}, {userNo} are filled. */
  reportCenterUrl: string;
  /** An export of more rows than this runs as a background job with progress and a later download. */
  exportJobRows: number;
  /**
   * Imports this instance runs at once (IMPORTS_AT_ONCE, default 2); later ones wait their turn in
   * order, told their place over the live channel, so imports never take every core from other calls.
   */
  importsAtOnce: number;
  /**
   * Addresses of the local print services by system parameter number (PRINT_CHECK_URL,
   * PRINT_BARTENDER_URL, PRINT_JASPER_URL), read through services/print/params.ts.
   */
  printParams?: Partial<Record<string, string>>;
  /** Run the scheduled jobs on this instance (SCHEDULER=off for tests or instances that must not). */
  scheduler: boolean;
  /** How often the scheduler looks for due jobs, in milliseconds. */
  schedulerTickMs: number;
  /** Write operation and abnormal logs (AUDIT_LOG=off only for benchmarks comparing the cost). */
  auditLog: boolean;
  /**
   * The vendor's Ed25519 public key (PEM, or base64 of the SPKI DER) that licence keys are verified
   * with; unset means this installation does not check licences.
   */
  licensePublicKey?: string;
  /** Largest upload in MB ({size} of spec 001 section 5): attachments, file management, news files. */
  uploadMaxMb: number;
  /** Largest mobile app package in MB (an Android app is often larger than a document). */
  appUploadMaxMb: number;
  /**
   * The portal is served over HTTPS (HTTPS=on, directly or behind a proxy that terminates TLS): the
   * answers carry HSTS and ask the browser to upgrade insecure requests.
   */
  https: boolean;
  /**
   * Proxies whose X-Forwarded-For is believed (TRUST_PROXY): off by default, so the client address is
   * the connection's and a client cannot write its own into the logs; a number of hops, or a
   * comma-separated list of addresses and CIDR ranges of the proxies in front of the portal.
   */
  trustProxy: false | number | string;
  /**
   * How often one client address may try a login or a password change: at most `max` calls per
   * `windowMinutes` (THROTTLE_MAX, THROTTLE_WINDOW_MINUTES), counted in the database.
   */
  throttle: { max: number; windowMinutes: number };
  /**
   * How many calls one integration key may make: at most `max` per `windowMinutes`
   * (INTEGRATION_RATE_MAX, INTEGRATION_RATE_WINDOW_MINUTES), counted in the database like the throttle.
   */
  integrationRate: { max: number; windowMinutes: number };
  /** `npm start` loads the simulated ERP's demo orders into a new demo database (DEMO_ERP, on). */
  demoErp: boolean;
}

function trustedProxies(value: string | undefined): false | number | string {
  const v = (value ?? '').trim();
  if (!v || v === 'off' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    staticDir: env.STATIC_DIR ? resolve(env.STATIC_DIR) : resolve('./dist'),
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 30, 'SESSION_IDLE_MINUTES'),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12, 'SESSION_ABSOLUTE_HOURS'),
    bodyLimit: int(env.BODY_LIMIT, 5 * 1024 * 1024, 'BODY_LIMIT'),
    argon2: { memoryCost: 19_456, timeCost: 2 },
    logLevel: env.LOG_LEVEL || 'info',
    reportCenterUrl: env.REPORT_CENTER_URL ?? '',
    exportJobRows: int(env.EXPORT_JOB_ROWS, 50_000, 'EXPORT_JOB_ROWS'),
    importsAtOnce: Math.max(1, int(env.IMPORTS_AT_ONCE, 2, 'IMPORTS_AT_ONCE')),
    printParams: {
      PRINT_CHECK_URL: env.PRINT_CHECK_URL,
      PRINT_BARTENDER_URL: env.PRINT_BARTENDER_URL,
      PRINT_JASPER_URL: env.PRINT_JASPER_URL,
    },
    scheduler: env.SCHEDULER !== 'off',
    schedulerTickMs: int(env.SCHEDULER_TICK_MS, 1000, 'SCHEDULER_TICK_MS'),
    auditLog: env.AUDIT_LOG !== 'off',
    licensePublicKey: env.LICENSE_PUBLIC_KEY || undefined,
    uploadMaxMb: int(env.UPLOAD_MAX_MB, 50, 'UPLOAD_MAX_MB'),
    appUploadMaxMb: int(env.APP_UPLOAD_MAX_MB, 200, 'APP_UPLOAD_MAX_MB'),
    https: env.HTTPS === 'on',
    trustProxy: trustedProxies(env.TRUST_PROXY),
    throttle: {
      max: int(env.THROTTLE_MAX, 20, 'THROTTLE_MAX'),
      windowMinutes: int(env.THROTTLE_WINDOW_MINUTES, 5, 'THROTTLE_WINDOW_MINUTES'),
    },
    integrationRate: {
      max: int(env.INTEGRATION_RATE_MAX, 1200, 'INTEGRATION_RATE_MAX'),
      windowMinutes: int(env.INTEGRATION_RATE_WINDOW_MINUTES, 1, 'INTEGRATION_RATE_WINDOW_MINUTES'),
    },
    demoErp: env.DEMO_ERP !== 'off',
  };
}
