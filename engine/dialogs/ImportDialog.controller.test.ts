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

function setup(answer: (socket: FakeSocket) => Promise<ImportResult>) {
  const sockets: FakeSocket[] = [];
  const states: number[] = [];
  const request = vi.fn(async () => answer(sockets[0]));
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
    token: () => 'tok',
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
  total: 3,
  inserted: 2,
  updated: 1,
  errorCount: 0,
  errors: [],
};

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

  it('goes 0 → 1 → 2 → 3 → 6 following the channel, and uploads form data with the import timeout', async () => {
    const { c, request, sockets, states } = setup(async (socket) => {
      socket.emit('$check|40|2');
      expect(c.getState()).toMatchObject({ state: 2, percent: 40, rows: 2 });
      socket.emit('$check|100|3');
      socket.emit('checkSuccess');
      socket.emit('✔ Rows 2–4 imported (3)');
      socket.emit('$import|100|3');
      return imported;
    });
    c.chooseFile(file('orgs.xlsx'));
    await c.start();
    expect(states).toEqual([0, 1, 2, 3, 6]);
    expect(sockets[0].path).toBe('user-1IBmOrgService');
    expect(sockets[0].protocols).toEqual(['srm-progress', 'tok']);
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
    const { c, sockets } = setup(async (socket) => {
      socket.emit('checkSuccess');
      setTimeout(() => {
        socket.emit('✔ Rows 2–4 imported (3)');
        socket.emit('$import|100|3');
      }, 50);
      return imported;
    });
    c.chooseFile(file('orgs.xlsx'));
    await c.start();
    expect(c.getState()).toMatchObject({ state: 6, successes: ['✔ Rows 2–4 imported (3)'] });
    expect(sockets[0].closed).toBe(true);
  });

  it('a failed check ends in state 4 with the failure lines, and offers the annotated workbook', async () => {
    const { c, deps, sockets } = setup(async (socket) => {
      socket.emit('$check|100|6');
      socket.emit('Row 3, Organization name: is required\nRow 4, Organization code: has an invalid format');
      socket.emit('checkFailed');
      return { ...imported, status: 'checkFailed', inserted: 0, updated: 0, errorCount: 2, jobId: 'job-9' };
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
      if (fail) throw new RequestError('10033', 'The file is not a readable spreadsheet.');
      return imported;
    });
    c.chooseFile(file('x.xlsx'));
    await c.start();
    expect(c.getState()).toMatchObject({ state: 5, message: 'The file is not a readable spreadsheet.' });
    fail = false;
    await c.start();
    expect(c.getState().state).toBe(6);
    expect(states).toEqual([0, 1, 5, 1, 6]);
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
