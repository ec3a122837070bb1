// Delivery rules (Offsite.Config.DeliveryRule; the spec names the screen by its label only): the
// purchaser's rules for delivery notices per organisation, optionally narrowed to a supplier, an item or
// both: over- and under-delivery tolerance in per cent, whether notices need approval, how many days
// ahead of the due date goods may arrive and still be on time, whether the supplier is frozen (may
// not submit notices) and whether the materials need a delivery approval. One rule per organisation, supplier and item (the database's `rule_key`). Which
// rule applies, and what the notices do with it, is services/rules/delivery.ts.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { decimal, ORG_NO, ORG_REFERENCE, REMARK, refCode, whole, yesNo } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';

export const DELIVERY_RULE_MENU = 'Offsite.Config.DeliveryRule';

/** A per cent with the tax rate's 4 decimals, 0 to 100. */
const percent = () => decimal(4, { minimum: 0, maximum: 100 });

export const deliveryRuleResource = defineResource({
  table: 'srmDeliveryRule',
  menus: [DELIVERY_RULE_MENU],
  fields: {
    orgNo: ORG_NO,
    // Empty: every supplier, every item of the organisation.
    supplierNo: { ...refCode(false), keyword: true },
    itemNo: { ...refCode(false), keyword: true },
    overTolerance: { ...percent(), default: '0' },
    underTolerance: { ...percent(), default: '0' },
    needApproval: yesNo('Y'),
    aheadDays: { ...whole(1, 365), default: 3 },
    frozen: yesNo('N'),
    // Y: notices ship the rule's materials only under an approved delivery approval valid on their
    // delivery date (./asn-qualification.ts).
    needDeliveryApproval: yesNo('N'),
    // Y: the purchaser records receipts of the notices in the portal (./asn-receipt.ts).
    portalReceipt: yesNo('N'),
    remark: REMARK,
    statusCode: STATUS_FIELD,
    // organisation/supplier/item, '*' for any: the rule's identity, kept by the database.
    ruleKey: { type: 'string', sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    supplierNo: { field: 'supplierNo', op: 'eq' },
    itemNo: { field: 'itemNo', op: 'contains' },
    needApproval: { field: 'needApproval', op: 'eq' },
    frozen: { field: 'frozen', op: 'eq' },
    needDeliveryApproval: { field: 'needDeliveryApproval', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  references: {
    orgNo: ORG_REFERENCE,
    supplierNo: {
      table: 'bmSupplier',
      column: 'supplierNo',
      name: { as: 'supplierName', column: 'supplierName' },
    },
    itemNo: { table: 'bmItem', column: 'itemNo', with: { orgNo: 'orgNo' } },
  },
  defaultSort: {
    field: 'orgNo',
    order: 'asc',
    thenBy: [
      { field: 'supplierNo', order: 'asc' },
      { field: 'itemNo', order: 'asc' },
    ],
  },
});

export const ISrmDeliveryRuleService = defineService('ISrmDeliveryRuleService', {
  ...standardMethods(deliveryRuleResource, {
    list: 'getSrmDeliveryRulePage',
    get: 'getSrmDeliveryRuleById',
    add: 'addSrmDeliveryRule',
    update: 'updateSrmDeliveryRuleById',
    delete: { name: 'deleteSrmDeliveryRuleByIds', flag: 'isDelete' },
  }),
  ...exportMethods(deliveryRuleResource),
});
