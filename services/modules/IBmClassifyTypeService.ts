// Document classify types (spec 001), maintained as application classification codes
// (BaseManage.Config.ApplicationClassification): each code belongs to an organisation, an application
// (applicationType: what custom fields' fixed matching conditions name as application_type) and a
// document nature (docNature). They are also a data-scope dimension: lookups are limited to the
// caller's organisations and classify types, and whoever creates one without all-scope is granted it.
// hand-written SQL: a deleted classify type leaves every user's data scope (sys_user_data)
import { DATA_TYPE } from '../access/scope.js';
import { defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { dictionary, keyCode, ORG_NO, ORG_REFERENCE, REMARK, recordName } from '../resource/field-kinds.js';
import { fullAuthorityList, standardMethods, validOnly } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import { type ListBody, list } from '../resource/resource.js';
import { listBody } from '../resource/schemas.js';

export const APPLICATION_TYPES = [
  'PURCHASE',
  'SALES',
  'TRANSFER',
  'RETURN',
  'PRODUCTION',
  'INVENTORY',
] as const;

export const classifyTypeResource = defineResource({
  table: 'bmClassifyType',
  menus: ['BaseManage.Config.ApplicationClassification'],
  fields: {
    orgNo: ORG_NO,
    classifyType: keyCode(),
    classifyTypeName: recordName(),
    applicationType: dictionary('APPLICATION_TYPE', { required: true }),
    docNature: dictionary('DOC_NATURE'),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    classifyTypeIndistinct: { field: 'classifyType', op: 'contains' },
    classifyTypeNameIndistinct: { field: 'classifyTypeName', op: 'contains' },
    applicationType: { field: 'applicationType', op: 'eq' },
    docNature: { field: 'docNature', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', classifyType: 'classifyType' },
  scopeValue: 'classifyType',
  references: { orgNo: ORG_REFERENCE },
  import: { key: ['classifyType'] },
  defaultSort: { field: 'classifyType', order: 'asc' },
  usedBy: [
    { table: 'bmWaveManageHead', column: 'classifyType', field: 'classifyType', with: { orgNo: 'orgNo' } },
  ],
  hooks: {
    // A code that no longer exists leaves every user's data scope with it.
    beforeDelete: async (ctx, rows) => {
      for (const row of rows)
        await ctx.db
          .deleteFrom('sysUserData')
          .where('dataType', '=', DATA_TYPE.classifyType)
          .where('dataValue', '=', String(row.classifyType))
          .execute();
    },
  },
});

export const IBmClassifyTypeService = defineService('IBmClassifyTypeService', {
  ...standardMethods(classifyTypeResource, {
    list: 'getbmclassifytypelistbyparams',
    get: 'getbmclassifytypebyid',
    add: 'addbmclassifytype',
    update: 'updatebmclassifytypebyid',
    delete: { name: 'deletebmclassifytypebyids', flag: 'isPhysicalDelete' },
  }),
  getFullAuthorityClassifyTypeListByParams: fullAuthorityList(classifyTypeResource, [
    'id',
    'orgNo',
    'classifyType',
    'classifyTypeName',
  ]),
  /**
   * Spec 001 section 7: the classify types of a business (orgNo, docNature, bigModule), valid ones in
   * the caller's scope. bigModule is the application type.
   */
  getBusinessClassifyTypeListByParams: defineMethod<ListBody>({
    body: listBody(classifyTypeResource, { bigModule: { type: ['string', 'null'], maxLength: 32 } }),
    access: { kind: 'user' },
    resource: classifyTypeResource,
    handler: (ctx, body) => {
      const bigModule = body.condition?.bigModule;
      const valid = validOnly(classifyTypeResource)!;
      return list(classifyTypeResource, { ...ctx, lookup: true }, body, {
        where: (q) =>
          typeof bigModule === 'string' && bigModule
            ? valid(q).where('t1.applicationType', '=', bigModule)
            : valid(q),
        fields: ['id', 'orgNo', 'classifyType', 'classifyTypeName', 'applicationType', 'docNature'],
      });
    },
  }),
  ...exportMethods(classifyTypeResource),
});
