// Row types of table management and business control (migrations 072-073), as Kysely sees them.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Audit = {
  id: Generated<string>;
  version: Generated<number>;
  createName: string | null;
  createDate: Timestamp;
  updateName: string | null;
  updateDate: Timestamp;
};

export interface SysTableLayoutTable extends Audit {
  module: string;
  columns: JSONColumnType<unknown[], string, string>;
}

export interface BmBusinessControlTable extends Audit {
  controlNo: string;
  controlName: JSONColumnType<Record<string, string>, string, string>;
  module: string;
  valueType: string;
  enumMid: string | null;
  defaultValue: string;
  isSystem: Generated<string>;
  remark: string | null;
}

export interface BmBusinessControlValueTable extends Audit {
  controlId: string;
  seqNo: Generated<number>;
  orgNo: string;
  controlValue: string;
}

export interface ConfigTables {
  sysTableLayout: SysTableLayoutTable;
  bmBusinessControl: BmBusinessControlTable;
  bmBusinessControlValue: BmBusinessControlValueTable;
}
