import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectors } from './definitions';
import {
  defaultOrganisation,
  isSelectorDisabled,
  joinValues,
  nearBottom,
  shouldClear,
  splitValues,
} from './dependency';
import { createSelectorController, lookupBody, SEARCH_DEBOUNCE_MS } from './selectorController';

describe('selector dependency rules', () => {
  const ctx = { parentValues: [], routeHasParams: false, lockOnEdit: false };

  it('a dependent selector is disabled until every field it needs has a value', () => {
    expect(isSelectorDisabled({ ...ctx, parentValues: [undefined] })).toBe(true);
    expect(isSelectorDisabled({ ...ctx, parentValues: [''] })).toBe(true);
    expect(isSelectorDisabled({ ...ctx, parentValues: ['SH01'] })).toBe(false);
    // An organisation and a document nature: both are needed.
    expect(isSelectorDisabled({ ...ctx, parentValues: ['SH01', undefined] })).toBe(true);
    expect(isSelectorDisabled({ ...ctx, parentValues: ['SH01', '1'] })).toBe(false);
    expect(isSelectorDisabled(ctx)).toBe(false);
  });

  it('selectors locked on edit pages are disabled when the route has params', () => {
    expect(
      isSelectorDisabled({ ...ctx, parentValues: ['SH01'], lockOnEdit: true, routeHasParams: true }),
    ).toBe(true);
    expect(isSelectorDisabled({ ...ctx, lockOnEdit: true, routeHasParams: true })).toBe(true);
    expect(isSelectorDisabled({ ...ctx, lockOnEdit: true })).toBe(false);
    expect(isSelectorDisabled({ ...ctx, parentValues: ['SH01'], routeHasParams: true })).toBe(false);
  });

  it('a dependent value clears when the parent changes, not when it stays', () => {
    expect(shouldClear('SH01', 'HN01')).toBe(true);
    expect(shouldClear('SH01', undefined)).toBe(true);
    expect(shouldClear(undefined, 'SH01')).toBe(true);
    expect(shouldClear('SH01', 'SH01')).toBe(false);
    expect(shouldClear(undefined, '')).toBe(false);
  });

  it('under a multi-select parent it clears only when a value is taken away', () => {
    expect(shouldClear('SH01', 'SH01,HN01', true)).toBe(false);
    expect(shouldClear(undefined, 'SH01', true)).toBe(false);
    expect(shouldClear('SH01,HN01', 'SH01', true)).toBe(true);
    expect(shouldClear(['SH01', 'HN01'], 'HN01,SH01', true)).toBe(false);
    expect(shouldClear('SH01', undefined, true)).toBe(true);
  });

  it('a multi-select stores comma-joined values', () => {
    expect(joinValues(['A', 'B'])).toBe('A,B');
    expect(joinValues([])).toBeUndefined();
    expect(splitValues('A,B')).toEqual(['A', 'B']);
    expect(splitValues(undefined)).toEqual([]);
  });

  it('the next page is wanted near the bottom of the list', () => {
    expect(nearBottom({ scrollTop: 190, clientHeight: 200, scrollHeight: 400 })).toBe(true);
    expect(nearBottom({ scrollTop: 100, clientHeight: 200, scrollHeight: 400 })).toBe(false);
  });

  it("the user's own organisation is the default, when it is theirs", () => {
    expect(defaultOrganisation('HN01', ['SH01', 'HN01'])).toBe('HN01');
    expect(defaultOrganisation('XX', ['SH01', 'HN01'])).toBe('SH01');
    expect(defaultOrganisation(undefined, [])).toBeUndefined();
  });
});

describe('selector definitions', () => {
  it('page sizes: 10, and 20 for organisation and supplier; only valid records', () => {
    expect(selectors.get('organisation').pageSize).toBe(20);
    expect(selectors.get('supplier').pageSize).toBe(20);
    for (const name of ['warehouse', 'classifyType', 'role', 'user', 'enum', 'menu'])
      expect(selectors.get(name).pageSize, name).toBe(10);
    for (const name of ['warehouse', 'supplier', 'classifyType', 'role', 'user'])
      expect(selectors.get(name).extra, name).toEqual({ statusCode: '1' });
    expect(selectors.get('enum').extra).toEqual({ status: '1' });
    expect(() => selectors.get('Warehouse')).toThrow(/unknown selector/);
  });

  it('a lookup sends {current, size, condition{keyword, statusCode, parent}}', () => {
    expect(lookupBody(selectors.get('warehouse'), 2, 'RM', 'SH01')).toEqual({
      current: 2,
      size: 10,
      condition: { statusCode: '1', keyword: 'RM', orgNo: 'SH01' },
    });
    expect(lookupBody(selectors.get('enum'), 1, '', undefined, { enumMid: 'QUERY_DIMENTION' })).toEqual({
      current: 1,
      size: 10,
      condition: { status: '1', enumMid: 'QUERY_DIMENTION' },
    });
    expect(lookupBody(selectors.get('menu'), 1, 'org', undefined)).toEqual({ appNo: 'PC', keyword: 'org' });
  });

  it('rule, wave, template and strategy selectors offer the spec option fields, valid ones, 10 a page', () => {
    const options: [string, string, string, string][] = [
      ['boxRule', 'IBmBoxRuleHeadService/getbmboxruleheadlistbyparams', 'boxRuleNo', 'boxRuleName'],
      ['barRule', 'IBmBarRuleHeadService/getbmbarruleheadlistbyparams', 'barRuleNo', 'barRuleName'],
      ['lotRule', 'IBmLotRuleHeadService/getbmlotruleheadlistbyparams', 'lotRuleNo', 'lotRuleName'],
      ['wave', 'IBmWaveManageHeadService/getbmwavemanageheadlistbyparams', 'waveNo', 'waveName'],
      [
        'noticeTemplate',
        'IBmNoticeTemplateService/getbmnoticetemplatelistbyparams',
        'noticeTemplateNo',
        'noticeTemplateName',
      ],
      [
        'upperMethod',
        'IBmUpperMethodHeadService/getbmuppermethodheadlistbyparams',
        'strategyNo',
        'strategyName',
      ],
      [
        'underMethod',
        'IBmUnderMethodHeadService/getbmundermethodheadlistbyparams',
        'strategyNo',
        'strategyName',
      ],
      [
        'turnMethod',
        'IBmTurnMethodHeadService/getbmturnmethodheadlistbyparams',
        'strategyNo',
        'strategyName',
      ],
      [
        'allocateMethod',
        'IBmAllocateMethodHeadService/getbmallocatemethodheadlistbyparams',
        'strategyNo',
        'strategyName',
      ],
    ];
    for (const [name, call, value, label] of options)
      expect(selectors.get(name), name).toMatchObject({
        call,
        valueField: value,
        labelField: label,
        pageSize: 10,
        extra: { statusCode: '1' },
      });
  });

  it('the barcode rule selector depends on the batch rule: sent as lotRuleNo, disabled without one', () => {
    expect(lookupBody(selectors.get('barRule'), 1, 'BR', 'LR-STD')).toEqual({
      current: 1,
      size: 10,
      condition: { statusCode: '1', keyword: 'BR', lotRuleNo: 'LR-STD' },
    });
    const ctx = { routeHasParams: false, lockOnEdit: true };
    expect(isSelectorDisabled({ ...ctx, parentValues: [undefined] })).toBe(true);
    expect(isSelectorDisabled({ ...ctx, parentValues: ['LR-STD'] })).toBe(false);
    expect(lookupBody(selectors.get('wave'), 1, '', 'SH01-FG')).toMatchObject({
      condition: { warehouseNo: 'SH01-FG' },
    });
  });

  it('the template selector asks for valid label templates, 10 a page, sorted by their sort order', () => {
    expect(lookupBody(selectors.get('template'), 1, 'lab', undefined)).toEqual({
      current: 1,
      size: 10,
      condition: { statusCode: '1', templateType: '2', field: 'sort', order: 'asc', keyword: 'lab' },
    });
    expect(selectors.get('template')).toMatchObject({
      valueField: 'templateCode',
      labelField: 'templateName',
    });
  });

  it('a parent holding several values is sent as condition.in', () => {
    expect(lookupBody(selectors.get('warehouse'), 1, '', 'SH01,HN01')).toEqual({
      current: 1,
      size: 10,
      condition: { statusCode: '1', in: { orgNo: ['SH01', 'HN01'] } },
    });
    expect(lookupBody(selectors.get('warehouse'), 1, '', ['SH01'])).toMatchObject({
      condition: { orgNo: 'SH01' },
    });
  });
});

describe('selector controller', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const page = (from: number, n: number, total: number) => ({
    records: Array.from({ length: n }, (_, i) => ({
      warehouseNo: `W${from + i}`,
      warehouseName: `Name ${from + i}`,
    })),
    total,
  });

  it('loads pages, appends the next one, and stops when all are there', async () => {
    const request = vi
      .fn()
      .mockResolvedValueOnce(page(1, 10, 15))
      .mockResolvedValueOnce(page(11, 5, 15));
    const c = createSelectorController({
      def: selectors.get('warehouse'),
      request,
      parentValue: () => 'SH01',
    });
    await c.load();
    expect(c.getState()).toMatchObject({ page: 1, hasMore: true, loading: false });
    expect(c.getState().options[0]).toEqual({ value: 'W1', label: 'Name 1' });
    await c.loadMore();
    expect(c.getState().options).toHaveLength(15);
    expect(c.getState().hasMore).toBe(false);
    await c.loadMore();
    expect(request).toHaveBeenCalledTimes(2);
    expect(request.mock.calls[1][1]).toEqual({
      current: 2,
      size: 10,
      condition: { statusCode: '1', orgNo: 'SH01' },
    });
  });

  it('searches 300 ms after the last keystroke, from page 1', async () => {
    vi.useFakeTimers();
    const request = vi.fn().mockResolvedValue(page(1, 2, 2));
    const c = createSelectorController({ def: selectors.get('warehouse'), request });
    c.search('S');
    c.search('SH');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(request).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0][1]).toMatchObject({ current: 1, condition: { keyword: 'SH' } });
  });

  it('a failed lookup stops loading and leaves the options as they were', async () => {
    const request = vi
      .fn()
      .mockResolvedValueOnce(page(1, 10, 30))
      .mockRejectedValueOnce(new Error('down'));
    const c = createSelectorController({ def: selectors.get('warehouse'), request });
    await c.load();
    const before = c.getState().options;
    await c.loadMore();
    expect(c.getState()).toMatchObject({ loading: false, page: 1 });
    expect(c.getState().options).toBe(before);
  });

  it('the organisation selector offers the session organisations, short name first', async () => {
    const c = createSelectorController({
      def: selectors.get('organisation'),
      request: vi.fn(),
      local: () => [
        { orgNo: 'SH01', orgName: 'Shanghai Manufacturing Centre', orgShortName: 'Shanghai' },
        { orgNo: 'HN01', orgName: 'Hanoi Assembly Plant' },
      ],
    });
    await c.load();
    expect(c.getState().options).toEqual([
      { value: 'SH01', label: 'Shanghai' },
      { value: 'HN01', label: 'Hanoi Assembly Plant' },
    ]);
  });
});
