// Items (materials; spec 001 sections 3 and 7: getbmitemlistbyparamssearch, getbmitemlistbyparams),
// per organisation. Beyond the spec's shared fields (itemNo, itemName, itemSpec, unitNo) an item has
// what a warehouse needs to store and count it: type, category, substitution group, barcode, ABC
// class, shelf life, lot and serial-number control, dimensions, weights and a safety stock.
import { defineService } from '../registry.js';
import { defineResource, type ReferenceSpec } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import {
  dictionary,
  keyCode,
  measure,
  ORG_NO,
  ORG_REFERENCE,
  REMARK,
  refCode,
  text,
  whole,
  yesNo,
} from '../resource/field-kinds.js';
import { weightsInOrder } from '../resource/hooks.js';
import { fullAuthorityList, standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';

/** A reference to a valid item of the row's own organisation. */
export const ITEM_REFERENCE: ReferenceSpec = {
  table: 'bmItem',
  column: 'itemNo',
  with: { orgNo: 'orgNo' },
  name: { as: 'itemName', column: 'itemName' },
};

const IN_ORG = { with: { orgNo: 'orgNo' } };

export const itemResource = defineResource({
  table: 'bmItem',
  menus: ['Base.Material.Material'],
  fields: {
    orgNo: ORG_NO,
    itemNo: keyCode(64),
    itemName: text(200, { required: true, keyword: true }),
    itemSpec: text(200, { keyword: true }),
    itemModel: text(100, { keyword: true }),
    itemType: dictionary('ITEM_TYPE'),
    unitNo: refCode(true),
    categoryNo: refCode(),
    itemGroupNo: refCode(),
    barcode: text(64, { keyword: true }),
    brand: text(100),
    abcClass: dictionary('ABC_CLASS'),
    // Days.
    shelfLife: whole(0, 99_999),
    isLotControl: yesNo('N'),
    isSnControl: yesNo('N'),
    length: measure(),
    width: measure(),
    height: measure(),
    cube: measure(),
    netWeight: measure(),
    grossWeight: measure(),
    safetyStock: measure(),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    itemNo: { field: 'itemNo', op: 'eq' },
    itemNoIndistinct: { field: 'itemNo', op: 'contains' },
    itemNameIndistinct: { field: 'itemName', op: 'contains' },
    itemSpecIndistinct: { field: 'itemSpec', op: 'contains' },
    itemType: { field: 'itemType', op: 'eq' },
    categoryNo: { field: 'categoryNo', op: 'eq' },
    itemGroupNo: { field: 'itemGroupNo', op: 'eq' },
    unitNo: { field: 'unitNo', op: 'eq' },
    abcClass: { field: 'abcClass', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  customFields: true,
  references: {
    orgNo: ORG_REFERENCE,
    unitNo: { table: 'bmUnit', column: 'unitNo', ...IN_ORG, name: { as: 'unitName', column: 'unitName' } },
    categoryNo: {
      table: 'bmCategory',
      column: 'categoryNo',
      ...IN_ORG,
      name: { as: 'categoryName', column: 'categoryName' },
    },
    itemGroupNo: {
      table: 'bmItemGroup',
      column: 'itemGroupNo',
      ...IN_ORG,
      name: { as: 'itemGroupName', column: 'itemGroupName' },
    },
  },
  hooks: { beforeSave: weightsInOrder },
  import: { key: ['orgNo', 'itemNo'] },
  defaultSort: { field: 'itemNo', order: 'asc' },
});

export const IBmItemService = defineService('IBmItemService', {
  ...standardMethods(itemResource, {
    list: 'getbmitemlistbyparams',
    get: 'getbmitembyid',
    add: 'addbmitem',
    update: 'updatebmitembyid',
    delete: { name: 'deletebmitembyids', flag: 'isPhysicalDelete' },
  }),
  // The item picker (spec 000 section 7: keyword, statusCode 1, orgNo; size 20): any screen, valid
  // items of the caller's organisations only.
  getbmitemlistbyparamssearch: fullAuthorityList(itemResource, [
    'id',
    'orgNo',
    'itemNo',
    'itemName',
    'itemSpec',
    'itemModel',
    'unitNo',
    'categoryNo',
    'itemGroupNo',
  ]),
  ...exportMethods(itemResource),
});
