// Parse once, then render: every default and lookup happens here, so views never branch on a
// missing property. Custom-field (frame-define) merging will slot in between validation and this.
import type { Action, Column, Field, Group, Options, Screen, Tab } from '@schemas/generated/screen';
import { uploadConfig } from '../files/uploadRules';
import { pickerTypeOf, SPEC_DATE, SPEC_DATETIME, toDayjsFormat } from '../validation/dates';
import { TEXT_MAX_LENGTH } from '../validation/validators';
import { DEFAULT_SELECTION, FLAG_ORDER } from './flags';
import { normaliseRowActions } from './rowActions';
import { normaliseSearchExtras } from './searchExtras';
import type {
  NormalisedAction,
  NormalisedColumn,
  NormalisedDetail,
  NormalisedField,
  NormalisedForm,
  NormalisedGroup,
  NormalisedList,
  NormalisedScreen,
  NormalisedSelector,
  NormalisedTab,
  ResolvedOption,
} from './types';
import { WIDGET_KINDS, type WidgetName } from './widgetKinds';

export const PAGE_SIZES = [20, 30, 50, 100, 200, 300, 500, 1000];
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_SORT = { field: 't1.updateDate', order: 'desc' } as const;

/** Spec 000 section 9: shared column defaults. */
export const COLUMN_MIN_WIDTH = 130;
export const REMARK_WIDTH = 200;
/** Remark columns: remark, remarks and the xxxRemark fields (closeRemark, closeAcctRemark). */
const REMARK_PROP = /^(remarks?|[a-z][A-Za-z0-9]*Remarks?)$/;
export const DATE_WIDTH = 160;
export const STATUS_WIDTH = 100;

/** The spec's shared constants: status 1 valid, 0 invalid; yes and no are Y and N. */
export const OPTION_SETS: Record<Extract<Options, string>, ResolvedOption[]> = {
  status: [
    { value: '1', labelKey: 'option.status.valid' },
    { value: '0', labelKey: 'option.status.invalid' },
  ],
  yesNo: [
    { value: 'Y', labelKey: 'option.yes' },
    { value: 'N', labelKey: 'option.no' },
  ],
  yesNoNumber: [
    { value: '1', labelKey: 'option.yes' },
    { value: '0', labelKey: 'option.no' },
  ],
};

const DATE_FORMATS = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss' } as const;

const resolveOptions = (options: Options | undefined): ResolvedOption[] | undefined =>
  options === undefined ? undefined : typeof options === 'string' ? OPTION_SETS[options] : options;

export function normaliseColumn(c: Column): NormalisedColumn {
  const type = c.type ?? 'text';
  const typeWidth =
    type === 'date' || type === 'datetime'
      ? DATE_WIDTH
      : type === 'status'
        ? STATUS_WIDTH
        : REMARK_PROP.test(c.prop)
          ? REMARK_WIDTH
          : undefined;
  const options = resolveOptions(
    c.options ?? (type === 'status' ? 'status' : type === 'yesNo' ? 'yesNo' : undefined),
  );
  return {
    prop: c.prop,
    labelKey: c.labelKey ?? `field.${c.prop}`,
    type,
    width: c.width ?? typeWidth,
    minWidth: c.minWidth ?? typeWidth ?? COLUMN_MIN_WIDTH,
    sortable: c.sortable ?? true,
    sortField: c.sortField ?? c.prop,
    fixed: c.fixed,
    align: c.align ?? (type === 'number' ? 'right' : 'left'),
    options,
    format: type === 'date' || type === 'datetime' ? (c.format ?? DATE_FORMATS[type]) : undefined,
    precision: c.precision ?? 2,
    sum: type === 'number' && (c.sum ?? false),
  };
}

/** Value formats of a field: its format check, its date format and picker, the text limit. */
function fieldFormats(f: Field, widget: WidgetName) {
  const isDate = widget === 'date' || widget === 'datetime' || widget === 'dateRange';
  const specFormat = f.dateFormat ?? (widget === 'datetime' ? SPEC_DATETIME : SPEC_DATE);
  return {
    // Text inputs stay under the spec's 100 characters unless the screen allows fewer.
    maxLength: f.maxLength ?? (widget === 'input' ? TEXT_MAX_LENGTH : undefined),
    format: f.format ?? (widget === 'password' ? ('password' as const) : undefined),
    dateFormat: isDate ? toDayjsFormat(specFormat) : undefined,
    picker: isDate ? pickerTypeOf(specFormat) : undefined,
    endProp: widget === 'dateRange' ? f.endProp : undefined,
    defaultDays: widget === 'dateRange' ? f.defaultDays : undefined,
    days: widget === 'datePreset' ? [...(f.days ?? [])] : undefined,
    send: f.send ?? true,
    table:
      widget === 'editableTable'
        ? {
            rowFields: (f.rowFields ?? []).map(normaliseField),
            editTrigger: f.editTrigger ?? ('click' as const),
            minRows: f.minRows ?? 0,
            minRowsMessageKey: f.minRowsMessageKey ?? 'editableTable.minRows',
            unique: f.unique ?? [],
            rowContext: f.rowContext ?? [],
            movable: f.movable ?? false,
            fixedRows: f.fixedRows ?? false,
            totals: f.totals ?? [],
            lineDocument: f.lineDocument
              ? { call: `${f.lineDocument.service}/${f.lineDocument.define}` }
              : undefined,
          }
        : undefined,
    selector:
      f.selector && (widget === 'remoteSelect' || widget === 'userPicker' || widget === 'itemPicker')
        ? normaliseSelector(f)
        : undefined,
    upload: widget === 'upload' && f.upload ? uploadConfig(f.upload) : undefined,
  };
}

function normaliseSelector(f: Field): NormalisedSelector {
  const condition: Record<string, string | number | boolean> = {};
  const conditionFields: Record<string, string> = {};
  const optionalFields: string[] = [];
  for (const [key, v] of Object.entries(f.lookupCondition ?? {})) {
    if (v === undefined) continue;
    if (typeof v !== 'object') condition[key] = v;
    else {
      conditionFields[key] = v.field;
      if (v.optional) optionalFields.push(v.field);
    }
  }
  if (f.enumMid) condition.enumMid = f.enumMid;
  const needsParent = Boolean(f.dependsOn) || Object.keys(conditionFields).length > optionalFields.length;
  return {
    name: f.selector!,
    dependsOn: f.dependsOn,
    multiple: f.multiple ?? false,
    enumMid: f.enumMid,
    ...(Object.keys(condition).length ? { condition } : {}),
    ...(Object.keys(conditionFields).length ? { conditionFields } : {}),
    ...(optionalFields.length ? { optionalFields } : {}),
    // Spec 000 section 5: dependent and organisation selectors are disabled on edit pages, unless the
    // screen keeps them editable there (readOnlyOnEdit false: a user's data-scope selectors).
    lockOnEdit: f.readOnlyOnEdit ?? (f.selector === 'organisation' || needsParent),
  };
}

/** The fields a selector depends on (cleared when one changes): its dependsOn and lookupCondition fields. */
export const selectorParents = (s: NormalisedSelector): string[] => [
  ...(s.dependsOn ? [s.dependsOn] : []),
  ...Object.values(s.conditionFields ?? {}),
];

/** Of those, the ones it needs a value of to be enabled (all but lookupCondition's optional fields). */
export const selectorNeeds = (s: NormalisedSelector): string[] =>
  selectorParents(s).filter((p) => !s.optionalFields?.includes(p));

/** Keeps tabs that still hold a block (frame-define may hide every field of one). */
function normaliseTabs(tabs: Tab[] | undefined, groups: NormalisedGroup[]): NormalisedTab[] {
  return (tabs ?? [])
    .filter((t) => groups.some((g) => g.tab === t.key))
    .map((t) => ({ key: t.key, titleKey: t.titleKey }));
}

const normaliseGroup = (g: Group): NormalisedGroup => ({
  titleKey: g.titleKey,
  tab: g.tab,
  columns: g.columns ?? 2,
  wide: g.fields.some((f) => f.widget === 'editableTable'),
  fields: g.fields.map(normaliseField),
});

export function normaliseField(f: Field): NormalisedField {
  const widget = f.widget ?? 'input';
  const kind = WIDGET_KINDS[widget];
  return {
    prop: f.prop,
    labelKey: f.labelKey ?? `field.${f.prop}`,
    widget,
    placeholderKey: f.placeholderKey,
    required: f.required ?? false,
    trigger: f.trigger ?? kind.trigger,
    requiredMessageKey:
      f.requiredMessageKey ?? (kind.trigger === 'change' ? 'validation.select' : 'validation.required'),
    pattern: f.pattern,
    patternMessageKey: f.patternMessageKey ?? 'validation.pattern',
    notZero: f.notZero ?? false,
    notZeroMessageKey: f.notZeroMessageKey ?? 'validation.notZero',
    // Number inputs default to a minimum of 0 (spec 000 section 5).
    min: f.min ?? (widget === 'number' || widget === 'decimal' ? 0 : undefined),
    max: f.max,
    precision: f.precision,
    options: resolveOptions(f.options),
    readOnlyOnEdit: f.readOnlyOnEdit ?? false,
    // A date preset's default is a number of days, kept as text like its choices; 'all' is no value.
    defaultValue:
      widget === 'datePreset'
        ? f.default === undefined || f.default === 'all'
          ? undefined
          : String(f.default)
        : f.default,
    span: f.span ?? kind.span,
    showWhen: f.showWhen,
    ...(f.compute ? { compute: f.compute } : {}),
    ...(f.call ? { call: f.call } : {}),
    ...fieldFormats(f, widget),
  };
}

/** A method named alone belongs to the screen's service. */
const qualified = (method: string, screen: Screen) =>
  method.includes('/') ? method : `${screen.service}/${method}`;

const labelKeyOf = (a: Action) =>
  a.labelKey ?? (a.transition ? `transition.${a.transition}` : `action.${a.kind}`);

function normaliseAction(a: Action, index: number, screen: Screen): NormalisedAction {
  const isDelete = a.kind === 'delete' || a.kind === 'physicalDelete';
  const method = a.call ?? (isDelete ? screen.calls.delete : undefined);
  const call = method?.includes('/') ? method : method ? `${screen.service}/${method}` : undefined;
  return {
    key: `${a.kind}-${index}`,
    flag: a.flag,
    kind: a.kind,
    labelKey: labelKeyOf(a),
    selection: a.selection ?? DEFAULT_SELECTION[a.kind],
    target: a.target,
    call,
    confirmKey: a.confirmKey ?? (isDelete ? 'list.confirmDelete' : undefined),
    danger: a.danger ?? isDelete,
    more: a.more ?? false,
    sameValues: a.sameValues ?? [],
    sameValuesReasonKey: a.sameValuesReasonKey ?? 'list.reason.sameValues',
    upload: a.kind === 'upload' && a.upload ? uploadConfig(a.upload) : undefined,
    ...(a.transition ? { transition: a.transition } : {}),
    ...(a.kind === 'dialog' && a.fields
      ? { fields: a.fields.map(normaliseField), titleKey: a.titleKey ?? labelKeyOf(a) }
      : {}),
    states: a.states ?? [],
    ...(a.kind === 'dialog' && a.answer ? { answer: a.answer } : {}),
    ...(a.kind === 'dialog' && a.load ? { load: qualified(a.load, screen) } : {}),
  };
}

function normaliseList(screen: Screen): NormalisedList | undefined {
  const list = screen.list;
  if (!list) return undefined;
  const rank = (flag: string) => FLAG_ORDER.indexOf(flag as (typeof FLAG_ORDER)[number]);
  const actions = (list.actions ?? [])
    .map((a, i) => normaliseAction(a, i, screen))
    // Array.prototype.sort is stable, so actions under one flag keep the screen's order.
    .sort((a, b) => rank(a.flag) - rank(b.flag));
  return {
    rowKey: list.rowKey ?? 'id',
    selection: list.selection ?? 'multiple',
    keyword: list.keyword
      ? { placeholderKey: list.keyword.placeholderKey ?? 'list.keywordPlaceholder' }
      : undefined,
    searchFields: (list.searchFields ?? []).map(normaliseField),
    columns: list.columns.map(normaliseColumn),
    actions,
    defaultSort: list.defaultSort ?? { ...DEFAULT_SORT },
    pageSize: list.pageSize ?? DEFAULT_PAGE_SIZE,
    pageSizes: PAGE_SIZES,
    savedTags: list.savedTags ?? Boolean(list.keyword || list.searchFields?.length),
    columnSetting: list.columnSetting ?? true,
    rowActions: normaliseRowActions(list.rowActions, actions, screen.service, normaliseColumn),
    searchRules: list.searchRules ?? [],
    ...normaliseSearchExtras(list, (o) => resolveOptions(o) ?? []),
  };
}

function normaliseForm(screen: Screen): NormalisedForm | undefined {
  const form = screen.form;
  if (!form) return undefined;
  // The second typing of a value (the field of a sameAs rule) only has to match the first: it takes no
  // default format, so it never states a rule of its own beside the first typing's (a password policy).
  const secondTypings = new Set((form.rules ?? []).filter((r) => r.type === 'sameAs').map((r) => r.field));
  const groups = form.groups.map((g) => {
    const group = normaliseGroup(g);
    if (!group.fields.some((f) => secondTypings.has(f.prop))) return group;
    const fields = group.fields.map((f, i) =>
      secondTypings.has(f.prop) && g.fields[i].format === undefined ? { ...f, format: undefined } : f,
    );
    return { ...group, fields };
  });
  return {
    mode: form.mode,
    single: form.single ?? false,
    tabs: normaliseTabs(form.tabs, groups),
    groups,
    fields: groups.flatMap((g) => g.fields),
    rules: (form.rules ?? []).map((r) => ({ ...r, messageKey: r.messageKey ?? `validation.${r.type}` })),
    reveal: (form.reveal ?? []).map((r) => ({ prop: r.prop, labelKey: r.labelKey ?? `field.${r.prop}` })),
  };
}

function normaliseDetail(screen: Screen): NormalisedDetail | undefined {
  const detail = screen.detail;
  if (!detail) return undefined;
  const groups = detail.groups.map(normaliseGroup);
  return {
    tabs: normaliseTabs(detail.tabs, groups),
    groups,
    fields: groups.flatMap((g) => g.fields),
    actions: (detail.actions ?? []).map((a, i) => ({
      key: `${a.kind}-${i}`,
      kind: a.kind,
      flag: a.flag,
      labelKey: a.labelKey ?? `action.${a.kind}`,
      target: a.target ?? '',
    })),
    document: detail.document ?? false,
    lines: detail.lines && {
      prop: detail.lines.prop,
      titleKey: detail.lines.titleKey,
      rowKey: detail.lines.rowKey ?? 'id',
      // Lines are shown whole, in the server's order: no sorting, no fixed columns.
      columns: detail.lines.columns.map((c) => ({
        ...normaliseColumn(c),
        sortable: false,
        fixed: undefined,
      })),
      lineDocument: detail.lines.lineDocument,
      transitions: (detail.lines.transitions ?? []).map((t) => ({
        transition: t.transition,
        flag: t.flag,
        labelKey: t.labelKey,
      })),
    },
  };
}

/** `screen` must have passed validateScreen. */
export function normaliseScreen(screen: Screen, file: string): NormalisedScreen {
  const call = (method: string | undefined) => (method ? `${screen.service}/${method}` : undefined);
  return {
    file,
    name: screen.name,
    kind: screen.kind,
    path: screen.path,
    menuNo: screen.menuNo,
    titleKey: screen.titleKey,
    parentPath: screen.parentPath,
    module: screen.module ?? screen.menuNo,
    service: screen.service,
    calls: {
      list: call(screen.calls.list),
      get: call(screen.calls.get),
      add: call(screen.calls.add),
      update: call(screen.calls.update),
      delete: call(screen.calls.delete),
      define: call(screen.calls.define),
      history: call(screen.calls.history),
      export: call(screen.calls.export),
    },
    list: normaliseList(screen),
    form: normaliseForm(screen),
    detail: normaliseDetail(screen),
    dashboard: screen.dashboard,
  };
}
