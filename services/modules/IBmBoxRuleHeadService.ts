// Container rules (spec 001 section 3; the box rule lookup of spec 000 sections 3 and 7): how the
// containers of an organisation are numbered and what they may hold. codeTotal is the length of a
// container number the rule makes. Importable and exportable.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { standardMethods } from '../resource/methods.js';
import { ORG_REFERENCE, STATUS_FIELD } from '../resource/patterns.js';
import { codeField, nameField, ORG_FIELD, REMARK_FIELD, yesNo } from '../rules/fields.js';

export const BOX_RULE_MENU = 'Base.Barcode.ContainerRule';

export const boxRuleResource = defineResource({
  table: 'bmBoxRuleHead',
  menus: [BOX_RULE_MENU],
  fields: {
    orgNo: ORG_FIELD,
    boxRuleNo: codeField(),
    boxRuleName: nameField(),
    codeTotal: {
      type: 'integer',
      write: 'always',
      required: true,
      minimum: 4,
      maximum: 32,
      default: 10,
      sortable: true,
    },
    isControlSn: yesNo('N'),
    isMixSku: yesNo('N'),
    isMixLot: yesNo('N'),
    isAutoCreate: yesNo('N'),
    isRecycle: yesNo('N'),
    statusCode: STATUS_FIELD,
    remark: REMARK_FIELD,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    boxRuleNo: { field: 'boxRuleNo', op: 'eq' },
    boxRuleNoIndistinct: { field: 'boxRuleNo', op: 'contains' },
    boxRuleNameIndistinct: { field: 'boxRuleName', op: 'contains' },
    isRecycle: { field: 'isRecycle', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  import: { key: ['orgNo', 'boxRuleNo'], references: { orgNo: ORG_REFERENCE } },
  defaultSort: { field: 'boxRuleNo', order: 'asc' },
});

export const IBmBoxRuleHeadService = defineService('IBmBoxRuleHeadService', {
  ...standardMethods(boxRuleResource, {
    list: 'getbmboxruleheadlistbyparams',
    get: 'getbmboxruleheadbyid',
    add: 'addbmboxrulehead',
    update: 'updatebmboxruleheadbyid',
    delete: { name: 'deletebmboxruleheadbyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(boxRuleResource),
});
