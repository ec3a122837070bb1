// Dropdown data (spec 000 section 3 "Dropdown data source item: name, code"; section 7 "Dropdown data
// (size 20, sorted by createDate descending)"). A data source is a named list of code/name items
// (sys_dropdown_data, one row per item); a dropdown-data selector names its source, and its lookup
// lists that source's valid items, newest first unless another declared sort is asked for. The items
// hold no organisation, so they are the same for every user.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { fullAuthorityList } from '../resource/methods.js';

export const dropdownDataResource = defineResource({
  table: 'sysDropdownData',
  menus: ['BaseManage.Config.Dictionary'],
  fields: {
    dataSource: { type: 'string', maxLength: 64, sortable: true },
    code: { type: 'string', maxLength: 64, keyword: true, sortable: true },
    name: { type: 'string', maxLength: 100, keyword: true, sortable: true },
    statusCode: { type: 'string', enum: ['0', '1'], sortable: true },
    remark: { type: 'string', maxLength: 255 },
  },
  filters: {
    dataSource: { field: 'dataSource', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  defaultSort: { field: 'createDate', order: 'desc' },
});

export const ISysDropDownDataService = defineService('ISysDropDownDataService', {
  getsysdropdowndatalistbyparams: fullAuthorityList(dropdownDataResource, [
    'id',
    'dataSource',
    'code',
    'name',
    'createDate',
  ]),
});
