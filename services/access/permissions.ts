// Permission flags of the calling menu: the OR over the user's valid roles (sys_role_menu), the user's
// personal role (its own menu permissions) included, of the flags the menu offers (sys_menu
// offered_flags). Read from the database on every call and never cached, so a change of a user's roles
// or menus applies to that user's next request on any instance.
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { type Flags, MENU_FLAGS } from '../registry.js';

export interface ChainEntry {
  menuNo: string;
  /** Undefined when none of the user's roles grants anything on this menu. */
  flags?: Flags;
}

/** Every flag false but those named. */
function flagsOf(granted: Iterable<string>): Flags {
  const set = new Set(granted);
  return Object.fromEntries(MENU_FLAGS.map((f) => [f, set.has(f)])) as Flags;
}

/** One menu of a chain as the query answers it. */
export interface ChainRow {
  menuNo: string;
  roles: number | string;
  granted: string[] | null;
}

/**
 * The menu and its owners up to the top, nearest first (depth 0 the menu itself), each with how many
 * of the user's valid roles grant anything on it and the flags they grant that it offers. `userId` is
 * a value or a column of an enclosing query (the session's user, resolveSession).
 */
export function menuChainQuery(userId: RawBuilder<string> | string, menuNo: string): RawBuilder<ChainRow> {
  return sql<ChainRow>`
    with recursive chain (menu_no, menu_owner, offered_flags, depth) as (
      select menu_no, menu_owner, offered_flags, 0 from sys_menu where menu_no = ${menuNo} and status_code = '1'
      union all
      select m.menu_no, m.menu_owner, m.offered_flags, c.depth + 1
      from sys_menu m join chain c on m.menu_no = c.menu_owner
      where c.depth < 10 and m.status_code = '1'
    )
    select c.menu_no, c.depth, count(rm.role_id) as roles,
      array_agg(distinct f.flag) filter (where f.flag = any(c.offered_flags)) as granted
    from chain c
    left join (
      sys_role_menu rm
      join sys_user_role ur on ur.role_id = rm.role_id and ur.user_id = ${userId}
      join sys_role r on r.id = rm.role_id and r.status_code = '1'
    ) on rm.menu_no = c.menu_no
    left join unnest(rm.flags) as f (flag) on true
    group by c.menu_no, c.depth
    order by c.depth`;
}

/** The chain's rows, nearest first, as entries with the user's flags. */
export function chainOf(rows: readonly ChainRow[]): ChainEntry[] {
  return rows.map((row) => ({
    menuNo: row.menuNo,
    flags: Number(row.roles) === 0 ? undefined : flagsOf(row.granted ?? []),
  }));
}

/**
 * The menu and its owners up to the top, nearest first, each with the user's flags, in one query:
 * add and modify pages are hidden children that act under their list's menu.
 */
export async function menuChainFlags(db: Db, userId: string, menuNo: string): Promise<ChainEntry[]> {
  return chainOf((await menuChainQuery(userId, menuNo).execute(db)).rows);
}

/** A screen-scoped setting (tag, view, columns) may only name a menu the caller can open. */
export async function requireOpenable(db: Db, userId: string, module: string): Promise<void> {
  const chain = await menuChainFlags(db, userId, module);
  if (!chain.some((m) => m.flags?.isSearch)) throw new AppError('forbidden', { flag: 'isSearch' });
}
