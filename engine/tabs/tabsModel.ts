export interface VisitedTab {
  /** Identity of the tab: the pathname, so /x?a=1 and /x?a=2 share one tab. */
  path: string;
  /** pathname + search, to come back to the tab where the user left it. */
  fullPath: string;
  title: string;
  /** Affixed tabs (the dashboard) survive close-others and close-all and have no close button. */
  affix?: boolean;
}

/** Spec 000 section 2: these two paths carry fixed titles whatever their route says. */
export const FIXED_TITLE_KEYS: Readonly<Record<string, string>> = {
  '/newsnotice-list': 'route.newsnoticeList',
  '/myschedule-list': 'route.myscheduleList',
};

export function addTab(tabs: readonly VisitedTab[], tab: VisitedTab): VisitedTab[] {
  const index = tabs.findIndex((t) => t.path === tab.path);
  if (index === -1) return [...tabs, tab];
  const current = tabs[index];
  if (current.fullPath === tab.fullPath && current.title === tab.title) return tabs as VisitedTab[];
  const next = [...tabs];
  next[index] = { ...current, fullPath: tab.fullPath, title: tab.title };
  return next;
}

export function closeTab(tabs: readonly VisitedTab[], path: string): VisitedTab[] {
  return tabs.filter((t) => t.path !== path || t.affix);
}

export function closeOthers(tabs: readonly VisitedTab[], path: string): VisitedTab[] {
  return tabs.filter((t) => t.affix || t.path === path);
}

export function closeAll(tabs: readonly VisitedTab[]): VisitedTab[] {
  return tabs.filter((t) => t.affix);
}

export function closeLeft(tabs: readonly VisitedTab[], path: string): VisitedTab[] {
  const index = tabs.findIndex((t) => t.path === path);
  if (index === -1) return [...tabs];
  return tabs.filter((t, i) => t.affix || i >= index);
}

export function closeRight(tabs: readonly VisitedTab[], path: string): VisitedTab[] {
  const index = tabs.findIndex((t) => t.path === path);
  if (index === -1) return [...tabs];
  return tabs.filter((t, i) => t.affix || i <= index);
}

/** Paths of the tabs an operation removed, so their cached data can be dropped. */
export function removedPaths(before: readonly VisitedTab[], after: readonly VisitedTab[]): string[] {
  const kept = new Set(after.map((t) => t.path));
  return before.filter((t) => !kept.has(t.path)).map((t) => t.path);
}

/**
 * Where to go when the active tab disappears: for close-others, close-left and close-right the
 * tab the user chose (it is kept); otherwise the active tab's left neighbour in the old order if
 * still there, else the last remaining tab, else home.
 */
export function nextActive(
  before: readonly VisitedTab[],
  after: readonly VisitedTab[],
  activePath: string,
  chosenPath?: string,
): string | undefined {
  if (after.some((t) => t.path === activePath)) return undefined;
  const chosen = chosenPath ? after.find((t) => t.path === chosenPath) : undefined;
  if (chosen) return chosen.fullPath;
  const kept = new Set(after.map((t) => t.path));
  const index = before.findIndex((t) => t.path === activePath);
  for (let i = index - 1; i >= 0; i -= 1) {
    if (kept.has(before[i].path)) return before[i].fullPath;
  }
  return after.at(-1)?.fullPath ?? '/';
}

/**
 * How many pages stay mounted at most: the active one and the most recently used others. A tab past
 * the cap keeps its place in the tab bar, but its page is unmounted and keeps its state in the page
 * cache (`pageCache.ts`); shown again, it mounts and takes the state back. Eight covers a working set
 * (a list, its form and detail, a few lists beside them) while the memory and the DOM of the pages
 * mounted stay bounded: each list page mounted costs a few MB of heap and several hundred elements,
 * and every navigation of the shell renders next to them.
 */
export const MOUNTED_PAGES = 8;

/** The paths in order of use, most recent first: `path` moves to the front. */
export function touchRecent(recent: readonly string[], path: string): string[] {
  if (recent[0] === path) return recent as string[];
  return [path, ...recent.filter((p) => p !== path)];
}

/** The order of use without the paths of tabs no longer open. */
export function keepRecent(recent: readonly string[], tabs: readonly VisitedTab[]): string[] {
  const open = new Set(tabs.map((t) => t.path));
  const kept = recent.filter((p) => open.has(p));
  return kept.length === recent.length ? (recent as string[]) : kept;
}

/**
 * The tabs whose page stays mounted: the active one (when it is a tab) and the most recently used
 * others, `cap` in all. With `before` (the pages mounted until now), a page that is not active is
 * never mounted anew: closing a tab does not bring a page back in the background.
 */
export function mountedPaths(
  tabs: readonly VisitedTab[],
  recent: readonly string[],
  activePath: string | undefined,
  cap: number = MOUNTED_PAGES,
  before?: ReadonlySet<string>,
): Set<string> {
  const open = new Set(tabs.map((t) => t.path));
  const mounted = new Set<string>();
  if (activePath !== undefined && open.has(activePath) && cap > 0) mounted.add(activePath);
  // A tab missing from the order of use (never shown) comes after every one that was.
  for (const path of [...recent, ...tabs.map((t) => t.path)]) {
    if (mounted.size >= cap) break;
    if (open.has(path) && (!before || before.has(path))) mounted.add(path);
  }
  return mounted;
}
