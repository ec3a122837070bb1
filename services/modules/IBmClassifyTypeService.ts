// Document classify types (spec 001): lookups, limited to the caller's organisations and classify types.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { fullAuthorityList, standardMethods } from '../resource/methods.js';

export const classifyTypeResource = defineResource({
  table: 'bmClassifyType',
  menus: ['BaseManage.Config.ApplicationClassification'],
  fields: {
    orgNo: { type: 'string', maxLength: 32, sortable: true },
    classifyType: { type: 'string', maxLength: 32, keyword: true, sortable: true },
    classifyTypeName: { type: 'string', maxLength: 100, keyword: true, sortable: true },
    statusCode: { type: 'string', enum: ['0', '1'], sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', classifyType: 'classifyType' },
  defaultSort: { field: 'classifyType', order: 'asc' },
});

export const IBmClassifyTypeService = defineService('IBmClassifyTypeService', {
  ...standardMethods(classifyTypeResource, { list: 'getbmclassifytypelistbyparams' }),
  getFullAuthorityClassifyTypeListByParams: fullAuthorityList(classifyTypeResource, [
    'id',
    'orgNo',
    'classifyType',
    'classifyTypeName',
  ]),
});
