// Saved list views (ISysViewService): a named bundle of search params, sort, page size, tab and
// columns. A view outlives screen changes: whatever the screen no longer has is dropped when applied.
import type { ListView } from '@schemas/generated/list-view';
import { mergeColumnSettings } from '../../core/columnSettings';
import { withTab } from '../../screens/searchExtras';
import type { NormalisedList } from '../../screens/types';

/** A view as getViewList answers it. */
export interface SavedView {
  id: string;
  version: number;
  module: string;
  viewName: string;
  ownerName: string | null;
  /** The caller owns it (only the owner may change or delete it). */
  mine: boolean;
  /** The role it is shared with; null for a personal view. */
  sharedRoleNo: string | null;
  /** The caller's default view of the screen, applied on load. */
  isDefault: boolean;
  content: ListView;
}

export interface AppliedView {
  keyword: string;
  filters: Record<string, unknown>;
  sort: { field: string; order: 'asc' | 'desc' } | null;
  size?: number;
  tab?: string | null;
  pageMode?: 0 | 1;
  columns?: ReturnType<typeof mergeColumnSettings>;
}

/**
 * What applying `content` does to a list: params only for search fields the screen still has (plus
 * the keyword, if the page has one), a sort only by a field the screen can still sort by, a page size
 * the page offers, columns merged with the screen's, a tab the screen still has (else its default tab)
 * and the page mode.
 */
export function resolveView(
  list: NormalisedList,
  content: ListView,
  defaults: Record<string, unknown>,
): AppliedView {
  const params = content.params ?? {};
  const fields = new Set(list.searchFields.map((f) => f.prop));
  const filters: Record<string, unknown> = { ...defaults };
  for (const [k, v] of Object.entries(params)) if (fields.has(k)) filters[k] = v;
  const keyword = list.keyword && typeof params.keyword === 'string' ? params.keyword : '';
  const sortable = new Set(list.columns.filter((c) => c.sortable).map((c) => c.sortField));
  sortable.add(list.defaultSort.field);
  const sort = content.sort && sortable.has(content.sort.field) ? { ...content.sort } : null;
  // A tab the screen no longer has falls back to the default (first) tab; the tab's value is a condition.
  const tabs = list.tabs;
  const tab = tabs
    ? tabs.items.some((i) => i.key === content.tab)
      ? (content.tab as string)
      : tabs.defaultKey
    : null;
  return {
    keyword,
    filters: tabs ? withTab(tabs, filters, tab) : filters,
    sort,
    size: content.pageSize && list.pageSizes.includes(content.pageSize) ? content.pageSize : undefined,
    tab,
    // A mode only where the screen has the switch; a view saved before it existed gets the default.
    pageMode: list.pageMode ? (content.pageMode ?? list.pageMode.default) : undefined,
    columns: content.columns ? mergeColumnSettings(list.columns, content.columns) : undefined,
  };
}
