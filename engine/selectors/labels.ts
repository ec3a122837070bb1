// Names for the codes a page shows through selectors (read-pretty fields of detail pages and the
// detail drawer, disabled selects, a select whose options are not loaded yet). One resolver per page:
// codes are asked for in bulk, one call per selector (and per constant condition, such as a
// dictionary's enumMid) for everything the page holds, never one per field. A code the lookup does not
// answer (the record is gone or no longer valid) is shown as the code. No React here.
import type { RequestFn } from '../request/types';
import type { NormalisedSelector } from '../screens/types';
import { type SelectorDefinition, selectors } from './definitions';
import { splitValues } from './dependency';
import { toOption } from './selectorController';

type Row = Record<string, unknown>;

export interface LabelResolverOptions {
  request: RequestFn;
  moduleNumber?: string;
  /** Options of selectors without a lookup (the organisation selector: the session's organisations). */
  local?: (selector: string) => Row[];
}

/** The most codes one call asks for (the server caps `in` and pages at 1000). */
const CHUNK = 1000;

/** Selectors with the same name and constant condition share a group, and a call. */
export const labelGroup = (s: Pick<NormalisedSelector, 'name' | 'condition'>) =>
  JSON.stringify([s.name, Object.entries(s.condition ?? {}).sort(([a], [b]) => a.localeCompare(b))]);

export function createLabelResolver(o: LabelResolverOptions) {
  /** group → code → name (null: asked, not answered: show the code). */
  const known = new Map<string, Map<string, string | null>>();
  /** group → codes being asked for now. */
  const asking = new Map<string, Set<string>>();
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version++;
    for (const l of listeners) l();
  };
  let queued: { selector: NormalisedSelector; values: string[] }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const mapOf = (group: string) => {
    const m = known.get(group) ?? new Map<string, string | null>();
    known.set(group, m);
    return m;
  };

  async function fetchGroup(selector: NormalisedSelector, codes: string[]): Promise<void> {
    const def = selectors.get(selector.name);
    const group = labelGroup(selector);
    const found = mapOf(group);
    const mode = !def.call ? 'local' : (def.labels ?? (def.flat ? 'all' : 'lookup'));
    if (mode === 'value' || mode === 'local') {
      const rows = mode === 'local' ? (o.local?.(selector.name) ?? []) : [];
      const byValue = new Map(rows.map((r) => toOption(def, r)).map((x) => [x.value, x.label]));
      for (const c of codes) found.set(c, mode === 'value' ? c : (byValue.get(c) ?? null));
      changed();
      return;
    }
    const inFlight = asking.get(group) ?? new Set<string>();
    asking.set(group, inFlight);
    const wanted = codes.filter((c) => !inFlight.has(c));
    if (!wanted.length) return;
    for (const c of wanted) inFlight.add(c);
    try {
      const chunks =
        mode === 'all'
          ? [wanted]
          : Array.from({ length: Math.ceil(wanted.length / CHUNK) }, (_, i) =>
              wanted.slice(i * CHUNK, (i + 1) * CHUNK),
            );
      for (const chunk of chunks) {
        const rows = await ask(def, selector, mode, chunk);
        const answered = new Map(rows.map((r) => toOption(def, r)).map((x) => [x.value, x.label]));
        for (const c of mode === 'all' ? [...answered.keys(), ...chunk] : chunk)
          found.set(c, answered.get(c) ?? null);
      }
    } catch {
      // A failed lookup leaves the codes showing (spec 000 section 8: lookup failure).
      for (const c of wanted) if (!found.has(c)) found.set(c, null);
    } finally {
      for (const c of wanted) inFlight.delete(c);
      changed();
    }
  }

  async function ask(
    def: SelectorDefinition,
    selector: NormalisedSelector,
    mode: 'lookup' | 'all',
    codes: string[],
  ): Promise<Row[]> {
    // Sorting and paging mean nothing here; the constant condition (a dictionary, a data source) does.
    const { field: _f, order: _o, ...extra } = def.extra;
    const condition: Row = { ...extra, ...selector.condition };
    const body =
      mode === 'all'
        ? def.flat
          ? condition
          : { current: 1, size: CHUNK, condition }
        : { current: 1, size: codes.length, condition: { ...condition, in: { [def.valueField]: codes } } };
    // Names are a courtesy: a lookup that cannot answer leaves the codes showing, without a toast.
    const data = await o.request<Row[] | { records?: Row[] }>(def.call!, body, {
      moduleNumber: o.moduleNumber,
      showError: false,
    });
    return Array.isArray(data) ? data : (data?.records ?? []);
  }

  /** Asks for every code of `requests` not known yet: one call per selector group. */
  async function prefetch(requests: { selector: NormalisedSelector; values: unknown }[]): Promise<void> {
    const groups = new Map<string, { selector: NormalisedSelector; codes: Set<string> }>();
    for (const r of requests) {
      const group = labelGroup(r.selector);
      const entry = groups.get(group) ?? { selector: r.selector, codes: new Set<string>() };
      groups.set(group, entry);
      const found = known.get(group);
      for (const c of splitValues(r.values)) if (!found?.has(c)) entry.codes.add(c);
    }
    await Promise.all(
      [...groups.values()].filter((g) => g.codes.size).map((g) => fetchGroup(g.selector, [...g.codes])),
    );
  }

  return {
    prefetch,
    /**
     * A widget shows codes: any not known are asked for together with whatever else is wanted in the
     * same turn (all the fields a page renders at once make one call per selector).
     */
    want(selector: NormalisedSelector, values: unknown): void {
      const found = known.get(labelGroup(selector));
      const missing = splitValues(values).filter((c) => !found?.has(c));
      if (!missing.length) return;
      queued.push({ selector, values: missing });
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        const batch = queued;
        queued = [];
        void prefetch(batch);
      }, 0);
    },
    /** Options a select has loaded: their names are known without asking. */
    remember(selector: NormalisedSelector, options: { value: string; label: string }[]): void {
      const found = mapOf(labelGroup(selector));
      let added = false;
      for (const x of options)
        if (found.get(x.value) !== x.label) {
          found.set(x.value, x.label);
          added = true;
        }
      if (added) changed();
    },
    /** The name of a code; the code itself when the lookup does not know it; undefined while unknown. */
    label(selector: NormalisedSelector, code: string): string | undefined {
      const found = known.get(labelGroup(selector));
      if (!found?.has(code)) return undefined;
      return found.get(code) ?? code;
    },
    /** The names of a (multi-select) value, each falling back to its code, joined for reading. */
    text(selector: NormalisedSelector, value: unknown): string {
      const found = known.get(labelGroup(selector));
      return splitValues(value)
        .map((c) => found?.get(c) ?? c)
        .join(', ');
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Changes whenever a name becomes known (for useSyncExternalStore). */
    getVersion: () => version,
    dispose(): void {
      if (timer) clearTimeout(timer);
      listeners.clear();
    },
  };
}

export type LabelResolver = ReturnType<typeof createLabelResolver>;

/** Where the widgets of a Formily form find their page's resolver (forms, detail pages, table rows). */
const attached = new WeakMap<object, LabelResolver>();

export function attachLabels(form: object, resolver: LabelResolver): void {
  attached.set(form, resolver);
}

export function labelsOf(form: object | undefined): LabelResolver | undefined {
  return form ? attached.get(form) : undefined;
}

/** The selector fields of a record: what a page prefetches once its record is loaded. */
export function selectorValues(
  fields: { selector?: NormalisedSelector; prop: string }[],
  record: Row | undefined,
): { selector: NormalisedSelector; values: unknown }[] {
  return fields.flatMap((f) =>
    f.selector && record?.[f.prop] !== undefined && record[f.prop] !== null
      ? [{ selector: f.selector, values: record[f.prop] }]
      : [],
  );
}
