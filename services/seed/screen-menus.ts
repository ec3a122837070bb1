// Menu entries written by `npm run new:screen -- --menu-entry` (services/seed/screen-menus.json): data,
// so a new screen becomes reachable without editing TypeScript. Each entry is a seeded menu like those
// of menus.ts (MENUS includes them); a route entry names the resource table it serves (`serves`), and
// defineResource adds its menu number to that resource's menus, so the resource's standard calls
// answer to the new menu with its own flags.
import type { FlagName } from '../../engine/core/flags.js';
import type { MenuFlag, MenuSeed } from './menus.js';
import entries from './screen-menus.json' with { type: 'json' };

export interface ScreenMenuEntry {
  menuNo: string;
  owner: string;
  path: string;
  sort: number;
  /** An add, modify or detail page under its list: not listed in the side menu. */
  hidden?: boolean;
  icon?: string;
  extraFlags?: FlagName[];
  roles: { buyer?: MenuFlag[]; supplier?: MenuFlag[] };
  /** The resource table whose calls the menu may make (route entries). */
  serves?: string;
}

export const SCREEN_MENU_FILE = 'services/seed/screen-menus.json';

/** The entries as seeded menus. */
export function screenMenuSeeds(list: readonly ScreenMenuEntry[] = entries as ScreenMenuEntry[]): MenuSeed[] {
  return list.map((e) => ({
    menuNo: e.menuNo,
    owner: e.owner,
    path: e.path,
    menuType: 'route',
    appNo: 'PC',
    sort: e.sort,
    ...(e.hidden ? { hidden: true } : {}),
    ...(e.icon ? { icon: e.icon } : {}),
    ...(e.extraFlags?.length ? { extraFlags: e.extraFlags } : {}),
    roles: e.roles,
  }));
}

/** The menus of entries serving `table`. */
export function screenMenusServing(
  table: string,
  list: readonly ScreenMenuEntry[] = entries as ScreenMenuEntry[],
): string[] {
  return list.filter((e) => e.serves === table).map((e) => e.menuNo);
}
