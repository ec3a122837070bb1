// An item's own unit conversions (spec 001 section 3: a unit conversion plus length, width, height,
// cube, net and gross weight): one carton of this item is 24 pieces and measures so much. The same
// rules as any conversion (spec 001 section 5), and the item exists in the organisation.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { measure, ORG_NAMED, ORG_NO, REMARK, refCode } from '../resource/field-kinds.js';
import { weightsInOrder } from '../resource/hooks.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import { ITEM_REFERENCE } from './IBmItemService.js';
import { CONVERSION_FIELDS, checkConversion, UNIT_REFERENCES } from './IBmUnitConvertService.js';

export const itemUnitConvertResource = defineResource({
  table: 'bmItemUnitConvert',
  menus: ['Base.Material.ItemUnitConversion'],
  fields: {
    orgNo: ORG_NO,
    itemNo: { ...refCode(true, 'create'), maxLength: 64, keyword: true },
    ...CONVERSION_FIELDS,
    length: measure(),
    width: measure(),
    height: measure(),
    cube: measure(),
    netWeight: measure(),
    grossWeight: measure(),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    itemNo: { field: 'itemNo', op: 'eq' },
    fromUnitNo: { field: 'fromUnitNo', op: 'eq' },
    toUnitNo: { field: 'toUnitNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  customFields: true,
  references: { orgNo: ORG_NAMED, itemNo: ITEM_REFERENCE, ...UNIT_REFERENCES },
  hooks: {
    beforeSave: (ctx, row) => {
      checkConversion(ctx, row);
      weightsInOrder(ctx, row);
    },
  },
  defaultSort: { field: 'itemNo', order: 'asc' },
});

export const IBmItemUnitConvertService = defineService('IBmItemUnitConvertService', {
  ...standardMethods(itemUnitConvertResource, {
    list: 'getbmitemunitconvertlistbyparams',
    get: 'getbmitemunitconvertbyid',
    add: 'addbmitemunitconvert',
    update: 'updatebmitemunitconvertbyid',
    delete: { name: 'deletebmitemunitconvertbyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(itemUnitConvertResource),
});
