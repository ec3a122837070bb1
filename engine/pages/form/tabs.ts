// Tabs of a form or detail page, headless: which Formily groups each tab shows, which tab a field is
// on, and how many fields of each tab have an error (the tab's marker). Every tab's fields are rendered
// (hidden tabs too), so they are validated and sent whichever tab is shown.
import type { ISchema } from '@formily/json-schema';
import type { NormalisedField, NormalisedGroup, NormalisedTab } from '../../screens/types';

export interface PageTab {
  key: string;
  titleKey: string;
  /** Names of the Formily void groups (`group<index>`) on this tab, in order. */
  groups: string[];
}

export const groupName = (index: number) => `group${index}`;

/** The page's tabs with their groups; empty when the page has none. */
export function pageTabs(tabs: NormalisedTab[], groups: NormalisedGroup[]): PageTab[] {
  return tabs.map((t) => ({
    ...t,
    groups: groups.flatMap((g, i) => (g.tab === t.key ? [groupName(i)] : [])),
  }));
}

/** The part of a page schema one tab renders. */
export function tabSchema(schema: ISchema, tab: PageTab): ISchema {
  const properties = (schema.properties ?? {}) as Record<string, ISchema>;
  return { ...schema, properties: Object.fromEntries(tab.groups.map((g) => [g, properties[g]])) };
}

/** Field name (as Formily paths name it) → the key of its tab. */
export function fieldTabs(
  groups: NormalisedGroup[],
  name: (f: NormalisedField) => string,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const g of groups) if (g.tab) for (const f of g.fields) out.set(name(f), g.tab);
  return out;
}

/**
 * How many fields of each tab have an error. `errors` are Formily feedbacks; a field inside a void
 * group has its group in `address` but not in `path`.
 */
export function tabErrorCounts(
  errors: { path?: string; messages?: unknown[] }[],
  tabOf: Map<string, string>,
): Record<string, number> {
  const fields = new Map<string, string>();
  for (const e of errors) {
    if (!e.path || !e.messages?.length) continue;
    // A cell of an editable table reports under its table field (lines.0.lower → lines).
    const tab = tabOf.get(e.path) ?? tabOf.get(e.path.split('.')[0]);
    if (tab) fields.set(e.path, tab);
  }
  const counts: Record<string, number> = {};
  for (const tab of fields.values()) counts[tab] = (counts[tab] ?? 0) + 1;
  return counts;
}

/** The first tab, in the page's order, with an error; undefined when none has one. */
export function firstTabWithError(tabs: PageTab[], counts: Record<string, number>): string | undefined {
  return tabs.find((t) => (counts[t.key] ?? 0) > 0)?.key;
}
