// Demo data, seeded once on first start (README lists it): two organisations with warehouses, two
// suppliers, and the users admin, buyer, supplier1 and supplier2, all with password demo1234.
import { DATA_TYPE } from '../access/scope.js';
import { hashPassword } from '../auth/passwords.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { seedOnce } from './once.js';

export const DEMO_PASSWORD = 'demo1234';

const ORGS = [
  { orgNo: 'SH01', orgName: 'Shanghai Manufacturing Centre', orgShortName: 'Shanghai' },
  { orgNo: 'HN01', orgName: 'Hanoi Assembly Plant', orgShortName: 'Hanoi' },
];
const WAREHOUSES = [
  { orgNo: 'SH01', warehouseNo: 'SH01-RM', warehouseName: 'Shanghai raw materials' },
  { orgNo: 'SH01', warehouseNo: 'SH01-FG', warehouseName: 'Shanghai finished goods' },
  { orgNo: 'HN01', warehouseNo: 'HN01-RM', warehouseName: 'Hanoi raw materials' },
];
const CLASSIFY_TYPES = [
  { orgNo: 'SH01', classifyType: 'SH01-PO', classifyTypeName: 'Shanghai purchase receipt' },
  { orgNo: 'HN01', classifyType: 'HN01-PO', classifyTypeName: 'Hanoi purchase receipt' },
];
const SUPPLIERS = [
  {
    orgNo: 'SH01',
    supplierNo: 'SUP001',
    supplierName: 'Acme Precision Components Co., Ltd.',
    supplierShortName: 'Acme',
  },
  {
    orgNo: 'HN01',
    supplierNo: 'SUP002',
    supplierName: 'Delta Plastics Vietnam JSC',
    supplierShortName: 'Delta',
  },
];

interface DemoUser {
  userNo: string;
  userName: string;
  orgNo: string;
  warehouseNo?: string;
  supplierNo?: string;
  role: 'admin' | 'buyer' | 'supplier';
  scopeAll?: boolean;
  orgs: string[];
  warehouses: string[];
  classifyTypes: string[];
}

export const DEMO_USERS: DemoUser[] = [
  {
    userNo: 'admin',
    userName: 'Administrator',
    orgNo: 'SH01',
    role: 'admin',
    scopeAll: true,
    orgs: ['SH01', 'HN01'],
    warehouses: ['SH01-RM', 'SH01-FG', 'HN01-RM'],
    classifyTypes: ['SH01-PO', 'HN01-PO'],
  },
  {
    userNo: 'buyer',
    userName: 'Wang Li (purchasing)',
    orgNo: 'SH01',
    warehouseNo: 'SH01-RM',
    role: 'buyer',
    orgs: ['SH01', 'HN01'],
    warehouses: ['SH01-RM', 'SH01-FG', 'HN01-RM'],
    classifyTypes: ['SH01-PO', 'HN01-PO'],
  },
  {
    userNo: 'supplier1',
    userName: 'Acme sales desk',
    orgNo: 'SH01',
    supplierNo: 'SUP001',
    role: 'supplier',
    orgs: ['SH01'],
    warehouses: ['SH01-RM'],
    classifyTypes: ['SH01-PO'],
  },
  {
    userNo: 'supplier2',
    userName: 'Delta sales desk',
    orgNo: 'HN01',
    supplierNo: 'SUP002',
    role: 'supplier',
    orgs: ['HN01'],
    warehouses: ['HN01-RM'],
    classifyTypes: ['HN01-PO'],
  },
];

/** Seeds the demo data unless it was seeded before; answers whether it did. */
export async function seedDemo(db: Db, config: Config): Promise<boolean> {
  // Most starts find the demo seeded: no passwords are hashed for them (the marker below still decides
  // when two instances start together).
  const seeded = await db.selectFrom('sysSeed').select('name').where('name', '=', 'demo').executeTakeFirst();
  if (seeded) return false;
  const hashes = new Map<string, string>();
  for (const u of DEMO_USERS) hashes.set(u.userNo, await hashPassword(DEMO_PASSWORD, config.argon2));
  return db.transaction().execute(async (tx) => {
    if (!(await seedOnce(tx, 'demo'))) return false;
    const audit = { createName: 'system', updateName: 'system' };
    await tx
      .insertInto('bmOrg')
      .values(ORGS.map((o) => ({ ...o, ...audit })))
      .execute();
    await tx
      .insertInto('bmWarehouse')
      .values(WAREHOUSES.map((w) => ({ ...w, ...audit })))
      .execute();
    await tx
      .insertInto('bmClassifyType')
      .values(CLASSIFY_TYPES.map((c) => ({ ...c, ...audit })))
      .execute();
    await tx
      .insertInto('bmSupplier')
      .values(SUPPLIERS.map((s) => ({ ...s, ...audit })))
      .execute();
    const roles = await tx.selectFrom('sysRole').select(['id', 'roleNo']).execute();
    for (const u of DEMO_USERS) {
      const { id } = await tx
        .insertInto('sysUser')
        .values({
          userNo: u.userNo,
          userName: u.userName,
          pwdHash: hashes.get(u.userNo)!,
          orgNo: u.orgNo,
          warehouseNo: u.warehouseNo ?? null,
          supplierNo: u.supplierNo ?? null,
          scopeAll: u.scopeAll ?? false,
          ...audit,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const roleId = roles.find((r) => r.roleNo === u.role)?.id;
      if (roleId) await tx.insertInto('sysUserRole').values({ userId: id, roleId }).execute();
      const scopeRows = [
        ...u.orgs.map((v) => ({ userId: id, dataType: DATA_TYPE.org, dataValue: v })),
        ...u.warehouses.map((v) => ({ userId: id, dataType: DATA_TYPE.warehouse, dataValue: v })),
        ...u.classifyTypes.map((v) => ({ userId: id, dataType: DATA_TYPE.classifyType, dataValue: v })),
      ];
      await tx.insertInto('sysUserData').values(scopeRows).execute();
    }
    return true;
  });
}
