// Strategy application (Base.Strategy.Application): which putaway, picking, turnover and allocation
// strategy applies to a warehouse, to an item class, or to an item class in one warehouse. A row names
// its strategies by number; a kind left empty falls back to the organisation's default strategy of that
// kind. The WMS resolves the most specific row first: warehouse and item class, then warehouse, then
// item class, then the organisation's defaults. Item classes are referenced by code (the item master
// and its categories are maintained elsewhere).

import { defineService } from '../registry.js';
import { defineResource, type ReferenceSpec } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { ORG_NAMED, ORG_NO, REMARK } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import { APPLY_COLUMN } from '../rules/strategy.js';
import { WAREHOUSE_REFERENCE } from './IBmZoneService.js';

export const STRATEGY_APPLY_MENU = 'Base.Strategy.Application';

const strategyNo = { type: 'string', write: 'always', maxLength: 32, sortable: true } as const;

/** Each strategy column names a valid strategy of its kind in the row's organisation. */
const STRATEGY_REFERENCES: Record<string, ReferenceSpec> = Object.fromEntries(
  Object.entries(APPLY_COLUMN).map(([kind, field]) => [
    field,
    {
      table: 'bmStrategyHead',
      column: 'strategyNo',
      with: { orgNo: 'orgNo' },
      where: { strategyKind: kind },
      name: { as: field.replace(/No$/, 'Name'), column: 'strategyName' },
    },
  ]),
);

export const strategyApplyResource = defineResource({
  table: 'bmStrategyApply',
  menus: [STRATEGY_APPLY_MENU],
  fields: {
    orgNo: ORG_NO,
    warehouseNo: { type: 'string', write: 'always', maxLength: 32, sortable: true, keyword: true },
    itemClassNo: { type: 'string', write: 'always', maxLength: 32, sortable: true, keyword: true },
    upperMethodNo: strategyNo,
    underMethodNo: strategyNo,
    turnMethodNo: strategyNo,
    allocateMethodNo: strategyNo,
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    warehouseNo: { field: 'warehouseNo', op: 'eq' },
    itemClassNo: { field: 'itemClassNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  references: { orgNo: ORG_NAMED, warehouseNo: WAREHOUSE_REFERENCE, ...STRATEGY_REFERENCES },
  defaultSort: { field: 'warehouseNo', order: 'asc' },
});

export const IBmStrategyApplyService = defineService('IBmStrategyApplyService', {
  ...standardMethods(strategyApplyResource, {
    list: 'getbmstrategyapplylistbyparams',
    get: 'getbmstrategyapplybyid',
    add: 'addbmstrategyapply',
    update: 'updatebmstrategyapplybyid',
    delete: { name: 'deletebmstrategyapplybyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(strategyApplyResource),
});
