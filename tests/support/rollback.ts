// Fast tests of the server's own rules (the resource layer, the services' checks) without a server: one
// database per test file, a copy of the run's PostgreSQL template, and every test inside a transaction
// that is rolled back when it ends, so each test starts from the seeded data and costs milliseconds.
import { inject } from 'vitest';
import { scopeFrom } from '../../services/access/scope.js';
import { loadConfig } from '../../services/config.js';
import { type Database, openDatabase } from '../../services/db/database.js';
import { type Language, translator } from '../../services/i18n.js';
import type { CallContext, DataScope, SessionUser } from '../../services/registry.js';
import { createPgDatabase, TEST_CONFIG } from './templates.js';

export interface RollbackDb {
  database: Database;
  /**
   * Runs `work` in a transaction that is always rolled back. `ctx(userNo)` is the call context of a
   * demo user (admin, buyer, supplier1, ...) with the data scope the database gives it, on that
   * transaction. What `work` returns is handed back.
   */
  run<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface Tx {
  db: CallContext['db'];
  ctx(userNo?: string, opts?: { lang?: Language; scope?: Partial<DataScope> }): Promise<CallContext>;
}

const ROLLBACK = Symbol('rollback');

export async function openRollbackDb(): Promise<RollbackDb> {
  const created = await createPgDatabase(inject('templates').postgres);
  const database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
  const config = { ...loadConfig({}), ...TEST_CONFIG, scheduler: false };
  return {
    database,
    async run(work) {
      let result: Awaited<ReturnType<typeof work>> | undefined;
      try {
        await database.db.transaction().execute(async (db) => {
          const ctx: Tx['ctx'] = async (userNo = 'admin', opts = {}) => {
            const lang = opts.lang ?? 'en-US';
            const user = await sessionUser(db, userNo);
            return {
              db,
              config,
              lang,
              t: translator(lang),
              user: { ...user, scope: { ...user.scope, ...opts.scope } },
              lookup: false,
              ip: '127.0.0.1',
            };
          };
          result = await work({ db, ctx });
          throw ROLLBACK;
        });
      } catch (e) {
        if (e !== ROLLBACK) throw e;
      }
      return result as Awaited<ReturnType<typeof work>>;
    },
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

async function sessionUser(db: CallContext['db'], userNo: string): Promise<SessionUser> {
  const u = await db
    .selectFrom('sysUser')
    .select(['id', 'userNo', 'userName', 'orgNo', 'scopeAll', 'supplierNo'])
    .where('userNo', '=', userNo)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('sysUserData')
    .select(['dataType as t', 'dataValue as v'])
    .where('userId', '=', u.id)
    .execute();
  return {
    id: u.id,
    userNo: u.userNo,
    userName: u.userName,
    orgNo: u.orgNo,
    tokenHash: '',
    scope: scopeFrom(rows, u),
  };
}
