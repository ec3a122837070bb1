// The screens shipped with the code (screens/**/*.json), as the server needs them: which routes have a
// page (the menus list only those), and for table management each list screen's menu, title and
// columns. The files are code, read once per process; the custom fields of a screen (frame-define rows)
// are read from the database on every call and merged with the engine's own merge, so the server sees
// the columns the browser shows.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeFrameDefinitions } from '../../engine/core/frameDefine.js';
import { routeHasPage } from '../../engine/core/shellPages.js';
import type { Column, Screen } from '../../schemas/generated/screen.js';
import type { Db } from '../db/database.js';
import type { Language, Translate } from '../i18n.js';

const SCREENS_DIR = fileURLToPath(new URL('../../screens/', import.meta.url));

export interface ListScreen {
  menuNo: string;
  titleKey: string;
  path: string;
  columns: Column[];
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return jsonFiles(full);
      return name.endsWith('.json') ? [full] : [];
    })
    .sort();
}

let shipped: Partial<Screen>[] | undefined;

/**
 * Every screen file in screens/, parsed once per process, in path order: what the server derives from
 * the screens (list screens, routes with a page, custom-field modules, lookup grants) reads these.
 */
export function shippedScreens(): readonly Partial<Screen>[] {
  shipped ??= jsonFiles(SCREENS_DIR).map((file) => JSON.parse(readFileSync(file, 'utf8')) as Partial<Screen>);
  return shipped;
}

let screens: Map<string, ListScreen & { screen: Screen }> | undefined;
let pages: { paths: Set<string>; menus: Set<string> } | undefined;

/** List screens with column settings, by menu number (a menu shows one list screen). */
export function listScreens(): Map<string, ListScreen & { screen: Screen }> {
  if (!screens) {
    screens = new Map();
    for (const screen of shippedScreens() as Screen[]) {
      if (screen.kind !== 'list' || !screen.list || screen.list.columnSetting === false) continue;
      if (screens.has(screen.menuNo)) continue;
      screens.set(screen.menuNo, {
        menuNo: screen.menuNo,
        titleKey: screen.titleKey,
        path: screen.path,
        columns: screen.list.columns,
        screen,
      });
    }
  }
  return screens;
}

/** Every screen's route (any kind), as the browser's router knows them, and the menus screens act under. */
function screenPages(): { paths: Set<string>; menus: Set<string> } {
  if (!pages) {
    pages = { paths: new Set(), menus: new Set() };
    for (const screen of shippedScreens()) {
      if (typeof screen.path === 'string') pages.paths.add(screen.path);
      if (typeof screen.menuNo === 'string') pages.menus.add(screen.menuNo);
    }
  }
  return pages;
}

/**
 * Whether a menu entry has something to open: a route with a page (a shell page, a screen at its path,
 * or a screen acting under it: a page whose route takes a parameter the menu's address leaves out), an
 * external or custom entry with an address. A route the code has no page for yet, or an address an
 * administrator left empty, is kept out of the side menu, the menu panel and favourites, and the menu
 * screen marks it (menu-admin.ts).
 */
export function menuHasTarget(menu: { menuNo: string; menuType: string; url: string }): boolean {
  if (menu.menuType === 'route') {
    const { paths, menus } = screenPages();
    return routeHasPage(menu.url, paths) || menus.has(menu.menuNo);
  }
  if (menu.menuType === 'external' || menu.menuType === 'custom') return menu.url.trim() !== '';
  return true;
}

export interface LayoutColumn {
  prop: string;
  label: string;
  /** Frozen left by the screen itself. */
  fixed: 'left' | 'none';
  /** The screen's width, if it sets one. */
  width?: number;
  /** A custom field (frame-define). */
  custom: boolean;
}

/**
 * A list screen's columns as its users see them: the screen's columns with the module's active custom
 * fields merged in (frame-define), each labelled in the caller's language.
 */
export async function screenColumns(
  db: Db,
  menuNo: string,
  t: Translate,
  lang: Language,
): Promise<LayoutColumn[] | undefined> {
  const entry = listScreens().get(menuNo);
  if (!entry) return undefined;
  const rows = await db
    .selectFrom('sysFrameDefine')
    .select(['fieldNo', 'fieldNoName', 'fieldType', 'isDisplay', 'displayPage', 'displayOrder', 'enumMid'])
    .select(['dateFormat', 'dropDownDataSource'])
    .where('module', '=', menuNo)
    .where('isDisplay', '=', 'Y')
    .orderBy('displayOrder')
    .orderBy('fieldNo')
    .execute();
  const definitions = rows.map((r) => ({
    ...r,
    fieldNoNameI18n: r.fieldNoName,
    fieldNoName: undefined,
    displayOrder: r.displayOrder ?? undefined,
  }));
  const { screen, labels } = mergeFrameDefinitions(entry.screen, definitions, menuNo);
  const own = new Set(entry.columns.map((c) => c.prop));
  return (screen.list?.columns ?? []).map((c) => {
    const key = c.labelKey ?? `field.${c.prop}`;
    const names = labels[key];
    return {
      prop: c.prop,
      label: names ? (names[lang] ?? names['*'] ?? names['en-US'] ?? c.prop) : t(key),
      fixed: c.fixed === 'left' ? 'left' : 'none',
      ...(c.width ? { width: c.width } : {}),
      custom: !own.has(c.prop),
    };
  });
}
