// Roles (spec 001): the role lookup lists valid roles to staff; a supplier's user gets none.
import { AppError } from '../errors.js';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { standardMethods } from '../resource/methods.js';

export const roleResource = defineResource({
  table: 'sysRole',
  menus: ['BaseManage.Base.Role'],
  fields: {
    roleNo: { type: 'string', maxLength: 32, keyword: true, sortable: true },
    roleName: { type: 'string', maxLength: 100, keyword: true, sortable: true },
    statusCode: { type: 'string', enum: ['0', '1'], sortable: true },
    remark: { type: 'string', maxLength: 255 },
  },
  filters: { statusCode: { field: 'statusCode', op: 'eq' } },
  defaultSort: { field: 'roleNo', order: 'asc' },
});

const methods = standardMethods(roleResource, { list: 'getsysrolelist' });
const list = methods.getsysrolelist;

export const ISrmSysRoleService = defineService('ISrmSysRoleService', {
  getsysrolelist: {
    ...list,
    handler: (ctx, body) => {
      if (ctx.user?.scope.supplierNo) throw new AppError('forbidden', { flag: 'isSearch' });
      return list.handler(ctx, body);
    },
  },
});
