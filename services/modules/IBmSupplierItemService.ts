// Supplier items (spec 001 section 3): a supplier's own code and terms for one of our items, plus the
// purchasing terms (purchasing organisation, factory, origin, maker, brand, preferred supplier and
// its share, validity, packing and order minimums, lead time, preparation cycle, delivery mode,
// reference price), on Base.Material.SupplierItem. merchantNo is the supplier: a supplier's user
// sees only its own supplier's items, in every call. Valid-from is not after valid-to.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import {
  decimal,
  dictionary,
  measure,
  ORG_REFERENCE,
  refCode,
  text,
  whole,
  yesNo,
} from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { ITEM_REFERENCE } from './IBmItemService.js';
import { MERCHANT_ITEM_FIELDS, MERCHANT_ITEM_FILTERS, MERCHANT_ITEM_TAIL } from './merchantItem.js';

export const supplierItemResource = defineResource({
  table: 'bmSupplierItem',
  menus: ['Base.Material.SupplierItem'],
  fields: {
    ...MERCHANT_ITEM_FIELDS,
    purOrgNo: refCode(),
    factoryNo: text(32),
    sourceArea: text(100),
    makeBy: text(100),
    brand: text(100),
    isPreferredSupplier: yesNo('N'),
    // Percent of the item's purchases.
    supplierProportion: decimal(4, { digits: 7, minimum: 0, maximum: 100 }),
    effectiveStart: { type: 'date', write: 'always', sortable: true },
    effectiveEnd: { type: 'date', write: 'always', sortable: true },
    minPackQty: measure(),
    minPurQty: measure(),
    // Days.
    purLeadTime: whole(0, 9_999),
    prepareCycle: whole(0, 9_999),
    transferMode: dictionary('TRANSFER_MODE'),
    refPrice: measure(),
    ...MERCHANT_ITEM_TAIL,
  },
  filters: {
    ...MERCHANT_ITEM_FILTERS,
    isPreferredSupplier: { field: 'isPreferredSupplier', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'merchantNo' },
  customFields: true,
  ordered: [['effectiveStart', 'effectiveEnd']],
  references: {
    orgNo: ORG_REFERENCE,
    merchantNo: {
      table: 'bmSupplier',
      column: 'supplierNo',
      name: { as: 'merchantName', column: 'supplierName' },
    },
    itemNo: ITEM_REFERENCE,
    purOrgNo: { ...ORG_REFERENCE, name: { as: 'purOrgName', column: 'orgShortName' } },
  },
  import: { key: ['orgNo', 'merchantNo', 'itemNo'] },
  defaultSort: { field: 'itemNo', order: 'asc' },
});

export const IBmSupplierItemService = defineService('IBmSupplierItemService', {
  ...standardMethods(supplierItemResource, {
    list: 'getbmsupplieritemlistbyparams',
    get: 'getbmsupplieritembyid',
    add: 'addbmsupplieritem',
    update: 'updatebmsupplieritembyid',
    delete: { name: 'deletebmsupplieritembyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(supplierItemResource),
});
