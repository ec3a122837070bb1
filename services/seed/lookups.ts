// Demo rows of the entities only selectors use: document types, machines and dropdown data
// sources, each with one invalid row so the valid-only rule can be seen. Seeded once, under their own
// marker, so a database seeded before these tables existed gets them at its next start.
import type { Db } from '../db/database.js';
import { seedOnce } from './once.js';

const DOC_TYPES = [
  { orgNo: 'SH01', bigModule: 'PO', docNature: '1', docType: 'SH-PO-STD', docTypeName: 'Standard purchase' },
  {
    orgNo: 'SH01',
    bigModule: 'PO',
    docNature: '1',
    docType: 'SH-PO-SUB',
    docTypeName: 'Subcontract purchase',
  },
  { orgNo: 'SH01', bigModule: 'PO', docNature: '2', docType: 'SH-PO-RET', docTypeName: 'Purchase return' },
  { orgNo: 'SH01', bigModule: 'ASN', docNature: null, docType: 'SH-ASN', docTypeName: 'Delivery notice' },
  {
    orgNo: 'SH01',
    bigModule: 'PO',
    docNature: '1',
    docType: 'SH-PO-OLD',
    docTypeName: 'Retired purchase type',
    statusCode: '0',
  },
  { orgNo: 'HN01', bigModule: 'PO', docNature: '1', docType: 'HN-PO-STD', docTypeName: 'Hanoi purchase' },
  {
    orgNo: 'HN01',
    bigModule: 'ASN',
    docNature: null,
    docType: 'HN-ASN',
    docTypeName: 'Hanoi delivery notice',
  },
];

const MACHINES = [
  { orgNo: 'SH01', warehouseNo: 'SH01-RM', machineNo: 'SH-FL-01', machineName: 'Forklift 1' },
  { orgNo: 'SH01', warehouseNo: 'SH01-FG', machineNo: 'SH-PK-01', machineName: 'Packing line 1' },
  {
    orgNo: 'SH01',
    warehouseNo: null,
    machineNo: 'SH-OLD-01',
    machineName: 'Scrapped press',
    statusCode: '0',
  },
  { orgNo: 'HN01', warehouseNo: 'HN01-RM', machineNo: 'HN-FL-01', machineName: 'Hanoi forklift' },
];

const DROPDOWN = [
  { dataSource: 'CAR_TYPE', code: 'VAN', name: 'Van' },
  { dataSource: 'CAR_TYPE', code: 'TRUCK42', name: 'Truck 4.2 m' },
  { dataSource: 'CAR_TYPE', code: 'TRUCK96', name: 'Truck 9.6 m' },
  { dataSource: 'CAR_TYPE', code: 'CART', name: 'Hand cart', statusCode: '0' },
  { dataSource: 'PACKING', code: 'CARTON', name: 'Carton' },
  { dataSource: 'PACKING', code: 'PALLET', name: 'Pallet' },
];

export async function seedLookupDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await seedOnce(tx, 'demo-lookups'))) return false;
    // Only for the demo organisations: a database without them (SEED_DEMO once false) gets nothing.
    const orgs = new Set((await tx.selectFrom('bmOrg').select('orgNo').execute()).map((o) => o.orgNo));
    const audit = { createName: 'system', updateName: 'system' };
    const docs = DOC_TYPES.filter((d) => orgs.has(d.orgNo));
    if (docs.length)
      await tx
        .insertInto('extBcDocConfig')
        .values(docs.map((d) => ({ ...d, ...audit })))
        .execute();
    const machines = MACHINES.filter((m) => orgs.has(m.orgNo));
    if (machines.length)
      await tx
        .insertInto('bmMachine')
        .values(machines.map((m) => ({ ...m, ...audit })))
        .execute();
    // Items one second apart, the first oldest: the lookup's default order (newest first) is visible.
    const start = Date.now() - DROPDOWN.length * 1000;
    await tx
      .insertInto('sysDropdownData')
      .values(DROPDOWN.map((d, i) => ({ ...d, ...audit, createDate: new Date(start + i * 1000) })))
      .execute();
    return true;
  });
}
