// State tabs that are no single column's value (a tab naming a named filter of the server) beside tabs
// of one column's values, and the date-preset search field, through the list controller as the page
// drives it: what each search sends, which tab is active, each tab's count, saved views, chips.
import type { Screen } from '@schemas/generated/screen';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validateScreen } from '../../screens/validate';
import { createListController, type Row } from './listController';
import { buildScreen, fakeDeps, grant } from './testing';

const raw = (list: Partial<NonNullable<Screen['list']>> = {}): Screen => ({
  name: 'T.Orders',
  kind: 'list',
  path: '/t/orders',
  menuNo: 'T.Menu',
  titleKey: 'title.t',
  service: 'ITService',
  calls: { list: 'getlist' },
  list: {
    columns: [{ prop: 'purchaseNo' }],
    searchFields: [
      {
        prop: 'purchaseDateFrom',
        labelKey: 'field.purchaseDate',
        widget: 'datePreset',
        days: [7, 30, 90, 180, 365],
      },
      { prop: 'itemNo' },
    ],
    tabs: {
      prop: 'answerStatus',
      items: [
        { value: '', labelKey: 'list.all' },
        { value: '0', labelKey: 'state.toConfirm' },
        { filter: 'deliveryIncomplete', labelKey: 'tab.deliveryIncomplete' },
        { filter: 'overdue', labelKey: 'tab.overdue' },
      ],
    },
    ...list,
  },
});

type Payload = { current: number; size: number; condition: Record<string, unknown> };

/** A server answering counts by value and by named filter, and one row named after the tab. */
function setup(screen: Screen = raw()) {
  const { request, deps } = fakeDeps(async (call: string, payload?: unknown) => {
    if (!call.endsWith('/getlist')) return call.endsWith('/getViewList') ? { records: [] } : null;
    const c = (payload as Payload).condition;
    const records: Row[] = [{ id: String(c.namedFilter ?? c.answerStatus ?? 'all'), version: 1 }];
    return {
      records,
      total: 1,
      ...(c.countBy ? { counts: { '0': 4, '1': 6, '3': 2 } } : {}),
      ...(c.countFilters ? { filterCounts: { overdue: 3, deliveryIncomplete: 5 }, countTotal: 12 } : {}),
    };
  });
  const controller = createListController(buildScreen(screen), grant('isSearch'), deps);
  const last = () => request.mock.calls.filter(([c]) => c.endsWith('/getlist')).at(-1)?.[1] as Payload;
  return { controller, request, last };
}

describe('tabs naming a named filter of the server', () => {
  it('asks counts by the prop and by every named filter in the same list call', async () => {
    const { controller, last } = setup();
    await controller.reload();
    expect(last().condition).toMatchObject({
      countBy: 'answerStatus',
      countFilters: ['deliveryIncomplete', 'overdue'],
    });
    expect(last().condition).not.toHaveProperty('namedFilter');
    // 'all' is the total the server counted (the named filters overlap the values: no sum).
    expect(controller.getState().tabCounts).toEqual({
      '': 12,
      '0': 4,
      'filter:deliveryIncomplete': 5,
      'filter:overdue': 3,
    });
  });

  it('a filter tab sends its name alone; a value tab its value alone', async () => {
    const { controller, last } = setup();
    await controller.reload();
    await controller.selectTab('0');
    expect(last().condition).toMatchObject({ answerStatus: '0' });
    await controller.selectTab('filter:overdue');
    expect(last()).toMatchObject({ current: 1, condition: { namedFilter: 'overdue' } });
    expect(last().condition).not.toHaveProperty('answerStatus');
    expect(controller.getState().tab).toBe('filter:overdue');
    expect(controller.getState().records[0].id).toBe('overdue');
    // Back on 'all': neither condition (its first answer is shown again, unchanged search).
    await controller.selectTab('');
    expect(controller.getState().filters).toEqual({});
    expect(controller.payload().condition).not.toHaveProperty('namedFilter');
  });

  it('a search from the form keeps the filter tab; going back to it reuses its answer', async () => {
    const { controller, last, request } = setup();
    await controller.reload();
    await controller.selectTab('filter:overdue');
    await controller.search({ filters: { itemNo: 'M-1' } });
    expect(last().condition).toMatchObject({ namedFilter: 'overdue', itemNo: 'M-1' });
    await controller.selectTab('');
    const calls = request.mock.calls.length;
    await controller.selectTab('filter:overdue');
    expect(controller.getState().tab).toBe('filter:overdue');
    expect(request.mock.calls.length).toBe(calls + 1);
    await controller.selectTab('');
    expect(request.mock.calls.length).toBe(calls + 1);
  });

  it('a first tab that is a filter is the default condition; a saved view keeps a filter tab', async () => {
    const s = raw({
      tabs: {
        items: [
          { filter: 'overdue', labelKey: 'tab.overdue' },
          { value: '', labelKey: 'list.all' },
        ],
      },
    });
    const { controller, last } = setup(s);
    await controller.reload();
    expect(last().condition).toMatchObject({ namedFilter: 'overdue', countFilters: ['overdue'] });
    expect(last().condition).not.toHaveProperty('countBy');
    expect(controller.getState().tabCounts).toEqual({ 'filter:overdue': 3, '': 12 });
    await controller.selectTab('');
    expect(controller.currentView().tab).toBe('');
    await controller.applyView({
      id: 'v',
      version: 1,
      module: 'T.Menu',
      viewName: 'v',
      ownerName: 'me',
      mine: true,
      sharedRoleNo: null,
      isDefault: false,
      content: { tab: 'filter:overdue' },
    });
    expect(last().condition.namedFilter).toBe('overdue');
  });

  it('refuses a tab with both a value and a filter, or a value without the prop', () => {
    const both = raw();
    both.list!.tabs!.items[1] = { value: '0', filter: 'overdue', labelKey: 'x' };
    expect(validateScreen(both, 't.json').map((e) => e.pointer)).toContain('/list/tabs/items/1');
    const noProp = raw();
    delete noProp.list!.tabs!.prop;
    expect(validateScreen(noProp, 't.json').map((e) => e.pointer)).toContain('/list/tabs/prop');
    const twice = raw();
    twice.list!.tabs!.items.push({ filter: 'overdue', labelKey: 'x' });
    expect(
      validateScreen(twice, 't.json')
        .map((e) => e.message)
        .join(),
    ).toMatch(/unique/);
  });
});

describe('the date-preset search field', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 31, 10, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts at 'all' (no condition) and sends a chosen preset as its first day, today included", async () => {
    const { controller, last } = setup();
    await controller.reload();
    expect(last().condition).not.toHaveProperty('purchaseDateFrom');
    expect(controller.getState().chips).toEqual([]);
    await controller.search({ filters: { purchaseDateFrom: '30' } });
    // 31 March and the 29 days before.
    expect(last().condition.purchaseDateFrom).toBe('2026-03-02');
    await controller.search({ filters: { purchaseDateFrom: '7' } });
    expect(last().condition.purchaseDateFrom).toBe('2026-03-25');
    expect(controller.getState().chips).toEqual([
      {
        prop: 'purchaseDateFrom',
        labelKey: 'field.purchaseDate',
        valueKeys: ['list.datePreset.days'],
        valueParams: { count: 7 },
      },
    ]);
    await controller.search({ filters: { purchaseDateFrom: 'all' } });
    expect(last().condition).not.toHaveProperty('purchaseDateFrom');
    expect(controller.getState().chips).toEqual([]);
  });

  it('keeps the relative value in a saved view and the export, worked out on the day it is used', async () => {
    const { controller } = setup();
    await controller.search({ filters: { purchaseDateFrom: '90' } });
    expect(controller.currentView().params).toEqual({ purchaseDateFrom: '90' });
    expect(controller.exportCondition().purchaseDateFrom).toBe('2026-01-01');
    vi.setSystemTime(new Date(2026, 3, 1, 10, 0, 0));
    expect(controller.exportCondition().purchaseDateFrom).toBe('2026-01-02');
  });

  it('a screen may start on a preset; Reset returns to it', async () => {
    const s = raw();
    s.list!.searchFields![0].default = 90;
    const { controller, last } = setup(s);
    await controller.reload();
    expect(last().condition.purchaseDateFrom).toBe(
      dayjs('2026-03-31').subtract(89, 'day').format('YYYY-MM-DD'),
    );
    await controller.search({ filters: { purchaseDateFrom: 'all' } });
    expect(last().condition).not.toHaveProperty('purchaseDateFrom');
    await controller.resetFilters();
    expect(last().condition.purchaseDateFrom).toBe('2026-01-01');
  });

  it('is checked: days required, a default among them, a list search field only', () => {
    const errs = (s: Screen) => validateScreen(s, 't.json').map((e) => `${e.pointer} ${e.message}`);
    const noDays = raw();
    delete noDays.list!.searchFields![0].days;
    expect(errs(noDays)).toEqual([expect.stringMatching(/^\/list\/searchFields\/0\/days is required/)]);
    const badDefault = raw();
    badDefault.list!.searchFields![0].default = 60;
    expect(errs(badDefault)).toEqual([
      expect.stringMatching(/^\/list\/searchFields\/0\/default must be "all"/),
    ]);
    const daysElsewhere = raw();
    daysElsewhere.list!.searchFields![1].days = [7];
    expect(errs(daysElsewhere)).toEqual(['/list/searchFields/1/days is for widget "datePreset" only']);
    const form: Screen = {
      name: 'T.Add',
      kind: 'form',
      path: '/t/add',
      parentPath: '/t/orders',
      menuNo: 'T.Menu',
      titleKey: 'title.t',
      service: 'ITService',
      calls: { add: 'add' },
      form: { mode: 'add', groups: [{ fields: [{ prop: 'fromDate', widget: 'datePreset', days: [7] }] }] },
    };
    expect(errs(form)).toEqual([
      expect.stringMatching(/^\/form\/groups\/0\/fields\/0\/widget "datePreset" is a list search field/),
    ]);
  });
});
