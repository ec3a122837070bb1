// The toolbar's import and export: buttons in the fixed flag order that open their dialogs instead of
// calling the service, need no selection, and leave the list to search again after an import.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { FLAG_ORDER, type MenuFlags } from '../../screens/flags';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen } from '../../screens/validate';
import type { PageDeps } from '../types';
import { createListController } from './listController';

const screen = normaliseScreen(
  assertScreen(
    {
      name: 'T.List',
      kind: 'list',
      path: '/t/list',
      menuNo: 'T.Menu',
      titleKey: 'title.t',
      service: 'ITService',
      calls: { list: 'getlist' },
      list: {
        keyword: {},
        searchFields: [{ prop: 'statusCode', widget: 'select', options: 'status' }],
        columns: [{ prop: 'no' }, { prop: 'updateDate', type: 'datetime', sortField: 't1.updateDate' }],
        actions: [
          { flag: 'isExport', kind: 'export' },
          { flag: 'isImport', kind: 'import' },
          { flag: 'isAdd', kind: 'add', target: '/t/add' },
        ],
      },
    } satisfies Screen,
    't.json',
  ),
  't.json',
);

const flags = (...granted: (keyof MenuFlags)[]): MenuFlags =>
  Object.fromEntries(FLAG_ORDER.map((f) => [f, granted.includes(f) ? 'Y' : 'N'])) as MenuFlags;

function setup(menu = flags('isSearch', 'isAdd', 'isImport', 'isExport')) {
  const request = vi.fn(async (): Promise<unknown> => ({ records: [{ id: 'a', version: 1 }], total: 1 }));
  const deps = {
    request: request as unknown as PageDeps['request'],
    navigate: vi.fn(),
    confirm: vi.fn(async () => true),
    success: vi.fn(),
  };
  return { controller: createListController(screen, menu, deps), request };
}

describe('list controller: import and export', () => {
  it('shows them in the fixed flag order, enabled with nothing selected, only when granted', async () => {
    const { controller } = setup();
    await controller.reload();
    const buttons = controller.getState().toolbar.buttons;
    expect(buttons.map((b) => [b.action.kind, b.disabled])).toEqual([
      ['add', false],
      ['import', false],
      ['export', false],
    ]);
    const bare = setup(flags('isSearch', 'isAdd', 'isExport')).controller;
    expect(bare.getState().toolbar.buttons.map((b) => b.action.kind)).toEqual(['add', 'export']);
  });

  it('opens the dialog of the button, calling nothing, and closes it', async () => {
    const { controller, request } = setup();
    await controller.reload();
    const calls = request.mock.calls.length;
    const [, importButton, exportButton] = controller.getState().toolbar.buttons;
    await controller.runAction(importButton.action);
    expect(controller.getState().dialog).toBe('import');
    controller.closeDialog();
    expect(controller.getState().dialog).toBeUndefined();
    await controller.runAction(exportButton.action);
    expect(controller.getState().dialog).toBe('export');
    controller.closeDialog();
    expect(request.mock.calls.length).toBe(calls);
  });

  it('searches again after an import that wrote rows, not after one that did not', async () => {
    const { controller, request } = setup();
    await controller.reload();
    const calls = request.mock.calls.length;
    controller.closeDialog(false);
    expect(request.mock.calls.length).toBe(calls);
    controller.closeDialog(true);
    await vi.waitFor(() => expect(request.mock.calls.length).toBe(calls + 1));
  });

  it('exports the list search as it stands: filters, keyword and sort, without paging or limits', async () => {
    const { controller } = setup();
    await controller.search({ keyword: ' acme ', filters: { statusCode: '1' } });
    expect(controller.exportCondition()).toEqual({
      keyword: 'acme',
      statusCode: '1',
      field: 't1.updateDate',
      order: 'desc',
    });
  });
});
