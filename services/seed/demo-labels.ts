// Demo settings of delivery notice labels, once (marker demo-labels): the GS1 company prefix of the
// GS1 General Specifications' examples (0614141; a real installation sets its own on the parameter
// screen) and a quantity per box on the demo container rules, so the notices can be labelled at once.
import type { Db } from '../db/database.js';
import { seedOnce } from './once.js';

const PACK_QTY: Record<string, string> = { 'BOX-STD': '100', 'BOX-CRATE': '50', 'BOX-HN': '200' };

export async function seedLabelsDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await seedOnce(tx, 'demo-labels'))) return false;
    await tx
      .updateTable('sysParam')
      .set({ paramValue: '0614141' })
      .where('paramNo', '=', 'SSCC_COMPANY_PREFIX')
      .where((eb) => eb.or([eb('paramValue', 'is', null), eb('paramValue', '=', '')]))
      .execute();
    for (const [boxRuleNo, packQty] of Object.entries(PACK_QTY))
      await tx
        .updateTable('bmBoxRuleHead')
        .set({ packQty })
        .where('boxRuleNo', '=', boxRuleNo)
        .where('packQty', 'is', null)
        .execute();
    return true;
  });
}
