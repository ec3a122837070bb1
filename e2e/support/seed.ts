// Data an e2e file adds to its own portal's database before the browser opens.
import type { Kysely } from 'kysely';
import type { DB } from '../../services/db/generated.js';

/**
 * `count` organisations numbered `<prefix>0000`..., named `<name> <i>`, and the administrator's page
 * allowed up to 1000 rows: enough for the organisation list's large-page grid (above 100 rows).
 */
export async function seedOrganisations(
  db: Kysely<DB>,
  count: number,
  prefix: string,
  name: string,
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('bmOrg')
    .values(
      Array.from({ length: count }, (_, i) => ({
        orgNo: `${prefix}${String(i).padStart(4, '0')}`,
        orgName: `${name} ${i}`,
        orgShortName: `${prefix}${i}`,
        createName: 'seed',
        updateName: 'seed',
        createDate: now,
        updateDate: now,
      })),
    )
    .execute();
  await db.updateTable('sysUser').set({ limitCount: 1000 }).where('userNo', '=', 'admin').execute();
}
