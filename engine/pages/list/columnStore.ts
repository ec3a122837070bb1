// Column settings (ISysViewService): the user's own, else the administrator's table layout, else the
// screen's (core/columnSettings.ts), shown at once when changed and kept on the server.
import type { ColumnSetting } from '@schemas/generated/list-view';
import {
  defaultColumnSettings,
  effectiveColumnSettings,
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
    async loadColumnSettings(): Promise<void> {
      if (ctx.forbidden || !list.columnSetting) return;
      try {
        const answer = await deps.request<ColumnAnswer>(
          `${VIEW_SERVICE}/getColumnSetting`,
          { module },
          { ...options, loading: false },
        );
        adminColumns = answer?.adminColumns ?? null;
        store.set({ columnSettings: effectiveColumnSettings(list.columns, answer?.columns, adminColumns) });
      } catch {
        // The screen's own layout stays.
      }
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
