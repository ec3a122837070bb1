// "Sync latest" on the order lists (ISupSrmPurchaseService/syncLatestInfo) and "Stock sync" on the VMI
// query (ISupSrmVmiService/syncLatestInfo): asks the ERP for the latest data of one entity (orders,
// stock) of the caller's organisations (a supplier's user: of its own supplier) through the outbox, and
// answers when the ERP last fed each of them (services/integration/feed.ts).
// hand-written SQL: an administrator's organisations are every organisation, read in one query
import { type FedEntity, requestSync } from '../integration/feed.js';
import { defineMethod, type MenuFlag } from '../registry.js';

/** The method, for the menus (`menus`) of the lists of `entity`, under their flag `flag`. */
export const syncLatestInfo = (
  menus: readonly string[],
  entity: FedEntity = 'purchaseOrder',
  flag: MenuFlag = 'isSearch',
) =>
  defineMethod<{ condition?: { entity?: FedEntity } | null }>({
    body: {
      type: 'object',
      properties: {
        condition: {
          type: ['object', 'null'],
          additionalProperties: false,
          // The list's dialog sends the rows it has selected (none): they are not read.
          properties: {
            entity: { type: 'string', enum: [entity] },
            rows: { type: 'array', maxItems: 0 },
          },
        },
      },
    },
    access: { kind: 'menu', menus: [...menus], flag },
    handler: async (ctx, body) => {
      const user = ctx.user!;
      const orgs = user.scope.all
        ? (await ctx.db.selectFrom('bmOrg').select('orgNo').execute()).map((o) => o.orgNo)
        : user.scope.orgs;
      const answer = await requestSync(ctx.db, {
        entity: body.condition?.entity ?? entity,
        orgs,
        supplierNo: user.scope.supplierNo,
        userNo: user.userNo,
      });
      // `count`: the requests written, which the list's dialog reports.
      return { ...answer, count: answer.requested.length };
    },
  });
