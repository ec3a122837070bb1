import { describe, expect, it, vi } from 'vitest';
import { createExportController, type ExportDeps, type ExportTemplate } from './ExportDialog.controller';

const TEMPLATES: ExportTemplate[] = [
  { exportName: 'all', exportLabel: 'Organizations', isDefault: 1 },
  { exportName: 'codes', exportLabel: 'Organization codes', isDefault: 0 },
];

function setup(templates: unknown = TEMPLATES, port: string | undefined = 'IBmOrgService') {
  const deps: ExportDeps = {
    request: vi.fn(async () => templates) as unknown as ExportDeps['request'],
    download: vi.fn(async () => true),
    fetchFile: vi.fn(async () => true),
    sleep: vi.fn(async () => undefined),
    warn: vi.fn(),
    error: vi.fn(),
  };
  let params: Record<string, unknown> = { keyword: 'SH', field: 't1.orgNo', order: 'asc' };
  const c = createExportController(port, () => params, deps);
  return { c, deps, setParams: (p: Record<string, unknown>) => (params = p) };
}

describe('export dialog controller', () => {
  it("exports through the screen's own export call when it names one", async () => {
    const deps = setup().deps;
    const c = createExportController(
      'ISupSrmVmiService',
      () => ({}),
      deps,
      'ISupSrmVmiService/exportWarehouseEnd',
    );
    await c.open();
    expect(deps.request).toHaveBeenCalledWith('ISupSrmVmiService/getExportNameList', {});
    await c.confirm();
    expect(deps.fetchFile).toHaveBeenCalledWith('ISupSrmVmiService/exportWarehouseEnd', {
      exportName: 'all',
    });
  });

  it('opens with the templates and the default one chosen', async () => {
    const { c, deps } = setup();
    expect(await c.open()).toBe(true);
    expect(deps.request).toHaveBeenCalledWith('IBmOrgService/getExportNameList', {});
    expect(c.getState()).toMatchObject({ open: true, selected: 'all', templates: TEMPLATES });
  });

  it('downloads with the current search params and the chosen template, then closes', async () => {
    const { c, deps, setParams } = setup();
    await c.open();
    c.select('codes');
    setParams({ orgNoIndistinct: 'SH', field: 't1.updateDate', order: 'desc' });
    expect(await c.confirm()).toBe(true);
    expect(deps.fetchFile).toHaveBeenCalledWith('IBmOrgService/exportexcel', {
      orgNoIndistinct: 'SH',
      field: 't1.updateDate',
      order: 'desc',
      exportName: 'codes',
    });
    expect(c.getState().open).toBe(false);
  });

  it('warns and stays open when no template is chosen', async () => {
    const { c, deps } = setup([{ exportName: 'x', exportLabel: 'X', isDefault: 0 }]);
    await c.open();
    expect(c.getState().selected).toBeUndefined();
    expect(await c.confirm()).toBe(false);
    expect(deps.warn).toHaveBeenCalledWith('exportDialog.required');
    expect(deps.fetchFile).not.toHaveBeenCalled();
    expect(c.getState().open).toBe(true);
  });

  it("says 'no export' without templates or without a port, and does not open", async () => {
    const empty = setup([]);
    expect(await empty.c.open()).toBe(false);
    expect(empty.deps.error).toHaveBeenCalledWith('exportDialog.noExport');
    expect(empty.c.getState().open).toBe(false);
    const noPort = setup(TEMPLATES, '');
    expect(await noPort.c.open()).toBe(false);
    expect(noPort.deps.error).toHaveBeenCalledWith('exportDialog.noExport');
    expect(noPort.deps.request).not.toHaveBeenCalled();
  });

  it('stays open when the download fails', async () => {
    const { c, deps } = setup();
    (deps.fetchFile as ReturnType<typeof vi.fn>).mockResolvedValueOnce(false);
    await c.open();
    expect(await c.confirm()).toBe(false);
    expect(c.getState()).toMatchObject({ open: true, downloading: false });
  });

  it('ignores a template that is not in the list', async () => {
    const { c } = setup();
    await c.open();
    c.select('nope');
    expect(c.getState().selected).toBe('all');
  });

  describe('a large export that the server turned into a job', () => {
    function jobSetup(progress: unknown[]) {
      const h = setup();
      (h.deps.fetchFile as ReturnType<typeof vi.fn>).mockResolvedValueOnce({
        data: { exportJobId: 'job-1', total: 3000, fileName: 'Organizations-1.xlsx' },
      });
      const answers = [...progress];
      (h.deps.request as ReturnType<typeof vi.fn>).mockImplementation(async (call: string) =>
        call.endsWith('getExportNameList') ? TEMPLATES : answers.shift(),
      );
      return h;
    }
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('stays open with the progress, then offers the download, which closes the dialog', async () => {
      const { c, deps } = jobSetup([
        { id: 'job-1', status: 'running', totalRows: 3000, doneRows: 1000, fileName: 'Organizations-1.xlsx' },
        { id: 'job-1', status: 'done', totalRows: 3000, doneRows: 3000, fileName: 'Organizations-1.xlsx' },
      ]);
      await c.open();
      expect(await c.confirm()).toBe(true);
      expect(c.getState()).toMatchObject({
        open: true,
        job: { id: 'job-1', status: 'running', doneRows: 0 },
      });
      await vi.waitFor(() => expect(c.getState().job?.status).toBe('done'));
      expect(deps.request).toHaveBeenCalledWith(
        'ISysExportJobService/getExportJob',
        { id: 'job-1' },
        { loading: false },
      );
      expect(deps.download).not.toHaveBeenCalled();
      expect(await c.confirm()).toBe(true);
      expect(deps.download).toHaveBeenCalledWith('ISysExportJobService/downloadExportJob', { id: 'job-1' });
      expect(c.getState().open).toBe(false);
    });

    it('a failed job says so and offers no download', async () => {
      const { c, deps } = jobSetup([{ id: 'job-1', status: 'error', totalRows: 3000, doneRows: 10 }]);
      await c.open();
      await c.confirm();
      await vi.waitFor(() => expect(c.getState().job?.status).toBe('error'));
      expect(deps.error).toHaveBeenCalledWith('exportDialog.jobFailed');
      expect(await c.confirm()).toBe(false);
      expect(deps.download).not.toHaveBeenCalled();
    });

    it('stops asking once the dialog is closed', async () => {
      const { c, deps } = jobSetup([]);
      (deps.sleep as ReturnType<typeof vi.fn>).mockImplementation(() => settle());
      await c.open();
      await c.confirm();
      c.cancel();
      await settle();
      await settle();
      const polls = (deps.request as ReturnType<typeof vi.fn>).mock.calls.filter(([call]) =>
        String(call).endsWith('getExportJob'),
      );
      expect(polls).toEqual([]);
    });
  });
});
