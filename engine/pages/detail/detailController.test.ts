import { describe, expect, it, vi } from 'vitest';
import type { MenuFlags } from '../../screens/flags';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen, validateScreen } from '../../screens/validate';
import { mountFields } from '../form/testing';
import { createDetailController, fillTarget } from './detailController';

const raw = {
  name: 'T.Detail',
  kind: 'detail',
  path: '/t/detail/:id',
  menuNo: 'T.Menu',
  titleKey: 'title.t',
  parentPath: '/t/list',
  service: 'ITService',
  calls: { get: 'get' },
  detail: {
    groups: [
      {
        titleKey: 'group.basic',
        fields: [
          { prop: 'no' },
          { prop: 'statusCode', widget: 'select', options: 'status' },
          { prop: 'flag', widget: 'checkbox' },
          { prop: 'start', endProp: 'end', widget: 'dateRange', labelKey: 'field.range' },
          { prop: 'mystery', labelKey: 'field.mystery' },
        ],
      },
    ],
    actions: [{ kind: 'modify', flag: 'isModify', target: '/t/modify/:id' }],
  },
};

const screen = normaliseScreen(assertScreen(raw, 't.json'), 't.json');
const known = new Set(['field.no', 'field.statusCode', 'field.flag', 'field.range', 'group.basic']);
const t = (key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key;

function setup(flags: Partial<MenuFlags>) {
  const request = vi.fn(async () => ({
    id: 'r 1',
    version: 2,
    no: 'ORG1',
    statusCode: '1',
    flag: 'Y',
    start: '2025-03-01',
    end: '2025-03-10',
  }));
  const navigate = vi.fn();
  const deps = {
    request: request as never,
    navigate,
    confirm: vi.fn(),
    success: vi.fn(),
    t,
    exists: (k: string) => known.has(k),
  };
  const c = createDetailController(screen, deps, { id: 'r 1' }, flags as MenuFlags);
  const field = mountFields(c);
  return { c, request, navigate, field };
}

describe('detail page', () => {
  it('normalises groups, fields and actions with their defaults', () => {
    expect(screen.kind).toBe('detail');
    expect(screen.detail?.groups[0].columns).toBe(2);
    expect(screen.detail?.fields.map((f) => f.widget)).toEqual([
      'input',
      'select',
      'checkbox',
      'dateRange',
      'input',
    ]);
    expect(screen.detail?.fields[3]).toMatchObject({
      endProp: 'end',
      picker: 'date',
      dateFormat: 'YYYY-MM-DD',
    });
    expect(screen.detail?.actions).toEqual([
      {
        key: 'modify-0',
        kind: 'modify',
        flag: 'isModify',
        labelKey: 'action.modify',
        target: '/t/modify/:id',
      },
    ]);
  });

  it('refuses a detail screen without a record parameter or a get call', () => {
    const message =
      'a detail page needs a route parameter naming the record: :id, or a single parameter named after the field a list row holds the id under (an order line opens its order with :headId)';
    expect(validateScreen({ ...raw, path: '/t/detail' }, 't.json').map((e) => e.message)).toEqual([message]);
    expect(
      validateScreen({ ...raw, path: '/t/:orgNo/detail/:code' }, 't.json').map((e) => e.message),
    ).toEqual([message]);
    expect(validateScreen({ ...raw, path: '/t/detail/:headId' }, 't.json')).toEqual([]);
    expect(validateScreen({ ...raw, calls: {} }, 't.json').map((e) => e.pointer)).toEqual(['/calls/get']);
  });

  it('loads the record by id into read-pretty widgets, a range into its two ends', async () => {
    const { c, request, field } = setup({ isModify: 'Y' });
    await c.load();
    expect(request).toHaveBeenCalledWith('ITService/get', { id: 'r 1' }, { moduleNumber: 'T.Menu' });
    expect(c.form.readPretty).toBe(true);
    expect(field('no').value).toBe('ORG1');
    expect(field('[start,end]').value).toEqual(['2025-03-01', '2025-03-10']);
    expect(field('statusCode').dataSource).toEqual([
      { label: 'option.status.valid', value: '1' },
      { label: 'option.status.invalid', value: '0' },
    ]);
    expect(c.getState()).toEqual({ status: 'ready' });
  });

  it("labels a field the library does not know with the 'not configured' placeholder", () => {
    const { field } = setup({});
    expect(field('no').title).toBe('field.no');
    expect(field('mystery').title).toBe('detail.fieldNotConfigured {"prop":"mystery"}');
  });

  it('shows an action only when the menu grants its flag, and opens the target for the record', async () => {
    expect(setup({ isModify: 'N' }).c.actions).toEqual([]);
    const { c, navigate } = setup({ isModify: 'Y' });
    await c.load();
    c.run(c.actions[0]);
    expect(navigate).toHaveBeenCalledWith('/t/modify/r%201');
    expect(fillTarget('/a/:id/:no', { id: 1, no: 'X' })).toBe('/a/1/X');
  });

  it('a failed load leaves nothing to show', async () => {
    const { c, request } = setup({});
    request.mockRejectedValueOnce(new Error('gone'));
    await c.load();
    expect(c.getState()).toEqual({ status: 'error' });
  });
});

describe('detail page with tabs and selectors', () => {
  const tabbed = {
    ...raw,
    detail: {
      tabs: [
        { key: 'basic', titleKey: 'tab.basic' },
        { key: 'scope', titleKey: 'tab.scope' },
      ],
      groups: [
        {
          tab: 'basic',
          fields: [
            { prop: 'no' },
            { prop: 'warehouseNo', widget: 'remoteSelect', selector: 'warehouse' },
            { prop: 'supplierNo', widget: 'remoteSelect', selector: 'supplier' },
          ],
        },
        {
          tab: 'scope',
          fields: [{ prop: 'warehouseNos', widget: 'remoteSelect', selector: 'warehouse', multiple: true }],
        },
      ],
    },
  };

  it('names the codes of every tab before it shows the record: one lookup per selector', async () => {
    const s = normaliseScreen(assertScreen(tabbed, 't.json'), 't.json');
    const request = vi.fn(async (call: string, body?: unknown, _o?: unknown): Promise<unknown> => {
      if (call === 'ITService/get')
        return { id: 'r1', no: 'X', warehouseNo: 'W1', supplierNo: 'S1', warehouseNos: 'W1,W2,W9' };
      const values = Object.values((body as { condition: { in: Record<string, string[]> } }).condition.in)[0];
      const rows = values
        .filter((v) => v !== 'W9')
        .map((v) => ({
          warehouseNo: v,
          warehouseName: `Name ${v}`,
          supplierNo: v,
          supplierShortName: `Sup ${v}`,
        }));
      return { records: rows };
    });
    const c = createDetailController(
      s,
      {
        request: request as never,
        navigate: vi.fn(),
        confirm: vi.fn(),
        success: vi.fn(),
        t,
        exists: () => true,
      },
      { id: 'r1' },
      {} as MenuFlags,
    );
    expect(c.tabs.map((tab) => [tab.key, tab.groups])).toEqual([
      ['basic', ['group0']],
      ['scope', ['group1']],
    ]);
    expect(c.getState().activeTab).toBe('basic');
    await c.load();
    expect(c.getState().status).toBe('ready');
    expect(request.mock.calls.map(([call]) => call)).toEqual([
      'ITService/get',
      'IBmWarehouseService/getFullAuthorityWarehouseListByParams',
      'IBmSupplierService/getFullAuthoritySupListByParams',
    ]);
    expect(request.mock.calls[1][1]).toMatchObject({
      condition: { in: { warehouseNo: ['W1', 'W2', 'W9'] } },
    });
    const warehouses = s.detail!.fields[3].selector!;
    expect(c.names.text(warehouses, 'W1,W2,W9')).toBe('Name W1, Name W2, W9');
    c.showTab('scope');
    expect(c.getState().activeTab).toBe('scope');
  });
});

describe('a document detail page', () => {
  const docScreen = normaliseScreen(
    assertScreen(
      {
        ...raw,
        name: 'T.Doc',
        calls: { get: 'get', define: 'define', history: 'history' },
        detail: { ...raw.detail, groups: [{ fields: [{ prop: 'no' }] }], document: true },
      },
      't.json',
    ),
    't.json',
  );
  const define = {
    kind: 'news',
    statusField: 'status',
    numberField: 'no',
    editableIn: ['0'],
    side: 'purchaser',
    states: [
      { code: '0', label: 'Draft', labelKey: 's.0', color: 'default' },
      { code: '1', label: 'Published', labelKey: 's.1', color: 'success' },
    ],
    transitions: [
      {
        name: 'publish',
        method: 'publishNews',
        label: 'Publish',
        labelKey: 't.publish',
        from: ['0'],
        to: '1',
        flag: 'isRelease',
        sides: ['purchaser'],
        reason: null,
        agree: [],
      },
      {
        name: 'approve',
        method: 'approveNews',
        label: 'Approve',
        labelKey: 't.approve',
        from: ['0'],
        to: '1',
        flag: 'isApprove',
        sides: ['purchaser'],
        reason: null,
        agree: [],
      },
      {
        name: 'answer',
        method: 'answerNews',
        label: 'Answer',
        labelKey: 't.answer',
        from: ['0'],
        to: '1',
        flag: 'isRelease',
        sides: ['supplier'],
        reason: 'required',
        agree: [],
      },
      {
        name: 'cancel',
        method: 'cancelNews',
        label: 'Cancel',
        labelKey: 't.cancel',
        from: ['1'],
        to: '0',
        flag: 'isRelease',
        sides: ['purchaser'],
        reason: 'required',
        agree: [],
      },
    ],
  };
  let status = '0';
  const request = vi.fn(async (call: string) => {
    if (call === 'ITService/define') return define;
    if (call === 'ITService/history') return [];
    if (call === 'ITService/publishNews') {
      status = '1';
      return { count: 1 };
    }
    return { id: 'd1', version: status === '0' ? 1 : 2, no: 'NT1', status };
  });
  const success = vi.fn();
  const c = createDetailController(
    docScreen,
    { request: request as never, navigate: vi.fn(), confirm: vi.fn(), success, t, exists: () => true },
    { id: 'd1' },
    { isSearch: 'Y', isRelease: 'Y' } as MenuFlags,
  );

  it('offers the transitions the menu grants, the side may take and the state allows, and runs one', async () => {
    await c.load();
    expect(c.getState()).toMatchObject({ documentState: '0', history: [] });
    // approve: no flag; answer: the supplier's; cancel: not from a draft.
    expect(c.getState().transitions?.map((tr) => tr.name)).toEqual(['publish']);
    c.startTransition(c.getState().transitions![0]);
    expect(c.getState().pendingTransition?.labels).toEqual(['NT1']);
    await c.submitTransition();
    expect(request).toHaveBeenCalledWith(
      'ITService/publishNews',
      { rows: [{ id: 'd1', version: 1 }], reason: null },
      { moduleNumber: 'T.Menu' },
    );
    expect(success).toHaveBeenCalledWith('document.done', { action: 'Publish', count: 1 });
    // Loaded again: published now, so only cancel is offered.
    expect(c.getState()).toMatchObject({ documentState: '1', pendingTransition: undefined });
    expect(c.getState().transitions?.map((tr) => tr.name)).toEqual(['cancel']);
  });
});

describe('a detail page with lines that are documents of their own', () => {
  const linesScreen = normaliseScreen(
    assertScreen(
      {
        ...raw,
        name: 'T.Lines',
        calls: { get: 'get' },
        detail: {
          groups: [{ fields: [{ prop: 'no' }] }],
          lines: {
            prop: 'lineList',
            titleKey: 'lines',
            lineDocument: { service: 'ILineService', define: 'lineDefine' },
            transitions: [{ transition: 'close', flag: 'isEnd' }],
            columns: [{ prop: 'lineSeq' }, { prop: 'lineStatus', type: 'state' }],
          },
        },
      },
      't.json',
    ),
    't.json',
  );
  const lineDefine = {
    kind: 'line',
    statusField: 'lineStatus',
    numberField: null,
    nameFields: ['no', 'lineSeq'],
    editableIn: null,
    side: 'purchaser',
    states: [
      { code: '0', label: 'Open', labelKey: 'l.0', color: 'processing' },
      { code: '1', label: 'Closed', labelKey: 'l.1', color: 'success' },
    ],
    transitions: [
      {
        name: 'close',
        method: 'closeLine',
        label: 'Close line',
        labelKey: 't.close',
        from: ['0'],
        to: '1',
        flag: 'isEnd',
        sides: ['purchaser'],
        reason: 'required',
        agree: [],
      },
    ],
  };
  const lines = [
    { id: 'a', version: 1, no: 'ASN1', lineSeq: 1, lineStatus: '0' },
    { id: 'b', version: 3, no: 'ASN1', lineSeq: 2, lineStatus: '1' },
    { id: 'c', version: 1, no: 'ASN1', lineSeq: 3, lineStatus: '0' },
  ];
  const request = vi.fn(async (call: string, _body?: unknown) => {
    if (call === 'ILineService/lineDefine') return lineDefine;
    if (call === 'ILineService/closeLine') return { count: 2 };
    return { id: 'h1', version: 1, no: 'ASN1', lineList: lines };
  });
  const make = (flags: Partial<MenuFlags>) =>
    createDetailController(
      linesScreen,
      {
        request: request as never,
        navigate: vi.fn(),
        confirm: vi.fn(),
        success: vi.fn(),
        t,
        exists: () => true,
      },
      { id: 'h1' },
      flags as MenuFlags,
    );

  it('shows the lines and runs a line transition on the selected lines only when they may all take it', async () => {
    expect(linesScreen.detail?.lines).toMatchObject({ prop: 'lineList', rowKey: 'id' });
    const c = make({ isSearch: 'Y', isEnd: 'Y' });
    await c.load();
    expect(c.getState().lines?.map((l) => l.id)).toEqual(['a', 'b', 'c']);
    // Nothing selected: offered, but disabled with the reason.
    expect(c.lineActions()).toEqual([
      expect.objectContaining({ labelKey: 't.close', disabledReason: 'list.reason.atLeastOne' }),
    ]);
    // A closed line among the selection: the tip names it and its state.
    c.selectLines(['a', 'b']);
    expect(c.lineActions()[0].disabledReason).toContain('ASN1/2 document.reason.rowState');
    c.startLineTransition(c.lineActions()[0]);
    expect(c.getState().pendingTransition).toBeUndefined();
    c.selectLines(['a', 'c']);
    const [close] = c.lineActions();
    expect(close.disabledReason).toBeUndefined();
    c.startLineTransition(close);
    expect(c.getState().pendingTransition?.labels).toEqual(['ASN1/1', 'ASN1/3']);
    // The reason is required: nothing is sent without it.
    await c.submitTransition('  ');
    expect(request).not.toHaveBeenCalledWith('ILineService/closeLine', expect.anything(), expect.anything());
    await c.submitTransition('Short shipped, settled.');
    expect(request).toHaveBeenCalledWith(
      'ILineService/closeLine',
      {
        rows: [
          { id: 'a', version: 1 },
          { id: 'c', version: 1 },
        ],
        reason: 'Short shipped, settled.',
      },
      { moduleNumber: 'T.Menu' },
    );
    expect(c.getState()).toMatchObject({ pendingTransition: undefined, selectedLines: [] });
  });

  it('offers no line transition the menu does not grant', async () => {
    const c = make({ isSearch: 'Y' });
    await c.load();
    expect(c.getState().lines).toHaveLength(3);
    expect(c.lineActions()).toEqual([]);
  });
});
