// Permission flags as data (schemas/flag.schema.json): migration 080 moves the 16 boolean columns of
// sys_role_menu into a text[] keeping every grant, the seed gives each flag of a grant once (the
// administrator the flags a menu has begun to offer), a role granting a flag beyond the 16 is answered in the user's menu list
// and checked per call, and a flag the menu does not offer is refused. Both databases: the migration
// and array parameters (tests/README.md).
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_MENU_FLAGS, MENU_FLAGS } from '../../engine/core/flags.js';
import { type Database, openDatabase } from '../../services/db/database.js';
import { migrate } from '../../services/db/migrate.js';
import { buildApp } from '../../services/http/server.js';
import { defineMethod, defineService } from '../../services/registry.js';
import { seedPlatform } from '../../services/seed/platform.js';
import { setRoleFlags } from '../support/rules.js';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';
import { createPgDatabase } from '../support/templates.js';

const ASN = 'Offsite.Delivery.AsnList';
const DELIVERY = 'Offsite.Delivery.Collaboration';
const WH = 'Base.Basic.Warehouse';
const ROLE_MENU = 'BaseManage.Base.Role';
const USER_MENU = 'BaseManage.Base.User';
const MIGRATIONS = new URL('../../services/db/migrations/', import.meta.url);

/** Applies the migrations before `name` as migrate() does, so a test can fill the tables they made. */
async function migrateBefore(database: Database, name: string): Promise<void> {
  const { db } = database;
  await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(
    db,
  );
  const files = readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql') && f < name)
    .sort();
  for (const file of files) {
    await db.transaction().execute(async (tx) => {
      await sql.raw(readFileSync(new URL(file, MIGRATIONS), 'utf8')).execute(tx);
      await tx.insertInto('schemaMigrations').values({ name: file }).execute();
    });
  }
}

const flagsOf = async (db: Database['db'], roleNo: string, menuNo: string) => {
  const row = await db
    .selectFrom('sysRoleMenu as rm')
    .innerJoin('sysRole as r', 'r.id', 'rm.roleId')
    .select('rm.flags')
    .where('r.roleNo', '=', roleNo)
    .where('rm.menuNo', '=', menuNo)
    .executeTakeFirst();
  return row ? [...row.flags].sort() : undefined;
};

describe.each(BOTH_DBS)('migration 080 and the seed on %s', (kind) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const pg = kind === 'postgres' ? await createPgDatabase() : undefined;
    drop = pg?.drop;
    database = await openDatabase({ databaseUrl: pg?.url });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('keeps every grant of the 16 columns, then gives the administrator the newly offered flags once', async () => {
    await migrateBefore(database, '080_menu_flags.sql');
    const { db } = database;
    await sql`
      insert into sys_menu (menu_no, menu_owner, menu_level, url, menu_type)
      values (${DELIVERY}, '0', 1, '', 'group'), (${ASN}, ${DELIVERY}, 2, '/delivery/asn-list', 'route'),
             ('Base', '0', 1, '', 'group'), ('Base.Basic', 'Base', 2, '', 'group'),
             (${WH}, 'Base.Basic', 3, '/base/warehouse', 'route')`.execute(db);
    await sql`insert into sys_role (role_no, role_name) values ('admin', 'Administrator'), ('QA', 'Quality')`.execute(
      db,
    );
    // The administrator took isAdd away on the ASN list; QA may look and export warehouses, and its ASN
    // list row says the menu was taken away on purpose.
    await sql`
      insert into sys_role_menu (role_id, menu_no, is_search, is_add, is_modify, is_delete, is_cancel_invalid,
        is_batch_update, is_physical_delete, is_save, is_submit, is_close, is_check, is_import, is_export,
        is_print, is_end, is_out)
      select id, ${ASN}, true, false, true, true, true, true, true, true, true, true, true, true, true, true,
        true, true from sys_role where role_no = 'admin'`.execute(db);
    await sql`
      insert into sys_role_menu (role_id, menu_no, is_search, is_export)
      select id, ${WH}, true, true from sys_role where role_no = 'QA'`.execute(db);
    await sql`insert into sys_role_menu (role_id, menu_no) select id, ${ASN} from sys_role where role_no = 'QA'`.execute(
      db,
    );

    expect(await migrate(database)).toContain('080_menu_flags.sql');
    const adminBefore = BASE_MENU_FLAGS.filter((f) => f !== 'isAdd');
    expect(await flagsOf(db, 'admin', ASN)).toEqual([...adminBefore].sort());
    expect(await flagsOf(db, 'QA', WH)).toEqual(['isExport', 'isSearch']);
    expect(await flagsOf(db, 'QA', ASN)).toEqual([]);
    const menu = await db
      .selectFrom('sysMenu')
      .select('offeredFlags')
      .where('menuNo', '=', ASN)
      .executeTakeFirst();
    expect(menu?.offeredFlags).toEqual([...BASE_MENU_FLAGS]);

    // The seed: the ASN list now offers approve and reject; the administrator gets them, keeps isAdd
    // taken away, and QA (not a seeded role) is left alone.
    await seedPlatform(db);
    expect(await flagsOf(db, 'admin', ASN)).toEqual([...adminBefore, 'isApprove', 'isReject'].sort());
    expect(await flagsOf(db, 'QA', WH)).toEqual(['isExport', 'isSearch']);
    expect(await flagsOf(db, 'QA', ASN)).toEqual([]);
    expect(
      (await db.selectFrom('sysMenu').select('offeredFlags').where('menuNo', '=', ASN).executeTakeFirst())
        ?.offeredFlags,
    ).toEqual(expect.arrayContaining(['isApprove', 'isReject']));
    // A menu the administrator had no row for gets every flag it offers.
    expect(await flagsOf(db, 'admin', WH)).toEqual([...BASE_MENU_FLAGS].sort());

    // Given once: an administrator's taking isApprove away survives the next start.
    await setRoleFlags(
      db,
      'admin',
      ASN,
      adminBefore.filter((f) => f !== 'isApprove'),
    );
    await seedPlatform(db);
    expect(await flagsOf(db, 'admin', ASN)).not.toContain('isApprove');

    // A flag added to a seeded role's list reaches its existing grant once, too: here the buyer's
    // warehouse grant as an older seed left it, before isExport was on the list.
    await db
      .updateTable('sysRoleMenu')
      .set({ flags: ['isSearch'], seededFlags: ['isSearch'] })
      .where('menuNo', '=', WH)
      .where('roleId', '=', db.selectFrom('sysRole').select('id').where('roleNo', '=', 'buyer'))
      .execute();
    await seedPlatform(db);
    expect(await flagsOf(db, 'buyer', WH)).toEqual(['isExport', 'isSearch']);
    await setRoleFlags(db, 'buyer', WH, ['isSearch']);
    await seedPlatform(db);
    expect(await flagsOf(db, 'buyer', WH)).toEqual(['isSearch']);
  });
});

/** A call that needs isApprove on the ASN list: the per-call check of a flag beyond the 16. */
const probe = defineService('IFlagProbeService', {
  approve: defineMethod({
    body: { type: 'object' },
    access: { kind: 'menu', menus: [ASN], flag: 'isApprove' },
    handler: async (ctx) => ({
      menuNo: ctx.menuNo,
      isApprove: ctx.flags?.isApprove,
      isReject: ctx.flags?.isReject,
    }),
  }),
});

describe.each(BOTH_DBS)('flags beyond the 16 on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let approver: string;
  let probeApp: Awaited<ReturnType<typeof buildApp>>;
  const pwd = 'Flag-check-2026A';

  const asAdmin = (path: string, condition: unknown, menu = ROLE_MENU) =>
    s.call(path, { condition }, { token: admin, menu, lang: 'en-US' });
  const approve = async (token: string) => {
    const res = await probeApp.inject({
      method: 'POST',
      url: `${API_PATH}/IFlagProbeService/approve`,
      headers: { 'authentication-info': token, 'app-module-number': ASN, 'accept-language': 'en-US' },
      payload: { condition: {} },
    });
    return { http: res.statusCode, body: res.json() };
  };
  const menusOf = async (token: string) => {
    const flat = (list: Record<string, unknown>[]): Record<string, unknown>[] =>
      list.flatMap((m) => [m, ...flat(m.children as Record<string, unknown>[])]);
    const r = await s.call('ISysMenuService/getsysmenulist', {}, { token });
    return flat(r.body.response.data.allMenuList);
  };

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    admin = await s.login('admin');
    probeApp = await buildApp({
      config: s.config,
      database: s.server.database,
      services: [probe],
      logger: false,
    });
    const role = await asAdmin('ISrmSysRoleService/saveorupdaterole', {
      roleNo: 'APPROVER',
      roleName: 'ASN approver',
      menuList: [
        { menuNo: DELIVERY, isSearch: 'Y' },
        { menuNo: ASN, isSearch: 'Y', isApprove: 'Y', isReject: 'N' },
      ],
    });
    expect(role.body.status, JSON.stringify(role.body)).toBe(200);
    const user = await asAdmin(
      'ISupSrmSysUserService/saveorupdatesysuser',
      { userNo: 'approver', userName: 'Approver', pwd, pwdConfirm: pwd, orgNo: 'SH01', roleNos: 'APPROVER' },
      USER_MENU,
    );
    expect(user.body.status, JSON.stringify(user.body)).toBe(200);
    approver = await s.login('approver', pwd);
  });
  afterAll(async () => {
    await probeApp?.close();
    await s?.close();
  });

  it('answers a role granting isApprove in its menu, and the tree shows the flag on that menu only', async () => {
    const role = await asAdmin('ISrmSysRoleService/getsysrolelist', { keyword: 'APPROVER' });
    const id = role.body.response.data.records[0].id;
    const got = await asAdmin('ISrmSysRoleService/getsysrolebyid', { id });
    const asn = got.body.response.data.menuList.find((m: { menuNo: string }) => m.menuNo === ASN);
    // Every flag the menu offers, 'Y' or 'N'.
    expect(asn).toMatchObject({ isSearch: 'Y', isApprove: 'Y', isReject: 'N', isAdd: 'N', isOut: 'N' });
    expect(Object.keys(asn)).toHaveLength(1 + BASE_MENU_FLAGS.length + 2);

    const tree = await asAdmin('ISrmSysRoleService/getsysrolemenutree', { id });
    const nodes = (list: { menuNo: string; flags: string[]; children: unknown[] }[]): typeof list =>
      list.flatMap((n) => [n, ...nodes(n.children as typeof list)]);
    const all = nodes(tree.body.response.data.menuTree);
    expect(all.find((n) => n.menuNo === ASN)?.flags).toEqual([
      ...MENU_FLAGS.filter(
        (f) => (BASE_MENU_FLAGS as string[]).includes(f) || f === 'isApprove' || f === 'isReject',
      ),
    ]);
    expect(all.find((n) => n.menuNo === WH)?.flags).toEqual([...BASE_MENU_FLAGS]);
  });

  it("answers the flag in the user's menu list, and the administrator has it too", async () => {
    const mine = await menusOf(approver);
    expect(mine.map((m) => m.menuNo).sort()).toEqual([DELIVERY, ASN].sort());
    expect(mine.find((m) => m.menuNo === ASN)).toMatchObject({
      isSearch: 'Y',
      isApprove: 'Y',
      isReject: 'N',
    });
    expect(mine.find((m) => m.menuNo === DELIVERY)).toMatchObject({ isSearch: 'Y', isApprove: 'N' });
    const admins = await menusOf(admin);
    expect(admins.find((m) => m.menuNo === ASN)).toMatchObject({ isApprove: 'Y', isReject: 'Y' });
    // Offered nowhere else: the administrator has isApprove only where a menu offers it.
    expect(admins.find((m) => m.menuNo === WH)).toMatchObject({ isAdd: 'Y', isApprove: 'N' });
  });

  it('checks the flag per call, in one query, and a change applies to the next call', async () => {
    const queries: string[] = [];
    const stop = s.server.database.onQuery((text) => queries.push(text));
    const allowed = await approve(approver);
    stop();
    expect(allowed.body.response.data).toEqual({ menuNo: ASN, isApprove: true, isReject: false });
    expect(queries.filter((q) => q.includes('sys_role_menu'))).toHaveLength(1);

    // A supplier's user has no approval on the purchaser's notice list.
    const supplier = await s.login('supplier1');
    const refused = await approve(supplier);
    expect(refused.http).toBe(403);
    expect(refused.body.errorMessage).toContain('isApprove');

    // Taken away, refused at the next call; a grant the menu does not offer counts for nothing.
    await setRoleFlags(s.server.database.db, 'APPROVER', ASN, ['isSearch']);
    expect((await approve(approver)).http).toBe(403);
    await s.server.database.db
      .updateTable('sysMenu')
      .set({ offeredFlags: [...BASE_MENU_FLAGS] })
      .where('menuNo', '=', ASN)
      .execute();
    await setRoleFlags(s.server.database.db, 'APPROVER', ASN, ['isSearch', 'isApprove']);
    expect((await approve(approver)).http).toBe(403);
    expect((await menusOf(approver)).find((m) => m.menuNo === ASN)).toMatchObject({ isApprove: 'N' });
  });

  it('refuses a flag the menu does not offer, with the flag and the menu named, and changes nothing', async () => {
    const roles = async () =>
      Number(
        (
          await s.server.database.db
            .selectFrom('sysRole')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await roles();
    const bad = [{ menuNo: WH, isSearch: 'Y', isApprove: 'Y' }];
    for (const menuList of [bad, JSON.stringify(bad)]) {
      const r = await asAdmin('ISrmSysRoleService/saveorupdaterole', {
        roleNo: 'NOPE',
        roleName: 'x',
        menuList,
      });
      expect(r.http).toBeLessThan(500);
      expect(r.body.code).toBe('10017');
      expect(r.body.msg).toBe(
        `Invalid value: Menu permissions grants "Approve" on "Warehouses" (${WH}), which that menu does not offer.`,
      );
    }
    const unknown = await asAdmin('ISrmSysRoleService/saveorupdaterole', {
      roleNo: 'NOPE',
      roleName: 'x',
      menuList: [{ menuNo: WH, isSearch: 'Y', isFly: 'Y' }],
    });
    expect(unknown.body.msg).toContain('grants "isFly"');
    // As 'N' a flag the menu does not offer changes nothing and is accepted.
    const accepted = await asAdmin('ISrmSysRoleService/saveorupdaterole', {
      roleNo: 'NOPE',
      roleName: 'x',
      menuList: [{ menuNo: WH, isSearch: 'Y', isApprove: 'N' }],
    });
    expect(accepted.body.status).toBe(200);
    expect(await roles()).toBe(before + 1);
    // A user's own menus are checked alike.
    const user = await asAdmin(
      'ISupSrmSysUserService/saveorupdatesysuser',
      { userNo: 'nope', userName: 'Nope', pwd, pwdConfirm: pwd, orgNo: 'SH01', menuList: bad },
      USER_MENU,
    );
    expect(user.body.code).toBe('10017');
    expect(user.body.msg).toContain('"Approve"');
    expect(
      await s.server.database.db
        .selectFrom('sysUser')
        .select('id')
        .where('userNo', '=', 'nope')
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
