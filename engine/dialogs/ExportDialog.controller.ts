// The export dialog, headless (spec 000 sections 5, 7, 8): the template chooser over
// getExportNameList (the default template preselected), 'no export' when no port or template is
// configured, a warning that keeps the dialog open when none is chosen, and the download of
// {port}/exportexcel (or the screen's calls.export) with the current search params and the chosen exportName. A large export comes
// back as a job: the dialog follows its progress and offers the download when it is ready.
import type { RequestFn } from '../request/types';

export interface ExportTemplate {
  exportName: string;
  exportLabel: string;
  isDefault: number;
}

/** What exportexcel answers instead of a file when the export is large. */
export interface ExportJobAnswer {
  exportJobId: string;
  total: number;
  fileName: string;
}

export interface ExportJob {
  id: string;
  fileName: string;
  totalRows: number;
  doneRows: number;
  status: 'running' | 'done' | 'error';
}

/** How often a running export job is asked for its progress. */
export const JOB_POLL_MS = 1000;

export interface ExportDeps {
  request: RequestFn;
  /** Saves a blob call under its content-disposition name; false when it failed. */
  download: (call: string, payload?: unknown) => Promise<boolean>;
  /** Like download, but a data answer (a large export became a job) resolves as {data}. */
  fetchFile: (call: string, payload?: unknown) => Promise<boolean | { data: unknown }>;
  sleep: (ms: number) => Promise<void>;
  warn: (key: string) => void;
  error: (key: string) => void;
}

export interface ExportSnapshot {
  open: boolean;
  loading: boolean;
  downloading: boolean;
  templates: ExportTemplate[];
  selected?: string;
  /** A large export running on the server, or finished and ready to download. */
  job?: ExportJob;
}

export function createExportController(
  port: string | undefined,
  /** The list's current search condition (filters, keyword, sort). */
  params: () => Record<string, unknown>,
  deps: ExportDeps,
  /** The export call, Service/method (the screen's calls.export); default `{port}/exportexcel`. */
  exportCall?: string,
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

    /**
     * Exports with the chosen template; without one it warns and stays open. A small export downloads
     * and closes; a large one stays open with the job's progress until its download is ready.
     */
    async confirm(): Promise<boolean> {
      if (snapshot.job) return snapshot.job.status === 'done' ? downloadJob() : false;
      if (!snapshot.selected) {
        deps.warn('exportDialog.required');
        return false;
      }
      if (snapshot.downloading) return false;
      set({ downloading: true });
      const answer = await deps.fetchFile(exportCall ?? `${port}/exportexcel`, {
        ...params(),
        exportName: snapshot.selected,
      });
      if (typeof answer === 'boolean') {
        set({ downloading: false, ...(answer ? { open: false } : {}) });
        return answer;
      }
      const job = answer.data as ExportJobAnswer | null;
      if (!job?.exportJobId) {
        set({ downloading: false });
        deps.error('exportDialog.jobFailed');
        return false;
      }
      set({
        downloading: false,
        job: {
          id: job.exportJobId,
          fileName: job.fileName,
          totalRows: job.total,
          doneRows: 0,
          status: 'running',
        },
      });
      void follow(job.exportJobId);
      return true;
    },

    cancel() {
      set({ open: false });
    },
  };

  /** Asks for the job's progress until it ends or the dialog closes. */
  async function follow(id: string) {
    while (snapshot.open && snapshot.job?.id === id && snapshot.job.status === 'running') {
      await deps.sleep(JOB_POLL_MS);
      if (!snapshot.open) return;
      let job: ExportJob;
      try {
        job = await deps.request<ExportJob>('ISysExportJobService/getExportJob', { id }, { loading: false });
      } catch {
        // The request layer showed why.
        set({ job: { ...snapshot.job, status: 'error' } });
        return;
      }
      set({ job: { ...snapshot.job, ...job } });
      if (job.status === 'error') deps.error('exportDialog.jobFailed');
    }
  }

  async function downloadJob(): Promise<boolean> {
    if (!snapshot.job || snapshot.downloading) return false;
    set({ downloading: true });
    const ok = await deps.download('ISysExportJobService/downloadExportJob', { id: snapshot.job.id });
    set({ downloading: false, ...(ok ? { open: false } : {}) });
    return ok;
  }
}

export type ExportController = ReturnType<typeof createExportController>;
