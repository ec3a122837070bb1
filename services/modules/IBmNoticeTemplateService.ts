// Message templates (Base.Message.Template; the notice template lookup of spec 001 section 7: page 1,
// size 10, statusCode 1, keyword, noticeType): the title and text one channel (site message, e-mail,
// SMS) sends, with {{placeholders}} filled from the event's values. A template a policy still uses is
// not deleted (10016). Importable and exportable.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { dictionary, keyCode, ORG_NO, ORG_REFERENCE, REMARK, recordName } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';

export const NOTICE_TEMPLATE_MENU = 'Base.Message.Template';

export const noticeTemplateResource = defineResource({
  table: 'bmNoticeTemplate',
  menus: [NOTICE_TEMPLATE_MENU],
  fields: {
    orgNo: ORG_NO,
    noticeTemplateNo: keyCode(),
    noticeTemplateName: recordName(),
    noticeType: dictionary('NOTICE_TYPE', { required: true, default: '1' }),
    noticeTitle: {
      type: 'string',
      write: 'always',
      required: true,
      maxLength: 200,
      keyword: true,
      sortable: true,
    },
    content: { type: 'string', write: 'always', required: true, maxLength: 2000 },
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    noticeTemplateNo: { field: 'noticeTemplateNo', op: 'eq' },
    noticeTemplateNoIndistinct: { field: 'noticeTemplateNo', op: 'contains' },
    noticeTemplateNameIndistinct: { field: 'noticeTemplateName', op: 'contains' },
    noticeType: { field: 'noticeType', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  references: { orgNo: ORG_REFERENCE },
  import: { key: ['orgNo', 'noticeTemplateNo'] },
  defaultSort: { field: 'noticeTemplateNo', order: 'asc' },
  usedBy: [
    {
      table: 'bmNoticePolicy',
      column: 'noticeTemplateNo',
      field: 'noticeTemplateNo',
      with: { orgNo: 'orgNo' },
    },
  ],
});

export const IBmNoticeTemplateService = defineService('IBmNoticeTemplateService', {
  ...standardMethods(noticeTemplateResource, {
    list: 'getbmnoticetemplatelistbyparams',
    get: 'getbmnoticetemplatebyid',
    add: 'addbmnoticetemplate',
    update: 'updatebmnoticetemplatebyid',
    delete: { name: 'deletebmnoticetemplatebyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(noticeTemplateResource),
});
