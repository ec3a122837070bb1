// The import dialog, headless (spec 000 sections 2, 4, 5, 7): file checks, the mode, the upload to
// {port}/importexcel, progress from the live channel and the result. An import is two uploads of the
// same file: a check that writes nothing and answers what the import would do, then, once the user
// confirms, the import itself (engine/core/importMode.ts has the rules). The states are the spec's,
// 0 idle, 1 preparing upload, 2 checking data with progress, 3 check succeeded and importing, 4 check
// failed, 5 server error (or a file the server refused), 6 imported with a count, and one more: 7
// checked, the counts shown, waiting for the user to confirm. No antd and no React here.
import { DEFAULT_IMPORT_MODE, type ImportMode } from '../core/importMode';
import { RequestError, type RequestFn } from '../request/types';

export type ImportState = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

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
  status: 'checked' | 'imported' | 'checkFailed';
  /** An import that found records changed since its check: nothing written, this is a new check. */
  changed?: boolean;
  mode: ImportMode;
  total: number;
  inserted: number;
  updated: number;
  unchanged: number;
  errorCount: number;
  /** An annotated workbook (errors, changes) is ready to download. */
  annotated: boolean;
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
  /** Shows a warning under a locale key (wrong type, too large, no file). */
  warn: (key: string, params?: Record<string, unknown>) => void;
}

export interface ImportSnapshot {
  state: ImportState;
  /** What the rows of the file may do; sent with the check. */
  mode: ImportMode;
  fileName?: string;
  /** 0-100 of the current phase (checking in state 2, writing in state 3). */
  percent: number;
  /** Rows read so far. */
  rows: number;
  /** While the upload waits for the server's turn (state 1): its place in the line, 1 next. */
  queued?: number;
  /** Tick lines from the channel (success). */
  successes: string[];
  /** Failure lines from the channel or, without it, from the answer. */
  failures: string[];
  result?: ImportResult;
  /** The server's message in state 5. */
  message?: string;
  /** State 5 is a refusal of the file (a message of the catalogue), not a failure of the server. */
  refused?: boolean;
}

export const WS_PROTOCOL = 'srm-progress';
export const TICK = '✔';

export function checkImportFile(file: { name: string; size: number }): string | undefined {
  const lower = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((ext) => lower.endsWith(ext))) return 'error.10030';
  if (file.size > IMPORT_MAX_BYTES) return 'error.10031';
  return undefined;
}

/** A refusal the server answered with a message of its own (HTTP 200 envelope or a 4xx body). */
const isRefusal = (error: unknown) =>
  error instanceof RequestError &&
  error.httpStatus !== undefined &&
  (error.envelopeStatus !== undefined ||
    (error.httpStatus >= 400 && error.httpStatus < 500 && !error.code.startsWith('HTTP_')));

const IDLE = {
  percent: 0,
  rows: 0,
  queued: undefined,
  successes: [],
  failures: [],
  result: undefined,
  message: undefined,
};

export function createImportController(port: string, deps: ImportDeps) {
  let snapshot: ImportSnapshot = {
    state: 0,
    mode: DEFAULT_IMPORT_MODE,
    percent: 0,
    rows: 0,
    successes: [],
    failures: [],
  };
  /** Which upload is running: the check, or the import of a confirmed check. */
  let phase: 'check' | 'import' = 'check';
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
    const ends =
      text.startsWith('$import|100|') ||
      text === 'checkFailed' ||
      (phase === 'check' && text === 'checkSuccess');
    if (ends) {
      last.done = true;
      for (const w of last.waiters.splice(0)) w();
    }
    // A check's success is its answer (state 7); an import's is the start of the writing.
    if (text === 'checkSuccess') return phase === 'import' ? set({ state: 3, percent: 0 }) : undefined;
    if (text === 'checkFailed') return set({ state: 4 });
    if (text.startsWith('$queue|')) {
      const place = Number(text.slice('$queue|'.length));
      if (snapshot.state === 1 && Number.isInteger(place) && place > 0) set({ queued: place });
      return;
    }
    if (text.startsWith('$')) {
      const [phase, percent, rows] = text.slice(1).split('|');
      const p = Number(percent);
      if (phase === 'check' && (snapshot.state === 1 || snapshot.state === 2))
        set({
          state: 2,
          queued: undefined,
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
    if (!uid) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, SOCKET_WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      try {
        const s = deps.openSocket(`${uid}${portKey}`, [WS_PROTOCOL]);
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

  /** One upload of the file, the check or the import, followed to its end state. */
  async function upload(step: 'check' | 'import', fields: Record<string, string>): Promise<void> {
    if (!file) return;
    phase = step;
    set({ ...IDLE, state: 1, refused: undefined, result: step === 'import' ? snapshot.result : undefined });
    const portKey = port;
    last = { done: false, waiters: [] };
    await connect(portKey);
    const form = new FormData();
    form.append('portKey', portKey);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
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
      } else if (result.status === 'checked') {
        set({ state: 7, result, percent: 100, successes: [], failures: [] });
      } else {
        set({ state: 6, result, percent: 100 });
      }
    } catch (error) {
      set({ state: 5, message: (error as Error)?.message ?? '', refused: isRefusal(error) });
    } finally {
      disconnect();
    }
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
      set({ ...IDLE, state: 0, fileName: next.name, refused: undefined });
      return true;
    },

    /** Chooses what the rows may do; a check made in another mode no longer holds. */
    setMode(mode: ImportMode) {
      if (busy() || mode === snapshot.mode) return;
      set({ ...IDLE, mode, state: 0, refused: undefined });
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

    /** Checks the file (nothing is written) and follows it to state 7, 4 or 5. */
    async start(): Promise<void> {
      if (busy()) return;
      if (!file) {
        deps.warn('importDialog.noFile');
        return;
      }
      await upload('check', { step: 'check', mode: snapshot.mode });
    },

    /** Imports the checked file, after the user saw the counts; follows it to state 6, 7 (changed) or 4. */
    async confirm(): Promise<void> {
      const jobId = snapshot.result?.jobId;
      if (busy() || snapshot.state !== 7 || !jobId || !file) return;
      await upload('import', { step: 'import', jobId });
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

    /** The annotated workbook of a check: its errors (state 4) or the changes updates make (state 7). */
    downloadErrors(): Promise<boolean> {
      const jobId = snapshot.result?.jobId;
      if ((snapshot.state !== 4 && snapshot.state !== 7) || !jobId || !snapshot.result?.annotated)
        return Promise.resolve(false);
      return deps.download(`${port}/downImportErrorFile`, { jobId });
    },

    /** May the dialog close now? Not while an upload is running. */
    canClose: () => !busy(),

    reset() {
      disconnect();
      file = undefined;
      snapshot = { ...IDLE, state: 0, mode: snapshot.mode };
      for (const l of listeners) l();
    },
  };
}

export type ImportController = ReturnType<typeof createImportController>;
