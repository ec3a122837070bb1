// The search extras of a list screen, normalised: tabs, the type-filter button group and the
// page-mode switch (spec 000 sections 2 and 4). Pure data; the list controller applies the rules.
import type { ListPage, Options } from '@schemas/generated/screen';

export interface ResolvedChoice {
  value: string;
  labelKey: string;
}

/** The condition property a named-filter tab's filter goes under (services/README.md, "Named filters"). */
export const NAMED_FILTER = 'namedFilter';

/**
 * One tab: a value of the tabs' prop ('' for no condition), or a named filter of the server. `key`
 * names it in the page's state, saved views and the DOM: the value itself, or `filter:<name>`.
 */
export interface NormalisedTabItem {
  key: string;
  labelKey: string;
  value?: string;
  filter?: string;
}

export interface NormalisedTabs {
  /** Condition property a value tab's value goes under; absent when every tab is 'all' or a filter. */
  prop?: string;
  items: NormalisedTabItem[];
  /** The first tab's key. */
  defaultKey: string;
  /** The page asks for counts (condition.countBy, condition.countFilters) and shows them. */
  counts: boolean;
  /** The named filters the tabs show, counted by name. */
  filters: string[];
  /** Some tab is a value of prop other than '': the counts by prop are asked for. */
  byValue: boolean;
}

/** The search values with the tab `key` in force: its value under prop or its named filter, alone. */
export function withTab(
  tabs: NormalisedTabs,
  filters: Record<string, unknown>,
  key: string | null | undefined,
): Record<string, unknown> {
  const out = { ...filters };
  if (tabs.prop) delete out[tabs.prop];
  delete out[NAMED_FILTER];
  const item = tabs.items.find((i) => i.key === key);
  if (item?.filter) out[NAMED_FILTER] = item.filter;
  else if (item?.value && tabs.prop) out[tabs.prop] = item.value;
  return out;
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** The key of the tab some search values show: a named filter's tab, else the tab of prop's value. */
export function tabKeyOf(tabs: NormalisedTabs, filters: Record<string, unknown>): string | undefined {
  if (!empty(filters[NAMED_FILTER])) return tabs.items.find((i) => i.filter === filters[NAMED_FILTER])?.key;
  const v = tabs.prop && !empty(filters[tabs.prop]) ? String(filters[tabs.prop]) : '';
  return tabs.items.find((i) => i.value === v)?.key;
}

/** The conditions a list answer's counts come back for (services/resource/resource.ts tabCounts). */
export function tabCountCondition(tabs: NormalisedTabs): Record<string, unknown> | undefined {
  if (!tabs.counts) return undefined;
  return {
    ...(tabs.byValue && tabs.prop ? { countBy: tabs.prop } : {}),
    ...(tabs.filters.length ? { countFilters: tabs.filters } : {}),
  };
}

/** An answer's counts as counts by tab key; 'all' is the total counted, or the sum of the values. */
export function tabCountsOf(
  tabs: NormalisedTabs,
  answer: { counts?: Record<string, number>; filterCounts?: Record<string, number>; countTotal?: number },
): Record<string, number> | undefined {
  const byValue = answer.counts && typeof answer.counts === 'object' ? answer.counts : undefined;
  const byFilter =
    answer.filterCounts && typeof answer.filterCounts === 'object' ? answer.filterCounts : undefined;
  if (!tabs.counts || (!byValue && !byFilter)) return undefined;
  const sum = Object.values(byValue ?? {})
    .map(Number)
    .filter(Number.isFinite)
    .reduce((a, b) => a + b, 0);
  const total =
    Number.isFinite(Number(answer.countTotal)) && answer.countTotal !== undefined
      ? Number(answer.countTotal)
      : sum;
  return Object.fromEntries(
    tabs.items.map((i) => [
      i.key,
      i.filter
        ? Number(byFilter?.[i.filter]) || 0
        : i.value === ''
          ? total
          : Number(byValue?.[i.value!]) || 0,
    ]),
  );
}

export interface NormalisedTypeFilter {
  prop: string;
  options: ResolvedChoice[];
  allLabelKey: string;
}

export type PageModeIcon = NonNullable<ListPage['pageMode']>['modes'][number]['icon'];

export interface NormalisedPageMode {
  default: 0 | 1;
  /** Indexed by value: modes[0] is mode 0. */
  modes: { value: 0 | 1; labelKey: string; icon: PageModeIcon; condition: Record<string, unknown> }[];
}

export interface SearchExtras {
  tabs?: NormalisedTabs;
  typeFilter?: NormalisedTypeFilter;
  pageMode?: NormalisedPageMode;
}

/** Spec 000 section 9: a tab count above 9999 shows as 9999+. */
export const TAB_COUNT_CAP = 9999;

export function formatTabCount(count: number | undefined): string {
  if (count === undefined || !Number.isFinite(count)) return '';
  return count > TAB_COUNT_CAP ? `${TAB_COUNT_CAP}+` : String(count);
}

const tabKey = (i: { value?: string; filter?: string }) =>
  i.filter !== undefined ? `filter:${i.filter}` : (i.value ?? '');

export function normaliseSearchExtras(
  list: Pick<ListPage, 'tabs' | 'typeFilter' | 'pageMode'>,
  resolveOptions: (options: Options) => ResolvedChoice[],
): SearchExtras {
  const out: SearchExtras = {};
  // Mistakes the schema cannot express; the screen fails to load with the reason.
  if (list.tabs) {
    const keys = list.tabs.items.map(tabKey);
    if (new Set(keys).size !== keys.length) throw new Error('list.tabs.items: tab values must be unique');
    for (const i of list.tabs.items)
      if ((i.value === undefined) === (i.filter === undefined))
        throw new Error('list.tabs.items: each tab has a value or a filter, one of them');
    if (!list.tabs.prop && list.tabs.items.some((i) => i.value))
      throw new Error('list.tabs.prop: the tabs with a value need the condition it goes under');
  }
  if (list.pageMode && list.pageMode.modes[0].value === list.pageMode.modes[1].value)
    throw new Error('list.pageMode.modes: one mode 0 and one mode 1');
  if (list.typeFilter && list.tabs?.prop && list.typeFilter.prop === list.tabs.prop)
    throw new Error('list.typeFilter.prop: the tabs already set this condition');
  if (list.tabs) {
    const items = list.tabs.items.map(
      (i): NormalisedTabItem => ({
        key: tabKey(i),
        labelKey: i.labelKey,
        ...(i.filter !== undefined ? { filter: i.filter } : { value: i.value }),
      }),
    );
    out.tabs = {
      ...(list.tabs.prop ? { prop: list.tabs.prop } : {}),
      items,
      defaultKey: items[0].key,
      counts: list.tabs.counts ?? true,
      filters: items.flatMap((i) => (i.filter ? [i.filter] : [])),
      byValue: items.some((i) => i.value),
    };
  }
  if (list.typeFilter) {
    out.typeFilter = {
      prop: list.typeFilter.prop,
      options: resolveOptions(list.typeFilter.options),
      allLabelKey: list.typeFilter.allLabelKey ?? 'list.all',
    };
  }
  if (list.pageMode) {
    const modes = [...list.pageMode.modes]
      .sort((a, b) => a.value - b.value)
      .map((m) => ({
        value: m.value,
        labelKey: m.labelKey,
        icon: m.icon,
        condition: { ...(m.condition ?? {}) },
      }));
    out.pageMode = { default: list.pageMode.default ?? 0, modes };
  }
  return out;
}
