// Message policies (Base.Message.Policy): which event sends which template to whom in an organisation:
// named users, the users of named roles, the users of named organisations, and (toSupplier) the users
// of the supplier the event's document belongs to (a user of any other supplier never receives, whoever
// is named: services/rules/notices.ts). The event, the template (same organisation), the users and the roles must exist
// and be valid. sendtestnotice sends a policy's template once, with each placeholder showing its own
// name, so an administrator sees who receives what.
// hand-written SQL: receivers are comma-separated users and roles; the test send reads its event

import { AppError } from '../errors.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { keyCode, ORG_NAMED, ORG_NO, REMARK, recordName, yesNo } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import { mustExist } from '../resource/references.js';
import { get, type Row } from '../resource/resource.js';
import { deleteBody } from '../resource/schemas.js';
import { sendNotice } from '../rules/notices.js';

export const NOTICE_POLICY_MENU = 'Base.Message.Policy';

const codes = { type: 'string', write: 'always', maxLength: 1000, sortable: true } as const;

export const noticePolicyResource = defineResource({
  table: 'bmNoticePolicy',
  menus: [NOTICE_POLICY_MENU],
  fields: {
    orgNo: ORG_NO,
    policyNo: keyCode(),
    policyName: recordName(),
    noticeConfigNo: { type: 'string', write: 'always', required: true, maxLength: 32, sortable: true },
    noticeTemplateNo: { type: 'string', write: 'always', required: true, maxLength: 32, sortable: true },
    receiverUsers: codes,
    receiverRoles: codes,
    receiverOrgs: codes,
    toSupplier: yesNo('N'),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    policyNoIndistinct: { field: 'policyNo', op: 'contains' },
    policyNameIndistinct: { field: 'policyName', op: 'contains' },
    noticeConfigNo: { field: 'noticeConfigNo', op: 'eq' },
    noticeTemplateNo: { field: 'noticeTemplateNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  references: {
    orgNo: ORG_NAMED,
    noticeConfigNo: {
      table: 'bmNoticeConfig',
      column: 'noticeConfigNo',
      name: { as: 'noticeConfigName', column: 'noticeConfigName' },
    },
    noticeTemplateNo: {
      table: 'bmNoticeTemplate',
      column: 'noticeTemplateNo',
      with: { orgNo: 'orgNo' },
      name: { as: 'noticeTemplateName', column: 'noticeTemplateName' },
    },
  },
  hooks: { beforeSave: (ctx, row) => checkReceivers(ctx, row) },
  defaultSort: { field: 'policyNo', order: 'asc' },
});

const split = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The named users and roles exist and are valid, and the policy reaches someone. */
async function checkReceivers(ctx: CallContext, row: Row): Promise<void> {
  for (const userNo of split(row.receiverUsers))
    await mustExist(ctx, 'receiverUsers', userNo, (no) =>
      ctx.db
        .selectFrom('sysUser')
        .select('id')
        .where('userNo', '=', no)
        .where('statusCode', '=', '1')
        .executeTakeFirst(),
    );
  for (const roleNo of split(row.receiverRoles))
    await mustExist(ctx, 'receiverRoles', roleNo, (no) =>
      ctx.db
        .selectFrom('sysRole')
        .select('id')
        .where('roleNo', '=', no)
        .where('ownerUserId', 'is', null)
        .where('statusCode', '=', '1')
        .executeTakeFirst(),
    );
  for (const orgNo of split(row.receiverOrgs))
    await mustExist(ctx, 'receiverOrgs', orgNo, (no) =>
      ctx.db
        .selectFrom('bmOrg')
        .select('id')
        .where('orgNo', '=', no)
        .where('statusCode', '=', '1')
        .executeTakeFirst(),
    );
  if (
    !split(row.receiverUsers).length &&
    !split(row.receiverRoles).length &&
    !split(row.receiverOrgs).length &&
    row.toSupplier !== 'Y'
  )
    throw new AppError('invalidValue', {
      field: ctx.t('field.receiverUsers'),
      problem: ctx.t('problem.noReceiver'),
    });
}

export const IBmNoticePolicyService = defineService('IBmNoticePolicyService', {
  ...standardMethods(noticePolicyResource, {
    list: 'getbmnoticepolicylistbyparams',
    get: 'getbmnoticepolicybyid',
    add: 'addbmnoticepolicy',
    update: 'updatebmnoticepolicybyid',
    delete: { name: 'deletebmnoticepolicybyids', flag: 'isPhysicalDelete' },
  }),

  /** Sends each listed policy's template once, placeholders showing their names; answers {sent}. */
  sendtestnotice: defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
    body: deleteBody(),
    resource: noticePolicyResource,
    access: { kind: 'menu', menus: [NOTICE_POLICY_MENU], flag: 'isSubmit' },
    handler: async (ctx, body) => {
      let sent = 0;
      for (const { id } of body.condition.delList) {
        const policy = await get(noticePolicyResource, ctx, id);
        const config = await ctx.db
          .selectFrom('bmNoticeConfig')
          .select('paramList')
          .where('noticeConfigNo', '=', String(policy.noticeConfigNo))
          .executeTakeFirst();
        const params = Object.fromEntries(split(config?.paramList).map((p) => [p, `{${p}}`]));
        sent += await sendNotice(ctx.db, {
          orgNo: String(policy.orgNo),
          noticeConfigNo: String(policy.noticeConfigNo),
          policyNo: String(policy.policyNo),
          params,
          sender: ctx.user?.userName,
        });
      }
      return { sent };
    },
  }),
});
