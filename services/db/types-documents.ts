// Row types of business documents (migration 081): transition history, numbering, announcements.
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

export interface SysDocHistoryTable {
  id: Generated<string>;
  docKind: string;
  docId: string;
  docNo: string | null;
  transition: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  source: Generated<'portal' | 'integration'>;
  userNo: string | null;
  userName: string | null;
  createDate: Timestamp;
}

export interface SysDocNumberRuleTable extends Audit {
  docKind: string;
  orgNo: Generated<string>;
  prefix: Generated<string>;
  withOrg: Generated<string>;
  datePart: Generated<string>;
  seqLength: Generated<number>;
  statusCode: Generated<string>;
  remark: string | null;
}

export interface SysDocNumberSeqTable {
  docKind: string;
  stem: string;
  lastValue: ColumnType<number, number, number>;
}

export interface SrmSysNewsTable extends Audit {
  newsNo: string;
  orgNo: string;
  title: string;
  content: string | null;
  isTop: Generated<string>;
  publishTarget: Generated<string>;
  validFrom: string | null;
  validTo: string | null;
  status: Generated<string>;
  lastReason: string | null;
  publishDate: Timestamp | null;
  publishName: string | null;
  ext: Generated<Record<string, unknown>>;
}

export interface SrmSysNewsSupplierTable extends Audit {
  newsId: string;
  seqNo: Generated<number>;
  supplierNo: string;
}

export interface DocumentTables {
  sysDocHistory: SysDocHistoryTable;
  sysDocNumberRule: SysDocNumberRuleTable;
  sysDocNumberSeq: SysDocNumberSeqTable;
  srmSysNews: SrmSysNewsTable;
  srmSysNewsSupplier: SrmSysNewsSupplierTable;
}
