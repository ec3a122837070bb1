// Message configuration (Base.Message.Config): the business events that can send messages, with the
// values each offers to templates (paramList, the {{placeholders}} a template may use). The product's
// events are seeded; an administrator may switch one off (then nothing is sent for it) or add events
// for integrations. An event a policy still uses is not deleted (10016).

import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { dictionary, keyCode, REMARK, recordName } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';

export const NOTICE_CONFIG_MENU = 'Base.Message.Config';

export const noticeConfigResource = defineResource({
  table: 'bmNoticeConfig',
  menus: [NOTICE_CONFIG_MENU],
  fields: {
    noticeConfigNo: keyCode(),
    noticeConfigName: recordName(),
    bigModule: dictionary('NOTICE_MODULE', {
      required: true,
    }),
    paramList: {
      type: 'string',
      write: 'always',
      maxLength: 500,
      pattern: '^[A-Za-z][A-Za-z0-9]*( *, *[A-Za-z][A-Za-z0-9]*)*$',
      patternProblem: 'problem.paramList',
      sortable: true,
    },
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    noticeConfigNoIndistinct: { field: 'noticeConfigNo', op: 'contains' },
    noticeConfigNameIndistinct: { field: 'noticeConfigName', op: 'contains' },
    bigModule: { field: 'bigModule', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  defaultSort: { field: 'noticeConfigNo', order: 'asc' },
});

export const IBmNoticeConfigService = defineService('IBmNoticeConfigService', {
  ...standardMethods(noticeConfigResource, {
    list: 'getbmnoticeconfiglistbyparams',
    get: 'getbmnoticeconfigbyid',
    add: 'addbmnoticeconfig',
    update: 'updatebmnoticeconfigbyid',
    delete: { name: 'deletebmnoticeconfigbyids', flag: 'isPhysicalDelete' },
  }),
});
