// Suppliers (spec 001): lookups for selectors; a supplier's user only ever sees its own supplier.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { fullAuthorityList, standardMethods } from '../resource/methods.js';

export const supplierResource = defineResource({
  table: 'bmSupplier',
  menus: ['Base.Basic.Supplier'],
  fields: {
    orgNo: { type: 'string', maxLength: 32, sortable: true },
    supplierNo: { type: 'string', maxLength: 32, keyword: true, sortable: true },
    supplierName: { type: 'string', maxLength: 200, keyword: true, sortable: true },
    supplierShortName: { type: 'string', maxLength: 100, keyword: true, sortable: true },
    statusCode: { type: 'string', enum: ['0', '1'], sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    supplierNo: { field: 'supplierNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  defaultSort: { field: 'supplierNo', order: 'asc' },
});

export const IBmSupplierService = defineService('IBmSupplierService', {
  ...standardMethods(supplierResource, { list: 'getbmsupplierlistbyparams' }),
  getFullAuthoritySupListByParams: fullAuthorityList(supplierResource, [
    'id',
    'orgNo',
    'supplierNo',
    'supplierName',
    'supplierShortName',
  ]),
});
