// Barcode rules (spec 001 sections 3 and 5): how a barcode of a type is read, and its basic elements
// (the parts it is made of) edited as lines of the rule and saved with it in one transaction. A basic
// element's code is a single letter A-Z, unique within its rule; at least one element must remain.
// The lookup (bar rule list: statusCode 1, keyword, barType) also takes lotRuleNo: the barcode rule
// selector depends on the item's batch rule and offers only rules whose lot-attribute elements belong
// to that batch rule (or have none).

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
import { checkBarRule } from '../rules/barcode-rule-check.js';

export const BAR_RULE_MENU = 'Base.Barcode.BarcodeRule';

export const barRuleLineResource = defineResource({
  table: 'bmBarRuleLine',
  defaultSort: { field: 'seqNo', order: 'asc' },
  menus: [BAR_RULE_MENU],
  fields: {
    barRuleId: { type: 'string' },
    seqNo: { type: 'integer', sortable: true },
    // Spec 001 section 5: "Basic element code: a single letter A-Z."
    codingId: {
      type: 'string',
      write: 'always',
      required: true,
      maxLength: 10,
      pattern: '^[A-Z]$',
      patternProblem: 'problem.singleLetter',
    },
    parameter: dictionary('BAR_PARAMETER', { required: true }),
    fieldType: dictionary('BAR_FIELD_TYPE', {
      required: true,
    }),
    lotRule: { type: 'string', write: 'always', maxLength: 32 },
    inputType: dictionary('BAR_INPUT_TYPE', { default: 'text' }),
    partNo: { type: 'integer', write: 'always', minimum: 1, maximum: 99 },
    leng: { type: 'integer', write: 'always', minimum: 1, maximum: 500 },
    allowEmpty: yesNo('N'),
    prefixChar: { type: 'string', write: 'always', maxLength: 20 },
    matchCriteria: { type: 'string', write: 'always', maxLength: 200 },
  },
});

export const barRuleResource = defineResource({
  table: 'bmBarRuleHead',
  menus: [BAR_RULE_MENU],
  fields: {
    orgNo: ORG_NO,
    barRuleNo: keyCode(),
    barRuleName: recordName(),
    barType: dictionary('BAR_TYPE', { required: true, default: '1' }),
    codeTotal: { type: 'integer', write: 'always', minimum: 1, maximum: 500, sortable: true },
    parseMethod: dictionary('BAR_PARSE_METHOD', { required: true, default: '1' }),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    barRuleNo: { field: 'barRuleNo', op: 'eq' },
    barRuleNoIndistinct: { field: 'barRuleNo', op: 'contains' },
    barRuleNameIndistinct: { field: 'barRuleName', op: 'contains' },
    barType: { field: 'barType', op: 'eq' },
    parseMethod: { field: 'parseMethod', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  references: { orgNo: ORG_NAMED },
  lines: {
    elementList: {
      resource: barRuleLineResource,
      parentField: 'barRuleId',
      minRows: 1,
      unique: ['codingId'],
    },
  },
  defaultSort: { field: 'barRuleNo', order: 'asc' },
  hooks: {
    afterSave: (ctx, saved) => checkBarRule(ctx, saved),
  },
});

export const IBmBarRuleHeadService = defineService('IBmBarRuleHeadService', {
  ...standardMethods(barRuleResource, {
    list: 'getbmbarruleheadlistbyparams',
    get: 'getbmbarruleheadbyid',
    add: 'addbmbarrulehead',
    update: 'updatebmbarruleheadbyid',
    delete: { name: 'deletebmbarruleheadbyids', flag: 'isPhysicalDelete' },
    // The barcode rule selector depends on the item's batch rule (spec 000 section 5).
    listExtra: { lotRuleNo: { type: ['string', 'null'], maxLength: 32 } },
    listOptions: (body) => {
      const lotRuleNo = body.condition?.lotRuleNo;
      if (typeof lotRuleNo !== 'string' || !lotRuleNo) return {};
      return {
        where: (q) =>
          q.where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('bmBarRuleLine as l')
                  .select('l.id')
                  .whereRef('l.barRuleId', '=', 't1.id')
                  .where('l.lotRule', 'is not', null)
                  .where('l.lotRule', '<>', lotRuleNo),
              ),
            ),
          ),
      };
    },
  }),
  /** The basic elements of one rule (the list's extra-rows dialog). */
  getbmbarrulelinelistbyparams: linesListMethod(barRuleResource, 'elementList'),
  ...exportMethods(barRuleResource),
});
