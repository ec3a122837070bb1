import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../request/types';
import {
  createPrintController,
  PRINT_CALL,
  type PrintDeps,
  type PrintTemplate,
  TEMPLATE_CALL,
} from './PrintDialog.controller';

const TEMPLATES: PrintTemplate[] = [
  { id: '1', reportKey: 'labels', templateName: 'Warehouse labels', printType: 2, isDefault: 1 },
  { id: '2', reportKey: 'list', templateName: 'Warehouse list', printType: 2, isDefault: 0 },
];
const ROWS = [
  { id: 'w1', warehouseNo: 'SH01-RM', orgNo: 'SH01' },
  { id: 'w2', warehouseNo: 'SH01-FG', orgNo: 'SH01' },
];
const PDF = new File(['%PDF-1.3'], 'Warehouse labels.pdf', { type: 'application/pdf' });

function setup(
  answers: { templates?: unknown; print?: unknown } = {},
  selection: { rows?: Record<string, unknown>[]; supplierNo?: string | null } = {},
) {
  const request = vi.fn(async (call: string, _payload?: unknown, _options?: unknown): Promise<unknown> => {
    if (call === TEMPLATE_CALL) return answers.templates ?? { records: TEMPLATES, total: 2 };
    if (answers.print instanceof Error) throw answers.print;
    return answers.print ?? PDF;
  });
  const deps = {
    request: request as unknown as PrintDeps['request'],
    openFile: vi.fn((_file: File): 'window' | 'download' => 'window'),
    printLocally: vi.fn(async () => true),
    warn: vi.fn(),
    error: vi.fn(),
    success: vi.fn(),
    timeZone: () => 'Asia/Ho_Chi_Minh',
  };
  const c = createPrintController(
    {
      module: 'Base.Basic.Warehouse',
      rows: selection.rows ?? ROWS,
      rowKey: 'id',
      printer: 'Administrator',
      supplierNo: selection.supplierNo,
    },
    deps,
  );
  return { c, deps, request };
}

describe('print dialog controller', () => {
  it("lists the templates with the spec's call for the selection, the default chosen", async () => {
    const { c, request } = setup();
    expect(await c.open()).toBe(true);
    expect(request).toHaveBeenCalledWith(
      TEMPLATE_CALL,
      {
        current: 1,
        size: 10,
        condition: {
          keyword: undefined,
          module: 'Base.Basic.Warehouse',
          orgNo: 'SH01',
          customerNo: undefined,
          supplierNo: undefined,
          templateType: '4',
        },
      },
      { moduleNumber: 'Base.Basic.Warehouse' },
    );
    expect(c.getState()).toMatchObject({ open: true, selected: 'labels', templates: TEMPLATES, total: 2 });
  });

  it("sends a supplier's own supplier, and no organisation when the rows have several", async () => {
    const { c, request } = setup(
      {},
      {
        rows: [
          { id: 'x', orgNo: 'SH01' },
          { id: 'y', orgNo: 'HN01' },
        ],
        supplierNo: 'SUP001',
      },
    );
    await c.open();
    expect(request.mock.calls[0][1]).toMatchObject({ condition: { orgNo: undefined, supplierNo: 'SUP001' } });
  });

  it('searches by keyword, drops an answer a newer search overtook, and keeps the chosen template', async () => {
    const { c, request } = setup();
    await c.open();
    let answerOld: (v: unknown) => void = () => undefined;
    request.mockImplementationOnce(() => new Promise((r) => (answerOld = r)));
    request.mockResolvedValueOnce({ records: [TEMPLATES[1]], total: 1 });
    const old = c.search('war');
    await c.search('list');
    answerOld({ records: TEMPLATES, total: 2 });
    await old;
    expect(c.getState()).toMatchObject({ keyword: 'list', templates: [TEMPLATES[1]], total: 1 });
    expect(request.mock.calls.at(-1)?.[1]).toMatchObject({ condition: { keyword: 'list' } });
    expect(c.getState()).toMatchObject({ selected: 'labels', chosen: TEMPLATES[0] });
    c.select('list');
    expect(c.getState()).toMatchObject({ selected: 'list', chosen: TEMPLATES[1] });
  });

  it('warns and stays open when no template is chosen, and prints nothing', async () => {
    const { c, deps, request } = setup({ templates: { records: [TEMPLATES[1]], total: 1 } });
    await c.open();
    expect(c.getState().selected).toBeUndefined();
    expect(await c.confirm()).toBe(false);
    c.select('labels'); // not offered: ignored
    c.select(undefined);
    expect(await c.confirm()).toBe(false);
    expect(deps.warn).toHaveBeenCalledTimes(2);
    expect(deps.warn).toHaveBeenCalledWith('printDialog.required');
    expect(request).not.toHaveBeenCalledWith(PRINT_CALL, expect.anything(), expect.anything());
    expect(c.getState().open).toBe(true);
  });

  it('prints the selected rows as the current user and opens the PDF in a new window', async () => {
    const { c, deps, request } = setup();
    await c.open();
    c.select('list');
    expect(await c.confirm()).toBe(true);
    expect(request).toHaveBeenLastCalledWith(
      PRINT_CALL,
      {
        ids: ['w1', 'w2'],
        reportKey: 'list',
        module: 'Base.Basic.Warehouse',
        printer: 'Administrator',
        timeZone: 'Asia/Ho_Chi_Minh',
      },
      { moduleNumber: 'Base.Basic.Warehouse', responseType: 'blob' },
    );
    expect(deps.openFile).toHaveBeenCalledWith(PDF);
    expect(deps.success).not.toHaveBeenCalled();
    expect(c.getState()).toMatchObject({ open: false, printing: false });
  });

  it('says so when the browser blocked the window and the PDF was downloaded instead', async () => {
    const { c, deps } = setup();
    deps.openFile.mockReturnValueOnce('download');
    await c.open();
    await c.confirm();
    expect(deps.success).toHaveBeenCalledWith('printDialog.downloaded');
  });

  it("stays open when the server refuses the print (the request layer shows the server's message)", async () => {
    const { c, deps } = setup({ print: new RequestError('10050', 'The print template does not exist') });
    await c.open();
    expect(await c.confirm()).toBe(false);
    expect(deps.openFile).not.toHaveBeenCalled();
    expect(deps.error).not.toHaveBeenCalled();
    expect(c.getState()).toMatchObject({ open: true, printing: false });
  });

  it("hands a local print job to the local service, and shows the spec's message when it does not answer", async () => {
    const job = {
      printType: 1,
      checkUrl: 'http://127.0.0.1:9/check',
      printUrl: 'http://127.0.0.1:9/print',
      job: {},
    };
    const ok = setup({ print: job });
    await ok.c.open();
    expect(await ok.c.confirm()).toBe(true);
    expect(ok.deps.printLocally).toHaveBeenCalledWith(job);
    expect(ok.deps.success).toHaveBeenCalledWith('printDialog.sent');
    expect(ok.c.getState().open).toBe(false);

    const down = setup({ print: job });
    down.deps.printLocally.mockResolvedValueOnce(false);
    await down.c.open();
    expect(await down.c.confirm()).toBe(false);
    expect(down.deps.error).toHaveBeenCalledWith('print.localFailed');
    expect(down.c.getState()).toMatchObject({ open: true, printing: false });
  });

  it('does not open when the templates cannot be loaded', async () => {
    const { c, request } = setup();
    request.mockRejectedValueOnce(new RequestError('10005', 'No permission'));
    expect(await c.open()).toBe(false);
    expect(c.getState().open).toBe(false);
  });
});
