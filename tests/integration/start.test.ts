// The start as `npm start` makes it, with the production configuration, on an empty database of each
// kind: every migration applies, the demo data is seeded once with the production password cost, and
// a second start over the same data changes nothing. (Every other test starts on a copy of a database
// this same code prepared once for the run.)
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../services/boot.js';
import { type Config, loadConfig } from '../../services/config.js';
import { DEMO_USERS } from '../../services/seed/demo.js';
import { BOTH_DBS } from '../support/server.js';
import { createPgDatabase } from '../support/templates.js';

const MIGRATIONS = readdirSync(new URL('../../services/db/migrations/', import.meta.url)).filter((f) =>
  f.endsWith('.sql'),
);

describe.each(BOTH_DBS)('the demo start on %s', (kind) => {
  let config: Config;
  let cleanUp: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'srm-start-'));
    const pgDb = kind === 'postgres' ? await createPgDatabase() : undefined;
    config = { ...loadConfig({}), dataDir, databaseUrl: pgDb?.url, scheduler: false, logLevel: 'error' };
    cleanUp = async () => {
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => {
    await cleanUp?.();
  });

  const counts = async (server: Awaited<ReturnType<typeof buildServer>>) => {
    const { db } = server.database;
    const n = async (table: 'sysUser' | 'bmOrg' | 'sysMenu' | 'bmItem' | 'schemaMigrations') =>
      Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return {
      users: await n('sysUser'),
      orgs: await n('bmOrg'),
      menus: await n('sysMenu'),
      items: await n('bmItem'),
      migrations: await n('schemaMigrations'),
    };
  };

  it('migrates and seeds an empty database at the production password cost; a second start changes nothing', async () => {
    const server = await buildServer(config, { demo: true, logger: false });
    let before: Awaited<ReturnType<typeof counts>>;
    try {
      before = await counts(server);
      expect(before.migrations).toBe(MIGRATIONS.length);
      expect(before.users).toBeGreaterThanOrEqual(DEMO_USERS.length);
      expect(before.orgs).toBeGreaterThan(0);
      expect(before.items).toBeGreaterThan(0);
      const admin = await server.database.db
        .selectFrom('sysUser')
        .select('pwdHash')
        .where('userNo', '=', 'admin')
        .executeTakeFirstOrThrow();
      // Nothing overrides the cost: loadConfig's default is ASVS's m=19 MiB, t=2.
      expect(config.argon2).toEqual({ memoryCost: 19_456, timeCost: 2 });
      expect(admin.pwdHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      const login = await server.app.inject({
        method: 'POST',
        url: '/dapilc/restful/service/ilcwmsplus/ISrmBmLoginService/login',
        payload: { condition: { userNo: 'supplier1', pwd: 'demo1234' } },
      });
      expect(login.json().code).toBe('0');
    } finally {
      await server.close();
    }
    const again = await buildServer(config, { demo: true, logger: false });
    try {
      expect(await counts(again)).toEqual(before);
    } finally {
      await again.close();
    }
  });
});
