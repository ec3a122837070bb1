// The four warehouse strategies (spec 001: turnover, putaway, picking and allocation strategies; spec
// 001 section 7: "upper, under, turn, allocate method head lists"): one head table and one line table,
// each kind a resource over its part (ResourceDef.fixed). Rules shared by every kind:
// - each organisation has at most one default strategy per kind: making one the default takes the
//   mark off the previous one in the same save; the default cannot be switched off directly (another
//   strategy is made the default instead, 10105), and "The default strategy cannot be deleted" (10104);
// - a strategy that strategy application still names is not deleted (10016);
// - at least one rule line must remain (10101).
import { sql } from 'kysely';
import type { StrategyKind } from '../db/types-rules.js';
import { AppError } from '../errors.js';
import { defineService, type ServiceDef } from '../registry.js';
import { defineResource, type FieldDef } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { linesListMethod, standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import { codeField, nameField, ORG_FIELD, REMARK_FIELD, yesNo } from './fields.js';

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
      orgNo: ORG_FIELD,
      strategyNo: codeField(),
      strategyName: nameField(),
      isDefault: yesNo('N'),
      statusCode: STATUS_FIELD,
      remark: REMARK_FIELD,
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
    lines: {
      ruleList: { resource: line, parentField: 'strategyId', minRows: 1, unique: spec.unique },
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
      beforeSave: async (ctx, payload, current) => {
        const wanted = payload.isDefault ?? current?.isDefault;
        if (current?.isDefault === 'Y' && wanted === 'N') throw new AppError('defaultStrategyOff');
        if (wanted !== 'Y' || current?.isDefault === 'Y') return;
        // The new default takes the mark from the previous one, in this transaction.
        let q = ctx.db
          .updateTable('bmStrategyHead')
          .set({
            isDefault: 'N',
            version: sql`version + 1`,
            updateName: ctx.user?.userName ?? 'system',
            updateDate: new Date(),
          })
          .where('orgNo', '=', String(current?.orgNo ?? payload.orgNo))
          .where('strategyKind', '=', spec.kind)
          .where('isDefault', '=', 'Y');
        if (current) q = q.where('id', '<>', String(current.id));
        await q.execute();
      },
      beforeDelete: async (ctx, rows) => {
        for (const row of rows) {
          if (row.isDefault === 'Y') throw new AppError('defaultStrategyDelete');
          const used = await ctx.db
            .selectFrom('bmStrategyApply')
            .select('id')
            .where('orgNo', '=', String(row.orgNo))
            .where(APPLY_COLUMN[spec.kind] as 'upperMethodNo', '=', String(row.strategyNo))
            .executeTakeFirst();
          if (used) throw new AppError('inUse');
        }
      },
    }),
    /** The rule lines of one strategy (the list's extra-rows dialog). */
    [`get${name.replace(/head$/, 'line')}listbyparams`]: linesListMethod(head, 'ruleList'),
    ...exportMethods(head),
  });
}
