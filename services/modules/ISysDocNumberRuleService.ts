// Document numbering rules (BaseManage.Config.DocNumber): per document kind, for every organisation
// ('*') or one, the prefix, whether the organisation is part of the number, the date part and the
// length of the sequence (services/document/numbering.ts). A kind without a rule keeps its default.

import { DATE_PARTS } from '../document/numbering.js';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { dictionary, ORG_NAME, REMARK, whole, yesNo } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';

export const DOC_NUMBER_MENU = 'BaseManage.Config.DocNumber';
/** Every organisation: the rule an organisation without its own rule uses. */
export const ANY_ORG = '*';

export const docNumberRuleResource = defineResource({
  table: 'sysDocNumberRule',
  menus: [DOC_NUMBER_MENU],
  fields: {
    docKind: { ...dictionary('DOC_KIND'), write: 'create', required: true },
    orgNo: {
      type: 'string',
      write: 'create',
      maxLength: 32,
      pattern: '^(\\*|[A-Za-z0-9][A-Za-z0-9_-]*)$',
      default: ANY_ORG,
      sortable: true,
    },
    prefix: {
      type: 'string',
      write: 'always',
      maxLength: 10,
      pattern: '^[A-Za-z0-9-]*$',
      default: '',
      keyword: true,
      sortable: true,
    },
    withOrg: yesNo('N'),
    datePart: { type: 'string', write: 'always', enum: DATE_PARTS, default: 'yyyyMMdd', sortable: true },
    seqLength: { ...whole(3, 10), default: 4 },
    statusCode: STATUS_FIELD,
    remark: { ...REMARK, keyword: true },
  },
  filters: {
    docKind: { field: 'docKind', op: 'eq' },
    orgNo: { field: 'orgNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  // A rule for one organisation names an existing one (valid or not); '*' is every organisation.
  references: { orgNo: { table: 'bmOrg', column: 'orgNo', valid: false, except: [ANY_ORG], name: ORG_NAME } },
  defaultSort: { field: 'docKind', order: 'asc' },
});

export const ISysDocNumberRuleService = defineService('ISysDocNumberRuleService', {
  ...standardMethods(docNumberRuleResource, {
    list: 'getSysDocNumberRuleList',
    get: 'getSysDocNumberRuleById',
    add: 'addSysDocNumberRule',
    update: 'updateSysDocNumberRuleById',
    delete: { name: 'deleteSysDocNumberRuleByIds', flag: 'isPhysicalDelete' },
  }),
});
