// Strategy application (Base.Strategy.Application): which putaway, picking, turnover and allocation
// strategy applies to a warehouse, to an item class, or to an item class in one warehouse. A row names
// its strategies by number; a kind left empty falls back to the organisation's default strategy of that
// kind. The WMS resolves the most specific row first: warehouse and item class, then warehouse, then
// item class, then the organisation's defaults. Item classes are referenced by code (the item master
// and its categories are maintained elsewhere).
import type { StrategyKind } from '../db/types-rules.js';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import { ORG_FIELD, REMARK_FIELD } from '../rules/fields.js';
import { mustExist, warehouseOf } from '../rules/references.js';
import { APPLY_COLUMN } from '../rules/strategy.js';

export const STRATEGY_APPLY_MENU = 'Base.Strategy.Application';

const strategyNo = { type: 'string', write: 'always', maxLength: 32, sortable: true } as const;

export const strategyApplyResource = defineResource({
  table: 'bmStrategyApply',
  menus: [STRATEGY_APPLY_MENU],
  fields: {
    orgNo: ORG_FIELD,
    warehouseNo: { type: 'string', write: 'always', maxLength: 32, sortable: true, keyword: true },
    itemClassNo: { type: 'string', write: 'always', maxLength: 32, sortable: true, keyword: true },
    upperMethodNo: strategyNo,
    underMethodNo: strategyNo,
    turnMethodNo: strategyNo,
    allocateMethodNo: strategyNo,
    statusCode: STATUS_FIELD,
    remark: REMARK_FIELD,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    warehouseNo: { field: 'warehouseNo', op: 'eq' },
    itemClassNo: { field: 'itemClassNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  defaultSort: { field: 'warehouseNo', order: 'asc' },
});

export const IBmStrategyApplyService = defineService('IBmStrategyApplyService', {
  ...standardMethods(strategyApplyResource, {
    list: 'getbmstrategyapplylistbyparams',
    get: 'getbmstrategyapplybyid',
    add: 'addbmstrategyapply',
    update: 'updatebmstrategyapplybyid',
    delete: { name: 'deletebmstrategyapplybyids', flag: 'isPhysicalDelete' },
    beforeSave: async (ctx, payload, current) => {
      const row = { ...current, ...payload };
      const orgNo = String(row.orgNo);
      await mustExist(ctx, 'warehouseNo', row.warehouseNo, warehouseOf(ctx, orgNo));
      for (const [kind, field] of Object.entries(APPLY_COLUMN) as [StrategyKind, string][]) {
        await mustExist(ctx, field, row[field], (no) =>
          ctx.db
            .selectFrom('bmStrategyHead')
            .select('id')
            .where('orgNo', '=', orgNo)
            .where('strategyKind', '=', kind)
            .where('strategyNo', '=', no)
            .where('statusCode', '=', '1')
            .executeTakeFirst(),
        );
      }
    },
  }),
  ...exportMethods(strategyApplyResource),
});
