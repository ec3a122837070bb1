// Customer addresses (spec 001 sections 2, 3, 7: IBmCustomerAddressService list, add, getById,
// updateById, physical delete by ids), on Base.Basic.Address (/base/address, add-address,
// modify-address/{id}). One default address per customer: saving one as the default takes the mark
// from the customer's other addresses in the same transaction.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { MOBILE, ORG_NAMED, ORG_NO, PHONE, REMARK, refCode, text, yesNo } from '../resource/field-kinds.js';
import { oneDefault } from '../resource/hooks.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import { CUSTOMER_REFERENCE } from './IBmCustomerService.js';

export const customerAddressResource = defineResource({
  table: 'bmCustomerAddress',
  menus: ['Base.Basic.Address'],
  fields: {
    orgNo: ORG_NO,
    customerNo: { ...refCode(true, 'create'), keyword: true },
    country: text(50, { keyword: true }),
    province: text(50, { keyword: true }),
    city: text(50, { keyword: true }),
    district: text(50),
    address: text(200, { required: true, keyword: true }),
    zip: text(16, { pattern: '^$|^[A-Za-z0-9][A-Za-z0-9 -]*$' }),
    contact: text(50, { keyword: true }),
    telNo: PHONE,
    mobileNo: MOBILE,
    isDefault: yesNo('N'),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    customerNo: { field: 'customerNo', op: 'eq' },
    cityIndistinct: { field: 'city', op: 'contains' },
    isDefault: { field: 'isDefault', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  customFields: true,
  references: { orgNo: ORG_NAMED, customerNo: { ...CUSTOMER_REFERENCE, with: { orgNo: 'orgNo' } } },
  hooks: { beforeSave: oneDefault('bmCustomerAddress', 'isDefault', ['customerNo']) },
  defaultSort: { field: 'customerNo', order: 'asc' },
});

export const IBmCustomerAddressService = defineService('IBmCustomerAddressService', {
  ...standardMethods(customerAddressResource, {
    list: 'getbmcustomeraddresslistbyparams',
    get: 'getbmcustomeraddressbyid',
    add: 'addbmcustomeraddress',
    update: 'updatebmcustomeraddressbyid',
    delete: { name: 'physicaldeletebmcustomeraddressbyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(customerAddressResource),
});
