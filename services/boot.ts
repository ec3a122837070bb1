// Opens the database, migrates, seeds and builds the app: shared by main.ts, the tests and benchmarks.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { type Database, openDatabase, pgliteDirFor } from './db/database.js';
import { migrate } from './db/migrate.js';
import { buildApp } from './http/server.js';
import { SERVICES } from './modules/index.js';
import { seedDemo } from './seed/demo.js';
import { seedLookupDemo } from './seed/lookups.js';
import { seedPlatform } from './seed/platform.js';

export interface Server {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export interface BootOptions {
  /** Keep PGlite in memory instead of DATA_DIR (tests). */
  inMemory?: boolean;
  demo?: boolean;
  logger?: boolean;
}

export async function buildServer(config: Config, opts: BootOptions = {}): Promise<Server> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl || opts.inMemory ? undefined : pgliteDirFor(config.dataDir),
  });
  await migrate(database);
  await seedPlatform(database.db);
  if (opts.demo ?? process.env.SEED_DEMO !== 'false') {
    await seedDemo(database.db, config);
    await seedLookupDemo(database.db);
  }
  const app = await buildApp({ config, database, services: SERVICES, logger: opts.logger });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
