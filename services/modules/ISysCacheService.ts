// The cache screen (spec 001: key, ttl in hours, type, value; BaseManage.Monitor.Cache). Nothing
// another instance needs lives in process memory, so the cache is the database table sys_cache: values
// the server computes once and reuses until their ttl ends or their source changes (today the
// parameter values clients read with getValueByParamNo). An administrator views the entries, clears
// one or clears all; the next read computes the value again.
// hand-written SQL: clears the whole cache table at once
import { adminOnly } from '../access/admin-only.js';
import { defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { standardMethods } from '../resource/methods.js';

export const CACHE_MENU = 'BaseManage.Monitor.Cache';

export const cacheResource = defineResource({
  table: 'sysCache',
  menus: [CACHE_MENU],
  fields: {
    cacheKey: { type: 'string', keyword: true, sortable: true },
    cacheType: { type: 'string', keyword: true, sortable: true },
    cacheValue: { type: 'string', keyword: true },
    ttl: { type: 'integer', sortable: true },
    expireDate: { type: 'datetime', sortable: true },
    hits: { type: 'integer', sortable: true },
  },
  filters: {
    cacheType: { field: 'cacheType', op: 'eq' },
    cacheKeyIndistinct: { field: 'cacheKey', op: 'contains' },
  },
  defaultSort: { field: 'updateDate', order: 'desc' },
});

const standard = standardMethods(cacheResource, {
  list: 'getsyscachelist',
  delete: { name: 'deletesyscachebyids', flag: 'isDelete' },
});

export const ISysCacheService = defineService(
  'ISysCacheService',
  adminOnly({
    // Clear one: deletesyscachebyids with the version the list showed.
    ...standard,
    clearsyscache: defineMethod({
      body: { type: 'object', properties: { condition: { type: ['object', 'null'] } } },
      access: { kind: 'menu', menus: [CACHE_MENU], flag: 'isDelete' },
      audit: 'write',
      handler: async (ctx) => {
        const r = await ctx.db.deleteFrom('sysCache').executeTakeFirst();
        return { deleted: Number(r.numDeletedRows) };
      },
    }),
  }),
);
