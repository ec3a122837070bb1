// Headless detail page: loads one record and builds a read-pretty Formily form from the normalised
// screen, so the detail shows values through the same widgets a form uses; selectors show names, asked
// for once per selector for the whole record (every tab). No antd here.
import { createForm, type Form } from '@formily/core';
import type { ISchema } from '@formily/json-schema';
import {
  type DocumentDefine,
  type DocumentTransition,
  loadDocumentDefine,
  rowLabel,
  rowsOutOf,
  stateOf,
} from '../../screens/documentDefine';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedDetailAction, NormalisedLineTransition, NormalisedScreen } from '../../screens/types';
import { attachLabels, createLabelResolver, selectorValues } from '../../selectors/labels';
import type { HistoryEntry, PendingTransition } from '../document/transitions';
import { fieldName, fieldProps, widgetProps } from '../form/formController';
import type { Translate } from '../form/rules';
import { groupName, type PageTab, pageTabs, tabSchema } from '../form/tabs';
import type { PageDeps } from '../types';

/** loading: the record is being loaded; ready: it is shown; error: it could not be loaded. */
export type DetailStatus = 'loading' | 'ready' | 'error';

export interface DetailState {
  status: DetailStatus;
  /** The tab shown (pages with tabs). */
  activeTab?: string;
  /** A document's declaration (calls.define), for its state tag and the history's states. */
  document?: DocumentDefine;
  /** The document's status code, shown as its tag beside the title. */
  documentState?: string;
  /** The document's transitions, oldest first (calls.history). */
  history?: HistoryEntry[];
  /** The transitions the user may take from the document's state (menu flag, side, from-state). */
  transitions?: DocumentTransition[];
  /** A transition waiting for its reason or confirmation (the dialog is open). */
  pendingTransition?: PendingTransition & { call?: string };
  /** A transition is being sent. */
  transitionRunning?: boolean;
  /** The record's lines (detail.lines), as its get call answered them. */
  lines?: Values[];
  /** The lines' own document declaration (detail.lines.lineDocument). */
  lineDocument?: DocumentDefine;
  /** The keys of the selected lines. */
  selectedLines?: string[];
}

/** A transition of the lines offered on the page: shown to this user, enabled or with the reason why not. */
export interface LineAction {
  transition: DocumentTransition;
  labelKey: string;
  /** Why it cannot run on the selection now (in the user's language); absent: it can. */
  disabledReason?: string;
}

export interface DetailDeps extends PageDeps {
  t: Translate;
  /** Whether the locale library has the key (an unknown field shows a placeholder, spec 000 section 2). */
  exists: (key: string) => boolean;
  /** Options of selectors without a lookup (the session's organisations), to name their codes. */
  localOptions?: (selector: string) => Record<string, unknown>[];
}

type Values = Record<string, unknown>;

/** A pending transition of selected lines: the call is the lines' service's, not the page's. */
type PendingLineTransition = PendingTransition & { call?: string };

/** The label of a field, or the placeholder naming it when the library does not know it. */
export function labelOf(labelKey: string, prop: string, deps: Pick<DetailDeps, 't' | 'exists'>): string {
  return deps.exists(labelKey) ? deps.t(labelKey) : deps.t('detail.fieldNotConfigured', { prop });
}

/** A target path with each :name filled from the record. */
export function fillTarget(target: string, record: Values): string {
  return target.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) =>
    encodeURIComponent(String(record[name] ?? '')),
  );
}

export function createDetailController(
  screen: NormalisedScreen,
  deps: DetailDeps,
  params: { id?: string },
  menu: MenuFlags,
) {
  const spec = screen.detail;
  if (!spec) throw new Error(`${screen.file}: not a detail screen`);
  const form: Form = createForm({ readPretty: true });
  const names = createLabelResolver({
    request: deps.request,
    moduleNumber: screen.menuNo,
    local: deps.localOptions,
  });
  attachLabels(form, names);

  const schema: ISchema = {
    type: 'object',
    properties: Object.fromEntries(
      spec.groups.map((group, gi) => [
        groupName(gi),
        {
          type: 'void',
          'x-component': 'FormGroup',
          'x-component-props': {
            title: group.titleKey ? deps.t(group.titleKey) : undefined,
            columns: group.columns,
            wide: group.wide,
          },
          'x-index': gi,
          properties: Object.fromEntries(
            group.fields.map((f, fi) => [
              fieldName(f),
              {
                type:
                  f.endProp || f.widget === 'editableTable' || f.widget === 'timeline' ? 'array' : 'string',
                title: labelOf(f.labelKey, f.prop, deps),
                'x-index': fi,
                'x-decorator': 'FormItem',
                'x-decorator-props': { gridSpan: Math.min(f.span, group.columns), 'data-prop': f.prop },
                'x-component': f.widget,
                'x-component-props': widgetProps(f, screen.menuNo),
                enum: f.options?.map((o) => ({ label: deps.t(o.labelKey), value: o.value })),
              } satisfies ISchema,
            ]),
          ),
        } satisfies ISchema,
      ]),
    ),
  };

  /** A field's own call: a method alone is the screen's service's. */
  const ownCall = (call: string) => (call.includes('/') ? call : `${screen.service}/${call}`);

  /** Buttons the menu grants. */
  const actions: NormalisedDetailAction[] = spec.actions.filter((a) => menu[a.flag] === 'Y');

  const tabs: PageTab[] = pageTabs(spec.tabs, spec.groups);
  let state: DetailState = { status: 'loading', activeTab: tabs[0]?.key };
  let record: Values | undefined;
  const listeners = new Set<() => void>();
  const set = (patch: Partial<DetailState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  async function load(): Promise<void> {
    if (!params.id || !screen.calls.get) {
      set({ status: 'error' });
      return;
    }
    set({ status: 'loading' });
    try {
      record = await deps.request<Values>(
        screen.calls.get,
        { id: params.id },
        { moduleNumber: screen.menuNo },
      );
      const values: Values = {};
      for (const f of spec!.fields) for (const p of fieldProps(f)) values[p] = record?.[p] ?? undefined;
      // A field with a call of its own (an order line's tracking) is read beside the record.
      await Promise.all(
        spec!.fields
          .filter((f) => f.call)
          .map(async (f) => {
            values[f.prop] = await deps.request(
              ownCall(f.call!),
              { id: params.id },
              { moduleNumber: screen.menuNo },
            );
          }),
      );
      form.setValues(values, 'overwrite');
      const lines = spec!.lines;
      if (lines) {
        const rows = Array.isArray(record?.[lines.prop]) ? (record![lines.prop] as Values[]) : [];
        const keys = new Set(rows.map((r) => String(r[lines.rowKey])));
        set({ lines: rows, selectedLines: (state.selectedLines ?? []).filter((k) => keys.has(k)) });
      }
      // Every selector code of the record, on every tab: one lookup per selector.
      await Promise.all([
        names.prefetch(selectorValues(spec!.fields, values)),
        loadHistory(),
        loadLineDocument(),
      ]);
      set({ status: 'ready' });
    } catch {
      set({ status: 'error' });
    }
  }

  /** A document page: its declaration, its state and its history, beside the record. */
  async function loadHistory(): Promise<void> {
    if (!spec!.document || !screen.calls.define || !screen.calls.history || !params.id) return;
    const options = { moduleNumber: screen.menuNo };
    const [document, history] = await Promise.all([
      loadDocumentDefine(deps.request, screen.calls.define, screen.menuNo),
      deps.request<HistoryEntry[]>(screen.calls.history, { id: params.id }, options),
    ]);
    const documentState = String(record?.[document.statusField] ?? '');
    const transitions = document.transitions.filter(
      (t) =>
        menu[t.flag as keyof MenuFlags] === 'Y' &&
        t.sides.includes(document.side) &&
        t.from.includes(documentState),
    );
    set({ document, history, documentState, transitions });
  }

  /** The lines' own declaration, for their state tags and their transitions. */
  async function loadLineDocument(): Promise<void> {
    const doc = spec!.lines?.lineDocument;
    if (!doc) return;
    const lineDocument = await loadDocumentDefine(
      deps.request,
      `${doc.service}/${doc.define}`,
      screen.menuNo,
    );
    set({ lineDocument });
  }

  /** The line transitions this user may take here (menu flag, side), each enabled by the selection. */
  function lineActions(): LineAction[] {
    const lines = spec!.lines;
    const doc = state.lineDocument;
    if (!lines || !doc) return [];
    const selected = new Set(state.selectedLines ?? []);
    const rows = (state.lines ?? []).filter((r) => selected.has(String(r[lines.rowKey])));
    return lines.transitions.flatMap((declared: NormalisedLineTransition) => {
      const transition = doc.transitions.find((t) => t.name === declared.transition);
      if (
        !transition ||
        menu[declared.flag as keyof MenuFlags] !== 'Y' ||
        !transition.sides.includes(doc.side)
      )
        return [];
      const labelKey = declared.labelKey ?? transition.labelKey;
      if (!rows.length) return [{ transition, labelKey, disabledReason: deps.t('list.reason.atLeastOne') }];
      const out = rowsOutOf(doc, transition.from, rows, lines.rowKey);
      if (!out.length) return [{ transition, labelKey }];
      const states = transition.from.map((code) => deps.t(stateOf(doc, code)?.labelKey ?? code)).join(', ');
      const each = out.map(
        (r) => `${r.label} ${deps.t('document.reason.rowState', { state: deps.t(r.state) })}`,
      );
      return [
        {
          transition,
          labelKey,
          disabledReason: `${deps.t('document.reason.state', { states })} ${each.join('; ')}`,
        },
      ];
    });
  }

  /** Opens the question of a transition of the selected lines. */
  function startLineTransition(action: LineAction): void {
    const lines = spec!.lines;
    const doc = state.lineDocument;
    if (!lines?.lineDocument || !doc || action.disabledReason) return;
    const selected = new Set(state.selectedLines ?? []);
    const rows = (state.lines ?? []).filter((r) => selected.has(String(r[lines.rowKey])));
    const pending: PendingLineTransition = {
      transition: action.transition,
      action: {
        key: `line-transition-${action.transition.name}`,
        kind: 'transition',
        transition: action.transition.name,
      },
      rows,
      labels: rows.map((r) => rowLabel(doc, r, String(r[lines.rowKey]))),
      call: `${lines.lineDocument.service}/${action.transition.method}`,
    };
    set({ pendingTransition: pending });
  }

  /** Opens the transition's question (its reason, or a confirmation). */
  function startTransition(transition: DocumentTransition): void {
    const document = state.document;
    if (!record || !document) return;
    set({
      pendingTransition: {
        transition,
        action: { key: `transition-${transition.name}`, kind: 'transition', transition: transition.name },
        rows: [record],
        labels: [rowLabel(document, record, String(record.id))],
      },
    });
  }

  /** Runs the pending transition on the record; either way the page then shows the record as it is. */
  async function submitTransition(reason?: string): Promise<void> {
    const pending = state.pendingTransition;
    if (!pending || !record || state.transitionRunning) return;
    // The record's own transition, or one of its selected lines'.
    const rows = pending.call ? pending.rows : [record];
    const text = reason?.trim() ?? '';
    if (pending.transition.reason === 'required' && !text) return;
    set({ transitionRunning: true });
    try {
      await deps.request(
        pending.call ?? `${screen.service}/${pending.transition.method}`,
        { rows: rows.map((r) => ({ id: r.id, version: r.version })), reason: text || null },
        { moduleNumber: screen.menuNo },
      );
      deps.success('document.done', { action: pending.transition.label, count: rows.length });
      if (pending.call) set({ selectedLines: [] });
    } catch {
      // The request layer has said why; the record is shown as it is now.
    }
    set({ transitionRunning: false, pendingTransition: undefined });
    await load();
  }

  function run(action: NormalisedDetailAction): void {
    if (record && action.kind === 'modify') deps.navigate(fillTarget(action.target, record));
  }

  return {
    /** The record as loaded (what a print button prints). */
    current: () => record,
    form,
    schema,
    tabs,
    schemaOf: (tab: PageTab) => tabSchema(schema, tab),
    showTab(key: string): void {
      if (tabs.some((t) => t.key === key) && key !== state.activeTab) set({ activeTab: key });
    },
    names,
    actions,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    load,
    run,
    startTransition,
    submitTransition,
    lineActions,
    startLineTransition,
    selectLines: (keys: string[]) => set({ selectedLines: keys }),
    cancelTransition: () => {
      if (!state.transitionRunning) set({ pendingTransition: undefined });
    },
    back: () => {
      if (screen.parentPath) deps.navigate(screen.parentPath);
    },
  };
}

export type DetailController = ReturnType<typeof createDetailController>;
