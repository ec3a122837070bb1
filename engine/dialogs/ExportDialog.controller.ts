// The export dialog, headless (spec 000 sections 5, 7, 8): the template chooser over
// getExportNameList (the default template preselected), 'no export' when no port or template is
// configured, a warning that keeps the dialog open when none is chosen, and the download of
// {port}/exportexcel with the current search params and the chosen exportName.
import type { RequestFn } from '../pages/types';

export interface ExportTemplate {
  exportName: string;
  exportLabel: string;
  isDefault: number;
}

export interface ExportDeps {
  request: RequestFn;
  /** Saves a blob call under its content-disposition name; false when it failed. */
  download: (call: string, payload?: unknown) => Promise<boolean>;
  warn: (key: string) => void;
  error: (key: string) => void;
}

export interface ExportSnapshot {
  open: boolean;
  loading: boolean;
  downloading: boolean;
  templates: ExportTemplate[];
  selected?: string;
}

export function createExportController(
  port: string | undefined,
  /** The list's current search condition (filters, keyword, sort). */
  params: () => Record<string, unknown>,
  deps: ExportDeps,
) {
  let snapshot: ExportSnapshot = { open: false, loading: false, downloading: false, templates: [] };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<ExportSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const l of listeners) l();
  };

  return {
    getState: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Loads the templates and opens the chooser; 'no export' instead when there is nothing to export. */
    async open(): Promise<boolean> {
      if (!port) {
        deps.error('exportDialog.noExport');
        return false;
      }
      set({ loading: true });
      try {
        const list = await deps.request<ExportTemplate[]>(`${port}/getExportNameList`, {});
        const templates = Array.isArray(list) ? list : [];
        if (!templates.length) {
          set({ loading: false });
          deps.error('exportDialog.noExport');
          return false;
        }
        const preferred = templates.find((t) => Number(t.isDefault) === 1) ?? undefined;
        set({ loading: false, open: true, templates, selected: preferred?.exportName });
        return true;
      } catch {
        // The request layer showed the error.
        set({ loading: false });
        return false;
      }
    },

    select(exportName: string) {
      if (snapshot.templates.some((t) => t.exportName === exportName)) set({ selected: exportName });
    },

    /** Downloads with the chosen template; without one it warns and stays open. */
    async confirm(): Promise<boolean> {
      if (!snapshot.selected) {
        deps.warn('exportDialog.required');
        return false;
      }
      if (snapshot.downloading) return false;
      set({ downloading: true });
      const ok = await deps.download(`${port}/exportexcel`, { ...params(), exportName: snapshot.selected });
      set({ downloading: false, ...(ok ? { open: false } : {}) });
      return ok;
    },

    cancel() {
      set({ open: false });
    },
  };
}

export type ExportController = ReturnType<typeof createExportController>;
