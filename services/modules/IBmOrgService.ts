// Organisations (spec 001 sections 2, 3, 7): the first entity on the resource layer.
// hand-written SQL: a supplier's user gets the organisations its supplier serves (a subquery)
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { fullAuthorityList, standardMethods } from '../resource/methods.js';
import { PATTERNS, STATUS_FIELD } from '../resource/patterns.js';

export const ORG_MENU = 'Base.Basic.Organizational';
const CODE = PATTERNS.code;

export const orgResource = defineResource({
  table: 'bmOrg',
  menus: [ORG_MENU],
  fields: {
    orgNo: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 32,
      pattern: CODE,
      keyword: true,
      sortable: true,
    },
    orgName: {
      type: 'string',
      write: 'always',
      required: true,
      maxLength: 100,
      keyword: true,
      sortable: true,
    },
    orgShortName: { type: 'string', write: 'always', maxLength: 100, keyword: true, sortable: true },
    statusCode: STATUS_FIELD,
    remark: { type: 'string', write: 'always', maxLength: 255, sortable: true },
    closeAcctFlag: {
      type: 'string',
      write: 'always',
      enum: ['Y', 'N'],
      default: 'N',
      sortable: true,
      dictionary: 'YES_NO',
    },
    closeAcctStartDate: { type: 'date', write: 'always', sortable: true },
    closeAcctEndDate: { type: 'date', write: 'always', sortable: true },
    closeAcctDuringDate: { type: 'string', write: 'always', maxLength: 100 },
    closeAcctRemark: { type: 'string', write: 'always', maxLength: 255 },
  },
  filters: {
    orgNoIndistinct: { field: 'orgNo', op: 'contains' },
    orgNameIndistinct: { field: 'orgName', op: 'contains' },
    statusCode: { field: 'statusCode', op: 'eq' },
    // The organisation list's type filter (account closing or not).
    closeAcctFlag: { field: 'closeAcctFlag', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  scopeValue: 'org',
  customFields: true,
  import: { key: ['orgNo'] },
  ordered: [['closeAcctStartDate', 'closeAcctEndDate']],
});

const OPTION_FIELDS = ['id', 'orgNo', 'orgName', 'orgShortName', 'statusCode'] as const;

export const IBmOrgService = defineService('IBmOrgService', {
  ...standardMethods(orgResource, {
    list: 'getbmorglistbyparams',
    get: 'getbmorgbyid',
    add: 'addbmorg',
    update: 'updatebmorgbyid',
    delete: { name: 'deletebmorgbyids', flag: 'isPhysicalDelete' },
    // isControlSupplier (default Y): a supplier's user only gets the organisations its supplier serves.
    listExtra: { isControlSupplier: { type: ['string', 'null'], enum: ['Y', 'N', '', null] } },
    listOptions: (body, ctx) => {
      const supplierNo = ctx.user?.scope.supplierNo;
      if (!supplierNo || body.condition?.isControlSupplier === 'N') return {};
      return {
        where: (q) =>
          q.where(
            't1.orgNo',
            'in',
            ctx.db.selectFrom('bmSupplier').select('orgNo').where('supplierNo', '=', supplierNo),
          ),
      };
    },
  }),

  getFullAuthorityOrgListByParams: fullAuthorityList(orgResource, OPTION_FIELDS),
  ...exportMethods(orgResource),
});
