// The administrator's default column layout of a list screen (table management). Read by the column
// settings of every user of the screen who has none of their own (ISysViewService/getColumnSetting).
import type { ColumnSetting } from '../../schemas/generated/list-view.js';
import type { Db } from '../db/database.js';

/** The stored layout of a screen, or null when the administrator has set none. */
export async function adminLayout(db: Db, module: string): Promise<ColumnSetting[] | null> {
  const row = await db
    .selectFrom('sysTableLayout')
    .select('columns')
    .where('module', '=', module)
    .executeTakeFirst();
  return row && Array.isArray(row.columns) ? (row.columns as ColumnSetting[]) : null;
}
