// Permission flags of the calling menu: the OR over the user's valid roles (sys_role_menu), the user's
// personal role (its own menu permissions) included. Read from the database on every call and never
// cached, so a change of a user's roles or menus applies to that user's next request on any instance.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { type Flags, MENU_FLAGS, type MenuFlag } from '../registry.js';

export interface ChainEntry {
  menuNo: string;
  /** Undefined when none of the user's roles grants anything on this menu. */
  flags?: Flags;
}

const flagColumns = sql.join(MENU_FLAGS.map((f) => sql`bool_or(${sql.ref(`rm.${f}`)}) as ${sql.ref(f)}`));

/**
 * The menu and its owners up to the top, nearest first, each with the user's flags, in one query:
 * add and modify pages are hidden children that act under their list's menu.
 */
export async function menuChainFlags(db: Db, userId: string, menuNo: string): Promise<ChainEntry[]> {
  const { rows } = await sql<Record<string, unknown> & { menuNo: string; depth: number }>`
    with recursive chain (menu_no, menu_owner, depth) as (
      select menu_no, menu_owner, 0 from sys_menu where menu_no = ${menuNo} and status_code = '1'
      union all
      select m.menu_no, m.menu_owner, c.depth + 1
      from sys_menu m join chain c on m.menu_no = c.menu_owner
      where c.depth < 10 and m.status_code = '1'
    )
    select c.menu_no, c.depth, ${flagColumns}
    from chain c
    left join (
      sys_role_menu rm
      join sys_user_role ur on ur.role_id = rm.role_id and ur.user_id = ${userId}
      join sys_role r on r.id = rm.role_id and r.status_code = '1'
    ) on rm.menu_no = c.menu_no
    group by c.menu_no, c.depth
    order by c.depth`.execute(db);
  return rows.map((row) => ({
    menuNo: row.menuNo,
    flags:
      row.isSearch === null
        ? undefined
        : (Object.fromEntries(MENU_FLAGS.map((f) => [f, Boolean(row[f as MenuFlag])])) as Flags),
  }));
}

/** A screen-scoped setting (tag, view, columns) may only name a menu the caller can open. */
export async function requireOpenable(db: Db, userId: string, module: string): Promise<void> {
  const chain = await menuChainFlags(db, userId, module);
  if (!chain.some((m) => m.flags?.isSearch)) throw new AppError('forbidden', { flag: 'isSearch' });
}
