// What the system screens need at every start (only what is missing is added, so administrators'
// changes survive): the parameters the code reads, the dictionaries of these screens and the mark on
// the dictionary values the code relies on; once per database, the staff titles and the housekeeping
// jobs (an administrator may delete those, and they stay deleted).
import type { Db } from '../db/database.js';
import { SYSTEM_CONTROLS } from '../system/business-control.js';
import { SYSTEM_PARAMS } from '../system/params.js';
import { nextFire } from '../system/scheduler.js';
import { SYSTEM_ENUMS } from './enums.js';
import { seedOnce } from './once.js';

/** Dictionaries of the system screens; their names are the locale keys enum.<enumMid>.<enumValue>. */
export const SYSTEM_ADMIN_ENUMS: Record<string, [value: string, name: string][]> = {
  PARAM_TYPE: [
    ['STRING', 'Text'],
    ['NUMBER', 'Number'],
    ['BOOLEAN', 'Yes/No'],
    ['JSON', 'JSON'],
  ],
  JOB_TYPE: [
    ['0', 'Cron expression'],
    ['1', 'Interval in minutes'],
    ['2', 'Fixed time (hour)'],
    ['3', 'Every 3 days'],
    ['4', 'Every 7 days'],
  ],
  OPERATION_TYPE: [
    ['0', 'Unknown'],
    ['1', 'PC'],
    ['2', 'PDA'],
  ],
  ERROR_TYPE: [
    ['system', 'System'],
    ['operation', 'Operation'],
    ['integration', 'Integration'],
  ],
  PWD_CONSTITUTE: [
    ['ANY', 'Any characters'],
    ['LETTERS_DIGITS', 'Letters or digits only'],
    ['LETTERS_AND_DIGITS', 'Letters and digits'],
  ],
  LOG_RESULT: [
    ['success', 'Success'],
    ['failure', 'Failure'],
  ],
  BUSINESS_CONTROL_TYPE: [
    ['YN', 'Yes/No switch'],
    ['NUMBER', 'Number'],
    ['TEXT', 'Text'],
    ['ENUM', 'Dictionary value'],
  ],
  BUSINESS_CONTROL_MODULE: [
    ['BASE', 'Base data'],
    ['PO', 'Purchase orders'],
    ['ASN', 'Delivery'],
    ['STOCK', 'Stock'],
    ['BILL', 'Reconciliation and invoices'],
    ['SYSTEM', 'System'],
  ],
  JOB_RUN_RESULT: [
    ['running', 'Running'],
    ['success', 'Success'],
    ['error', 'Error'],
  ],
};

/** An administrators' dictionary (not the code's): staff titles, maintained on the dictionary screen. */
const EMPLOYEE_TITLES: [string, string][] = [
  ['ENG', 'Engineer'],
  ['BUYER', 'Buyer'],
  ['KEEPER', 'Warehouse keeper'],
  ['MANAGER', 'Manager'],
];

interface JobSeed {
  jobName: string;
  jobClass: string;
  /** 1: every jobTypeValue minutes; 2: daily at hour jobTypeValue. */
  jobType: '1' | '2';
  jobTypeValue: number;
}

/**
 * The housekeeping jobs, by the seed that brings them (sys_seed): each set is added once, to a new
 * database and to one that predates it alike, so a job an administrator deletes stays deleted.
 */
const JOB_SEEDS: Record<string, JobSeed[]> = {
  'system-admin': [
    { jobName: 'Purge ended sessions', jobClass: 'purgeSessions', jobType: '2', jobTypeValue: 3 },
    {
      jobName: 'Purge old export and import files',
      jobClass: 'purgeExportImportFiles',
      jobType: '2',
      jobTypeValue: 4,
    },
    { jobName: 'Purge old logs and job runs', jobClass: 'purgeLogs', jobType: '2', jobTypeValue: 2 },
    { jobName: 'Purge expired cache entries', jobClass: 'purgeCache', jobType: '1', jobTypeValue: 30 },
    { jobName: 'Licence expiry warning', jobClass: 'licenseExpiryWarning', jobType: '2', jobTypeValue: 8 },
  ],
  'dashboard-stats-job': [
    {
      jobName: 'Compact the dashboard counts',
      jobClass: 'compactPurchaseStats',
      jobType: '1',
      jobTypeValue: 10,
    },
  ],
};

const CRON: Record<string, (v: number) => string> = {
  '1': (v) => `0 */${v} * * * *`,
  '2': (v) => `0 0 ${v} * * *`,
};

export async function seedSystem(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('sysParam')
      .values(
        SYSTEM_PARAMS.map((p) => ({
          paramNo: p.paramNo,
          paramName: p.name,
          paramType: p.type,
          paramValue: p.value,
          isSystem: 'Y' as const,
          userReadable: p.readable ? ('Y' as const) : ('N' as const),
          createName: 'system',
          updateName: 'system',
        })),
      )
      .onConflict((oc) => oc.column('paramNo').doUpdateSet({ isSystem: 'Y' }))
      .execute();

    // Business controls the code reads: added when missing, marked as the code's; their values stay.
    await tx
      .insertInto('bmBusinessControl')
      .values(
        SYSTEM_CONTROLS.map((c) => ({
          controlNo: c.controlNo,
          controlName: JSON.stringify({ 'en-US': c.name }),
          module: c.module,
          valueType: c.valueType,
          defaultValue: c.defaultValue,
          isSystem: 'Y',
          createName: 'system',
          updateName: 'system',
        })),
      )
      .onConflict((oc) => oc.column('controlNo').doUpdateSet({ isSystem: 'Y' }))
      .execute();

    const rows = (dicts: Record<string, [string, string][]>, isSystem: 'Y' | 'N') =>
      Object.entries(dicts).flatMap(([enumMid, values]) =>
        values.map(([enumValue, enumName], i) => ({
          enumMid,
          enumValue,
          enumName,
          enumSeq: i + 1,
          isSystem,
          createName: 'system',
          updateName: 'system',
        })),
      );
    // Seeded once: what an administrator later deletes from these stays deleted.
    const first = await seedOnce(tx, 'system-admin');
    await tx
      .insertInto('sysEnum')
      .values([
        ...rows(SYSTEM_ADMIN_ENUMS, 'Y'),
        ...(first ? rows({ EMPLOYEE_TITLE: EMPLOYEE_TITLES }, 'N') : []),
      ])
      .onConflict((oc) => oc.columns(['enumMid', 'enumValue']).doNothing())
      .execute();
    // Values the code names (field declarations, screens) are protected from deletion and recoding.
    for (const [enumMid, values] of Object.entries({ ...SYSTEM_ENUMS, ...SYSTEM_ADMIN_ENUMS })) {
      await tx
        .updateTable('sysEnum')
        .set({ isSystem: 'Y' })
        .where('enumMid', '=', enumMid)
        .where(
          'enumValue',
          'in',
          values.map(([v]) => v),
        )
        .where('isSystem', '=', 'N')
        .execute();
    }

    const now = new Date();
    for (const [seed, list] of Object.entries(JOB_SEEDS)) {
      // The first set's mark was taken above, with the employee titles it brings too.
      if (!(seed === 'system-admin' ? first : await seedOnce(tx, seed))) continue;
      const jobs = list.map((j) => {
        const cron = CRON[j.jobType](j.jobTypeValue);
        return {
          ...j,
          jobGroup: 'SYSTEM',
          cron,
          isStart: 'Y' as const,
          state: '0',
          nextFireAt: nextFire(cron, now),
          createName: 'system',
          updateName: 'system',
        };
      });
      await tx
        .insertInto('sysJob')
        .values(jobs)
        .onConflict((oc) => oc.columns(['jobName', 'jobGroup']).doNothing())
        .execute();
    }
  });
}
