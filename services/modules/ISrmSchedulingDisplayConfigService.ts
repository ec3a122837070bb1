// The schedule screens' common setting (spec 001 section 7): how many days a monthly plan shows
// (monthPlanDays, default 2), kept as the system parameter MONTH_PLAN_DAYS (services/system/params.ts)
// so administrators change it on Base management → Parameters.
import { defineMethod, defineService } from '../registry.js';
import { MONTH_PLAN_DAYS, numberParam } from '../system/params.js';

export const ISrmSchedulingDisplayConfigService = defineService('ISrmSchedulingDisplayConfigService', {
  // Any logged-in user: every schedule screen of both sides reads it.
  getCommonSetting: defineMethod({
    body: { type: 'object', properties: { condition: { type: ['object', 'null'] } } },
    access: { kind: 'user' },
    handler: async (ctx) => ({ monthPlanDays: await numberParam(ctx.db, MONTH_PLAN_DAYS) }),
  }),
});
