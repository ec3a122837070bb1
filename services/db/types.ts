// Row types of the tables in migrations/, as Kysely sees them (camelCase through CamelCasePlugin).
import type { ColumnType, Generated } from 'kysely';

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
}

export interface SysRoleMenuTable {
  roleId: string;
  menuNo: string;
  isSearch: Generated<boolean>;
  isAdd: Generated<boolean>;
  isModify: Generated<boolean>;
  isDelete: Generated<boolean>;
  isCancelInvalid: Generated<boolean>;
  isBatchUpdate: Generated<boolean>;
  isPhysicalDelete: Generated<boolean>;
  isSave: Generated<boolean>;
  isSubmit: Generated<boolean>;
  isClose: Generated<boolean>;
  isCheck: Generated<boolean>;
  isImport: Generated<boolean>;
  isExport: Generated<boolean>;
  isPrint: Generated<boolean>;
  isEnd: Generated<boolean>;
  isOut: Generated<boolean>;
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
  columns: ColumnType<{ prop: string }[], string, string>;
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

export interface DB {
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
  extBcDocConfig: ExtBcDocConfigTable;
  bmMachine: BmMachineTable;
  sysDropdownData: SysDropdownDataTable;
}
