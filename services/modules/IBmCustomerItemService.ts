// Customer items (spec 001 section 3): a customer's own code and shelf-life terms for one of our
// items, on Base.Material.CustomerItem; merchantNo is the customer, of the item's organisation.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { ORG_REFERENCE } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { CUSTOMER_REFERENCE } from './IBmCustomerService.js';
import { ITEM_REFERENCE } from './IBmItemService.js';
import { MERCHANT_ITEM_FIELDS, MERCHANT_ITEM_FILTERS, MERCHANT_ITEM_TAIL } from './merchantItem.js';

export const customerItemResource = defineResource({
  table: 'bmCustomerItem',
  menus: ['Base.Material.CustomerItem'],
  fields: { ...MERCHANT_ITEM_FIELDS, ...MERCHANT_ITEM_TAIL },
  filters: { ...MERCHANT_ITEM_FILTERS },
  scope: { org: 'orgNo' },
  customFields: true,
  references: {
    orgNo: ORG_REFERENCE,
    merchantNo: {
      ...CUSTOMER_REFERENCE,
      with: { orgNo: 'orgNo' },
      name: { as: 'merchantName', column: 'customerShortName' },
    },
    itemNo: ITEM_REFERENCE,
  },
  import: { key: ['orgNo', 'merchantNo', 'itemNo'] },
  defaultSort: { field: 'itemNo', order: 'asc' },
});

export const IBmCustomerItemService = defineService('IBmCustomerItemService', {
  ...standardMethods(customerItemResource, {
    list: 'getbmcustomeritemlistbyparams',
    get: 'getbmcustomeritembyid',
    add: 'addbmcustomeritem',
    update: 'updatebmcustomeritembyid',
    delete: { name: 'deletebmcustomeritembyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(customerItemResource),
});
