// The normalised screen: every default applied, every key resolved. Page kinds read only this.

import type { Action, Column, DashboardPage, Rule, SearchRule } from '@schemas/generated/screen';
import type { Compute } from '../core/compute';
import type { UploadConfig } from '../files/uploadRules';
import type { PickerType } from '../validation/dates';
import type { ValueFormat } from '../validation/validators';
import type { SelectionRule } from './flags';
import type { NormalisedRowAction } from './rowActions';
import type { SearchExtras } from './searchExtras';
import type { WidgetName } from './widgetKinds';

export interface ResolvedOption {
  value: string;
  labelKey: string;
}

export interface NormalisedColumn {
  prop: string;
  labelKey: string;
  type: NonNullable<Column['type']>;
  width?: number;
  minWidth: number;
  sortable: boolean;
  /** Field sent as condition.field when sorting by this column. */
  sortField: string;
  fixed?: 'left' | 'right';
  align: 'left' | 'center' | 'right';
  options?: ResolvedOption[];
  /** Day.js format of date and datetime columns. */
  format?: string;
  precision: number;
  /** A number column whose page total the summary row shows (engine/pages/list/summary.tsx). */
  sum: boolean;
}

export interface NormalisedField {
  prop: string;
  labelKey: string;
  widget: WidgetName;
  placeholderKey?: string;
  required: boolean;
  trigger: 'blur' | 'change';
  requiredMessageKey: string;
  maxLength?: number;
  pattern?: string;
  patternMessageKey: string;
  /** number: 0 is refused (a unit conversion quantity), with this message. */
  notZero: boolean;
  notZeroMessageKey: string;
  min?: number;
  max?: number;
  precision?: number;
  options?: ResolvedOption[];
  readOnlyOnEdit: boolean;
  defaultValue?: string | number | boolean;
  span: number;
  /** Format a non-empty value must have (mobile, phone, email, password length, the password policy). */
  format?: ValueFormat;
  /** Day.js format of a date, datetime or dateRange value, and the picker it needs. */
  dateFormat?: string;
  picker?: PickerType;
  /** datePreset: the choices, in days back from today (today included), offered beside 'all'. */
  days?: number[];
  /** dateRange in a search form: starts as the last defaultDays days, today included. */
  defaultDays?: number;
  /** dateRange: the property of the range's end; without it the range is one ' - '-joined value. */
  endProp?: string;
  /** The value is sent on save (false for a password typed a second time). */
  send: boolean;
  /** editableTable: a row's columns, what opens a row, and the rows that must remain. */
  table?: {
    rowFields: NormalisedField[];
    editTrigger: 'click' | 'dblclick' | 'hover';
    minRows: number;
    /** Locale key of the refusal below minRows (the spec's own message where it has one). */
    minRowsMessageKey: string;
    /** Row props whose values must differ between rows. */
    unique: string[];
    /** Props of the enclosing form each row borrows (its selectors' dependsOn may name them). */
    rowContext: string[];
    /** Rows may be moved up and down: their order is saved. */
    movable: boolean;
    /** The record's own rows: none added or removed; readOnlyOnEdit cells shown only. */
    fixedRows: boolean;
    /** Row props summed exactly in a totals row under the rows. */
    totals: string[];
    /**
     * Each row is a document of its own: `call` (Service/method) answers its declaration, which gives
     * the state cells their tags and leaves a row outside the editable states read-only.
     */
    lineDocument?: { call: string };
  };
  /** A value computed from other props of the same row (engine/core/compute.ts): shown, never sent. */
  compute?: Compute;
  /** Detail pages: Service/method answering this field's value, asked with the record's {id}. */
  call?: string;
  /** remoteSelect, userPicker and itemPicker: the selector definition, what it depends on and sends. */
  selector?: NormalisedSelector;
  /** Forms: shown (checked, sent) only while the field `prop` has one of `values`. */
  showWhen?: { prop: string; values: (string | number)[] };
  /** upload: purpose, accepted extensions, size limit, one or several files. */
  upload?: UploadConfig;
}

export interface NormalisedSelector {
  /** The selector definition's name (engine/selectors/definitions.ts). */
  name: string;
  /** The parent field whose value is sent under the definition's parentKey. */
  dependsOn?: string;
  multiple: boolean;
  /** selector enum: the dictionary (also in `condition`). */
  enumMid?: string;
  /**
   * Constants always sent in the lookup (lookupCondition constants, enumMid). Absent when none: Formily
   * drops empty objects from component props, so readers never rely on an empty one being there.
   */
  condition?: Record<string, string | number | boolean>;
  /** Condition keys filled from other fields: key → prop (lookupCondition {field}); absent when none. */
  conditionFields?: Record<string, string>;
  /** Of those, the props the selector does not need a value of (lookupCondition {field, optional}). */
  optionalFields?: string[];
  /** Disabled on edit pages (routes with params): dependent and organisation selectors by default. */
  lockOnEdit: boolean;
}

export interface NormalisedAction {
  /** Stable key for rendering. */
  key: string;
  flag: Action['flag'];
  kind: Action['kind'];
  labelKey: string;
  selection: SelectionRule;
  target?: string;
  /** Full call, Service/method. */
  call?: string;
  confirmKey?: string;
  danger: boolean;
  /** Shown in the toolbar's More dropdown (spec 000 section 6). */
  more: boolean;
  /** Props that must hold one value across the selection (engine/pages/list/toolbar.ts mixedProps). */
  sameValues: string[];
  /** Locale key of the tip when the selection mixes them. */
  sameValuesReasonKey: string;
  /** upload: what the upload dialog accepts and for which purpose. */
  upload?: UploadConfig;
  /** transition: the document transition it runs (calls.define declares it). */
  transition?: string;
  /** dialog: what the dialog asks for, normalised like a form's fields. */
  fields?: NormalisedField[];
  /** dialog: locale key of the dialog's title. */
  titleKey?: string;
  /** Document states every selected row must be in; empty: any. */
  states: string[];
  /** dialog: the call answers a file, opened in a new window (a PDF of labels). */
  answer?: 'file';
  /** dialog on one row: Service/method answering the row's record, whose values start the fields. */
  load?: string;
}

/** An action as a run needs it: a toolbar action, or a row button's own call or target (no kind). */
export type RunnableAction = Pick<NormalisedAction, 'key' | 'target' | 'call' | 'confirmKey'> &
  Partial<Pick<NormalisedAction, 'kind' | 'transition'>>;

/** Tabs, type filter and page mode: engine/screens/searchExtras.ts. */
export interface NormalisedList extends SearchExtras {
  rowKey: string;
  selection: 'multiple' | 'single' | 'none';
  keyword?: { placeholderKey: string };
  searchFields: NormalisedField[];
  columns: NormalisedColumn[];
  /** Already in the fixed flag order. */
  actions: NormalisedAction[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  pageSize: number;
  pageSizes: number[];
  /** Saved search tags are offered (ISysTagService). */
  savedTags: boolean;
  /** The column-setting popover is offered (ISysViewService). */
  columnSetting: boolean;
  /** Buttons of each row's operation column, in the screen's order (engine/screens/rowActions.ts). */
  rowActions: NormalisedRowAction[];
  /** Rules the search must meet before it is sent (engine/pages/list/searchRules.ts). */
  searchRules: SearchRule[];
}

export interface NormalisedGroup {
  titleKey?: string;
  /** The key of the page tab the block is on (pages with tabs). */
  tab?: string;
  columns: number;
  /** The group holds a line table (an editableTable): it takes the page's whole width. */
  wide: boolean;
  fields: NormalisedField[];
}

export interface NormalisedRule {
  type: Rule['type'];
  field: string;
  other: string;
  messageKey: string;
}

export interface NormalisedTab {
  key: string;
  titleKey: string;
}

export interface NormalisedForm {
  mode: 'add' | 'modify';
  /** Edits the one record calls.get answers without an id (schema: form.single). */
  single: boolean;
  /** Empty when the blocks stand on one page; else every group names one of these. */
  tabs: NormalisedTab[];
  groups: NormalisedGroup[];
  fields: NormalisedField[];
  rules: NormalisedRule[];
  /** Values of the save's answer shown once after a save (schema: form.reveal); empty: none. */
  reveal: NormalisedReveal[];
}

/** A value of a form's save answer shown once, with its label (default field.<prop>). */
export interface NormalisedReveal {
  prop: string;
  labelKey: string;
}

export interface NormalisedDetailAction {
  key: string;
  /** modify: open `target`; print: the print dialog for the shown record. */
  kind: 'modify' | 'print';
  flag: Action['flag'];
  labelKey: string;
  /** The page a modify button opens ('' for print). */
  target: string;
}

/** A transition of the lines' document offered on the selected lines of a detail page. */
export interface NormalisedLineTransition {
  transition: string;
  flag: Action['flag'];
  /** The screen's own label; absent: the transition's label from the declaration. */
  labelKey?: string;
}

/** The record's lines shown as a table under a detail page's blocks. */
export interface NormalisedDetailLines {
  /** The record's line array, as its get call answers it. */
  prop: string;
  titleKey?: string;
  rowKey: string;
  columns: NormalisedColumn[];
  /** The lines' own document: `define` and the transitions' methods as `Service/method`. */
  lineDocument?: { service: string; define: string };
  transitions: NormalisedLineTransition[];
}

export interface NormalisedDetail {
  tabs: NormalisedTab[];
  groups: NormalisedGroup[];
  fields: NormalisedField[];
  actions: NormalisedDetailAction[];
  /** A business document: its state tag, its transitions and its history (calls.define, calls.history). */
  document: boolean;
  lines?: NormalisedDetailLines;
}

export interface NormalisedScreen {
  /** Where the screen came from, for error messages. */
  file: string;
  name: string;
  kind: 'list' | 'form' | 'detail' | 'dashboard';
  path: string;
  menuNo: string;
  titleKey: string;
  parentPath?: string;
  module: string;
  service: string;
  /** Full calls by role, Service/method. */
  calls: {
    list?: string;
    get?: string;
    add?: string;
    update?: string;
    delete?: string;
    /** A business document's declaration (engine/screens/documentDefine.ts). */
    define?: string;
    /** A document's transition history, {id}. */
    history?: string;
    /** The list's export; absent: the service's exportexcel. */
    export?: string;
  };
  list?: NormalisedList;
  form?: NormalisedForm;
  detail?: NormalisedDetail;
  /** A dashboard's cards, as declared (engine/pages/dashboard/ applies the defaults). */
  dashboard?: DashboardPage;
}
