// The four warehouse strategies (spec 001: turnover, putaway, picking and allocation strategies; spec
// 001 section 7: "upper, under, turn, allocate method head lists"): one head table and one line table,
// each kind a resource over its part (ResourceDef.fixed). Rules shared by every kind:
// - each organisation has at most one default strategy per kind: making one the default takes the
//   mark off the previous one in the same save; the default cannot be switched off directly (another
//   strategy is made the default instead, 10105), and "The default strategy cannot be deleted" (10104);
// - a strategy that strategy application still names is not deleted (10016);
// - at least one rule line must remain (10101).

import type { StrategyKind } from '../db/types.js';
import { AppError } from '../errors.js';
import { defineService, type ServiceDef } from '../registry.js';
import { defineResource, type FieldDef } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { keyCode, ORG_NAMED, ORG_NO, REMARK, recordName, yesNo } from '../resource/field-kinds.js';
import { oneDefault } from '../resource/hooks.js';
import { linesListMethod, standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';

/** The strategy application column naming a strategy of each kind. */
export const APPLY_COLUMN: Record<StrategyKind, string> = {
  upper: 'upperMethodNo',
  under: 'underMethodNo',
  turn: 'turnMethodNo',
  allocate: 'allocateMethodNo',
};

export interface StrategyKindSpec {
  kind: StrategyKind;
  service: string;
  menu: string;
  /** The rule line's own fields (beside seqNo and remark). */
  lineFields: Record<string, FieldDef>;
  /** Line fields whose values must differ within one strategy. */
  unique?: string[];
}

/** One default strategy per organisation and kind. */
const takeDefault = oneDefault('bmStrategyHead', 'isDefault', ['orgNo', 'strategyKind']);

export function strategyResources(spec: StrategyKindSpec) {
  const line = defineResource({
    table: 'bmStrategyLine',
    defaultSort: { field: 'seqNo', order: 'asc' },
    menus: [spec.menu],
    fields: {
      strategyId: { type: 'string' },
      seqNo: { type: 'integer', sortable: true },
      ...spec.lineFields,
      remark: { type: 'string', write: 'always', maxLength: 200 },
    },
  });
  const head = defineResource({
    table: 'bmStrategyHead',
    menus: [spec.menu],
    fixed: { strategyKind: spec.kind },
    fields: {
      orgNo: ORG_NO,
      strategyNo: keyCode(),
      strategyName: recordName(),
      isDefault: yesNo('N'),
      statusCode: STATUS_FIELD,
      remark: REMARK,
    },
    filters: {
      orgNo: { field: 'orgNo', op: 'eq' },
      strategyNo: { field: 'strategyNo', op: 'eq' },
      strategyNoIndistinct: { field: 'strategyNo', op: 'contains' },
      strategyNameIndistinct: { field: 'strategyName', op: 'contains' },
      isDefault: { field: 'isDefault', op: 'eq' },
      statusCode: { field: 'statusCode', op: 'eq' },
    },
    scope: { org: 'orgNo' },
    references: { orgNo: ORG_NAMED },
    lines: {
      ruleList: { resource: line, parentField: 'strategyId', minRows: 1, unique: spec.unique },
    },
    usedBy: [
      {
        table: 'bmStrategyApply',
        column: APPLY_COLUMN[spec.kind],
        field: 'strategyNo',
        with: { orgNo: 'orgNo' },
      },
    ],
    hooks: {
      beforeSave: async (ctx, row, current, payload) => {
        if (current?.isDefault === 'Y' && row.isDefault === 'N') throw new AppError('defaultStrategyOff');
        // The new default takes the mark from the previous one, in this transaction.
        if (current?.isDefault !== 'Y') await takeDefault(ctx, row, current, payload);
      },
      beforeDelete: (_ctx, rows) => {
        if (rows.some((row) => row.isDefault === 'Y')) throw new AppError('defaultStrategyDelete');
      },
    },
    defaultSort: { field: 'strategyNo', order: 'asc' },
  });
  return { head, line };
}

export function strategyService(spec: StrategyKindSpec): ServiceDef {
  const { head } = strategyResources(spec);
  const name = spec.service
    .replace(/^I/, '')
    .replace(/Service$/, '')
    .toLowerCase();
  return defineService(spec.service, {
    ...standardMethods(head, {
      list: `get${name}listbyparams`,
      get: `get${name}byid`,
      add: `add${name}`,
      update: `update${name}byid`,
      delete: { name: `delete${name}byids`, flag: 'isPhysicalDelete' },
    }),
    /** The rule lines of one strategy (the list's extra-rows dialog). */
    [`get${name.replace(/head$/, 'line')}listbyparams`]: linesListMethod(head, 'ruleList'),
    ...exportMethods(head),
  });
}
