// The scheduler: every instance looks for due jobs each tick and claims a fire in the database before
// running it, so each fire runs once however many instances share the database, and everything it
// knows (state, next fire time, runs) is in sys_job and sys_job_run, so it survives a restart.
//
// The claim is one compare-and-set: `update sys_job set next_fire_at = <next> where id = ? and
// next_fire_at = <this fire>` succeeds for exactly one instance (PostgreSQL re-checks the condition
// after a concurrent update commits), and the run row's unique (job_id, fire_time) backs it up. Fires
// missed while no instance ran are caught up once, then the schedule continues from now.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Cron } from 'croner';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { jobClass } from './job-classes.js';

/** A run still 'running' after this long is taken as lost (its instance stopped) and no longer blocks. */
const LOST_RUN_MS = 60 * 60_000;

/** The next fire time strictly after `after`; null when the expression never fires again. */
export function nextFire(cron: string, after: Date): Date | null {
  return new Cron(cron, { paused: true }).nextRun(after);
}

/** Why a cron expression is unusable, or undefined when it is fine. */
export function cronProblem(cron: string): string | undefined {
  try {
    new Cron(cron, { paused: true });
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message.replace(/^CronPattern: /, '') : String(e);
  }
}

interface DueJob {
  id: string;
  cron: string;
  jobClass: string;
  nextFireAt: Date;
}

export class Scheduler {
  readonly instance = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private stopped = false;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.config.schedulerTickMs);
    this.timer.unref();
  }

  /** Stops looking for due jobs and waits for the runs this instance started. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    while (this.ticking || this.running.size) {
      await Promise.allSettled([...this.running]);
      if (this.ticking) await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** One look for due jobs; exported for tests that drive the clock themselves. */
  async tick(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    try {
      const now = new Date();
      const due = (await this.db
        .selectFrom('sysJob')
        .select(['id', 'cron', 'jobClass', 'nextFireAt'])
        .where('isStart', '=', 'Y')
        .where('state', 'in', ['0', '2', '4'])
        .where('nextFireAt', '<=', now)
        .orderBy('nextFireAt')
        .limit(50)
        .execute()) as DueJob[];
      for (const job of due) {
        if (this.stopped) break;
        await this.claim(job, now);
      }
    } catch (err) {
      this.log('scheduler tick failed', err);
    } finally {
      this.ticking = false;
    }
  }

  private async claim(job: DueJob, now: Date): Promise<void> {
    const fire = new Date(job.nextFireAt);
    let next: Date | null;
    try {
      next = nextFire(job.cron, now);
    } catch {
      next = null;
    }
    const run = jobClass(job.jobClass);
    const claimed = await this.db.transaction().execute(async (tx) => {
      const won = await tx
        .updateTable('sysJob')
        .set({ nextFireAt: next, lastFireAt: fire })
        .where('id', '=', job.id)
        .where('nextFireAt', '=', fire)
        .where('isStart', '=', 'Y')
        .returning('id')
        .executeTakeFirst();
      if (!won) return undefined;
      if (!run) {
        await tx.updateTable('sysJob').set({ state: '5' }).where('id', '=', job.id).execute();
        return undefined;
      }
      const busy = await tx
        .selectFrom('sysJobRun')
        .select('id')
        .where('jobId', '=', job.id)
        .where('result', '=', 'running')
        .where('startDate', '>', new Date(now.getTime() - LOST_RUN_MS))
        .executeTakeFirst();
      if (busy) {
        // The previous run is still going: this fire is skipped, and the job shows blocked.
        await tx
          .updateTable('sysJob')
          .set({ state: next ? '2' : '3', lastResult: 'blocked' })
          .where('id', '=', job.id)
          .execute();
        return undefined;
      }
      return tx
        .insertInto('sysJobRun')
        .values({ jobId: job.id, fireTime: fire, instance: this.instance })
        .onConflict((oc) => oc.columns(['jobId', 'fireTime']).doNothing())
        .returning('id')
        .executeTakeFirst();
    });
    if (!claimed || !run) return;
    const p = this.execute(job, claimed.id, fire, next === null);
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  private async execute(job: DueJob, runId: string, fire: Date, last: boolean): Promise<void> {
    const run = jobClass(job.jobClass)!;
    let message = '';
    let error: string | undefined;
    try {
      message = await run({ db: this.db, config: this.config, jobId: job.id, fireTime: fire });
    } catch (e) {
      error = e instanceof Error ? (e.stack ?? e.message) : String(e);
      this.log(`job ${job.jobClass} failed`, e);
    }
    const result = error ? 'error' : 'success';
    try {
      await this.db
        .updateTable('sysJobRun')
        .set({
          endDate: new Date(),
          result,
          message: message.slice(0, 2000),
          error: error?.slice(0, 8000) ?? null,
        })
        .where('id', '=', runId)
        .execute();
      // A pause (state 1) or a missing class (5) set meanwhile is kept.
      await this.db
        .updateTable('sysJob')
        .set({
          state: sql`case when state in ('0', '2', '4') then ${last ? '3' : error ? '4' : '0'} else state end`,
          lastResult: result,
        })
        .where('id', '=', job.id)
        .execute();
    } catch (err) {
      this.log('scheduler could not record a run', err);
    }
  }
}
