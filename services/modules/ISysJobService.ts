// Scheduled jobs (spec 001 sections 3, 4, 9; BaseManage.Monitor.ScheduledJob): jobName, jobGroup,
// cron, jobClass, isStart, state, description; pause and start; each run's log. The schedule is a
// cron expression (seconds first, optional: croner's syntax) or one of the spec's job types, which the
// server turns into the cron it stores: 1 every N minutes (N 1-59: `0 */N * * * *`), 2 every day at
// hour H (`0 0 H * * *`), 3 every 3 days at hour H (`0 0 H */3 * *`, counted from each month's 1st),
// 4 every 7 days at hour H (`0 0 H * * 0`, Sundays).
// hand-written SQL: a job's runs with their job's name (a join), paged
import { adminOnly } from '../access/admin-only.js';
import { AppError } from '../errors.js';
import { page } from '../http/envelope.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { standardMethods } from '../resource/methods.js';
import { add, get, inTransaction, type Row, remove, update } from '../resource/resource.js';
import { DEFAULT_PAGE_SIZE, deleteBody, MAX_PAGE_SIZE } from '../resource/schemas.js';
import { jobClass, jobClassNames } from '../system/job-classes.js';
import { cronProblem, nextFire } from '../system/scheduler.js';

export const JOB_MENU = 'BaseManage.Monitor.ScheduledJob';

export const jobResource = defineResource({
  table: 'sysJob',
  menus: [JOB_MENU],
  fields: {
    jobName: {
      type: 'string',
      write: 'always',
      required: true,
      maxLength: 100,
      keyword: true,
      sortable: true,
    },
    jobGroup: {
      type: 'string',
      write: 'always',
      maxLength: 64,
      default: 'DEFAULT',
      keyword: true,
      sortable: true,
    },
    jobType: {
      type: 'string',
      write: 'always',
      enum: ['0', '1', '2', '3', '4'],
      default: '0',
      sortable: true,
      dictionary: 'JOB_TYPE',
    },
    jobTypeValue: { type: 'integer', write: 'always', minimum: 0, maximum: 59 },
    cron: { type: 'string', write: 'always', maxLength: 100 },
    jobClass: {
      type: 'string',
      write: 'always',
      required: true,
      maxLength: 64,
      keyword: true,
      sortable: true,
    },
    isStart: {
      type: 'string',
      write: 'always',
      enum: ['Y', 'N'],
      default: 'Y',
      sortable: true,
      dictionary: 'YES_NO',
    },
    state: { type: 'string', enum: ['0', '1', '2', '3', '4', '5'], sortable: true, dictionary: 'JOB_STATE' },
    description: { type: 'string', write: 'always', maxLength: 255 },
    nextFireAt: { type: 'datetime', sortable: true },
    lastFireAt: { type: 'datetime', sortable: true },
    lastResult: { type: 'string' },
  },
  filters: {
    jobNameIndistinct: { field: 'jobName', op: 'contains' },
    jobGroup: { field: 'jobGroup', op: 'eq' },
    jobClass: { field: 'jobClass', op: 'eq' },
    state: { field: 'state', op: 'eq' },
  },
  defaultSort: { field: 'jobName', order: 'asc' },
});

function refuse(ctx: CallContext, field: string, key: string, params?: Record<string, unknown>): never {
  throw new AppError('invalidValue', { field: ctx.t(`field.${field}`), problem: ctx.t(key, params) });
}

/** The cron a job runs on: its own for type 0, else the one its type and value stand for. */
export function cronOf(ctx: CallContext, jobType: string, value: unknown, cron: unknown): string {
  const n = value === null || value === undefined || value === '' ? undefined : Number(value);
  const hour = () => {
    const h = n ?? 0;
    if (!Number.isInteger(h) || h < 0 || h > 23) refuse(ctx, 'jobTypeValue', 'job.hourRange');
    return h;
  };
  switch (jobType) {
    case '1':
      if (n === undefined || !Number.isInteger(n) || n < 1 || n > 59)
        refuse(ctx, 'jobTypeValue', 'job.minuteRange');
      return `0 */${n} * * * *`;
    case '2':
      return `0 0 ${hour()} * * *`;
    case '3':
      return `0 0 ${hour()} */3 * *`;
    case '4':
      return `0 0 ${hour()} * * 0`;
    default: {
      const text = typeof cron === 'string' ? cron.trim().replace(/\s+/g, ' ') : '';
      if (!text) refuse(ctx, 'cron', 'problem.required');
      const problem = cronProblem(text);
      if (problem) throw new AppError('jobCron', { cron: text, reason: problem });
      return text;
    }
  }
}

function checkClass(name: unknown): void {
  if (typeof name !== 'string' || !jobClass(name))
    throw new AppError('jobClassUnknown', {
      jobClass: String(name ?? ''),
      known: jobClassNames().join(', '),
    });
}

/** What the scheduler needs beside the client's fields: the stored cron, state and next fire time. */
function scheduleOf(ctx: CallContext, job: Row): Row {
  const jobType = String(job.jobType ?? '0');
  const cron = cronOf(ctx, jobType, job.jobTypeValue, job.cron);
  const started = job.isStart !== 'N';
  const next = nextFire(cron, new Date());
  return {
    cron,
    jobTypeValue: jobType === '0' ? null : (job.jobTypeValue ?? 0),
    state: !started ? '1' : next ? '0' : '3',
    nextFireAt: next,
  };
}

const standard = standardMethods(jobResource, {
  list: 'getsysjoblistbyparams',
  get: 'getsysjobbyid',
  add: 'addsysjob',
  update: 'updatesysjobbyid',
  delete: { name: 'deletesysjobbyids', flag: 'isDelete' },
});

type DelList = { condition: { delList: { id: string; version: number }[] } };

/** Pause or start the listed jobs, each with its version; all or none. */
function switchJobs(start: boolean) {
  return defineMethod<DelList>({
    body: deleteBody(),
    resource: jobResource,
    access: { kind: 'menu', menus: [JOB_MENU], flag: 'isModify' },
    handler: (ctx, body) =>
      inTransaction(ctx, async (tx) => {
        const done: Row[] = [];
        for (const { id, version } of body.condition.delList) {
          const job = await get(jobResource, tx, id);
          if (start) checkClass(job.jobClass);
          const own = start ? scheduleOf(tx, { ...job, isStart: 'Y' }) : { state: '1' };
          done.push(await update(jobResource, tx, { id, version, isStart: start ? 'Y' : 'N' }, own));
        }
        return { records: done };
      }),
  });
}

interface RunListBody {
  current?: number;
  size?: number;
  condition?: { jobId?: string; result?: string } | null;
}

export const ISysJobService = defineService(
  'ISysJobService',
  adminOnly({
    ...standard,
    addsysjob: {
      ...standard.addsysjob,
      handler: (ctx, body: { condition: Row }) => {
        checkClass(body.condition.jobClass);
        return add(jobResource, ctx, body.condition, scheduleOf(ctx, body.condition));
      },
    },
    updatesysjobbyid: {
      ...standard.updatesysjobbyid,
      handler: (ctx, body: { condition: Row & { id: string; version: number } }) =>
        inTransaction(ctx, async (tx) => {
          const current = await get(jobResource, tx, body.condition.id);
          const merged = { ...current, ...body.condition };
          checkClass(merged.jobClass);
          return update(jobResource, tx, body.condition, scheduleOf(tx, merged));
        }),
    },
    deletesysjobbyids: {
      ...standard.deletesysjobbyids,
      handler: (ctx, body: DelList) => remove(jobResource, ctx, body.condition.delList),
    },
    pausesysjob: switchJobs(false),
    startsysjob: switchJobs(true),
    // The job classes this server runs, for the form's dropdown.
    getsysjobclasslist: defineMethod({
      body: { type: 'object', properties: { condition: { type: ['object', 'null'] } } },
      access: { kind: 'menu', menus: [JOB_MENU], flag: 'isSearch' },
      handler: async (ctx) =>
        jobClassNames().map((name) => ({ jobClass: name, jobClassName: ctx.t(`jobClass.${name}`) })),
    }),
    // A job's runs, newest first: start, end, result, message, error.
    getsysjobrunlist: defineMethod<RunListBody>({
      body: {
        type: 'object',
        properties: {
          current: { type: 'integer', minimum: 1, default: 1 },
          size: { type: 'integer', minimum: 1, default: DEFAULT_PAGE_SIZE },
          condition: {
            type: ['object', 'null'],
            properties: {
              jobId: { type: ['string', 'null'], format: 'uuid' },
              result: { type: ['string', 'null'], enum: ['running', 'success', 'error', '', null] },
            },
          },
        },
      },
      access: { kind: 'menu', menus: [JOB_MENU], flag: 'isSearch' },
      handler: async (ctx, body) => {
        const size = Math.min(body.size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
        const current = body.current ?? 1;
        let q = ctx.db.selectFrom('sysJobRun as r').innerJoin('sysJob as j', 'j.id', 'r.jobId');
        if (body.condition?.jobId) q = q.where('r.jobId', '=', body.condition.jobId);
        if (body.condition?.result) q = q.where('r.result', '=', body.condition.result as 'success');
        const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
        const records = await q
          .select([
            'r.id',
            'r.jobId',
            'j.jobName',
            'j.jobClass',
            'r.fireTime',
            'r.instance',
            'r.startDate',
            'r.endDate',
            'r.result',
            'r.message',
            'r.error',
          ])
          .orderBy('r.fireTime', 'desc')
          .orderBy('r.id')
          .limit(size)
          .offset((current - 1) * size)
          .execute();
        return page(records, total, current, size);
      },
    }),
  }),
);
