// "This page's data changed": a form that saved marks its parent list, and the list reloads when it
// is shown again (or at once if it is still mounted, as a cached tab is). Spec 000 section 4: a
// cached result is reused unless the page was marked changed.
type Listener = (path: string) => void;

const changed = new Set<string>();
const listeners = new Set<Listener>();

export function markChanged(path: string): void {
  changed.add(path);
  for (const l of listeners) l(path);
}

/** True once after markChanged(path). */
export function takeChanged(path: string): boolean {
  return changed.delete(path);
}

export function onChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
