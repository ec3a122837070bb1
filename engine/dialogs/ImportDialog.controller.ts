// The import dialog, headless (spec 000 sections 2, 4, 5, 7): file checks, the upload to
// {port}/importexcel, progress from the live channel and the result. Its states are exactly the
// spec's: 0 idle, 1 preparing upload, 2 checking data with progress, 3 check succeeded and importing,
// 4 check failed, 5 server error, 6 imported with a count. No antd and no React here.
import type { RequestFn } from '../request/types';

export type ImportState = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const IMPORT_MAX_MB = 50;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
export const IMPORT_EXTENSIONS = ['.xls', '.xlsx'];
export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.join(',');
/** Spec 000 section 9: an import may take up to 600000 ms. */
export const IMPORT_TIMEOUT = 600_000;
/** How long the upload waits for the live channel before going on without it. */
const SOCKET_WAIT_MS = 3000;
/** How long the answer waits for the channel's last lines (they travel on another connection). */
const SETTLE_MS = 1500;
const MAX_LINES = 1000;

/** The part of a browser WebSocket the controller uses (a fake in tests). */
export interface SocketLike {
  onopen: ((ev?: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev?: unknown) => void) | null;
  onclose: ((ev?: unknown) => void) | null;
  close(): void;
}

export interface ImportResult {
  jobId: string;
  status: 'imported' | 'checkFailed';
  total: number;
  inserted: number;
  updated: number;
  errorCount: number;
  errors: { row: number; column: string; reason: string; message: string }[];
}

export interface ImportDeps {
  request: RequestFn;
  /** Saves a blob call under its content-disposition name; false when it failed. */
  download: (call: string, payload?: unknown) => Promise<boolean>;
  /** Opens an external address in a new window (a configured template address). */
  openUrl: (url: string) => void;
  /** Opens /productWebSocket/{path} offering these subprotocols. */
  openSocket: (path: string, protocols: string[]) => SocketLike;
  userId: () => string | undefined;
  token: () => string | undefined;
  /** Shows a warning under a locale key (wrong type, too large, no file). */
  warn: (key: string, params?: Record<string, unknown>) => void;
}

export interface ImportSnapshot {
  state: ImportState;
  fileName?: string;
  /** 0-100 of the current phase (checking in state 2, writing in state 3). */
  percent: number;
  /** Rows read so far. */
  rows: number;
  /** Tick lines from the channel (success). */
  successes: string[];
  /** Failure lines from the channel or, without it, from the answer. */
  failures: string[];
  result?: ImportResult;
  /** The server's message in state 5. */
  message?: string;
}

export const WS_PROTOCOL = 'srm-progress';
export const TICK = '✔';

export function checkImportFile(file: { name: string; size: number }): string | undefined {
  const lower = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((ext) => lower.endsWith(ext))) return 'error.10030';
  if (file.size > IMPORT_MAX_BYTES) return 'error.10031';
  return undefined;
}

export function createImportController(port: string, deps: ImportDeps) {
  let snapshot: ImportSnapshot = { state: 0, percent: 0, rows: 0, successes: [], failures: [] };
  let file: File | undefined;
  let socket: SocketLike | undefined;
  /** The last message the channel sends for an outcome, and who waits for it. */
  let last: { done: boolean; waiters: (() => void)[] } = { done: false, waiters: [] };
  const listeners = new Set<() => void>();

  function set(patch: Partial<ImportSnapshot>) {
    snapshot = { ...snapshot, ...patch };
    for (const l of listeners) l();
  }

  const busy = () => snapshot.state >= 1 && snapshot.state <= 3;

  /** One message of the live channel, by the spec's kinds. */
  function onMessage(text: string) {
    if (text.startsWith('$import|100|') || text === 'checkFailed') {
      last.done = true;
      for (const w of last.waiters.splice(0)) w();
    }
    if (text === 'checkSuccess') return set({ state: 3, percent: 0 });
    if (text === 'checkFailed') return set({ state: 4 });
    if (text.startsWith('$')) {
      const [phase, percent, rows] = text.slice(1).split('|');
      const p = Number(percent);
      if (phase === 'check' && (snapshot.state === 1 || snapshot.state === 2))
        set({
          state: 2,
          percent: Number.isFinite(p) ? p : snapshot.percent,
          rows: Number(rows) || snapshot.rows,
        });
      else if (phase === 'import' && snapshot.state === 3)
        set({ percent: Number.isFinite(p) ? p : snapshot.percent });
      return;
    }
    if (text.startsWith(TICK)) {
      if (snapshot.successes.length < MAX_LINES) set({ successes: [...snapshot.successes, text] });
      return;
    }
    const lines = text.split(/\r?\n/).filter(Boolean);
    if (lines.length && snapshot.failures.length < MAX_LINES)
      set({ failures: [...snapshot.failures, ...lines].slice(0, MAX_LINES) });
  }

  /** Opens the live channel; resolves when it is open, or after a while without it. */
  function connect(portKey: string): Promise<void> {
    const uid = deps.userId();
    const token = deps.token();
    if (!uid || !token) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, SOCKET_WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      try {
        const s = deps.openSocket(`${uid}${portKey}`, [WS_PROTOCOL, token]);
        socket = s;
        s.onopen = done;
        s.onerror = done;
        s.onclose = done;
        s.onmessage = (ev) => {
          if (socket === s && typeof ev.data === 'string') onMessage(ev.data);
        };
      } catch {
        done();
      }
    });
  }

  /** Waits (briefly) for the channel's last message, so no line is lost to the race with the answer. */
  function settle(): Promise<void> {
    if (!socket || last.done) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, SETTLE_MS);
      last.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  function disconnect() {
    const s = socket;
    socket = undefined;
    if (s) {
      s.onmessage = null;
      s.close();
    }
  }

  return {
    getState: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Takes the chosen file after checking its type and size; false (with a warning) if refused. */
    chooseFile(next: File): boolean {
      if (busy()) return false;
      const problem = checkImportFile(next);
      if (problem) {
        deps.warn(problem, { size: IMPORT_MAX_MB });
        return false;
      }
      file = next;
      set({
        state: 0,
        fileName: next.name,
        percent: 0,
        rows: 0,
        successes: [],
        failures: [],
        result: undefined,
        message: undefined,
      });
      return true;
    },

    removeFile() {
      if (busy()) return;
      file = undefined;
      set({
        state: 0,
        fileName: undefined,
        successes: [],
        failures: [],
        result: undefined,
        message: undefined,
      });
    },

    /** Uploads the file and follows it to one of the end states 4, 5 or 6. */
    async start(): Promise<void> {
      if (busy()) return;
      if (!file) {
        deps.warn('importDialog.noFile');
        return;
      }
      set({
        state: 1,
        percent: 0,
        rows: 0,
        successes: [],
        failures: [],
        result: undefined,
        message: undefined,
      });
      const portKey = port;
      last = { done: false, waiters: [] };
      await connect(portKey);
      const form = new FormData();
      form.append('portKey', portKey);
      form.append('file', file, file.name);
      try {
        const result = await deps.request<ImportResult>(`${port}/importexcel`, form, {
          timeout: IMPORT_TIMEOUT,
          showError: false,
        });
        await settle();
        if (result.status === 'checkFailed') {
          const failures = snapshot.failures.length ? snapshot.failures : result.errors.map((e) => e.message);
          set({ state: 4, result, failures });
        } else {
          set({ state: 6, result, percent: 100 });
        }
      } catch (error) {
        set({ state: 5, message: (error as Error)?.message ?? '' });
      } finally {
        disconnect();
      }
    },

    /**
     * The port's template: a configured address opens in a new window (spec 000: "or a configured
     * address"); otherwise the workbook downExcelTemplate serves (an uploaded one or the generated one).
     */
    async downloadTemplate(): Promise<boolean> {
      const where = await deps.request<{ url?: string } | null>(`${port}/getImportTemplateAddress`, {});
      if (where?.url) {
        deps.openUrl(where.url);
        return true;
      }
      return deps.download(`${port}/downExcelTemplate`, {});
    },

    /** The annotated workbook of a failed check. */
    downloadErrors(): Promise<boolean> {
      const jobId = snapshot.result?.jobId;
      if (snapshot.state !== 4 || !jobId) return Promise.resolve(false);
      return deps.download(`${port}/downImportErrorFile`, { jobId });
    },

    /** May the dialog close now? Not while an upload is running. */
    canClose: () => !busy(),

    reset() {
      disconnect();
      file = undefined;
      snapshot = { state: 0, percent: 0, rows: 0, successes: [], failures: [] };
      for (const l of listeners) l();
    },
  };
}

export type ImportController = ReturnType<typeof createImportController>;
