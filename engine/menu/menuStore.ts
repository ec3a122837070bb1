import type { Menu } from '@schemas/generated/menu';
import { request } from '../request';
import { createStore } from '../store/createStore';

export interface MenuState {
  /** The user's PC menu tree as the server sends it (hidden pages included). */
  tree: Menu[];
  favourites: Menu[];
  loaded: boolean;
}

export const menuStore = createStore<MenuState>(() => ({ tree: [], favourites: [], loaded: false }));

export const MENU_CALLS = {
  tree: 'ISysMenuService/getsysmenulist',
  favourites: 'ISysMenuService/getBusinessCommonMenu',
  collect: 'ISysMenuService/collectBusinessCommonMenu',
} as const;

export async function loadMenus(options: { showError?: boolean } = {}): Promise<void> {
  const [tree, favourites] = await Promise.all([
    request<{ allMenuList: Menu[] }>(MENU_CALLS.tree, { appNo: 'PC' }, options),
    request<Menu[]>(MENU_CALLS.favourites, {}, options).catch(() => [] as Menu[]),
  ]);
  menuStore.set({ tree: tree?.allMenuList ?? [], favourites: favourites ?? [], loaded: true });
}

async function collect(
  payload: { menuNo: string; collect: 'Y' | 'N' } | { menuNos: string[] },
): Promise<void> {
  const favourites = await request<Menu[]>(MENU_CALLS.collect, payload);
  menuStore.set({ favourites: favourites ?? [] });
}

export const star = (menuNo: string) => collect({ menuNo, collect: 'Y' });
export const unstar = (menuNo: string) => collect({ menuNo, collect: 'N' });

/** Shows the new order at once and rolls back if the server refuses it. */
export async function reorderFavourites(menuNos: string[]): Promise<void> {
  const before = menuStore.get().favourites;
  const byNo = new Map(before.map((m) => [m.menuNo, m]));
  menuStore.set({ favourites: menuNos.map((no) => byNo.get(no)).filter((m): m is Menu => !!m) });
  try {
    await collect({ menuNos });
  } catch {
    menuStore.set({ favourites: before });
  }
}
