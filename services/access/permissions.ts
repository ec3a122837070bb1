// Permission flags of a menu for a user: the OR over the user's valid roles (sys_role_menu).
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { type Flags, MENU_FLAGS, type MenuFlag } from '../registry.js';

export function noFlags(): Flags {
  return Object.fromEntries(MENU_FLAGS.map((f) => [f, false])) as Flags;
}

export async function menuFlags(db: Db, userId: string, menuNo: string): Promise<Flags | undefined> {
  const row = await db
    .selectFrom('sysRoleMenu as rm')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rm.roleId')
    .innerJoin('sysRole as r', 'r.id', 'rm.roleId')
    .innerJoin('sysMenu as m', 'm.menuNo', 'rm.menuNo')
    .where('ur.userId', '=', userId)
    .where('rm.menuNo', '=', menuNo)
    .where('r.statusCode', '=', '1')
    .where('m.statusCode', '=', '1')
    .select(MENU_FLAGS.map((f) => sql<boolean>`bool_or(${sql.ref(`rm.${f}`)})`.as(f)))
    .executeTakeFirst();
  if (!row || row.isSearch === null) return undefined;
  return Object.fromEntries(
    MENU_FLAGS.map((f) => [f, Boolean((row as Record<MenuFlag, boolean | null>)[f])]),
  ) as Flags;
}

/** The menu and its owners up to the top, nearest first: add/modify pages act under their list's menu. */
export async function menuChain(db: Db, menuNo: string): Promise<string[]> {
  const chain: string[] = [];
  let current: string | undefined = menuNo;
  while (current && current !== '0' && chain.length < 10 && !chain.includes(current)) {
    const row: { menuOwner: string } | undefined = await db
      .selectFrom('sysMenu')
      .select('menuOwner')
      .where('menuNo', '=', current)
      .executeTakeFirst();
    if (!row) break;
    chain.push(current);
    current = row.menuOwner;
  }
  return chain;
}
