import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../request/types';
import {
  checkImportFile,
  createImportController,
  IMPORT_TIMEOUT,
  type ImportDeps,
  type ImportResult,
  type SocketLike,
} from './ImportDialog.controller';

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  onclose: SocketLike['onclose'] = null;
  closed = false;
  constructor(
    readonly path: string,
    readonly protocols: string[],
  ) {}
  emit(text: string) {
    this.onmessage?.({ data: text });
  }
  close() {
    this.closed = true;
  }
}

const file = (name: string, size = 10) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

/** `answer` gets the upload's socket and its number (1 for the check, 2 for the confirmed import). */
function setup(answer: (socket: FakeSocket, upload: number) => Promise<ImportResult>) {
  const sockets: FakeSocket[] = [];
  const states: number[] = [];
  let uploads = 0;
  const request = vi.fn(async () => answer(sockets[sockets.length - 1], ++uploads));
  const deps: ImportDeps = {
    request: request as unknown as ImportDeps['request'],
    download: vi.fn(async () => true),
    openSocket: (path, protocols) => {
      const s = new FakeSocket(path, protocols);
      sockets.push(s);
      queueMicrotask(() => s.onopen?.());
      return s;
    },
    userId: () => 'user-1',
    warn: vi.fn(),
    openUrl: vi.fn(),
  };
  const c = createImportController('IBmOrgService', deps);
  c.subscribe(() => {
    const s = c.getState().state;
    if (states.at(-1) !== s) states.push(s);
  });
  return { c, deps, request, sockets, states };
}

const imported: ImportResult = {
  jobId: 'j1',
  status: 'imported',
  mode: 'upsert',
  total: 3,
  inserted: 2,
  updated: 1,
  unchanged: 0,
  errorCount: 0,
  annotated: false,
  errors: [],
};
const checked: ImportResult = { ...imported, status: 'checked', annotated: true };

const formOf = (request: ReturnType<typeof vi.fn>, n: number) =>
  (request.mock.calls[n] as unknown as [string, FormData])[1];

describe('import dialog controller', () => {
  it('accepts .xls and .xlsx up to 50 MB only', () => {
    expect(checkImportFile({ name: 'a.xlsx', size: 1 })).toBeUndefined();
    expect(checkImportFile({ name: 'A.XLS', size: 1 })).toBeUndefined();
    expect(checkImportFile({ name: 'a.csv', size: 1 })).toBe('error.10030');
    expect(checkImportFile({ name: 'a.xlsx.exe', size: 1 })).toBe('error.10030');
    expect(checkImportFile({ name: 'a.xlsx', size: 50 * 1024 * 1024 })).toBeUndefined();
    expect(checkImportFile({ name: 'a.xlsx', size: 50 * 1024 * 1024 + 1 })).toBe('error.10031');
  });

  it('refuses a wrong file with a warning and keeps state 0', () => {
    const { c, deps } = setup(async () => imported);
    expect(c.chooseFile(file('notes.txt'))).toBe(false);
    expect(deps.warn).toHaveBeenCalledWith('error.10030', { size: 50 });
    expect(c.chooseFile(file('big.xlsx', 60 * 1024 * 1024))).toBe(false);
    expect(deps.warn).toHaveBeenCalledWith('error.10031', { size: 50 });
    expect(c.getState().state).toBe(0);
    expect(c.getState().fileName).toBeUndefined();
  });

  it('warns when importing without a file', async () => {
    const { c, deps, request } = setup(async () => imported);
    await c.start();
    expect(deps.warn).toHaveBeenCalledWith('importDialog.noFile');
    expect(request).not.toHaveBeenCalled();
  });

  it("shows the upload's place in the server's line while it waits, and drops it once the check starts", async () => {
    const seen: (number | undefined)[] = [];
    const { c } = setup(async (socket) => {
      socket.emit('$queue|2');
      seen.push(c.getState().queued);
      socket.emit('$queue|1');
      seen.push(c.getState().queued);
      socket.emit('$queue|junk');
      seen.push(c.getState().queued);
      socket.emit('$check|0|0');
      seen.push(c.getState().queued);
      socket.emit('checkSuccess');
      return checked;
    });
    c.chooseFile(file('orgs.xlsx'));
    await c.confirm();
    await c.start();
    expect(seen).toEqual([2, 1, 1, undefined]);
  });

  it('checks first (0 → 1 → 2 → 7, nothing written), then imports what the user confirmed (→ 3 → 6)', async () => {
    const { c, request, sockets, states } = setup(async (socket, upload) => {
      socket.emit('$check|40|2');
      expect(c.getState()).toMatchObject({ state: 2, percent: 40, rows: 2 });
      socket.emit('$check|100|3');
      socket.emit('checkSuccess');
      if (upload === 1) {
        // A check's success is not the import's start: the counts come with the answer.
        expect(c.getState().state).toBe(2);
        return checked;
      }
      socket.emit('✔ Rows 2–4 imported (3)');
      socket.emit('$import|100|3');
      return imported;
    });
    c.chooseFile(file('orgs.xlsx'));
    await c.confirm();
    expect(request).not.toHaveBeenCalled();
    await c.start();
    expect(states).toEqual([0, 1, 2, 7]);
    expect(c.getState()).toMatchObject({ state: 7, result: { inserted: 2, updated: 1 } });
    const check = formOf(request, 0);
    expect([check.get('step'), check.get('mode'), check.get('jobId')]).toEqual(['check', 'add', null]);
    await c.confirm();
    expect(states).toEqual([0, 1, 2, 7, 1, 2, 3, 6]);
    const confirmed = formOf(request, 1);
    expect([confirmed.get('step'), confirmed.get('jobId')]).toEqual(['import', 'j1']);
    expect((confirmed.get('file') as File).name).toBe('orgs.xlsx');
    expect(sockets[0].path).toBe('user-1IBmOrgService');
    expect(sockets[0].protocols).toEqual(['srm-progress']);
    expect(sockets[0].closed).toBe(true);
    const [call, body, options] = request.mock.calls[0] as unknown as [string, FormData, { timeout: number }];
    expect(call).toBe('IBmOrgService/importexcel');
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('orgs.xlsx');
    expect(body.get('portKey')).toBe('IBmOrgService');
    expect(options.timeout).toBe(IMPORT_TIMEOUT);
    expect(c.getState()).toMatchObject({ state: 6, successes: ['✔ Rows 2–4 imported (3)'], failures: [] });
    expect(c.getState().result?.inserted).toBe(2);
  });

  it('keeps the channel open briefly for lines that arrive after the answer', async () => {
    const { c, sockets } = setup(async (socket, upload) => {
      if (upload === 1) return checked;
      socket.emit('checkSuccess');
      setTimeout(() => {
        socket.emit('✔ Rows 2–4 imported (3)');
        socket.emit('$import|100|3');
      }, 50);
      return imported;
    });
    c.chooseFile(file('orgs.xlsx'));
    await c.start();
    await c.confirm();
    expect(c.getState()).toMatchObject({ state: 6, successes: ['✔ Rows 2–4 imported (3)'] });
    expect(sockets[1].closed).toBe(true);
  });

  it('a failed check ends in state 4 with the failure lines, and offers the annotated workbook', async () => {
    const { c, deps, sockets } = setup(async (socket) => {
      socket.emit('$check|100|6');
      socket.emit('Row 3, Organization name: is required\nRow 4, Organization code: has an invalid format');
      socket.emit('checkFailed');
      return {
        ...imported,
        status: 'checkFailed',
        inserted: 0,
        updated: 0,
        errorCount: 2,
        jobId: 'job-9',
        annotated: true,
      };
    });
    c.chooseFile(file('bad.xlsx'));
    await c.start();
    expect(c.getState()).toMatchObject({
      state: 4,
      failures: ['Row 3, Organization name: is required', 'Row 4, Organization code: has an invalid format'],
    });
    expect(sockets[0].closed).toBe(true);
    await c.downloadErrors();
    expect(deps.download).toHaveBeenCalledWith('IBmOrgService/downImportErrorFile', { jobId: 'job-9' });
  });

  it('without the live channel the failures come from the answer', async () => {
    const { c, deps } = setup(async () => ({
      ...imported,
      status: 'checkFailed',
      errorCount: 1,
      errors: [{ row: 3, column: 'Status', reason: 'x', message: 'Row 3, Status: x' }],
    }));
    deps.userId = () => undefined;
    c.chooseFile(file('bad.xlsx'));
    await c.start();
    expect(c.getState()).toMatchObject({ state: 4, failures: ['Row 3, Status: x'] });
  });

  it('a server error ends in state 5 with its message; the file can be sent again', async () => {
    let fail = true;
    const { c, states } = setup(async () => {
      if (fail) throw new RequestError('NETWORK', 'Network Error');
      return checked;
    });
    c.chooseFile(file('x.xlsx'));
    await c.start();
    expect(c.getState()).toMatchObject({ state: 5, message: 'Network Error', refused: false });
    fail = false;
    await c.start();
    expect(c.getState().state).toBe(7);
    expect(states).toEqual([0, 1, 5, 1, 7]);
  });

  it('a file the server refuses is said to be refused, not a server error', async () => {
    const { c } = setup(async () => {
      throw new RequestError('10032', 'This .xls workbook cannot be read', 200, 400);
    });
    c.chooseFile(file('old.xls'));
    await c.start();
    expect(c.getState()).toMatchObject({
      state: 5,
      refused: true,
      message: 'This .xls workbook cannot be read',
    });
  });

  it('a new mode undoes the check; a confirmation that met changed records shows the new counts', async () => {
    const { c, deps, request } = setup(async (_socket, upload) =>
      upload === 3 ? { ...checked, changed: true, updated: 0, unchanged: 1 } : checked,
    );
    c.chooseFile(file('orgs.xlsx'));
    await c.start();
    expect(c.getState().state).toBe(7);
    await c.downloadErrors();
    expect(deps.download).toHaveBeenCalledWith('IBmOrgService/downImportErrorFile', { jobId: 'j1' });
    c.setMode('upsert');
    expect(c.getState()).toMatchObject({ state: 0, mode: 'upsert', result: undefined });
    await c.confirm();
    expect(request).toHaveBeenCalledTimes(1);
    await c.start();
    expect(formOf(request, 1).get('mode')).toBe('upsert');
    await c.confirm();
    expect(c.getState()).toMatchObject({ state: 7, result: { changed: true, updated: 0, unchanged: 1 } });
  });

  it('cannot close or start again while busy, and ignores a stale socket after reset', async () => {
    let release!: (r: ImportResult) => void;
    const { c, request, sockets } = setup(
      () =>
        new Promise<ImportResult>((resolve) => {
          release = resolve;
        }),
    );
    c.chooseFile(file('x.xlsx'));
    const running = c.start();
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    expect(c.canClose()).toBe(false);
    expect(c.chooseFile(file('y.xlsx'))).toBe(false);
    await c.start();
    expect(request).toHaveBeenCalledTimes(1);
    release(imported);
    await running;
    expect(c.canClose()).toBe(true);
    c.reset();
    sockets[0].emit('checkFailed');
    expect(c.getState().state).toBe(0);
  });

  it('downloads the template from the port when no address is configured', async () => {
    const { c, deps, request } = setup(async () => imported);
    request.mockImplementationOnce(async () => ({}) as never);
    await c.downloadTemplate();
    expect(request).toHaveBeenCalledWith('IBmOrgService/getImportTemplateAddress', {});
    expect(deps.download).toHaveBeenCalledWith('IBmOrgService/downExcelTemplate', {});
    expect(deps.openUrl).not.toHaveBeenCalled();
  });

  it('opens a configured template address instead of downloading', async () => {
    const { c, deps, request } = setup(async () => imported);
    request.mockImplementationOnce(async () => ({ url: 'https://example.com/t.xlsx' }) as never);
    expect(await c.downloadTemplate()).toBe(true);
    expect(deps.openUrl).toHaveBeenCalledWith('https://example.com/t.xlsx');
    expect(deps.download).not.toHaveBeenCalled();
  });
});
