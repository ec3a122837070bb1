// Keys of the machine clients of the integration API (the buyer's ERP, the WMS): created by an
// administrator, shown once, kept only as a hash, scoped to the entities it may use and the
// organisations it serves, and revoked (with a reason, into the history) when no longer trusted.
// services/integration/ checks them; a key never opens the portal's own calls.
import { createHash, randomBytes } from 'node:crypto';
import { adminOnly } from '../access/admin-only.js';
import { documentMethods } from '../document/methods.js';
import { defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { text } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { addRecord } from '../resource/save.js';
import { addBody } from '../resource/schemas.js';

export const API_KEY_MENU = 'BaseManage.Config.ApiKey';
/** What a key may be allowed: write purchase orders, read the event outbox. */
export const KEY_ENTITIES = ['purchaseOrder', 'event', 'receipt'] as const;

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
    remark: text(255),
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

export const ISysApiKeyService = defineService(
  'ISysApiKeyService',
  adminOnly({
    ...standardMethods(apiKeyResource, {
      list: 'getSysApiKeyList',
      get: 'getSysApiKeyById',
      update: 'updateSysApiKeyById',
    }),
    // The key itself is answered here once (`apiKey`); only its prefix and hash are kept.
    addSysApiKey: defineMethod<{ condition: Record<string, unknown> }>({
      body: addBody(apiKeyResource),
      resource: apiKeyResource,
      audit: 'write',
      access: { kind: 'menu', menus: [API_KEY_MENU], flag: 'isAdd' },
      handler: async (ctx, body) => {
        const prefix = randomBytes(4).toString('hex');
        const apiKey = `srm_${prefix}_${randomBytes(32).toString('base64url')}`;
        const saved = await addRecord(apiKeyResource, ctx, body.condition, {
          keyPrefix: prefix,
          keyHash: hashKey(apiKey),
        });
        return { ...saved, apiKey };
      },
    }),
    ...documentMethods(apiKeyResource, { history: 'getSysApiKeyHistory', define: 'getSysApiKeyDefine' }),
  }),
);
