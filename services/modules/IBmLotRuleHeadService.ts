// Batch rules (spec 001 sections 3 and 5): a rule names the lot attributes a batch carries, in detail
// lines (lotAtt, isCombinationLotNo, dateFormat, lotKey, defaultValue). "Batch rule needs at least one
// detail line": refused with the spec's message (10100). A rule a barcode rule's element still uses is
// not deleted (10016).
// hand-written SQL: a batch rule named by barcode rule elements of its organisation (a join) stays

import { AppError } from '../errors.js';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import {
  dictionary,
  keyCode,
  ORG_NAMED,
  ORG_NO,
  REMARK,
  recordName,
  yesNo,
} from '../resource/field-kinds.js';
import { linesListMethod, standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';

export const LOT_RULE_MENU = 'Base.Barcode.BatchRule';

export const lotRuleLineResource = defineResource({
  table: 'bmLotRuleLine',
  defaultSort: { field: 'seqNo', order: 'asc' },
  menus: [LOT_RULE_MENU],
  fields: {
    lotRuleId: { type: 'string' },
    seqNo: { type: 'integer', sortable: true },
    lotAtt: dictionary('LOT_ATT', { required: true }),
    isCombinationLotNo: yesNo('N'),
    // A day.js-style date format of the attribute's value (yyyy-MM-dd, yyyyMMdd, ...).
    dateFormat: { type: 'string', write: 'always', maxLength: 20, pattern: '^[yMdHms:/. _-]+$' },
    lotKey: yesNo('N'),
    defaultValue: { type: 'string', write: 'always', maxLength: 100 },
  },
});

export const lotRuleResource = defineResource({
  table: 'bmLotRuleHead',
  menus: [LOT_RULE_MENU],
  fields: {
    orgNo: ORG_NO,
    lotRuleNo: keyCode(),
    lotRuleName: recordName(),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    lotRuleNo: { field: 'lotRuleNo', op: 'eq' },
    lotRuleNoIndistinct: { field: 'lotRuleNo', op: 'contains' },
    lotRuleNameIndistinct: { field: 'lotRuleName', op: 'contains' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  references: { orgNo: ORG_NAMED },
  lines: {
    detailList: {
      resource: lotRuleLineResource,
      parentField: 'lotRuleId',
      minRows: 1,
      minRowsError: 'lotRuleNoLine',
      unique: ['lotAtt'],
    },
  },
  defaultSort: { field: 'lotRuleNo', order: 'asc' },
  hooks: {
    beforeDelete: async (ctx, rows) => {
      for (const row of rows) {
        const used = await ctx.db
          .selectFrom('bmBarRuleLine as l')
          .innerJoin('bmBarRuleHead as h', 'h.id', 'l.barRuleId')
          .select('h.barRuleNo')
          .where('h.orgNo', '=', String(row.orgNo))
          .where('l.lotRule', '=', String(row.lotRuleNo))
          .executeTakeFirst();
        if (used) throw new AppError('inUse');
      }
    },
  },
});

export const IBmLotRuleHeadService = defineService('IBmLotRuleHeadService', {
  ...standardMethods(lotRuleResource, {
    list: 'getbmlotruleheadlistbyparams',
    get: 'getbmlotruleheadbyid',
    add: 'addbmlotrulehead',
    update: 'updatebmlotruleheadbyid',
    delete: { name: 'deletebmlotruleheadbyids', flag: 'isPhysicalDelete' },
  }),
  /** The detail lines of one batch rule (the list's extra-rows dialog). */
  getbmlotrulelinelistbyparams: linesListMethod(lotRuleResource, 'detailList'),
  ...exportMethods(lotRuleResource),
});
