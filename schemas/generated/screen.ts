/* Generated from schemas/screen.schema.json by `npm run schemas`. Do not edit by hand. */

/**
 * One page of the portal, interpreted by the screen engine (engine/screens). The engine validates the file against this schema, normalises it once and hands the result to the page kind named by `kind`.
 */
export type Screen = {
  /**
   * Relative path to this schema (for example ../../schemas/screen.schema.json), so editors autocomplete and validate the file.
   */
  $schema?: string;
  /**
   * Route name, dotted PascalCase as in the spec (for example Base.Basic.Organizational); unique among screens.
   */
  name: string;
  /**
   * Page kind that renders the screen: list (search, table, toolbar), form (add or modify one record) or detail (one record read-only, in titled blocks, with action buttons), or dashboard (cards of figures, charts and a list of pending work, each bound to a call of the service).
   */
  kind: 'list' | 'form' | 'detail' | 'dashboard';
  /**
   * Absolute route path; `:name` segments are route parameters (for example /base/modify-organizational/:id).
   */
  path: string;
  /**
   * Menu whose permission flags apply and whose number is sent as App-Module-Number; add and modify pages use their parent list's menu.
   */
  menuNo: string;
  /**
   * Locale key of the page title (tab and browser title).
   */
  titleKey: string;
  /**
   * Route path to go back to (Back button, and after a successful save); the parent list for add and modify pages.
   */
  parentPath?: string;
  /**
   * Frame-define module whose custom-field rows are merged into this screen at load time; defaults to menuNo.
   */
  module?: string;
  /**
   * Server service the calls belong to (for example IBmOrgService).
   */
  service: string;
  calls: Calls;
  list?: ListPage;
  form?: FormPage;
  detail?: DetailPage;
  dashboard?: DashboardPage;
};
/**
 * Property name of a record as the server sends and receives it (for example orgNo).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "propName".
 */
export type PropName = string;
/**
 * A toolbar button. It is shown only when the menu grants `flag`, in the fixed flag order; it runs by navigating to `target`, by calling `call` (after `confirmKey`, if any) and reloading, or by asking for `fields` in a dialog first (kind dialog).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "action".
 */
export type Action = {
  flag: FlagName;
  /**
   * What the button does: transition moves the selected documents through the declared transition `transition` (calls.define gives its method, from-states, reason and sides: the button shows only to a user on one of its sides, is enabled only when every selected row is in a from-state and the rows agree on the transition's agree fields, with a tip naming the rows or field that stop it; then a reason dialog or a confirmation, the call, and a summary of what was done or refused); add and modify navigate to `target`; import and export open their dialogs on the screen's service (template, upload with live progress; template chooser, download of the current search); print opens the print dialog (the module's document templates, then IReportPrintService/print of the selected rows: a PDF opened in a new window, or a job for the local print service); upload opens the upload dialog (`upload`: purpose, extensions, size) and searches again when files were uploaded; the others call the service with the selected rows as {delList: [{id, version}]} and reload. Batch update comes with its dialog. dialog asks for `fields` in a dialog over the list (titled `titleKey`, default the button's label) and then calls `call` with the selected rows and the values, {rows: [{id, version}], <prop>: value, ...}, says how many were done and searches again; a refused batch opens the summary of every refused row and why, a refusal of one row keeps the dialog open with what was typed. open navigates to `target` (a page the menu does not list, such as a hidden page under this one), with no selection needed.
   */
  kind:
    | 'add'
    | 'modify'
    | 'delete'
    | 'physicalDelete'
    | 'cancelDelete'
    | 'submit'
    | 'close'
    | 'check'
    | 'end'
    | 'import'
    | 'export'
    | 'print'
    | 'upload'
    | 'transition'
    | 'dialog'
    | 'open';
  /**
   * Locale key of the button text; defaults to action.<kind>.
   */
  labelKey?: string;
  /**
   * Rows that must be selected for the button to be enabled; defaults by kind (spec 000 section 6): modify, delete, cancelDelete exactly one; physicalDelete, submit, close, check, end, print at least one; add none.
   */
  selection?: 'none' | 'exactlyOne' | 'atLeastOne';
  /**
   * Props that must hold one value across the selected rows (an empty value counts as one value) for the button to be enabled; a selection that mixes them disables it with a tip naming them. Spec 000 section 5: print is disabled when the selection mixes organisation and customer combinations, so a document screen's print action names orgNo and customerNo.
   *
   * @minItems 1
   */
  sameValues?: [PropName, ...PropName[]];
  /**
   * Locale key of the tip when the selection mixes values of `sameValues` ({{fields}}: their labels); default list.reason.sameValues.
   */
  sameValuesReasonKey?: string;
  /**
   * Route path to open; each `:name` is filled from the first selected row's property of that name (for example /base/modify-organizational/:id).
   */
  target?: string;
  /**
   * Service method to call: a method of the screen's service, or Service/method of another service (a dialog that makes records of another document); delete and physicalDelete default to calls.delete. check:screens asks that the method exists and, for a dialog, that its condition takes `rows` and every field's prop.
   */
  call?: string;
  /**
   * Locale key of a confirmation question asked before the call; delete and physicalDelete default to list.confirmDelete.
   */
  confirmKey?: string;
  /**
   * Show the button in the danger style; default true for delete kinds.
   */
  danger?: boolean;
  /**
   * Put the button in the toolbar's More dropdown, whatever the width. The other buttons fold only when they do not fit the width.
   */
  more?: boolean;
  upload?: Upload1;
  /**
   * kind transition: the name of the transition of the service's document this button runs (its flag must be the transition's own).
   */
  transition?: string;
  /**
   * dialog: the fields the dialog asks for, as on a form (widget, required, rules, options); each prop is sent under its name beside `rows`.
   *
   * @minItems 1
   */
  fields?: [Field, ...Field[]];
  /**
   * dialog: locale key of the dialog title; defaults to the button's label.
   */
  titleKey?: string;
  /**
   * Document states (codes of calls.define) every selected row must be in for the button to be enabled, with a tip naming each other row and its state: an action that only makes sense for accepted lines names their state.
   *
   * @minItems 1
   */
  states?: [string, ...string[]];
  /**
   * dialog with one row selected: the method (of the screen's service, or Service/method) that answers the row's record, asked with {id} as the dialog opens; the dialog's fields start from the record's values of their props (an editableTable field from the record's lines: a split answer's parts).
   */
  load?: string;
  /**
   * dialog: the call answers a file (a PDF of labels, say) rather than a count: it opens in a new window, or downloads when the browser blocks the window, and the list searches again.
   */
  answer?: 'file';
};
/**
 * Permission flag that must be 'Y' on the screen's menu for the button to show.
 */
export type FlagName =
  | 'isSearch'
  | 'isAdd'
  | 'isModify'
  | 'isDelete'
  | 'isCancelInvalid'
  | 'isBatchUpdate'
  | 'isPhysicalDelete'
  | 'isDeleteAll'
  | 'isSave'
  | 'isSubmit'
  | 'isConfirm'
  | 'isRelease'
  | 'isSuspend'
  | 'isReassign'
  | 'isClose'
  | 'isCheck'
  | 'isApprove'
  | 'isReject'
  | 'isGenerateAdjustment'
  | 'isExceptionHandling'
  | 'isImport'
  | 'isActualCountImport'
  | 'isStockSync'
  | 'isExport'
  | 'isDownload'
  | 'isViewPo'
  | 'isChangeRecord'
  | 'isSendWarning'
  | 'isPrint'
  | 'isEnd'
  | 'isOut';
/**
 * A rule on the search conditions of a list. anyOf: at least one of `groups` must have all its conditions filled. maxDays: when both `from` and `to` are filled and lie more than `days` days apart (counting both ends), at least one of `unless` must be filled.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "searchRule".
 */
export type SearchRule = {
  /**
   * anyOf: one of the groups is filled; maxDays: a date range longer than days needs one of unless.
   */
  type: 'anyOf' | 'maxDays';
  /**
   * anyOf: the groups of conditions, for example [["beginDate", "endDate"], ["itemNo"]].
   *
   * @minItems 1
   */
  groups?: [[PropName, ...PropName[]], ...[PropName, ...PropName[]][]];
  /**
   * Property name of a record as the server sends and receives it (for example orgNo).
   */
  from?: string;
  /**
   * Property name of a record as the server sends and receives it (for example orgNo).
   */
  to?: string;
  /**
   * maxDays: the longest range, in days, that needs nothing more.
   */
  days?: number;
  /**
   * maxDays: conditions any one of which allows a longer range.
   *
   * @minItems 1
   */
  unless?: [PropName, ...PropName[]];
  /**
   * Locale key of the message shown when the rule fails; maxDays passes {{days}}.
   */
  messageKey: string;
};
/**
 * A button of a row's operation column. view opens the record's detail (drawer or page); rows opens the extra-rows dialog; a toolbar kind (modify, delete, ...) runs the toolbar action of that kind on this row only, with its flag, call, target and confirmation; custom runs its own call or target on this row; download fetches the row's file from `call` (with `condition` filled from the row) and saves it under the name the server gives.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "rowAction".
 */
export type RowAction = {
  /**
   * What the button does. transition runs the toolbar transition action naming the same `transition` on this row, and shows only on rows in one of its from-states. A toolbar kind needs the toolbar action of the same kind in list.actions and takes everything from it. download saves the row's file.
   */
  kind:
    | 'view'
    | 'rows'
    | 'modify'
    | 'delete'
    | 'physicalDelete'
    | 'cancelDelete'
    | 'submit'
    | 'close'
    | 'check'
    | 'end'
    | 'custom'
    | 'download'
    | 'transition';
  flag?: FlagName1;
  /**
   * The button shows only on rows whose property `prop` has one of `values` (a scheduled job's pause on running jobs, start on paused ones).
   */
  showWhen?: {
    /**
     * Property name of a record as the server sends and receives it (for example orgNo).
     */
    prop: string;
    /**
     * The values of `prop` for which the button shows.
     *
     * @minItems 1
     */
    values: [string | number, ...(string | number)[]];
  };
  /**
   * Locale key of the button text; defaults to action.<kind> (a toolbar kind: its toolbar action's label).
   */
  labelKey?: string;
  /**
   * view: route path of the detail screen; each `:name` is filled from the row (for example /base/organizational-detail/:id).
   */
  detail?: string;
  /**
   * view: show the detail in the right-side drawer (75% wide) or open the detail page; default drawer.
   */
  open?: 'drawer' | 'page';
  /**
   * custom: route path to open; each `:name` is filled from the row.
   */
  target?: string;
  /**
   * custom: method of the screen's service, called with {delList: [{id, version}]} of the row. rows: Service/method (or a method of the screen's service) answering a page of the child rows. download: Service/method answering the file (blob), for example ISrmFileService/downloadFileById.
   */
  call?: string;
  /**
   * custom: locale key of a question asked before the call.
   */
  confirmKey?: string;
  /**
   * custom: show the button in the danger style.
   */
  danger?: boolean;
  /**
   * rows: the condition sent with the call; a string value ':name' is replaced by the row's property of that name (for example {"orgNo": ":orgNo"}). download: the condition of the file call, filled the same way (for example {"id": ":fileId"}).
   */
  condition?: {
    [k: string]: string | number | boolean | undefined;
  };
  /**
   * rows: locale key of the dialog title; defaults to the button's label.
   */
  titleKey?: string;
  /**
   * rows: columns of the dialog's table.
   *
   * @minItems 1
   */
  columns?: [Column, ...Column[]];
  /**
   * Property name of a record as the server sends and receives it (for example orgNo).
   */
  rowKey?: string;
  /**
   * kind transition: the name of the toolbar transition action this button runs on its row.
   */
  transition?: string;
};
/**
 * Permission flag that must be 'Y' for the button to show; view, rows and download default to isSearch, a toolbar kind to its toolbar action's flag; required for custom.
 */
export type FlagName1 =
  | 'isSearch'
  | 'isAdd'
  | 'isModify'
  | 'isDelete'
  | 'isCancelInvalid'
  | 'isBatchUpdate'
  | 'isPhysicalDelete'
  | 'isDeleteAll'
  | 'isSave'
  | 'isSubmit'
  | 'isConfirm'
  | 'isRelease'
  | 'isSuspend'
  | 'isReassign'
  | 'isClose'
  | 'isCheck'
  | 'isApprove'
  | 'isReject'
  | 'isGenerateAdjustment'
  | 'isExceptionHandling'
  | 'isImport'
  | 'isActualCountImport'
  | 'isStockSync'
  | 'isExport'
  | 'isDownload'
  | 'isViewPo'
  | 'isChangeRecord'
  | 'isSendWarning'
  | 'isPrint'
  | 'isEnd'
  | 'isOut';
/**
 * Permission flag that must be 'Y' on the screen's menu for the button to show.
 */
export type FlagName2 =
  | 'isSearch'
  | 'isAdd'
  | 'isModify'
  | 'isDelete'
  | 'isCancelInvalid'
  | 'isBatchUpdate'
  | 'isPhysicalDelete'
  | 'isDeleteAll'
  | 'isSave'
  | 'isSubmit'
  | 'isConfirm'
  | 'isRelease'
  | 'isSuspend'
  | 'isReassign'
  | 'isClose'
  | 'isCheck'
  | 'isApprove'
  | 'isReject'
  | 'isGenerateAdjustment'
  | 'isExceptionHandling'
  | 'isImport'
  | 'isActualCountImport'
  | 'isStockSync'
  | 'isExport'
  | 'isDownload'
  | 'isViewPo'
  | 'isChangeRecord'
  | 'isSendWarning'
  | 'isPrint'
  | 'isEnd'
  | 'isOut';
/**
 * Its permission flag (the transition's own).
 */
export type FlagName3 =
  | 'isSearch'
  | 'isAdd'
  | 'isModify'
  | 'isDelete'
  | 'isCancelInvalid'
  | 'isBatchUpdate'
  | 'isPhysicalDelete'
  | 'isDeleteAll'
  | 'isSave'
  | 'isSubmit'
  | 'isConfirm'
  | 'isRelease'
  | 'isSuspend'
  | 'isReassign'
  | 'isClose'
  | 'isCheck'
  | 'isApprove'
  | 'isReject'
  | 'isGenerateAdjustment'
  | 'isExceptionHandling'
  | 'isImport'
  | 'isActualCountImport'
  | 'isStockSync'
  | 'isExport'
  | 'isDownload'
  | 'isViewPo'
  | 'isChangeRecord'
  | 'isSendWarning'
  | 'isPrint'
  | 'isEnd'
  | 'isOut';
/**
 * A key of the flat locale files in locales/ (for example field.orgNo); the engine translates it in the user's language.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "localeKey".
 */
export type LocaleKey = string;
/**
 * Method name of the screen's service (for example getbmorglistbyparams).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "methodName".
 */
export type MethodName = string;
/**
 * A menu permission flag (schemas/flag.schema.json, in the fixed toolbar order). check:screens refuses a flag the screen's menu does not offer.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "flagName".
 */
export type FlagName4 =
  | 'isSearch'
  | 'isAdd'
  | 'isModify'
  | 'isDelete'
  | 'isCancelInvalid'
  | 'isBatchUpdate'
  | 'isPhysicalDelete'
  | 'isDeleteAll'
  | 'isSave'
  | 'isSubmit'
  | 'isConfirm'
  | 'isRelease'
  | 'isSuspend'
  | 'isReassign'
  | 'isClose'
  | 'isCheck'
  | 'isApprove'
  | 'isReject'
  | 'isGenerateAdjustment'
  | 'isExceptionHandling'
  | 'isImport'
  | 'isActualCountImport'
  | 'isStockSync'
  | 'isExport'
  | 'isDownload'
  | 'isViewPo'
  | 'isChangeRecord'
  | 'isSendWarning'
  | 'isPrint'
  | 'isEnd'
  | 'isOut';
/**
 * Name of a transition the screen service's document declares (services/document/define.ts), for example publish.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "transitionName".
 */
export type TransitionName = string;
/**
 * Choices of an enumerated value: inline, or the name of a set the engine knows (status: '1' valid, '0' invalid; yesNo: 'Y', 'N').
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "options".
 */
export type Options = [Option, ...Option[]] | ('status' | 'yesNo' | 'yesNoNumber');

/**
 * The spec's methods of `service` this page calls, by role (list, get, add, update, delete, define, history).
 */
export interface Calls {
  /**
   * Paged search: {current, size, condition: {keyword, field, order, ...filters}}.
   */
  list?: string;
  /**
   * Load one record: {id}.
   */
  get?: string;
  /**
   * Create a record from the form values.
   */
  add?: string;
  /**
   * Update a record: {id, version, ...form values}.
   */
  update?: string;
  /**
   * Delete records: {delList: [{id, version}]}; the default call of delete and physicalDelete actions.
   */
  delete?: string;
  /**
   * A business document's declaration (services/document/methods.ts): its states with labels and colours, its transitions with method, flag, sides, from-states and reason, and the caller's side. Needed by `state` columns, `transition` actions and a detail page with `document`.
   */
  define?: string;
  /**
   * A document's transition history: {id}, answered oldest first; shown as a timeline by a detail page with `document`.
   */
  history?: string;
  /**
   * The list's export: {...the current search, exportName}, answered with the workbook (or a job for a large one); default exportexcel. A page the spec gives an export of its own names it (the VMI query: exportWarehouseEnd).
   */
  export?: string;
}
/**
 * kind list: the columns, search fields, toolbar, row actions and tabs of the list page.
 */
export interface ListPage {
  /**
   * Property that identifies a row; default id.
   */
  rowKey?: string;
  /**
   * Row selection column; default multiple.
   */
  selection?: 'multiple' | 'single' | 'none';
  /**
   * Keyword search box (Enter or the search icon searches); sent as condition.keyword.
   */
  keyword?: {
    /**
     * Locale key of the placeholder; default list.keywordPlaceholder.
     */
    placeholderKey?: string;
  };
  /**
   * Advanced search fields, sent in condition under their prop.
   */
  searchFields?: Field[];
  /**
   * Table columns, in display order.
   *
   * @minItems 1
   */
  columns: [Column, ...Column[]];
  /**
   * Toolbar buttons; shown in the fixed flag order whatever their order here.
   */
  actions?: Action[];
  /**
   * Rules the search conditions must meet before the list asks the server (spec 001 section 5: the label, container and transaction query rules). They are checked on every search (the first load too) and on the advanced form's Query; a failing rule sends nothing and shows its message in the advanced form and above the table. The server enforces the same rules.
   */
  searchRules?: SearchRule[];
  /**
   * Buttons in each row's operation column, in this order; each shown only when the menu grants its flag. At most 4 show, the rest fold into a More dropdown (spec 000 sections 6 and 9).
   */
  rowActions?: RowAction[];
  defaultSort?: Sort;
  /**
   * Initial page size; default 20.
   */
  pageSize?: 20 | 30 | 50 | 100 | 200 | 300 | 500 | 1000;
  /**
   * Saved search tags (ISysTagService, module = menuNo): a dropdown of fixed and personal tags and 'Add to favourite tags' in the advanced search; default true when the page has a keyword or search fields.
   */
  savedTags?: boolean;
  /**
   * The column-setting popover (show or hide, freeze left, reorder), saved per user and screen on the server (ISysViewService); default true.
   */
  columnSetting?: boolean;
  /**
   * Tabs above the table (spec 000 section 2), each with a name and a count. A tab is a value of prop (sent in the search condition under prop; an empty value sends nothing: 'all') or a named filter the service declares (sent as condition.namedFilter: a state that is no single column's value, such as overdue). The first tab is the default. Counts come with the list answer: the page asks condition.countBy = prop (so the server must declare prop as an eq filter) and condition.countFilters = the tabs' named filters; every count leaves the tabs' own condition out.
   */
  tabs?: {
    /**
     * Property name of a record as the server sends and receives it (for example orgNo).
     */
    prop?: string;
    /**
     * The tabs, in display order; values unique.
     *
     * @minItems 2
     *
     * Items: One tab: a value or a named filter, exactly one of them.
     */
    items: [
      {
        /**
         * Value sent under prop; '' for the tab without this condition (all).
         */
        value?: string;
        /**
         * A named filter of the service's resource (services/README.md, "Named filters"), sent as condition.namedFilter: the tab shows the records the server's condition of that name holds (check:screens asks that the service declares it).
         */
        filter?: string;
        /**
         * Locale key of the tab's name.
         */
        labelKey: string;
      },
      {
        /**
         * Value sent under prop; '' for the tab without this condition (all).
         */
        value?: string;
        /**
         * A named filter of the service's resource (services/README.md, "Named filters"), sent as condition.namedFilter: the tab shows the records the server's condition of that name holds (check:screens asks that the service declares it).
         */
        filter?: string;
        /**
         * Locale key of the tab's name.
         */
        labelKey: string;
      },
      ...{
        /**
         * Value sent under prop; '' for the tab without this condition (all).
         */
        value?: string;
        /**
         * A named filter of the service's resource (services/README.md, "Named filters"), sent as condition.namedFilter: the tab shows the records the server's condition of that name holds (check:screens asks that the service declares it).
         */
        filter?: string;
        /**
         * Locale key of the tab's name.
         */
        labelKey: string;
      }[]
    ];
    /**
     * Show each tab's count (capped at 9999+); default true.
     */
    counts?: boolean;
  };
  /**
   * The type-filter button group (spec 000 section 2): one button per option plus 'all'; the active option's value is sent under prop, 'all' sends nothing.
   */
  typeFilter?: {
    /**
     * Property name of a record as the server sends and receives it (for example orgNo).
     */
    prop: string;
    /**
     * One button per option: its value and label.
     */
    options: [Option, ...Option[]] | ('status' | 'yesNo' | 'yesNoNumber');
    /**
     * Locale key of the 'all' button; default list.all.
     */
    allLabelKey?: string;
  };
  /**
   * The page-mode switch (spec 000 section 2: two icon modes, values 0 and 1). Each mode adds its condition to the search; switching searches again from page 1.
   */
  pageMode?: {
    /**
     * Mode on first load; default 0.
     */
    default?: 0 | 1;
    /**
     * Mode 0, then mode 1.
     *
     * @minItems 2
     * @maxItems 2
     *
     * Items: One page mode.
     */
    modes: [
      {
        /**
         * The mode's value.
         */
        value: 0 | 1;
        /**
         * Locale key of the mode's tooltip.
         */
        labelKey: string;
        /**
         * Icon of the mode's button.
         */
        icon: 'table' | 'unorderedList' | 'appstore' | 'apartment' | 'global' | 'team' | 'profile';
        /**
         * Search conditions the mode adds (for example isControlSupplier 'N').
         */
        condition?: {
          [k: string]: string | number | boolean | undefined;
        };
      },
      {
        /**
         * The mode's value.
         */
        value: 0 | 1;
        /**
         * Locale key of the mode's tooltip.
         */
        labelKey: string;
        /**
         * Icon of the mode's button.
         */
        icon: 'table' | 'unorderedList' | 'appstore' | 'apartment' | 'global' | 'team' | 'profile';
        /**
         * Search conditions the mode adds (for example isControlSupplier 'N').
         */
        condition?: {
          [k: string]: string | number | boolean | undefined;
        };
      }
    ];
  };
}
/**
 * An input of a form or of the search form.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "field".
 */
export interface Field {
  /**
   * Record (or search condition) property the input edits.
   */
  prop: string;
  /**
   * Locale key of the label; defaults to field.<prop>.
   */
  labelKey?: string;
  /**
   * Name of the widget in the engine's widget registry; default input. Text inputs take at most 100 characters unless maxLength says otherwise; number inputs fewer than 20 digits and at most 5 decimals, minimum 0 unless min says otherwise; decimal edits an exact decimal of the server (a quantity or an amount) as decimal text, never a float: fewer than 20 digits, `precision` decimals (default 5, at most the field's scale), minimum 0 unless min says otherwise; checkbox stores Y or N; digitCheckboxes is a group of checkboxes over `options` whose value is one string of the checked options' values (each a single character) in the options' order, '' when none (a custom field's displayPage, "123"); date pickers follow dateFormat; password hides what is typed; editableTable edits a list of rows (rowFields, editTrigger, minRows); i18nNames edits one text per language (en-US, zh-CN, zh-TW, vi) as an object keyed by language code, and with required every language must be filled.; menuPermissionTree edits a menu list [{menuNo, isSearch: 'Y' or 'N', ...the flags the menu offers}] as a tree of every menu with authorise all or cancel and expand or collapse all (role and user screens); upload chooses files, checks them in the browser, uploads each one (ISrmFileService/uploadFile) and keeps their ids comma-joined (see `upload`), and read-pretty shows each file's name as a download link; itemPicker is the item-code picker dialog with search (spec 000 section 2): the code in a read-only input and a button opening the table-select dialog of valid items (keyword search, 20 a page) of the organisation its dependsOn field holds; state shows a row's document status as its coloured tag (a row field of an editableTable with lineDocument only); datePreset (list search fields only) chooses among the last `days` days or all, and sends the chosen start day under prop, a date-from (gte) filter of the server, worked out from today when the search is sent: the search value itself stays relative ("30"), so a saved tag or view keeps meaning the last 30 days; richText edits an announcement's rich text as HTML in a text area with a formatting toolbar (headings, emphasis, lists, quote, link, an image uploaded to the file store) and a preview, and read-pretty shows it as HTML (the server cleans it before storing); timeline (detail pages, with `call`) shows a list of steps [{key, title, time, qty, docNo, color, details}] as a timeline, oldest first: an order line's tracking.
   */
  widget?:
    | 'input'
    | 'textarea'
    | 'number'
    | 'decimal'
    | 'select'
    | 'date'
    | 'datetime'
    | 'checkbox'
    | 'digitCheckboxes'
    | 'password'
    | 'dateRange'
    | 'editableTable'
    | 'remoteSelect'
    | 'userPicker'
    | 'i18nNames'
    | 'menuPermissionTree'
    | 'upload'
    | 'itemPicker'
    | 'state'
    | 'datePreset'
    | 'richText'
    | 'timeline';
  /**
   * Locale key of the placeholder.
   */
  placeholderKey?: string;
  /**
   * Detail pages only: the method (of the screen's service, or Service/method) that answers this field's value, asked with {id} of the record once the record has loaded, so a value that costs its own reading (an order line's tracking) is read by the page that shows it. The field is then the screen's own, no field of the record.
   */
  call?: string;
  /**
   * The value must not be empty.
   */
  required?: boolean;
  /**
   * When the required check runs; default blur for text inputs and change for selects, dates and checkboxes (spec 000 section 5).
   */
  trigger?: 'blur' | 'change';
  /**
   * Locale key of the required message; default validation.required (with the label).
   */
  requiredMessageKey?: string;
  /**
   * Longest text allowed, in characters.
   */
  maxLength?: number;
  /**
   * Regular expression a non-empty text value must match (whole value: anchor it with ^ and $).
   */
  pattern?: string;
  /**
   * Locale key of the message shown when `pattern` fails; default validation.pattern.
   */
  patternMessageKey?: string;
  /**
   * number only: 0 is refused (spec 001 section 5: a unit conversion's source and target quantity must not be 0). Empty values pass; combine with required.
   */
  notZero?: boolean;
  /**
   * Locale key of the message shown when `notZero` fails; default validation.notZero (with the label).
   */
  notZeroMessageKey?: string;
  /**
   * Smallest number allowed; number inputs default to 0.
   */
  min?: number;
  /**
   * Largest number allowed.
   */
  max?: number;
  /**
   * Decimals a number or decimal input accepts (decimal: default 5, at most the server field's scale).
   */
  precision?: number;
  /**
   * Choices of a select.
   */
  options?: [Option, ...Option[]] | ('status' | 'yesNo' | 'yesNoNumber');
  /**
   * Shown but not editable on a modify page, and not sent there (for example a record's number). A dependent selector and the organisation selector are locked on edit pages by default (spec 000 section 5); false keeps them editable there (a user's data-scope selectors).
   */
  readOnlyOnEdit?: boolean;
  /**
   * Initial value on an add page (or in the search form).
   */
  default?: string | number | boolean;
  /**
   * Grid columns the input spans in its group; default 1 (textarea 2).
   */
  span?: number;
  /**
   * Format a non-empty value must have (spec 000 section 5): mobile exactly 11 digits (common.validMobile); phone a landline, 3 digits, optional hyphen and 8 digits, or 4 and 7 (common.validPhone); email (common.validEmail); password 6 to 20 characters (the default of the password widget, but not of the second typing of a sameAs rule, which only has to match); passwordPolicy the server's active password policy (ISysPasswordPolicyService/getPasswordRule, judged by engine/core/passwordPolicy.ts as the server judges it: its lengths, the character classes it requires, and not containing the form's userNo), stated as help text under the field (password widget only). Empty values pass.
   */
  format?: 'mobile' | 'phone' | 'email' | 'password' | 'passwordPolicy';
  /**
   * Format of a date, datetime or dateRange value as the spec writes it; the picker follows it: yyyy-MM-dd a day (the date default), yyyy-MM-dd HH:mm:ss a date and time (the datetime default), yyyy-MM a month, yyyy a year.
   */
  dateFormat?: string;
  /**
   * datePreset only: the choices, in days counted back from today (today included: 7 is today and the 6 days before), in display order, each offered beside 'all' (no condition). The field's default is one of them, or 'all' (the default).
   *
   * @minItems 1
   */
  days?: [number, ...number[]];
  /**
   * dateRange in a list's search form: the range starts as the last defaultDays days, today included (so a query screen whose rules need a range shows something when it opens).
   */
  defaultDays?: number;
  /**
   * dateRange only: the property that holds the range's end (`prop` holds its start). Without it the range is one value, its two ends joined with ' - '.
   */
  endProp?: string;
  /**
   * Whether the value is sent on save; default true. false for a value that is only checked, such as a password typed a second time.
   */
  send?: boolean;
  /**
   * editableTable only: the columns of a row, each a field with its widget and rules; a row is checked with them before it leaves edit mode and before the form is saved.
   *
   * @minItems 1
   */
  rowFields?: [Field, ...Field[]];
  /**
   * editableTable only: what puts a row in edit mode; default click. With click or hover one row edits at a time (the open row is checked and closed first); with dblclick several may.
   */
  editTrigger?: 'click' | 'dblclick' | 'hover';
  /**
   * editableTable only: the rows are the record's own (one per column of a table layout, say): no row is added or removed (combine with movable to reorder them), and row fields with readOnlyOnEdit are shown, never edited. Default false.
   */
  fixedRows?: boolean;
  /**
   * editableTable only: rows that must remain (for example 1: 'at least one rule row must remain'); removing below it is refused, and so is saving with fewer. Default 0.
   */
  minRows?: number;
  /**
   * editableTable only: locale key of the message shown when a removal or a save would leave fewer than minRows rows (for example the spec's 'Batch rule needs at least one detail line'); default editableTable.minRows (with {{min}}).
   */
  minRowsMessageKey?: string;
  /**
   * editableTable only: row props whose values must differ between the rows (for example codingId, unique within a barcode rule). A row repeating another row's value is refused on that cell (editableTable.duplicate) before it leaves edit mode and before the form is saved.
   *
   * @minItems 1
   */
  unique?: [PropName, ...PropName[]];
  /**
   * editableTable only: props of the enclosing form that every row holds as its own values, kept up to date and never sent with the rows, so a row's selector can depend on them with dependsOn (an export template's columns are fields of the template's module). Each must be a field of the form.
   *
   * @minItems 1
   */
  rowContext?: [PropName, ...PropName[]];
  /**
   * editableTable only: each row has move-up and move-down buttons, for a table whose row order is saved (an export template's columns). Default false.
   */
  movable?: boolean;
  compute?: Compute;
  /**
   * editableTable only: row props (decimal or computed) summed exactly in a totals row under the rows, each formatted like its column.
   *
   * @minItems 1
   */
  totals?: [PropName, ...PropName[]];
  /**
   * editableTable only: each row is a business document of its own (an order line with its answer status): the declaration call of its service gives the state tag of a rowField with widget state, and a row outside the declaration's editable states is shown, never edited.
   */
  lineDocument?: {
    /**
     * The rows' service (services/CONTRACT.md).
     */
    service: string;
    /**
     * Its document declaration call (get...Define), asked with the page's menu.
     */
    define: string;
  };
  /**
   * remoteSelect, userPicker and itemPicker: the named selector definition (engine/selectors/definitions.ts) giving the lookup, value and label fields, page size (10; organisation, supplier and item 20) and the condition always sent (valid records only). organisation offers the user's own organisations and defaults to the user's orgNo on an add page; supplier defaults to a supplier user's own supplier on an add page. zone, cell and badCell (cells with isBadCell '1') depend on a warehouse; customer, unit, item, category and itemGroup on an organisation. template lists the label templates (templateType 2), sorted by their sort order.
   */
  selector?:
    | 'organisation'
    | 'warehouse'
    | 'supplier'
    | 'classifyType'
    | 'role'
    | 'user'
    | 'enum'
    | 'menu'
    | 'dictionary'
    | 'exportModule'
    | 'frameDefineModule'
    | 'exportField'
    | 'importPort'
    | 'employee'
    | 'jobClass'
    | 'zone'
    | 'cell'
    | 'badCell'
    | 'customer'
    | 'unit'
    | 'item'
    | 'category'
    | 'itemGroup'
    | 'boxRule'
    | 'barRule'
    | 'lotRule'
    | 'wave'
    | 'noticeTemplate'
    | 'noticeEvent'
    | 'upperMethod'
    | 'underMethod'
    | 'turnMethod'
    | 'allocateMethod'
    | 'docType'
    | 'machine'
    | 'dropdownData'
    | 'userByRole'
    | 'template';
  /**
   * Property name of a record as the server sends and receives it (for example orgNo).
   */
  dependsOn?: string;
  /**
   * remoteSelect and userPicker: more of the lookup's condition. A constant is always sent ("bigModule": "PO"); {"field": "docNature"} sends that form field's value, and the selector then needs it like its dependsOn: disabled until it has a value, cleared when it changes (spec 000 section 5: 'need an organisation (and, where used, a document nature)').
   */
  lookupCondition?: {
    [k: string]:
      | string
      | number
      | boolean
      | {
          /**
           * Property name of a record as the server sends and receives it (for example orgNo).
           */
          field: string;
          /**
           * Sent only when the field has a value, and not needed for the selector to be enabled (a filter the user may leave empty). The selector is still cleared when it changes.
           */
          optional?: boolean;
        }
      | undefined;
  };
  /**
   * remoteSelect: several values may be chosen, stored comma-joined.
   */
  multiple?: boolean;
  /**
   * remoteSelect with selector enum: the dictionary whose values are offered (condition enumMid).
   */
  enumMid?: string;
  /**
   * Form fields: the field is shown (checked and sent) only while the field `prop` has one of `values`; otherwise it is hidden, skipped by validation and sent as null. For example dateFormat only for a date fieldType.
   */
  showWhen?: {
    /**
     * Property name of a record as the server sends and receives it (for example orgNo).
     */
    prop: string;
    /**
     * The values of `prop` for which this field shows.
     *
     * @minItems 1
     */
    values: [string | number, ...(string | number)[]];
  };
  upload?: Upload;
}
/**
 * One choice of an enumerated value.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "option".
 */
export interface Option {
  /**
   * Value as stored and sent (for example '1').
   */
  value: string;
  /**
   * Locale key of the text shown for the value.
   */
  labelKey: string;
}
/**
 * editableTable row fields only: a value the engine computes from other props of the same row, exactly (engine/core/decimal.ts), whenever they change: shown read-only, never sent (the server derives its own). Quantity times price rounded to money, a tax as a percentage of an amount rounded to money, or a sum (spec 001: amounts round half-up to 2 places; a total is the sum of rounded lines).
 */
export interface Compute {
  /**
   * [quantity, price]: their product rounded half-up to 2 places (a line amount).
   *
   * @minItems 2
   * @maxItems 2
   */
  amount?: [PropName, PropName];
  /**
   * [amount, rate]: the amount times the rate (a percentage) divided by 100, rounded half-up to 2 places.
   *
   * @minItems 2
   * @maxItems 2
   */
  tax?: [PropName, PropName];
  /**
   * Props added up exactly (an amount and its tax).
   *
   * @minItems 2
   */
  sum?: [PropName, PropName, ...PropName[]];
}
/**
 * widget upload: the file purpose, the extensions and size accepted (narrowing the purpose's own), one file or several.
 */
export interface Upload {
  /**
   * What the file is for, which decides who may upload it and what it may be (services/CONTRACT.md, Files): file (the file-management screen, isAdd), attachment (a form's attachments: the screen's menu grants isAdd, isModify or isSave), news (an announcement's files), avatar (jpg or png of at most 2 MB), appVersion (an Android .apk).
   */
  purpose: 'file' | 'attachment' | 'news' | 'avatar' | 'appVersion';
  /**
   * Extensions offered and allowed before sending (jpg also takes .jpeg); default the purpose's own list: jpg, png, pdf, txt, doc, docx, xls, xlsx (avatar jpg, png; appVersion apk). Any other is refused with 'Only files in the format of ... can be uploaded'.
   *
   * @minItems 1
   */
  accept?: [
    'jpg' | 'png' | 'pdf' | 'txt' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'apk',
    ...('jpg' | 'png' | 'pdf' | 'txt' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'apk')[]
  ];
  /**
   * Largest file in MB, checked before sending ('The file size cannot exceed {size}MB'); default 50 (avatar 2, appVersion 200). The server's own limit (UPLOAD_MAX_MB) applies as well.
   */
  maxSizeMb?: number;
  /**
   * Several files may be kept, each uploaded on its own; default false: one file, and a new one replaces it.
   */
  multiple?: boolean;
  /**
   * multiple only: the most files kept; default 10.
   */
  maxCount?: number;
}
/**
 * A table column. Defaults (spec 000 section 9): minWidth 130 and server-sortable; remark 200 wide; date and date-time 160; status 100.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "column".
 */
export interface Column {
  /**
   * Property name of a record as the server sends and receives it (for example orgNo).
   */
  prop: string;
  /**
   * Locale key of the header; defaults to field.<prop>.
   */
  labelKey?: string;
  /**
   * How the value is shown: state as a document's coloured status tag, label and colour from calls.define; text as is; number with the thousands separators of the user's language and `precision` decimals, rounded half-up and exact for a server decimal of any length ('--' when not finite); date yyyy-MM-dd; datetime yyyy-MM-dd HH:mm:ss; status, enum and yesNo through their options. Default text.
   */
  type?: 'text' | 'number' | 'date' | 'datetime' | 'status' | 'enum' | 'yesNo' | 'state';
  /**
   * Choices for enum columns; status and yesNo columns use their built-in set unless given.
   */
  options?: [Option, ...Option[]] | ('status' | 'yesNo' | 'yesNoNumber');
  /**
   * Decimals of a number column; default 2.
   */
  precision?: number;
  /**
   * number only: the table's summary row shows this column's total over the rows of the page shown, summed exactly as decimals and formatted like the column. Default false.
   */
  sum?: boolean;
  /**
   * Day.js display format of a date or datetime column, overriding the default.
   */
  format?: string;
  /**
   * Fixed width in pixels.
   */
  width?: number;
  /**
   * Minimum width in pixels; default 130 (or the type's default width).
   */
  minWidth?: number;
  /**
   * Whether the server can sort by the column; default true.
   */
  sortable?: boolean;
  /**
   * Sort field sent to the server when it differs from prop (for example t1.updateDate).
   */
  sortField?: string;
  /**
   * Freeze the column on that side.
   */
  fixed?: 'left' | 'right';
  /**
   * Cell alignment; numbers default to right.
   */
  align?: 'left' | 'center' | 'right';
}
/**
 * kind upload: the file purpose, the extensions and size accepted, one file or several.
 */
export interface Upload1 {
  /**
   * What the file is for, which decides who may upload it and what it may be (services/CONTRACT.md, Files): file (the file-management screen, isAdd), attachment (a form's attachments: the screen's menu grants isAdd, isModify or isSave), news (an announcement's files), avatar (jpg or png of at most 2 MB), appVersion (an Android .apk).
   */
  purpose: 'file' | 'attachment' | 'news' | 'avatar' | 'appVersion';
  /**
   * Extensions offered and allowed before sending (jpg also takes .jpeg); default the purpose's own list: jpg, png, pdf, txt, doc, docx, xls, xlsx (avatar jpg, png; appVersion apk). Any other is refused with 'Only files in the format of ... can be uploaded'.
   *
   * @minItems 1
   */
  accept?: [
    'jpg' | 'png' | 'pdf' | 'txt' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'apk',
    ...('jpg' | 'png' | 'pdf' | 'txt' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'apk')[]
  ];
  /**
   * Largest file in MB, checked before sending ('The file size cannot exceed {size}MB'); default 50 (avatar 2, appVersion 200). The server's own limit (UPLOAD_MAX_MB) applies as well.
   */
  maxSizeMb?: number;
  /**
   * Several files may be kept, each uploaded on its own; default false: one file, and a new one replaces it.
   */
  multiple?: boolean;
  /**
   * multiple only: the most files kept; default 10.
   */
  maxCount?: number;
}
/**
 * The sort of the first load and of a reset: a field the server declares sortable and its order.
 */
export interface Sort {
  /**
   * Sort field as the server declares it (for example t1.updateDate).
   */
  field: string;
  /**
   * Direction.
   */
  order: 'asc' | 'desc';
}
/**
 * kind form: the groups of fields of an add or modify page, its tabs and cross-field rules.
 */
export interface FormPage {
  /**
   * Tabs over the blocks, in order (the first is shown first); each block names its tab. Without tabs the blocks stand on one page.
   *
   * @minItems 1
   */
  tabs?: [Tab, ...Tab[]];
  /**
   * add: empty form, saved with calls.add; modify: loaded with calls.get {id} from the :id route parameter, saved with calls.update and the record's id and version.
   */
  mode: 'add' | 'modify';
  /**
   * modify only: the page edits the one record its get call answers without an id (a settings page such as the password policy), so its route has no :id; after a save it stays and shows the saved record.
   */
  single?: boolean;
  /**
   * Field blocks, in display order.
   *
   * @minItems 1
   */
  groups: [Group, ...Group[]];
  /**
   * Cross-field rules.
   */
  rules?: Rule[];
  /**
   * Values of the save's answer shown once after a successful save, in a dialog the user must close (a secret the server keeps only as a hash): each with a copy button and a warning that it will not be shown again. An answer without any of them closes the page as usual.
   *
   * @minItems 1
   */
  reveal?: [RevealValue, ...RevealValue[]];
}
/**
 * A tab of a form or detail page. Every tab's fields exist (are validated and sent) whichever tab is shown; a tab holding a field with an error carries an error marker, and a refused save switches to the first such tab.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "tab".
 */
export interface Tab {
  /**
   * The name blocks use in `tab`; unique on the page.
   */
  key: string;
  /**
   * Locale key of the tab's title.
   */
  titleKey: string;
}
/**
 * A titled block of form fields laid out on a grid.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "group".
 */
export interface Group {
  /**
   * Locale key of the block title; none for an untitled block.
   */
  titleKey?: string;
  /**
   * On a page with tabs: the key of the tab this block is on (every block names one). Blocks keep their order within their tab.
   */
  tab?: string;
  /**
   * Grid columns of the block; default 2.
   */
  columns?: number;
  /**
   * Fields, in display order.
   *
   * @minItems 1
   */
  fields: [Field, ...Field[]];
}
/**
 * A rule between two fields, checked on both when either changes and before saving. Empty values pass.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "rule".
 */
export interface Rule {
  /**
   * notAfter: `field` must not be after `other` (dates or numbers). sameAs: `field` must equal `other` (a password typed twice).
   */
  type: 'notAfter' | 'sameAs';
  /**
   * Property name of a record as the server sends and receives it (for example orgNo).
   */
  field: string;
  /**
   * Property name of a record as the server sends and receives it (for example orgNo).
   */
  other: string;
  /**
   * Locale key of the message; default validation.notAfter (with both labels).
   */
  messageKey?: string;
}
/**
 * A value of a form's save answer shown once (form.reveal).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "revealValue".
 */
export interface RevealValue {
  /**
   * Property name of a record as the server sends and receives it (for example orgNo).
   */
  prop: string;
  /**
   * Locale key of the value's label; default field.<prop>.
   */
  labelKey?: string;
}
/**
 * kind detail: the groups of read-only fields of a record, its tabs and buttons.
 */
export interface DetailPage {
  /**
   * Tabs over the blocks, in order; each block names its tab. Without tabs the blocks stand on one page.
   *
   * @minItems 1
   */
  tabs?: [Tab, ...Tab[]];
  /**
   * Field blocks, in display order; the fields take the same widgets as a form (a dateRange shows its two ends joined with ' - ').
   *
   * @minItems 1
   */
  groups: [Group, ...Group[]];
  /**
   * Buttons above the blocks, next to Back; each shown only when the menu grants its flag.
   */
  actions?: DetailAction[];
  /**
   * The record is a business document (calls.define, calls.history): its state as a tag beside the title; a button for each transition the menu grants, the user's side may take and the current state allows (with the reason dialog, then the page loads again); no Modify outside the editable states; and its history as a timeline under the blocks: who, when, from, to, the reason and whether it came through the integration.
   */
  document?: boolean;
  lines?: DetailLines;
}
/**
 * A detail page button: opens another page for the shown record (modify), or the print dialog for it (print).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "detailAction".
 */
export interface DetailAction {
  /**
   * modify: open the record's modify page (`target` is required); print: the print dialog over the module's document templates for the shown record (IReportPrintService/print with its id), as a list's Print does for selected rows.
   */
  kind: 'modify' | 'print';
  flag: FlagName2;
  /**
   * Route path to open (modify only; required there); each `:name` is filled from the record's property of that name (for example /base/modify-organizational/:id).
   */
  target?: string;
  /**
   * Locale key of the button text; defaults to action.<kind>.
   */
  labelKey?: string;
}
/**
 * The record's lines as a table under the blocks, with the transitions of the lines' own document on the selected lines.
 */
export interface DetailLines {
  /**
   * Property name of a record as the server sends and receives it (for example orgNo).
   */
  prop: string;
  /**
   * Locale key of the table's title; none for an untitled table.
   */
  titleKey?: string;
  /**
   * Property name of a record as the server sends and receives it (for example orgNo).
   */
  rowKey?: string;
  /**
   * Columns of the table: fields of the line resource.
   *
   * @minItems 1
   */
  columns: [Column, ...Column[]];
  /**
   * Each line is a business document of its own (a delivery notice's line that can be closed): its declaration call gives the state tags and the transitions.
   */
  lineDocument?: {
    /**
     * The lines' service (services/CONTRACT.md); their transitions are its methods.
     */
    service: string;
    /**
     * Its document declaration call (get...Define), asked with the page's menu.
     */
    define: string;
  };
  /**
   * Transitions of the lines' document offered on the selected lines; needs lineDocument.
   *
   * Items: A transition of the lines' document offered on the selected lines.
   */
  transitions?: {
    /**
     * The name of a transition of the lines' document (lineDocument).
     */
    transition: string;
    flag: FlagName3;
    /**
     * Locale key of the button text; default the transition's label.
     */
    labelKey?: string;
  }[];
}
/**
 * kind dashboard: the grid of cards of a dashboard page.
 */
export interface DashboardPage {
  /**
   * The cards, in reading order.
   *
   * @minItems 1
   */
  widgets: [DashboardWidget, ...DashboardWidget[]];
}
/**
 * One card of a dashboard.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "dashboardWidget".
 */
export interface DashboardWidget {
  /**
   * figures: numbers and percentages from one answer; chart: a column or line chart of the answer's records; schedule: the paged list of pending work (items with type, docNo, scheduleDate, note, keyword); favourites: the user's favourite menus.
   */
  kind: 'figures' | 'chart' | 'schedule' | 'favourites';
  /**
   * Locale key of the card's title.
   */
  titleKey: string;
  /**
   * Method of the screen's service the card reads (all kinds but favourites).
   */
  call?: string;
  /**
   * Width on a wide screen in 24ths; default 24. Narrow screens show every card full width.
   */
  span?: number;
  /**
   * Who sees the card: a supplier's users, purchasers (every other user); default both.
   */
  sides?: ('supplier' | 'purchaser')[];
  /**
   * Locale key of what the card says when it has nothing to show: what would fill it.
   */
  emptyKey?: string;
  /**
   * figures: one number each.
   *
   * @minItems 1
   *
   * Items: One figure.
   */
  figures?: [
    {
      /**
       * Property name of a record as the server sends and receives it (for example orgNo).
       */
      field: string;
      /**
       * Locale key of the figure's label.
       */
      labelKey: string;
      /**
       * How the value is shown in the user's language; default integer.
       */
      format?: 'integer' | 'percent';
      /**
       * Property name of a record as the server sends and receives it (for example orgNo).
       */
      partField?: string;
      /**
       * Property name of a record as the server sends and receives it (for example orgNo).
       */
      wholeField?: string;
      /**
       * Locale key shown instead of a percentage that has nothing to be taken of (null).
       */
      emptyKey?: string;
      /**
       * warning: a value above zero is shown in the warning colour.
       */
      tone?: 'normal' | 'warning';
      link?: DashboardLink;
    },
    ...{
      /**
       * Property name of a record as the server sends and receives it (for example orgNo).
       */
      field: string;
      /**
       * Locale key of the figure's label.
       */
      labelKey: string;
      /**
       * How the value is shown in the user's language; default integer.
       */
      format?: 'integer' | 'percent';
      /**
       * Property name of a record as the server sends and receives it (for example orgNo).
       */
      partField?: string;
      /**
       * Property name of a record as the server sends and receives it (for example orgNo).
       */
      wholeField?: string;
      /**
       * Locale key shown instead of a percentage that has nothing to be taken of (null).
       */
      emptyKey?: string;
      /**
       * warning: a value above zero is shown in the warning colour.
       */
      tone?: 'normal' | 'warning';
      link?: DashboardLink;
    }[]
  ];
  /**
   * chart: what the answer's records draw.
   */
  chart?: {
    /**
     * Grouped columns or lines.
     */
    type: 'column' | 'line';
    /**
     * Property name of a record as the server sends and receives it (for example orgNo).
     */
    x: string;
    /**
     * The values drawn, one series each.
     *
     * @minItems 1
     *
     * Items: One series.
     */
    series: [
      {
        /**
         * Property name of a record as the server sends and receives it (for example orgNo).
         */
        field: string;
        /**
         * Locale key of the series in the legend.
         */
        labelKey: string;
      },
      ...{
        /**
         * Property name of a record as the server sends and receives it (for example orgNo).
         */
        field: string;
        /**
         * Locale key of the series in the legend.
         */
        labelKey: string;
      }[]
    ];
  };
  /**
   * schedule: items a page; default 5.
   */
  pageSize?: number;
  /**
   * schedule: show the keyword and day search above the list.
   */
  search?: boolean;
  more?: DashboardLink1;
  /**
   * schedule: by item type, the page an item opens.
   */
  itemLinks?: {
    [k: string]: DashboardLink2 | undefined;
  };
  /**
   * schedule: locale key prefix of the item types (prefix + type).
   */
  typeLabelPrefix?: string;
}
/**
 * The page the figure opens, optionally on a tab of its list and searching the item's keyword.
 */
export interface DashboardLink {
  /**
   * Route path of the page.
   */
  path: string;
  /**
   * Key of the list tab to open (its value under the tabs' prop, or its named filter).
   */
  tab?: string;
  /**
   * Search the item's keyword on the opened list (schedule items only); default true.
   */
  keyword?: boolean;
  /**
   * Pass the item's id in this query parameter (a detail page such as /newsnotice-list-detail?id=…) instead of its keyword (schedule items only).
   */
  idParam?: string;
}
/**
 * schedule: the page with the full list (a More link).
 */
export interface DashboardLink1 {
  /**
   * Route path of the page.
   */
  path: string;
  /**
   * Key of the list tab to open (its value under the tabs' prop, or its named filter).
   */
  tab?: string;
  /**
   * Search the item's keyword on the opened list (schedule items only); default true.
   */
  keyword?: boolean;
  /**
   * Pass the item's id in this query parameter (a detail page such as /newsnotice-list-detail?id=…) instead of its keyword (schedule items only).
   */
  idParam?: string;
}
/**
 * A page a card or an item opens: its path, and optionally the list tab to show, whether the item's keyword is searched, or the query parameter that carries the item's id.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "dashboardLink".
 */
export interface DashboardLink2 {
  /**
   * Route path of the page.
   */
  path: string;
  /**
   * Key of the list tab to open (its value under the tabs' prop, or its named filter).
   */
  tab?: string;
  /**
   * Search the item's keyword on the opened list (schedule items only); default true.
   */
  keyword?: boolean;
  /**
   * Pass the item's id in this query parameter (a detail page such as /newsnotice-list-detail?id=…) instead of its keyword (schedule items only).
   */
  idParam?: string;
}
/**
 * Method names by role; the engine calls {service}/{method}.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "calls".
 */
export interface Calls1 {
  /**
   * Paged search: {current, size, condition: {keyword, field, order, ...filters}}.
   */
  list?: string;
  /**
   * Load one record: {id}.
   */
  get?: string;
  /**
   * Create a record from the form values.
   */
  add?: string;
  /**
   * Update a record: {id, version, ...form values}.
   */
  update?: string;
  /**
   * Delete records: {delList: [{id, version}]}; the default call of delete and physicalDelete actions.
   */
  delete?: string;
  /**
   * A business document's declaration (services/document/methods.ts): its states with labels and colours, its transitions with method, flag, sides, from-states and reason, and the caller's side. Needed by `state` columns, `transition` actions and a detail page with `document`.
   */
  define?: string;
  /**
   * A document's transition history: {id}, answered oldest first; shown as a timeline by a detail page with `document`.
   */
  history?: string;
  /**
   * The list's export: {...the current search, exportName}, answered with the workbook (or a job for a large one); default exportexcel. A page the spec gives an export of its own names it (the VMI query: exportWarehouseEnd).
   */
  export?: string;
}
/**
 * A server sort: field and direction.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "sort".
 */
export interface Sort1 {
  /**
   * Sort field as the server declares it (for example t1.updateDate).
   */
  field: string;
  /**
   * Direction.
   */
  order: 'asc' | 'desc';
}
/**
 * One computation over props of the same record or row; an empty or non-decimal input leaves the result empty.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "compute".
 */
export interface Compute1 {
  /**
   * [quantity, price]: their product rounded half-up to 2 places (a line amount).
   *
   * @minItems 2
   * @maxItems 2
   */
  amount?: [PropName, PropName];
  /**
   * [amount, rate]: the amount times the rate (a percentage) divided by 100, rounded half-up to 2 places.
   *
   * @minItems 2
   * @maxItems 2
   */
  tax?: [PropName, PropName];
  /**
   * Props added up exactly (an amount and its tax).
   *
   * @minItems 2
   */
  sum?: [PropName, PropName, ...PropName[]];
}
/**
 * A standard list page (spec 000 section 2).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "listPage".
 */
export interface ListPage1 {
  /**
   * Property that identifies a row; default id.
   */
  rowKey?: string;
  /**
   * Row selection column; default multiple.
   */
  selection?: 'multiple' | 'single' | 'none';
  /**
   * Keyword search box (Enter or the search icon searches); sent as condition.keyword.
   */
  keyword?: {
    /**
     * Locale key of the placeholder; default list.keywordPlaceholder.
     */
    placeholderKey?: string;
  };
  /**
   * Advanced search fields, sent in condition under their prop.
   */
  searchFields?: Field[];
  /**
   * Table columns, in display order.
   *
   * @minItems 1
   */
  columns: [Column, ...Column[]];
  /**
   * Toolbar buttons; shown in the fixed flag order whatever their order here.
   */
  actions?: Action[];
  /**
   * Rules the search conditions must meet before the list asks the server (spec 001 section 5: the label, container and transaction query rules). They are checked on every search (the first load too) and on the advanced form's Query; a failing rule sends nothing and shows its message in the advanced form and above the table. The server enforces the same rules.
   */
  searchRules?: SearchRule[];
  /**
   * Buttons in each row's operation column, in this order; each shown only when the menu grants its flag. At most 4 show, the rest fold into a More dropdown (spec 000 sections 6 and 9).
   */
  rowActions?: RowAction[];
  defaultSort?: Sort;
  /**
   * Initial page size; default 20.
   */
  pageSize?: 20 | 30 | 50 | 100 | 200 | 300 | 500 | 1000;
  /**
   * Saved search tags (ISysTagService, module = menuNo): a dropdown of fixed and personal tags and 'Add to favourite tags' in the advanced search; default true when the page has a keyword or search fields.
   */
  savedTags?: boolean;
  /**
   * The column-setting popover (show or hide, freeze left, reorder), saved per user and screen on the server (ISysViewService); default true.
   */
  columnSetting?: boolean;
  /**
   * Tabs above the table (spec 000 section 2), each with a name and a count. A tab is a value of prop (sent in the search condition under prop; an empty value sends nothing: 'all') or a named filter the service declares (sent as condition.namedFilter: a state that is no single column's value, such as overdue). The first tab is the default. Counts come with the list answer: the page asks condition.countBy = prop (so the server must declare prop as an eq filter) and condition.countFilters = the tabs' named filters; every count leaves the tabs' own condition out.
   */
  tabs?: {
    /**
     * Property name of a record as the server sends and receives it (for example orgNo).
     */
    prop?: string;
    /**
     * The tabs, in display order; values unique.
     *
     * @minItems 2
     *
     * Items: One tab: a value or a named filter, exactly one of them.
     */
    items: [
      {
        /**
         * Value sent under prop; '' for the tab without this condition (all).
         */
        value?: string;
        /**
         * A named filter of the service's resource (services/README.md, "Named filters"), sent as condition.namedFilter: the tab shows the records the server's condition of that name holds (check:screens asks that the service declares it).
         */
        filter?: string;
        /**
         * Locale key of the tab's name.
         */
        labelKey: string;
      },
      {
        /**
         * Value sent under prop; '' for the tab without this condition (all).
         */
        value?: string;
        /**
         * A named filter of the service's resource (services/README.md, "Named filters"), sent as condition.namedFilter: the tab shows the records the server's condition of that name holds (check:screens asks that the service declares it).
         */
        filter?: string;
        /**
         * Locale key of the tab's name.
         */
        labelKey: string;
      },
      ...{
        /**
         * Value sent under prop; '' for the tab without this condition (all).
         */
        value?: string;
        /**
         * A named filter of the service's resource (services/README.md, "Named filters"), sent as condition.namedFilter: the tab shows the records the server's condition of that name holds (check:screens asks that the service declares it).
         */
        filter?: string;
        /**
         * Locale key of the tab's name.
         */
        labelKey: string;
      }[]
    ];
    /**
     * Show each tab's count (capped at 9999+); default true.
     */
    counts?: boolean;
  };
  /**
   * The type-filter button group (spec 000 section 2): one button per option plus 'all'; the active option's value is sent under prop, 'all' sends nothing.
   */
  typeFilter?: {
    /**
     * Property name of a record as the server sends and receives it (for example orgNo).
     */
    prop: string;
    /**
     * One button per option: its value and label.
     */
    options: [Option, ...Option[]] | ('status' | 'yesNo' | 'yesNoNumber');
    /**
     * Locale key of the 'all' button; default list.all.
     */
    allLabelKey?: string;
  };
  /**
   * The page-mode switch (spec 000 section 2: two icon modes, values 0 and 1). Each mode adds its condition to the search; switching searches again from page 1.
   */
  pageMode?: {
    /**
     * Mode on first load; default 0.
     */
    default?: 0 | 1;
    /**
     * Mode 0, then mode 1.
     *
     * @minItems 2
     * @maxItems 2
     *
     * Items: One page mode.
     */
    modes: [
      {
        /**
         * The mode's value.
         */
        value: 0 | 1;
        /**
         * Locale key of the mode's tooltip.
         */
        labelKey: string;
        /**
         * Icon of the mode's button.
         */
        icon: 'table' | 'unorderedList' | 'appstore' | 'apartment' | 'global' | 'team' | 'profile';
        /**
         * Search conditions the mode adds (for example isControlSupplier 'N').
         */
        condition?: {
          [k: string]: string | number | boolean | undefined;
        };
      },
      {
        /**
         * The mode's value.
         */
        value: 0 | 1;
        /**
         * Locale key of the mode's tooltip.
         */
        labelKey: string;
        /**
         * Icon of the mode's button.
         */
        icon: 'table' | 'unorderedList' | 'appstore' | 'apartment' | 'global' | 'team' | 'profile';
        /**
         * Search conditions the mode adds (for example isControlSupplier 'N').
         */
        condition?: {
          [k: string]: string | number | boolean | undefined;
        };
      }
    ];
  };
}
/**
 * An upload (spec 000 sections 8 and 9, spec 001 section 5): required by the upload widget of a form field and by the upload toolbar action. Each chosen file is checked in the browser (its extension in `accept`, its size under `maxSizeMb`, with the spec's messages in the user's language), then sent alone to ISrmFileService/uploadFile?purpose=<purpose>, which checks it again by extension and content and answers the file record; the value kept is the file id (several comma-joined).
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "upload".
 */
export interface Upload2 {
  /**
   * What the file is for, which decides who may upload it and what it may be (services/CONTRACT.md, Files): file (the file-management screen, isAdd), attachment (a form's attachments: the screen's menu grants isAdd, isModify or isSave), news (an announcement's files), avatar (jpg or png of at most 2 MB), appVersion (an Android .apk).
   */
  purpose: 'file' | 'attachment' | 'news' | 'avatar' | 'appVersion';
  /**
   * Extensions offered and allowed before sending (jpg also takes .jpeg); default the purpose's own list: jpg, png, pdf, txt, doc, docx, xls, xlsx (avatar jpg, png; appVersion apk). Any other is refused with 'Only files in the format of ... can be uploaded'.
   *
   * @minItems 1
   */
  accept?: [
    'jpg' | 'png' | 'pdf' | 'txt' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'apk',
    ...('jpg' | 'png' | 'pdf' | 'txt' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'apk')[]
  ];
  /**
   * Largest file in MB, checked before sending ('The file size cannot exceed {size}MB'); default 50 (avatar 2, appVersion 200). The server's own limit (UPLOAD_MAX_MB) applies as well.
   */
  maxSizeMb?: number;
  /**
   * Several files may be kept, each uploaded on its own; default false: one file, and a new one replaces it.
   */
  multiple?: boolean;
  /**
   * multiple only: the most files kept; default 10.
   */
  maxCount?: number;
}
/**
 * An add or modify form page.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "formPage".
 */
export interface FormPage1 {
  /**
   * Tabs over the blocks, in order (the first is shown first); each block names its tab. Without tabs the blocks stand on one page.
   *
   * @minItems 1
   */
  tabs?: [Tab, ...Tab[]];
  /**
   * add: empty form, saved with calls.add; modify: loaded with calls.get {id} from the :id route parameter, saved with calls.update and the record's id and version.
   */
  mode: 'add' | 'modify';
  /**
   * modify only: the page edits the one record its get call answers without an id (a settings page such as the password policy), so its route has no :id; after a save it stays and shows the saved record.
   */
  single?: boolean;
  /**
   * Field blocks, in display order.
   *
   * @minItems 1
   */
  groups: [Group, ...Group[]];
  /**
   * Cross-field rules.
   */
  rules?: Rule[];
  /**
   * Values of the save's answer shown once after a successful save, in a dialog the user must close (a secret the server keeps only as a hash): each with a copy button and a warning that it will not be shown again. An answer without any of them closes the page as usual.
   *
   * @minItems 1
   */
  reveal?: [RevealValue, ...RevealValue[]];
}
/**
 * A detail page (spec 000 section 2): the record loaded with calls.get {id} from the :id route parameter, shown in titled blocks by the form widgets in read-pretty mode, with action buttons. A field whose label key is not in the locale library shows the 'field not configured in the library' placeholder.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "detailPage".
 */
export interface DetailPage1 {
  /**
   * Tabs over the blocks, in order; each block names its tab. Without tabs the blocks stand on one page.
   *
   * @minItems 1
   */
  tabs?: [Tab, ...Tab[]];
  /**
   * Field blocks, in display order; the fields take the same widgets as a form (a dateRange shows its two ends joined with ' - ').
   *
   * @minItems 1
   */
  groups: [Group, ...Group[]];
  /**
   * Buttons above the blocks, next to Back; each shown only when the menu grants its flag.
   */
  actions?: DetailAction[];
  /**
   * The record is a business document (calls.define, calls.history): its state as a tag beside the title; a button for each transition the menu grants, the user's side may take and the current state allows (with the reason dialog, then the page loads again); no Modify outside the editable states; and its history as a timeline under the blocks: who, when, from, to, the reason and whether it came through the integration.
   */
  document?: boolean;
  lines?: DetailLines;
}
/**
 * The record's lines as a table under the blocks (the array its get call answers under `prop`). When each line is a business document of its own (lineDocument), a column of type state shows each line's state as its tag, and the table offers its transitions on the selected lines: a button for each the menu grants and the user's side may take, enabled only while every selected line is in one of its from-states (the tip names the others), with the reason dialog; the page then loads again.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "detailLines".
 */
export interface DetailLines1 {
  /**
   * Property name of a record as the server sends and receives it (for example orgNo).
   */
  prop: string;
  /**
   * Locale key of the table's title; none for an untitled table.
   */
  titleKey?: string;
  /**
   * Property name of a record as the server sends and receives it (for example orgNo).
   */
  rowKey?: string;
  /**
   * Columns of the table: fields of the line resource.
   *
   * @minItems 1
   */
  columns: [Column, ...Column[]];
  /**
   * Each line is a business document of its own (a delivery notice's line that can be closed): its declaration call gives the state tags and the transitions.
   */
  lineDocument?: {
    /**
     * The lines' service (services/CONTRACT.md); their transitions are its methods.
     */
    service: string;
    /**
     * Its document declaration call (get...Define), asked with the page's menu.
     */
    define: string;
  };
  /**
   * Transitions of the lines' document offered on the selected lines; needs lineDocument.
   *
   * Items: A transition of the lines' document offered on the selected lines.
   */
  transitions?: {
    /**
     * The name of a transition of the lines' document (lineDocument).
     */
    transition: string;
    flag: FlagName3;
    /**
     * Locale key of the button text; default the transition's label.
     */
    labelKey?: string;
  }[];
}
/**
 * A dashboard: cards laid out in a 24-column grid, in order; each reads one call of the screen's service when the page opens.
 *
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "dashboardPage".
 */
export interface DashboardPage1 {
  /**
   * The cards, in reading order.
   *
   * @minItems 1
   */
  widgets: [DashboardWidget, ...DashboardWidget[]];
}
