// The search extras of a list screen, normalised: tabs, the type-filter button group and the
// page-mode switch (spec 000 sections 2 and 4). Pure data; the list controller applies the rules.
import type { ListPage, Options } from '@schemas/generated/screen';

export interface ResolvedChoice {
  value: string;
  labelKey: string;
}

export interface NormalisedTabs {
  /** Condition property the active tab's value goes under. */
  prop: string;
  items: ResolvedChoice[];
  /** The first tab's value. */
  defaultValue: string;
  /** The page asks for counts (condition.countBy) and shows them. */
  counts: boolean;
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

export function normaliseSearchExtras(
  list: Pick<ListPage, 'tabs' | 'typeFilter' | 'pageMode'>,
  resolveOptions: (options: Options) => ResolvedChoice[],
): SearchExtras {
  const out: SearchExtras = {};
  // Mistakes the schema cannot express; the screen fails to load with the reason.
  if (list.tabs) {
    const values = list.tabs.items.map((i) => i.value);
    if (new Set(values).size !== values.length) throw new Error('list.tabs.items: tab values must be unique');
  }
  if (list.pageMode && list.pageMode.modes[0].value === list.pageMode.modes[1].value)
    throw new Error('list.pageMode.modes: one mode 0 and one mode 1');
  if (list.typeFilter && list.tabs && list.typeFilter.prop === list.tabs.prop)
    throw new Error('list.typeFilter.prop: the tabs already set this condition');
  if (list.tabs) {
    const items = list.tabs.items.map((i) => ({ value: i.value, labelKey: i.labelKey }));
    out.tabs = {
      prop: list.tabs.prop,
      items,
      defaultValue: items[0].value,
      counts: list.tabs.counts ?? true,
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
