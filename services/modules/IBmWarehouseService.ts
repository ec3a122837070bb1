// Warehouses (spec 001 sections 2, 3, 7): maintenance on the warehouse menu, and the lookups selectors
// use. A warehouse is itself a scope value: its creator is granted it.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { ORG_REFERENCE } from '../resource/field-kinds.js';
import { fullAuthorityList, standardMethods } from '../resource/methods.js';
import { PATTERNS, STATUS_FIELD, YES_NO } from '../resource/patterns.js';

const yesNo = (fallback: 'Y' | 'N') =>
  ({
    type: 'string',
    write: 'always',
    enum: YES_NO,
    default: fallback,
    sortable: true,
    dictionary: 'YES_NO',
  }) as const;

export const warehouseResource = defineResource({
  table: 'bmWarehouse',
  menus: ['Base.Basic.Warehouse'],
  fields: {
    orgNo: { type: 'string', write: 'create', required: true, maxLength: 32, sortable: true },
    warehouseNo: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 32,
      pattern: PATTERNS.code,
      keyword: true,
      sortable: true,
    },
    warehouseName: {
      type: 'string',
      write: 'always',
      required: true,
      maxLength: 100,
      keyword: true,
      sortable: true,
    },
    warehouseOutsideNo: { type: 'string', write: 'always', maxLength: 64, keyword: true, sortable: true },
    statusCode: STATUS_FIELD,
    controlInv: yesNo('Y'),
    address: { type: 'string', write: 'always', maxLength: 200, sortable: true },
    contact: { type: 'string', write: 'always', maxLength: 50, sortable: true },
    telNo: { type: 'string', write: 'always', maxLength: 20, pattern: PATTERNS.phone, sortable: true },
    mobileNo: { type: 'string', write: 'always', maxLength: 20, pattern: PATTERNS.mobile, sortable: true },
    fax: { type: 'string', write: 'always', maxLength: 20, sortable: true },
    email: { type: 'string', write: 'always', maxLength: 100, pattern: PATTERNS.email, sortable: true },
    isManagement: yesNo('Y'),
    isMainWarehouse: yesNo('N'),
    isStockLock: yesNo('N'),
    warehouseAttribute: { type: 'string', write: 'always', maxLength: 32, sortable: true },
    warehouseNature: { type: 'string', write: 'always', maxLength: 32, sortable: true },
    fifoControl: yesNo('N'),
    createFlag: { type: 'string', sortable: true },
    factoryNo: { type: 'string', write: 'always', maxLength: 32, sortable: true },
    remark: { type: 'string', write: 'always', maxLength: 255, sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    warehouseNo: { field: 'warehouseNo', op: 'eq' },
    warehouseNoIndistinct: { field: 'warehouseNo', op: 'contains' },
    warehouseNameIndistinct: { field: 'warehouseName', op: 'contains' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', warehouse: 'warehouseNo' },
  scopeValue: 'warehouse',
  customFields: true,
  references: { orgNo: ORG_REFERENCE },
  import: { key: ['warehouseNo'] },
  defaultSort: { field: 'warehouseNo', order: 'asc' },
});

export const IBmWarehouseService = defineService('IBmWarehouseService', {
  ...standardMethods(warehouseResource, {
    list: 'getbmwarehouselistbyparams',
    get: 'getbmwarehousebyid',
    add: 'addbmwarehouse',
    update: 'updatebmwarehousebyid',
    delete: { name: 'deletebmwarehousebyids', flag: 'isPhysicalDelete' },
  }),
  getFullAuthorityWarehouseListByParams: fullAuthorityList(warehouseResource, [
    'id',
    'orgNo',
    'warehouseNo',
    'warehouseName',
  ]),
  ...exportMethods(warehouseResource),
});
