// The column store: the user's settings, else the administrator's table layout, else the screen's;
// a change shown at once and kept on the server, put back when the server refuses it; reset.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/types';
import type { PageDeps } from '../types';
import { createColumnStore } from './columnStore';
import { listContext } from './listContext';
import { buildScreen, grant } from './testing';

const screen = buildScreen({
  name: 'T.List',
  kind: 'list',
  path: '/t/list',
  menuNo: 'T.Menu',
  titleKey: 'title.t',
  service: 'ITService',
  calls: { list: 'getlist' },
  list: {
    keyword: {},
    searchFields: [{ prop: 'nameIndistinct' }],
    columns: [{ prop: 'no', fixed: 'left' }, { prop: 'name' }, { prop: 'remark' }],
  },
} satisfies Screen);

const menu = grant('isSearch');

/** A fake view service; `fail` makes the named calls refuse. */
function setup(
  opts: {
    columns?: unknown;
    /** The administrator's layout of the screen (table management). */
    adminColumns?: unknown;
    fail?: string[];
  } = {},
) {
  const request = vi.fn(async (call: string, _payload?: unknown): Promise<unknown> => {
    const method = call.split('/')[1];
    if (opts.fail?.includes(method)) throw new RequestError('10002', 'refused');
    switch (method) {
      case 'getColumnSetting':
        return { columns: opts.columns ?? null, adminColumns: opts.adminColumns ?? null };
      case 'resetColumnSetting':
        return { columns: null, adminColumns: opts.adminColumns ?? null };
      default:
        return null;
    }
  });
  const deps = {
    request: request as unknown as PageDeps['request'],
    navigate: vi.fn(),
    confirm: vi.fn(async () => true),
    success: vi.fn(),
  };
  const columns = createColumnStore(listContext(screen, menu, deps));
  const state = columns.getState;
  const calls = (method: string) => request.mock.calls.filter(([c]) => c.endsWith(`/${method}`));
  return { columns, state, request, calls };
}

describe("column store: the administrator's table layout", () => {
  const admin = [
    { prop: 'name', isShow: true, fixed: 'left', width: 240 },
    { prop: 'gone', isShow: true, fixed: 'none' },
    { prop: 'no', isShow: false, fixed: 'none' },
  ];
  const shape = (c: { prop: string; isShow: boolean; fixed: string; width?: number }) =>
    [c.prop, c.isShow, c.fixed, c.width ?? null] as const;

  it('a user without settings of their own gets the layout, merged with the screen', async () => {
    const { state, columns } = setup({ adminColumns: admin });
    await columns.loadColumnSettings();
    // 'gone' is no column any more; 'remark', new to the layout, comes right after its screen
    // predecessor 'name'.
    expect(state().columnSettings.map(shape)).toEqual([
      ['name', true, 'left', 240],
      ['remark', true, 'none', null],
      ['no', false, 'none', null],
    ]);
  });

  it("the user's own settings win over the layout", async () => {
    const { state, columns } = setup({
      adminColumns: admin,
      columns: [{ prop: 'remark', isShow: false, fixed: 'none' }],
    });
    await columns.loadColumnSettings();
    // Nothing of the layout: the user's hidden remark, the rest as the screen has it.
    expect(state().columnSettings.map(shape)).toEqual([
      ['no', true, 'left', null],
      ['name', true, 'none', null],
      ['remark', false, 'none', null],
    ]);
  });

  it('reset returns to the layout, not to the screen', async () => {
    const { state, columns } = setup({
      adminColumns: admin,
      columns: [{ prop: 'remark', isShow: true, fixed: 'left' }],
    });
    await columns.loadColumnSettings();
    await columns.resetColumnSettings();
    expect(state().columnSettings.map((c) => [c.prop, c.isShow])).toEqual([
      ['name', true],
      ['remark', true],
      ['no', false],
    ]);
  });
});

describe('column store: column settings', () => {
  it('starts with the screen layout and merges what the server keeps for the user', async () => {
    const { state, columns, request } = setup({
      columns: [
        { prop: 'remark', isShow: true, fixed: 'left' },
        { prop: 'gone', isShow: true, fixed: 'none' },
        { prop: 'no', isShow: false, fixed: 'none' },
      ],
    });
    expect(state().columnSettings.map((c) => c.prop)).toEqual(['no', 'name', 'remark']);
    await columns.loadColumnSettings();
    expect(request).toHaveBeenCalledWith(
      'ISysViewService/getColumnSetting',
      { module: 'T.Menu' },
      expect.objectContaining({ moduleNumber: 'T.Menu' }),
    );
    expect(state().columnSettings).toEqual([
      { prop: 'remark', isShow: true, fixed: 'left', sort: 0 },
      { prop: 'no', isShow: false, fixed: 'none', sort: 1 },
      { prop: 'name', isShow: true, fixed: 'none', sort: 2 },
    ]);
  });

  it('saves a change on the server at once; a refused save puts the old settings back', async () => {
    const ok = setup();
    const next = ok.state().columnSettings.map((c) => (c.prop === 'name' ? { ...c, isShow: false } : c));
    await ok.columns.saveColumnSettings(next);
    expect(ok.calls('saveColumnSetting')[0][1]).toEqual({ module: 'T.Menu', columns: next });
    expect(ok.state().columnSettings).toEqual(next);

    const bad = setup({ fail: ['saveColumnSetting'] });
    const before = bad.state().columnSettings;
    await bad.columns.saveColumnSettings(next);
    expect(bad.state().columnSettings).toEqual(before);
  });

  it('reset asks the server to forget and shows the screen default', async () => {
    const { state, columns, calls } = setup({ columns: [{ prop: 'name', isShow: false, fixed: 'left' }] });
    await columns.loadColumnSettings();
    expect(state().columnSettings.find((c) => c.prop === 'name')).toMatchObject({
      isShow: false,
      fixed: 'left',
    });
    await columns.resetColumnSettings();
    expect(calls('resetColumnSetting')[0][1]).toEqual({ module: 'T.Menu' });
    expect(state().columnSettings.map((c) => [c.prop, c.isShow, c.fixed])).toEqual([
      ['no', true, 'left'],
      ['name', true, 'none'],
      ['remark', true, 'none'],
    ]);
  });
});
