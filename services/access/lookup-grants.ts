// Who may look a list up from another screen, derived from the screens themselves: a list answers a
// lookup only for a menu whose screens name it (a field's `selector`, or a `call` of the screen), and
// then only the fields its selectors show. A supplier's user whose menus use no customer selector
// reads no customers, and a screen that uses the warehouse selector reads warehouse codes and names,
// not contacts and streets. The screen files are code, read once per process.
import { SELECTOR_DEFINITIONS, selectorFields } from '../../engine/core/selectors.js';
import { shippedScreens } from '../system/screen-registry.js';

/** The fields a lookup answers: a set, or every field (a screen that shows the whole rows). */
export type LookupFields = ReadonlySet<string> | 'all';

export interface LookupGrant {
  /** Menus whose screens name the call, with the fields their screens need. */
  menus: Map<string, LookupFields>;
  /** Any menu the user can open, with these fields: the dictionary, which a custom dropdown field of any screen uses. */
  anyMenu?: LookupFields;
}

/** Every `selector` name and every `call` string anywhere in a screen. */
function references(node: unknown, found: { selectors: Set<string>; calls: Set<string> }): void {
  if (Array.isArray(node)) {
    for (const item of node) references(item, found);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'selector') {
      const name = typeof value === 'string' ? value : (value as { name?: unknown })?.name;
      if (typeof name === 'string') found.selectors.add(name);
    }
    if (key === 'call' && typeof value === 'string') found.calls.add(value);
    references(value, found);
  }
}

export interface ScreenRefs {
  menuNo: string;
  service?: string;
  /** The screen's own calls (list, get, ...): its whole rows, also when its service serves other menus. */
  own: string[];
  selectors: Set<string>;
  calls: Set<string>;
}

/** Selectors a custom field (frame-define) may put on any screen (engine/core/frameDefine.ts). */
const EVERY_MENU_SELECTORS = ['enum'];

/** Adds fields to what a menu may read; 'all' wins. */
function widen(had: LookupFields | undefined, fields: string[] | 'all'): LookupFields {
  if (had === 'all' || fields === 'all') return 'all';
  return new Set([...(had ?? []), ...fields]);
}

/** The grants of a set of screens (a pure function, so a test can give it screens of its own). */
export function grantsOf(screens: ScreenRefs[]): Map<string, LookupGrant> {
  const grants = new Map<string, LookupGrant>();
  const entry = (call: string) => {
    let found = grants.get(call);
    if (!found) {
      found = { menus: new Map() };
      grants.set(call, found);
    }
    return found;
  };
  const grant = (call: string, menuNo: string, fields: string[] | 'all') => {
    const e = entry(call);
    e.menus.set(menuNo, widen(e.menus.get(menuNo), fields));
  };
  for (const name of EVERY_MENU_SELECTORS) {
    const def = SELECTOR_DEFINITIONS[name];
    if (def.call) entry(def.call).anyMenu = new Set(['id', ...selectorFields(def)]);
  }
  for (const screen of screens) {
    for (const name of screen.selectors) {
      const def = SELECTOR_DEFINITIONS[name];
      if (def?.call) grant(def.call, screen.menuNo, ['id', ...selectorFields(def)]);
    }
    for (const call of [...screen.own, ...screen.calls]) {
      const full = call.includes('/') ? call : screen.service ? `${screen.service}/${call}` : undefined;
      if (full) grant(full, screen.menuNo, 'all');
    }
  }
  return grants;
}

/** What a screen names: its menu, service, own calls, selectors and calls anywhere in it. */
export function refsOf(screen: unknown): ScreenRefs {
  const s = screen as { menuNo: string; service?: string; calls?: Record<string, unknown> };
  const found = { selectors: new Set<string>(), calls: new Set<string>() };
  references(screen, found);
  const own = Object.values(s.calls ?? {}).filter((c): c is string => typeof c === 'string');
  return { menuNo: s.menuNo, service: s.service, own, ...found };
}

let shipped: Map<string, LookupGrant> | undefined;

/** The grants of the screens shipped in screens/. */
export function lookupGrants(): Map<string, LookupGrant> {
  shipped ??= grantsOf(shippedScreens().map(refsOf));
  return shipped;
}

const extraGrants = new WeakMap<readonly unknown[], Map<string, LookupGrant>>();

/**
 * What a lookup from the calling menu chain (the calling menu and its owners) may read, or undefined
 * when no screen of theirs names the call. `extraScreens` are screens a server serves besides
 * screens/ (Config.extraScreens: the e2e widget harness's inline screen).
 */
export function lookupFieldsFor(
  call: string,
  chain: readonly string[],
  extraScreens?: readonly unknown[],
): LookupFields | undefined {
  let fields: LookupFields | undefined;
  const sources = [lookupGrants()];
  if (extraScreens?.length) {
    let extra = extraGrants.get(extraScreens);
    if (!extra) {
      extra = grantsOf(extraScreens.map(refsOf));
      extraGrants.set(extraScreens, extra);
    }
    sources.push(extra);
  }
  for (const grants of sources) {
    const grant = grants.get(call);
    if (!grant) continue;
    for (const menuNo of chain) {
      const own = grant.menus.get(menuNo);
      if (own) fields = widen(fields, own === 'all' ? 'all' : [...own]);
    }
    if (grant.anyMenu) fields = widen(fields, grant.anyMenu === 'all' ? 'all' : [...grant.anyMenu]);
  }
  return fields;
}

/**
 * A lookup's answer cut to the fields its selectors show: the records of a page, or the items of a
 * flat list. Anything else passes unchanged.
 */
export function projectLookup(fields: LookupFields | undefined, data: unknown): unknown {
  if (!fields || fields === 'all') return data;
  const cut = (row: unknown) =>
    row && typeof row === 'object' && !Array.isArray(row)
      ? Object.fromEntries(Object.entries(row).filter(([k]) => fields.has(k)))
      : row;
  if (Array.isArray(data)) return data.map(cut);
  if (data && typeof data === 'object' && Array.isArray((data as { records?: unknown }).records)) {
    const page = data as { records: unknown[] };
    return { ...page, records: page.records.map(cut) };
  }
  return data;
}
