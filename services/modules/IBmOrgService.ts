// Organisations (spec 001 sections 2, 3, 7): the first entity on the resource layer.
import { DATA_TYPE } from '../access/scope.js';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { fullAuthorityList, standardMethods } from '../resource/methods.js';

export const ORG_MENU = 'Base.Basic.Organizational';
const CODE = '^[A-Za-z0-9][A-Za-z0-9_-]*$';

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
    statusCode: {
      type: 'string',
      write: 'always',
      enum: ['0', '1'],
      default: '1',
      sortable: true,
      dictionary: 'STATUS_CODE',
    },
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
  },
  scope: { org: 'orgNo' },
  customFields: true,
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
    // An organisation is itself a scope value: whoever creates one (without all-scope) may then see it.
    addHooks: {
      afterInsert: async (ctx, _id, values) => {
        if (!ctx.user || ctx.user.scope.all) return;
        await ctx.db
          .insertInto('sysUserData')
          .values({ userId: ctx.user.id, dataType: DATA_TYPE.org, dataValue: String(values.orgNo) })
          .onConflict((oc) => oc.doNothing())
          .execute();
        // The same call reads the new row back through the scope.
        ctx.user.scope.orgs.push(String(values.orgNo));
      },
    },
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
