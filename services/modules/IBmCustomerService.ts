// Customers (spec 001 sections 3 and 7: IBmCustomerService getbmcustomerlistbyparams): maintenance on
// Base.Basic.Customer; the same list is the customer lookup of other screens (valid customers of the
// caller's organisations). A customer's addresses go with it when it is deleted.
import { defineService } from '../registry.js';
import { defineResource, type ReferenceSpec } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import {
  dictionary,
  EMAIL,
  keyCode,
  MOBILE,
  ORG_NO,
  ORG_REFERENCE,
  PHONE,
  REMARK,
  text,
} from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';

export const CUSTOMER_REFERENCE: ReferenceSpec = {
  table: 'bmCustomer',
  column: 'customerNo',
  name: { as: 'customerShortName', column: 'customerShortName' },
};

export const customerResource = defineResource({
  table: 'bmCustomer',
  menus: ['Base.Basic.Customer'],
  fields: {
    orgNo: ORG_NO,
    customerNo: keyCode(),
    customerName: text(200, { required: true, keyword: true }),
    customerShortName: text(100, { keyword: true }),
    customerType: dictionary('CUSTOMER_TYPE'),
    contact: text(50),
    telNo: PHONE,
    mobileNo: MOBILE,
    email: EMAIL,
    address: text(200),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    customerNo: { field: 'customerNo', op: 'eq' },
    customerNoIndistinct: { field: 'customerNo', op: 'contains' },
    customerNameIndistinct: { field: 'customerName', op: 'contains' },
    customerType: { field: 'customerType', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  customFields: true,
  references: { orgNo: ORG_REFERENCE },
  import: { key: ['customerNo'] },
  defaultSort: { field: 'customerNo', order: 'asc' },
});

export const IBmCustomerService = defineService('IBmCustomerService', {
  ...standardMethods(customerResource, {
    list: 'getbmcustomerlistbyparams',
    get: 'getbmcustomerbyid',
    add: 'addbmcustomer',
    update: 'updatebmcustomerbyid',
    delete: { name: 'physicaldeletebmcustomerbyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(customerResource),
});
