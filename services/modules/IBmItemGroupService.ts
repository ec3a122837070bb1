// Item groups (spec 001 section 7: getbmitemgrouplistbyparams (orgNo, size 10)): items of one group
// may stand in for each other (Base.Material.ItemGroupSubstitution); an item names its group.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { keyCode, ORG_NO, ORG_REFERENCE, REMARK, text } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';

export const itemGroupResource = defineResource({
  table: 'bmItemGroup',
  menus: ['Base.Material.ItemGroupSubstitution'],
  fields: {
    orgNo: ORG_NO,
    itemGroupNo: keyCode(),
    itemGroupName: text(100, { required: true, keyword: true }),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    itemGroupNo: { field: 'itemGroupNo', op: 'eq' },
    itemGroupNoIndistinct: { field: 'itemGroupNo', op: 'contains' },
    itemGroupNameIndistinct: { field: 'itemGroupName', op: 'contains' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  customFields: true,
  references: { orgNo: ORG_REFERENCE },
  import: { key: ['orgNo', 'itemGroupNo'] },
  defaultSort: { field: 'itemGroupNo', order: 'asc' },
});

export const IBmItemGroupService = defineService('IBmItemGroupService', {
  ...standardMethods(itemGroupResource, {
    list: 'getbmitemgrouplistbyparams',
    get: 'getbmitemgroupbyid',
    add: 'addbmitemgroup',
    update: 'updatebmitemgroupbyid',
    delete: { name: 'deletebmitemgroupbyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(itemGroupResource),
});
