/**
 * What a page keeps while its tab is open, keyed by the tab's path, in named slots: `page`, the state a
 * page hands over when it unmounts and takes back when it mounts again (a list's search, paging, sort,
 * selection and last answer; a form's record and unsaved values), and `scroll`, where the shell keeps
 * the tab's scroll position. Only the most recently used tabs keep their page mounted
 * (`MOUNTED_PAGES`); the others live here until they are shown again.
 *
 * Closing or refreshing a tab drops its entry, and signing out drops them all. A page still mounted
 * when its entry was dropped must not write it back (a closed tab would come back with the state of
 * the page before): a writer reads `epoch(path)` when it mounts and hands it to `set`, which ignores a
 * write from an earlier epoch.
 */
export type CacheSlot = 'page' | 'scroll';

const entries = new Map<string, Map<CacheSlot, unknown>>();
/** The epoch of each path dropped at least once; the others are at `base`. */
const epochs = new Map<string, number>();
let counter = 0;
let base = 0;

export const pageCache = {
  /** The path's epoch now: hand it back to `set` so a write after a drop is ignored. */
  epoch(path: string): number {
    return epochs.get(path) ?? base;
  },
  get<T>(path: string, slot: CacheSlot = 'page'): T | undefined {
    return entries.get(path)?.get(slot) as T | undefined;
  },
  /** Keeps `data` in the path's slot; false (and nothing kept) when `epoch` is not the path's epoch now. */
  set(path: string, data: unknown, options: { slot?: CacheSlot; epoch?: number } = {}): boolean {
    if (options.epoch !== undefined && options.epoch !== pageCache.epoch(path)) return false;
    let entry = entries.get(path);
    if (!entry) {
      entry = new Map();
      entries.set(path, entry);
    }
    entry.set(options.slot ?? 'page', data);
    return true;
  },
  /**
   * Forgets one slot of the path, its epoch unchanged: a page that took its state back removes it, so
   * nothing stale lingers while the page is mounted.
   */
  remove(path: string, slot: CacheSlot = 'page'): void {
    const entry = entries.get(path);
    entry?.delete(slot);
    if (entry?.size === 0) entries.delete(path);
  },
  /** Forgets the path's entry; writes of the epoch before are ignored from now on. */
  drop(path: string): void {
    entries.delete(path);
    counter += 1;
    epochs.set(path, counter);
  },
  /** Forgets every entry (sign-out); writes of any epoch before are ignored. */
  clear(): void {
    entries.clear();
    epochs.clear();
    counter += 1;
    base = counter;
  },
  has(path: string): boolean {
    return entries.has(path);
  },
};
