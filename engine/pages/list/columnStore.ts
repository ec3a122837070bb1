// Column settings (ISysViewService): the user's own, else the administrator's table layout, else the
// screen's (core/columnSettings.ts), shown at once when changed and kept on the server; the page size
// the user chose is kept beside them.
import type { ColumnSetting } from '@schemas/generated/list-view';
import {
  defaultColumnSettings,
  effectiveColumnSettings,
  effectivePageSize,
  mergeColumnSettings,
} from '../../core/columnSettings';
import { createStore } from '../../store/createStore';
import type { ListContext } from './listContext';

export const VIEW_SERVICE = 'ISysViewService';

export interface ColumnState {
  /** The user's column settings merged with the screen's columns, in display order. */
  columnSettings: ColumnSetting[];
}

export interface ColumnSnapshot extends ColumnState {
  adminColumns: ColumnSetting[] | null;
}

/** getColumnSetting and resetColumnSetting: the user's own settings and the administrator's layout. */
interface ColumnAnswer {
  columns?: ColumnSetting[] | null;
  adminColumns?: ColumnSetting[] | null;
  /** getColumnSetting: the user's page size of the screen (null: the screen's own). */
  pageSize?: number | null;
}

export function createColumnStore(ctx: ListContext) {
  const { list, deps, module, options } = ctx;
  const store = createStore<ColumnState>(() => ({ columnSettings: defaultColumnSettings(list.columns) }));
  /** The administrator's layout of this screen (table management), as getColumnSetting answered it. */
  let adminColumns: ColumnSetting[] | null = null;

  return {
    getState: store.get,
    subscribe: store.subscribe,
    /** The settings shown and the administrator's layout, to be restored later. */
    snapshot: (): ColumnSnapshot => ({ columnSettings: store.get().columnSettings, adminColumns }),
    restore(saved: ColumnSnapshot): void {
      adminColumns = saved.adminColumns;
      store.set({ columnSettings: saved.columnSettings });
    },
    /** Shows settings without saving them (a saved view's columns). */
    show(columnSettings: ColumnSetting[]): void {
      store.set({ columnSettings });
    },
    /** Loads the column settings; resolves with the page size the list starts with. */
    async loadColumnSettings(): Promise<number> {
      if (ctx.forbidden || !list.columnSetting) return list.pageSize;
      try {
        const answer = await deps.request<ColumnAnswer>(
          `${VIEW_SERVICE}/getColumnSetting`,
          { module },
          { ...options, loading: false },
        );
        adminColumns = answer?.adminColumns ?? null;
        store.set({ columnSettings: effectiveColumnSettings(list.columns, answer?.columns, adminColumns) });
        return effectivePageSize(answer?.pageSize, list.pageSizes, list.pageSize);
      } catch {
        // The screen's own layout stays.
        return list.pageSize;
      }
    },
    /** Keeps the page size the user chose, for the next visit (best effort: the page shows it already). */
    async savePageSize(pageSize: number): Promise<void> {
      if (ctx.forbidden || !list.columnSetting) return;
      await deps
        .request(
          `${VIEW_SERVICE}/savePageSize`,
          { module, pageSize },
          { ...options, loading: false, showError: false },
        )
        .catch(() => undefined);
    },
    /** Shows the new settings at once and keeps them on the server for this user and screen. */
    async saveColumnSettings(columns: ColumnSetting[]): Promise<void> {
      const merged = mergeColumnSettings(list.columns, columns);
      const before = store.get().columnSettings;
      store.set({ columnSettings: merged });
      try {
        await deps.request(`${VIEW_SERVICE}/saveColumnSetting`, { module, columns: merged }, options);
      } catch {
        store.set({ columnSettings: before });
      }
    },
    async resetColumnSettings(): Promise<void> {
      try {
        const answer = await deps.request<ColumnAnswer>(
          `${VIEW_SERVICE}/resetColumnSetting`,
          { module },
          options,
        );
        // Back to the administrator's layout when there is one (table management), else the screen's.
        if (answer && 'adminColumns' in answer) adminColumns = answer.adminColumns ?? null;
        store.set({ columnSettings: effectiveColumnSettings(list.columns, null, adminColumns) });
      } catch {
        // Kept as they were: the server still holds them.
      }
    },
  };
}

export type ColumnStore = ReturnType<typeof createColumnStore>;
