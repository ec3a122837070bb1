import type { Menu } from '@schemas/generated/menu';
import { useMemo, useState } from 'react';
import { menuStore } from '../../menu/menuStore';
import { flattenMenus, searchMenus, visibleTree } from '../../menu/menuTree';
import { useStore } from '../../store/createStore';

export type SideTab = 'all' | 'favourites';

/** State of the side menu: tab, visible (searched) tree, favourites and the entry to highlight. */
export function useSideMenu(keyword: string, activeMenuNo: string | undefined) {
  const { tree, favourites } = useStore(menuStore);
  const [tab, setTab] = useState<SideTab>('all');
  const visible = useMemo(() => visibleTree(tree), [tree]);
  const shown = useMemo(() => searchMenus(visible, keyword), [visible, keyword]);
  const byNo = useMemo(() => new Map(flattenMenus(tree).map((m) => [m.menuNo, m])), [tree]);
  const favouriteNos = useMemo(() => new Set(favourites.map((m) => m.menuNo)), [favourites]);

  // A hidden page (add, modify) highlights the list it belongs to.
  let selected = activeMenuNo ? byNo.get(activeMenuNo) : undefined;
  while (selected?.hidden && byNo.get(selected.menuOwner)) selected = byNo.get(selected.menuOwner);

  const ancestors: string[] = [];
  for (let m = selected && byNo.get(selected.menuOwner); m; m = byNo.get(m.menuOwner))
    ancestors.push(m.menuNo);

  const searchingOpenKeys = keyword.trim()
    ? flattenMenus(shown)
        .filter((m) => m.menuType === 'group')
        .map((m) => m.menuNo)
    : undefined;

  return {
    tab,
    setTab,
    shown,
    favourites,
    favouriteNos,
    selectedKey: selected?.menuNo,
    ancestorKeys: ancestors,
    searchingOpenKeys,
    find: (menuNo: string): Menu | undefined => byNo.get(menuNo),
  };
}
