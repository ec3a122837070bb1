// Saved views (ISysViewService): the views the user may apply, the one applied, saving, deleting and
// the user's default. A view bundles the query (params, sort, page size, tab, page mode) with the
// column settings; applying one sets both and searches (views.ts decides what survives screen changes).
import type { ListView } from '@schemas/generated/list-view';
import { createStore } from '../../store/createStore';
import { type ColumnStore, VIEW_SERVICE } from './columnStore';
import type { ListContext } from './listContext';
import type { QueryStore } from './queryStore';
import { tabOf } from './searchStore';
import { resolveView, type SavedView } from './views';

/** idle, or a save-view call is under way (the dialog's OK button spins). */
export type ViewStatus = 'idle' | 'saving';

export interface ViewState {
  /** Saved views the user may apply: their own and those shared with one of their roles. */
  views: SavedView[];
  /** The view last applied. */
  activeViewId?: string;
  viewStatus: ViewStatus;
}

/** What the save-view dialog asks. */
export interface ViewDraft {
  /** Set to overwrite one of the user's own views. */
  id?: string;
  version?: number;
  viewName: string;
  /** A role of the user to share with; none for a personal view. */
  sharedRoleNo?: string | null;
  isDefault?: boolean;
}

export function createViewStore(ctx: ListContext, query: QueryStore, columns: ColumnStore) {
  const { list, deps, module, options } = ctx;
  const store = createStore<ViewState>(() => ({ views: [], viewStatus: 'idle' }));

  /** The page as a view stores it: params, sort, page size, tab, page mode and columns. */
  function currentView(): ListView {
    const q = query.getState();
    return {
      params: query.params(),
      ...(q.sort ? { sort: { ...q.sort } } : {}),
      pageSize: q.size as NonNullable<ListView['pageSize']>,
      tab: list.tabs ? (tabOf(list, q.filters) ?? null) : null,
      ...(list.pageMode ? { pageMode: q.pageMode } : {}),
      columns: columns.getState().columnSettings.map((c) => ({ ...c })),
    };
  }

  async function loadViews(): Promise<void> {
    if (ctx.forbidden) return;
    try {
      const answer = await deps.request<{ records?: SavedView[] }>(
        `${VIEW_SERVICE}/getViewList`,
        { module },
        { ...options, loading: false },
      );
      const views = Array.isArray(answer?.records) ? answer.records : [];
      const active = store.get().activeViewId;
      store.set({ views, activeViewId: views.some((v) => v.id === active) ? active : undefined });
    } catch {
      // The page works without views.
    }
  }

  return {
    getState: store.get,
    subscribe: store.subscribe,
    snapshot: (): Pick<ViewState, 'views' | 'activeViewId'> => {
      const { views, activeViewId } = store.get();
      return { views, activeViewId };
    },
    restore(saved: Pick<ViewState, 'views' | 'activeViewId'>): void {
      store.set({ views: saved.views, activeViewId: saved.activeViewId });
    },
    currentView,
    loadViews,
    /** Applies a view (dropping what the screen no longer has) and searches from page 1. */
    applyView(view: SavedView): Promise<void> {
      const applied = resolveView(list, view.content ?? {}, query.defaults);
      store.set({ activeViewId: view.id });
      query.edit({
        current: 1,
        keyword: applied.keyword,
        filters: applied.filters,
        sort: applied.sort,
        ...(applied.pageMode !== undefined ? { pageMode: applied.pageMode } : {}),
        ...(applied.size ? { size: applied.size } : {}),
      });
      if (applied.columns) columns.show(applied.columns);
      return query.load();
    },
    /** Saves the current page as a view; resolves false when refused (the dialog stays open). */
    async saveView(draft: ViewDraft): Promise<boolean> {
      if (store.get().viewStatus === 'saving') return false;
      store.set({ viewStatus: 'saving' });
      try {
        const saved = await deps.request<SavedView>(
          `${VIEW_SERVICE}/saveView`,
          {
            ...(draft.id ? { id: draft.id, version: draft.version } : {}),
            module,
            viewName: draft.viewName.trim(),
            sharedRoleNo: draft.sharedRoleNo || null,
            isDefault: draft.isDefault ?? false,
            content: currentView(),
          },
          options,
        );
        store.set({ viewStatus: 'idle', activeViewId: saved?.id });
        deps.success('list.view.saved');
        await loadViews();
        return true;
      } catch {
        store.set({ viewStatus: 'idle' });
        return false;
      }
    },
    async deleteView(view: SavedView): Promise<void> {
      try {
        await deps.request(
          `${VIEW_SERVICE}/deleteView`,
          { delList: [{ id: view.id, version: view.version }] },
          options,
        );
      } catch {
        // The reload shows what is really there.
      }
      await loadViews();
    },
    /** Makes the view the user's default for the screen; null clears the default. */
    async setDefaultView(view: SavedView | null): Promise<void> {
      try {
        await deps.request(`${VIEW_SERVICE}/setDefaultView`, { module, id: view?.id ?? null }, options);
      } catch {
        return;
      }
      await loadViews();
    },
  };
}

export type ViewStore = ReturnType<typeof createViewStore>;
