// The scheduler (spec 001 sections 3, 4, 9): a job runs on its (seconds-level) cron, a paused job does
// not run, its state survives a restart and 'start' resumes it; with two server instances on one
// PostgreSQL database each fire runs exactly once. Jobs are validated (cron, job class, schedule type).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../services/boot.js';
import { registerJobClass } from '../../services/system/job-classes.js';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const JOB = 'BaseManage.Monitor.ScheduledJob';

// A job class whose every run is seen by the test, whichever instance runs it.
const fired: { fireTime: string; jobId: string }[] = [];
registerJobClass('testRecordFire', async ({ fireTime, jobId }) => {
  fired.push({ fireTime: fireTime.toISOString(), jobId });
  return 'recorded';
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (check(v) || Date.now() > end) return v;
    await sleep(100);
  }
}

describe.each(BOTH_DBS)('scheduler on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { schedulerTickMs: 200 } });
    admin = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (path: string, condition: unknown, extra: object = {}) =>
    s.call(`ISysJobService/${path}`, { condition, ...extra }, { token: admin, menu: JOB, lang: 'en-US' });
  const job = async (id: string) => (await call('getsysjobbyid', { id })).body.response.data;
  const runs = async (jobId: string) =>
    (await call('getsysjobrunlist', { jobId }, { size: 1000 })).body.response.data.records as {
      fireTime: string;
      result: string;
      message: string;
      endDate: string | null;
    }[];

  it('validates the schedule and the job class with clear messages', async () => {
    const unknown = await call('addsysjob', { jobName: 'x', jobClass: 'mineBitcoin', cron: '* * * * * *' });
    expect(unknown.body.code).toBe('10071');
    expect(unknown.body.msg).toContain('purgeSessions');
    const cron = await call('addsysjob', { jobName: 'x', jobClass: 'purgeCache', cron: '61 * * * *' });
    expect(cron.body.code).toBe('10070');
    expect(cron.body.msg).toContain('61');
    const noCron = await call('addsysjob', { jobName: 'x', jobClass: 'purgeCache' });
    expect(noCron.body.code).toBe('10017');
    const zero = await call('addsysjob', {
      jobName: 'x',
      jobClass: 'purgeCache',
      jobType: '1',
      jobTypeValue: 0,
    });
    expect(zero.body.msg).toContain('minutes from 1 to 59');
    // The spec's job types become the cron the scheduler runs.
    const every5 = await call('addsysjob', {
      jobName: 'every 5',
      jobClass: 'purgeCache',
      jobType: '1',
      jobTypeValue: 5,
    });
    expect(every5.body.response.data).toMatchObject({ cron: '0 */5 * * * *', state: '0', isStart: 'Y' });
    const weekly = await call('addsysjob', {
      jobName: 'weekly',
      jobClass: 'purgeLogs',
      jobType: '4',
      jobTypeValue: 6,
      isStart: 'N',
    });
    expect(weekly.body.response.data).toMatchObject({ cron: '0 0 6 * * 0', state: '1', isStart: 'N' });
    const dup = await call('addsysjob', { jobName: 'weekly', jobClass: 'purgeLogs', cron: '0 0 1 * * *' });
    expect(dup.body.code).toBe('50M01');
    const supplier = await s.login('supplier1');
    expect(
      (await s.call('ISysJobService/getsysjoblistbyparams', {}, { token: supplier, menu: JOB })).http,
    ).toBe(403);
    const buyer = await s.login('buyer');
    expect(
      (
        await s.call(
          'ISysJobService/pausesysjob',
          { condition: { delList: [] } },
          { token: buyer, menu: JOB },
        )
      ).http,
    ).toBe(403);
  });

  it('runs on a seconds cron, stops while paused, stays paused across a restart and resumes on start', async () => {
    const added = await call('addsysjob', {
      jobName: 'every second',
      jobGroup: 'TEST',
      jobClass: 'purgeCache',
      cron: '* * * * * *',
      description: 'seconds-level cron',
    });
    const { id } = added.body.response.data;
    // A second job that keeps running through the restart without anyone touching it.
    const steady = (
      await call('addsysjob', {
        jobName: 'steady',
        jobGroup: 'TEST',
        jobClass: 'purgeCache',
        cron: '* * * * * *',
      })
    ).body.response.data.id as string;

    const first = await until(
      () => runs(id),
      (r) => r.filter((x) => x.result === 'success').length >= 2,
    );
    expect(first.filter((x) => x.result === 'success').length).toBeGreaterThanOrEqual(2);
    expect(first[0].message).toMatch(/expired cache entries removed/);
    // One run per fire time, on whole seconds.
    expect(new Set(first.map((r) => r.fireTime)).size).toBe(first.length);
    expect(first.every((r) => r.fireTime.endsWith('.000Z'))).toBe(true);
    expect((await job(id)).lastResult).toBe('success');

    const current = await job(id);
    const paused = await call('pausesysjob', { delList: [{ id, version: current.version }] });
    expect(paused.body.response.data.records[0]).toMatchObject({ state: '1', isStart: 'N' });
    await sleep(400); // a run claimed just before the pause finishes
    const atPause = (await runs(id)).length;
    await sleep(1500); // a fire time passes at least once
    expect((await runs(id)).length).toBe(atPause);

    // A seeded housekeeping job an administrator deletes stays deleted after the restart.
    const system = async () =>
      (await call('getsysjoblistbyparams', { jobGroup: 'SYSTEM' })).body.response.data.total as number;
    const seededCount = await system();
    const seeded = (await call('getsysjoblistbyparams', { jobClass: 'purgeCache', jobGroup: 'SYSTEM' })).body
      .response.data.records[0];
    await call('deletesysjobbyids', { delList: [{ id: seeded.id, version: seeded.version }] });

    const steadyBefore = (await runs(steady)).length;
    await s.restart();
    admin = await s.login('admin');
    expect(await system()).toBe(seededCount - 1);
    expect(await job(id)).toMatchObject({ state: '1', isStart: 'N' });
    await sleep(1500);
    expect((await runs(id)).length).toBe(atPause);
    // The started job kept its schedule across the restart.
    await until(
      () => runs(steady),
      (r) => r.length > steadyBefore + 1,
    );
    expect((await runs(steady)).length).toBeGreaterThan(steadyBefore + 1);

    const again = await job(id);
    const started = await call('startsysjob', { delList: [{ id, version: again.version }] });
    expect(started.body.response.data.records[0]).toMatchObject({ state: '0', isStart: 'Y' });
    const resumed = await until(
      () => runs(id),
      (r) => r.length >= atPause + 2,
    );
    expect(resumed.length).toBeGreaterThanOrEqual(atPause + 2);
    // A stale version changes nothing.
    expect((await call('pausesysjob', { delList: [{ id, version: again.version }] })).body.code).toBe(
      '10007',
    );
    await call('deletesysjobbyids', {
      delList: [
        { id, version: (await job(id)).version },
        { id: steady, version: (await job(steady)).version },
      ],
    });
  });

  it('shows a job whose class this server does not know as state 5 and does not run it', async () => {
    const added = await call('addsysjob', {
      jobName: 'orphan',
      jobClass: 'purgeCache',
      cron: '* * * * * *',
      isStart: 'N',
    });
    const { id } = added.body.response.data;
    await s.server.database.db
      .updateTable('sysJob')
      .set({ jobClass: 'removedInThisVersion', isStart: 'Y', state: '0', nextFireAt: new Date() })
      .where('id', '=', id)
      .execute();
    const state = await until(
      async () => (await job(id)).state,
      (v) => v === '5',
    );
    expect(state).toBe('5');
    expect(await runs(id)).toHaveLength(0);
    const v = (await job(id)).version;
    expect((await call('startsysjob', { delList: [{ id, version: v }] })).body.code).toBe('10071');
  });

  it.runIf(kind === 'postgres')(
    'runs each fire exactly once with two instances on one database',
    async () => {
      const second = await buildServer({ ...s.config, port: 0 }, { demo: false, logger: false });
      try {
        fired.length = 0;
        const added = await call('addsysjob', {
          jobName: 'shared',
          jobClass: 'testRecordFire',
          cron: '* * * * * *',
        });
        const { id } = added.body.response.data;
        await until(
          async () => fired.filter((f) => f.jobId === id).length,
          (n) => n >= 5,
        );
        const v = (await job(id)).version;
        await call('pausesysjob', { delList: [{ id, version: v }] });
        await sleep(400);
        const mine = fired.filter((f) => f.jobId === id).map((f) => f.fireTime);
        expect(mine.length).toBeGreaterThanOrEqual(5);
        // Each fire time ran once, though both instances looked for it every 200 ms.
        expect(new Set(mine).size).toBe(mine.length);
        const rows = await runs(id);
        expect(rows.map((r) => r.fireTime).sort()).toEqual([...mine].sort());
        const instances = await s.server.database.db
          .selectFrom('sysJobRun')
          .select('instance')
          .where('jobId', '=', id)
          .distinct()
          .execute();
        expect(instances.length).toBeGreaterThanOrEqual(1);
        expect(
          instances.every((i) =>
            [s.server.scheduler?.instance, second.scheduler?.instance].includes(i.instance),
          ),
        ).toBe(true);
      } finally {
        await second.close();
      }
    },
  );
});
