// Headless list page: search params, paging, sort, selection, loading and toolbar actions. No React,
// no antd: the view subscribes to it and renders; the tests drive it directly.
import type { ColumnSetting, ListView } from '@schemas/generated/list-view';
import dayjs from 'dayjs';
import {
  defaultColumnSettings,
  effectiveColumnSettings,
  mergeColumnSettings,
} from '../../core/columnSettings';
import { DATE_FORMAT } from '../../format';
import type { Page } from '../../request/types';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedAction, NormalisedScreen } from '../../screens/types';
import type { PageDeps } from '../types';
import { type SearchChip, searchChips } from './chips';
import { checkSearchRules, type SearchRefusal } from './searchRules';
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
  /**
   * The toolbar dialog open over the list: import (upload with progress), export (template chooser),
   * print (document template, then the print of the selected rows) or upload (files).
   */
  dialog?: 'import' | 'export' | 'print' | 'upload';
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
  /** Value of the active tab (the condition under the tabs' prop); undefined without tabs or when no tab matches. */
  tab?: string;
  /** Each tab's count by tab value, from the last list answer. */
  tabCounts: Record<string, number>;
  /** The page-mode switch (spec 000 section 2), 0 without one. */
  pageMode: 0 | 1;
  /** Value of the type-filter button group; undefined is 'all'. */
  typeValue?: string;
  /** The current screening conditions as removable chips. */
  chips: SearchChip[];
  /** The search broke one of the screen's search rules: nothing was sent (engine/pages/list/searchRules.ts). */
  searchRefusal?: SearchRefusal;
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

/** getColumnSetting and resetColumnSetting: the user's own settings and the administrator's layout. */
interface ColumnAnswer {
  columns?: ColumnSetting[] | null;
  adminColumns?: ColumnSetting[] | null;
}

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
  /** A prop's label in a toolbar reason: its column's label, else field.<prop>. */
  const labelKeyOf = (prop: string) => list.columns.find((c) => c.prop === prop)?.labelKey ?? `field.${prop}`;
  // A date range that starts as the last N days (today included), in the range's own format.
  for (const f of list.searchFields) {
    if (!f.defaultDays || !f.endProp) continue;
    const format = f.dateFormat ?? DATE_FORMAT;
    defaultFilters[f.prop] = dayjs()
      .subtract(f.defaultDays - 1, 'day')
      .format(format);
    defaultFilters[f.endProp] = dayjs().format(format);
  }
  const tabs = list.tabs;
  const typeFilter = list.typeFilter;
  const pageModes = list.pageMode;
  // The first tab is the default one; '' is the tab without a condition.
  if (tabs && tabs.defaultValue !== '') defaultFilters[tabs.prop] = tabs.defaultValue;
  /** Tab value of some filters: the tab whose value is under the tabs' prop ('' when nothing is). */
  const tabOf = (filters: Record<string, unknown>): string | undefined => {
    if (!tabs) return undefined;
    const v = isEmpty(filters[tabs.prop]) ? '' : String(filters[tabs.prop]);
    return tabs.items.some((i) => i.value === v) ? v : undefined;
  };
  /**
   * Per-tab result cache (spec 000 section 4): the last answer of each tab with the payload it answered.
   * Going back to a tab reuses it when the payload is the same; reload(), a toolbar action and a page
   * marked changed clear it.
   */
  const cache = new Map<string, { key: string; records: Row[]; total: number }>();

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
    toolbar: computeToolbar(list.actions, menu, 0, [], labelKeyOf),
    tags: [],
    tagSaving: false,
    columnSettings: defaultColumnSettings(list.columns),
    views: [],
    viewSaving: false,
    allData: false,
    limited: false,
    tab: tabOf(defaultFilters),
    tabCounts: {},
    pageMode: pageModes?.default ?? 0,
    typeValue: undefined,
    chips: searchChips(list, '', defaultFilters),
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
    if ('filters' in patch || 'keyword' in patch) {
      next.tab = tabOf(next.filters);
      next.typeValue =
        typeFilter && !isEmpty(next.filters[typeFilter.prop])
          ? String(next.filters[typeFilter.prop])
          : undefined;
      next.chips = searchChips(list!, next.keyword, next.filters);
    }
    if (patch.selectedKeys) {
      const keys = new Set(next.selectedKeys);
      const rows = next.records.filter((r) => keys.has(String(r[rowKey])));
      next.toolbar = computeToolbar(list!.actions, menu, next.selectedKeys.length, rows, labelKeyOf);
    }
    state = next;
    for (const l of listeners) l();
  }

  function payload(): ListPayload {
    // The page mode's conditions first: a search value the user set wins over them.
    const condition: Record<string, unknown> = { ...(pageModes?.modes[state.pageMode].condition ?? {}) };
    for (const [k, v] of Object.entries(state.filters)) if (!isEmpty(v)) condition[k] = v;
    const keyword = state.keyword.trim();
    if (keyword) condition.keyword = keyword;
    const sort = state.sort ?? list!.defaultSort;
    condition.field = sort.field;
    condition.order = sort.order;
    // 0 lifts the user's limit for this search, once they confirmed confirm.allData.
    if (state.allData) condition.limitCount = 0;
    // Tab counts come with the answer: the server counts the same search by the tabs' prop.
    if (tabs?.counts) condition.countBy = tabs.prop;
    return { current: state.current, size: state.size, condition };
  }

  /** Loads the current page. A failed search stops loading and leaves the rows as they were. */
  async function load(): Promise<void> {
    if (state.forbidden) return;
    const seq = ++searchSeq;
    const refusal = checkSearchRules(list!.searchRules, payload().condition);
    if (refusal) {
      // The server would refuse it too: say why here and ask nothing.
      show([], 0, { loading: false, loaded: true, searchRefusal: refusal });
      return;
    }
    set({ loading: true, searchRefusal: undefined });
    try {
      const sent = payload();
      const page = await deps.request<Page<Row> & { counts?: Record<string, number> }>(call!, sent, options);
      if (seq !== searchSeq) return;
      const records = Array.isArray(page?.records) ? page.records : [];
      const total = Number(page?.total) || 0;
      if (tabs) cache.set(state.tab ?? '', { key: JSON.stringify(sent), records, total });
      show(records, total, { loading: false, loaded: true, tabCounts: tabCountsOf(page?.counts) });
    } catch {
      // The request layer has already shown the error.
      if (seq === searchSeq) set({ loading: false });
    }
  }

  /** Shows a page of rows; selected rows no longer on it are dropped (an action must not see a stale version). */
  function show(records: Row[], total: number, patch: Partial<ListState> = {}) {
    const keys = new Set(records.map((r) => String(r[rowKey])));
    set({ ...patch, records, total, selectedKeys: state.selectedKeys.filter((k) => keys.has(k)) });
  }

  /** The answer's counts by value, as counts by tab: '' (all) is the sum of every value's count. */
  function tabCountsOf(counts: Record<string, number> | undefined): Record<string, number> {
    if (!tabs?.counts || !counts || typeof counts !== 'object') return state.tabCounts;
    const values = Object.values(counts).map(Number).filter(Number.isFinite);
    return Object.fromEntries(
      tabs.items.map((i) => [
        i.value,
        i.value === '' ? values.reduce((a, b) => a + b, 0) : Number(counts[i.value]) || 0,
      ]),
    );
  }

  /** Searches from page 1, or shows the cached answer of the tab when it answered this very search. */
  function loadOrReuse(): Promise<void> {
    const hit = cache.get(state.tab ?? '');
    if (hit && hit.key === JSON.stringify(payload())) {
      // A search still under way would overwrite the cached rows when it answers.
      searchSeq++;
      show(hit.records, hit.total, { loading: false });
      return Promise.resolve();
    }
    return load();
  }

  /**
   * Conditions the advanced form does not hold (a tab or type filter that is no search field): a search
   * from the form keeps them.
   */
  function outsideForm(): Record<string, unknown> {
    const fields = new Set(list!.searchFields.map((f) => f.prop));
    const kept: Record<string, unknown> = {};
    for (const prop of [tabs?.prop, typeFilter?.prop])
      if (prop && !fields.has(prop) && !isEmpty(state.filters[prop])) kept[prop] = state.filters[prop];
    return kept;
  }

  /** Drops every cached answer: the data changed. */
  function invalidate() {
    cache.clear();
  }

  const selectedRows = () => {
    const keys = new Set(state.selectedKeys);
    return state.records.filter((r) => keys.has(String(r[rowKey])));
  };

  async function runAction(action: NormalisedAction): Promise<void> {
    const button = state.toolbar.buttons.find((b) => b.action.key === action.key);
    if (!button || button.disabled || state.running) return;
    if (
      action.kind === 'import' ||
      action.kind === 'export' ||
      action.kind === 'print' ||
      action.kind === 'upload'
    ) {
      set({ dialog: action.kind });
      return;
    }
    return runOnRows(action, selectedRows());
  }

  /** Closes the toolbar dialog; after an import that wrote rows the list searches again. */
  function closeDialog(changed = false): void {
    set({ dialog: undefined });
    if (changed) {
      invalidate();
      void load();
    }
  }

  /** What an export sends: the list's own search (filters, keyword, tab, page mode, sort), not its page. */
  function exportCondition(): Record<string, unknown> {
    const { limitCount: _limit, countBy: _countBy, ...condition } = payload().condition;
    return condition;
  }

  /**
   * Runs an action on the given rows: the toolbar on the selection, a row operation on its own row
   * (engine/pages/list/rowActions.ts). Same navigation, confirmation, call and reload either way.
   */
  async function runOnRows(
    action: Pick<NormalisedAction, 'key' | 'target' | 'call' | 'confirmKey'>,
    rows: Row[],
  ): Promise<void> {
    if (state.running) return;
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
      invalidate();
      const done = new Set(rows.map((r) => String(r[rowKey])));
      set({ running: undefined, selectedKeys: state.selectedKeys.filter((k) => !done.has(k)) });
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

  /** The administrator's layout of this screen (table management), as getColumnSetting answered it. */
  let adminColumns: ColumnSetting[] | null = null;

  async function loadColumnSettings(): Promise<void> {
    if (state.forbidden || !list!.columnSetting) return;
    try {
      const answer = await deps.request<ColumnAnswer>(
        `${VIEW_SERVICE}/getColumnSetting`,
        { module },
        { ...options, loading: false },
      );
      adminColumns = answer?.adminColumns ?? null;
      set({ columnSettings: effectiveColumnSettings(list!.columns, answer?.columns, adminColumns) });
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
      const answer = await deps.request<ColumnAnswer>(
        `${VIEW_SERVICE}/resetColumnSetting`,
        { module },
        options,
      );
      // Back to the administrator's layout when there is one (table management), else the screen's.
      if (answer && 'adminColumns' in answer) adminColumns = answer.adminColumns ?? null;
      set({ columnSettings: effectiveColumnSettings(list!.columns, null, adminColumns) });
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
      tab: tabs ? (state.tab ?? null) : null,
      ...(pageModes ? { pageMode: state.pageMode } : {}),
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
      ...(applied.pageMode !== undefined ? { pageMode: applied.pageMode } : {}),
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
    /** Reloads the current page with the current params; cached tab answers are dropped (the page changed). */
    reload() {
      invalidate();
      return load();
    },
    invalidate,
    /** Changes the tab: its value goes under the tabs' prop; page 1; the tab's cached answer if still valid. */
    selectTab(value: string) {
      if (!tabs?.items.some((i) => i.value === value)) return Promise.resolve();
      const filters = { ...state.filters };
      if (value === '') delete filters[tabs.prop];
      else filters[tabs.prop] = value;
      set({ filters, current: 1, activeTagId: undefined });
      return loadOrReuse();
    },
    /** The type-filter button group: one option, or undefined for 'all'; searches from page 1. */
    setTypeFilter(value: string | undefined) {
      if (!typeFilter) return Promise.resolve();
      if (value !== undefined && !typeFilter.options.some((o) => o.value === value)) return Promise.resolve();
      const filters = { ...state.filters };
      if (value === undefined) delete filters[typeFilter.prop];
      else filters[typeFilter.prop] = value;
      set({ filters, current: 1, activeTagId: undefined });
      return load();
    },
    /** The page-mode switch: searches from page 1 in the other mode. */
    setPageMode(mode: 0 | 1) {
      if (!pageModes || mode === state.pageMode || (mode !== 0 && mode !== 1)) return Promise.resolve();
      set({ pageMode: mode, current: 1 });
      return load();
    },
    /** Removes a screening-condition chip: its condition is cleared and the list searches from page 1. */
    removeChip(prop: string) {
      const chip = state.chips.find((c) => c.prop === prop);
      if (!chip) return Promise.resolve();
      if (prop === 'keyword') {
        set({ keyword: '', current: 1, activeTagId: undefined });
        return load();
      }
      const filters = { ...state.filters };
      delete filters[prop];
      const endProp = list.searchFields.find((f) => f.prop === prop)?.endProp;
      if (endProp) delete filters[endProp];
      set({ filters, current: 1, activeTagId: undefined });
      return load();
    },
    setKeyword(keyword: string) {
      if (keyword !== state.keyword) set({ keyword, activeTagId: undefined });
    },
    /**
     * The refusal the advanced form's values would meet (checked on Query, so the form stays open and
     * says why); the keyword, tab and page mode in force count too.
     */
    refusalFor(filters: Record<string, unknown>): SearchRefusal | undefined {
      const condition: Record<string, unknown> = { ...(pageModes?.modes[state.pageMode].condition ?? {}) };
      for (const [k, v] of Object.entries({ ...outsideForm(), ...filters }))
        if (!isEmpty(v)) condition[k] = v;
      if (state.keyword.trim()) condition.keyword = state.keyword.trim();
      return checkSearchRules(list.searchRules, condition);
    },
    /** Any search starts again from page 1 (spec 000 section 4). */
    search(params?: { keyword?: string; filters?: Record<string, unknown> }) {
      set({
        current: 1,
        activeTagId: undefined,
        ...(params?.keyword !== undefined ? { keyword: params.keyword } : {}),
        ...(params?.filters ? { filters: { ...outsideForm(), ...params.filters } } : {}),
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
    closeDialog,
    exportCondition,
    runOnRows,
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
