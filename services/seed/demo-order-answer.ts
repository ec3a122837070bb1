// Demo order answer rules, seeded once under their own marker (before the demo orders, which take their
// due dates from them): SH01 wants an answer within 3 days, VMI orders within 10, Acme's VMI orders
// within 4, and Acme's subcontract orders need none; HN01 wants one within a day.
import type { Db } from '../db/database.js';
import { seedOnce } from './once.js';

const RULES = [
  { orgNo: 'SH01', orderType: null, supplierNo: null, answerRequired: 'Y', answerDays: 3 },
  { orgNo: 'SH01', orderType: '3', supplierNo: null, answerRequired: 'Y', answerDays: 10 },
  { orgNo: 'SH01', orderType: '3', supplierNo: 'SUP001', answerRequired: 'Y', answerDays: 4 },
  { orgNo: 'SH01', orderType: '2', supplierNo: 'SUP001', answerRequired: 'N', answerDays: null },
  { orgNo: 'HN01', orderType: null, supplierNo: null, answerRequired: 'Y', answerDays: 1 },
];

export async function seedOrderAnswerDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await seedOnce(tx, 'demo-order-answer'))) return false;
    await tx
      .insertInto('srmOrderAnswerConfig')
      .values(RULES.map((r) => ({ ...r, createName: 'admin', updateName: 'admin' })))
      .onConflict((oc) => oc.column('ruleKey').doNothing())
      .execute();
    return true;
  });
}
