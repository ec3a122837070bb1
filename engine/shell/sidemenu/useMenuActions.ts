import type { Menu } from '@schemas/generated/menu';
import { useNavigate } from 'react-router-dom';
import { star, unstar } from '../../menu/menuStore';
import { openMenu } from '../../menu/openMenu';
import { request } from '../../request';
import { userStore } from '../../session/userStore';

/** Opening and starring menus; `onNoAddress` tells the user when a custom entry had nowhere to go. */
export function useMenuActions(onNoAddress: () => void) {
  const navigate = useNavigate();
  return {
    open: (menu: Menu) =>
      openMenu(menu, {
        navigate,
        openWindow: (url) => window.open(url, '_blank', 'noopener'),
        request,
        user: userStore.get().info,
        noAddress: onNoAddress,
      }),
    toggleFavourite: (menu: Menu, starred: boolean) =>
      (starred ? unstar(menu.menuNo) : star(menu.menuNo)).catch(() => undefined),
  };
}
