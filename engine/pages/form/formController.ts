// Headless add/modify form: builds the Formily form and its schema from the normalised screen, loads
// the record, validates and saves; with tabs, knows which tab each field is on, marks the tabs holding
// an error and shows the first of them when a save is refused. No antd here; the view renders `schema`
// (or each tab's part of it) with the widget registry.
import { createForm, type Form, onFieldValueChange } from '@formily/core';
import type { ISchema } from '@formily/json-schema';
import { clone } from '@formily/shared';
import dayjs from 'dayjs';
import {
  PASSWORD_RULE_CALL,
  type PasswordRule,
  passwordRuleText,
  toPasswordRule,
} from '../../core/passwordPolicy';
import { DATE_FORMAT } from '../../format';
import { markChanged } from '../../screens/changes';
import type { NormalisedField, NormalisedScreen } from '../../screens/types';
import { defaultOrganisation } from '../../selectors/dependency';
import { attachLabels, createLabelResolver, selectorValues } from '../../selectors/labels';
import type { PageDeps } from '../types';
import { recheckBlurRules } from './recheck';
import { crossRule, fieldRules, isEmptyValue, type RuleSources, type Translate } from './rules';
import { selectorEffects } from './selectorEffects';
import {
  fieldTabs,
  firstTabWithError,
  groupName,
  type PageTab,
  pageTabs,
  tabErrorCounts,
  tabSchema,
} from './tabs';

/**
 * loading: a modify page is loading its record; ready: the form can be edited and saved; saving: a save
 * is under way; error: the record could not be loaded, there is nothing to edit. A refused save is
 * ready again, with the server's message.
 */
export type FormStatus = 'loading' | 'ready' | 'saving' | 'error';

export interface FormState {
  status: FormStatus;
  /** The server's message for the last refused save (the typed values stay). */
  errorMessage?: string;
  errorCode?: string;
  /** The tab shown (pages with tabs). */
  activeTab?: string;
  /**
   * Values of the last save's answer the screen reveals (form.reveal), shown once: the page stays
   * until the user has seen them (finishReveal()). Held nowhere else, and never in a snapshot.
   */
  revealed?: RevealedValue[];
}

/** A value of the save's answer shown once (a secret the server keeps only as a hash). */
export interface RevealedValue {
  prop: string;
  labelKey: string;
  value: string;
}

export interface FormDeps extends PageDeps {
  t: Translate;
  /**
   * The user's own organisation and the organisations they may work in (the organisation selector),
   * and a supplier user's own supplier (the supplier selector).
   */
  session?: { orgNo?: string; orgNos: string[]; supplierNo?: string };
  /** Options of selectors without a lookup (the session's organisations), to name their codes. */
  localOptions?: (selector: string) => Record<string, unknown>[];
  /**
   * Closes the page's own tab and goes to `to` (the shell's tabs): after a save, the form's tab does
   * not stay open beside its list. Without it the page goes back and stays ready for another use.
   */
  closePage?: (to: string) => void;
}

/** A form's state as it is kept while the page is unmounted with its tab still open (snapshot()). */
export interface FormSnapshot {
  /** The record as loaded (modify), with its version: the save that follows sends that version. */
  record?: Values;
  /** The values in the form, the user's unsaved changes included. */
  values: Values;
  activeTab?: string;
}

type Values = Record<string, unknown>;

function toFormValue(field: NormalisedField, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  // A select's options are text: a numeric code (frame-define fieldType 3) selects its option '3'.
  if (field.widget === 'select' && typeof value === 'number') return String(value);
  // The server may answer a date column with a time part; the date widget and the rules want the day.
  if (
    (field.widget === 'date' || field.widget === 'dateRange') &&
    field.picker === 'date' &&
    typeof value === 'string'
  ) {
    const d = dayjs(value);
    return d.isValid() && /^\d{4}-\d{2}-\d{2}T/.test(value) ? d.format(DATE_FORMAT) : value;
  }
  return value;
}

/** The form field's name: a range kept in two properties is one Formily field destructured into both. */
export const fieldName = (f: NormalisedField) => (f.endProp ? `[${f.prop},${f.endProp}]` : f.prop);

/** The properties a field writes to the record. */
export const fieldProps = (f: NormalisedField) => (f.endProp ? [f.prop, f.endProp] : [f.prop]);

/** Widget props that follow from the normalised field (shared by forms and detail pages). */
/** A widget's props from its field; `moduleNumber`: the page's menu, for a widget that asks the server. */
export function widgetProps(f: NormalisedField, moduleNumber?: string): Record<string, unknown> {
  switch (f.widget) {
    case 'number':
    case 'decimal':
      return { min: f.min, max: f.max, precision: f.precision, controls: true, style: { width: '100%' } };
    case 'date':
    case 'datetime':
      return { dateFormat: f.dateFormat, picker: f.picker, style: { width: '100%' } };
    case 'dateRange':
      return { dateFormat: f.dateFormat, picker: f.picker, joined: !f.endProp, style: { width: '100%' } };
    case 'textarea':
      return f.maxLength ? { count: { show: true, max: f.maxLength } } : {};
    case 'editableTable':
      return { table: f.table, moduleNumber };
    case 'remoteSelect':
    case 'userPicker':
    case 'itemPicker':
      return { selector: f.selector, style: { width: '100%' } };
    case 'upload':
      return { upload: f.upload };
    case 'datePreset':
      return { days: f.days };
    case 'richText':
      return { maxLength: f.maxLength, moduleNumber };
    default:
      return {};
  }
}

type ShowWhen = NonNullable<NormalisedField['showWhen']>;
const showsFor = (w: ShowWhen, values: Values) =>
  w.values.some((v) => String(v) === String(values[w.prop] ?? ''));

/** Shows a field only while another has one of the given values; hidden, it is not checked or kept. */
export const isShown = (f: NormalisedField, values: Values) => !f.showWhen || showsFor(f.showWhen, values);

export const showWhenReaction = (w: ShowWhen) => (field: { visible: boolean; form: { values: Values } }) => {
  field.visible = showsFor(w, field.form.values);
};

export function createFormController(screen: NormalisedScreen, deps: FormDeps, params: { id?: string }) {
  const spec = screen.form;
  if (!spec) throw new Error(`${screen.file}: not a form screen`);
  const { t } = deps;
  const mode = spec.mode;
  const options = { moduleNumber: screen.menuNo };
  const labels = Object.fromEntries(spec.fields.map((f) => [f.prop, t(f.labelKey)]));

  const defaults: Values = {};
  if (mode === 'add')
    for (const f of spec.fields) {
      if (f.defaultValue !== undefined) defaults[f.prop] = f.defaultValue;
      // The organisation selector starts at the user's own organisation (spec 000 section 5); a
      // multi-select of organisations (a data scope) starts empty.
      else if (f.selector?.name === 'organisation' && !f.selector.multiple && deps.session)
        defaults[f.prop] = defaultOrganisation(deps.session.orgNo, deps.session.orgNos);
      // A supplier's user works for its own supplier only: that is where its supplier selector starts.
      else if (f.selector?.name === 'supplier' && deps.session?.supplierNo)
        defaults[f.prop] = deps.session.supplierNo;
    }
  /** A loaded record sets a parent and its dependants together: that is no change of the parent. */
  const recordWrite = { settingRecord: false };
  const routeHasParams = Object.values(params).some((v) => v !== undefined && v !== '');
  // Names of the codes the form's selectors show, one lookup per selector for the whole page.
  const names = createLabelResolver({
    request: deps.request,
    moduleNumber: screen.menuNo,
    local: deps.localOptions,
  });

  const form: Form = createForm({
    initialValues: defaults,
    effects() {
      selectorEffects({
        fields: spec.fields,
        defaults,
        routeHasParams,
        loading: recordWrite,
        request: deps.request,
        moduleNumber: screen.menuNo,
      });
      recheckBlurRules();
      // A cross-field rule is re-checked on its field when the other side changes.
      for (const rule of spec.rules) {
        onFieldValueChange(rule.other, () => {
          const target = form.query(rule.field).take();
          if (target && 'validate' in target && !isEmptyValue(form.values[rule.field])) {
            // validate() rejects with the errors it has already put on the field.
            target.validate('onInput').catch(() => undefined);
          }
        });
      }
    },
  });

  attachLabels(form, names);

  // A password under the server's policy: the policy is asked for once, as the page opens; its fields
  // state it under them, and their rules wait for it (a policy that cannot be loaded is the server's
  // to judge on save).
  const policyFields = spec.fields.filter((f) => f.format === 'passwordPolicy');
  const sources: RuleSources = {};
  if (policyFields.length) {
    const loaded: Promise<PasswordRule | undefined> = deps
      .request<unknown>(PASSWORD_RULE_CALL, {}, options)
      .then(toPasswordRule, () => undefined);
    sources.passwordRule = () => loaded;
    void loaded.then((rule) => {
      if (!rule) return;
      const { key, params } = passwordRuleText(rule);
      for (const f of policyFields)
        form.setFieldState(fieldName(f), (field) => {
          field.description = t(key, params);
        });
    });
  }

  const schema: ISchema = {
    type: 'object',
    properties: Object.fromEntries(
      spec.groups.map((group, gi) => [
        groupName(gi),
        {
          type: 'void',
          'x-component': 'FormGroup',
          'x-component-props': {
            title: group.titleKey ? t(group.titleKey) : undefined,
            columns: group.columns,
            wide: group.wide,
          },
          'x-index': gi,
          properties: Object.fromEntries(
            group.fields.map((f, fi) => {
              const rules = [
                ...fieldRules(f, t, sources),
                ...spec.rules.filter((r) => r.field === f.prop).map((r) => crossRule(r, labels, t)),
              ];
              // Disabled rather than readOnly: a read-only antd input looks editable (spec 000 section 5 also
              // disables what a route's params fix).
              const locked = mode === 'modify' && f.readOnlyOnEdit;
              return [
                fieldName(f),
                {
                  type:
                    f.widget === 'number'
                      ? 'number'
                      : f.endProp || f.widget === 'editableTable'
                        ? 'array'
                        : 'string',
                  // An editable table spans its titled group: the group's title names it, and the table
                  // gets the whole width instead of sitting beside a label.
                  title: f.widget === 'editableTable' ? undefined : labels[f.prop],
                  'x-index': fi,
                  'x-decorator': 'FormItem',
                  // data-prop names the field in the page, for the developer flag and for tests.
                  'x-decorator-props': { gridSpan: Math.min(f.span, group.columns), 'data-prop': f.prop },
                  'x-component': f.widget,
                  'x-component-props': {
                    placeholder: f.placeholderKey ? t(f.placeholderKey) : undefined,
                    allowClear: f.widget !== 'checkbox' && f.widget !== 'number' ? true : undefined,
                    ...widgetProps(f, screen.menuNo),
                  },
                  enum: f.options?.map((o) => ({ label: t(o.labelKey), value: o.value })),
                  'x-validator': rules,
                  'x-pattern': locked ? 'disabled' : undefined,
                  'x-reactions': f.showWhen ? showWhenReaction(f.showWhen) : undefined,
                } satisfies ISchema,
              ];
            }),
          ),
        } satisfies ISchema,
      ]),
    ),
  };

  const tabs: PageTab[] = pageTabs(spec.tabs, spec.groups);
  const tabOf = fieldTabs(spec.groups, fieldName);
  /** How many fields of each tab have an error now (reactive: read it inside an observer). */
  const tabErrors = () => tabErrorCounts(form.errors, tabOf);

  let state: FormState = {
    status: mode === 'modify' ? 'loading' : 'ready',
    activeTab: tabs[0]?.key,
  };
  let record: Values | undefined;
  const listeners = new Set<() => void>();
  const set = (patch: Partial<FormState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  /**
   * Writes a loaded record into the form (`shown`: the values to show instead of the record's, a
   * restored page's unsaved ones); a parent and its dependants set together are no change of the parent.
   */
  function showRecord(loaded: Values | undefined, shown?: Values): void {
    record = loaded;
    const values: Values = {};
    for (const f of spec!.fields) for (const p of fieldProps(f)) values[p] = toFormValue(f, loaded?.[p]);
    recordWrite.settingRecord = true;
    try {
      // Values and initial values get their own copies: sharing a row list or a names object between
      // them made the first edit of it recurse (a value change patches the initial values, which
      // patch the values, ...) until the stack overflowed inside a batch of @formily/reactive, which
      // then never ran a reaction again (an editable table's new row on a modify page sent {}).
      form.setInitialValues(clone(values), 'overwrite');
      form.setValues(clone(shown ?? values), 'overwrite');
    } finally {
      recordWrite.settingRecord = false;
    }
    void names.prefetch(selectorValues(spec!.fields, shown ?? values));
  }

  async function load(): Promise<void> {
    if (mode !== 'modify') return;
    if ((!params.id && !spec!.single) || !screen.calls.get) {
      set({ status: 'error' });
      return;
    }
    set({ status: 'loading' });
    try {
      showRecord(
        await deps.request<Values>(screen.calls.get, spec!.single ? {} : { id: params.id }, options),
      );
      set({ status: 'ready' });
    } catch {
      set({ status: 'error' });
    }
  }

  /**
   * The form as the user left it, to be restored later; nothing while there is no record to edit, nor
   * while a save's values are shown (the save is done: the revealed values are not kept, and the values
   * it sent are no unsaved change).
   */
  function snapshot(): FormSnapshot | undefined {
    if (state.status === 'loading' || state.status === 'error' || state.revealed) return undefined;
    return { record: record && clone(record), values: clone(form.values), activeTab: state.activeTab };
  }

  /** Takes a snapshot back instead of loading: the same record (and version) and the unsaved values. */
  function restore(saved: FormSnapshot): void {
    if (mode === 'modify') showRecord(saved.record, saved.values);
    else {
      recordWrite.settingRecord = true;
      try {
        form.setValues(clone(saved.values), 'overwrite');
      } finally {
        recordWrite.settingRecord = false;
      }
      void names.prefetch(selectorValues(spec!.fields, saved.values));
    }
    set({
      status: 'ready',
      activeTab: tabs.some((t) => t.key === saved.activeTab) ? saved.activeTab : tabs[0]?.key,
    });
  }

  /** What is sent: every editable field, empty ones as null so a cleared value is cleared. */
  function payload(): Values {
    const out: Values = {};
    for (const f of spec!.fields) {
      if ((mode === 'modify' && f.readOnlyOnEdit) || !f.send) continue;
      if (!isShown(f, form.values)) {
        for (const p of fieldProps(f)) out[p] = null;
        continue;
      }
      for (const p of fieldProps(f)) {
        const v = form.values[p];
        out[p] = isEmptyValue(v) ? null : typeof v === 'string' ? v.trim() : v;
      }
    }
    if (mode === 'modify') return { id: record?.id, version: record?.version, ...out };
    return out;
  }

  function back(): void {
    if (screen.parentPath) deps.navigate(screen.parentPath);
  }

  /** The values of a save's answer the screen reveals: the props it holds non-empty, in the screen's order. */
  function revealedOf(answer: unknown): RevealedValue[] {
    if (!answer || typeof answer !== 'object') return [];
    const values = answer as Values;
    return spec!.reveal
      .filter((r) => !isEmptyValue(values[r.prop]))
      .map((r) => ({ prop: r.prop, labelKey: r.labelKey, value: String(values[r.prop]) }));
  }

  /** After a good save: the form's tab closes and its list shows, or the page goes back. */
  async function leave(): Promise<void> {
    // Saved: the form's tab closes and its list shows (searching again, as it was marked changed).
    if (screen.parentPath && deps.closePage) {
      deps.closePage(screen.parentPath);
      return;
    }
    back();
    // The shell keeps visited pages alive: an add page must be blank when it is opened again, and a
    // modify page must hold the saved record and its new version.
    if (mode === 'add') await form.reset('*', { forceClear: false, validate: false });
    else await load();
  }

  /**
   * Validates, saves, marks the parent list changed and goes back; false when nothing was saved. An
   * answer holding a value the screen reveals keeps the page, showing it (`revealed`), until
   * finishReveal().
   */
  async function save(): Promise<boolean> {
    if (state.status !== 'ready' || state.revealed) return false;
    try {
      await form.validate();
    } catch {
      // An error on a tab that is not shown must be seen: show the first tab holding one.
      const first = firstTabWithError(tabs, tabErrors());
      if (first && first !== state.activeTab) set({ activeTab: first });
      return false;
    }
    const call = mode === 'add' ? screen.calls.add : screen.calls.update;
    if (!call) return false;
    set({ status: 'saving', errorMessage: undefined, errorCode: undefined });
    let answer: unknown;
    try {
      answer = await deps.request<unknown>(call, payload(), options);
    } catch (e) {
      // The request layer has toasted it; the message stays on the form and so do the user's values.
      const err = e as { message?: string; code?: string };
      set({ status: 'ready', errorMessage: err.message ?? String(e), errorCode: err.code });
      return false;
    }
    const revealed = revealedOf(answer);
    // Opened again (the shell keeps the page alive), the form starts on its first tab.
    set({
      status: 'ready',
      activeTab: tabs[0]?.key,
      ...(revealed.length ? { revealed } : {}),
    });
    deps.success('form.saved');
    if (screen.parentPath) markChanged(screen.parentPath);
    // A value shown once: the page stays until the user has seen it.
    if (revealed.length) return true;
    await leave();
    return true;
  }

  /** The user has seen the revealed values: they are dropped, and the page goes on as after a save. */
  async function finishReveal(): Promise<void> {
    if (!state.revealed) return;
    set({ revealed: undefined });
    await leave();
  }

  if (mode === 'add') void names.prefetch(selectorValues(spec.fields, defaults));

  return {
    form,
    schema,
    mode,
    /** The page's tabs (none: the groups stand on one page), each with its part of the schema. */
    tabs,
    schemaOf: (tab: PageTab) => tabSchema(schema, tab),
    tabErrors,
    showTab(key: string): void {
      if (tabs.some((t) => t.key === key) && key !== state.activeTab) set({ activeTab: key });
    },
    /** Names of the codes the form's selectors show. */
    names,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    load,
    snapshot,
    restore,
    save,
    finishReveal,
    back,
    payload,
  };
}

export type FormController = ReturnType<typeof createFormController>;
