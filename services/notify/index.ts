// Notifications on an app: the live channel's bus and, where the scheduler runs, the notifier loop.
// buildApp attaches them (app.notify); the WebSocket route is registered in the scope that owns the
// WebSocket plugin (services/http/import-routes.ts) with registerNoticeSocket.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { openProgressBus, type ProgressBus } from '../resource/import-progress.js';
import { Notifier } from './notifier.js';

export interface NotifyRuntime {
  bus: ProgressBus;
  /** Undefined when config.scheduler is off. */
  notifier?: Notifier;
  /** A notifier for this app whether or not its loop runs (tests drive it directly). */
  worker: Notifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    notify: NotifyRuntime;
  }
}

export async function attachNotify(app: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  const bus = await openProgressBus(config.databaseUrl);
  const worker = new Notifier(db, bus, (msg, err) => app.log.error({ err }, msg));
  const runtime: NotifyRuntime = { bus, worker, notifier: config.scheduler ? worker : undefined };
  app.decorate('notify', runtime);
  runtime.notifier?.start();
  app.addHook('onClose', async () => {
    await worker.stop();
    await bus.close();
  });
  return runtime;
}
