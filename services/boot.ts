// Opens the database, migrates, seeds and builds the app: shared by main.ts, the tests and benchmarks.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { type Database, openDatabase, pgliteDirFor } from './db/database.js';
import { migrate } from './db/migrate.js';
import { buildApp } from './http/server.js';
import { SERVICES } from './modules/index.js';
import { seedAsnLabelTemplate } from './print/asn-label-template.js';
import { seedDemo } from './seed/demo.js';
import { seedAsnDemo } from './seed/demo-asn.js';
import { seedDeliveryApprovalDemo } from './seed/demo-delivery-approval.js';
import { seedLabelsDemo } from './seed/demo-labels.js';
import { seedMaterialDemo } from './seed/demo-material.js';
import { seedNewsDemo } from './seed/demo-news.js';
import { seedOrderAnswerDemo } from './seed/demo-order-answer.js';
import { seedOrdersDemo } from './seed/demo-orders.js';
import { seedReceiptsDemo } from './seed/demo-receipts.js';
import { seedRulesDemo } from './seed/demo-rules.js';
import { seedLookupDemo } from './seed/lookups.js';
import { seedNoticeDefaults } from './seed/notice-defaults.js';
import { seedNoticeEvents } from './seed/notice-events.js';
import { seedPlatform } from './seed/platform.js';
import { seedPrintTemplates } from './seed/print-templates.js';
import { seedSystem } from './seed/system.js';
import { Scheduler } from './system/scheduler.js';

export interface Server {
  app: FastifyInstance;
  database: Database;
  /** Runs the scheduled jobs; undefined when config.scheduler is off. */
  scheduler?: Scheduler;
  close(): Promise<void>;
}

export interface BootOptions {
  /** Keep PGlite in memory instead of DATA_DIR (tests). */
  inMemory?: boolean;
  demo?: boolean;
  logger?: boolean;
  /**
   * The database is a copy of one this code has already migrated and seeded (the tests' template):
   * skip both. A real start never sets it.
   */
  prepared?: boolean;
}

/** Migrates and seeds: what every start does first, and what the tests' template databases hold. */
export async function prepareDatabase(database: Database, config: Config, demo: boolean): Promise<void> {
  await migrate(database);
  await seedPlatform(database.db);
  await seedPrintTemplates(database.db);
  await seedAsnLabelTemplate(database.db);
  await seedSystem(database.db);
  await seedNoticeEvents(database.db);
  if (demo) {
    await seedDemo(database.db, config);
    await seedMaterialDemo(database.db);
    await seedRulesDemo(database.db);
    await seedLookupDemo(database.db);
    await seedNewsDemo(database.db);
    await seedOrderAnswerDemo(database.db);
    await seedOrdersDemo(database.db);
    await seedAsnDemo(database.db);
    await seedDeliveryApprovalDemo(database.db);
    await seedReceiptsDemo(database.db);
    await seedLabelsDemo(database.db);
  }
  // After the demo: its organisations get default messages, and its history sends none.
  await seedNoticeDefaults(database.db);
}

export function openConfiguredDatabase(config: Config, inMemory = false): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl || inMemory ? undefined : pgliteDirFor(config.dataDir),
  });
}

export async function buildServer(config: Config, opts: BootOptions = {}): Promise<Server> {
  const database = await openConfiguredDatabase(config, opts.inMemory);
  if (!opts.prepared) await prepareDatabase(database, config, opts.demo ?? process.env.SEED_DEMO !== 'false');
  const app = await buildApp({ config, database, services: SERVICES, logger: opts.logger });
  const scheduler = config.scheduler
    ? new Scheduler(database.db, config, (msg, err) => app.log.error({ err }, msg))
    : undefined;
  scheduler?.start();
  return {
    app,
    database,
    scheduler,
    close: async () => {
      // Runs in progress finish (and record their end) before the database closes.
      await scheduler?.stop();
      await app.close();
      await database.close();
    },
  };
}
