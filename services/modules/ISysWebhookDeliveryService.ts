// The webhook delivery log (BaseManage.Config.WebhookLog): every posting of an outbox event to a key's
// webhook (services/integration/webhooks.ts), waiting, delivered or given up, with its attempts and the
// last answer or error. An administrator resends deliveries that were delivered or given up: the
// resend is a transition (into the history, with who did it) back to waiting, due at once, with its
// attempts counted from nought again.
// hand-written SQL: the resend's effect sets the attempts back to nought (no stamp of the declaration
// writes a number).
import { adminOnly } from '../access/admin-only.js';
import type { Effect } from '../document/define.js';
import { documentMethods } from '../document/methods.js';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { ORG_NAMED } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';

export const WEBHOOK_LOG_MENU = 'BaseManage.Config.WebhookLog';

/** A resent delivery starts its attempts again. */
const attemptsAgain: Effect = async (ctx, rows) => {
  await ctx.db
    .updateTable('intWebhookDelivery')
    .set({ attempts: 0 })
    .where(
      'id',
      'in',
      rows.map((r) => String(r.id)),
    )
    .execute();
};

export const webhookDeliveryResource = defineResource({
  table: 'intWebhookDelivery',
  menus: [WEBHOOK_LOG_MENU],
  scope: { org: 'orgNo' },
  references: { orgNo: ORG_NAMED },
  fields: {
    keyName: { type: 'string', sortable: true, keyword: true },
    event: { type: 'string', sortable: true, keyword: true },
    docKind: { type: 'string', sortable: true },
    docNo: { type: 'string', sortable: true, keyword: true },
    orgNo: { type: 'string', sortable: true },
    statusCode: { type: 'string', enum: ['0', '1', '2'], sortable: true, dictionary: 'WEBHOOK_STATUS' },
    attempts: { type: 'integer', sortable: true },
    nextAt: { type: 'datetime', sortable: true },
    lastStatus: { type: 'integer', sortable: true },
    lastError: { type: 'string' },
    lastMs: { type: 'integer', sortable: true },
    deliveredAt: { type: 'datetime', sortable: true },
    lastReason: { type: 'string' },
  },
  filters: {
    keyName: { field: 'keyName', op: 'contains' },
    event: { field: 'event', op: 'contains' },
    docNo: { field: 'docNo', op: 'contains' },
    statusCode: { field: 'statusCode', op: 'eq' },
    createDateFrom: { field: 'createDate', op: 'gte' },
    createDateTo: { field: 'createDate', op: 'lte' },
  },
  defaultSort: { field: 'createDate', order: 'desc' },
  document: {
    kind: 'webhookDelivery',
    label: 'document.webhookDelivery',
    statusField: 'statusCode',
    initial: '0',
    nameFields: ['keyName', 'event', 'docNo'],
    reasonField: 'lastReason',
    states: {
      '0': { label: 'enum.WEBHOOK_STATUS.0', color: 'processing' },
      '1': { label: 'enum.WEBHOOK_STATUS.1', color: 'success' },
      '2': { label: 'enum.WEBHOOK_STATUS.2', color: 'error' },
    },
    transitions: {
      resend: {
        method: 'resendWebhookDelivery',
        from: ['1', '2'],
        to: '0',
        flag: 'isSubmit',
        sides: ['purchaser'],
        reason: 'optional',
        stamp: { nextAt: 'now' },
        effects: [attemptsAgain],
      },
    },
  },
});

export const ISysWebhookDeliveryService = defineService(
  'ISysWebhookDeliveryService',
  adminOnly({
    ...standardMethods(webhookDeliveryResource, {
      list: 'getWebhookDeliveryList',
      get: 'getWebhookDeliveryById',
    }),
    ...documentMethods(webhookDeliveryResource, {
      history: 'getWebhookDeliveryHistory',
      define: 'getWebhookDeliveryDefine',
    }),
  }),
);
