// The dashboard's calls (spec 001 sections 2 and 7): the caller's pending work ("my schedule", page 1
// of 5 by default), the orders and lines of the last 12 months, and the figures of its order lines and
// delivery notices. All read through the data scope (services/rules/dashboard.ts).
import { defineMethod, defineService } from '../registry.js';
import { keyFigures, mySchedule, purchaseCountsByMonth, type ScheduleCondition } from '../rules/dashboard.js';

export const DASHBOARD_MENU = 'Index.Dashboard';
export const MY_SCHEDULE_MENU = 'Index.MySchedule.List';
const access = { kind: 'menu', menus: [DASHBOARD_MENU, MY_SCHEDULE_MENU], flag: 'isSearch' } as const;

const noCondition = {
  type: 'object',
  properties: { condition: { type: ['object', 'null'], additionalProperties: false, properties: {} } },
};

export const ISupSrmIndexService = defineService('ISupSrmIndexService', {
  mySchedulePage: defineMethod<{ current?: number; size?: number; condition?: ScheduleCondition | null }>({
    body: {
      type: 'object',
      properties: {
        current: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
        size: { type: 'integer', minimum: 1, maximum: 100, default: 5 },
        condition: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: {
            keyword: { type: ['string', 'null'], maxLength: 100 },
            scheduleDate: { type: ['string', 'null'], format: 'date' },
          },
        },
      },
    },
    access,
    audit: 'read',
    handler: (ctx, body) => mySchedule(ctx, body.condition ?? {}, body.current ?? 1, body.size ?? 5),
  }),
  purCountPreMouth: defineMethod({
    body: noCondition,
    access,
    audit: 'read',
    handler: (ctx) => purchaseCountsByMonth(ctx),
  }),
  getKeyFigures: defineMethod({
    body: noCondition,
    access,
    audit: 'read',
    handler: (ctx) => keyFigures(ctx),
  }),
});
