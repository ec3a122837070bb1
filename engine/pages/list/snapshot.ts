// A list page's state as it is kept while the page is unmounted (its tab past the shell's cap of mounted
// pages): every store's part, taken by the list controller's snapshot() and given back by restore(),
// through the page cache (engine/tabs/pageCache.ts). Transient parts (an action running, a dialog
// open, a transition waiting for its reason) end with the page.
import type { ActionState } from './actionStore';
import type { ColumnSnapshot } from './columnStore';
import type { QueryState } from './queryStore';
import type { SearchSnapshot } from './searchStore';
import type { TagState } from './tagStore';
import type { ViewState } from './viewStore';

export interface ListSnapshot {
  /** Keyword, search values, page mode, sort, page and size, and the answer shown. */
  query: QueryState;
  /** Tab counts and each tab's cached answer. */
  search: SearchSnapshot;
  tags: Pick<TagState, 'tags' | 'activeTagId'>;
  views: Pick<ViewState, 'views' | 'activeViewId'>;
  columns: ColumnSnapshot;
  /** The selection (and the document declaration). */
  actions: Pick<ActionState, 'selectedKeys' | 'document'>;
  loadAll: { allData: boolean };
}

/**
 * What a restored list does once it is shown again:
 * - `keep`: nothing, the answer it shows is still valid;
 * - `search`: its search was never answered (still under way or failed when the page was left): it
 *   searches again with the search restored;
 * - `refresh`: a form marked the page changed meanwhile (engine/screens/changes.ts): the cached tab
 *   answers are dropped and it searches again, with the search, page and sort restored (the selection
 *   keeps the rows still shown).
 */
export function resumeAction(
  saved: Pick<ListSnapshot, 'query'>,
  changed: boolean,
): 'keep' | 'search' | 'refresh' {
  if (changed) return 'refresh';
  return saved.query.status === 'ready' ? 'keep' : 'search';
}

/** Whether a snapshot is worth keeping: a page that never searched (or may not) starts afresh anyway. */
export const worthKeeping = (saved: Pick<ListSnapshot, 'query'>) =>
  !saved.query.forbidden && saved.query.status !== 'idle';
