// The job classes a scheduled job may name (its jobClass): real housekeeping the server needs. A job
// naming a class this version does not know is refused when saved and shown as state 5 (not exist).
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { licenseState } from './license.js';
import { numberParam } from './params.js';

export interface JobRunContext {
  db: Db;
  config: Config;
  jobId: string;
  fireTime: Date;
}

/** Runs once per fire; the text it answers is the run's message in the job's run log. */
export type JobClass = (ctx: JobRunContext) => Promise<string>;

const classes = new Map<string, JobClass>();

/** Adds a job class; a name is taken once. */
export function registerJobClass(name: string, run: JobClass): void {
  if (classes.has(name)) throw new Error(`job class ${name} is already registered`);
  classes.set(name, run);
}

export function jobClass(name: string): JobClass | undefined {
  return classes.get(name);
}

export function jobClassNames(): string[] {
  return [...classes.keys()].sort();
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

registerJobClass('purgeSessions', async ({ db, config }) => {
  const keep = daysAgo(await numberParam(db, 'SESSION_RETAIN_DAYS'));
  const idle = new Date(keep.getTime() - config.sessionIdleMinutes * 60_000);
  const r = await db
    .deleteFrom('sysSession')
    .where((eb) =>
      eb.or([eb('endedAt', '<', keep), eb('absoluteExpiry', '<', keep), eb('lastSeenAt', '<', idle)]),
    )
    .executeTakeFirst();
  return `sessions removed: ${Number(r.numDeletedRows)}`;
});

// A job still running an hour after it last moved died with its server (a killed process, a lost
// machine): an import's upload times out after 10 minutes, and a running export beats every chunk. It
// goes once it is past the retention like a finished one, with the chunks of its unfinished file.
const DEAD_AFTER_MS = 3_600_000;

registerJobClass('purgeExportImportFiles', async ({ db }) => {
  const dead = new Date(Date.now() - DEAD_AFTER_MS);
  const exports = await db
    .deleteFrom('sysExportJob')
    .where('createDate', '<', daysAgo(await numberParam(db, 'EXPORT_RETAIN_DAYS')))
    .where((eb) => eb.or([eb('status', '!=', 'running'), eb('heartbeat', '<', dead)]))
    .executeTakeFirst();
  const imports = await db
    .deleteFrom('sysImportJob')
    .where('createDate', '<', daysAgo(await numberParam(db, 'IMPORT_RETAIN_DAYS')))
    .where((eb) => eb.or([eb('status', 'not in', ['checking', 'importing']), eb('updateDate', '<', dead)]))
    .executeTakeFirst();
  return `export jobs removed: ${Number(exports.numDeletedRows)}, import jobs removed: ${Number(imports.numDeletedRows)}`;
});

registerJobClass('purgeLogs', async ({ db }) => {
  const logs = daysAgo(await numberParam(db, 'LOG_RETAIN_DAYS'));
  const runs = daysAgo(await numberParam(db, 'JOB_RUN_RETAIN_DAYS'));
  const op = await db.deleteFrom('sysOperationLog').where('operateDate', '<', logs).executeTakeFirst();
  const ab = await db.deleteFrom('sysAbnormalLog').where('occurDate', '<', logs).executeTakeFirst();
  const jr = await db
    .deleteFrom('sysJobRun')
    .where('startDate', '<', runs)
    .where('result', '!=', 'running')
    .executeTakeFirst();
  return `operation logs removed: ${Number(op.numDeletedRows)}, abnormal logs removed: ${Number(ab.numDeletedRows)}, job runs removed: ${Number(jr.numDeletedRows)}`;
});

registerJobClass('purgeCache', async ({ db }) => {
  const r = await db.deleteFrom('sysCache').where('expireDate', '<=', sql<Date>`now()`).executeTakeFirst();
  return `expired cache entries removed: ${Number(r.numDeletedRows)}`;
});

// The licence's last day near or past: an abnormal-log row administrators see, besides the notice
// every user gets after login.
registerJobClass('licenseExpiryWarning', async ({ db, config }) => {
  const state = await licenseState(db, config);
  if (!state.configured) return 'licence checking is not configured';
  if (state.isLicense === 1 && !state.warn) return `licence valid until ${state.expireDate}`;
  const message =
    state.isLicense === 0
      ? `licence missing or expired${state.expireDate ? ` on ${state.expireDate}` : ''}`
      : `licence expires on ${state.expireDate} (${state.daysLeft} days left)`;
  await db
    .insertInto('sysAbnormalLog')
    .values({
      service: 'scheduler',
      method: 'licenseExpiryWarning',
      errorType: 'system',
      errorCode: 'LICENSE',
      message,
    })
    .execute();
  return message;
});

// The dashboard's counts (migrations 098 and 112): writers append a row per key they move, readers sum a key's
// rows; folding them into one a key keeps the sums cheap. Safe beside writers (see the function).
registerJobClass('compactPurchaseStats', async ({ db }) => {
  const rows = async () =>
    (
      await sql<{ n: string }>`
        select (select count(*) from srm_purchase_day_stat) + (select count(*) from srm_purchase_month_stat)
             + (select count(*) from srm_purchase_org_day_stat) + (select count(*) from srm_purchase_org_month_stat) as n`.execute(
        db,
      )
    ).rows[0].n;
  const before = await rows();
  await sql`select srm_purchase_stat_compact()`.execute(db);
  return `dashboard count rows folded: ${before} to ${await rows()}`;
});
