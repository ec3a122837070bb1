// Headless list page, composed of small stores: the query (search, paging, sort, the request and its
// answer), the search controls (tabs, type filter, page mode, chips), saved search tags, saved views,
// column settings, the actions (selection, toolbar, row runs, dialogs) and load-all. No React, no
// antd: the view subscribes to the composed state and renders; the tests drive it directly.
import { loadDocumentDefine } from '../../screens/documentDefine';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedScreen } from '../../screens/types';
import type { PageDeps } from '../types';
import { type ActionState, createActionStore } from './actionStore';
import { type ColumnState, createColumnStore } from './columnStore';
import { listContext } from './listContext';
import { createLoadAllStore, type LoadAllState } from './loadAllStore';
import { createQueryStore, type QueryState } from './queryStore';
import { createSearchStore, type SearchState } from './searchStore';
import { type ListSnapshot, resumeAction } from './snapshot';
import { createTagStore, type TagState } from './tagStore';
import { createViewStore, type ViewState } from './viewStore';

export type { ListDialog } from './actionKinds';
export { VIEW_SERVICE } from './columnStore';
export type { Row } from './listContext';
export type { ListPayload, QueryStatus } from './queryStore';
export type { ListSnapshot } from './snapshot';
export { TAG_SERVICE, type TagStatus } from './tagStore';
export type { ViewDraft, ViewStatus } from './viewStore';

/** A search the page is opened with (`?keyword=…&tab=…` in its address). */
export interface ListOpening {
  keyword?: string;
  tab?: string;
}

/** The list page's state: every store's, side by side. */
export type ListState = QueryState &
  SearchState &
  TagState &
  ViewState &
  ColumnState &
  ActionState &
  LoadAllState;

export interface ListOptions {
  /** The user's limitCount (user info): from this total on, loading all needs a confirmation. */
  limitCount?: number;
}

export function createListController(
  screen: NormalisedScreen,
  menu: MenuFlags,
  deps: PageDeps,
  listOptions: ListOptions = {},
) {
  const ctx = listContext(screen, menu, deps);
  const query = createQueryStore(ctx);
  const search = createSearchStore(ctx, query);
  const tags = createTagStore(ctx, query);
  const columns = createColumnStore(ctx);
  const views = createViewStore(ctx, query, columns);
  const loadAll = createLoadAllStore(ctx, query, listOptions.limitCount ?? 0);
  /** Searches again after data changed: the cached tab answers are stale. */
  const refresh = () => {
    search.invalidate();
    return query.load();
  };
  const actions = createActionStore(ctx, query, refresh);
  const parts = [query, search, tags, views, columns, actions, loadAll];

  let inputs: unknown[] = [];
  let state: ListState | undefined;
  /** One object while no store changed, so React re-renders only on a change. */
  function getState(): ListState {
    const now = parts.map((p) => p.getState());
    if (!state || now.some((s, i) => s !== inputs[i])) {
      inputs = now;
      state = Object.assign({}, ...now) as ListState;
    }
    return state;
  }

  function loadDocument(): void {
    if (screen.calls.define)
      void loadDocumentDefine(deps.request, screen.calls.define, screen.menuNo)
        .then(actions.setDocument)
        .catch(() => undefined);
  }

  /** Every store's state, to be given back to a new controller of the same screen (restore). */
  function snapshot(): ListSnapshot {
    return {
      query: query.snapshot(),
      search: search.snapshot(),
      tags: tags.snapshot(),
      views: views.snapshot(),
      columns: columns.snapshot(),
      actions: actions.snapshot(),
      loadAll: loadAll.snapshot(),
    };
  }

  /**
   * Takes a snapshot back, asking nothing: the page shows what it showed when it was left (search,
   * tab, chips, tag and view applied, paging, sort, columns, selection, rows). Then `resume` instead
   * of `init`.
   */
  function restore(saved: ListSnapshot): void {
    query.restore(saved.query);
    search.restore(saved.search);
    tags.restore(saved.tags);
    views.restore(saved.views);
    columns.restore(saved.columns);
    actions.restore(saved.actions);
    loadAll.restore(saved.loadAll);
  }

  /**
   * After restore: searches again only when the answer restored is not valid (resumeAction): the page
   * was marked changed meanwhile (`changed`), or its search was never answered.
   */
  async function resume(changed: boolean): Promise<void> {
    if (ctx.forbidden) return;
    if (!actions.getState().document) loadDocument();
    const action = resumeAction({ query: query.getState() }, changed);
    if (action === 'refresh') return refresh();
    if (action === 'search') return query.load();
  }

  /**
   * First load: the document declaration (state tags, transitions), tags, column settings and views,
   * then the default view's search or the plain one.
   */
  async function init(opening: ListOpening = {}): Promise<void> {
    if (ctx.forbidden) return;
    loadDocument();
    void tags.loadTags();
    const [pageSize] = await Promise.all([columns.loadColumnSettings(), views.loadViews()]);
    if (pageSize !== query.getState().size) query.update({ size: pageSize });
    // Opened with a search of its own (a dashboard item's link): that search, not the default view.
    if (opening.keyword !== undefined || opening.tab !== undefined) {
      if (opening.keyword) query.setKeyword(opening.keyword);
      if (opening.tab !== undefined && search.getState().tab !== opening.tab)
        return search.selectTab(opening.tab);
      return query.load();
    }
    const preferred = views.getState().views.find((v) => v.isDefault);
    return preferred ? views.applyView(preferred) : query.load();
  }

  return {
    getState,
    subscribe(listener: () => void) {
      const off = parts.map((p) => p.subscribe(listener));
      return () => {
        for (const o of off) o();
      };
    },
    init,
    snapshot,
    restore,
    resume,
    payload: query.payload,
    /** Reloads the current page with the current params; cached tab answers are dropped (the page changed). */
    reload: refresh,
    /** Drops every cached tab answer: the data changed. */
    invalidate: search.invalidate,
    // The query: search, paging, sort.
    search: query.search,
    setKeyword: query.setKeyword,
    resetFilters: query.resetFilters,
    changePage(current: number, size: number): Promise<void> {
      // A page size the user picks is theirs for this screen from now on (kept with the columns).
      if (size !== query.getState().size) void columns.savePageSize(size);
      return query.changePage(current, size);
    },
    changeSort: query.changeSort,
    exportCondition: query.exportCondition,
    currentParams: query.params,
    // Tabs, type filter, page mode, chips, search rules.
    selectTab: search.selectTab,
    setTypeFilter: search.setTypeFilter,
    setPageMode: search.setPageMode,
    removeChip: search.removeChip,
    refusalFor: search.refusalFor,
    // Saved search tags.
    loadTags: tags.loadTags,
    applyTag: tags.applyTag,
    addTag: tags.addTag,
    deleteTag: tags.deleteTag,
    // Column settings.
    loadColumnSettings: columns.loadColumnSettings,
    saveColumnSettings: columns.saveColumnSettings,
    resetColumnSettings: columns.resetColumnSettings,
    // Saved views.
    currentView: views.currentView,
    loadViews: views.loadViews,
    applyView: views.applyView,
    saveView: views.saveView,
    deleteView: views.deleteView,
    setDefaultView: views.setDefaultView,
    // Selection, toolbar and row actions, dialogs.
    setSelection: actions.setSelection,
    selectedRows: actions.selectedRows,
    refusal: actions.refusal,
    runAction: actions.runAction,
    runOnRows: actions.runOnRows,
    rowAllows: actions.rowAllows,
    closeDialog: actions.closeDialog,
    // Document transitions: the reason dialog and the summary of refused rows.
    submitTransition: actions.submitTransition,
    cancelTransition: actions.cancelTransition,
    closeTransitionSummary: actions.closeTransitionSummary,
    // Dialog actions: the fields asked before the call.
    submitDialog: actions.submitDialog,
    cancelDialog: actions.cancelDialog,
    // Past the user's limitCount.
    loadAll: loadAll.loadAll,
  };
}

export type ListController = ReturnType<typeof createListController>;
