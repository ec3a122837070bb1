// Headless list page: search params, paging, sort, selection, loading and toolbar actions. No React,
// no antd: the view subscribes to it and renders; the tests drive it directly.
import type { ColumnSetting, ListView } from '@schemas/generated/list-view';
import type { Page } from '../../request/types';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedAction, NormalisedScreen } from '../../screens/types';
import type { PageDeps } from '../types';
import { defaultColumnSettings, mergeColumnSettings } from './columnSettings';
import { orderTags, parseTagContent, type SearchTag, type TagName } from './tags';
import { computeToolbar, fillTarget, type Toolbar } from './toolbar';
import { resolveView, type SavedView } from './views';

export type Row = Record<string, unknown>;

export interface ListState {
  keyword: string;
  /** Values of the search fields, applied. */
  filters: Record<string, unknown>;
  current: number;
  size: number;
  /** The user's column sort; null means the screen's default sort. */
  sort: { field: string; order: 'asc' | 'desc' } | null;
  records: Row[];
  total: number;
  loading: boolean;
  /** False until the first search answered. */
  loaded: boolean;
  /** The menu does not grant isSearch: nothing is requested. */
  forbidden: boolean;
  selectedKeys: string[];
  /** Key of the toolbar action being run. */
  running?: string;
  toolbar: Toolbar;
  /** Saved search tags of the screen, fixed ones first. */
  tags: SearchTag[];
  /** The tag whose params are applied; cleared by any change to the search. */
  activeTagId?: string;
  /** An add-tag call is under way. */
  tagSaving: boolean;
  /** The user's column settings merged with the screen's columns, in display order. */
  columnSettings: ColumnSetting[];
  /** Saved views the user may apply: their own and those shared with one of their roles. */
  views: SavedView[];
  /** The view last applied. */
  activeViewId?: string;
  /** A save-view call is under way. */
  viewSaving: boolean;
  /** The user confirmed loading all data past their limitCount for the current search. */
  allData: boolean;
  /** The total reached the user's limitCount: the 'more' icon offers to load all. */
  limited: boolean;
}

export interface ListOptions {
  /** The user's limitCount (user info): from this total on, loading all needs a confirmation. */
  limitCount?: number;
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

export interface ListPayload {
  current: number;
  size: number;
  condition: Record<string, unknown>;
}

export const TAG_SERVICE = 'ISysTagService';
export const VIEW_SERVICE = 'ISysViewService';

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function createListController(
  screen: NormalisedScreen,
  menu: MenuFlags,
  deps: PageDeps,
  listOptions: ListOptions = {},
) {
  const limitCount = listOptions.limitCount ?? 0;
  const list = screen.list;
  const call = screen.calls.list;
  if (!list || !call) throw new Error(`${screen.file}: not a list screen`);
  const rowKey = list.rowKey;
  const options = { moduleNumber: screen.menuNo };
  const module = screen.menuNo;
  /** The page's default search values: each search field's default. */
  const defaultFilters: Record<string, unknown> = Object.fromEntries(
    list.searchFields.filter((f) => f.defaultValue !== undefined).map((f) => [f.prop, f.defaultValue]),
  );

  let state: ListState = {
    keyword: '',
    filters: { ...defaultFilters },
    current: 1,
    size: list.pageSize,
    sort: null,
    records: [],
    total: 0,
    loading: false,
    loaded: false,
    forbidden: menu.isSearch !== 'Y',
    selectedKeys: [],
    toolbar: computeToolbar(list.actions, menu, 0),
    tags: [],
    tagSaving: false,
    columnSettings: defaultColumnSettings(list.columns),
    views: [],
    viewSaving: false,
    allData: false,
    limited: false,
  };
  const listeners = new Set<() => void>();
  let searchSeq = 0;

  function set(patch: Partial<ListState>) {
    // A new search (page 1 again, other params) applies the limit again.
    const searchChanged = 'keyword' in patch || 'filters' in patch || 'sort' in patch;
    const next = {
      ...state,
      ...(searchChanged && !('allData' in patch) ? { allData: false } : {}),
      ...patch,
    };
    next.limited = limitCount > 0 && !next.allData && next.total >= limitCount;
    if (patch.selectedKeys) next.toolbar = computeToolbar(list!.actions, menu, next.selectedKeys.length);
    state = next;
    for (const l of listeners) l();
  }

  function payload(): ListPayload {
    const condition: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(state.filters)) if (!isEmpty(v)) condition[k] = v;
    const keyword = state.keyword.trim();
    if (keyword) condition.keyword = keyword;
    const sort = state.sort ?? list!.defaultSort;
    condition.field = sort.field;
    condition.order = sort.order;
    // 0 lifts the user's limit for this search, once they confirmed confirm.allData.
    if (state.allData) condition.limitCount = 0;
    return { current: state.current, size: state.size, condition };
  }

  /** Loads the current page. A failed search stops loading and leaves the rows as they were. */
  async function load(): Promise<void> {
    if (state.forbidden) return;
    const seq = ++searchSeq;
    set({ loading: true });
    try {
      const page = await deps.request<Page<Row>>(call!, payload(), options);
      if (seq !== searchSeq) return;
      const records = Array.isArray(page?.records) ? page.records : [];
      // Keep only selected rows that are still on the page: an action must never see a stale version.
      const keys = new Set(records.map((r) => String(r[rowKey])));
      set({
        records,
        total: Number(page?.total) || 0,
        loading: false,
        loaded: true,
        selectedKeys: state.selectedKeys.filter((k) => keys.has(k)),
      });
    } catch {
      // The request layer has already shown the error.
      if (seq === searchSeq) set({ loading: false });
    }
  }

  const selectedRows = () => {
    const keys = new Set(state.selectedKeys);
    return state.records.filter((r) => keys.has(String(r[rowKey])));
  };

  async function runAction(action: NormalisedAction): Promise<void> {
    const button = state.toolbar.buttons.find((b) => b.action.key === action.key);
    if (!button || button.disabled || state.running) return;
    const rows = selectedRows();
    if (action.target) {
      deps.navigate(fillTarget(action.target, rows[0]));
      return;
    }
    if (!action.call) return;
    if (action.confirmKey && !(await deps.confirm(action.confirmKey, { count: rows.length }))) return;
    set({ running: action.key });
    try {
      await deps.request(
        action.call,
        { delList: rows.map((r) => ({ id: r[rowKey], version: r.version })) },
        options,
      );
      deps.success('list.actionDone');
      set({ running: undefined, selectedKeys: [] });
      await load();
    } catch {
      set({ running: undefined });
    }
  }

  /** The applied search as a tag stores it: keyword and non-empty filters by prop. */
  function currentParams(): Record<string, unknown> {
    const params: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(state.filters)) if (!isEmpty(v)) params[k] = v;
    if (state.keyword.trim()) params.keyword = state.keyword.trim();
    return params;
  }

  async function loadTags(): Promise<void> {
    if (state.forbidden || !list!.savedTags) return;
    try {
      const answer = await deps.request<{ records?: SearchTag[] }>(
        `${TAG_SERVICE}/getCurrentUserSysTagListByModule`,
        { module },
        { ...options, loading: false },
      );
      const tags = orderTags(Array.isArray(answer?.records) ? answer.records : []);
      set({
        tags,
        activeTagId: tags.some((t) => t.id === state.activeTagId) ? state.activeTagId : undefined,
      });
    } catch {
      // Shown by the request layer; the page works without tags.
    }
  }

  /** Applies a tag over the defaults and searches; the active tag again resets and searches. */
  function applyTag(tag: SearchTag): Promise<void> {
    if (state.activeTagId === tag.id) {
      set({ activeTagId: undefined, current: 1, filters: { ...defaultFilters }, keyword: '' });
      return load();
    }
    const { keyword, ...params } = parseTagContent(tag.tagContent).params;
    set({
      activeTagId: tag.id,
      current: 1,
      keyword: typeof keyword === 'string' ? keyword : '',
      filters: { ...defaultFilters, ...params },
    });
    return load();
  }

  /**
   * Saves `params` (default: the applied search) as a personal tag named in every language.
   * Resolves false when the server refused it, so the dialog stays open.
   */
  async function addTag(names: TagName[], params = currentParams()): Promise<boolean> {
    if (state.tagSaving) return false;
    set({ tagSaving: true });
    const labelMapProp = Object.fromEntries(
      Object.keys(params).map((prop) => [
        prop,
        list!.searchFields.find((f) => f.prop === prop)?.labelKey ??
          (prop === 'keyword' ? 'list.keyword' : prop),
      ]),
    );
    try {
      await deps.request(
        `${TAG_SERVICE}/addSysTag`,
        {
          module,
          name: screen.name,
          tagContent: JSON.stringify({ params, labelMapProp }),
          tagOwnType: 2,
          zlI18nList: names.map((n) => ({ languageCode: n.languageCode, description: n.description.trim() })),
        },
        options,
      );
      set({ tagSaving: false });
      deps.success('list.tag.added');
      await loadTags();
      return true;
    } catch {
      set({ tagSaving: false });
      return false;
    }
  }

  /** Deletes a tag with its version, then reloads the tag list. */
  async function deleteTag(tag: SearchTag): Promise<void> {
    try {
      await deps.request(
        `${TAG_SERVICE}/deleteSysTagById`,
        { delList: [{ id: tag.id, version: tag.version }] },
        options,
      );
    } catch {
      // A stale or foreign tag: the reload below shows what is really there.
    }
    if (state.activeTagId === tag.id) set({ activeTagId: undefined });
    await loadTags();
  }

  async function loadColumnSettings(): Promise<void> {
    if (state.forbidden || !list!.columnSetting) return;
    try {
      const answer = await deps.request<{ columns?: ColumnSetting[] | null }>(
        `${VIEW_SERVICE}/getColumnSetting`,
        { module },
        { ...options, loading: false },
      );
      set({ columnSettings: mergeColumnSettings(list!.columns, answer?.columns) });
    } catch {
      // The screen's own layout stays.
    }
  }

  /** Shows the new settings at once and keeps them on the server for this user and screen. */
  async function saveColumnSettings(columns: ColumnSetting[]): Promise<void> {
    const merged = mergeColumnSettings(list!.columns, columns);
    const before = state.columnSettings;
    set({ columnSettings: merged });
    try {
      await deps.request(`${VIEW_SERVICE}/saveColumnSetting`, { module, columns: merged }, options);
    } catch {
      set({ columnSettings: before });
    }
  }

  async function resetColumnSettings(): Promise<void> {
    try {
      await deps.request(`${VIEW_SERVICE}/resetColumnSetting`, { module }, options);
      set({ columnSettings: defaultColumnSettings(list!.columns) });
    } catch {
      // Kept as they were: the server still holds them.
    }
  }

  /** The page as a view stores it: params, sort, page size and columns. */
  function currentView(): ListView {
    return {
      params: currentParams(),
      ...(state.sort ? { sort: { ...state.sort } } : {}),
      pageSize: state.size as NonNullable<ListView['pageSize']>,
      tab: null,
      columns: state.columnSettings.map((c) => ({ ...c })),
    };
  }

  async function loadViews(): Promise<void> {
    if (state.forbidden) return;
    try {
      const answer = await deps.request<{ records?: SavedView[] }>(
        `${VIEW_SERVICE}/getViewList`,
        { module },
        { ...options, loading: false },
      );
      const views = Array.isArray(answer?.records) ? answer.records : [];
      set({
        views,
        activeViewId: views.some((v) => v.id === state.activeViewId) ? state.activeViewId : undefined,
      });
    } catch {
      // The page works without views.
    }
  }

  /** Applies a view (dropping what the screen no longer has) and searches from page 1. */
  function applyView(view: SavedView): Promise<void> {
    const applied = resolveView(list!, view.content ?? {}, defaultFilters);
    set({
      activeViewId: view.id,
      activeTagId: undefined,
      current: 1,
      keyword: applied.keyword,
      filters: applied.filters,
      sort: applied.sort,
      ...(applied.size ? { size: applied.size } : {}),
      ...(applied.columns ? { columnSettings: applied.columns } : {}),
    });
    return load();
  }

  /** Saves the current page as a view; resolves false when refused (the dialog stays open). */
  async function saveView(draft: ViewDraft): Promise<boolean> {
    if (state.viewSaving) return false;
    set({ viewSaving: true });
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
      set({ viewSaving: false, activeViewId: saved?.id });
      deps.success('list.view.saved');
      await loadViews();
      return true;
    } catch {
      set({ viewSaving: false });
      return false;
    }
  }

  async function deleteView(view: SavedView): Promise<void> {
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
  }

  /** Makes the view the user's default for the screen; null clears the default. */
  async function setDefaultView(view: SavedView | null): Promise<void> {
    try {
      await deps.request(`${VIEW_SERVICE}/setDefaultView`, { module, id: view?.id ?? null }, options);
    } catch {
      return;
    }
    await loadViews();
  }

  /** First load: tags, column settings and views, then the default view's search or the plain one. */
  async function init(): Promise<void> {
    if (state.forbidden) return;
    void loadTags();
    await Promise.all([loadColumnSettings(), loadViews()]);
    const preferred = state.views.find((v) => v.isDefault);
    return preferred ? applyView(preferred) : load();
  }

  /** The 'more' icon: asks confirm.allData, then searches again without the user's limit. */
  async function loadAll(): Promise<void> {
    if (!state.limited) return;
    if (!(await deps.confirm('confirm.allData'))) return;
    set({ allData: true, current: 1 });
    return load();
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    payload,
    /** Reloads the current page with the current params. */
    reload: load,
    setKeyword(keyword: string) {
      if (keyword !== state.keyword) set({ keyword, activeTagId: undefined });
    },
    /** Any search starts again from page 1 (spec 000 section 4). */
    search(params?: { keyword?: string; filters?: Record<string, unknown> }) {
      set({
        current: 1,
        activeTagId: undefined,
        ...(params?.keyword !== undefined ? { keyword: params.keyword } : {}),
        ...(params?.filters ? { filters: { ...params.filters } } : {}),
      });
      return load();
    },
    resetFilters() {
      set({ current: 1, filters: { ...defaultFilters }, keyword: '', activeTagId: undefined });
      return load();
    },
    changePage(current: number, size: number) {
      set({ current: size !== state.size ? 1 : current, size });
      return load();
    },
    /** A column header sort; no order means back to the default sort. */
    changeSort(field: string | undefined, order: 'asc' | 'desc' | undefined) {
      set({ current: 1, sort: field && order ? { field, order } : null });
      return load();
    },
    setSelection(keys: string[]) {
      set({ selectedKeys: list.selection === 'single' ? keys.slice(-1) : keys });
    },
    selectedRows,
    runAction,
    currentParams,
    loadTags,
    applyTag,
    addTag,
    deleteTag,
    loadColumnSettings,
    saveColumnSettings,
    resetColumnSettings,
    currentView,
    loadViews,
    applyView,
    saveView,
    deleteView,
    setDefaultView,
    init,
    loadAll,
  };
}

export type ListController = ReturnType<typeof createListController>;
