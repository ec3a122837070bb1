// The value of the menu-permission tree: [{menuNo, isSearch: 'Y' | 'N', ...}] with only the menus that
// grant something, as ISrmSysRoleService and ISupSrmSysUserService take and answer it. Pure functions,
// so the widget stays a thin view.
import { FLAG_ORDER } from '../screens/flags';

export type Flag = (typeof FLAG_ORDER)[number];
export type MenuPermission = { menuNo: string } & Partial<Record<Flag, 'Y' | 'N'>>;
export type Grants = Map<string, Set<Flag>>;

export interface MenuNode {
  menuNo: string;
  menuName: string;
  children: MenuNode[];
}

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
  for (const row of value as MenuPermission[]) {
    if (!row || typeof row.menuNo !== 'string') continue;
    const set = new Set(FLAG_ORDER.filter((f) => row[f] === 'Y'));
    if (set.size) grants.set(row.menuNo, set);
  }
  return grants;
}

export function fromGrants(grants: Grants): MenuPermission[] {
  const out: MenuPermission[] = [];
  for (const [menuNo, set] of grants) {
    if (!set.size) continue;
    out.push({ menuNo, ...Object.fromEntries(FLAG_ORDER.map((f) => [f, set.has(f) ? 'Y' : 'N'])) });
  }
  return out;
}

export function allMenuNos(tree: readonly MenuNode[]): string[] {
  return tree.flatMap((n) => [n.menuNo, ...allMenuNos(n.children ?? [])]);
}

/** Menus that have children (the rows that can be expanded). */
export function parentMenuNos(tree: readonly MenuNode[]): string[] {
  return tree.flatMap((n) => (n.children.length ? [n.menuNo, ...parentMenuNos(n.children)] : []));
}

/** Authorise all: every flag on every menu of the tree. */
export function grantAll(tree: readonly MenuNode[]): Grants {
  return new Map(allMenuNos(tree).map((no) => [no, new Set<Flag>(FLAG_ORDER)]));
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
 * One flag of one menu switched on or off; with `deep` the same for every menu below it. Switching a
 * flag on also grants isSearch on the menu and on its owners, without which nothing below can open.
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
  const targets = deep && node ? allMenuNos([node]) : [menuNo];
  for (const no of targets) {
    const set = next.get(no) ?? new Set<Flag>();
    for (const f of flags) {
      if (on) set.add(f);
      else set.delete(f);
    }
    if (on) set.add('isSearch');
    // A menu that cannot be viewed grants nothing else either.
    if (!on && flags.includes('isSearch')) set.clear();
    next.set(no, set);
  }
  if (on)
    for (const owner of ownersOf(tree, menuNo) ?? []) {
      const set = next.get(owner) ?? new Set<Flag>();
      set.add('isSearch');
      next.set(owner, set);
    }
  return next;
}
