// The query rules of spec 001 section 5 as screen data: checked before a list asks the server.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { FLAG_ORDER } from '../../screens/flags';
import { validateScreen } from '../../screens/validate';
import type { PageDeps } from '../types';
import { createListController } from './listController';
import { checkSearchRules, spanDays } from './searchRules';
import { buildScreen, grant } from './testing';

const LABEL_RULES: NonNullable<NonNullable<Screen['list']>['searchRules']> = [
  {
    type: 'anyOf',
    groups: [['beginDate', 'endDate'], ['sourceNo'], ['itemNo'], ['combinationLotNo']],
    messageKey: 'rules.labelQuery.criteria',
  },
  {
    type: 'maxDays',
    from: 'beginDate',
    to: 'endDate',
    days: 31,
    unless: ['itemNo', 'barcode', 'combinationLotNo', 'sourceNo'],
    messageKey: 'rules.query.rangeTooLarge',
  },
];

describe('search rules', () => {
  it('counts both ends of a range', () => {
    expect(spanDays('2025-01-01', '2025-01-01')).toBe(1);
    expect(spanDays('2025-01-01', '2025-01-31')).toBe(31);
    expect(spanDays('2025-01-01', 'not a date')).toBeUndefined();
  });

  it('needs one whole group of an anyOf rule', () => {
    const refusal = { key: 'rules.labelQuery.criteria', params: {} };
    expect(checkSearchRules(LABEL_RULES, {})).toEqual(refusal);
    // Half a range is no range; blanks and empty lists count as nothing.
    expect(checkSearchRules(LABEL_RULES, { beginDate: '2025-01-01' })).toEqual(refusal);
    expect(checkSearchRules(LABEL_RULES, { itemNo: '  ', sourceNo: [] })).toEqual(refusal);
    expect(checkSearchRules(LABEL_RULES, { itemNo: 'RM-1' })).toBeUndefined();
    expect(checkSearchRules(LABEL_RULES, { beginDate: '2025-01-01', endDate: '2025-01-07' })).toBeUndefined();
  });

  it('needs a narrowing condition for a range longer than maxDays', () => {
    const long = { beginDate: '2025-01-01', endDate: '2025-02-01' };
    expect(checkSearchRules(LABEL_RULES, long)).toEqual({
      key: 'rules.query.rangeTooLarge',
      params: { days: 31 },
    });
    expect(checkSearchRules(LABEL_RULES, { ...long, barcode: 'SH1' })).toBeUndefined();
    expect(checkSearchRules(LABEL_RULES, { beginDate: '2025-01-01', endDate: '2025-01-31' })).toBeUndefined();
  });

  it('are refused in a screen when they name no search condition', () => {
    const screen = {
      name: 'T.Labels',
      kind: 'list',
      path: '/t/labels',
      menuNo: 'T.Menu',
      titleKey: 'title.t',
      service: 'ITService',
      calls: { list: 'getlist' },
      list: {
        searchFields: [{ prop: 'itemNo' }],
        searchRules: [{ type: 'anyOf', groups: [['itemNo'], ['lotNo']], messageKey: 'm.k' }],
        columns: [{ prop: 'no' }],
      },
    };
    expect(validateScreen(screen, 't.json').map((e) => `${e.pointer} ${e.message}`)).toEqual([
      '/list/searchRules/0 names "lotNo", which is no search condition',
    ]);
    const noGroups = {
      ...screen,
      list: { ...screen.list, searchRules: [{ type: 'anyOf', messageKey: 'm.k' }] },
    };
    expect(validateScreen(noGroups, 't.json').length).toBeGreaterThan(0);
  });

  it('keep a list from asking the server, and say why in the state and for the advanced form', async () => {
    const screen = buildScreen({
      name: 'T.Labels',
      kind: 'list',
      path: '/t/labels',
      menuNo: 'T.Menu',
      titleKey: 'title.t',
      service: 'ITService',
      calls: { list: 'getlist' },
      list: {
        searchFields: [
          { prop: 'beginDate', endProp: 'endDate', widget: 'dateRange' },
          { prop: 'itemNo' },
          { prop: 'sourceNo' },
          { prop: 'combinationLotNo' },
          { prop: 'barcode' },
        ],
        searchRules: LABEL_RULES,
        columns: [{ prop: 'barcode' }],
      },
    });
    const request = vi.fn(async (_call: string, _body?: unknown) => ({
      records: [{ id: 'a', barcode: 'SH1' }],
      total: 1,
    }));
    const deps = { request, navigate: vi.fn(), confirm: vi.fn(), success: vi.fn() } as unknown as PageDeps;
    const menu = grant('isSearch');
    const c = createListController(screen, menu, deps);
    await c.init();
    expect(request.mock.calls.filter(([call]) => call === 'ITService/getlist')).toEqual([]);
    expect(c.getState()).toMatchObject({
      status: 'ready',
      records: [],
      searchRefusal: { key: 'rules.labelQuery.criteria', params: {} },
    });
    expect(c.refusalFor({ beginDate: '2025-01-01', endDate: '2025-03-01' })).toEqual({
      key: 'rules.query.rangeTooLarge',
      params: { days: 31 },
    });
    expect(c.refusalFor({ itemNo: 'RM-1' })).toBeUndefined();
    await c.search({ filters: { itemNo: 'RM-1' } });
    expect(request).toHaveBeenCalledWith(
      'ITService/getlist',
      expect.objectContaining({ condition: expect.objectContaining({ itemNo: 'RM-1' }) }),
      expect.anything(),
    );
    expect(c.getState()).toMatchObject({ records: [{ id: 'a', barcode: 'SH1' }], searchRefusal: undefined });
  });

  it('start a date range with defaultDays at the last N days, today included', async () => {
    const screen = buildScreen({
      name: 'T.Sn',
      kind: 'list',
      path: '/t/sn',
      menuNo: 'T.Menu',
      titleKey: 'title.t',
      service: 'ITService',
      calls: { list: 'getlist' },
      list: {
        searchFields: [
          { prop: 'beginDate', endProp: 'endDate', widget: 'dateRange', defaultDays: 7 },
          { prop: 'itemNo' },
          { prop: 'sourceNo' },
          { prop: 'combinationLotNo' },
          { prop: 'barcode' },
        ],
        searchRules: LABEL_RULES,
        columns: [{ prop: 'barcode' }],
      },
    });
    const request = vi.fn(async (_call: string, _body?: unknown) => ({ records: [], total: 0 }));
    const deps = { request, navigate: vi.fn(), confirm: vi.fn(), success: vi.fn() } as unknown as PageDeps;
    const menu = grant(...FLAG_ORDER);
    const c = createListController(screen, menu, deps);
    await c.init();
    const sent = request.mock.calls.find(([call]) => call === 'ITService/getlist')?.[1] as unknown as {
      condition: { beginDate: string; endDate: string };
    };
    expect(spanDays(sent.condition.beginDate, sent.condition.endDate)).toBe(7);
    expect(sent.condition.endDate).toBe(new Date().toLocaleDateString('sv-SE'));
  });
});
