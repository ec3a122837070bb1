// Row types of the tables in migrations/, as Kysely sees them (camelCase through CamelCasePlugin).
import type { ColumnType, Generated } from 'kysely';
import type { ConfigTables } from './types-config.js';
import type { DocumentTables } from './types-documents.js';
import type { MaterialTables } from './types-material.js';
import type { RulesTables } from './types-rules.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Audit = {
  createName: string | null;
  createDate: Timestamp;
  updateName: string | null;
  updateDate: Timestamp;
};

export interface ZlLanguageTable {
  id: Generated<number>;
  languageCode: string;
  description: string;
  sort: Generated<number>;
}

export interface SysPasswordPolicyTable {
  id: number;
  version: Generated<number>;
  constitute: Generated<'ANY' | 'LETTERS_DIGITS' | 'LETTERS_AND_DIGITS'>;
  minLength: number;
  maxLength: number;
  defaultPwd: string | null;
  allowMistakeTimes: number;
  lockTime: number;
  indate: Generated<number>;
  isControlIndate: Generated<'Y' | 'N'>;
  predate: Generated<number>;
  isExpireWarn: Generated<'Y' | 'N'>;
  updateName: string | null;
  updateDate: Timestamp;
  createName: string | null;
  createDate: Generated<Date>;
}

export interface BmOrgTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  orgNo: string;
  orgName: string;
  orgShortName: string | null;
  statusCode: Generated<string>;
  remark: string | null;
  closeAcctFlag: Generated<string>;
  closeAcctStartDate: string | null;
  closeAcctEndDate: string | null;
  closeAcctDuringDate: string | null;
  closeAcctRemark: string | null;
  ext: Generated<Record<string, unknown>>;
}

export interface BmWarehouseTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  orgNo: string;
  warehouseNo: string;
  warehouseName: string;
  statusCode: Generated<string>;
  remark: string | null;
  ext: Generated<Record<string, unknown>>;
}

export interface BmClassifyTypeTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  orgNo: string;
  classifyType: string;
  classifyTypeName: string;
  statusCode: Generated<string>;
  /** 054: application classification. */
  applicationType: string | null;
  docNature: string | null;
  remark: string | null;
}

export interface BmSupplierTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  orgNo: string;
  supplierNo: string;
  supplierName: string;
  supplierShortName: string | null;
  statusCode: Generated<string>;
}

export interface SysUserTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  userNo: string;
  userName: string;
  pwdHash: string;
  orgNo: string | null;
  warehouseNo: string | null;
  employeeId: string | null;
  avatarFileId: string | null;
  isLicense: Generated<number>;
  limitCount: Generated<number>;
  tenantsid: Generated<string>;
  supplierNo: string | null;
  phone: string | null;
  email: string | null;
  remark: string | null;
  statusCode: Generated<string>;
  scopeAll: Generated<boolean>;
  failedAttempts: Generated<number>;
  lockedUntil: Timestamp | null;
  pwdChangedAt: Generated<Date>;
}

export interface SysRoleTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  roleNo: string;
  roleName: string;
  statusCode: Generated<string>;
  remark: string | null;
  /** 009: set on a user's personal role (the user's own menu permissions); hidden from role lists. */
  ownerUserId: string | null;
}

export interface SysUserRoleTable {
  userId: string;
  roleId: string;
}

export interface SysMenuTable {
  menuNo: string;
  menuOwner: string;
  menuLevel: number;
  sort: number;
  url: string;
  icon: string | null;
  appNo: 'PC' | 'PDA';
  menuType: 'group' | 'route' | 'external' | 'custom';
  hidden: Generated<boolean>;
  statusCode: Generated<string>;
  version: Generated<number>;
  titleI18n: ColumnType<Record<string, string> | null, string | null, string | null>;
  adminHidden: Generated<boolean>;
  updateName: string | null;
  updateDate: Generated<Date>;
  /** The flags the menu offers (migration 080), written by the seed from services/seed/menus.ts. */
  offeredFlags: ColumnType<string[], string[] | undefined, string[]>;
}

export interface SysRoleMenuTable {
  roleId: string;
  menuNo: string;
  /** Names of the flags granted (schemas/flag.schema.json); a flag the menu does not offer counts for nothing. */
  flags: ColumnType<string[], string[] | undefined, string[]>;
  /** Flags the seed no longer adds here: those it gave, and all known when an administrator saved the grant. */
  seededFlags: ColumnType<string[], string[] | undefined, string[]>;
}

export interface SysUserDataTable {
  userId: string;
  dataType: number;
  dataValue: string;
}

export interface SysSessionTable {
  tokenHash: string;
  userId: string;
  createdAt: Generated<Date>;
  lastSeenAt: Timestamp;
  absoluteExpiry: Timestamp;
  endedAt: Timestamp | null;
  endReason: string | null;
}

export interface SysUserPrefTable {
  userId: string;
  prefKey: string;
  value: ColumnType<unknown, string, string>;
  updateDate: Timestamp;
}

export interface SysSeedTable {
  name: string;
  appliedAt: Generated<Date>;
}

export interface SchemaMigrationsTable {
  name: string;
  appliedAt: Generated<Date>;
}

export interface SysTagTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  module: string;
  name: string | null;
  tagName: string;
  tagContent: string;
  tagOwnType: number;
  tagOwner: string | null;
  zlI18nList: ColumnType<unknown, string, string>;
}

export interface SysViewTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  module: string;
  viewName: string;
  ownerId: string;
  sharedRoleId: string | null;
  content: ColumnType<unknown, string, string>;
}

export interface SysEnumTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  enumMid: string;
  enumValue: string;
  enumName: string;
  enumSeq: Generated<number>;
  status: Generated<string>;
  enumNameI18n: ColumnType<Record<string, string> | null, string | null, string | null>;
  isSystem: Generated<'Y' | 'N'>;
}

export interface SysFrameDefineTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  module: string;
  fieldNo: string;
  fieldNoName: ColumnType<Record<string, string>, string, string>;
  fieldType: number;
  isDisplay: Generated<'Y' | 'N'>;
  displayPage: Generated<string>;
  displayOrder: Generated<number>;
  dateFormat: string | null;
  enumMid: string | null;
  fixedMatchingCondition: string | null;
  dropDownDataSource: string | null;
}

export interface SysExportTemplateTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  module: string;
  exportName: string;
  isDefault: Generated<number>;
  columns: ColumnType<{ prop: string; header?: string }[], string, string>;
  /** A name per language for templates made on the admin screen; null: the locale key names it. */
  templateName: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  columnCount: ColumnType<number, never, never>;
}

export interface SysImportTemplateTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  port: string;
  templateSource: Generated<'generated' | 'file' | 'url'>;
  fileId: string | null;
  templateUrl: string | null;
  remark: string | null;
  statusCode: Generated<string>;
}

export interface SysExportJobTable {
  id: Generated<string>;
  userId: string;
  module: string;
  fileName: string;
  status: 'running' | 'done' | 'error';
  totalRows: Generated<number>;
  doneRows: Generated<number>;
  sizeBytes: Generated<string | number>;
  heartbeat: Generated<Date>;
  createDate: Generated<Date>;
  updateDate: Generated<Date>;
}

export interface SysExportChunkTable {
  jobId: string;
  seq: number;
  data: Buffer | Uint8Array;
}

export interface SysImportJobTable {
  id: Generated<string>;
  userId: string;
  module: string;
  port: string;
  fileName: string;
  status: 'checking' | 'importing' | 'checkFailed' | 'imported' | 'error';
  totalRows: Generated<number>;
  errorRows: Generated<number>;
  inserted: Generated<number>;
  updated: Generated<number>;
  annotated: Buffer | null;
  createDate: Generated<Date>;
  updateDate: Generated<Date>;
}

/** Document templates (migration 020): layout is a PrintLayout (schemas/print-layout.schema.json). */
export interface BmPrintTemplateTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  module: string;
  reportKey: string;
  templateName: string;
  templateType: Generated<string>;
  printType: Generated<number>;
  isDefault: Generated<number>;
  orgNo: string | null;
  customerNo: string | null;
  supplierNo: string | null;
  sort: Generated<number>;
  statusCode: Generated<string>;
  layout: ColumnType<unknown, string | null, string | null>;
  remark: string | null;
}

export interface SysFileContentTable {
  id: Generated<string>;
  status: Generated<'writing' | 'ready'>;
  sizeBytes: Generated<string | number>;
  createDate: Generated<Date>;
  touchDate: Generated<Date>;
}

export interface SysFileChunkTable {
  contentId: string;
  seq: number;
  data: Buffer | Uint8Array;
}

export interface SysFileTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  contentId: string;
  originalName: string;
  fileExt: string;
  contentType: string;
  sizeBytes: number | string;
  sha256: string;
  module: 'file' | 'attachment' | 'news' | 'avatar' | 'appVersion';
  refId: string | null;
  ownerUserId: string | null;
  orgNo: string | null;
  supplierNo: string | null;
}

export interface SysAppVersionTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  versionNo: string;
  remark: string | null;
  fileId: string;
  fileName: string;
  sizeBytes: number | string;
}

export interface ExtBcDocConfigTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  orgNo: string;
  bigModule: string;
  docNature: string | null;
  docType: string;
  docTypeName: string;
  statusCode: Generated<string>;
  remark: string | null;
}

export interface BmMachineTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  orgNo: string;
  warehouseNo: string | null;
  machineNo: string;
  machineName: string;
  statusCode: Generated<string>;
  remark: string | null;
}

export interface SysDropdownDataTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  dataSource: string;
  code: string;
  name: string;
  statusCode: Generated<string>;
  remark: string | null;
}

export interface DB extends MaterialTables, RulesTables, ConfigTables, DocumentTables {
  zlLanguage: ZlLanguageTable;
  sysPasswordPolicy: SysPasswordPolicyTable;
  bmOrg: BmOrgTable;
  bmWarehouse: BmWarehouseTable;
  bmClassifyType: BmClassifyTypeTable;
  bmSupplier: BmSupplierTable;
  sysUser: SysUserTable;
  sysRole: SysRoleTable;
  sysUserRole: SysUserRoleTable;
  sysMenu: SysMenuTable;
  sysRoleMenu: SysRoleMenuTable;
  sysUserData: SysUserDataTable;
  sysSession: SysSessionTable;
  sysUserPref: SysUserPrefTable;
  sysSeed: SysSeedTable;
  sysEnum: SysEnumTable;
  sysExportTemplate: SysExportTemplateTable;
  sysFrameDefine: SysFrameDefineTable;
  sysTag: SysTagTable;
  sysView: SysViewTable;
  schemaMigrations: SchemaMigrationsTable;
  sysImportJob: SysImportJobTable;
  sysExportJob: SysExportJobTable;
  sysExportChunk: SysExportChunkTable;
  bmPrintTemplate: BmPrintTemplateTable;
  sysEmployee: SysEmployeeTable;
  sysParam: SysParamTable;
  sysJob: SysJobTable;
  sysJobRun: SysJobRunTable;
  sysOperationLog: SysOperationLogTable;
  sysAbnormalLog: SysAbnormalLogTable;
  sysCache: SysCacheTable;
  sysLicense: SysLicenseTable;
  sysFileContent: SysFileContentTable;
  sysFileChunk: SysFileChunkTable;
  sysFile: SysFileTable;
  sysAppVersion: SysAppVersionTable;
  sysImportTemplate: SysImportTemplateTable;
  extBcDocConfig: ExtBcDocConfigTable;
  bmMachine: BmMachineTable;
  sysDropdownData: SysDropdownDataTable;
}

// System administration (migration 030).
export interface SysEmployeeTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  employeeNo: string;
  employeeName: string;
  orgNo: string;
  tel: string | null;
  weChat: string | null;
  email: string | null;
  sex: string | null;
  title: string | null;
  address: string | null;
  statusCode: Generated<string>;
  remark: string | null;
}

export interface SysParamTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  paramNo: string;
  paramName: string;
  paramType: Generated<'STRING' | 'NUMBER' | 'BOOLEAN' | 'JSON'>;
  paramValue: Generated<string>;
  remark: string | null;
  isSystem: Generated<'Y' | 'N'>;
}

export interface SysJobTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  jobName: string;
  jobGroup: Generated<string>;
  jobType: Generated<string>;
  jobTypeValue: number | null;
  cron: string;
  jobClass: string;
  isStart: Generated<'Y' | 'N'>;
  state: Generated<string>;
  description: string | null;
  nextFireAt: Timestamp | null;
  lastFireAt: Timestamp | null;
  lastResult: string | null;
}

export interface SysJobRunTable {
  id: Generated<string>;
  jobId: string;
  fireTime: Timestamp;
  instance: string;
  startDate: Generated<Date>;
  endDate: Timestamp | null;
  result: Generated<'running' | 'success' | 'error'>;
  message: string | null;
  error: string | null;
}

export interface SysOperationLogTable {
  id: Generated<string>;
  userNo: string | null;
  userName: string | null;
  operateDate: Generated<Date>;
  service: string;
  method: string;
  menuNo: string | null;
  clientIp: string | null;
  operationType: Generated<string>;
  result: 'success' | 'failure';
  resultCode: string | null;
  message: string | null;
  durationMs: number | null;
  rowsAffected: number | null;
}

export interface SysAbnormalLogTable {
  id: Generated<string>;
  userNo: string | null;
  userName: string | null;
  occurDate: Generated<Date>;
  service: string;
  method: string;
  menuNo: string | null;
  clientIp: string | null;
  operationType: Generated<string>;
  errorType: 'system' | 'operation' | 'integration';
  errorCode: string | null;
  message: string | null;
  stack: string | null;
}

export interface SysCacheTable extends Audit {
  id: Generated<string>;
  version: Generated<number>;
  cacheKey: string;
  cacheType: string;
  cacheValue: string;
  ttl: number;
  expireDate: Timestamp;
  hits: Generated<number>;
}

export interface SysLicenseTable extends Audit {
  id: number;
  version: Generated<number>;
  licenseKey: string | null;
  licensee: string | null;
  expireDate: string | null;
  activatedBy: string | null;
}
