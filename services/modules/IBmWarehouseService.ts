// Warehouses (spec 001): the lookups selectors use; the maintenance screen comes with the base-data screens.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { fullAuthorityList, standardMethods } from '../resource/methods.js';

export const warehouseResource = defineResource({
  table: 'bmWarehouse',
  menus: ['Base.Basic.Warehouse'],
  fields: {
    orgNo: { type: 'string', maxLength: 32, sortable: true },
    warehouseNo: { type: 'string', maxLength: 32, keyword: true, sortable: true },
    warehouseName: { type: 'string', maxLength: 100, keyword: true, sortable: true },
    statusCode: { type: 'string', enum: ['0', '1'], sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    warehouseNo: { field: 'warehouseNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', warehouse: 'warehouseNo' },
  defaultSort: { field: 'warehouseNo', order: 'asc' },
});

export const IBmWarehouseService = defineService('IBmWarehouseService', {
  ...standardMethods(warehouseResource, { list: 'getbmwarehouselistbyparams' }),
  getFullAuthorityWarehouseListByParams: fullAuthorityList(warehouseResource, [
    'id',
    'orgNo',
    'warehouseNo',
    'warehouseName',
  ]),
});
