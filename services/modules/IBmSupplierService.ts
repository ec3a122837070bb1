// Suppliers (spec 001 sections 2, 3, 7): maintenance (add-supplier, modify-supplier/{id}, physical
// delete) and the lookups selectors use. A supplier's user only ever sees its own supplier.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { decimal, ORG_REFERENCE } from '../resource/field-kinds.js';
import { fullAuthorityList, standardMethods } from '../resource/methods.js';
import { PATTERNS, STATUS_FIELD, YES_NO } from '../resource/patterns.js';

export const supplierResource = defineResource({
  table: 'bmSupplier',
  menus: ['Base.Basic.Supplier'],
  fields: {
    orgNo: { type: 'string', write: 'create', required: true, maxLength: 32, sortable: true },
    supplierNo: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 32,
      pattern: PATTERNS.code,
      keyword: true,
      sortable: true,
    },
    supplierName: {
      type: 'string',
      write: 'always',
      required: true,
      maxLength: 200,
      keyword: true,
      sortable: true,
    },
    supplierEnName: { type: 'string', write: 'always', maxLength: 200, keyword: true, sortable: true },
    supplierShortName: { type: 'string', write: 'always', maxLength: 100, keyword: true, sortable: true },
    erpSupplierNo: { type: 'string', write: 'always', maxLength: 64, keyword: true, sortable: true },
    statusCode: STATUS_FIELD,
    checkFlag: {
      type: 'string',
      write: 'always',
      enum: YES_NO,
      default: 'N',
      sortable: true,
      dictionary: 'YES_NO',
    },
    payment: { type: 'string', write: 'always', maxLength: 64, sortable: true },
    terms: { type: 'string', write: 'always', maxLength: 64, sortable: true },
    // Spec 001 section 5: numbers under 20 digits, fewer than 6 decimals.
    // A percentage, numeric(7, 4); the capital is money, numeric(20, 2).
    taxRate: decimal(4, { digits: 7, minimum: 0, maximum: 99.9999 }),
    registeredCapital: decimal(2, { minimum: 0, maximum: 999_999_999_999_999 }),
    creditLevel: { type: 'string', write: 'always', maxLength: 16, sortable: true },
    establishDate: { type: 'date', write: 'always', sortable: true },
    approvalStatusCode: { type: 'string', sortable: true },
    erpSynstatusCode: { type: 'string', sortable: true },
    oaSynstatusCode: { type: 'string', sortable: true },
    remark: { type: 'string', write: 'always', maxLength: 255, sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    supplierNo: { field: 'supplierNo', op: 'eq' },
    supplierNoIndistinct: { field: 'supplierNo', op: 'contains' },
    supplierNameIndistinct: { field: 'supplierName', op: 'contains' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  customFields: true,
  references: { orgNo: ORG_REFERENCE },
  import: { key: ['supplierNo'] },
  defaultSort: { field: 'supplierNo', order: 'asc' },
});

export const IBmSupplierService = defineService('IBmSupplierService', {
  ...standardMethods(supplierResource, {
    list: 'getbmsupplierlistbyparams',
    get: 'getbmsupplierbyid',
    add: 'addbmsupplier',
    update: 'updatebmsupplierbyid',
    delete: { name: 'physicaldeletebmsupplierbyids', flag: 'isPhysicalDelete' },
  }),
  getFullAuthoritySupListByParams: fullAuthorityList(supplierResource, [
    'id',
    'orgNo',
    'supplierNo',
    'supplierName',
    'supplierShortName',
  ]),
  ...exportMethods(supplierResource),
});
