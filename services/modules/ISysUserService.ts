// The user picker (spec 000 section 7: getAuthUserList): users in the caller's organisations; a
// supplier's user sees only its own supplier's users. The password hash is never a declared field.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { standardMethods } from '../resource/methods.js';

export const userResource = defineResource({
  table: 'sysUser',
  menus: ['BaseManage.Base.User'],
  fields: {
    userNo: { type: 'string', maxLength: 64, keyword: true, sortable: true },
    userName: { type: 'string', maxLength: 100, keyword: true, sortable: true },
    orgNo: { type: 'string', maxLength: 32, sortable: true },
    warehouseNo: { type: 'string', maxLength: 32 },
    supplierNo: { type: 'string', maxLength: 32, sortable: true },
    phone: { type: 'string', maxLength: 20 },
    email: { type: 'string', maxLength: 100 },
    statusCode: { type: 'string', enum: ['0', '1'], sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    warehouseNo: { field: 'warehouseNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  defaultSort: { field: 'userNo', order: 'asc' },
});

export const ISysUserService = defineService('ISysUserService', {
  ...standardMethods(userResource, { list: 'getAuthUserList' }),
});
