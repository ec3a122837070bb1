// Row types of the rule, label, strategy and message tables (migrations 050-054), as Kysely sees them.
// Joined into DB in types.ts; kept apart so that file stays a list of tables several engineers append to.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Audit = {
  id: Generated<string>;
  version: Generated<number>;
  createName: string | null;
  createDate: Timestamp;
  updateName: string | null;
  updateDate: Timestamp;
};
type Flag = Generated<string>;

export interface BmBarRuleHeadTable extends Audit {
  orgNo: string;
  barRuleNo: string;
  barRuleName: string;
  barType: Flag;
  codeTotal: number | null;
  parseMethod: Flag;
  statusCode: Flag;
  remark: string | null;
}

export interface BmBarRuleLineTable extends Audit {
  barRuleId: string;
  seqNo: number;
  codingId: string;
  parameter: string;
  fieldType: string;
  lotRule: string | null;
  inputType: Flag;
  partNo: number | null;
  leng: number | null;
  allowEmpty: Flag;
  prefixChar: string | null;
  matchCriteria: string | null;
}

export interface BmLotRuleHeadTable extends Audit {
  orgNo: string;
  lotRuleNo: string;
  lotRuleName: string;
  statusCode: Flag;
  remark: string | null;
}

export interface BmLotRuleLineTable extends Audit {
  lotRuleId: string;
  seqNo: number;
  lotAtt: string;
  isCombinationLotNo: Flag;
  dateFormat: string | null;
  lotKey: Flag;
  defaultValue: string | null;
}

export interface BmBoxRuleHeadTable extends Audit {
  orgNo: string;
  boxRuleNo: string;
  boxRuleName: string;
  codeTotal: Generated<number>;
  isControlSn: Flag;
  isMixSku: Flag;
  isMixLot: Flag;
  isAutoCreate: Flag;
  isRecycle: Flag;
  statusCode: Flag;
  remark: string | null;
}

export interface BmBoxTable extends Audit {
  orgNo: string;
  supplierNo: string | null;
  boxNo: string;
  boxRuleNo: string | null;
  boxLevel: Flag;
  boxOwner: string | null;
  usageCount: Generated<number>;
  statusCode: Flag;
}

export interface BmBarcodeTable extends Audit {
  orgNo: string;
  supplierNo: string | null;
  barcode: string;
  barType: Flag;
  itemNo: string | null;
  sourceNo: string | null;
  combinationLotNo: string | null;
  lotDate: string | null;
  /** numeric: canonical decimal text (services/db/database.ts). */
  qty: ColumnType<string, string | number | undefined, string | number>;
  unitNo: string | null;
  snBarcodeStatus: Flag;
  supplierBarcode: string | null;
  customerBarcode: string | null;
  barcodeVldDate: string | null;
  snWarehouseNo: string | null;
  snCellNo: string | null;
  boxNo: string | null;
  statusCode: Flag;
}

export interface BmSnTransactionTable extends Audit {
  orgNo: string;
  supplierNo: string | null;
  barcode: string;
  itemNo: string | null;
  combinationLotNo: string | null;
  sourceNo: string | null;
  transactionType: string | null;
  snBarcodeStatus: string;
  warehouseNo: string | null;
  cellNo: string | null;
  transactionDate: Timestamp;
}

export interface BmWaveManageHeadTable extends Audit {
  orgNo: string;
  warehouseNo: string;
  waveNo: string;
  waveName: string;
  classifyType: string | null;
  customerNo: string | null;
  maxDocCount: number | null;
  maxLineCount: number | null;
  /** numeric: canonical decimal text. */
  maxQty: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  cutOffTime: string | null;
  isAutoRelease: Flag;
  statusCode: Flag;
  remark: string | null;
}

export type StrategyKind = 'upper' | 'under' | 'turn' | 'allocate';

export interface BmStrategyHeadTable extends Audit {
  orgNo: string;
  strategyKind: StrategyKind;
  strategyNo: string;
  strategyName: string;
  isDefault: Flag;
  statusCode: Flag;
  remark: string | null;
}

export interface BmStrategyLineTable extends Audit {
  strategyId: string;
  seqNo: number;
  ruleType: string | null;
  zoneNo: string | null;
  cellType: string | null;
  lotAtt: string | null;
  sortOrder: string | null;
  remark: string | null;
}

export interface BmStrategyApplyTable extends Audit {
  orgNo: string;
  warehouseNo: string | null;
  itemClassNo: string | null;
  upperMethodNo: string | null;
  underMethodNo: string | null;
  turnMethodNo: string | null;
  allocateMethodNo: string | null;
  statusCode: Flag;
  remark: string | null;
}

export interface BmNoticeConfigTable extends Audit {
  noticeConfigNo: string;
  noticeConfigName: string;
  bigModule: string;
  paramList: string | null;
  statusCode: Flag;
  remark: string | null;
}

export interface BmNoticeTemplateTable extends Audit {
  orgNo: string;
  noticeTemplateNo: string;
  noticeTemplateName: string;
  noticeType: Flag;
  noticeTitle: string;
  content: string;
  statusCode: Flag;
  remark: string | null;
}

export interface BmNoticePolicyTable extends Audit {
  orgNo: string;
  policyNo: string;
  policyName: string;
  noticeConfigNo: string;
  noticeTemplateNo: string;
  receiverUsers: string | null;
  receiverRoles: string | null;
  toSupplier: Flag;
  statusCode: Flag;
  remark: string | null;
}

export interface BmNoticeTable extends Audit {
  orgNo: string;
  supplierNo: string | null;
  noticeConfigNo: string;
  noticeTemplateNo: string | null;
  policyNo: string | null;
  noticeType: string;
  noticeTitle: string;
  content: string;
  receiverUserNo: string;
  receiverName: string | null;
  sendDate: Timestamp;
  readStatus: Flag;
  readDate: Timestamp | null;
}

export interface RulesTables {
  bmBarRuleHead: BmBarRuleHeadTable;
  bmBarRuleLine: BmBarRuleLineTable;
  bmLotRuleHead: BmLotRuleHeadTable;
  bmLotRuleLine: BmLotRuleLineTable;
  bmBoxRuleHead: BmBoxRuleHeadTable;
  bmBox: BmBoxTable;
  bmBarcode: BmBarcodeTable;
  bmSnTransaction: BmSnTransactionTable;
  bmWaveManageHead: BmWaveManageHeadTable;
  bmStrategyHead: BmStrategyHeadTable;
  bmStrategyLine: BmStrategyLineTable;
  bmStrategyApply: BmStrategyApplyTable;
  bmNoticeConfig: BmNoticeConfigTable;
  bmNoticeTemplate: BmNoticeTemplateTable;
  bmNoticePolicy: BmNoticePolicyTable;
  bmNotice: BmNoticeTable;
}
