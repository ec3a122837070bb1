// The notifier: the background loop of an instance that turns outbox events into messages and webhook
// deliveries (every DISPATCH_MS), sends queued e-mail (every MAIL_MS) and webhooks (every WEBHOOK_MS),
// looks for overdue answers (every OVERDUE_MS), and tells the live channel whom the new messages are
// for. Every instance may run it: the dispatcher, the mail queue, the webhooks and the overdue check
// each claim their work in the database (dispatcher.ts, mail.ts, integration/webhooks.ts, overdue.ts),
// so nothing is done twice. It runs where the scheduler runs (SCHEDULER=off stops both).
import type { Db } from '../db/database.js';
import { processWebhooks } from '../integration/webhooks.js';
import type { ProgressBus } from '../resource/import-progress.js';
import type { NoticeReceiver } from '../rules/notices.js';
import { dispatchEvents } from './dispatcher.js';
import { pushInbox } from './live.js';
import { processMailQueue } from './mail.js';
import { checkOverdueAnswers } from './overdue.js';

export const DISPATCH_MS = 1000;
export const MAIL_MS = 5000;
export const WEBHOOK_MS = 2000;
export const OVERDUE_MS = 10 * 60_000;

export class Notifier {
  private timers: NodeJS.Timeout[] = [];
  private readonly busy = new Set<string>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;
  /** Outbox events whose notification failed, and how often (dispatcher.ts sets one aside after 3). */
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly bus: ProgressBus,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  start(): void {
    if (this.timers.length) return;
    const every = (name: string, ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => this.run(name, work), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every('dispatch', DISPATCH_MS, () => this.dispatch());
    every('mail', MAIL_MS, () => processMailQueue(this.db));
    every('webhooks', WEBHOOK_MS, () => processWebhooks(this.db));
    every('overdue', OVERDUE_MS, () => this.overdue());
    this.run('overdue', () => this.overdue());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await Promise.allSettled([...this.running]);
  }

  /** Turns the waiting events into messages now and tells their receivers. */
  async dispatch(): Promise<NoticeReceiver[]> {
    const { receivers } = await dispatchEvents(this.db, { failures: this.failures, log: this.log });
    await this.push(receivers);
    return receivers;
  }

  /** Reports the overdue answers now and tells their receivers. */
  async overdue(today?: string): Promise<NoticeReceiver[]> {
    const receivers = await checkOverdueAnswers(this.db, today);
    await this.push(receivers);
    return receivers;
  }

  async push(receivers: readonly NoticeReceiver[]): Promise<void> {
    if (receivers.length) await pushInbox(this.db, this.bus, receivers);
  }

  /** One run of a kind at a time; a failure is logged and the next tick tries again. */
  private run(name: string, work: () => Promise<unknown>): void {
    if (this.stopped || this.busy.has(name)) return;
    this.busy.add(name);
    const p = work()
      .catch((err) => this.log(`notifier ${name} failed`, err))
      .finally(() => {
        this.busy.delete(name);
        this.running.delete(p);
      });
    this.running.add(p);
  }
}
