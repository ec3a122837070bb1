import type { Menu } from '@schemas/generated/menu';

const bySort = (a: Menu, b: Menu) => (a.sort ?? 0) - (b.sort ?? 0);

/** Every menu of the tree, parents before children. */
export function flattenMenus(tree: readonly Menu[]): Menu[] {
  const out: Menu[] = [];
  const walk = (list: readonly Menu[]) => {
    for (const m of list) {
      out.push(m);
      if (m.children?.length) walk(m.children);
    }
  };
  walk(tree);
  return out;
}

/** The side menu shows neither hidden entries nor groups left empty by hiding. */
export function visibleTree(tree: readonly Menu[]): Menu[] {
  return [...tree]
    .filter((m) => !m.hidden)
    .sort(bySort)
    .map((m) => ({ ...m, children: visibleTree(m.children ?? []) }))
    .filter((m) => m.menuType !== 'group' || m.children.length > 0);
}

/** A group opens its first visible child (depth first), as `/base` opens `/base/organizational`. */
export function firstVisibleRoute(menu: Menu): string | undefined {
  if (menu.menuType === 'route' && !menu.hidden) return menu.url;
  for (const child of [...(menu.children ?? [])].sort(bySort)) {
    if (child.hidden) continue;
    const url = firstVisibleRoute(child);
    if (url) return url;
  }
  return undefined;
}

/**
 * Menu number for App-Module-Number: hidden children (add and modify pages) act under their
 * parent's menu, because the parent holds the permission flags the server checks.
 */
export function moduleNumberOf(menu: Menu, byNo: ReadonlyMap<string, Menu>): string {
  if (menu.hidden && menu.menuOwner && menu.menuOwner !== '0') {
    const owner = byNo.get(menu.menuOwner);
    if (owner && owner.menuType !== 'group') return owner.menuNo;
  }
  return menu.menuNo;
}

function matches(menu: Menu, needle: string): boolean {
  return menu.menuName.toLowerCase().includes(needle) || menu.menuNo.toLowerCase().includes(needle);
}

/** Keeps entries whose name or number contains the keyword, with the groups that lead to them. */
export function searchMenus(tree: readonly Menu[], keyword: string): Menu[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...tree];
  const out: Menu[] = [];
  for (const menu of tree) {
    if (menu.menuType === 'group') {
      const children = matches(menu, needle) ? menu.children : searchMenus(menu.children ?? [], keyword);
      if (children.length) out.push({ ...menu, children });
    } else if (matches(menu, needle)) {
      out.push(menu);
    }
  }
  return out;
}

/** Spec 000 section 2: the all-menu panel starts a new column after 5 entries. */
export function splitColumns<T>(items: readonly T[], perColumn = 5): T[][] {
  const columns: T[][] = [];
  for (let i = 0; i < items.length; i += perColumn) columns.push(items.slice(i, i + perColumn));
  return columns;
}

/** Leaves of a group for the all-menu panel: everything that can be opened, in menu order. */
export function openableEntries(menu: Menu): Menu[] {
  if (menu.menuType !== 'group') return menu.hidden ? [] : [menu];
  return [...(menu.children ?? [])].sort(bySort).flatMap(openableEntries);
}
