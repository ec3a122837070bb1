// Message templates (Base.Message.Template; the notice template lookup of spec 001 section 7: page 1,
// size 10, statusCode 1, keyword, noticeType): the title and text one channel (site message, e-mail,
// SMS) sends, with {{placeholders}} filled from the event's values. A template a policy still uses is
// not deleted (10016). Importable and exportable.
import { AppError } from '../errors.js';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { standardMethods } from '../resource/methods.js';
import { ORG_REFERENCE, STATUS_FIELD } from '../resource/patterns.js';
import { codeField, dictionaryField, nameField, ORG_FIELD, REMARK_FIELD } from '../rules/fields.js';

export const NOTICE_TEMPLATE_MENU = 'Base.Message.Template';

export const noticeTemplateResource = defineResource({
  table: 'bmNoticeTemplate',
  menus: [NOTICE_TEMPLATE_MENU],
  fields: {
    orgNo: ORG_FIELD,
    noticeTemplateNo: codeField(),
    noticeTemplateName: nameField(),
    noticeType: dictionaryField('NOTICE_TYPE', ['1', '2', '3'], { required: true, default: '1' }),
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
    remark: REMARK_FIELD,
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
  import: { key: ['orgNo', 'noticeTemplateNo'], references: { orgNo: ORG_REFERENCE } },
  defaultSort: { field: 'noticeTemplateNo', order: 'asc' },
});

export const IBmNoticeTemplateService = defineService('IBmNoticeTemplateService', {
  ...standardMethods(noticeTemplateResource, {
    list: 'getbmnoticetemplatelistbyparams',
    get: 'getbmnoticetemplatebyid',
    add: 'addbmnoticetemplate',
    update: 'updatebmnoticetemplatebyid',
    delete: { name: 'deletebmnoticetemplatebyids', flag: 'isPhysicalDelete' },
    beforeDelete: async (ctx, rows) => {
      for (const row of rows) {
        const used = await ctx.db
          .selectFrom('bmNoticePolicy')
          .select('id')
          .where('orgNo', '=', String(row.orgNo))
          .where('noticeTemplateNo', '=', String(row.noticeTemplateNo))
          .executeTakeFirst();
        if (used) throw new AppError('inUse');
      }
    },
  }),
  ...exportMethods(noticeTemplateResource),
});
