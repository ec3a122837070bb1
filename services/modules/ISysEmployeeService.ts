// Staff (spec 001 sections 3 and 7): the employees of an organisation, maintained on
// BaseManage.Base.Staff and picked by other screens through getsysemployeelistbyparams (orgNo).
import { adminOnly } from '../access/admin-only.js';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { ORG_NAMED } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { PATTERNS, STATUS_FIELD } from '../resource/patterns.js';

export const STAFF_MENU = 'BaseManage.Base.Staff';

export const employeeResource = defineResource({
  table: 'sysEmployee',
  menus: [STAFF_MENU],
  fields: {
    employeeNo: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 32,
      pattern: PATTERNS.code,
      keyword: true,
      sortable: true,
    },
    employeeName: {
      type: 'string',
      write: 'always',
      required: true,
      maxLength: 100,
      keyword: true,
      sortable: true,
    },
    orgNo: { type: 'string', write: 'always', required: true, maxLength: 32, sortable: true },
    tel: { type: 'string', write: 'always', maxLength: 20, pattern: PATTERNS.mobile, keyword: true },
    weChat: { type: 'string', write: 'always', maxLength: 64 },
    email: { type: 'string', write: 'always', maxLength: 100, pattern: PATTERNS.email },
    sex: { type: 'string', write: 'always', enum: ['1', '2'], sortable: true, dictionary: 'SEX' },
    title: { type: 'string', write: 'always', maxLength: 64, sortable: true, dictionary: 'EMPLOYEE_TITLE' },
    address: { type: 'string', write: 'always', maxLength: 200 },
    statusCode: STATUS_FIELD,
    remark: { type: 'string', write: 'always', maxLength: 255 },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    employeeNoIndistinct: { field: 'employeeNo', op: 'contains' },
    employeeNameIndistinct: { field: 'employeeName', op: 'contains' },
    sex: { field: 'sex', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  references: { orgNo: ORG_NAMED },
  defaultSort: { field: 'employeeNo', order: 'asc' },
});

export const ISysEmployeeService = defineService(
  'ISysEmployeeService',
  adminOnly({
    ...standardMethods(employeeResource, {
      list: 'getsysemployeelistbyparams',
      get: 'getsysemployeebyid',
      add: 'addsysemployee',
      update: 'updatesysemployeebyid',
      delete: { name: 'deletesysemployeebyids', flag: 'isDelete' },
    }),
  }),
);
