// Container rules (spec 001 section 3; the box rule lookup of spec 000 sections 3 and 7): how the
// containers of an organisation are numbered and what they may hold. codeTotal is the length of a
// container number the rule makes; packQty how many of an item a box holds (delivery notice labels
// cut a line into boxes of it). Importable and exportable.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import {
  keyCode,
  measure,
  ORG_NO,
  ORG_REFERENCE,
  REMARK,
  recordName,
  yesNo,
} from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';

export const BOX_RULE_MENU = 'Base.Barcode.ContainerRule';

export const boxRuleResource = defineResource({
  table: 'bmBoxRuleHead',
  menus: [BOX_RULE_MENU],
  fields: {
    orgNo: ORG_NO,
    boxRuleNo: keyCode(),
    boxRuleName: recordName(),
    codeTotal: {
      type: 'integer',
      write: 'always',
      required: true,
      minimum: 4,
      maximum: 32,
      default: 10,
      sortable: true,
    },
    // How many of an item one box holds: delivery notice labels cut lines into boxes of it.
    packQty: { ...measure(), minimum: 0.00001 },
    isControlSn: yesNo('N'),
    isMixSku: yesNo('N'),
    isMixLot: yesNo('N'),
    isAutoCreate: yesNo('N'),
    isRecycle: yesNo('N'),
    statusCode: STATUS_FIELD,
    remark: REMARK,
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
  references: { orgNo: ORG_REFERENCE },
  import: { key: ['orgNo', 'boxRuleNo'] },
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
