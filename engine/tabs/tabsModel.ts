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
