/**
 * Data a page keeps while its tab is open (a list's last result, for example), keyed by path.
 * Closing a tab drops its entry; a page marked changed should reload instead of reusing it.
 */
const entries = new Map<string, { data: unknown; changed: boolean }>();

export const pageCache = {
  get<T>(path: string): T | undefined {
    const entry = entries.get(path);
    return entry && !entry.changed ? (entry.data as T) : undefined;
  },
  set(path: string, data: unknown): void {
    entries.set(path, { data, changed: false });
  },
  markChanged(path: string): void {
    const entry = entries.get(path);
    if (entry) entry.changed = true;
  },
  drop(path: string): void {
    entries.delete(path);
  },
  clear(): void {
    entries.clear();
  },
  has(path: string): boolean {
    return entries.has(path);
  },
};
