// The value of the menu-permission tree: [{menuNo, isSearch: 'Y' | 'N', ...}] with only the menus that
// grant something, as ISrmSysRoleService and ISupSrmSysUserService take and answer it. Pure functions,
// so the widget stays a thin view.
import { BASE_MENU_FLAGS, type FlagName, isFlagName } from '../core/flags';

export type Flag = FlagName;
export type MenuPermission = { menuNo: string } & Partial<Record<Flag, 'Y' | 'N'>>;
export type Grants = Map<string, Set<Flag>>;

export interface MenuNode {
  menuNo: string;
  menuName: string;
  /** The flags the menu offers, in the fixed toolbar order; the 16 base flags when not given. */
  flags?: readonly Flag[];
  children: MenuNode[];
}

/** The flags a tree node offers. */
export const offeredBy = (node: MenuNode): readonly Flag[] => node.flags ?? BASE_MENU_FLAGS;

export function toGrants(input: unknown): Grants {
  const grants: Grants = new Map();
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return grants;
    }
  }
  if (!Array.isArray(value)) return grants;
  for (const row of value as Record<string, unknown>[]) {
    if (!row || typeof row.menuNo !== 'string') continue;
    const set = new Set<Flag>();
    for (const [k, v] of Object.entries(row)) if (v === 'Y' && isFlagName(k)) set.add(k);
    if (set.size) grants.set(row.menuNo, set);
  }
  return grants;
}

/**
 * The menu list to send: every base flag as 'Y' or 'N' (the shape the spec's 16 flags always had) and
 * each other flag granted as 'Y'; a flag left out is not granted.
 */
export function fromGrants(grants: Grants): MenuPermission[] {
  const out: MenuPermission[] = [];
  for (const [menuNo, set] of grants) {
    if (!set.size) continue;
    const row: Record<string, string> = { menuNo };
    for (const f of BASE_MENU_FLAGS) row[f] = set.has(f) ? 'Y' : 'N';
    for (const f of set) row[f] = 'Y';
    out.push(row as MenuPermission);
  }
  return out;
}

function allNodes(tree: readonly MenuNode[]): MenuNode[] {
  return tree.flatMap((n) => [n, ...allNodes(n.children ?? [])]);
}

export function allMenuNos(tree: readonly MenuNode[]): string[] {
  return allNodes(tree).map((n) => n.menuNo);
}

/** Menus that have children (the rows that can be expanded). */
export function parentMenuNos(tree: readonly MenuNode[]): string[] {
  return tree.flatMap((n) => (n.children.length ? [n.menuNo, ...parentMenuNos(n.children)] : []));
}

/** Authorise all: every flag each menu of the tree offers. */
export function grantAll(tree: readonly MenuNode[]): Grants {
  return new Map(allNodes(tree).map((n) => [n.menuNo, new Set<Flag>(offeredBy(n))]));
}

function find(tree: readonly MenuNode[], menuNo: string): MenuNode | undefined {
  for (const n of tree) {
    if (n.menuNo === menuNo) return n;
    const hit = find(n.children, menuNo);
    if (hit) return hit;
  }
  return undefined;
}

/** The owners of a menu, nearest last: granting a menu's view also opens the groups above it. */
function ownersOf(tree: readonly MenuNode[], menuNo: string, path: string[] = []): string[] | undefined {
  for (const n of tree) {
    if (n.menuNo === menuNo) return path;
    const hit = ownersOf(n.children, menuNo, [...path, n.menuNo]);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Flags of one menu switched on or off (each menu only the flags it offers); with `deep` the same for
 * every menu below it. Switching a flag on also grants isSearch on the menu and on its owners, without
 * which nothing below can open.
 */
export function toggle(
  tree: readonly MenuNode[],
  grants: Grants,
  menuNo: string,
  flags: readonly Flag[],
  on: boolean,
  deep = false,
): Grants {
  const next: Grants = new Map([...grants].map(([k, v]) => [k, new Set(v)]));
  const node = find(tree, menuNo);
  const targets = node ? (deep ? allNodes([node]) : [node]) : [];
  for (const target of targets) {
    const no = target.menuNo;
    const offers = offeredBy(target);
    const set = next.get(no) ?? new Set<Flag>();
    for (const f of flags) {
      if (!offers.includes(f)) continue;
      if (on) set.add(f);
      else set.delete(f);
    }
    if (on) set.add('isSearch');
    // A menu that cannot be viewed grants nothing else either.
    if (!on && flags.includes('isSearch')) set.clear();
    next.set(no, set);
  }
  if (on && node)
    for (const owner of ownersOf(tree, menuNo) ?? []) {
      const set = next.get(owner) ?? new Set<Flag>();
      set.add('isSearch');
      next.set(owner, set);
    }
  return next;
}

/** A tree row the filter can judge: the menu's number and its name in the user's language. */
interface Named<T> {
  menuNo: string;
  menuName: string;
  children?: T[];
}

/**
 * The rows whose number or name holds the text (any case), with the menus above them so each stays in
 * its place, and the menus to expand to show them. A menu that matches keeps every row below it.
 */
export function filterMenus<T extends Named<T>>(
  rows: readonly T[],
  text: string,
): { rows: T[]; expand: string[] } {
  const needle = text.trim().toLowerCase();
  if (!needle) return { rows: [...rows], expand: [] };
  const expand: string[] = [];
  const visit = (list: readonly T[]): T[] =>
    list.flatMap((row) => {
      if (row.menuNo.toLowerCase().includes(needle) || row.menuName.toLowerCase().includes(needle))
        return [row];
      const kept = visit(row.children ?? []);
      if (!kept.length) return [];
      expand.push(row.menuNo);
      return [{ ...row, children: kept }];
    });
  return { rows: visit(rows), expand };
}
