// Keys of the machine clients of the integration API (the buyer's ERP, the WMS): created by an
// administrator, shown once, kept only as a hash, scoped to the entities it may use and the
// organisations it serves, and revoked (with a reason, into the history) when no longer trusted.
// services/integration/ checks them; a key never opens the portal's own calls.
//
// A key allowed to read events may name a webhook address: the events of its organisations are then
// also posted there (services/integration/webhooks.ts), signed with a secret the server makes. The
// secret is answered once, by the add or update that makes it (an address set for the first time, or
// `newWebhookSecret`); the key's own calls never answer it again. An address set anew hears the events
// from then on, not the history.
// hand-written SQL: an update reads the stored address and secret first (the resource layer never
// answers the secret), to know whether to make a new one.
import { createHash, randomBytes } from 'node:crypto';
import { adminOnly } from '../access/admin-only.js';
import { documentMethods } from '../document/methods.js';
import { lastEventId, newWebhookSecret } from '../integration/webhooks.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { text } from '../resource/field-kinds.js';
import { invalid } from '../resource/hooks.js';
import { standardMethods } from '../resource/methods.js';
import type { Row } from '../resource/resource.js';
import { addRecord, updateRecord } from '../resource/save.js';
import { addBody, updateBody } from '../resource/schemas.js';

export const API_KEY_MENU = 'BaseManage.Config.ApiKey';
/**
 * What a key may be allowed: write purchase orders, read the event outbox, write receipts (and read the
 * notices to expect), write VMI and escrow stock.
 */
export const KEY_ENTITIES = ['purchaseOrder', 'event', 'receipt', 'stock'] as const;

/** A key's SHA-256, as stored: a key is 32 random bytes, so no slow hash is needed to keep it safe. */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const apiKeyResource = defineResource({
  table: 'sysApiKey',
  menus: [API_KEY_MENU],
  fields: {
    keyName: text(60, { required: true, keyword: true, write: 'create' }),
    keyPrefix: { type: 'string', sortable: true, keyword: true },
    entities: text(200, {
      required: true,
      pattern: `^(${KEY_ENTITIES.join('|')})(,(${KEY_ENTITIES.join('|')}))*$`,
    }),
    orgNos: text(500, { required: true, pattern: '^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$' }),
    statusCode: { type: 'string', enum: ['0', '1'], sortable: true, dictionary: 'API_KEY_STATUS' },
    lastReason: { type: 'string', sortable: true },
    lastUsed: { type: 'datetime', sortable: true },
    requestCount: { type: 'integer', sortable: true },
    webhookUrl: text(500),
    remark: text(255),
  },
  hooks: {
    beforeSave: (ctx, row) => {
      if (!row.webhookUrl) return;
      if (!webhookAddress(String(row.webhookUrl))) throw invalid(ctx, 'webhookUrl', 'problem.webhookUrl');
      if (
        !String(row.entities ?? '')
          .split(',')
          .includes('event')
      )
        throw invalid(ctx, 'webhookUrl', 'problem.webhookNeedsEvents');
    },
  },
  filters: {
    keyName: { field: 'keyName', op: 'contains' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  defaultSort: { field: 'createDate', order: 'desc' },
  document: {
    kind: 'apiKey',
    label: 'document.apiKey',
    statusField: 'statusCode',
    initial: '1',
    nameFields: ['keyName'],
    reasonField: 'lastReason',
    editableIn: ['1'],
    states: {
      '1': { label: 'enum.API_KEY_STATUS.1', color: 'success' },
      '0': { label: 'enum.API_KEY_STATUS.0', color: 'error' },
    },
    transitions: {
      revoke: {
        method: 'revokeSysApiKey',
        from: ['1'],
        to: '0',
        flag: 'isClose',
        sides: ['purchaser'],
        reason: 'required',
      },
    },
  },
});

/** An http(s) address without a user or password in it; false for anything else. */
function webhookAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * The webhook columns a save writes beside the sent fields, and the secret to answer once: a new secret
 * when an address is set where there was none or `rotate` asks for one, none when the address goes;
 * an address new or changed hears the events after the outbox's last one.
 */
async function webhookColumns(
  ctx: CallContext,
  before: { webhookUrl: string | null; webhookSecret: string | null } | undefined,
  nextUrl: string | null,
  rotate: boolean,
): Promise<{ own: Row; secret?: string }> {
  if (!nextUrl) return { own: { webhookSecret: null } };
  const own: Row = {};
  if (nextUrl !== before?.webhookUrl) own.webhookFrom = await lastEventId(ctx.db);
  if (before?.webhookSecret && !rotate) return { own };
  const secret = newWebhookSecret();
  return { own: { ...own, webhookSecret: secret }, secret };
}

const updateKeyBody = updateBody(apiKeyResource) as { properties: { condition: { properties: Row } } };
// The modify page's checkbox (Y or N): make a new signing secret.
updateKeyBody.properties.condition.properties.newWebhookSecret = {
  type: ['string', 'null'],
  enum: ['Y', 'N', null],
};

export const ISysApiKeyService = defineService(
  'ISysApiKeyService',
  adminOnly({
    ...standardMethods(apiKeyResource, {
      list: 'getSysApiKeyList',
      get: 'getSysApiKeyById',
    }),
    // A new webhook secret is answered here once (`webhookSecret`).
    updateSysApiKeyById: defineMethod<{
      condition: Row & { id: string; version: number; newWebhookSecret?: 'Y' | 'N' | null };
    }>({
      body: updateKeyBody,
      resource: apiKeyResource,
      audit: 'write',
      access: { kind: 'menu', menus: [API_KEY_MENU], flag: 'isModify' },
      handler: async (ctx, body) => {
        const { newWebhookSecret: rotate, ...payload } = body.condition;
        const before = await ctx.db
          .selectFrom('sysApiKey')
          .select(['webhookUrl', 'webhookSecret'])
          .where('id', '=', payload.id)
          .executeTakeFirst();
        const nextUrl =
          'webhookUrl' in payload ? (payload.webhookUrl as string | null) : (before?.webhookUrl ?? null);
        const { own, secret } = await webhookColumns(ctx, before, nextUrl || null, rotate === 'Y');
        const saved = await updateRecord(apiKeyResource, ctx, payload, own);
        return secret ? { ...saved, webhookSecret: secret } : saved;
      },
    }),
    // The key itself is answered here once (`apiKey`), with the webhook's secret when it names an
    // address (`webhookSecret`); only the key's prefix and hash are kept.
    addSysApiKey: defineMethod<{ condition: Record<string, unknown> }>({
      body: addBody(apiKeyResource),
      resource: apiKeyResource,
      audit: 'write',
      access: { kind: 'menu', menus: [API_KEY_MENU], flag: 'isAdd' },
      handler: async (ctx, body) => {
        const prefix = randomBytes(4).toString('hex');
        const apiKey = `srm_${prefix}_${randomBytes(32).toString('base64url')}`;
        const url = (body.condition.webhookUrl as string | null | undefined) || null;
        const { own, secret } = await webhookColumns(ctx, undefined, url, false);
        const saved = await addRecord(apiKeyResource, ctx, body.condition, {
          ...own,
          keyPrefix: prefix,
          keyHash: hashKey(apiKey),
        });
        return { ...saved, apiKey, ...(secret ? { webhookSecret: secret } : {}) };
      },
    }),
    ...documentMethods(apiKeyResource, { history: 'getSysApiKeyHistory', define: 'getSysApiKeyDefine' }),
  }),
);
