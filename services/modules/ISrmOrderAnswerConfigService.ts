// Order answer configuration (Offsite.Config.OrderAnswer; the spec names the screen by its label only):
// the purchaser's rules saying whether a supplier must answer an order line and within how many days of
// the order date. A rule belongs to an organisation and may narrow to an order type, a supplier or both;
// one rule per organisation, order type and supplier (the database's `rule_key`). Which rule applies to
// a line, and when it applies, is services/rules/order-answer.ts.
import type { CallContext } from '../registry.js';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { dictionary, ORG_NO, ORG_REFERENCE, REMARK, refCode, whole, yesNo } from '../resource/field-kinds.js';
import { invalid } from '../resource/hooks.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import type { Row } from '../resource/resource.js';

export const ORDER_ANSWER_MENU = 'Offsite.Config.OrderAnswer';

export const orderAnswerConfigResource = defineResource({
  table: 'srmOrderAnswerConfig',
  menus: [ORDER_ANSWER_MENU],
  fields: {
    orgNo: ORG_NO,
    // Empty: every order type, every supplier of the organisation.
    orderType: dictionary('ORDER_TYPE'),
    supplierNo: { ...refCode(false), keyword: true },
    answerRequired: yesNo('Y'),
    // Days after the order date the answer is due: a positive whole number, at most a year.
    answerDays: whole(1, 365),
    remark: REMARK,
    statusCode: STATUS_FIELD,
    // organisation/order type/supplier, '*' for any: the rule's identity, kept by the database.
    ruleKey: { type: 'string', sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    orderType: { field: 'orderType', op: 'eq' },
    supplierNo: { field: 'supplierNo', op: 'eq' },
    answerRequired: { field: 'answerRequired', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  references: {
    orgNo: ORG_REFERENCE,
    supplierNo: {
      table: 'bmSupplier',
      column: 'supplierNo',
      name: { as: 'supplierName', column: 'supplierName' },
    },
  },
  hooks: { beforeSave: answerDaysRule },
  defaultSort: {
    field: 'orgNo',
    order: 'asc',
    thenBy: [
      { field: 'supplierNo', order: 'asc' },
      { field: 'orderType', order: 'asc' },
    ],
  },
});

/** A rule that asks for an answer names its days; one that does not keeps none. */
function answerDaysRule(ctx: CallContext, row: Row): Row | undefined {
  if (row.answerRequired === 'N') return row.answerDays == null ? undefined : { answerDays: null };
  if (row.answerDays == null) throw invalid(ctx, 'answerDays', 'problem.required');
  return undefined;
}

export const ISrmOrderAnswerConfigService = defineService('ISrmOrderAnswerConfigService', {
  ...standardMethods(orderAnswerConfigResource, {
    list: 'getSrmOrderAnswerConfigPage',
    get: 'getSrmOrderAnswerConfigById',
    add: 'addSrmOrderAnswerConfig',
    update: 'updateSrmOrderAnswerConfigById',
    delete: { name: 'deleteSrmOrderAnswerConfigByIds', flag: 'isDelete' },
  }),
  ...exportMethods(orderAnswerConfigResource),
});
