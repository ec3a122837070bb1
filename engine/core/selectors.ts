// Named selector definitions (spec 000 sections 3, 7 and 9): which lookup a remote select calls, which
// fields of a record are its value and label, its page size and the condition it always sends. A
// screen names one in a field's `selector`. Plain data, shared with the server: a lookup answers only
// the menus whose screens use a selector calling it, and only the fields its selectors show
// (services/access/lookup-grants.ts).

export interface SelectorDefinition {
  /** Service/method of the paged lookup; none for the organisation selector (the session's list). */
  call?: string;
  valueField: string;
  labelField: string;
  /** Label used when labelField is empty on a record. */
  fallbackLabelField?: string;
  pageSize: number;
  /** Always sent in the condition (only valid records: statusCode 1). */
  extra: Record<string, unknown>;
  /** Condition key the parent field's value is sent under, for a selector that depends on another. */
  parentKey?: string;
  /** The answer is a plain array rather than a page (the menu search). */
  flat?: boolean;
  /** A remote search by keyword is offered. */
  searchable: boolean;
  /**
   * How a page names the codes it shows (engine/selectors/labels.ts): 'lookup' asks the lookup for the
   * codes in one call (condition.in {valueField: [...]}), the default for a paged lookup; 'all' reads
   * the whole (flat) list once; 'value' when the value is its own name. A selector without a call
   * names its codes from its local options.
   */
  labels?: 'lookup' | 'all' | 'value';
  /**
   * The picker dialog's columns (userPicker, itemPicker); default the value and label fields. The label
   * defaults to field.<prop>.
   */
  columns?: { prop: string; labelKey?: string }[];
}

const VALID = { statusCode: '1' };

export const SELECTOR_DEFINITIONS: Record<string, SelectorDefinition> = {
  organisation: {
    valueField: 'orgNo',
    labelField: 'orgShortName',
    fallbackLabelField: 'orgName',
    pageSize: 20,
    extra: {},
    searchable: false,
  },
  warehouse: {
    call: 'IBmWarehouseService/getFullAuthorityWarehouseListByParams',
    valueField: 'warehouseNo',
    labelField: 'warehouseName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
  },
  supplier: {
    call: 'IBmSupplierService/getFullAuthoritySupListByParams',
    valueField: 'supplierNo',
    labelField: 'supplierShortName',
    fallbackLabelField: 'supplierName',
    pageSize: 20,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
  },
  classifyType: {
    call: 'IBmClassifyTypeService/getFullAuthorityClassifyTypeListByParams',
    valueField: 'classifyType',
    labelField: 'classifyTypeName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
  },
  role: {
    call: 'ISrmSysRoleService/getsysrolelist',
    valueField: 'roleNo',
    labelField: 'roleName',
    pageSize: 10,
    extra: VALID,
    searchable: true,
  },
  user: {
    call: 'ISysUserService/getAuthUserList',
    valueField: 'userNo',
    labelField: 'userName',
    pageSize: 10,
    extra: VALID,
    searchable: true,
  },
  enum: {
    call: 'IBmEnumService/getsysenumbyparamssearch',
    valueField: 'enumValue',
    labelField: 'enumName',
    pageSize: 10,
    extra: { status: '1' },
    searchable: true,
  },
  // The dictionaries (enumMid) that have valid values: the frame-define forms pick a dropdown's source.
  dictionary: {
    call: 'ISysFrameDefineService/getSysFrameDefineDictionaries',
    valueField: 'enumMid',
    labelField: 'enumMid',
    pageSize: 50,
    extra: {},
    flat: true,
    searchable: true,
    labels: 'value',
  },
  menu: {
    call: 'ISysMenuService/getsysmenubyparamssearch',
    valueField: 'menuNo',
    labelField: 'menuName',
    pageSize: 10,
    extra: { appNo: 'PC' },
    flat: true,
    searchable: true,
    labels: 'all',
  },
  // The custom-field forms' module picker: the screens' modules by their titles, list screens first.
  frameDefineModule: {
    call: 'ISysFrameDefineService/getFrameDefineModules',
    valueField: 'module',
    labelField: 'moduleName',
    pageSize: 500,
    extra: {},
    flat: true,
    searchable: true,
    labels: 'all',
  },
  // Export and import template configuration: modules with an export, their exportable fields (named
  // without a module too, so a page names its columns at once) and the import ports.
  exportModule: {
    call: 'ISysExportTemplateService/getExportModules',
    valueField: 'module',
    labelField: 'moduleName',
    pageSize: 200,
    extra: {},
    flat: true,
    searchable: true,
    labels: 'all',
  },
  exportField: {
    call: 'ISysExportTemplateService/getExportableFields',
    valueField: 'prop',
    labelField: 'label',
    pageSize: 500,
    extra: {},
    parentKey: 'module',
    flat: true,
    searchable: true,
    labels: 'all',
  },
  importPort: {
    call: 'ISysImportTemplateService/getImportPorts',
    valueField: 'port',
    labelField: 'portName',
    pageSize: 200,
    extra: {},
    flat: true,
    searchable: true,
    labels: 'all',
  },
  // Staff of an organisation (spec 001: getsysemployeelistbyparams (orgNo)).
  employee: {
    call: 'ISysEmployeeService/getsysemployeelistbyparams',
    valueField: 'employeeNo',
    labelField: 'employeeName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
  },
  // Material base data (spec 000 sections 3, 7 and 9; spec 001 section 7). Zones and cells belong to
  // a warehouse; customers, units, items, categories and item groups to an organisation.
  zone: {
    call: 'IBmZoneService/getbmzonelistbyparams',
    valueField: 'zoneNo',
    labelField: 'zoneName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'warehouseNo',
    searchable: true,
  },
  cell: {
    call: 'IBmWarehouseCellService/getbmwarehousecelllistbyparams',
    valueField: 'cellNo',
    labelField: 'cellName',
    fallbackLabelField: 'cellNo',
    pageSize: 10,
    extra: VALID,
    parentKey: 'warehouseNo',
    searchable: true,
  },
  // The cell lookup's variant for damaged goods (spec 001 section 7: isBadCell '1').
  badCell: {
    call: 'IBmWarehouseCellService/getbmwarehousecelllistbyparams',
    valueField: 'cellNo',
    labelField: 'cellName',
    fallbackLabelField: 'cellNo',
    pageSize: 10,
    extra: { ...VALID, isBadCell: '1' },
    parentKey: 'warehouseNo',
    searchable: true,
  },
  customer: {
    call: 'IBmCustomerService/getbmcustomerlistbyparams',
    valueField: 'customerNo',
    labelField: 'customerShortName',
    fallbackLabelField: 'customerName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
  },
  // The job classes the server runs (scheduled job forms).
  jobClass: {
    call: 'ISysJobService/getsysjobclasslist',
    valueField: 'jobClass',
    labelField: 'jobClassName',
    pageSize: 50,
    extra: {},
    flat: true,
    searchable: false,
  },
  unit: {
    call: 'IBmUnitService/getbmunitlistbyparams',
    valueField: 'unitNo',
    labelField: 'unitName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
  },
  // The item picker (spec 000 section 7: keyword, statusCode 1, orgNo; size 20).
  item: {
    call: 'IBmItemService/getbmitemlistbyparamssearch',
    valueField: 'itemNo',
    labelField: 'itemName',
    pageSize: 20,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
    columns: [
      { prop: 'itemNo' },
      { prop: 'itemName' },
      { prop: 'itemSpec' },
      { prop: 'itemModel' },
      { prop: 'unitNo' },
    ],
  },
  category: {
    call: 'IBmCategoryService/getbmcategorylistbyparams',
    valueField: 'categoryNo',
    labelField: 'categoryName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
  },
  itemGroup: {
    call: 'IBmItemGroupService/getbmitemgrouplistbyparams',
    valueField: 'itemGroupNo',
    labelField: 'itemGroupName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
  },
  // Rules, waves, strategies and message templates: each an organisation's valid records.
  boxRule: {
    call: 'IBmBoxRuleHeadService/getbmboxruleheadlistbyparams',
    valueField: 'boxRuleNo',
    labelField: 'boxRuleName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
  },
  // Depends on the item's batch rule (spec 000 section 5, "depends on the item rule"): a screen declares
  // dependsOn its lotRuleNo field; the lookup then offers only barcode rules whose lot-attribute
  // elements belong to that batch rule (or that have none), and the selector waits for the batch rule.
  barRule: {
    call: 'IBmBarRuleHeadService/getbmbarruleheadlistbyparams',
    valueField: 'barRuleNo',
    labelField: 'barRuleName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'lotRuleNo',
    searchable: true,
  },
  lotRule: {
    call: 'IBmLotRuleHeadService/getbmlotruleheadlistbyparams',
    valueField: 'lotRuleNo',
    labelField: 'lotRuleName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
  },
  wave: {
    call: 'IBmWaveManageHeadService/getbmwavemanageheadlistbyparams',
    valueField: 'waveNo',
    labelField: 'waveName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'warehouseNo',
    searchable: true,
  },
  noticeTemplate: {
    call: 'IBmNoticeTemplateService/getbmnoticetemplatelistbyparams',
    valueField: 'noticeTemplateNo',
    labelField: 'noticeTemplateName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
  },
  noticeEvent: {
    call: 'IBmNoticeConfigService/getbmnoticeconfiglistbyparams',
    valueField: 'noticeConfigNo',
    labelField: 'noticeConfigName',
    pageSize: 10,
    extra: VALID,
    searchable: true,
  },
  // Document types of the document organisation (docOrgNo); the screen adds bigModule and docNature.
  docType: {
    call: 'IExtBcDocConfigService/getextbcdocconfiglistbyparams',
    valueField: 'docType',
    labelField: 'docTypeName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'docOrgNo',
    searchable: true,
  },
  machine: {
    call: 'IBmMachineService/getbmmachinelistbyparams',
    valueField: 'machineNo',
    labelField: 'machineName',
    pageSize: 10,
    extra: VALID,
    parentKey: 'orgNo',
    searchable: true,
  },
  // Spec 000 section 7: "Dropdown data (size 20, sorted by createDate descending)"; the screen names
  // the data source (lookupCondition dataSource).
  dropdownData: {
    call: 'ISysDropDownDataService/getsysdropdowndatalistbyparams',
    valueField: 'code',
    labelField: 'name',
    pageSize: 20,
    extra: { ...VALID, field: 'createDate', order: 'desc' },
    searchable: true,
  },
  // Spec 001 section 7: the user-by-role picker {orgNo, warehouseNo, classifyType, statusCode 1, sort field}.
  userByRole: {
    call: 'ISysUserService/getAuthUserListByRole',
    valueField: 'userNo',
    labelField: 'userName',
    pageSize: 10,
    extra: { ...VALID, field: 'userNo', order: 'asc' },
    parentKey: 'orgNo',
    searchable: true,
    columns: [
      { prop: 'userNo', labelKey: 'field.userNo' },
      { prop: 'userName', labelKey: 'field.userName' },
      { prop: 'roleNames', labelKey: 'field.roleNames' },
    ],
  },
  // Spec 000 section 7: "Templates (statusCode 1, templateType 2, sort asc by sort, size 10)".
  template: {
    call: 'IBmPrintTemplateService/getbmprinttemplatelistbyparams',
    valueField: 'templateCode',
    labelField: 'templateName',
    pageSize: 10,
    extra: { ...VALID, templateType: '2', field: 'sort', order: 'asc' },
    searchable: true,
    labels: 'all',
  },
  ...strategySelector('upperMethod', 'IBmUpperMethodHeadService/getbmuppermethodheadlistbyparams'),
  ...strategySelector('underMethod', 'IBmUnderMethodHeadService/getbmundermethodheadlistbyparams'),
  ...strategySelector('turnMethod', 'IBmTurnMethodHeadService/getbmturnmethodheadlistbyparams'),
  ...strategySelector('allocateMethod', 'IBmAllocateMethodHeadService/getbmallocatemethodheadlistbyparams'),
};

/** A strategy of one kind (the upper, under, turn and allocate method head lookups) of an organisation. */
function strategySelector(name: string, call: string): Record<string, SelectorDefinition> {
  return {
    [name]: {
      call,
      valueField: 'strategyNo',
      labelField: 'strategyName',
      pageSize: 10,
      extra: VALID,
      parentKey: 'orgNo',
      searchable: true,
    },
  };
}

/** The record fields a selector shows or needs: its value, labels, parent and picker columns. */
export function selectorFields(def: SelectorDefinition): string[] {
  return [
    def.valueField,
    def.labelField,
    ...(def.fallbackLabelField ? [def.fallbackLabelField] : []),
    ...(def.parentKey ? [def.parentKey] : []),
    ...(def.columns ?? []).map((c) => c.prop),
  ];
}
