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
    warn: vi.fn(),
    error: vi.fn(),
  };
  let params: Record<string, unknown> = { keyword: 'SH', field: 't1.orgNo', order: 'asc' };
  const c = createExportController(port, () => params, deps);
  return { c, deps, setParams: (p: Record<string, unknown>) => (params = p) };
}

describe('export dialog controller', () => {
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
    expect(deps.download).toHaveBeenCalledWith('IBmOrgService/exportexcel', {
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
    expect(deps.download).not.toHaveBeenCalled();
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
    (deps.download as ReturnType<typeof vi.fn>).mockResolvedValueOnce(false);
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
});
